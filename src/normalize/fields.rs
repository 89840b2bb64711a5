//! Field rules: affirmed labels → the case's symptoms, root_cause, contributing, components and domain.
use super::{Assertion, Label};
use crate::vocab::Vocabulary;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Combined confidence a component needs: one passing mention names a part, the central
/// components of an incident are mentioned again and again.
const MIN_COMPONENT_SUPPORT: f64 = 0.9;
/// Combined confidence a domain needs: broad words (network, security, database) are named in
/// passing in most write-ups, so a domain needs several mentions (three at phrase confidence).
const MIN_DOMAIN_SUPPORT: f64 = 0.99;
/// Combined confidence any other list term needs.
const MIN_LIST_SUPPORT: f64 = 0.5;

/// When no cause is stated as the cause (cue or cause section), a term needs this many
/// affirmed mentions to be the root cause.
const MIN_UNSTATED_CAUSE_MENTIONS: usize = 1;
/// Two causes whose scores differ by less than this are tied.
const CAUSE_TIE_EPSILON: f64 = 1e-6;
/// Section kinds that state the cause.
const CAUSE_SECTIONS: [&str; 2] = ["root_cause", "trigger"];

/// The root cause when no affirmed cause was found.
pub const UNKNOWN_CAUSE: &str = "unknown";

/// The label fields of a case, as the normaliser fills them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CaseLabels {
    pub symptoms: Vec<String>,
    pub root_cause: String,
    pub contributing: Vec<String>,
    pub components: Vec<String>,
    pub domain: Vec<String>,
    /// Guesses a curator should check (e.g. two causes tied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

impl CaseLabels {
    /// The terms of a list field by name (`root_cause` as a one-item list).
    pub fn get(&self, field: &str) -> Vec<String> {
        match field {
            "symptoms" => self.symptoms.clone(),
            "root_cause" => vec![self.root_cause.clone()],
            "contributing" => self.contributing.clone(),
            "components" => self.components.clone(),
            "domain" => self.domain.clone(),
            _ => Vec::new(),
        }
    }
}

/// Extra key in a term's table: terms that a case does not carry together with it (a service
/// is down for everyone or for some, not both): of such a pair only the better-supported one is
/// kept when it has [`DOMINANCE`] times the other's summed evidence (else both are).
const EXCLUSIVE_KEY: &str = "exclusive_with";
/// How many times the other's summed evidence a term needs to drop an exclusive term.
const DOMINANCE: f64 = 1.5;
/// Extra key in a term's table: the factor its exclusive rival needs over it to drop it, when
/// it is harder to drop than [`DOMINANCE`] says (a page that tells which users were hit has
/// told a partial outage, however often it repeats the word "outage").
const DOMINANCE_KEY: &str = "dominance";

/// Support for each term of `field` among affirmed labels: (term, combined confidence, summed
/// confidence, first position), strongest first. Mentions combine as
/// independent evidence: 1 − Π(1 − c).
fn ranked_with_sums(
    labels: &[Label],
    field: &str,
    vocab: &Vocabulary,
) -> Vec<(String, f64, f64, usize)> {
    let mut by_term: HashMap<&str, (f64, f64, usize)> = HashMap::new();
    for l in labels
        .iter()
        .filter(|l| l.field == field && l.assertion == Assertion::Affirmed)
        .filter(|l| vocab.contains(field, &l.term))
    {
        let e = by_term
            .entry(l.term.as_str())
            .or_insert((1.0, 0.0, l.start));
        e.0 *= 1.0 - l.confidence.clamp(0.0, 1.0);
        e.1 += l.confidence;
        e.2 = e.2.min(l.start);
    }
    let mut out: Vec<(String, f64, f64, usize)> = by_term
        .into_iter()
        .map(|(t, (miss, sum, pos))| (t.to_string(), 1.0 - miss, sum, pos))
        .collect();
    out.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.3.cmp(&b.3))
    });
    out
}

