//! One-pass phrase matching (aho-corasick over every term's phrases, exact and stemmed) plus regex patterns, longest match per field.
use super::dense::Adaptive;
use super::stem::{self, StemmedText};
use super::text::{fold, is_word_char};
use crate::vocab::Vocabulary;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use anyhow::{Context, Result};
use regex::Regex;
use std::collections::{BTreeMap, HashMap};

/// Fields the normaliser fills, in the order labels are reported.
pub const LABEL_FIELDS: [&str; 5] = [
    "symptoms",
    "root_cause",
    "contributing",
    "components",
    "domain",
];

/// Extra key in a term's table: a multiplier on the confidence of its mentions (default 1).
const WEIGHT_KEY: &str = "weight";
/// Extra key in a term's table: per language, longer words or contexts that contain one of the
/// term's phrases but mean something else (`[terms.data-loss.exclude] ja = ["電源喪失"]`); a
/// mention inside one of them is no mention.
const EXCLUDE_KEY: &str = "exclude";
/// Extra key in a term's table: per language, words that, in the mention's sentence, say the
/// thing worked or is not this incident's ("thanks to our redundancy"): the mention is negated.
const CANCEL_KEY: &str = "cancel";
/// Extra key in a term's table: another term of its field that a mention its cancel words
/// cancel counts for instead (a total outage limited by its own sentence to some users or
/// regions, "la panne … chez certains clients", is evidence of a partial outage, not of none).
const CANCEL_TO_KEY: &str = "cancel_to";
/// Extra key in a term's table: per language, words one of which the mention's sentence must
/// hold for the mention to count ("manually" is manual toil only next to a repair or recovery
/// word: staff serving customers by hand while systems are down is not).
const CONTEXT_KEY: &str = "context";
/// Extra key in a term's table: per language, phrases that name the term only loosely ("일부",
/// "affected", "some of the", "节点"): matched like phrases, but each mention counts for
/// [`WEAK_FACTOR`] of a phrase's confidence and is never a strong mention, so one passing use
/// in a page is not enough for the term and a page that keeps saying it is.
const WEAK_KEY: &str = "weak";
/// Multiplier on the confidence of a mention found by a weak phrase.
pub const WEAK_FACTOR: f32 = 0.5;
/// Extra key in a term's table: per language, words for the remedy the term lacked
/// (`[terms.single-point-of-failure.planned] ja = ["冗長化"]`): a follow-up plan to add it
/// ("再発防止策: 故障箇所の冗長化", "Action items: add redundancy to …") tells that it was
/// missing, so a mention in the action items counts as affirmed, and one elsewhere ("links to
/// ensure redundancy") is no mention.
const PLANNED_KEY: &str = "planned";

/// What a phrase or pattern stands for.
#[derive(Debug, Clone)]
pub struct Entry {
    pub field: usize,
    pub term: String,
    pub lang: String,
    /// The phrase or pattern as the curator wrote it.
    pub source: String,
    pub is_pattern: bool,
    pub weight: f32,
    /// Found by one of the term's weak phrases (its weight already holds [`WEAK_FACTOR`]).
    pub weak: bool,
    /// Found by one of the term's `planned` words: counts only inside a plan (see [`PLANNED_KEY`]).
    pub planned: bool,
    left: bool,
    right: bool,
    /// Index into `Matcher::terms` (the term's exclusions and cancel words).
    pub term_idx: usize,
    /// The phrase's words (folded), to check a stemmed match word by word.
    words: Vec<String>,
    /// For each of `words`: whether its stem is too short to match an inflected form (worked
    /// out once, the first time a stemmed match needs it).
    short_stems: std::sync::OnceLock<Vec<bool>>,
    /// The phrase as its automaton searches it (folded; empty for a pattern).
    phrase: String,
    /// Whether none of the term's exclusions holds `phrase`, and whether none holds its first
    /// word (worked out the first time a mention of it is checked; see [`Matcher::excluded`]).
    exclusion_free: std::sync::OnceLock<(bool, bool)>,
}

impl Entry {
    /// Which of the phrase's words have a stem shorter than [`MIN_STEM_CHARS`] under `algo`.
    fn short_stems(&self, algo: rust_stemmers::Algorithm) -> &[bool] {
        self.short_stems.get_or_init(|| {
            self.words
                .iter()
                .map(|p| stem::with_stem(p, algo, |s| s.chars().count()) < MIN_STEM_CHARS)
                .collect()
        })
    }
}

/// Language whose compounds are written both spaced and solid ("웹 서버", "웹서버").
const SOLID_COMPOUND_LANG: &str = "ko";

/// Folded phrase `f` with the spaces between two Hangul syllables taken out, when it has any.
fn solid_compound(f: &str) -> Option<String> {
    let hangul = |c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c);
    let chars: Vec<char> = f.chars().collect();
    let mut out = String::with_capacity(f.len());
    let mut changed = false;
    for (i, &c) in chars.iter().enumerate() {
        let joins = c == ' '
            && i > 0
            && chars.get(i + 1).is_some_and(|&n| hangul(n))
            && hangul(chars[i - 1]);
        if joins {
            changed = true;
        } else {
            out.push(c);
        }
    }
    changed.then_some(out)
}

/// A Korean verb stem that closes a phrase, and the syllables it contracts to before the past
/// and linking endings ("늦어지" → "늦어졌다", "늦어져"; "지연되" → "지연됐다"; "발생하" →
/// "발생했다"): the phrase is written with the stem, the text with the contraction.
const KOREAN_CONTRACTIONS: [(char, [char; 2]); 3] = [
    ('지', ['졌', '져']),
    ('되', ['됐', '돼']),
    ('하', ['했', '해']),
];

