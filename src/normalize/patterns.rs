//! Label patterns: each compiled the first time a text may match it, and one search of a text for the literals their matches start with.
//!
//! Most texts match none of a language's patterns, and compiling one (`[^.\n]{0,40}`) costs
//! more than labelling a sentence, so a pattern is compiled only once a text holds one of the
//! literals every match of it begins with. Which patterns a text may match is found by one
//! walk of an automaton over every pattern's literals, not one search per pattern: each of
//! those read most of the text (the literals' first bytes, "no", "us", "log", are common), and
//! a library run labels thousands of texts.
use super::dense::Adaptive;
use anyhow::Result;
use regex::Regex;

/// Texts searched before the literals' automaton becomes a DFA (see [`Adaptive`]): it is small
/// and quick to build.
const DENSE_AFTER: usize = 64;

/// A label pattern, compiled on first use.
#[derive(Debug, Clone)]
struct LazyPattern {
    source: String,
    compiled: std::sync::OnceLock<Option<Regex>>,
}

impl LazyPattern {
    /// The compiled pattern; None when it does not compile (logged once).
    fn compiled(&self) -> Option<&Regex> {
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

/// A matcher's label patterns, in order, and the literals their matches start with.
#[derive(Debug, Clone, Default)]
pub struct Patterns {
    patterns: Vec<LazyPattern>,
    /// Per pattern: whether its matches start with a known finite set of literals (it is
    /// searched only in texts that hold one of them); others are searched in every text.
    has_starts: Vec<bool>,
    /// Every pattern's start literals in one automaton; None when no pattern has any.
    starts: Option<Adaptive>,
    /// Literal (automaton pattern id) → the patterns whose matches may start with it.
    by_literal: Vec<Vec<usize>>,
}

impl Patterns {
    /// The patterns `sources`, in order (their syntax is checked when the vocabulary loads).
    pub fn new(sources: &[&str]) -> Result<Self> {
        let mut literals: Vec<Vec<u8>> = Vec::new();
        let mut by_literal: Vec<Vec<usize>> = Vec::new();
        let mut index: std::collections::HashMap<Vec<u8>, usize> = Default::default();
        let mut has_starts = Vec::with_capacity(sources.len());
        for (i, p) in sources.iter().enumerate() {
            let lits = match_starts(p);
            has_starts.push(lits.is_some());
            for l in lits.into_iter().flatten() {
                let slot = *index.entry(l.clone()).or_insert_with(|| {
                    literals.push(l);
                    by_literal.push(Vec::new());
                    literals.len() - 1
                });
                if by_literal[slot].last() != Some(&i) {
                    by_literal[slot].push(i);
                }
            }
        }
        let starts = if literals.is_empty() {
            None
        } else {
            Some(Adaptive::new(
                literals,
                None,
                DENSE_AFTER,
                "the label patterns' start literals",
            )?)
        };
        Ok(Patterns {
            patterns: sources
                .iter()
                .map(|s| LazyPattern {
                    source: s.to_string(),
                    compiled: std::sync::OnceLock::new(),
                })
                .collect(),
            has_starts,
            starts,
            by_literal,
        })
    }

    /// Calls `f(i, regex)` for each pattern `i` that `wanted(i)` and that `folded` may match
    /// (it holds one of the pattern's start literals, or the pattern has none), in order.
    pub fn for_each_candidate<'a>(
        &'a self,
        folded: &str,
        wanted: impl Fn(usize) -> bool,
        mut f: impl FnMut(usize, &'a Regex),
    ) {
        let wanted: Vec<bool> = (0..self.patterns.len()).map(wanted).collect();
        if !wanted.iter().any(|&w| w) {
            return;
        }
        // Which patterns' start literals occur in the text: one walk for all of them.
        let mut seen = vec![false; self.patterns.len()];
        if let Some(ac) = self
            .starts
            .as_ref()
            .filter(|_| (0..wanted.len()).any(|i| wanted[i] && self.has_starts[i]))
        {
            ac.for_each_overlapping(folded, |lit, _, _| {
                for &i in &self.by_literal[lit] {
                    seen[i] = true;
                }
            });
        }
        for (i, p) in self.patterns.iter().enumerate() {
            if !wanted[i] || (self.has_starts[i] && !seen[i]) {
                continue;
            }
            if let Some(re) = p.compiled() {
                f(i, re);
            }
        }
    }
}

/// The literals (prefixes) every match of pattern `p` starts with; None when they are not a
/// finite set of non-empty strings (then every text needs the pattern).
fn match_starts(p: &str) -> Option<Vec<Vec<u8>>> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    let hir = regex_syntax::Parser::new().parse(p).ok()?;
    let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
    let lits = seq.literals()?;
    if lits.is_empty() || lits.iter().any(|l| l.as_bytes().is_empty()) {
        return None;
    }
    Some(lits.iter().map(|l| l.as_bytes().to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::Patterns;

    /// The patterns each text is searched with, by the one walk, and by one search per pattern
    /// for its own literals (the way it was done before).
    #[test]
    fn one_walk_picks_the_patterns_each_search_would() {
        let sources = [
            r"\bno (?:\w+ ){0,3}(?:alert|alerts|monitoring)\b",
            r"\b(us|eu|ap)-(east|west)-\d\b",
            r"\bsign-?ins?\b[^.\n]{0,40}\bfailed\b",
            r"\blog-?ins?\b[^.\n]{0,30}\bfailed\b",
            r"(?i)\w+ failed",
            r"受[^，。,；\n]{1,15}(故障|宕机)(的)?影响",
        ];
        let p = Patterns::new(&sources).unwrap();
        let texts = [
            "",
            "nothing to see here",
            "there was no alert at all; us-east-1 and logins failed",
            "sign-in failed",
            "受上游故障影响",
            "blog posts: us-west is fine",
        ];
        for _ in 0..(super::DENSE_AFTER + 2) {
            for t in texts {
                let mut got = Vec::new();
                p.for_each_candidate(t, |_| true, |i, _| got.push(i));
                let want: Vec<usize> = (0..sources.len())
                    .filter(|&i| {
                        super::match_starts(sources[i]).is_none_or(|lits| {
                            aho_corasick::AhoCorasick::new(lits).unwrap().is_match(t)
                        })
                    })
                    .collect();
                assert_eq!(got, want, "{t:?}");
                let mut odd = Vec::new();
                p.for_each_candidate(t, |i| i % 2 == 1, |i, _| odd.push(i));
                let want_odd: Vec<usize> = want.iter().copied().filter(|i| i % 2 == 1).collect();
                assert_eq!(odd, want_odd, "{t:?}");
            }
        }
    }
}