/// The terms of `field` that pass `min`, without the weaker of any two that exclude each other.
fn kept_terms(labels: &[Label], field: &str, vocab: &Vocabulary, min: f64) -> Vec<String> {
    let passing: Vec<(String, f64, f64, usize)> = ranked_with_sums(labels, field, vocab)
        .into_iter()
        .filter(|(_, c, _, _)| *c >= min)
        .collect();
    // Whether term `a` names `b` in its `exclusive_with` list.
    let names = |a: &str, b: &str| -> bool {
        vocab
            .field(field)
            .and_then(|f| f.terms.get(a))
            .and_then(|t| t.extra.get(EXCLUSIVE_KEY))
            .and_then(|v| v.as_array())
            .is_some_and(|l| l.iter().any(|i| i.as_str() == Some(b)))
    };
    let exclusive = |a: &str, b: &str| names(a, b) || names(b, a);
    // One term drops the other when it has at least `DOMINANCE` times its summed evidence;
    // with comparable evidence the page tells both (down for minutes, degraded for hours).
    // The factor term `t`'s exclusive rival needs over it to drop it: its `dominance` key, or
    // [`DOMINANCE`].
    let dominance = |t: &str| -> f64 {
        vocab
            .field(field)
            .and_then(|f| f.terms.get(t))
            .and_then(|t| t.extra.get(DOMINANCE_KEY))
            .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
            .unwrap_or(DOMINANCE)
    };
    let beats = |x: &(String, f64, f64, usize), y: &(String, f64, f64, usize)| {
        x.2 + 1e-9 >= dominance(&y.0) * y.2
    };
    passing
        .iter()
        .filter(|x| {
            !passing
                .iter()
                .any(|y| y.0 != x.0 && exclusive(&x.0, &y.0) && beats(y, x))
        })
        .map(|x| x.0.clone())
        .collect()
}

/// Fills the label fields from labels: list fields ordered by confidence, `root_cause` the
/// best-supported affirmed cause (best mention, a bonus per repeat, earliest on a tie), `unknown` when none.
pub fn fill_case(labels: &[Label], vocab: &Vocabulary) -> CaseLabels {
    let list = |f: &str| -> Vec<String> {
        let min = match f {
            "components" => MIN_COMPONENT_SUPPORT,
            "domain" => MIN_DOMAIN_SUPPORT,
            _ => MIN_LIST_SUPPORT,
        };
        kept_terms(labels, f, vocab, min)
    };
    let (root_cause, warnings) = root_cause(labels, vocab);
    let mut case = CaseLabels {
        symptoms: list("symptoms"),
        root_cause,
        contributing: list("contributing"),
        components: list("components"),
        domain: list("domain"),
        warnings,
    };
    add_implied(&mut case, vocab);
    case
}

/// Extra key in a term's table: `"field:term"` entries, any of which the case carrying implies
/// this term (`[terms.dns] implied_by = ["symptoms:dns-resolution-failure"]`: names that fail
/// to resolve are a DNS failure, whatever words the page uses for the resolver).
const IMPLIED_BY_KEY: &str = "implied_by";
/// The list fields an implied term may be added to.
const IMPLIED_FIELDS: [&str; 3] = ["symptoms", "contributing", "components"];

/// Adds every term that a term the case already carries implies (one step: an implied term
/// implies nothing further), each with a warning naming why, for the curator to check.
fn add_implied(case: &mut CaseLabels, vocab: &Vocabulary) {
    let carried = |entry: &str| -> bool {
        entry
            .split_once(':')
            .is_some_and(|(f, t)| case.get(f).iter().any(|c| c == t))
    };
    let mut added: Vec<(&str, String, String)> = Vec::new();
    for field in IMPLIED_FIELDS {
        let Some(f) = vocab.field(field) else {
            continue;
        };
        for (term, t) in &f.terms {
            if case.get(field).contains(term) {
                continue;
            }
            let Some(by) = t
                .extra
                .get(IMPLIED_BY_KEY)
                .and_then(|v| v.as_array())
                .and_then(|l| l.iter().filter_map(|i| i.as_str()).find(|e| carried(e)))
            else {
                continue;
            };
            added.push((field, term.clone(), by.to_string()));
        }
    }
    for (field, term, by) in added {
        let list = match field {
            "symptoms" => &mut case.symptoms,
            "contributing" => &mut case.contributing,
            _ => &mut case.components,
        };
        list.push(term.clone());
        case.warnings.push(format!(
            "{field}: {term} implied by {by} (no words of its own on the page)"
        ));
    }
}

/// Whether a cause mention is stated as the cause: a cause cue in its sentence, or a cause section.
fn stated(l: &Label) -> bool {
    l.rule.contains(super::CAUSE_CUE_RULE)
        || l.section
            .as_deref()
            .is_some_and(|s| CAUSE_SECTIONS.contains(&s))
}

/// Stated mentions counted towards a cause's support, at most.
const CAUSE_COUNT_CAP: usize = 4;
/// Quote length (chars) counted towards a cause's specificity, at most.
const CAUSE_QUOTE_CAP: usize = 30;

