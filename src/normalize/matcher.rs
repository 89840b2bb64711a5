//! One-pass phrase matching (aho-corasick over every term's phrases) plus regex patterns, longest match per field.
use super::text::{fold, is_word_char};
use crate::vocab::Vocabulary;
use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use anyhow::{Context, Result};
use regex::Regex;
use std::collections::HashMap;

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
    left: bool,
    right: bool,
}

/// A phrase or pattern found in folded text.
#[derive(Debug, Clone)]
pub struct Mention {
    pub start: usize,
    pub end: usize,
    pub entry: usize,
}

/// Every phrase of every label field in one automaton (a DFA), and the compiled patterns.
#[derive(Debug, Clone)]
pub struct Matcher {
    ac: Option<AhoCorasick>,
    /// Automaton pattern id → entries sharing that folded phrase.
    by_phrase: Vec<Vec<usize>>,
    pub entries: Vec<Entry>,
    regexes: Vec<(Regex, usize)>,
    pub fields: Vec<String>,
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

impl Matcher {
    pub fn new(vocab: &Vocabulary) -> Result<Self> {
        let mut entries = Vec::new();
        let mut phrases: Vec<String> = Vec::new();
        let mut by_phrase: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<(String, bool, bool), usize> = HashMap::new();
        let mut fields = Vec::new();
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
                for (lang, list) in &t.phrases {
                    for p in list {
                        let (left, right, core) = boundaries(p);
                        let f = fold(core);
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
                            left,
                            right,
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
                for (lang, list) in &t.patterns {
                    for p in list {
                        Regex::new(p).with_context(|| {
                            format!(
                                "mappings/{name}.toml: term {term:?}, {lang} pattern {p:?} is not a valid regular expression"
                            )
                        })?;
                        entries.push(Entry {
                            field: fi,
                            term: term.clone(),
                            lang: lang.clone(),
                            source: p.clone(),
                            is_pattern: true,
                            weight,
                            left: true,
                            right: true,
                        });
                    }
                }
            }
        }
        let ac = if phrases.is_empty() {
            None
        } else {
            Some(
                AhoCorasick::builder()
                    .match_kind(MatchKind::Standard)
                    .kind(Some(AhoCorasickKind::DFA))
                    .build(&phrases)
                    .context("building the phrase automaton")?,
            )
        };
        let regexes = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_pattern)
            .map(|(i, e)| (Regex::new(&e.source).expect("checked above"), i))
            .collect();
        Ok(Matcher {
            ac,
            by_phrase,
            entries,
            regexes,
            fields,
        })
    }

    /// Every mention in folded text of phrases in `langs` (all languages when empty); within one
    /// field a match inside a longer one is dropped.
    pub fn find(&self, folded: &str, langs: &[&str]) -> Vec<Mention> {
        let allowed = |e: usize| langs.is_empty() || langs.contains(&self.entries[e].lang.as_str());
        let mut found = Vec::new();
        if let Some(ac) = &self.ac {
            for m in ac.find_overlapping_iter(folded) {
                for &e in &self.by_phrase[m.pattern().as_usize()] {
                    let en = &self.entries[e];
                    if allowed(e) && at_boundaries(folded, m.start(), m.end(), en.left, en.right) {
                        found.push(Mention {
                            start: m.start(),
                            end: m.end(),
                            entry: e,
                        });
                    }
                }
            }
        }
        // Each pattern runs on its own: the regex engine skips ahead on its literal prefix, which
        // is far cheaper than a set scan with Unicode word boundaries.
        for (re, e) in &self.regexes {
            if !allowed(*e) {
                continue;
            }
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
        // Longest first, so a sub-phrase finds the longer match of its field that covers it.
        found.sort_by(|a, b| {
            a.start
                .cmp(&b.start)
                .then((b.end - b.start).cmp(&(a.end - a.start)))
        });
        let mut kept: Vec<Mention> = Vec::with_capacity(found.len());
        for m in found {
            let field = self.entries[m.entry].field;
            let covered = kept.iter().rev().take(64).any(|k| {
                self.entries[k.entry].field == field
                    && k.start <= m.start
                    && m.end <= k.end
                    && (k.end - k.start > m.end - m.start || k.entry != m.entry)
                    && !(k.start == m.start
                        && k.end == m.end
                        && self.entries[k.entry].term != self.entries[m.entry].term)
            });
            if !covered {
                kept.push(m);
            }
        }
        kept
    }
}
