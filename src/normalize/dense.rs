//! Aho-Corasick automata that start cheap to build and become DFAs once a run has used them enough.
//!
//! A one-page draft searches a language's phrases and triggers once or twice: the crate's
//! contiguous NFA builds quickly and serves. A library run searches them thousands of times:
//! there a DFA (no failure links to follow) takes far fewer instructions per byte, and its
//! build, which costs about as much as labelling a hundred seed cases, pays for itself. Both
//! automata hold the same patterns with the same match kind, so they report the same matches
//! in the same order.
//!
//! The DFA is walked here, byte by byte, rather than through the crate's overlapping iterator:
//! that iterator returns to its caller at every match and, with a prefilter, calls it whenever
//! the walk is back at the start state (in prose: after most bytes), which cost several times
//! the table lookup itself. The DFA is built without a prefilter, so only match states (and
//! the dead state, never reached in an unanchored search) are special.
use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{AhoCorasick, AhoCorasickKind, Anchored, MatchKind};
use anyhow::{Context, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Overlapping-search automaton over `patterns`, swapped for a DFA after `dense_after` searches.
#[derive(Debug)]
pub struct Adaptive {
    patterns: Vec<String>,
    first: AhoCorasick,
    dense: OnceLock<Option<DFA>>,
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

    /// The DFA for the next search, once the first automaton has served `dense_after`
    /// searches (None before, and should the DFA fail to build).
    fn dense(&self) -> Option<&DFA> {
        if self.uses.load(Ordering::Relaxed) < self.dense_after {
            self.uses.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        self.dense
            .get_or_init(|| {
                DFA::builder()
                    .match_kind(MatchKind::Standard)
                    .prefilter(false)
                    .build(&self.patterns)
                    .ok()
            })
            .as_ref()
    }

    /// Calls `f(pattern, start, end)` for every overlapping match in `hay`, in the order the
    /// crate's `find_overlapping_iter` reports them (by end, then the state's match order).
    pub fn for_each_overlapping(&self, hay: &str, mut f: impl FnMut(usize, usize, usize)) {
        let Some(dfa) = self.dense() else {
            for m in self.first.find_overlapping_iter(hay) {
                f(m.pattern().as_usize(), m.start(), m.end());
            }
            return;
        };
        let Ok(mut sid) = dfa.start_state(Anchored::No) else {
            return;
        };
        let mut report = |sid, end: usize| {
            for i in 0..dfa.match_len(sid) {
                let pid = dfa.match_pattern(sid, i);
                f(pid.as_usize(), end - dfa.pattern_len(pid), end);
            }
        };
        // An empty pattern matches at the start (none of ours is empty; kept for exactness).
        if dfa.is_match(sid) {
            report(sid, 0);
        }
        for (i, &b) in hay.as_bytes().iter().enumerate() {
            sid = dfa.next_state(Anchored::No, sid, b);
            if dfa.is_special(sid) {
                if dfa.is_dead(sid) {
                    return;
                }
                if dfa.is_match(sid) {
                    report(sid, i + 1);
                }
            }
        }
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
        let hits = || -> Vec<(usize, usize, usize)> {
            let mut v = Vec::new();
            a.for_each_overlapping(text, |p, s, e| v.push((p, s, e)));
            v
        };
        let first = hits();
        assert!(a.dense.get().is_none(), "the first search is the NFA's");
        let dense = hits();
        assert!(
            a.dense.get().is_some_and(|d| d.is_some()),
            "the DFA is in use"
        );
        assert_eq!(first, dense);
        assert!(first.len() >= 7, "{first:?}");
        // The crate's own DFA search reports the same.
        let crate_dfa = build(&a.patterns, Some(AhoCorasickKind::DFA)).unwrap();
        let want: Vec<(usize, usize, usize)> = crate_dfa
            .find_overlapping_iter(text)
            .map(|m| (m.pattern().as_usize(), m.start(), m.end()))
            .collect();
        assert_eq!(dense, want);
    }
}
