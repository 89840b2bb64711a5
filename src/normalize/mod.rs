//! Normalisation: map free text onto the controlled vocabulary with evidence and assertions; reprocess the library.
pub mod assertions;
mod dense;
pub mod fields;
mod indented;
pub mod matcher;
pub mod pipeline;
pub mod reprocess;
mod residual;
pub mod sections;
pub mod stem;
pub mod text;
mod years;

pub use assertions::Assertion;
pub use fields::{fill_case, CaseLabels};
pub use sections::guess_sections;

use crate::vocab::Vocabulary;
use anyhow::Result;
use assertions::{Assertions, Dir, Hit, TriggerKind};
use matcher::{Matcher, Mention, TermWords};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;
use text::Folded;
use years::Years;

thread_local! {
    /// A folded text whose buffers the next [`Normalizer::label`] on this thread reuses.
    static FOLDED: std::cell::RefCell<Folded> = std::cell::RefCell::new(Folded::default());
}

/// Confidence of a mention found by a literal phrase.
const PHRASE_CONFIDENCE: f32 = 0.8;
/// Confidence of a mention found by a pattern (looser than a phrase).
const PATTERN_CONFIDENCE: f32 = 0.7;
/// Confidence of a cause mention in a sentence with no cause cue and outside cause sections.
const CAUSE_BASE_CONFIDENCE: f32 = 0.5;
/// Added to a cause mention's confidence when its sentence says "root cause", "caused by", …
const CAUSE_CUE_BONUS: f32 = 0.3;
/// Added to a cause mention's confidence inside a root-cause or trigger section.
const CAUSE_SECTION_BONUS: f32 = 0.15;
/// Multiplier on mentions in a timeline (terse, often quoting others' guesses).
const TIMELINE_FACTOR: f32 = 0.9;
/// Confidence of a component named in a strong place (the title, a heading, a cause
/// sentence or section): enough on its own for the component to be kept.
const STRONG_COMPONENT_CONFIDENCE: f32 = 0.9;
/// Bytes reserved in a label's rule for the reason appended after the phrase (capacity only).
const RULE_REASON_ROOM: usize = 48;
/// A heading is a line of at most this many chars with no sentence end.
const MAX_HEADING_CHARS: usize = 80;
/// Marks in a token that make it an address, not a word (URLs, mail, hashtags).
const ADDRESS_MARKS: [&str; 2] = ["://", "www."];
/// One-byte marks of the same kind.
const ADDRESS_BYTES: [u8; 2] = [b'@', b'#'];
/// The time-zone table whose abbreviations are never evidence for a term.
const ZONES_FILE: &str = "zones.toml";
/// Marker in a label's rule: its sentence states the cause.
pub const CAUSE_CUE_RULE: &str = "; cause cue";
/// Written into a label's rule when one of its term's weak phrases found it.
pub const WEAK_RULE: &str = "; weak phrase";
/// Folder under the mappings folder that holds the per-language assertion triggers.
pub const ASSERTIONS_DIR: &str = "assertions";
/// Language whose phrases are matched in text of every language (technical terms).
const PHRASE_LINGUA_FRANCA: &str = "en";
/// Language whose traditional characters are read as simplified before matching.
const TRADITIONAL_FOLD_LANG: &str = "zh";
/// Language assumed when no hint is given and detection is unsure.
const FALLBACK_LANG: &str = "en";

/// Sentence ends that make the sentence a question: its mentions are asked about, not stated.
const QUESTION_MARKS: [char; 2] = ['?', '？'];
/// Section kinds whose mentions did not happen unless stated as done.
const FOLLOW_UP_SECTIONS: [&str; 2] = ["action_items", "lessons"];
/// The follow-up section that lists the remedies planned or made.
const ACTION_ITEMS_SECTION: &str = "action_items";
/// A section kind the caller gives to passages that are context, not the incident (a dated photo
/// caption in a news page): every mention in one is historical.
pub const BACKGROUND_SECTION: &str = "background";
/// Section kinds that state the cause.
const CAUSE_SECTIONS: [&str; 2] = ["root_cause", "trigger"];

/// A part of the text and what kind of section it is (char offsets `[start, end)`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionSpan {
    /// summary | impact | timeline | root_cause | trigger | detection | remediation | action_items | lessons | other
    pub kind: String,
    pub start: usize,
    pub end: usize,
}

/// One mention of a vocabulary term in a text, with its evidence and assertion. Its strings
/// are owned (`Label`, the default), or borrowed from the labelled text, its sections and the
/// vocabulary (`Label<&str>`, see [`Normalizer::label_affirmed_borrowed`]): a library run reads
/// a case's labels once and drops them, and five strings allocated per label were a tenth of
/// its labelling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Label<S = String> {
    pub field: S,
    pub term: S,
    /// The exact original text of the mention.
    pub quote: S,
    /// Char offsets `[start, end)` into the labelled text.
    pub start: usize,
    pub end: usize,
    pub section: Option<S>,
    pub assertion: Assertion,
    /// Which phrase or pattern matched, and what set the assertion.
    pub rule: String,
    /// 0–1, two decimals (0.8, not 0.800000011920929).
    pub confidence: f64,
    /// For a cause stated by a cue in its sentence ("caused by", "原因是", "원인은"): how many
    /// chars stand between the mention and the nearest such cue. Two causes otherwise equally
    /// supported are told apart by it: the one the cue points at stands next to it. Worked out
    /// while labelling, not stored.
    #[serde(skip)]
    pub cue_gap: Option<usize>,
}

impl Label<&str> {
    /// The label with its strings copied out of the text and vocabulary it borrows from.
    pub fn into_owned(self) -> Label {
        Label {
            field: self.field.to_string(),
            term: self.term.to_string(),
            quote: self.quote.to_string(),
            start: self.start,
            end: self.end,
            section: self.section.map(str::to_string),
            assertion: self.assertion,
            rule: self.rule,
            confidence: self.confidence,
            cue_gap: self.cue_gap,
        }
    }
}

