//! Field rules: affirmed labels → the case's symptoms, root_cause, contributing, components and domain.
use super::{Assertion, Label};
use crate::vocab::{Term, Vocabulary};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// Combined confidence a component needs: one passing mention names a part, the central
/// components of an incident are mentioned again and again.
const MIN_COMPONENT_SUPPORT: f64 = 0.9;
/// Combined confidence a domain needs: broad words (network, security, database) are named in
/// passing in most write-ups, so a domain needs several mentions (three at phrase confidence).
const MIN_DOMAIN_SUPPORT: f64 = 0.99;
/// Combined confidence any other list term needs.
const MIN_LIST_SUPPORT: f64 = 0.5;

/// When no cause is stated as the cause (cue or cause section), a term needs this many
/// affirmed mentions to be the root cause, one of them by a full (not weak) phrase: a page
/// that only names a provider, an update or a server failure in passing states no cause.
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
    /// Whether the case carries `term` in `field` (`root_cause` as a one-item list), without
    /// copying the field.
    pub fn carries(&self, field: &str, term: &str) -> bool {
        match field {
            "symptoms" => self.symptoms.iter().any(|c| c == term),
            "root_cause" => self.root_cause == term,
            "contributing" => self.contributing.iter().any(|c| c == term),
            "components" => self.components.iter().any(|c| c == term),
            "domain" => self.domain.iter().any(|c| c == term),
            _ => false,
        }
    }

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
/// independent evidence: 1 − Π(1 − c). A case has a handful of terms per field, so they are
/// gathered in a list (in order of first mention), not a hashed map.
fn ranked_with_sums<'a, S: AsRef<str>>(
    labels: &'a [Label<S>],
    field: &str,
    terms: &'a IndexMap<String, Term>,
) -> Vec<Ranked<'a>> {
    let mut out: Vec<Ranked<'a>> = Vec::new();
    for l in labels
        .iter()
        .filter(|l| l.field.as_ref() == field && l.assertion == Assertion::Affirmed)
    {
        let term = l.term.as_ref();
        let i = match out.iter().position(|r| r.term == term) {
            Some(i) => i,
            None => {
                // Looked up once per term of the case, not once per mention.
                let Some(def) = terms.get(term) else {
                    continue;
                };
                out.push(Ranked {
                    term,
                    def,
                    support: 1.0,
                    sum: 0.0,
                    pos: l.start,
                });
                out.len() - 1
            }
        };
        let e = &mut out[i];
        e.support *= 1.0 - l.confidence.clamp(0.0, 1.0);
        e.sum += l.confidence;
        e.pos = e.pos.min(l.start);
    }
    for r in &mut out {
        r.support = 1.0 - r.support;
    }
    out.sort_by(|a, b| {
        b.support
            .total_cmp(&a.support)
            .then(b.sum.total_cmp(&a.sum))
            .then(a.pos.cmp(&b.pos))
    });
    out
}

/// One term's support in a case (see [`ranked_with_sums`]), with its vocabulary entry.
struct Ranked<'a> {
    term: &'a str,
    def: &'a Term,
    /// Combined confidence (while gathering: the product of the misses).
    support: f64,
    /// Summed confidence.
    sum: f64,
    /// First position.
    pos: usize,
}

/// The terms of `field` that pass `min`, without the weaker of any two that exclude each other.
fn kept_terms<S: AsRef<str>>(
    labels: &[Label<S>],
    field: &str,
    vocab: &Vocabulary,
    min: f64,
) -> Vec<String> {
    let Some(f) = vocab.field(field) else {
        return Vec::new();
    };
    let mut passing = ranked_with_sums(labels, field, &f.terms);
    passing.retain(|r| r.support >= min);
    // Whether term `a` names `b` in its `exclusive_with` list.
    let names = |a: &Term, b: &str| -> bool {
        a.extra
            .get(EXCLUSIVE_KEY)
            .and_then(|v| v.as_array())
            .is_some_and(|l| l.iter().any(|i| i.as_str() == Some(b)))
    };
    let exclusive = |a: &Ranked, b: &Ranked| names(a.def, b.term) || names(b.def, a.term);
    // One term drops the other when it has at least `DOMINANCE` times its summed evidence;
    // with comparable evidence the page tells both (down for minutes, degraded for hours).
    // The factor term `t`'s exclusive rival needs over it to drop it: its `dominance` key, or
    // [`DOMINANCE`].
    let dominance = |t: &Term| -> f64 {
        t.extra
            .get(DOMINANCE_KEY)
            .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
            .unwrap_or(DOMINANCE)
    };
    let beats = |x: &Ranked, y: &Ranked| x.sum + 1e-9 >= dominance(y.def) * y.sum;
    passing
        .iter()
        .filter(|x| {
            !passing
                .iter()
                .any(|y| y.term != x.term && exclusive(x, y) && beats(y, x))
        })
        .map(|x| x.term.to_string())
        .collect()
}

