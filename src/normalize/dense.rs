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
use aho_corasick::automaton::StateID;
use aho_corasick::dfa::DFA;
use aho_corasick::{AhoCorasick, AhoCorasickKind, Anchored, MatchKind};
use anyhow::{Context, Result};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Whether DFAs are built on a thread of their own while searches go on with the first
/// automaton (see [`build_in_background`]).
static BACKGROUND: AtomicBool = AtomicBool::new(false);

/// From now on, a DFA due to be built is built on a thread of its own, and searches keep using
/// the first automaton until it is ready, instead of the search that reached the threshold
/// building it (and every other thread that needs it waiting). For a library run, where the
/// other workers would otherwise stand idle for the build (a quarter of a second for the
/// English phrases); the DFA finds the same matches, so only speed depends on when it is ready.
pub fn build_in_background() {
    BACKGROUND.store(true, Ordering::Relaxed);
}

/// Overlapping-search automaton over `patterns`, swapped for a DFA after `dense_after` searches.
#[derive(Debug)]
pub struct Adaptive {
    patterns: Vec<String>,
    first: AhoCorasick,
    /// Shared with the thread that builds it in the background, if one does.
    dense: Arc<OnceLock<Option<DFA>>>,
    /// Whether a background build has been started.
    building: Arc<AtomicBool>,
    uses: AtomicUsize,
    dense_after: usize,
}

impl Clone for Adaptive {
    fn clone(&self) -> Self {
        Adaptive {
            patterns: self.patterns.clone(),
            first: self.first.clone(),
            dense: self.dense.clone(),
            building: self.building.clone(),
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
            dense: Arc::new(OnceLock::new()),
            building: Arc::new(AtomicBool::new(false)),
            uses: AtomicUsize::new(0),
            dense_after,
        })
    }

    /// The DFA for the next search, once the first automaton has served `dense_after`
    /// searches (None before, and should the DFA fail to build; with [`build_in_background`],
    /// also None until it is built).
    fn dense(&self) -> Option<&DFA> {
        if let Some(d) = self.dense.get() {
            return d.as_ref();
        }
        if self.uses.load(Ordering::Relaxed) < self.dense_after {
            self.uses.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        if !BACKGROUND.load(Ordering::Relaxed) {
            return self
                .dense
                .get_or_init(|| dense_dfa(&self.patterns))
                .as_ref();
        }
        if !self.building.swap(true, Ordering::Relaxed) {
            let (cell, patterns) = (self.dense.clone(), self.patterns.clone());
            let spawned = std::thread::Builder::new()
                .name("dfa-build".into())
                .spawn(move || {
                    cell.get_or_init(|| dense_dfa(&patterns));
                });
            if spawned.is_err() {
                // No thread to be had: build it here, as without background builds.
                return self
                    .dense
                    .get_or_init(|| dense_dfa(&self.patterns))
                    .as_ref();
            }
        }
        None
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
        let Ok(start) = dfa.start_state(Anchored::No) else {
            return;
        };
        let bytes = hay.as_bytes();
        // Far enough back that a lane's walk is in the state the whole walk would be in by the
        // time it reaches its own part (see `walk_lanes`).
        let warm_up = dfa.max_pattern_len();
        if bytes.len() < MIN_LANE_BYTES * LANES || warm_up * LANES * 4 > bytes.len() {
            walk_one(dfa, start, bytes, &mut f);
            return;
        }
        walk_lanes(dfa, start, bytes, warm_up, &mut f);
    }
}

/// Parts of a text walked side by side (see [`walk_lanes`]).
const LANES: usize = 8;
/// A text shorter than this many bytes per lane is walked in one piece.
const MIN_LANE_BYTES: usize = 128;

/// Bytes per lane read in one block of [`walk_lanes`]' loop.
const BLOCK: usize = 16;

/// One step of every lane: lane `k` reads `byte(k)`. Whether any lane is now in a special state.
#[inline(always)]
fn advance(dfa: &DFA, sid: &mut [StateID; LANES], byte: impl Fn(usize) -> u8) -> bool {
    let mut special = false;
    for (k, s) in sid.iter_mut().enumerate() {
        *s = dfa.next_state(Anchored::No, *s, byte(k));
        special |= dfa.is_special(*s);
    }
    special
}

/// Reports the matches of the state `sid` reached with byte `end` (exclusive) read.
#[inline]
fn report(dfa: &DFA, sid: StateID, end: usize, f: &mut impl FnMut(usize, usize, usize)) {
    for i in 0..dfa.match_len(sid) {
        let pid = dfa.match_pattern(sid, i);
        f(pid.as_usize(), end - dfa.pattern_len(pid), end);
    }
}

/// The plain walk: every byte of `bytes` in turn from `start`.
fn walk_one(dfa: &DFA, start: StateID, bytes: &[u8], f: &mut impl FnMut(usize, usize, usize)) {
    let mut sid = start;
    // An empty pattern matches at the start (none of ours is empty; kept for exactness).
    if dfa.is_match(sid) {
        report(dfa, sid, 0, f);
    }
    for (i, &b) in bytes.iter().enumerate() {
        sid = dfa.next_state(Anchored::No, sid, b);
        if dfa.is_special(sid) {
            if dfa.is_dead(sid) {
                return;
            }
            if dfa.is_match(sid) {
                report(dfa, sid, i + 1, f);
            }
        }
    }
}