/// The vocabulary's phrases and patterns and the assertion triggers. Each language's matcher
/// (its own phrases and the lingua franca's) is compiled the first time a text in that language
/// is labelled, so a one-page run builds one or two, not all nine.
#[derive(Debug, Clone)]
pub struct Normalizer {
    vocab: Vocabulary,
    /// Language → its matcher, built on first use; languages the vocabulary has no phrases for
    /// use the lingua franca's.
    matchers: BTreeMap<String, OnceLock<Matcher>>,
    assertions: Assertions,
    /// Time-zone abbreviations as written (upper case): never evidence for a term.
    zone_abbreviations: ZoneCodes,
    /// The longest of them, in bytes (a longer quote is none of them, without hashing it).
    zone_abbreviation_max: usize,
}

/// Time-zone abbreviations, looked up for many short quotes (a fast hash: the keys are ours).
type ZoneCodes = std::collections::HashSet<String, rustc_hash::FxBuildHasher>;

/// Where a mention's sentence and clause begin and end (folded byte offsets).
struct Breaks {
    sentence: Vec<usize>,
    clause: Vec<usize>,
}

impl Breaks {
    fn around(list: &[usize], start: usize, end: usize) -> (usize, usize) {
        let i = list.partition_point(|&b| b <= start);
        let lo = if i == 0 { 0 } else { list[i - 1] };
        let j = list.partition_point(|&b| b < end);
        let hi = list.get(j).copied().unwrap_or(usize::MAX);
        (lo, hi)
    }
}

/// [`Breaks::around`] for mentions taken in text order: the breaks at or before a mention's
/// start are counted on from the previous mention's (most mentions are a few breaks apart),
/// and the first break at or after its end is looked for from there (a mention spans few).
#[derive(Default)]
struct Walk {
    /// Breaks at or before `start`.
    before: usize,
    start: usize,
}

impl Walk {
    fn around(&mut self, list: &[usize], start: usize, end: usize) -> (usize, usize) {
        if start < self.start || end < start {
            // Out of text order (or an empty span): the searches themselves.
            self.before = 0;
            self.start = 0;
            return Breaks::around(list, start, end);
        }
        self.start = start;
        while self.before < list.len() && list[self.before] <= start {
            self.before += 1;
        }
        let i = self.before;
        let lo = if i == 0 { 0 } else { list[i - 1] };
        // Every break at or before `start` is before `end` when the span is not empty.
        let mut j = if end > start {
            i
        } else {
            list.partition_point(|&b| b < end)
        };
        while j < list.len() && list[j] < end {
            j += 1;
        }
        let hi = list.get(j).copied().unwrap_or(usize::MAX);
        (lo, hi)
    }
}

/// The live triggers that end within `[lo, hi]` (all of them when they are not in the order
/// they end), remembering the last bounds: the mentions of one sentence (or clause) ask for
/// the same triggers one after another.
#[derive(Default)]
struct Within {
    last: Option<((usize, usize), (usize, usize))>,
}

impl Within {
    fn get<'l, 'a>(
        &mut self,
        live: &'l [&'a Hit],
        by_end: bool,
        lo: usize,
        hi: usize,
    ) -> &'l [&'a Hit] {
        if !by_end {
            return live;
        }
        let (from, to) = match self.last {
            Some((bounds, range)) if bounds == (lo, hi) => range,
            _ => {
                let from = live.partition_point(|h| h.end < lo);
                let to = live.partition_point(|h| h.end <= hi);
                let range = (from, to.max(from));
                self.last = Some(((lo, hi), range));
                range
            }
        };
        &live[from..to]
    }
}

impl Normalizer {
    /// Compiles every phrase and pattern of the label fields, and loads the assertion triggers
    /// from `<mappings>/assertions/`.
    pub fn new(vocab: &Vocabulary) -> Result<Self> {
        let mut matchers: BTreeMap<String, OnceLock<Matcher>> = BTreeMap::new();
        for name in matcher::LABEL_FIELDS {
            for t in vocab.field(name).iter().flat_map(|f| f.terms.values()) {
                for lang in t.phrases.keys().chain(t.patterns.keys()) {
                    matchers.entry(lang.clone()).or_default();
                }
            }
        }
        matchers
            .entry(PHRASE_LINGUA_FRANCA.to_string())
            .or_default();
        // Bad data is reported now, not when the first text in its language turns up: every
        // pattern's syntax is checked here; patterns and phrase automata are compiled lazily.
        matcher::check_patterns(vocab)?;
        let zones = zone_abbreviations(&vocab.dir.join(ZONES_FILE));
        Ok(Normalizer {
            vocab: vocab.clone(),
            matchers,
            assertions: Assertions::load(&vocab.dir.join(ASSERTIONS_DIR))?,
            zone_abbreviation_max: zones.iter().map(String::len).max().unwrap_or(0),
            zone_abbreviations: zones,
        })
    }

    /// The matcher for text in `lang`: that language's phrases and patterns and the lingua
    /// franca's, compiled on first use.
    fn matcher(&self, lang: &str) -> &Matcher {
        let (key, cell) = self
            .matchers
            .get_key_value(lang)
            .or_else(|| self.matchers.get_key_value(PHRASE_LINGUA_FRANCA))
            .expect("the lingua franca always has a cell");
        cell.get_or_init(|| {
            // Every pattern's syntax was checked in `new`; patterns compile on first use, and one
            // that exceeds the regex size limit is logged and finds nothing.
            let langs = [key.as_str(), PHRASE_LINGUA_FRANCA];
            Matcher::for_langs(&self.vocab, &langs).unwrap_or_else(|e| {
                tracing::error!("{e:#}; labelling {key} text without its patterns");
                let mut only = self.vocab.clone();
                for f in std::sync::Arc::make_mut(&mut only.fields).values_mut() {
                    for t in f.terms.values_mut() {
                        t.patterns.clear();
                    }
                }
                Matcher::for_langs(&only, &langs).expect("phrases alone always build")
            })
        })
    }

    pub fn assertions(&self) -> &Assertions {
        &self.assertions
    }

