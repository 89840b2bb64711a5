//! Assertion triggers per language (`mappings/assertions/<lang>.toml`): negated, hypothetical, historical, with clause scopes.
use super::dense::Adaptive;
use super::text::{fold, is_word_char};
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// How far (in chars) a trigger before a mention reaches, when the language file does not say.
const DEFAULT_MAX_BEFORE: usize = 60;
/// How far (in chars) a trigger after a mention reaches back, when the language file does not say.
const DEFAULT_MAX_AFTER: usize = 25;

/// Whether a mention states that something happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Assertion {
    Affirmed,
    Negated,
    Hypothetical,
    Historical,
}

impl Assertion {
    pub fn as_str(&self) -> &'static str {
        match self {
            Assertion::Affirmed => "affirmed",
            Assertion::Negated => "negated",
            Assertion::Hypothetical => "hypothetical",
            Assertion::Historical => "historical",
        }
    }
}

/// Triggers of one assertion kind: those written before the mention and those after it.
#[derive(Debug, Clone, Default, Deserialize)]
struct Directional {
    #[serde(default)]
    before: Vec<String>,
    #[serde(default)]
    after: Vec<String>,
    /// Words after the mention whose scope is its whole clause, however far back ("…한 것은
    /// 아니다", "…わけではない": it is not the case that …).
    #[serde(default)]
    clause_after: Vec<String>,
    /// Words before the mention whose scope runs over the rest of their clause, however long
    /// ("有网友称…": netizens say that …; the whole report is theirs, not the page's).
    #[serde(default)]
    clause_before: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct ScopeFile {
    /// Phrases that contain a trigger word but do not trigger ("not only", "no longer").
    #[serde(default)]
    pseudo: Vec<String>,
    /// Words that end a trigger's scope inside a sentence ("but", "however", ", and").
    #[serde(default)]
    terminators: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct CueFile {
    /// Phrases that mark a sentence as stating the cause ("root cause", "caused by", "원인").
    #[serde(default)]
    cause: Vec<String>,
    /// Phrases that introduce the consequence of a cause ("导致", "resulting in", "により"):
    /// a cause term after one of them in its sentence is the effect, not the stated cause.
    #[serde(default)]
    effect: Vec<String>,
    /// Passive cause phrases that follow the consequence ("caused by", "provoquée par",
    /// "verursacht durch"): a cause term before one of them in its sentence is the effect.
    #[serde(default)]
    effect_before: Vec<String>,
    /// In action items: marks an item as done (then its mentions happened).
    #[serde(default)]
    done: Vec<String>,
    /// In lessons: marks a sentence as recounting what happened.
    #[serde(default)]
    happened: Vec<String>,
    /// Question words that take their question's content as given ("why did the database
    /// fail?", "왜 다운됐냐?", "为什么会宕机？"): such a question states what it asks about.
    #[serde(default)]
    presupposed: Vec<String>,
}

/// Page furniture that is never evidence.
#[derive(Debug, Clone, Default, Deserialize)]
struct FurnitureFile {
    /// A line that begins with one of these is furniture ("Tags:", "Filed under").
    #[serde(default)]
    lines: Vec<String>,
    /// A short line that begins with one of these starts a list of links ("Related posts"):
    /// it and the short lines after it are furniture, up to the first line of prose.
    #[serde(default)]
    headings: Vec<String>,
}

/// A furniture heading's list ends at the first line longer than this (prose).
const MAX_FURNITURE_LINE_CHARS: usize = 120;

/// One `mappings/assertions/<lang>.toml` file.
#[derive(Debug, Clone, Default, Deserialize)]
struct LangFile {
    #[serde(default)]
    also: Vec<String>,
    max_before: Option<usize>,
    max_after: Option<usize>,
    #[serde(default)]
    negated: Directional,
    #[serde(default)]
    hypothetical: Directional,
    #[serde(default)]
    historical: Directional,
    /// A cause first claimed and then withdrawn ("디도스로 추정했다가", "最初怀疑", "としていたが"):
    /// `after` words negate every cause mention earlier in their clause, however far; `before`
    /// words the cause mentions after them within `max_before` chars.
    #[serde(default)]
    retracted: Directional,
    #[serde(default)]
    scope: ScopeFile,
    #[serde(default)]
    cues: CueFile,
    #[serde(default)]
    furniture: FurnitureFile,
    /// Section kind → heading words, for splitting raw text into sections.
    #[serde(default)]
    sections: BTreeMap<String, Vec<String>>,
}

/// What a trigger does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TriggerKind {
    Assert(Assertion, Dir),
    /// A withdrawn cause claim: negates cause mentions on its side of the clause.
    Retracted(Dir),
    Pseudo,
    Terminator,
    Cause,
    Effect,
    /// A passive cause phrase: the cause term before it is the consequence.
    EffectBefore,
    Done,
    Happened,
    Presupposed,
}

/// Which side of the mention a trigger stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Before,
    After,
    /// After the mention, reaching back over the whole clause.
    ClauseAfter,
    /// Before the mention, reaching forward over the whole clause.
    ClauseBefore,
}