/// Folded Korean phrase `f` with its closing verb stem contracted, when it closes with one
/// after another Hangul syllable.
fn korean_contractions(f: &str) -> Vec<String> {
    let hangul = |c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c);
    let mut chars = f.chars().rev();
    let (Some(last), Some(before)) = (chars.next(), chars.next()) else {
        return Vec::new();
    };
    if !hangul(before) {
        return Vec::new();
    }
    let stem = &f[..f.len() - last.len_utf8()];
    KOREAN_CONTRACTIONS
        .iter()
        .filter(|(s, _)| *s == last)
        .flat_map(|(_, to)| to.iter().map(move |c| format!("{stem}{c}")))
        .collect()
}

/// Bytes of folded text per mention that [`Matcher::find`] makes room for at first.
const FOLDED_BYTES_PER_MENTION: usize = 32;

/// A word whose stem is shorter than this must match exactly ("ups" is not "up").
const MIN_STEM_CHARS: usize = 4;

/// The words (runs of spaced-script word chars) of folded text.
fn words_of(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
}

/// German umlauts and ß as the stemmer reads them, for the prefix check.
fn plain_char(c: char) -> char {
    match c {
        'ä' => 'a',
        'ö' => 'o',
        'ü' => 'u',
        'ß' => 's',
        c => c,
    }
}

/// Whether a stemmed match is an inflection of the phrase, word by word: the text's word begins
/// with the phrase's ("outage"/"outages", "crash"/"crashed"), and short stems match exactly.
/// Stems alone conflate too much ("scheduler"/"scheduled", "operator"/"operations"), and a
/// plural phrase word ("dates") must not match the bare word ("date").
fn inflection_of(entry: &Entry, text: &str, algo: rust_stemmers::Algorithm) -> bool {
    // Word by word without collecting the text's words: as many words as the phrase, each the
    // phrase's word or (for a long enough stem) begun by it.
    let mut tw = words_of(text);
    let mut short = None;
    for (i, p) in entry.words.iter().enumerate() {
        let Some(t) = tw.next() else {
            return false;
        };
        if p == t {
            continue;
        }
        if short.get_or_insert_with(|| entry.short_stems(algo))[i] {
            return false;
        }
        // Char by char with umlauts made plain: the text word starts with the phrase word.
        let mut tc = t.chars().map(plain_char);
        if !p.chars().map(plain_char).all(|pc| tc.next() == Some(pc)) {
            return false;
        }
    }
    tw.next().is_none()
}

/// Per-term data beyond phrases: folded exclusion contexts and cancel words (every language).
#[derive(Debug, Clone, Default)]
pub struct TermData {
    pub exclude: Vec<String>,
    pub cancel: Vec<(String, bool, bool)>,
    /// The term of the same field a mention cancelled by `cancel` counts for instead, if any.
    pub cancel_to: Option<String>,
    /// That term's exclusion contexts, folded ("部分恢复", "일부 언론"): a cancel word inside one
    /// of them in the sentence says nothing of the scope, so the mention is only cancelled.
    pub cancel_to_not: Vec<String>,
    /// Words one of which the mention's sentence must hold (none: every sentence will do).
    pub context: Vec<(String, bool, bool)>,
    /// The longest of `exclude`, in bytes (worked out once: a term may have a hundred
    /// exclusions over nine languages, and every mention of it asks).
    exclude_longest: usize,
    /// Each list above in one automaton, built the first time it is needed: a sentence or
    /// window that holds none of the words is passed over with one search instead of one per
    /// word (a term may have dozens of cancel words in nine languages).
    any: [std::sync::OnceLock<Option<AhoCorasick>>; 3],
}

/// Which of a term's word lists [`TermData::may_hold`] searches for.
#[derive(Debug, Clone, Copy)]
pub enum TermWords {
    Exclude = 0,
    Cancel = 1,
    Context = 2,
}

impl TermData {
    /// Whether `hay` may hold one of the term's `which` words: false only when none of them
    /// occurs in it at all (each word's own search, boundaries and order decide the rest).
    pub fn may_hold(&self, which: TermWords, hay: &[u8]) -> bool {
        self.any_of(which).is_none_or(|ac| ac.is_match(hay))
    }

    /// The automaton over one word list (None when it cannot be built: then every text may hold one).
    fn any_of(&self, which: TermWords) -> Option<&AhoCorasick> {
        self.any[which as usize]
            .get_or_init(|| {
                let words: Vec<&str> = match which {
                    TermWords::Exclude => self.exclude.iter().map(String::as_str).collect(),
                    TermWords::Cancel => self.cancel.iter().map(|w| w.0.as_str()).collect(),
                    TermWords::Context => self.context.iter().map(|w| w.0.as_str()).collect(),
                };
                // The compact NFA: the crate would pick a DFA for so few words, which takes a
                // few hundred KB per list (tens of MB over every term and language).
                // Exclusions are searched for every occurrence (overlapping: the standard match
                // kind); cancel and context words only for whether any occurs, which any match
                // kind answers alike, and leftmost-first lets the crate use its SIMD (packed)
                // prefilter, which it builds for no standard automaton.
                let kind = match which {
                    TermWords::Exclude => aho_corasick::MatchKind::Standard,
                    TermWords::Cancel | TermWords::Context => {
                        aho_corasick::MatchKind::LeftmostFirst
                    }
                };
                AhoCorasick::builder()
                    .match_kind(kind)
                    .kind(Some(AhoCorasickKind::ContiguousNFA))
                    .build(words)
                    .ok()
            })
            .as_ref()
    }