    /// Every mention of a vocabulary term in `text`, affirmed or not, in text order.
    pub fn label(
        &self,
        text: &str,
        sections: &[SectionSpan],
        lang_hint: Option<&str>,
    ) -> Vec<Label> {
        owned(self.label_some(text, sections, lang_hint, false))
    }

    /// The affirmed labels of [`Normalizer::label`] (the ones the field rules read), without
    /// building the others.
    pub fn label_affirmed(
        &self,
        text: &str,
        sections: &[SectionSpan],
        lang_hint: Option<&str>,
    ) -> Vec<Label> {
        owned(self.label_affirmed_borrowed(text, sections, lang_hint))
    }

    /// [`Normalizer::label_affirmed`] with the labels' strings borrowed from `text`, `sections`
    /// and the vocabulary instead of copied.
    pub fn label_affirmed_borrowed<'a>(
        &'a self,
        text: &'a str,
        sections: &'a [SectionSpan],
        lang_hint: Option<&str>,
    ) -> Vec<Label<&'a str>> {
        self.label_some(text, sections, lang_hint, true)
    }

    fn label_some<'a>(
        &'a self,
        text: &'a str,
        sections: &'a [SectionSpan],
        lang_hint: Option<&str>,
        affirmed_only: bool,
    ) -> Vec<Label<&'a str>> {
        // Folded into buffers this thread reuses from text to text (a library run labels one
        // case after another); taken out of the cell while labelling, put back after.
        let mut folded = FOLDED.with(|c| std::mem::take(&mut *c.borrow_mut()));
        folded.refold(text);
        let out = self.label_folded(text, &mut folded, sections, lang_hint, affirmed_only);
        FOLDED.with(|c| *c.borrow_mut() = folded);
        out
    }

    /// [`Normalizer::label`] on `text` already folded into `folded` (only the affirmed labels
    /// when `affirmed_only`).
    fn label_folded<'a>(
        &'a self,
        text: &'a str,
        folded: &mut Folded,
        sections: &'a [SectionSpan],
        lang_hint: Option<&str>,
        affirmed_only: bool,
    ) -> Vec<Label<&'a str>> {
        let lang = lang_hint
            .map(str::to_string)
            .unwrap_or_else(|| detect_lang(text));
        // Chinese phrases and triggers are written in simplified characters: traditional text
        // ("無法連線", "網路中斷") is read through its simplified twin, char for char.
        if lang == TRADITIONAL_FOLD_LANG {
            text::simplify_chinese(&mut folded.text);
        }
        let f = folded.text.as_str();
        // Phrases of the text's language, and English: technical terms cross languages in English.
        let langs = [lang.as_str(), PHRASE_LINGUA_FRANCA];
        let matcher = self.matcher(&lang);
        let mentions = matcher.find(f, &langs);
        if mentions.is_empty() {
            return Vec::new();
        }
        let triggers = self.assertions.for_lang(&lang);
        let hits: Vec<Hit> = triggers.map(|t| t.find(f)).unwrap_or_default();
        let breaks = breaks(f, &hits);
        let years = Years::find(f);
        let live: Vec<&Hit> = live_triggers(&hits, &mentions);
        // The automaton reports hits in the order they end; checked, not assumed.
        let live_by_end = live.windows(2).all(|w| w[0].end <= w[1].end);
        let furniture = triggers.map(|t| t.furniture(f)).unwrap_or_default();
        // Where the page says the cause is unknown (few per page, mostly none).
        let unknown_spans: Vec<(usize, usize)> = mentions
            .iter()
            .filter(|m| {
                let e = &matcher.entries[m.entry];
                e.field == ROOT_CAUSE_FIELD && e.term == fields::UNKNOWN_CAUSE
            })
            .map(|m| (m.start, m.end))
            .collect();
        // (char offset, byte offset) of the last quote's start: mentions come in text order, so
        // quotes are found walking forward instead of through a table of every char's offset.
        let mut cursor = (0usize, 0usize);
        // In ASCII text (most case records) a char offset is its byte offset.
        let ascii = text.is_ascii();
        let mut out = Vec::with_capacity(mentions.len());
        let mut newlines = Newlines::default();
        let (mut sentence_walk, mut clause_walk) = (Walk::default(), Walk::default());
        let (mut sentence_hits, mut clause_hits) = (Within::default(), Within::default());
        for m in &mentions {
            let entry = &matcher.entries[m.entry];
            // Page furniture (tag rows, related-post lists) is not evidence.
            if furniture.iter().any(|&(a, b)| a <= m.start && m.end <= b) {
                continue;
            }
            if in_address(f, m.start, m.end) {
                continue;
            }
            let (cs, ce) = folded.original_range(m.start, m.end);
            if cs < cursor.0 {
                cursor = (0, 0);
            }
            let bs = byte_at(text, ascii, cursor, cs);
            cursor = (cs, bs);
            // Borrowed until the label is kept (most rules below may still drop the mention).
            let quote = &text[bs..byte_at(text, ascii, cursor, ce.max(cs))];
            // A time-zone code ("IST", "CST") is never a word of the vocabulary.
            let q = quote.trim();
            if q.len() <= self.zone_abbreviation_max && self.zone_abbreviations.contains(q) {
                continue;
            }
            let section = sections
                .iter()
                .find(|s| s.start <= cs && cs < s.end)
                .map(|s| s.kind.as_str());
            let (sent_lo, sent_hi) = sentence_walk.around(&breaks.sentence, m.start, m.end);
            // A term that needs a context word in its sentence ("manually" next to a repair
            // word) has no mention in a sentence without one.
            if !Self::in_context(matcher, f, m, sent_lo, sent_hi) {
                continue;
            }
            // The live triggers that end in the sentence, or in the clause (in their order):
            // every rule below looks only at triggers inside one of those.
            let in_sent = sentence_hits.get(&live, live_by_end, sent_lo, sent_hi);
            // The clause's bounds, worked out once for every rule below that reads them.
            let clause @ (clause_lo, clause_hi) =
                clause_walk.around(&breaks.clause, m.start, m.end);
            let in_clause = clause_hits.get(&live, live_by_end, clause_lo, clause_hi);
            let in_sentence = |k: TriggerKind| {
                in_sent
                    .iter()
                    .find(|h| h.kind == k && h.start >= sent_lo && h.end <= sent_hi)
                    .copied()
            };
            let asserted = triggers.and_then(|t| {
                assert_mention(m, in_clause, clause, f, t.max_before, t.max_after)
                    .map(|(a, h)| (a, h, t))
            });
            // "The cause is unknown" ("원인은 밝혀지지 않았다", "原因は明らかになっていない") holds
            // its own negation: the page states that the cause is not known.
            let own_negation = asserted.is_some_and(|(a, _, _)| a == Assertion::Negated)
                && entry.field == ROOT_CAUSE_FIELD
                && entry.term == fields::UNKNOWN_CAUSE;
            let assertion = match asserted {
                Some((a, _, _)) if !own_negation => a,
                _ => Assertion::Affirmed,
            };
            // Every rule below leaves a mention that is not affirmed by now unaffirmed, but for
            // a plan's word (made affirmed in the action items): a caller that keeps only
            // affirmed labels is done with it here, before its reason is written.
            if affirmed_only && assertion != Assertion::Affirmed && !entry.planned {
                continue;
            }
            let why = match asserted {
                Some((a, h, t)) if !own_negation => format!("{} by {:?}", a.as_str(), t.word(h)),
                _ => String::new(),
            };
            // The term's cancel words in the sentence: it worked, or it is not this incident's;
            // or, for a term with `cancel_to`, the mention is that term's evidence instead (an
            // outage its sentence limits to some users is a partial outage).
            let mut moved_to: Option<&str> = None;
            // (Looked for only when the mention is affirmed: nothing else reads them.)
            let cancel = if assertion == Assertion::Affirmed {
                Self::cancelled(matcher, f, m, sent_lo, sent_hi)
            } else {
                None
            };
            let (assertion, why) = match cancel {
                Some(w) => {
                    let t = &matcher.terms[entry.term_idx];
                    let sentence = f.get(sent_lo..sent_hi.min(f.len())).unwrap_or_default();
                    let in_exclusion = t
                        .cancel_to_not
                        .iter()
                        .any(|x| x.contains(w) && sentence.contains(x.as_str()));
                    match t.cancel_to.as_deref().filter(|_| !in_exclusion) {
                        Some(to) => {
                            moved_to = Some(to);
                            (
                                Assertion::Affirmed,
                                format!("{to} by {w:?} (the term's cancel words)"),
                            )
                        }
                        None => (
                            Assertion::Negated,
                            format!("negated by {w:?} (the term's cancel words)"),
                        ),
                    }
                }
                _ => (assertion, why),
            };
            // A cause claimed and then withdrawn in its clause ("디도스로 추정했다가 … 정정"); a
            // rumour then corrected ("网传…遭到黑客攻击，官方随后回应称…") is withdrawn too, not
            // merely unconfirmed.
            let max_before = triggers.map_or(0, |t| t.max_before);
            let withdrawable = matches!(assertion, Assertion::Affirmed | Assertion::Hypothetical);
            let (assertion, why) = match (
                triggers,
                retracted(m, entry.field, in_clause, clause, f, max_before),
            ) {
                (Some(t), Some(h)) if withdrawable => (
                    Assertion::Negated,
                    format!("negated by {:?} (a withdrawn cause)", t.word(h)),
                ),
                _ => (assertion, why),
            };
            // A passage the caller marks as background (a photo caption dated before the story):
            // what it tells is context, not this incident.
            let (assertion, why) = match section {
                Some(BACKGROUND_SECTION) if assertion == Assertion::Affirmed => (
                    Assertion::Historical,
                    "historical: in a passage marked as background (a dated photo caption)"
                        .to_string(),
                ),
                _ => (assertion, why),
            };
            // An earlier year in the clause ("after the 2018 fire", "지난 2018년 … 화재"): an
            // earlier incident, told for context.
            let (assertion, why) = match earlier_year(&years, clause_lo, m) {
                Some(y) if assertion == Assertion::Affirmed => (
                    Assertion::Historical,
                    format!("historical: the year {y} is before the page's own"),
                ),
                _ => (assertion, why),
            };
            // A question ("Un bug du terminal ?", "原因は停電か？") asks, it does not state;
            // one that asks why ("why did the database fail?", "왜 다운됐냐?") takes what it
            // asks about as given.
            let (assertion, why) = if assertion == Assertion::Affirmed
                && f.get(sent_hi.min(f.len())..)
                    .and_then(|s| s.chars().next())
                    .is_some_and(|c| QUESTION_MARKS.contains(&c))
                && in_sentence(TriggerKind::Presupposed).is_none()
            {
                (
                    Assertion::Hypothetical,
                    "hypothetical: its sentence is a question".to_string(),
                )
            } else {
                (assertion, why)
            };
            let (assertion, why) = match section {
                Some(kind)
                    if assertion == Assertion::Affirmed && FOLLOW_UP_SECTIONS.contains(&kind) =>
                {
                    let done = if kind == "lessons" {
                        in_sentence(TriggerKind::Happened).or(in_sentence(TriggerKind::Done))
                    } else {
                        in_sentence(TriggerKind::Done)
                    };
                    match (done, triggers) {
                        (Some(h), Some(t)) => (
                            Assertion::Affirmed,
                            format!("stated as done by {:?} in {kind}", t.word(h)),
                        ),
                        _ => (
                            Assertion::Hypothetical,
                            format!("hypothetical in {kind} section"),
                        ),
                    }
                }
                _ => (assertion, why),
            };
            // A remedy's word ("冗長化", "add redundancy") tells the lack only in the page's
            // action items, planned or done there; elsewhere it is a purpose ("links to ensure
            // redundancy"), a description, or what went well.
            let (assertion, why) = if entry.planned {
                let planned = section == Some(ACTION_ITEMS_SECTION);
                if !planned || assertion == Assertion::Negated {
                    continue;
                }
                (
                    Assertion::Affirmed,
                    "a follow-up plan to add it tells it was missing".to_string(),
                )
            } else {
                (assertion, why)
            };
            // The assertion is settled: a caller that keeps only affirmed labels is done here.
            if affirmed_only && assertion != Assertion::Affirmed {
                continue;
            }
            // "phrase:<lang>:<source>" (pushed, not formatted: this runs for every mention).
            let kind = if entry.is_pattern {
                "pattern"
            } else {
                "phrase"
            };
            // Room for the assertion's reason too, so appending it seldom moves the string.
            let mut rule = String::with_capacity(
                kind.len() + entry.lang.len() + entry.source.len() + 2 + RULE_REASON_ROOM,
            );
            rule.push_str(kind);
            rule.push(':');
            rule.push_str(&entry.lang);
            rule.push(':');
            rule.push_str(&entry.source);
            if !why.is_empty() {
                rule.push_str("; ");
                rule.push_str(&why);
            }
            if entry.weak {
                rule.push_str(WEAK_RULE);
            }
            let base = if entry.is_pattern {
                PATTERN_CONFIDENCE
            } else {
                PHRASE_CONFIDENCE
            };
            let mut confidence = base;
            // A cue inside "the cause is unknown" (its "原因", "cause") states no cause.
            let cause_cue = in_sent
                .iter()
                .find(|h| {
                    h.kind == TriggerKind::Cause
                        && h.start >= sent_lo
                        && h.end <= sent_hi
                        && !unknown_spans
                            .iter()
                            .any(|&(a, b)| a <= h.start && h.end <= b)
                })
                .copied();
            // "X 导致 Y", "X, resulting in Y": a cause term after an effect word is the
            // consequence; the sentence's cue states X, not Y.
            // "X caused by Y", "X provoquée par Y": a cause term before a passive cause phrase
            // is the consequence too.
            let after_effect = in_sent.iter().any(|h| {
                (h.kind == TriggerKind::Effect && h.start >= sent_lo && h.end <= m.start)
                    || (h.kind == TriggerKind::EffectBefore && h.start >= m.end && h.end <= sent_hi)
            });
            let in_cause_section = section.is_some_and(|k| CAUSE_SECTIONS.contains(&k));
            let mut strong = false;
            let mut cue_gap = None;
            if entry.field == 3 && !entry.weak {
                let place = if cause_cue.is_some() || in_cause_section {
                    Some("cause")
                } else if is_heading(f, m.start, newlines.of(f)) {
                    Some("heading")
                } else {
                    None
                };
                if let Some(p) = place {
                    confidence = confidence.max(STRONG_COMPONENT_CONFIDENCE);
                    strong = true;
                    rule.push_str("; strong mention (");
                    rule.push_str(p);
                    rule.push(')');
                }
            }
            if entry.field == 1 {
                confidence = CAUSE_BASE_CONFIDENCE;
                if after_effect {
                    rule.push_str("; after an effect word");
                } else if let (Some(h), Some(t)) = (cause_cue, triggers) {
                    confidence += CAUSE_CUE_BONUS;
                    cue_gap = nearest_cue_gap(f, m.start, m.end, in_sent, sent_lo, sent_hi, |h| {
                        !unknown_spans
                            .iter()
                            .any(|&(a, b)| a <= h.start && h.end <= b)
                    });
                    // Written into the rule, not formatted into a string of its own first.
                    let _ = write!(rule, "{CAUSE_CUE_RULE} {:?}", t.word(h));
                }
                if in_cause_section {
                    confidence += CAUSE_SECTION_BONUS;
                }
            }
            if section == Some("timeline") {
                confidence *= TIMELINE_FACTOR;
            }
            // A weak phrase counts for little in passing, but a cause the page states as the
            // cause ("the cause was an error at the provider") is stated in full.
            let weight =
                if entry.field == 1 && entry.weak && (cause_cue.is_some() || in_cause_section) {
                    entry.weight / crate::normalize::matcher::WEAK_FACTOR
                } else {
                    entry.weight
                };
            confidence = (confidence * weight).clamp(0.0, 1.0);
            // A strong mention keeps a component on its own, in a timeline row too.
            if strong {
                confidence = confidence.max(STRONG_COMPONENT_CONFIDENCE * entry.weight.min(1.0));
            }
            let confidence = (f64::from(confidence) * 100.0).round() / 100.0;
            out.push(Label {
                field: matcher.fields[entry.field].as_str(),
                term: moved_to.unwrap_or(entry.term.as_str()),
                quote,
                start: cs,
                end: ce,
                section,
                assertion,
                rule,
                confidence,
                cue_gap,
            });
        }
        let order =
            |a: &Label<&str>, b: &Label<&str>| a.start.cmp(&b.start).then(a.end.cmp(&b.end));
        // A stable sort by (start, end) leaves a list already in order as it is, so check first.
        // Mentions come by start, the longest first, so labels are usually out of order only
        // within runs of one start: then a stable sort of each run by end is the whole list's
        // stable sort (the runs are a label or two; sorting them moves nothing else).
        // Otherwise the keys are sorted with each label's place as the tie-break (the stable
        // order), and the labels moved once, not shuffled whole through the sort.
        if out.windows(2).all(|w| order(&w[0], &w[1]).is_le()) {
            return out;
        }
        if out.windows(2).all(|w| w[0].start <= w[1].start) {
            for run in out.chunk_by_mut(|a, b| a.start == b.start) {
                run.sort_by_key(|l| l.end);
            }
        } else {
            let mut keys: Vec<(usize, usize, usize)> = out
                .iter()
                .enumerate()
                .map(|(i, l)| (l.start, l.end, i))
                .collect();
            keys.sort_unstable();
            let mut slots: Vec<Option<Label<&str>>> = out.into_iter().map(Some).collect();
            out = keys
                .iter()
                .filter_map(|&(_, _, i)| slots[i].take())
                .collect();
        }
        out
    }
}

