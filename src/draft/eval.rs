//! `eval`: runs the drafter over a corpus of `*.gold.json` files and scores it field by field.
use super::Draft;
use anyhow::{Context, Result};
use chrono::DateTime;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Instants and durations within this many seconds of the gold value count as right.
const TOLERANCE_SECS: i64 = 60;

/// The gold record of one corpus document (schema: the corpus README).
#[derive(Debug, Clone, Deserialize)]
pub struct Gold {
    pub source: String,
    pub language: String,
    pub org: String,
    pub date: String,
    #[serde(default)]
    pub source_kind: Option<String>,
    pub window: GoldWindow,
    pub timeline: GoldTimeline,
    #[serde(default)]
    pub events: Vec<GoldEvent>,
    #[serde(default)]
    pub durations: Vec<GoldDuration>,
    #[serde(default)]
    pub symptoms: Vec<String>,
    #[serde(default)]
    pub root_cause: Option<String>,
    #[serde(default)]
    pub contributing: Vec<String>,
    #[serde(default)]
    pub components: Vec<String>,
    #[serde(default)]
    pub must_not_label: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldWindow {
    pub start: Option<String>,
    pub end: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldTimeline {
    pub detected_after: Option<String>,
    pub resolved_after: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldEvent {
    pub at: String,
    pub quote: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldDuration {
    pub quote: String,
    pub value: String,
}

/// Counts for an F1 score.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq)]
pub struct Counts {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
}

impl Counts {
    pub fn add(&mut self, o: Counts) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
    }
    pub fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }
    pub fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

/// The scores of one document.
#[derive(Debug, Clone, Serialize)]
pub struct DocScore {
    pub document: String,
    pub error: Option<String>,
    pub language: bool,
    pub org: bool,
    pub date: bool,
    pub window_start: bool,
    pub window_end: bool,
    pub detected_after: bool,
    pub resolved_after: bool,
    pub events: Counts,
    pub durations_found: usize,
    pub durations_gold: usize,
    /// Durations the draft reports that are not in the gold list (rates, boilerplate, …).
    pub durations_extra: Vec<String>,
    pub labels: Counts,
    pub root_cause: bool,
    pub must_not_label_violations: Vec<String>,
    /// What differed, for a human reading the report.
    pub misses: Vec<String>,
}

/// Totals over the corpus, as fractions (F1 and recall in 0..=1).
#[derive(Debug, Clone, Serialize)]
pub struct Totals {
    pub documents: usize,
    pub errors: usize,
    pub language: f64,
    pub org: f64,
    pub date: f64,
    pub window_start: f64,
    pub window_end: f64,
    pub detected_after: f64,
    pub resolved_after: f64,
    pub events_f1: f64,
    pub durations_recall: f64,
    pub durations_extra: usize,
    pub labels_f1: f64,
    pub root_cause: f64,
    pub must_not_label_violations: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    pub documents: Vec<DocScore>,
    pub totals: Totals,
}

/// Drafts and scores every `*.gold.json` in `dir` with `draft_fn(source path) -> Draft`.
pub fn evaluate(dir: &Path, draft_fn: impl Fn(&Path) -> Result<Draft>) -> Result<EvalReport> {
    let mut golds: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading corpus folder {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".gold.json"))
        .collect();
    golds.sort();
    if golds.is_empty() {
        anyhow::bail!("no *.gold.json files in {}", dir.display());
    }
    let mut docs = Vec::new();
    for gp in golds {
        let name = gp
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .trim_end_matches(".gold.json")
            .to_string();
        let gold: Gold = match std::fs::read_to_string(&gp)
            .map_err(anyhow::Error::from)
            .and_then(|t| serde_json::from_str(&t).map_err(anyhow::Error::from))
        {
            Ok(g) => g,
            Err(e) => {
                docs.push(failed(name, format!("{}: {e}", gp.display())));
                continue;
            }
        };
        let src = dir.join(&gold.source);
        match draft_fn(&src) {
            Ok(d) => docs.push(score(name, &gold, &d)),
            Err(e) => docs.push(failed(name, format!("{}: {e:#}", src.display()))),
        }
    }
    let totals = totals(&docs);
    Ok(EvalReport {
        documents: docs,
        totals,
    })
}

fn failed(document: String, error: String) -> DocScore {
    DocScore {
        document,
        error: Some(error),
        language: false,
        org: false,
        date: false,
        window_start: false,
        window_end: false,
        detected_after: false,
        resolved_after: false,
        events: Counts::default(),
        durations_found: 0,
        durations_gold: 0,
        durations_extra: vec![],
        labels: Counts::default(),
        root_cause: false,
        must_not_label_violations: vec![],
        misses: vec![],
    }
}

fn same_instant(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => match (
            DateTime::parse_from_rfc3339(a),
            DateTime::parse_from_rfc3339(b),
        ) {
            (Ok(a), Ok(b)) => (a - b).num_seconds().abs() <= TOLERANCE_SECS,
            _ => false,
        },
        _ => false,
    }
}

fn same_duration(a: Option<&str>, b: Option<&str>) -> bool {
    use crate::case::Duration;
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => match (Duration::parse_lenient(a), Duration::parse_lenient(b)) {
            (Ok(a), Ok(b)) => (a.as_secs() as i64 - b.as_secs() as i64).abs() <= TOLERANCE_SECS,
            _ => false,
        },
        _ => false,
    }
}

/// The organisation's main name: the part before a parenthesised romanisation, case-folded.
fn org_key(s: &str) -> String {
    s.split(" (").next().unwrap_or(s).trim().to_lowercase()
}