    /// Whether one of the exclusion contexts occurs over the whole byte range `[start, end)`
    /// of folded `b` (any occurrence, overlapping ones too).
    fn exclusion_may_cover(&self, b: &[u8], start: usize, end: usize) -> bool {
        let Some(ac) = self.any_of(TermWords::Exclude) else {
            return true;
        };
        let longest = self.exclude_longest;
        // Every occurrence that holds the mention lies inside this window.
        let lo = end.saturating_sub(longest);
        let hi = (start + longest).min(b.len());
        if lo >= hi {
            return false;
        }
        ac.find_overlapping_iter(&b[lo..hi])
            .any(|m| lo + m.start() <= start && end <= lo + m.end())
    }
}

/// Texts a phrase automaton searches before it becomes a DFA (see [`Adaptive`]): the DFA of a
/// language's phrases and the lingua franca's costs about as much to build as labelling a
/// thousand seed cases saves with it, and takes a few MB.
const DENSE_AFTER: usize = 1_000;

/// The phrases of one stemmed language, stemmed, in one automaton.
#[derive(Debug, Clone)]
struct StemSet {
    lang: String,
    algo: rust_stemmers::Algorithm,
    ac: Adaptive,
    by_phrase: Vec<Vec<usize>>,
}

/// A phrase or pattern found in folded text.
#[derive(Debug, Clone)]
pub struct Mention {
    pub start: usize,
    pub end: usize,
    pub entry: usize,
}

/// A label pattern, compiled the first time a text holds one of the literals every match of it
/// starts with (at its first use when it has no such literals): most texts never need it, and
/// compiling a pattern like `[^.\n]{0,40}` costs more than labelling a sentence.
#[derive(Debug, Clone)]
struct LazyPattern {
    source: String,
    /// The literals every match begins with; None when they are not a small finite set.
    starts: Option<Starts>,
    compiled: std::sync::OnceLock<Option<Regex>>,
}

impl LazyPattern {
    fn new(source: &str) -> Self {
        LazyPattern {
            source: source.to_string(),
            starts: match_starts(source),
            compiled: std::sync::OnceLock::new(),
        }
    }

    /// The compiled pattern when `folded` may hold a match; None when it cannot (or the
    /// pattern does not compile, which is logged once).
    fn for_text(&self, folded: &str) -> Option<&Regex> {
        if self.starts.as_ref().is_some_and(|a| !a.occur_in(folded)) {
            return None;
        }
        self.compiled
            .get_or_init(|| match Regex::new(&self.source) {
                Ok(re) => Some(re),
                Err(e) => {
                    tracing::error!(
                        "label pattern {:?} does not compile ({e}); it finds nothing",
                        self.source
                    );
                    None
                }
            })
            .as_ref()
    }
}

/// A label pattern's start literals, searched for whether any of them occurs.
#[derive(Debug, Clone)]
enum Starts {
    /// Several literals: the crate's SIMD searcher for small literal sets (Teddy). The
    /// automaton would pick a byte prefilter for most patterns' sets ("sign", "log": every
    /// 's' or 'l' of prose is a candidate to check).
    Packed(aho_corasick::packed::Searcher),
    /// One literal (the automaton searches it with `memmem`), or a set the packed searcher
    /// does not take.
    Automaton(AhoCorasick),
}

impl Starts {
    fn occur_in(&self, hay: &str) -> bool {
        match self {
            Starts::Packed(s) => s.find(hay).is_some(),
            Starts::Automaton(a) => a.is_match(hay),
        }
    }
}

/// The literals (prefixes) every match of pattern `p` starts with, as one searcher; None when
/// they are not a finite set of non-empty strings (then every text needs the pattern).
fn match_starts(p: &str) -> Option<Starts> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    let hir = regex_syntax::Parser::new().parse(p).ok()?;
    let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
    let lits = seq.literals()?;
    if lits.is_empty() || lits.iter().any(|l| l.as_bytes().is_empty()) {
        return None;
    }
    // Only asked whether any literal occurs, which every match kind answers alike (the packed
    // searcher takes leftmost-first).
    if lits.len() > 1 {
        let packed = aho_corasick::packed::Config::new()
            .match_kind(aho_corasick::packed::MatchKind::LeftmostFirst)
            .builder()
            .extend(lits.iter().map(|l| l.as_bytes()))
            .build();
        if let Some(s) = packed {
            return Some(Starts::Packed(s));
        }
    }
    AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostFirst)
        .build(lits.iter().map(|l| l.as_bytes()))
        .ok()
        .map(Starts::Automaton)
}

/// Every phrase of every label field in one automaton (a DFA), and the compiled patterns.
#[derive(Debug, Clone)]
pub struct Matcher {
    /// The phrases (a DFA once the run has searched enough texts, see [`DENSE_AFTER`]).
    ac: Option<Adaptive>,
    /// Automaton pattern id → entries sharing that folded phrase.
    by_phrase: Vec<Vec<usize>>,
    pub entries: Vec<Entry>,
    regexes: Vec<(LazyPattern, usize)>,
    pub fields: Vec<String>,
    pub terms: Vec<TermData>,
    stemmed: Vec<StemSet>,
    /// Per stemmed language, the phrase automaton without the phrases its stemmed automaton
    /// finds anyway (see [`super::residual`]), for texts in that language.
    residual: Vec<Residual>,
}