impl Normalizer {
    /// Whether the mention's sentence `[lo, hi)` holds one of its term's context words (always
    /// true for a term without them).
    fn in_context(matcher: &Matcher, f: &str, m: &Mention, lo: usize, hi: usize) -> bool {
        let t = &matcher.terms[matcher.entries[m.entry].term_idx];
        t.context.is_empty()
            || Self::sentence_holds(t, TermWords::Context, f, lo, hi, None).is_some()
    }

    /// The first of the term's `which` words in the sentence `[lo, hi)` of folded `f`, if any,
    /// leaving out an occurrence that overlaps the bytes `skip` of `f` (the mention's own words).
    fn sentence_holds<'a>(
        t: &'a matcher::TermData,
        which: TermWords,
        f: &str,
        lo: usize,
        hi: usize,
        skip: Option<(usize, usize)>,
    ) -> Option<&'a str> {
        let words = match which {
            TermWords::Cancel => &t.cancel,
            TermWords::Context => &t.context,
            TermWords::Exclude => return None,
        };
        // The sentence begins after its break mark (one char: "。" is three bytes).
        let lo = if lo == 0 {
            0
        } else {
            lo + f
                .get(lo..)
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8)
        };
        let hi = hi.min(f.len());
        let sentence = f.get(lo.min(hi)..hi)?;
        if words.is_empty() || !t.may_hold(which, sentence.as_bytes()) {
            return None;
        }
        let own = |i: usize, len: usize| skip.is_some_and(|(s, e)| lo + i < e && lo + i + len > s);
        words.iter().find_map(|(w, l, r)| {
            text::occurrences(sentence, w.as_str())
                .any(|i| {
                    !own(i, w.len()) && matcher::at_boundaries(sentence, i, i + w.len(), *l, *r)
                })
                .then_some(w.as_str())
        })
    }

    /// The first of the mention's term's cancel words in its sentence `[lo, hi)`, if any. A
    /// cancel word that overlaps the mention is the mention's own ending, not a word about it:
    /// "データを復旧できなかった" (the data could not be restored) is completed by "なかった", which
    /// cancels the term when it stands apart ("データの損失はなかった").
    fn cancelled<'a>(
        matcher: &'a Matcher,
        f: &str,
        m: &Mention,
        lo: usize,
        hi: usize,
    ) -> Option<&'a str> {
        let t = &matcher.terms[matcher.entries[m.entry].term_idx];
        Self::sentence_holds(t, TermWords::Cancel, f, lo, hi, Some((m.start, m.end)))
    }
}

