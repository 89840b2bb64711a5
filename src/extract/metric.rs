//! The article-extraction benchmark's metric: precision/recall of word 4-gram multisets, averaged over pages.
use regex::Regex;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Length of the word n-grams compared.
pub const NGRAM: usize = 4;

static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\w+").expect("static regex"));

/// The words (`\w+`, Unicode-aware) of `text`.
pub fn words(text: &str) -> Vec<String> {
    word_iter(text).map(str::to_string).collect()
}

/// The words of `text` as slices of it.
pub fn word_iter(text: &str) -> impl Iterator<Item = &str> {
    WORD.find_iter(text).map(|m| m.as_str())
}

fn grams(text: &str) -> HashMap<Vec<String>, usize> {
    let w = words(text);
    let mut out = HashMap::new();
    for g in w.windows(NGRAM) {
        *out.entry(g.to_vec()).or_insert(0) += 1;
    }
    out
}

/// Precision and recall of one page's extraction against its truth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageScore {
    pub precision: f64,
    pub recall: f64,
}

/// Scores one page: 4-grams in both count as true positives (with multiplicity).
pub fn score(truth: &str, extracted: &str) -> PageScore {
    let t = grams(truth);
    let e = grams(extracted);
    let tp: usize = e
        .iter()
        .map(|(g, n)| (*n).min(t.get(g).copied().unwrap_or(0)))
        .sum();
    let e_total: usize = e.values().sum();
    let t_total: usize = t.values().sum();
    let precision = if e_total > 0 {
        tp as f64 / e_total as f64
    } else if t_total == 0 {
        1.0
    } else {
        0.0
    };
    let recall = if t_total > 0 {
        tp as f64 / t_total as f64
    } else {
        1.0
    };
    PageScore { precision, recall }
}

/// Averages over pages, and the F1 of those averages.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub pages: usize,
}

/// Mean precision and recall over `scores`, then F1 = 2PR/(P+R).
pub fn summarize(scores: &[PageScore]) -> Summary {
    let n = scores.len().max(1) as f64;
    let precision = scores.iter().map(|s| s.precision).sum::<f64>() / n;
    let recall = scores.iter().map(|s| s.recall).sum::<f64>() / n;
    let f1 = if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    };
    Summary {
        precision,
        recall,
        f1,
        pages: scores.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_text_scores_one() {
        let s = score("one two three four five", "one two three four five");
        assert_eq!((s.precision, s.recall), (1.0, 1.0));
    }

    #[test]
    fn extra_words_lower_precision_only() {
        let s = score("a b c d", "x y z a b c d");
        assert_eq!(s.recall, 1.0);
        assert!((s.precision - 0.25).abs() < 1e-9);
    }

    #[test]
    fn empty_extraction_scores_zero_unless_truth_empty() {
        assert_eq!(score("a b c d e", "").precision, 0.0);
        assert_eq!(score("", "").precision, 1.0);
    }

    #[test]
    fn repeated_grams_count_with_multiplicity() {
        // truth has "a b c d" once; extraction twice → one true positive, one false positive.
        let s = score("a b c d", "a b c d a b c d");
        assert!(s.recall == 1.0 && s.precision < 0.5);
    }

    #[test]
    fn words_are_unicode() {
        assert_eq!(
            words("장애 보고서, día—über"),
            vec!["장애", "보고서", "día", "über"]
        );
    }
}