/// The phrases a text in `lang` still needs searched as written (see [`super::residual`]).
#[derive(Debug, Clone)]
struct Residual {
    lang: String,
    /// None when no phrase is left.
    ac: Option<Adaptive>,
    by_phrase: Vec<Vec<usize>>,
}

/// Per-language string lists under an extra key of a term's table, folded.
fn lang_lists(t: &crate::vocab::Term, key: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(toml::Value::Table(tab)) = t.extra.get(key) {
        for (lang, v) in tab {
            if let toml::Value::Array(items) = v {
                for w in items.iter().filter_map(|i| i.as_str()) {
                    out.push((lang.clone(), w.to_string()));
                }
            }
        }
    }
    out
}

/// The words under an extra key of a term's table (all languages), folded, each with its word
/// boundaries: (word, left boundary, right boundary). `cancel` and `context` are read this way.
fn bounded_words(t: &crate::vocab::Term, key: &str) -> Vec<(String, bool, bool)> {
    lang_lists(t, key)
        .into_iter()
        .map(|(_, w)| {
            let (l, r, core) = boundaries(&w);
            (fold(core), l, r)
        })
        .filter(|w| !w.0.is_empty())
        .collect()
}

/// Splits the wildcard marks off a phrase: a leading `*` drops the left word boundary, a
/// trailing `*` the right one (`timeout*` matches "timeouts"). Returns (left, right, core).
pub fn boundaries(phrase: &str) -> (bool, bool, &str) {
    let p = phrase.trim();
    let (left, p) = match p.strip_prefix('*') {
        Some(rest) => (false, rest),
        None => (true, p),
    };
    let (right, p) = match p.strip_suffix('*') {
        Some(rest) => (false, rest),
        None => (true, p),
    };
    (left, right, p)
}

/// Drops the wildcard mark of a word inside a phrase ("balanceador* de carga"): only a phrase's
/// ends take `*` as a boundary mark, and a literal `*` inside would never match any text. The
/// word's other forms ("balanceadores de carga") are found by stem, as every phrase word's are.
pub fn inner_wildcards(core: &str) -> std::borrow::Cow<'_, str> {
    if core.contains("* ") {
        std::borrow::Cow::Owned(core.replace("* ", " "))
    } else {
        std::borrow::Cow::Borrowed(core)
    }
}

/// Whether a match `[start, end)` of folded `s` sits on word boundaries where they are required.
/// Boundaries only apply where the match itself begins or ends with a spaced-script word char.
pub fn at_boundaries(s: &str, start: usize, end: usize, left: bool, right: bool) -> bool {
    let m = &s[start..end];
    if left
        && m.chars().next().is_some_and(is_word_char)
        && super::assertions::word_before(s, start)
    {
        return false;
    }
    if right
        && m.chars().next_back().is_some_and(is_word_char)
        && s[end..].chars().next().is_some_and(is_word_char)
    {
        return false;
    }
    true
}

/// Checks the syntax of every label pattern in `vocab` without compiling it (a fraction of the
/// cost; each language's matcher compiles its own patterns when first used).
pub fn check_patterns(vocab: &Vocabulary) -> Result<()> {
    for name in LABEL_FIELDS {
        let Some(field) = vocab.field(name) else {
            continue;
        };
        for (term, t) in &field.terms {
            for (lang, list) in &t.patterns {
                for p in list {
                    regex_syntax::Parser::new().parse(p).with_context(|| {
                        format!(
                            "mappings/{name}.toml: term {term:?}, {lang} pattern {p:?} is not a valid regular expression"
                        )
                    })?;
                }
            }
        }
    }
    Ok(())
}

impl Matcher {
    /// The phrases and patterns of every language.
    pub fn new(vocab: &Vocabulary) -> Result<Self> {
        Self::build(vocab, None)
    }

    /// The phrases and patterns of `langs` only (built without copying the vocabulary).
    pub fn for_langs(vocab: &Vocabulary, langs: &[&str]) -> Result<Self> {
        Self::build(vocab, Some(langs))
    }