/// Labels with their strings copied (see [`Label::into_owned`]).
fn owned(labels: Vec<Label<&str>>) -> Vec<Label> {
    labels.into_iter().map(Label::into_owned).collect()
}

/// Whether the line holding byte `at` of folded `f` is a title or heading: the first line, or
/// a short line with no sentence end that does not start with a time or number.
/// `newlines` holds the byte offsets of every `\n` in `f`, in order (see [`Newlines`]).
fn is_heading(f: &str, at: usize, newlines: &[usize]) -> bool {
    // The line's bounds from the text's line breaks, not by scanning the (often long) paragraph
    // each mention of a component sits in for the break before and after it.
    let i = newlines.partition_point(|&n| n < at);
    let ls = if i == 0 { 0 } else { newlines[i - 1] + 1 };
    let le = newlines.get(i).copied().unwrap_or(f.len());
    let line = f[ls..le].trim();
    // Whether the line is short enough, without counting every char of a paragraph.
    let short = !longer_than(line, MAX_HEADING_CHARS);
    // The title: the first line, when it is short enough to be one (a page that opens with a
    // paragraph has no title line).
    if (ls == 0 || f[..ls].trim().is_empty()) && short {
        return true;
    }
    short
        && !line.ends_with(['.', '。', ',', '、', ';', ':'])
        && !line.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '*' || c == '|')
        && !line.contains(". ")
        && !line.contains('|')
}