/// A trigger found in folded text: byte range and what it does.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub start: usize,
    pub end: usize,
    pub kind: TriggerKind,
    pub idx: usize,
}

/// The triggers of one language (plus the languages it names in `also`), in one automaton.
#[derive(Debug, Clone)]
pub struct LangTriggers {
    /// The triggers, in one automaton (a DFA once the run has searched enough texts).
    ac: Option<Adaptive>,
    words: Vec<(String, TriggerKind, bool, bool)>,
    pub max_before: usize,
    pub max_after: usize,
    furniture_lines: Vec<String>,
    furniture_headings: Vec<String>,
    /// The first two bytes of every furniture line and heading word, sorted (None when one is
    /// shorter): a line that begins with none of them is passed over without comparing it with
    /// every word.
    furniture_starts: Option<Vec<u16>>,
}

/// The first two bytes of `b` as one key (see `LangTriggers::furniture_starts`).
fn two_bytes(b: &[u8]) -> Option<u16> {
    b.get(..2).map(|p| u16::from_le_bytes([p[0], p[1]]))
}

/// Whether `t` has more than `k` chars (counted only when its length leaves it open).
fn longer_than(t: &str, k: usize) -> bool {
    t.len() > k && (t.len() > 4 * k || t.chars().count() > k)
}

impl LangTriggers {
    fn build(files: &[&LangFile]) -> Result<Self> {
        let mut words: Vec<(String, TriggerKind, bool, bool)> = Vec::new();
        let mut add = |list: &[String], kind: TriggerKind| {
            for w in list {
                let (left, right, core) = super::matcher::boundaries(w);
                let f = fold(core);
                if !f.is_empty() {
                    words.push((f, kind, left, right));
                }
            }
        };
        for f in files {
            for (a, d) in [
                (Assertion::Negated, &f.negated),
                (Assertion::Hypothetical, &f.hypothetical),
                (Assertion::Historical, &f.historical),
            ] {
                add(&d.before, TriggerKind::Assert(a, Dir::Before));
                add(&d.after, TriggerKind::Assert(a, Dir::After));
                add(&d.clause_after, TriggerKind::Assert(a, Dir::ClauseAfter));
                add(&d.clause_before, TriggerKind::Assert(a, Dir::ClauseBefore));
            }
            add(&f.retracted.before, TriggerKind::Retracted(Dir::Before));
            add(&f.retracted.after, TriggerKind::Retracted(Dir::After));
            add(&f.scope.pseudo, TriggerKind::Pseudo);
            add(&f.scope.terminators, TriggerKind::Terminator);
            add(&f.cues.cause, TriggerKind::Cause);
            add(&f.cues.effect, TriggerKind::Effect);
            add(&f.cues.effect_before, TriggerKind::EffectBefore);
            add(&f.cues.done, TriggerKind::Done);
            add(&f.cues.happened, TriggerKind::Happened);
            add(&f.cues.presupposed, TriggerKind::Presupposed);
        }
        let ac = if words.is_empty() {
            None
        } else {
            Some(Adaptive::new(
                words.iter().map(|w| w.0.clone()).collect(),
                None,
                DENSE_AFTER,
                "the assertion trigger automaton",
            )?)
        };
        let first = files.first();
        let folded = |pick: fn(&FurnitureFile) -> &Vec<String>| -> Vec<String> {
            files
                .iter()
                .flat_map(|f| pick(&f.furniture).iter().map(|w| fold(w)))
                .filter(|w| !w.is_empty())
                .collect()
        };
        let furniture_lines = folded(|f| &f.lines);
        let furniture_headings = folded(|f| &f.headings);
        let furniture_starts = furniture_lines
            .iter()
            .chain(&furniture_headings)
            .map(|w| two_bytes(w.as_bytes()))
            .collect::<Option<Vec<u16>>>()
            .map(|mut v| {
                v.sort_unstable();
                v.dedup();
                v
            });
        Ok(LangTriggers {
            furniture_lines,
            furniture_headings,
            furniture_starts,
            ac,
            words,
            max_before: first
                .and_then(|f| f.max_before)
                .unwrap_or(DEFAULT_MAX_BEFORE),
            max_after: first.and_then(|f| f.max_after).unwrap_or(DEFAULT_MAX_AFTER),
        })
    }

    /// Every trigger in `folded`, respecting word boundaries for spaced scripts.
    pub fn find(&self, folded: &str) -> Vec<Hit> {
        let Some(ac) = &self.ac else {
            return Vec::new();
        };
        // Room for a hit per 16 bytes of text: the list seldom grows, and each growth copies it.
        let mut out = Vec::with_capacity(folded.len() / 16);
        ac.for_each_overlapping(folded, |idx, start, end| {
            let (_, kind, left, right) = &self.words[idx];
            if super::matcher::at_boundaries(folded, start, end, *left, *right) {
                out.push(Hit {
                    start,
                    end,
                    kind: *kind,
                    idx,
                });
            }
        });
        out
    }