/// The same matches as [`walk_one`], in the same order, from [`LANES`] walks of consecutive
/// parts of the text taken a byte each in turn. Each step of a walk waits for the table load
/// of the step before it (a chain of dependent loads, most of the walk's time); walks of
/// different parts do not depend on each other, so the processor overlaps their loads.
///
/// A lane starts `warm_up` (the longest pattern's length) bytes before its part, reporting
/// nothing there: the automaton's state after reading a text is its longest suffix that begins
/// some pattern, never longer than the longest pattern, so after that many bytes the lane is in
/// the state a walk from the text's start would be in. Each part's matches (those ending in it)
/// are then reported in order: the first part's as they come, the others' once it is done.
fn walk_lanes(
    dfa: &DFA,
    start: StateID,
    bytes: &[u8],
    warm_up: usize,
    f: &mut impl FnMut(usize, usize, usize),
) {
    let n = bytes.len();
    // Part k is bytes [ends[k], ends[k + 1]); lane k starts reading at from[k].
    let mut ends = [0usize; LANES + 1];
    for (k, e) in ends.iter_mut().enumerate() {
        *e = n * k / LANES;
    }
    let mut from = [0usize; LANES];
    for k in 1..LANES {
        // (From the start when the part begins closer to it than that: the same walk.)
        from[k] = ends[k].saturating_sub(warm_up);
    }
    // An empty pattern matches at the start (none of ours is empty; kept for exactness).
    if dfa.is_match(start) {
        report(dfa, start, 0, f);
    }
    let mut sid = [start; LANES];
    let mut held: [Vec<(usize, usize, usize)>; LANES] = Default::default();
    // Steps every lane still has (the first lane, which needs no warm-up, has the most).
    let common = (1..LANES)
        .map(|k| ends[k + 1] - from[k])
        .chain(std::iter::once(ends[1]))
        .min()
        .unwrap_or(0);
    // After a step that left some lane in a special state (rare: a match), each lane's match.
    let mut matches_at = |sid: &[StateID; LANES], step: usize| {
        for k in 0..LANES {
            let (s, at) = (sid[k], from[k] + step);
            if dfa.is_match(s) && at >= ends[k] {
                if k == 0 {
                    report(dfa, s, at + 1, f);
                } else {
                    report(dfa, s, at + 1, &mut |p, a, b| held[k].push((p, a, b)));
                }
            }
        }
    };
    // The steps in blocks of BLOCK bytes per lane, each lane's block a fixed-size array, so the
    // inner loop indexes without bounds checks; one test per step for a special state.
    let mut step = 0;
    while step + BLOCK <= common {
        let block: [&[u8; BLOCK]; LANES] = std::array::from_fn(|k| {
            let at = from[k] + step;
            bytes[at..at + BLOCK]
                .try_into()
                .expect("a block is BLOCK bytes")
        });
        // `j` picks the byte of every lane's block (block[k][j]), not an item of `block`.
        #[allow(clippy::needless_range_loop)]
        for j in 0..BLOCK {
            if advance(dfa, &mut sid, |k| block[k][j]) {
                matches_at(&sid, step + j);
            }
        }
        step += BLOCK;
    }
    for step in step..common {
        if advance(dfa, &mut sid, |k| bytes[from[k] + step]) {
            matches_at(&sid, step);
        }
    }
    // Each lane's remaining bytes, in order; a lane's held matches follow the lanes before it.
    for k in 0..LANES {
        let mut s = sid[k];
        let rest = from[k] + common;
        for (at, &b) in bytes[rest..ends[k + 1]]
            .iter()
            .enumerate()
            .map(|(i, b)| (rest + i, b))
        {
            s = dfa.next_state(Anchored::No, s, b);
            if dfa.is_special(s) && dfa.is_match(s) && at >= ends[k] {
                if k == 0 {
                    report(dfa, s, at + 1, f);
                } else {
                    report(dfa, s, at + 1, &mut |p, a, b| held[k].push((p, a, b)));
                }
            }
        }
        for &(p, a, b) in &held[k] {
            f(p, a, b);
        }
    }
}

/// The DFA over `patterns` (no prefilter: see the module's note); None when it cannot be built.
fn dense_dfa(patterns: &[String]) -> Option<DFA> {
    DFA::builder()
        .match_kind(MatchKind::Standard)
        .prefilter(false)
        .build(patterns)
        .ok()
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

    #[test]
    fn lanes_find_what_one_walk_does_in_the_same_order() {
        let words: Vec<String> = ["ab", "abc", "bcd", "c", "장애", "xyzzy", "a b c d e f"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let a = Adaptive::new(words, None, 0, "test words").unwrap();
        let dfa = a.dense().unwrap();
        let start = dfa.start_state(Anchored::No).unwrap();
        // Texts of many lengths, so the parts' edges fall inside matches and warm-ups.
        let unit = "abcd 장애 xyzzy a b c d e f ";
        for reps in [1usize, 40, 41, 77, 150, 301] {
            let text: String = unit.repeat(reps) + "abc";
            for cut in 0..7 {
                let t = &text[..text.len() - cut];
                let mut one = Vec::new();
                walk_one(dfa, start, t.as_bytes(), &mut |p, s, e| one.push((p, s, e)));
                let mut lanes = Vec::new();
                walk_lanes(
                    dfa,
                    start,
                    t.as_bytes(),
                    dfa.max_pattern_len(),
                    &mut |p, s, e| lanes.push((p, s, e)),
                );
                let mut public = Vec::new();
                a.for_each_overlapping(t, |p, s, e| public.push((p, s, e)));
                assert_eq!(one, lanes, "{reps} {cut}");
                assert_eq!(one, public, "{reps} {cut}");
            }
        }
    }
}