/// Whether `t` has more than `k` chars: a text of at most `k` bytes has not, and one of more
/// than `4 * k` bytes has (a char is one to four bytes); only between the two are they counted.
fn longer_than(t: &str, k: usize) -> bool {
    t.len() > k && (t.len() > 4 * k || t.chars().count() > k)
}

/// The byte offsets of a text's line breaks, found the first time a rule needs them.
#[derive(Default)]
struct Newlines(Option<Vec<usize>>);

impl Newlines {
    fn of(&mut self, f: &str) -> &[usize] {
        self.0
            .get_or_insert_with(|| memchr::memchr_iter(b'\n', f.as_bytes()).collect())
    }
}

/// The byte offset of char offset `c` in `text` (the text's length from its last char on),
/// walking forward from `from`: a (char offset, byte offset) pair at or before `c`. In text
/// known to be ASCII (`ascii`), the char offset itself.
fn byte_at(text: &str, ascii: bool, from: (usize, usize), c: usize) -> usize {
    if ascii {
        return c.min(text.len());
    }
    let (fc, fb) = from;
    text.get(fb..)
        .and_then(|rest| rest.char_indices().nth(c - fc))
        .map_or(text.len(), |(i, _)| fb + i)
}

/// Whether the mention sits in a token that is an address (URL, mail, hashtag), not prose.
fn in_address(f: &str, start: usize, end: usize) -> bool {
    let ts = space_before(f, start).map(|i| i + 1).unwrap_or(0);
    let te = space_from(f, end).unwrap_or(f.len());
    // One pass over the token's bytes: a one-byte mark, or a longer mark that begins there
    // (compared only where its first byte is).
    let token = &f.as_bytes()[ts..te];
    token.iter().enumerate().any(|(k, b)| {
        ADDRESS_BYTES.contains(b)
            || ADDRESS_MARKS.iter().any(|m| {
                let m = m.as_bytes();
                m.first() == Some(b) && token[k..].starts_with(m)
            })
    })
}