/// Scores one draft against its gold record.
pub fn score(document: String, gold: &Gold, d: &Draft) -> DocScore {
    let case = &d.case;
    let review = &d.review;
    let mut misses = Vec::new();
    let mut check = |ok: bool, what: &str, got: String, want: String| {
        if !ok {
            misses.push(format!("{what}: got {got}, want {want}"));
        }
        ok
    };
    let language = check(
        review.language == gold.language,
        "language",
        review.language.clone(),
        gold.language.clone(),
    );
    let org = check(
        org_key(&case.org) == org_key(&gold.org)
            || case.org.to_lowercase() == gold.org.to_lowercase(),
        "org",
        format!("{:?}", case.org),
        format!("{:?}", gold.org),
    );
    let date = check(
        case.date == gold.date,
        "date",
        case.date.clone(),
        gold.date.clone(),
    );
    let window_start = check(
        same_instant(review.window.start.as_deref(), gold.window.start.as_deref()),
        "window.start",
        format!("{:?}", review.window.start),
        format!("{:?}", gold.window.start),
    );
    let window_end = check(
        same_instant(review.window.end.as_deref(), gold.window.end.as_deref()),
        "window.end",
        format!("{:?}", review.window.end),
        format!("{:?}", gold.window.end),
    );
    let det = case.timeline.detected_after.map(|d| d.to_string());
    let detected_after = check(
        same_duration(det.as_deref(), gold.timeline.detected_after.as_deref()),
        "detected_after",
        format!("{det:?}"),
        format!("{:?}", gold.timeline.detected_after),
    );
    let res = case.timeline.resolved_after.map(|d| d.to_string());
    let resolved_after = check(
        same_duration(res.as_deref(), gold.timeline.resolved_after.as_deref()),
        "resolved_after",
        format!("{res:?}"),
        format!("{:?}", gold.timeline.resolved_after),
    );

    // Events: matched by instant, each gold event at most once.
    let mut events = Counts::default();
    let mut used = vec![false; review.events.len()];
    for g in &gold.events {
        let hit = review
            .events
            .iter()
            .enumerate()
            .find(|(i, e)| !used[*i] && same_instant(Some(&e.at), Some(&g.at)));
        match hit {
            Some((i, _)) => {
                used[i] = true;
                events.tp += 1;
            }
            None => {
                events.fn_ += 1;
                misses.push(format!("event missed: {} ({})", g.quote, g.at));
            }
        }
    }
    for (i, e) in review.events.iter().enumerate() {
        if !used[i] {
            events.fp += 1;
            misses.push(format!("event extra: {} ({})", e.quote, e.at));
        }
    }

    // Durations: a gold duration is found when the draft has the same value with an
    // overlapping quote.
    let overlaps = |a: &str, b: &str| a.contains(b) || b.contains(a);
    let mut durations_found = 0;
    for g in &gold.durations {
        if review
            .durations
            .iter()
            .any(|d| same_duration(Some(&d.value), Some(&g.value)) && overlaps(&d.quote, &g.quote))
        {
            durations_found += 1;
        } else {
            misses.push(format!("duration missed: {} = {}", g.quote, g.value));
        }
    }
    let durations_extra: Vec<String> = review
        .durations
        .iter()
        .filter(|d| !gold.durations.iter().any(|g| overlaps(&d.quote, &g.quote)))
        .map(|d| format!("{} = {}", d.quote, d.value))
        .collect();

    // Labels over symptoms + contributing + components.
    let want: BTreeSet<String> = gold
        .symptoms
        .iter()
        .chain(&gold.contributing)
        .chain(&gold.components)
        .cloned()
        .collect();
    let got: BTreeSet<String> = case
        .symptoms
        .iter()
        .chain(&case.contributing)
        .chain(&case.components)
        .cloned()
        .collect();
    let labels = Counts {
        tp: want.intersection(&got).count(),
        fp: got.difference(&want).count(),
        fn_: want.difference(&got).count(),
    };
    let root_cause = gold.root_cause.as_deref() == Some(case.root_cause.as_str());
    let all_labels: BTreeSet<&String> = got
        .iter()
        .chain(&case.domain)
        .chain(std::iter::once(&case.root_cause))
        .collect();
    let must_not_label_violations: Vec<String> = gold
        .must_not_label
        .iter()
        .filter(|t| all_labels.contains(t))
        .cloned()
        .collect();
    DocScore {
        document,
        error: None,
        language,
        org,
        date,
        window_start,
        window_end,
        detected_after,
        resolved_after,
        events,
        durations_found,
        durations_gold: gold.durations.len(),
        durations_extra,
        labels,
        root_cause,
        must_not_label_violations,
        misses,
    }
}

fn totals(docs: &[DocScore]) -> Totals {
    let n = docs.len();
    let frac = |f: &dyn Fn(&DocScore) -> bool| ratio(docs.iter().filter(|d| f(d)).count(), n);
    let mut events = Counts::default();
    let mut labels = Counts::default();
    for d in docs {
        events.add(d.events);
        labels.add(d.labels);
    }
    Totals {
        documents: n,
        errors: docs.iter().filter(|d| d.error.is_some()).count(),
        language: frac(&|d| d.language),
        org: frac(&|d| d.org),
        date: frac(&|d| d.date),
        window_start: frac(&|d| d.window_start),
        window_end: frac(&|d| d.window_end),
        detected_after: frac(&|d| d.detected_after),
        resolved_after: frac(&|d| d.resolved_after),
        events_f1: events.f1(),
        durations_recall: ratio(
            docs.iter().map(|d| d.durations_found).sum(),
            docs.iter().map(|d| d.durations_gold).sum(),
        ),
        durations_extra: docs.iter().map(|d| d.durations_extra.len()).sum(),
        labels_f1: labels.f1(),
        root_cause: frac(&|d| d.root_cause),
        must_not_label_violations: docs.iter().map(|d| d.must_not_label_violations.len()).sum(),
    }
}