    /// Byte ranges of folded text that are page furniture: tag rows, and related-post lists
    /// (a furniture heading and the short lines after it).
    pub fn furniture(&self, folded: &str) -> Vec<(usize, usize)> {
        if self.furniture_lines.is_empty() && self.furniture_headings.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut list_from: Option<usize> = None;
        let mut pos = 0;
        for line in folded.split_inclusive('\n') {
            let start = pos;
            pos += line.len();
            let t = line
                .trim()
                .trim_start_matches(['-', '*', '•', '#', '·', ' ']);
            if let Some(from) = list_from {
                if longer_than(t, MAX_FURNITURE_LINE_CHARS) {
                    out.push((from, start));
                    list_from = None;
                } else {
                    continue;
                }
            }
            // No furniture word begins with the line's first two bytes: none can start it.
            if let Some(starts) = &self.furniture_starts {
                if two_bytes(t.as_bytes()).is_none_or(|k| starts.binary_search(&k).is_err()) {
                    continue;
                }
            }
            let starts = |w: &String| {
                t.starts_with(w.as_str())
                    && !t[w.len()..].starts_with(|c: char| super::text::is_word_char(c))
            };
            if self.furniture_lines.iter().any(starts) {
                out.push((start, pos));
            } else if !longer_than(t, MAX_FURNITURE_LINE_CHARS / 2)
                && self.furniture_headings.iter().any(starts)
            {
                list_from = Some(start);
            }
        }
        if let Some(from) = list_from {
            out.push((from, folded.len()));
        }
        out
    }

    /// The folded trigger text of a hit.
    pub fn word(&self, hit: &Hit) -> &str {
        &self.words[hit.idx].0
    }
}

/// Texts a language's triggers search before their automaton becomes a DFA (see [`Adaptive`]):
/// the trigger DFA is small and quick to build.
const DENSE_AFTER: usize = 64;

/// All languages' triggers and heading words, loaded from `mappings/assertions/`. A language's
/// trigger automaton is built the first time a text in that language needs it.
#[derive(Debug, Clone, Default)]
pub struct Assertions {
    /// Language → the files its triggers come from (itself first, then its `also`).
    files: BTreeMap<String, Vec<std::sync::Arc<LangFile>>>,
    langs: BTreeMap<String, std::sync::OnceLock<LangTriggers>>,
    /// Language → (section kind, folded heading word).
    pub headings: BTreeMap<String, Vec<(String, String)>>,
}

impl Assertions {
    /// Loads every `<lang>.toml` in `dir`; a missing folder gives no triggers (every mention affirmed).
    pub fn load(dir: &Path) -> Result<Self> {
        let mut files: BTreeMap<String, LangFile> = BTreeMap::new();
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(_) => {
                tracing::warn!(
                    "no assertion triggers in {} (every mention will count as affirmed)",
                    dir.display()
                );
                return Ok(Self::default());
            }
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "toml") {
                let lang = p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string();
                let text = std::fs::read_to_string(&p)
                    .with_context(|| format!("reading {}", p.display()))?;
                let f: LangFile = toml::from_str(&text).with_context(|| {
                    format!("parsing {} (assertion triggers for {lang})", p.display())
                })?;
                files.insert(lang, f);
            }
        }
        let files: BTreeMap<String, std::sync::Arc<LangFile>> = files
            .into_iter()
            .map(|(k, v)| (k, std::sync::Arc::new(v)))
            .collect();
        let mut out = Self::default();
        for (lang, f) in &files {
            let mut set = vec![f.clone()];
            for other in &f.also {
                if let Some(o) = files.get(other) {
                    if other != lang {
                        set.push(o.clone());
                    }
                }
            }
            out.files.insert(lang.clone(), set);
            out.langs.insert(lang.clone(), std::sync::OnceLock::new());
            let mut heads = Vec::new();
            for (kind, words) in &f.sections {
                for w in words {
                    heads.push((kind.clone(), fold(w)));
                }
            }
            out.headings.insert(lang.clone(), heads);
        }
        Ok(out)
    }

    /// The triggers for `lang` (falls back to English, then to none), built on first use.
    pub fn for_lang(&self, lang: &str) -> Option<&LangTriggers> {
        let (key, cell) = self
            .langs
            .get_key_value(lang)
            .or_else(|| self.langs.get_key_value("en"))?;
        Some(cell.get_or_init(|| {
            let set: Vec<&LangFile> = self.files[key].iter().map(|f| f.as_ref()).collect();
            LangTriggers::build(&set).unwrap_or_else(|e| {
                tracing::warn!("{key} assertion triggers: {e:#}; every mention counts as affirmed");
                LangTriggers {
                    ac: None,
                    words: Vec::new(),
                    max_before: DEFAULT_MAX_BEFORE,
                    max_after: DEFAULT_MAX_AFTER,
                    furniture_lines: Vec::new(),
                    furniture_headings: Vec::new(),
                    furniture_starts: None,
                }
            })
        }))
    }

    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.langs.keys().map(String::as_str)
    }
}

/// Whether the char before `at` in `s` is a word char of a spaced script.
pub fn word_before(s: &str, at: usize) -> bool {
    s[..at].chars().next_back().is_some_and(is_word_char)
}