    fn build(vocab: &Vocabulary, langs: Option<&[&str]>) -> Result<Self> {
        let wanted = |lang: &String| langs.is_none_or(|l| l.contains(&lang.as_str()));
        let mut entries = Vec::new();
        let mut phrases: Vec<String> = Vec::new();
        let mut by_phrase: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<(String, bool, bool), usize> = HashMap::new();
        let mut fields = Vec::new();
        let mut terms: Vec<TermData> = Vec::new();
        let mut regexes: Vec<(LazyPattern, usize)> = Vec::new();
        for (fi, name) in LABEL_FIELDS.iter().enumerate() {
            fields.push(name.to_string());
            let Some(field) = vocab.field(name) else {
                continue;
            };
            for (term, t) in &field.terms {
                let weight = t
                    .extra
                    .get(WEIGHT_KEY)
                    .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
                    .unwrap_or(1.0) as f32;
                let term_idx = terms.len();
                let cancel_to = t
                    .extra
                    .get(CANCEL_TO_KEY)
                    .and_then(|v| v.as_str())
                    .and_then(|to| field.terms.get_key_value(to));
                terms.push(TermData {
                    exclude: lang_lists(t, EXCLUDE_KEY)
                        .into_iter()
                        .flat_map(|(l, w)| {
                            let f = fold(&w);
                            let more = if l == SOLID_COMPOUND_LANG {
                                korean_contractions(&f)
                            } else {
                                Vec::new()
                            };
                            std::iter::once(f).chain(more)
                        })
                        .filter(|w| !w.is_empty())
                        .collect(),
                    cancel: bounded_words(t, CANCEL_KEY),
                    cancel_to: cancel_to.map(|(to, _)| to.to_string()),
                    cancel_to_not: cancel_to
                        .map(|(_, target)| {
                            lang_lists(target, EXCLUDE_KEY)
                                .into_iter()
                                .map(|(_, w)| fold(&w))
                                .filter(|w| !w.is_empty())
                                .collect()
                        })
                        .unwrap_or_default(),
                    context: bounded_words(t, CONTEXT_KEY),
                    exclude_longest: 0,
                    any: Default::default(),
                });
                let added = terms.last_mut().expect("just pushed");
                added.exclude_longest = added.exclude.iter().map(String::len).max().unwrap_or(0);
                let by_lang = |key: &str| -> BTreeMap<String, Vec<String>> {
                    lang_lists(t, key)
                        .into_iter()
                        .fold(BTreeMap::new(), |mut m, (l, w)| {
                            m.entry(l).or_insert_with(Vec::new).push(w);
                            m
                        })
                };
                let weak_lists = by_lang(WEAK_KEY);
                let planned_lists = by_lang(PLANNED_KEY);
                // (language, phrases, weak, planned)
                let lists = t
                    .phrases
                    .iter()
                    .map(|(l, v)| (l, v, false, false))
                    .chain(weak_lists.iter().map(|(l, v)| (l, v, true, false)))
                    .chain(planned_lists.iter().map(|(l, v)| (l, v, false, true)));
                for (lang, list, weak, planned) in lists.filter(|(l, _, _, _)| wanted(l)) {
                    let weight = if weak { weight * WEAK_FACTOR } else { weight };
                    // Each phrase as written and, in Korean, its compound written solid
                    // ("웹 서버" also finds "웹서버").
                    let spellings = list.iter().flat_map(|p| {
                        let (left, right, core) = boundaries(p);
                        let f = fold(&inner_wildcards(core));
                        let solid = (lang == SOLID_COMPOUND_LANG)
                            .then(|| solid_compound(&f))
                            .flatten();
                        // (and its closing verb stem contracted: "늦어지" also finds "늦어졌다")
                        let forms: Vec<String> = std::iter::once(f).chain(solid).collect();
                        let contracted: Vec<String> = if lang == SOLID_COMPOUND_LANG {
                            forms.iter().flat_map(|f| korean_contractions(f)).collect()
                        } else {
                            Vec::new()
                        };
                        forms
                            .into_iter()
                            .chain(contracted)
                            .map(move |f| (p, left, right, f))
                    });
                    for (p, left, right, f) in spellings {
                        if f.is_empty() {
                            continue;
                        }
                        let id = entries.len();
                        entries.push(Entry {
                            field: fi,
                            term: term.clone(),
                            lang: lang.clone(),
                            source: p.clone(),
                            is_pattern: false,
                            weight,
                            weak,
                            planned,
                            left,
                            right,
                            term_idx,
                            words: words_of(&f).map(str::to_string).collect(),
                            short_stems: Default::default(),
                            phrase: f.clone(),
                            exclusion_free: Default::default(),
                        });
                        let key = (f.clone(), left, right);
                        let slot = *index.entry(key).or_insert_with(|| {
                            phrases.push(f);
                            by_phrase.push(Vec::new());
                            phrases.len() - 1
                        });
                        by_phrase[slot].push(id);
                    }
                }
                for (lang, list) in t.patterns.iter().filter(|(l, _)| wanted(l)) {
                    for p in list {
                        // The syntax is checked by `check_patterns` when the vocabulary loads.
                        regexes.push((LazyPattern::new(p), entries.len()));
                        entries.push(Entry {
                            field: fi,
                            term: term.clone(),
                            lang: lang.clone(),
                            source: p.clone(),
                            is_pattern: true,
                            weight,
                            weak: false,
                            planned: false,
                            left: true,
                            right: true,
                            term_idx,
                            words: Vec::new(),
                            short_stems: Default::default(),
                            phrase: String::new(),
                            exclusion_free: Default::default(),
                        });
                    }
                }
            }
        }
        // A phrase of a stemmed language is found by its stemmed automaton in text of that
        // language, unless it is open at an edge that is a word char (it may match inside a word).
        let covered_in = |lang: &str, e: usize| -> bool {
            let en = &entries[e];
            let f = fold(&inner_wildcards(boundaries(&en.source).2));
            let edge_ok = |bounded: bool, c: Option<char>| bounded || !c.is_some_and(is_word_char);
            !en.is_pattern
                && en.lang == lang
                && stem::algorithm(lang).is_some()
                && edge_ok(en.left, f.chars().next())
                && edge_ok(en.right, f.chars().next_back())
        };
        let mut residual = Vec::new();
        // For texts in the matcher's own language (the first of `langs`), the one it searches.
        if let Some(lang) = langs.and_then(|l| l.first()).copied() {
            if let Some((list, by)) =
                super::residual::residual(&phrases, &by_phrase, |e| covered_in(lang, e))
            {
                let ac = if list.is_empty() {
                    None
                } else {
                    Some(Adaptive::new(
                        list,
                        Some(AhoCorasickKind::ContiguousNFA),
                        DENSE_AFTER,
                        &format!("the phrase automaton for {lang} text"),
                    )?)
                };
                residual.push(Residual {
                    lang: lang.to_string(),
                    ac,
                    by_phrase: by,
                });
            }
        }
        let ac = if phrases.is_empty() {
            None
        } else {
            Some(Adaptive::new(
                phrases,
                Some(AhoCorasickKind::ContiguousNFA),
                DENSE_AFTER,
                "the phrase automaton",
            )?)
        };
        let mut stemmed = Vec::new();
        for lang in ["en", "de", "fr", "es", "pt"] {
            let Some(algo) = stem::algorithm(lang) else {
                continue;
            };
            let mut list: Vec<String> = Vec::new();
            let mut by: Vec<Vec<usize>> = Vec::new();
            let mut idx: HashMap<(String, bool, bool), usize> = HashMap::new();
            for (i, e) in entries.iter().enumerate() {
                if e.is_pattern || e.lang != lang {
                    continue;
                }
                let core = fold(&inner_wildcards(boundaries(&e.source).2));
                let st = stem::stem_phrase(&core, algo);
                if st.is_empty() {
                    continue;
                }
                let slot = *idx.entry((st.clone(), e.left, e.right)).or_insert_with(|| {
                    list.push(st);
                    by.push(Vec::new());
                    list.len() - 1
                });
                by[slot].push(i);
            }
            if list.is_empty() {
                continue;
            }
            let ac = Adaptive::new(
                list,
                Some(AhoCorasickKind::ContiguousNFA),
                DENSE_AFTER,
                &format!("the stemmed phrase automaton for {lang}"),
            )?;
            stemmed.push(StemSet {
                lang: lang.to_string(),
                algo,
                ac,
                by_phrase: by,
            });
        }
        Ok(Matcher {
            ac,
            by_phrase,
            entries,
            regexes,
            fields,
            terms,
            stemmed,
            residual,
        })
    }