/// The ASCII bytes that are whitespace chars (`char::is_whitespace`: tab to carriage return,
/// and the space).
fn is_space_byte(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// Where the last whitespace char before byte `at` (a char boundary) of `f` begins:
/// `f[..at].rfind(char::is_whitespace)`, reading ASCII as bytes and decoding only other chars.
fn space_before(f: &str, at: usize) -> Option<usize> {
    let b = f.as_bytes();
    let mut i = at;
    while i > 0 {
        let x = b[i - 1];
        if x.is_ascii() {
            i -= 1;
            if is_space_byte(x) {
                return Some(i);
            }
        } else {
            let c = f[..i].chars().next_back()?;
            i -= c.len_utf8();
            if c.is_whitespace() {
                return Some(i);
            }
        }
    }
    None
}

/// Where the first whitespace char at or after byte `at` (a char boundary) of `f` begins:
/// `f[at..].find(char::is_whitespace)` as an offset into `f`, read as [`space_before`] reads.
fn space_from(f: &str, at: usize) -> Option<usize> {
    let b = f.as_bytes();
    let mut i = at;
    while i < b.len() {
        let x = b[i];
        if x.is_ascii() {
            if is_space_byte(x) {
                return Some(i);
            }
            i += 1;
        } else {
            let c = f[i..].chars().next()?;
            if c.is_whitespace() {
                return Some(i);
            }
            i += c.len_utf8();
        }
    }
    None
}

/// The abbreviations of the time-zone table (`[abbreviations]` keys); none when it is absent.
fn zone_abbreviations(path: &std::path::Path) -> ZoneCodes {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Default::default();
    };
    match toml::from_str::<toml::Table>(&text) {
        Ok(t) => t
            .get("abbreviations")
            .and_then(|a| a.as_table())
            .map(|a| a.keys().filter(|k| k.len() > 1).cloned().collect())
            .unwrap_or_default(),
        Err(e) => {
            tracing::warn!("{}: {e}; zone codes may be read as words", path.display());
            Default::default()
        }
    }
}

/// Triggers that count: not inside a matched phrase (whose words are its own, as in "could not
/// connect") and not part of a pseudo-trigger ("not only", "no longer").
fn live_triggers<'a>(hits: &'a [Hit], mentions: &[Mention]) -> Vec<&'a Hit> {
    let pseudo: Vec<&Hit> = hits
        .iter()
        .filter(|h| h.kind == TriggerKind::Pseudo)
        .collect();
    // Mentions come sorted by start: the furthest end among those starting at or before a
    // point says whether any of them covers a trigger there (no scan of every mention).
    let mut furthest_end: Vec<usize> = Vec::with_capacity(mentions.len());
    for m in mentions {
        let e = furthest_end.last().map_or(m.end, |&e: &usize| e.max(m.end));
        furthest_end.push(e);
    }
    hits.iter()
        .filter(|h| {
            // A longer trigger that holds a pseudo-trigger is meant ("확인되지 않" holds "되지 않").
            let inside_pseudo = || {
                pseudo.iter().any(|p| {
                    p.start < h.end
                        && h.start < p.end
                        && !(h.start <= p.start
                            && p.end <= h.end
                            && h.end - h.start > p.end - p.start)
                })
            };
            // A cause cue inside a pseudo-trigger is no cue ("ことで" in "ということです": "it is
            // said that").
            if matches!(
                h.kind,
                TriggerKind::Cause | TriggerKind::Effect | TriggerKind::EffectBefore
            ) {
                return !inside_pseudo();
            }
            if !matches!(h.kind, TriggerKind::Assert(..) | TriggerKind::Retracted(..)) {
                return h.kind != TriggerKind::Pseudo;
            }
            let inside_pseudo = inside_pseudo();
            // A trigger that begins inside a mention is the mention's own words ("원활하지 않" +
            // "않았": "was not smooth" states the failure, it does not deny it).
            let before = mentions.partition_point(|m| m.start <= h.start);
            let inside_mention = before > 0 && h.start < furthest_end[before - 1];
            !inside_pseudo && !inside_mention
        })
        .collect()
}

/// How far (bytes) past a clause end's own end a trigger that holds it may reach.
const MAX_TRIGGER_OVERHANG: usize = 64;

/// Sentence ends (punctuation, line breaks, table cells) and clause ends (those plus terminators).
fn breaks(f: &str, hits: &[Hit]) -> Breaks {
    let b = f.as_bytes();
    // A break mark is ASCII or a three-byte UTF-8 sequence, which can only start at a char
    // boundary: the bytes that may begin one are found by memchr's SIMD searches (three, for
    // eight bytes), not by a table lookup per byte of the text.
    let mut sentence = Vec::new();
    let is_break = |i: usize| match b[i] {
        b'\n' | b'!' | b'?' | b';' | b'|' => true,
        b'.' => f[i + 1..].chars().next().is_none_or(char::is_whitespace),
        // 。 U+3002
        0xE3 => b.get(i + 1..i + 3) == Some(&[0x80, 0x82]),
        // ！ U+FF01, ？ U+FF1F, ； U+FF1B
        0xEF => matches!(b.get(i + 1..i + 3), Some([0xBC, 0x81 | 0x9F | 0x9B])),
        _ => false,
    };
    sentence.extend(memchr::memchr3_iter(b'\n', b'.', b'?', b).filter(|&i| is_break(i)));
    // The rarer marks: most texts hold none, and then the list is in order as it is.
    let common = sentence.len();
    sentence.extend(memchr::memchr3_iter(b'!', b';', b'|', b).filter(|&i| is_break(i)));
    sentence.extend(memchr::memchr2_iter(0xE3, 0xEF, b).filter(|&i| is_break(i)));
    if sentence.len() > common {
        sentence.sort_unstable();
    }
    let mut clause = sentence.clone();
    // Assertion triggers (start, end, whether they speak of the words after them), in the
    // order they end (as the automaton reports them).
    let asserts: Vec<(usize, usize, bool)> = hits
        .iter()
        .filter_map(|h| match h.kind {
            TriggerKind::Assert(_, dir) => Some((
                h.start,
                h.end,
                matches!(dir, Dir::Before | Dir::ClauseBefore),
            )),
            _ => None,
        })
        .collect();
    let by_end = asserts.windows(2).all(|w| w[0].1 <= w[1].1);
    for h in hits.iter().filter(|h| h.kind == TriggerKind::Terminator) {
        // A clause end that a trigger holds ("아니었고": "was not, and") ends the clause after
        // the trigger, which still speaks of the words before it; one held by a trigger that
        // speaks of the words after it ("未导致", "会不会导致": did not lead to, would it lead
        // to) ends no clause, or the trigger would reach nothing.
        let from = if by_end {
            asserts.partition_point(|a| a.1 <= h.start)
        } else {
            0
        };
        let mut held = false;
        let mut held_forward = false;
        for a in asserts[from..]
            .iter()
            .take_while(|a| !by_end || a.1 <= h.end + MAX_TRIGGER_OVERHANG)
            .filter(|a| a.0 < h.start && h.start < a.1)
        {
            held = true;
            held_forward |= a.2;
        }
        if held_forward {
            continue;
        }
        if !held {
            clause.push(h.start);
        }
        clause.push(h.end);
    }
    clause.sort_unstable();
    Breaks { sentence, clause }
}