/// The root cause: causes stated as the cause (cue or section) before any merely mentioned.
/// Among them: the best mention, then how many mentions state it, then the most specific
/// (longest) quote; a tie on all three gives `unknown` and a warning.
fn root_cause(labels: &[Label], vocab: &Vocabulary) -> (String, Vec<String>) {
    #[derive(Default)]
    struct Support {
        best: f64,
        count: usize,
        longest: usize,
    }
    // term → (support from stated mentions, support from every mention)
    let mut by: HashMap<&str, (Support, Support)> = HashMap::new();
    for l in labels.iter().filter(|l| {
        l.field == "root_cause"
            && l.assertion == Assertion::Affirmed
            && l.term != UNKNOWN_CAUSE
            && vocab.contains("root_cause", &l.term)
    }) {
        let e = by.entry(l.term.as_str()).or_default();
        let len = l.quote.chars().count().min(CAUSE_QUOTE_CAP);
        let add = |s: &mut Support| {
            s.best = s.best.max(l.confidence);
            s.count += 1;
            s.longest = s.longest.max(len);
        };
        if stated(l) {
            add(&mut e.0);
        }
        add(&mut e.1);
    }
    let any_stated = by.values().any(|v| v.0.count > 0);
    let mut scored: Vec<(&str, (f64, usize, usize))> = by
        .iter()
        .map(|(t, (st, all))| (*t, if any_stated { st } else { all }))
        .filter(|(_, s)| {
            if any_stated {
                s.count > 0
            } else {
                s.count >= MIN_UNSTATED_CAUSE_MENTIONS
            }
        })
        .map(|(t, s)| (t, (s.best, s.count.min(CAUSE_COUNT_CAP), s.longest)))
        .collect();
    scored.sort_by(|a, b| {
        b.1 .0
            .total_cmp(&a.1 .0)
            .then(b.1 .1.cmp(&a.1 .1))
            .then(b.1 .2.cmp(&a.1 .2))
            .then(a.0.cmp(b.0))
    });
    match scored.as_slice() {
        [] => (UNKNOWN_CAUSE.to_string(), Vec::new()),
        [(a, x), (b, y), ..] if (x.0 - y.0).abs() < CAUSE_TIE_EPSILON && x.1 == y.1 && x.2 == y.2 => (
            UNKNOWN_CAUSE.to_string(),
            vec![format!(
                "root cause: {a} and {b} are equally supported; root_cause left unknown, pick one by hand"
            )],
        ),
        [(a, _), ..] => (a.to_string(), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab() -> Vocabulary {
        Vocabulary::load(&std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mappings"))
            .unwrap()
    }

    fn cause(term: &str, quote: &str, rule: &str, section: Option<&str>, conf: f64) -> Label {
        Label {
            field: "root_cause".into(),
            term: term.into(),
            quote: quote.into(),
            start: 0,
            end: quote.chars().count(),
            section: section.map(str::to_string),
            assertion: Assertion::Affirmed,
            rule: rule.into(),
            confidence: conf,
        }
    }

    #[test]
    fn equally_supported_causes_are_unknown_with_a_warning() {
        let v = vocab();
        let labels = [
            cause(
                "facility-failure",
                "power cut",
                "phrase:en:power cut; cause cue \"caused by\"",
                None,
                0.8,
            ),
            cause(
                "network-failure",
                "fiber cut",
                "phrase:en:fiber cut; cause cue \"caused by\"",
                None,
                0.8,
            ),
        ];
        let c = fill_case(&labels, &v);
        assert_eq!(c.root_cause, UNKNOWN_CAUSE);
        assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    }

    #[test]
    fn a_stated_cause_beats_a_repeated_one_and_the_more_specific_quote_breaks_a_tie() {
        let v = vocab();
        let mut labels: Vec<Label> = (0..5)
            .map(|_| {
                cause(
                    "dependency-failure",
                    "vendor",
                    "phrase:en:the vendor",
                    None,
                    0.5,
                )
            })
            .collect();
        labels.push(cause(
            "config-change",
            "configuration change",
            "phrase:en:configuration change",
            Some("root_cause"),
            0.65,
        ));
        labels.push(cause(
            "network-failure",
            "bgp",
            "phrase:en:bgp",
            Some("root_cause"),
            0.65,
        ));
        let c = fill_case(&labels, &v);
        assert_eq!(c.root_cause, "config-change");
        assert!(c.warnings.is_empty());
    }
}