    /// Whether the mention `[start, end)` of `folded` lies inside one of its term's exclusion
    /// contexts (a longer word or phrase that means something else).
    fn excluded(&self, folded: &str, start: usize, end: usize, entry: usize) -> bool {
        let en = &self.entries[entry];
        let t = &self.terms[en.term_idx];
        if t.exclude.is_empty() {
            return false;
        }
        let b = folded.as_bytes();
        // An exclusion that covers the mention holds the mention's text, and so any text the
        // mention starts with: when that is the phrase, or its first word, and no exclusion of
        // the term holds it, none covers the mention (most mentions end here, without a search).
        if !en.phrase.is_empty() {
            let (phrase_free, word_free) = *en.exclusion_free.get_or_init(|| {
                let held = |p: &str| t.exclude.iter().any(|x| x.contains(p));
                (
                    !held(&en.phrase),
                    en.words.first().is_some_and(|w| !held(w)),
                )
            });
            let m = &b[start..end];
            if (phrase_free && m.starts_with(en.phrase.as_bytes()))
                || (word_free && m.starts_with(en.words[0].as_bytes()))
            {
                return false;
            }
        }
        // One search of the window for all the contexts; each is checked only when one occurs.
        if !t.exclusion_may_cover(b, start, end) {
            return false;
        }
        t.exclude.iter().any(|x| {
            // An occurrence that holds the mention starts in [end - len, start]; with none there,
            // the search below finds none either (it finds a subset of the occurrences).
            let n = x.len();
            // An empty context holds no mention (mentions are never empty).
            let Some(&x0) = x.as_bytes().first() else {
                return false;
            };
            if n < end - start
                || !(end.saturating_sub(n)..=start)
                    .any(|s| s + n <= b.len() && b[s] == x0 && &b[s..s + n] == x.as_bytes())
            {
                return false;
            }
            let mut lo = start.saturating_sub(x.len());
            while !folded.is_char_boundary(lo) {
                lo -= 1;
            }
            let mut hi = (end + x.len()).min(folded.len());
            while !folded.is_char_boundary(hi) {
                hi += 1;
            }
            // Occurrences past the mention's start cannot hold it (nor can any after them).
            super::text::occurrences(&folded[lo..hi], x.as_str())
                .take_while(|&i| lo + i <= start)
                .any(|i| {
                    let (s, e) = (lo + i, lo + i + x.len());
                    s <= start && end <= e
                })
        })
    }

    /// Every mention in folded text of phrases in `langs` (all languages when empty); within one
    /// field a match inside a longer one is dropped.
    pub fn find(&self, folded: &str, langs: &[&str]) -> Vec<Mention> {
        self.find_in(folded, langs, true)
    }