/// The strongest assertion trigger whose scope covers the mention (in its clause `[lo, hi]`),
/// if any.
fn assert_mention<'a>(
    m: &Mention,
    live: &[&'a Hit],
    (lo, hi): (usize, usize),
    f: &str,
    max_before: usize,
    max_after: usize,
) -> Option<(Assertion, &'a Hit)> {
    let mut best: Option<(Assertion, &Hit)> = None;
    for h in live {
        let TriggerKind::Assert(a, dir) = h.kind else {
            continue;
        };
        let in_scope = match dir {
            Dir::Before => {
                h.start >= lo && h.end <= m.start && f[h.end..m.start].chars().count() <= max_before
            }
            Dir::After => {
                h.start >= m.end && h.end <= hi && f[m.end..h.start].chars().count() <= max_after
            }
            Dir::ClauseAfter => h.start >= m.end && h.end <= hi,
            Dir::ClauseBefore => h.start >= lo && h.end <= m.start,
        };
        if in_scope && best.is_none_or(|(b, _)| rank(a) > rank(b)) {
            best = Some((a, h));
        }
    }
    best
}

/// Field index of `root_cause` in [`matcher::LABEL_FIELDS`].
const ROOT_CAUSE_FIELD: usize = 1;

/// A retraction trigger whose clause side covers a cause mention, if any.
/// A retraction trigger that covers a cause mention: one after it anywhere in its clause ("…로
///추정했으나"), or one before it within the language's reach (`max_before` chars: "当初は…").
fn retracted<'a>(
    m: &Mention,
    field: usize,
    live: &[&'a Hit],
    (lo, hi): (usize, usize),
    f: &str,
    max_before: usize,
) -> Option<&'a Hit> {
    if field != ROOT_CAUSE_FIELD {
        return None;
    }
    live.iter().copied().find(|h| match h.kind {
        TriggerKind::Retracted(Dir::After) => h.start >= m.end && h.end <= hi,
        TriggerKind::Retracted(Dir::Before) => {
            h.start >= lo && h.end <= m.start && f[h.end..m.start].chars().count() <= max_before
        }
        _ => false,
    })
}

/// Chars between a cause mention (`[start, end)` in `f`) and the nearest cause cue of its
/// sentence (`[lo, hi)`) that `counts`, on either side: a cue states the cause it stands next to
/// ("原因是A，B也…", "caused by A; B …", "A로 인해 … B"), so of two causes one cue states, the
/// closer one is meant. Overlapping (a cue inside the phrase) is 0.
fn nearest_cue_gap(
    f: &str,
    start: usize,
    end: usize,
    hits: &[&Hit],
    lo: usize,
    hi: usize,
    counts: impl Fn(&Hit) -> bool,
) -> Option<usize> {
    hits.iter()
        .filter(|h| h.kind == TriggerKind::Cause && h.start >= lo && h.end <= hi && counts(h))
        .map(|h| {
            let (a, b) = if h.end <= start {
                (h.end, start)
            } else if h.start >= end {
                (end, h.start)
            } else {
                (0, 0)
            };
            f.get(a..b).map_or(0, |s| s.chars().count())
        })
        .min()
}

/// A year before the page's own, written earlier in the mention's clause (which starts at `lo`).
fn earlier_year(years: &Years, lo: usize, m: &Mention) -> Option<u32> {
    let own = years.own?;
    years
        .marked
        .iter()
        .find(|&&(at, y)| at >= lo && at < m.start && y < own)
        .map(|&(_, y)| y)
}

fn rank(a: Assertion) -> u8 {
    match a {
        Assertion::Negated => 3,
        Assertion::Hypothetical => 2,
        Assertion::Historical => 1,
        Assertion::Affirmed => 0,
    }
}

/// The language of `text` as a two-letter code, by statistics (falls back to English).
pub fn detect_lang(text: &str) -> String {
    let sample: String = text.chars().take(2000).collect();
    let code = whatlang::detect_lang(&sample).map(|l| match l {
        whatlang::Lang::Eng => "en",
        whatlang::Lang::Kor => "ko",
        whatlang::Lang::Vie => "vi",
        whatlang::Lang::Jpn => "ja",
        whatlang::Lang::Cmn => "zh",
        whatlang::Lang::Deu => "de",
        whatlang::Lang::Fra => "fr",
        whatlang::Lang::Spa => "es",
        whatlang::Lang::Por => "pt",
        _ => FALLBACK_LANG,
    });
    code.unwrap_or(FALLBACK_LANG).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentence_breaks_are_the_break_chars() {
        let f = "a. b.c 장애。다음！x？y；z | w\nend.";
        // The rule, char by char: these marks, and a period before whitespace or the end.
        let mut want = Vec::new();
        let mut it = f.char_indices().peekable();
        while let Some((i, c)) = it.next() {
            let next = it.peek().map(|&(_, n)| n);
            let is_break = match c {
                '\n' | '!' | '?' | ';' | '|' | '。' | '！' | '？' | '；' => true,
                '.' => next.is_none_or(char::is_whitespace),
                _ => false,
            };
            if is_break {
                want.push(i);
            }
        }
        assert_eq!(want.len(), 8);
        assert_eq!(breaks(f, &[]).sentence, want);
    }
}
