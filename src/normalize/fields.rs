//! Field rules: affirmed labels → the case's symptoms, root_cause, contributing, components and domain.
use super::{Assertion, Label};
use crate::vocab::Vocabulary;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Combined confidence a component needs: one passing mention names a part, the central
/// components of an incident are mentioned again and again.
const MIN_COMPONENT_SUPPORT: f32 = 0.9;
/// Combined confidence a domain needs: broad words (network, security, database) are named in
/// passing in most write-ups, so a domain needs several mentions (three at phrase confidence).
const MIN_DOMAIN_SUPPORT: f32 = 0.99;
/// Combined confidence any other list term needs.
const MIN_LIST_SUPPORT: f32 = 0.5;

/// Added to a cause's best confidence for each further affirmed mention …
const CAUSE_REPEAT_BONUS: f32 = 0.05;
/// … counting at most this many further mentions.
const CAUSE_REPEAT_CAP: f32 = 4.0;

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

/// Support for each term of `field` among affirmed labels: (term, combined confidence, first
/// position), strongest first. Mentions combine as independent evidence: 1 − Π(1 − c).
fn ranked(labels: &[Label], field: &str, vocab: &Vocabulary) -> Vec<(String, f32, usize)> {
    let mut by_term: HashMap<&str, (f32, f32, usize)> = HashMap::new();
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
    let mut out: Vec<(String, f32, f32, usize)> = by_term
        .into_iter()
        .map(|(t, (miss, sum, pos))| (t.to_string(), 1.0 - miss, sum, pos))
        .collect();
    out.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.3.cmp(&b.3))
    });
    out.into_iter().map(|(t, c, _, p)| (t, c, p)).collect()
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
        ranked(labels, f, vocab)
            .into_iter()
            .filter(|(_, c, _)| *c >= min)
            .map(|(t, _, _)| t)
            .collect()
    };
    // A cause is as strong as its best mention, plus a little for each further mention.
    let mut best: HashMap<&str, (f32, usize, usize)> = HashMap::new();
    for l in labels.iter().filter(|l| {
        l.field == "root_cause"
            && l.assertion == Assertion::Affirmed
            && l.term != UNKNOWN_CAUSE
            && vocab.contains("root_cause", &l.term)
    }) {
        let e = best.entry(l.term.as_str()).or_insert((0.0, 0, l.start));
        e.0 = e.0.max(l.confidence);
        e.1 += 1;
        e.2 = e.2.min(l.start);
    }
    let score = |(max, n, _): &(f32, usize, usize)| {
        max + CAUSE_REPEAT_BONUS * (*n as f32 - 1.0).min(CAUSE_REPEAT_CAP)
    };
    let root_cause = best
        .iter()
        .max_by(|a, b| score(a.1).total_cmp(&score(b.1)).then(b.1 .2.cmp(&a.1 .2)))
        .map(|(t, _)| t.to_string())
        .unwrap_or_else(|| UNKNOWN_CAUSE.to_string());
    CaseLabels {
        symptoms: list("symptoms"),
        root_cause,
        contributing: list("contributing"),
        components: list("components"),
        domain: list("domain"),
    }
}