    /// [`Matcher::find`]; with `use_residual` false, every phrase is also searched as written
    /// (the same mentions: a test holds the two together).
    fn find_in(&self, folded: &str, langs: &[&str], use_residual: bool) -> Vec<Mention> {
        // Language codes are a few bytes: compared inline rather than by a `memcmp` call each.
        let same =
            |a: &str, b: &str| a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y);
        let allowed =
            |e: usize| langs.is_empty() || langs.iter().any(|l| same(l, &self.entries[e].lang));
        // Room for a mention per 32 bytes of text (prose holds about one per 50): the list
        // seldom grows, and each growth copies it.
        let mut found = Vec::with_capacity(folded.len() / FOLDED_BYTES_PER_MENTION);
        // Stemmed phrases of the text's language (its first language) find inflected forms.
        let own_stemmed = langs
            .first()
            .and_then(|l| self.stemmed.iter().find(|s| s.lang == *l));
        // With them, the phrases as written that they do not find (see [`super::residual`]).
        let residual = own_stemmed
            .filter(|_| use_residual)
            .and_then(|set| self.residual.iter().find(|r| r.lang == set.lang));
        let (phrase_ac, phrase_entries) = match residual {
            Some(r) => (r.ac.as_ref(), &r.by_phrase),
            None => (self.ac.as_ref(), &self.by_phrase),
        };
        if let Some(set) = own_stemmed {
            // Stemmed in buffers the thread reuses from text to text.
            stem::with_stemmed(folded, set.algo, |st: &StemmedText| {
                set.ac.for_each_overlapping(&st.text, |pid, ms, me| {
                    for &e in &set.by_phrase[pid] {
                        let en = &self.entries[e];
                        if !at_boundaries(&st.text, ms, me, en.left, en.right) {
                            continue;
                        }
                        let (start, end) = st.folded_range(ms, me);
                        if inflection_of(en, &folded[start..end], set.algo) {
                            found.push(Mention {
                                start,
                                end,
                                entry: e,
                            });
                        }
                    }
                });
            });
        }
        if let Some(ac) = phrase_ac {
            ac.for_each_overlapping(folded, |pid, ms, me| {
                for &e in &phrase_entries[pid] {
                    let en = &self.entries[e];
                    if allowed(e) && at_boundaries(folded, ms, me, en.left, en.right) {
                        found.push(Mention {
                            start: ms,
                            end: me,
                            entry: e,
                        });
                    }
                }
            });
        }
        // Each pattern runs on its own: the regex engine skips ahead on its literal prefix, which
        // is far cheaper than a set scan with Unicode word boundaries.
        for (p, e) in &self.regexes {
            if !allowed(*e) {
                continue;
            }
            let Some(re) = p.for_text(folded) else {
                continue;
            };
            for m in re.find_iter(folded) {
                if m.start() < m.end() {
                    found.push(Mention {
                        start: m.start(),
                        end: m.end(),
                        entry: *e,
                    });
                }
            }
        }
        found.retain(|m| !self.excluded(folded, m.start, m.end, m.entry));
        // Longest first, so a sub-phrase finds the longer match of its field that covers it.
        // Mentions that tie in this order are identical (same start, end and entry), so an unstable
        // sort (no scratch buffer) gives the same list.
        sort_mentions(&mut found);
        found.dedup_by(|a, b| a.start == b.start && a.end == b.end && a.entry == b.entry);
        let mut kept: Vec<Mention> = Vec::with_capacity(found.len());
        // The furthest end of any kept mention: a mention that ends after it is covered by none.
        let mut furthest = 0;
        for m in found {
            let field = self.entries[m.entry].field;
            // The cheap span test first: most kept mentions end before this one does.
            let covered = m.end <= furthest
                && kept.iter().rev().take(64).any(|k| {
                    m.end <= k.end
                        && k.start <= m.start
                        && self.entries[k.entry].field == field
                        && (k.end - k.start > m.end - m.start || k.entry != m.entry)
                        && !(k.start == m.start
                            && k.end == m.end
                            && self.entries[k.entry].term != self.entries[m.entry].term)
                });
            if !covered {
                furthest = furthest.max(m.end);
                kept.push(m);
            }
        }
        // The same words read as two terms of one field, once by the text's own language and
        // once by the lingua franca ("ECS" in Chinese cloud prose is a compute instance, not the
        // container service): the text's language's reading is the one meant.
        if let Some(&own) = langs.first() {
            // Mentions of one span are adjacent (sorted by start, then length), so one pass over
            // each run of equal spans does.
            let mut drop = vec![false; kept.len()];
            let mut i = 0;
            while i < kept.len() {
                let mut j = i + 1;
                while j < kept.len() && kept[j].start == kept[i].start && kept[j].end == kept[i].end
                {
                    j += 1;
                }
                for a in i..j {
                    let ea = &self.entries[kept[a].entry];
                    drop[a] = ea.lang != own
                        && kept[i..j].iter().any(|k| {
                            let eb = &self.entries[k.entry];
                            eb.lang == own && eb.field == ea.field && eb.term != ea.term
                        });
                }
                i = j;
            }
            let mut n = 0;
            kept.retain(|_| {
                n += 1;
                !drop[n - 1]
            });
        }
        kept
    }
}

