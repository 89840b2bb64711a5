//! The phrase automaton less the phrases that the stemmed automaton of the text's language finds anyway.
//!
//! A text in a stemmed language (en de fr es pt) is searched twice: its folded text for every
//! phrase as written, and its stemmed text for the stemmed phrases of its language, which finds
//! each phrase as written too (a word stems the same in a phrase and in the text, and a match
//! on word boundaries covers whole words, which map back to the same folded range). For such
//! a phrase the first search adds only duplicates, which the matcher drops. So a language
//! whose phrases are most of its matcher's gets a second phrase automaton without them, for
//! texts in that language: fewer, shorter patterns, a smaller DFA, no duplicate to build and
//! sort away. What the stemmed search may miss stays: a phrase open at an edge (`timeout*`,
//! `*cast`) can match inside a word, which the stemmed text no longer holds.

/// The phrases (and, for each, its entries) that a text in one language still needs searched
/// as written, when leaving out the `covered` entries drops at least half of the phrases; None
/// when it drops fewer (then a second automaton costs more memory than it saves time).
pub(super) fn residual(
    phrases: &[String],
    by_phrase: &[Vec<usize>],
    covered: impl Fn(usize) -> bool,
) -> Option<(Vec<String>, Vec<Vec<usize>>)> {
    let mut kept_phrases = Vec::new();
    let mut kept_entries = Vec::new();
    for (p, entries) in phrases.iter().zip(by_phrase) {
        let rest: Vec<usize> = entries.iter().copied().filter(|&e| !covered(e)).collect();
        if !rest.is_empty() {
            kept_phrases.push(p.clone());
            kept_entries.push(rest);
        }
    }
    (kept_phrases.len() * 2 <= phrases.len()).then_some((kept_phrases, kept_entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_phrase_with_an_entry_left_and_only_those_entries() {
        let phrases: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let by = vec![vec![0], vec![1, 2], vec![3], vec![4]];
        let (p, e) = residual(&phrases, &by, |e| e != 2).unwrap();
        assert_eq!(p, vec!["b".to_string()]);
        assert_eq!(e, vec![vec![2]]);
        // Dropping fewer than half of the phrases is not worth a second automaton.
        assert!(residual(&phrases, &by, |e| e == 0).is_none());
    }
}
