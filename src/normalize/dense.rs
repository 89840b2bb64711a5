//! Aho-Corasick automata that start cheap to build and become DFAs once a run has used them enough.
//!
//! A one-page draft searches a language's phrases and triggers once or twice: the crate's
//! contiguous NFA builds quickly and serves. A library run searches them thousands of times:
//! there a DFA (no failure links to follow) takes far fewer instructions per byte, and its
//! build, which costs about as much as labelling a hundred seed cases, pays for itself. Both
//! automata hold the same patterns with the same match kind, so they report the same matches
//! in the same order.
use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use anyhow::{Context, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Overlapping-search automaton over `patterns`, swapped for a DFA after `dense_after` searches.
#[derive(Debug)]
pub struct Adaptive {
    patterns: Vec<String>,
    first: AhoCorasick,
    dense: OnceLock<Option<AhoCorasick>>,
    uses: AtomicUsize,
    dense_after: usize,
}

impl Clone for Adaptive {
    fn clone(&self) -> Self {
        Adaptive {
            patterns: self.patterns.clone(),
            first: self.first.clone(),
            dense: self.dense.clone(),
            uses: AtomicUsize::new(self.uses.load(Ordering::Relaxed)),
            dense_after: self.dense_after,
        }
    }
}

impl Adaptive {
    /// The first automaton is of `kind` (None: the crate's choice); `what` names it in errors.
    pub fn new(
        patterns: Vec<String>,
        kind: Option<AhoCorasickKind>,
        dense_after: usize,
        what: &str,
    ) -> Result<Self> {
        let first = build(&patterns, kind).with_context(|| format!("building {what}"))?;
        Ok(Adaptive {
            patterns,
            first,
            dense: OnceLock::new(),
            uses: AtomicUsize::new(0),
            dense_after,
        })
    }

    /// The automaton for the next search: the first one until it has served `dense_after`
    /// searches, the DFA after (the first one still, should the DFA fail to build).
    pub fn get(&self) -> &AhoCorasick {
        if self.uses.load(Ordering::Relaxed) < self.dense_after {
            self.uses.fetch_add(1, Ordering::Relaxed);
            return &self.first;
        }
        self.dense
            .get_or_init(|| build(&self.patterns, Some(AhoCorasickKind::DFA)).ok())
            .as_ref()
            .unwrap_or(&self.first)
    }
}

fn build(patterns: &[String], kind: Option<AhoCorasickKind>) -> Result<AhoCorasick> {
    Ok(AhoCorasick::builder()
        .match_kind(MatchKind::Standard)
        .kind(kind)
        .build(patterns)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dense_automaton_finds_what_the_first_one_did() {
        let words: Vec<String> = ["not", "no", "not only", "caused by", "원인", "なし"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let a = Adaptive::new(words, None, 1, "test words").unwrap();
        let text = "not only caused by no power; 원인 なし not";
        let hits = |ac: &AhoCorasick| -> Vec<(usize, usize, usize)> {
            ac.find_overlapping_iter(text)
                .map(|m| (m.pattern().as_usize(), m.start(), m.end()))
                .collect()
        };
        let first = hits(a.get());
        let dense = hits(a.get());
        assert!(
            a.dense.get().is_some_and(|d| d.is_some()),
            "the DFA is in use"
        );
        assert_eq!(first, dense);
        assert!(first.len() >= 7, "{first:?}");
    }
}