/// Sorts mentions by start, then longest first, then entry. Each mention is packed into one
/// integer that orders the same way (start, then the length inverted, then the entry), and the
/// integers are sorted: far cheaper than comparing the fields. Mentions too long or entries too
/// many to pack (never in practice) are sorted field by field.
fn sort_mentions(found: &mut Vec<Mention>) {
    let fits = |m: &Mention| m.end - m.start <= u32::MAX as usize && m.entry <= u32::MAX as usize;
    if !found.iter().all(fits) {
        found.sort_unstable_by(|a, b| {
            a.start
                .cmp(&b.start)
                .then((b.end - b.start).cmp(&(a.end - a.start)))
                .then(a.entry.cmp(&b.entry))
        });
        return;
    }
    let mut keys: Vec<u128> = found
        .iter()
        .map(|m| {
            let inverted_len = u32::MAX - (m.end - m.start) as u32;
            ((m.start as u128) << 64) | (u128::from(inverted_len) << 32) | m.entry as u128
        })
        .collect();
    keys.sort_unstable();
    found.clear();
    found.extend(keys.into_iter().map(|k| {
        let start = (k >> 64) as usize;
        let len = (u32::MAX - (k >> 32) as u32) as usize;
        Mention {
            start,
            end: start + len,
            entry: k as u32 as usize,
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::{sort_mentions, Mention};

    #[test]
    fn leaving_out_what_the_stemmed_search_finds_changes_no_mention() {
        use super::super::text::Folded;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let vocab = crate::vocab::Vocabulary::load(&root.join("mappings")).unwrap();
        // Texts of every language: the shared corpora when present, and a few lines of our own.
        let mut texts: Vec<(String, String)> = vec![
            (
                "en".into(),
                "Timeouts and elevated error rates: the database failover failed; DNS \
                 resolution errors, 503s, a misconfigured alert. The CDN's cache-purge ran."
                    .into(),
            ),
            (
                "fr".into(),
                "Des pannes électriques répétées ; le basculement a échoué, erreurs 503.".into(),
            ),
        ];
        for corpus in ["real-corpus", "dev-corpus"] {
            let dir = root.join("../shared").join(corpus);
            for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let name = e.file_name().to_string_lossy().to_string();
                let lang = name.split('-').nth(1).unwrap_or("").to_string();
                if (name.ends_with(".txt") || name.ends_with(".html")) && lang.len() == 2 {
                    if let Ok(t) = std::fs::read_to_string(e.path()) {
                        texts.push((lang, t));
                    }
                }
            }
        }
        let mut built: std::collections::BTreeMap<String, super::Matcher> = Default::default();
        let mut with_residual = 0;
        for (lang, text) in &texts {
            let m = built.entry(lang.clone()).or_insert_with(|| {
                super::Matcher::for_langs(&vocab, &[lang.as_str(), "en"]).unwrap()
            });
            let f = Folded::new(text).text;
            let langs = [lang.as_str(), "en"];
            let key = |v: Vec<Mention>| -> Vec<(usize, usize, usize)> {
                v.into_iter().map(|m| (m.start, m.end, m.entry)).collect()
            };
            assert_eq!(
                key(m.find_in(&f, &langs, true)),
                key(m.find_in(&f, &langs, false)),
                "{lang}: {}",
                text.chars().take(80).collect::<String>()
            );
            with_residual += usize::from(m.residual.iter().any(|r| r.lang == *lang));
        }
        assert!(
            with_residual > 0,
            "no text was searched with a residual automaton"
        );
    }

    #[test]
    fn packed_sort_orders_as_the_fields_do() {
        let spans = [
            (5, 9, 2),
            (5, 12, 1),
            (0, 3, 7),
            (5, 9, 1),
            (5, 12, 1),
            (2, 2, 0),
            (0, 9, 3),
        ];
        let mut found: Vec<Mention> = spans
            .iter()
            .map(|&(start, end, entry)| Mention { start, end, entry })
            .collect();
        let mut want = spans.to_vec();
        want.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then((b.1 - b.0).cmp(&(a.1 - a.0)))
                .then(a.2.cmp(&b.2))
        });
        sort_mentions(&mut found);
        let got: Vec<(usize, usize, usize)> =
            found.iter().map(|m| (m.start, m.end, m.entry)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn korean_compounds_are_also_written_solid() {
        use super::solid_compound;
        assert_eq!(solid_compound("웹 서버").as_deref(), Some("웹서버"));
        assert_eq!(
            solid_compound("네트워크 장비 오류").as_deref(),
            Some("네트워크장비오류")
        );
        // Spaces next to a Latin word or a number stay; a phrase with none has no variant.
        assert_eq!(solid_compound("db 서버"), None);
        assert_eq!(solid_compound("먹통"), None);
    }

    #[test]
    fn korean_verb_stems_also_match_their_contractions() {
        use super::korean_contractions;
        // "늦어지" is written "늦어졌다" and "늦어져"; "지연되" "지연됐다"; "발생하" "발생했다"
        assert_eq!(korean_contractions("늦어지"), vec!["늦어졌", "늦어져"]);
        assert_eq!(
            korean_contractions("접속이 지연되"),
            vec!["접속이 지연됐", "접속이 지연돼"]
        );
        assert_eq!(korean_contractions("발생하"), vec!["발생했", "발생해"]);
        // a one-syllable phrase or one that closes with another syllable has none
        assert!(korean_contractions("지").is_empty());
        assert!(korean_contractions("먹통").is_empty());
    }

    #[test]
    fn a_korean_phrase_and_its_exclusion_both_match_the_past_tense() {
        use super::super::text::Folded;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let vocab = crate::vocab::Vocabulary::load(&root.join("mappings")).unwrap();
        let m = super::Matcher::for_langs(&vocab, &["ko"]).unwrap();
        let terms = |text: &str| -> Vec<String> {
            let f = Folded::new(text).text;
            m.find(&f, &["ko"])
                .into_iter()
                .map(|x| m.entries[x.entry].term.clone())
                .collect()
        };
        let t = terms("우리WON뱅킹 접속이 2시간 30분가량 늦어졌다");
        assert!(t.iter().any(|x| x == "high-latency"), "{t:?}");
        // "회복이 늦어졌다" (the recovery was slow) is excluded in its past form too
        let t = terms("노드가 늘수록 오히려 회복이 늦어졌습니다");
        assert!(!t.iter().any(|x| x == "high-latency"), "{t:?}");
    }
}