/// Fills the label fields from labels: list fields ordered by confidence, `root_cause` the
/// best-supported affirmed cause (best mention, a bonus per repeat, earliest on a tie), `unknown` when none.
pub fn fill_case<S: AsRef<str>>(labels: &[Label<S>], vocab: &Vocabulary) -> CaseLabels {
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
const IMPLIED_FIELDS: [&str; 4] = ["symptoms", "contributing", "components", "domain"];

/// Adds every term that a term the case already carries implies (one step: an implied term
/// implies nothing further), each with a warning naming why, for the curator to check.
fn add_implied(case: &mut CaseLabels, vocab: &Vocabulary) {
    let mut added: Vec<(&str, &str, &str)> = Vec::new();
    for field in IMPLIED_FIELDS {
        let Some(f) = vocab.field(field) else {
            continue;
        };
        for (term, t) in &f.terms {
            // Most terms have no `implied_by`: that is checked first, and nothing is copied.
            let Some(list) = t.extra.get(IMPLIED_BY_KEY).and_then(|v| v.as_array()) else {
                continue;
            };
            if case.carries(field, term) {
                continue;
            }
            // Not when the case carries a term it excludes, which the evidence chose over it
            // (a service down for everyone is not also implied partly down).
            let excludes = |a: &Term, b: &str| {
                a.extra
                    .get(EXCLUSIVE_KEY)
                    .and_then(|v| v.as_array())
                    .is_some_and(|l| l.iter().any(|i| i.as_str() == Some(b)))
            };
            if case.get(field).iter().any(|c| {
                excludes(t, c) || f.terms.get(c.as_str()).is_some_and(|d| excludes(d, term))
            }) {
                continue;
            }
            let Some(by) = list
                .iter()
                .filter_map(|i| i.as_str())
                .find(|e| e.split_once(':').is_some_and(|(f, t)| case.carries(f, t)))
            else {
                continue;
            };
            added.push((field, term.as_str(), by));
        }
    }
    for (field, term, by) in added {
        let list = match field {
            "symptoms" => &mut case.symptoms,
            "contributing" => &mut case.contributing,
            "domain" => &mut case.domain,
            _ => &mut case.components,
        };
        list.push(term.to_string());
        case.warnings.push(format!(
            "{field}: {term} implied by {by} (no words of its own on the page)"
        ));
    }
}

/// Whether a cause mention is stated as the cause: a cause cue in its sentence, or a cause section.
fn stated<S: AsRef<str>>(l: &Label<S>) -> bool {
    l.rule.contains(super::CAUSE_CUE_RULE)
        || l.section
            .as_ref()
            .map(AsRef::as_ref)
            .is_some_and(|s| CAUSE_SECTIONS.contains(&s))
}

/// Stated mentions counted towards a cause's support, at most.
const CAUSE_COUNT_CAP: usize = 4;
/// Quote length (chars) counted towards a cause's specificity, at most.
const CAUSE_QUOTE_CAP: usize = 30;

/// The root cause: causes stated as the cause (cue or section) before any merely mentioned.
/// Among them: the best mention, then how many mentions state it, then the most specific
/// (longest) quote, then the one standing closest to the cue that states it (short Chinese and
/// Korean quotes tie on length: "原因是机房断电，网络中断" states the power cut); a tie on all
/// four gives `unknown` and a warning. Length comes before nearness: in "전원장치 고장이 원인"
/// the generic "고장" stands next to the cue, the specific power unit is the cause.
fn root_cause<S: AsRef<str>>(labels: &[Label<S>], vocab: &Vocabulary) -> (String, Vec<String>) {
    #[derive(Default)]
    struct Support {
        best: f64,
        count: usize,
        longest: usize,
        /// The fewest chars between a mention and the cause cue of its sentence (None: no
        /// mention stated by a cue).
        closest: Option<usize>,
        /// A mention found by a full phrase, not only weak ones.
        full: bool,
    }
    // (term, support from stated mentions, support from every mention), in order of first
    // mention: a case names few causes, so a list, each term looked up in the vocabulary once.
    let causes = vocab.field("root_cause").map(|f| &f.terms);
    let mut by: Vec<(&str, Support, Support)> = Vec::new();
    for l in labels.iter().filter(|l| {
        l.field.as_ref() == "root_cause"
            && l.assertion == Assertion::Affirmed
            && l.term.as_ref() != UNKNOWN_CAUSE
    }) {
        let term = l.term.as_ref();
        let i = match by.iter().position(|b| b.0 == term) {
            Some(i) => i,
            None if causes.is_some_and(|c| c.contains_key(term)) => {
                by.push((term, Support::default(), Support::default()));
                by.len() - 1
            }
            None => continue,
        };
        let e = &mut by[i];
        let len = l.quote.as_ref().chars().count().min(CAUSE_QUOTE_CAP);
        let add = |s: &mut Support| {
            s.best = s.best.max(l.confidence);
            s.count += 1;
            s.longest = s.longest.max(len);
            s.closest = match (s.closest, l.cue_gap) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            s.full |= !l.rule.contains(super::WEAK_RULE);
        };
        if stated(l) {
            add(&mut e.1);
        }
        add(&mut e.2);
    }
    let any_stated = by.iter().any(|v| v.1.count > 0);
    // A page that says its cause is unknown or undisclosed ("the cause has not been disclosed",
    // "原因不明"): a cause it merely mentions is not its cause; only one stated as the cause is.
    let said_unknown = labels.iter().any(|l| {
        l.field.as_ref() == "root_cause"
            && l.assertion == Assertion::Affirmed
            && l.term.as_ref() == UNKNOWN_CAUSE
    });
    if said_unknown && !any_stated {
        return (UNKNOWN_CAUSE.to_string(), Vec::new());
    }
    // Closer to its cue first; a cause with no cue (a cause section's) after every cued one.
    type Score = (f64, usize, usize, usize);
    let mut scored: Vec<(&str, Score)> = by
        .iter()
        .map(|(t, st, all)| (*t, if any_stated { st } else { all }))
        .filter(|(_, s)| {
            if any_stated {
                s.count > 0
            } else {
                s.count >= MIN_UNSTATED_CAUSE_MENTIONS && s.full
            }
        })
        .map(|(t, s)| {
            let gap = s.closest.unwrap_or(usize::MAX);
            (t, (s.best, s.count.min(CAUSE_COUNT_CAP), s.longest, gap))
        })
        .collect();
    scored.sort_by(|a, b| {
        b.1 .0
            .total_cmp(&a.1 .0)
            .then(b.1 .1.cmp(&a.1 .1))
            .then(b.1 .2.cmp(&a.1 .2))
            .then(a.1 .3.cmp(&b.1 .3))
            .then(a.0.cmp(b.0))
    });
    match scored.as_slice() {
        [] => (UNKNOWN_CAUSE.to_string(), Vec::new()),
        [(a, x), (b, y), ..]
            if (x.0 - y.0).abs() < CAUSE_TIE_EPSILON && x.1 == y.1 && x.2 == y.2 && x.3 == y.3 =>
        (
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
            cue_gap: None,
        }
    }

    #[test]
    fn a_cause_named_only_by_weak_words_in_passing_is_unknown() {
        let v = vocab();
        // "the bank's partner" named in passing: no cause stated
        let passing = [cause(
            "dependency-failure",
            "partner",
            "phrase:en:partner; weak phrase",
            None,
            0.25,
        )];
        assert_eq!(fill_case(&passing, &v).root_cause, "unknown");
        // the same word stated as the cause is the cause
        let stated = [cause(
            "dependency-failure",
            "partner",
            "phrase:en:partner; weak phrase; cause cue \"caused by\"",
            None,
            0.8,
        )];
        assert_eq!(fill_case(&stated, &v).root_cause, "dependency-failure");
        // a full phrase in passing still names the cause, as before
        let full = [cause(
            "network-failure",
            "fiber cut",
            "phrase:en:fiber cut",
            None,
            0.5,
        )];
        assert_eq!(fill_case(&full, &v).root_cause, "network-failure");
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
    fn of_two_causes_one_cue_states_the_one_next_to_it_is_the_cause() {
        let v = vocab();
        let cued = |term: &str, quote: &str, gap: Option<usize>| Label {
            cue_gap: gap,
            ..cause(term, quote, "phrase:zh:x; cause cue \"原因\"", None, 0.8)
        };
        // "原因是机房断电，网络中断": same confidence, count and (short) quote length.
        let labels = [
            cued("facility-failure", "机房断电", Some(1)),
            cued("network-failure", "网络中断", Some(6)),
        ];
        let c = fill_case(&labels, &v);
        assert_eq!(c.root_cause, "facility-failure");
        assert!(
            c.warnings.iter().all(|w| !w.contains("equally")),
            "{:?}",
            c.warnings
        );
        // A longer (more specific) quote still comes first: "전원장치 고장이 원인" is the
        // power unit's, though "고장" stands next to the cue.
        let labels = [
            cued("hardware-failure", "고장", Some(1)),
            cued("facility-failure", "전원장치", Some(4)),
        ];
        assert_eq!(fill_case(&labels, &v).root_cause, "facility-failure");
        // As close as each other: still unknown, with the warning.
        let labels = [
            cued("facility-failure", "机房断电", Some(1)),
            cued("network-failure", "网络中断", Some(1)),
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
