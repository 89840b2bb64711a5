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
    #[serde(default)]
    pub org: Option<String>,
    /// Other names of the organisation that count as right.
    #[serde(default)]
    pub org_aliases: Vec<String>,
    #[serde(default)]
    pub date: Option<String>,
    /// The page's address, passed to the drafter as `--url` (real-corpus gold).
    #[serde(default)]
    pub url: Option<String>,
    /// Other readings a careful curator could defend; any of them counts as right.
    #[serde(default)]
    pub alternatives: Alternatives,
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

/// Accepted alternative readings (real-corpus gold).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Alternatives {
    #[serde(default)]
    pub window: Vec<GoldWindow>,
    #[serde(default, deserialize_with = "skip_nulls")]
    pub detected_after: Vec<String>,
    #[serde(default, deserialize_with = "skip_nulls")]
    pub resolved_after: Vec<String>,
    #[serde(default, deserialize_with = "skip_nulls")]
    pub root_cause: Vec<String>,
}

/// An alternative written as `null` ("the page may not say it at all") adds no reading: the
/// gold's own null already scores that, so it is dropped instead of failing the whole file.
fn skip_nulls<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let items: Vec<Option<String>> = Deserialize::deserialize(d)?;
    Ok(items.into_iter().flatten().collect())
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldWindow {
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub end: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GoldTimeline {
    #[serde(default)]
    pub detected_after: Option<String>,
    #[serde(default)]
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

/// The scores of one document; a field is `None` where the gold does not state it (not scored).
#[derive(Debug, Clone, Serialize)]
pub struct DocScore {
    pub document: String,
    pub error: Option<String>,
    pub language: Option<bool>,
    pub org: Option<bool>,
    pub date: Option<bool>,
    pub window_start: Option<bool>,
    pub window_end: Option<bool>,
    pub detected_after: Option<bool>,
    pub resolved_after: Option<bool>,
    pub events: Counts,
    pub durations_found: usize,
    pub durations_gold: usize,
    /// Durations the draft reports that are not in the gold list (rates, boilerplate, …).
    pub durations_extra: Vec<String>,
    pub labels: Counts,
    pub root_cause: Option<bool>,
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
    /// Totals per half of the corpus (split by [`half_of`]): develop on `a`, check on `b`.
    pub halves: Halves,
}

#[derive(Debug, Clone, Serialize)]
pub struct Halves {
    pub a: Totals,
    pub b: Totals,
}

/// Which half of a corpus a document belongs to: a stable hash (SHA-256) of its file name,
/// even first byte → "a" (the half to develop on), odd → "b" (the half to check on).
pub fn half_of(document: &str) -> char {
    use sha2::{Digest, Sha256};
    if Sha256::digest(document.as_bytes())[0] % 2 == 0 {
        'a'
    } else {
        'b'
    }
}

/// Drafts and scores every `*.gold.json` in `dir` with `draft_fn(source path, gold url)`;
/// `half` keeps only the documents of that half.
pub fn evaluate(
    dir: &Path,
    half: Option<char>,
    draft_fn: impl Fn(&Path, Option<&str>) -> Result<Draft>,
) -> Result<EvalReport> {
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
        if half.is_some_and(|h| h != half_of(&name)) {
            continue;
        }
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
        match draft_fn(&src, gold.url.as_deref()) {
            Ok(d) => docs.push(score(name, &gold, &d)),
            Err(e) => docs.push(failed(name, format!("{}: {e:#}", src.display()))),
        }
    }
    let totals = totals(&docs);
    let pick = |h: char| -> Vec<DocScore> {
        docs.iter()
            .filter(|d| half_of(&d.document) == h)
            .cloned()
            .collect()
    };
    let halves = Halves {
        a: self::totals(&pick('a')),
        b: self::totals(&pick('b')),
    };
    Ok(EvalReport {
        documents: docs,
        totals,
        halves,
    })
}

fn failed(document: String, error: String) -> DocScore {
    DocScore {
        document,
        error: Some(error),
        language: Some(false),
        org: Some(false),
        date: Some(false),
        window_start: Some(false),
        window_end: Some(false),
        detected_after: Some(false),
        resolved_after: Some(false),
        events: Counts::default(),
        durations_found: 0,
        durations_gold: 0,
        durations_extra: vec![],
        labels: Counts::default(),
        root_cause: Some(false),
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

/// Legal suffixes ignored when comparing organisations (the corpus README's rule).
const LEGAL_SUFFIXES: &[&str] = &[
    "inc.",
    "inc",
    "ltd.",
    "ltd",
    "llc",
    "gmbh",
    "ag",
    "se",
    "co.",
    "corp.",
    "corp",
    "corporation",
    "limited",
    "plc",
    "s.a.",
    "sa",
    "sas",
    "s.l.",
    "ltda",
    "ltda.",
    "k.k.",
    "株式会社",
    "(주)",
    "㈜",
    "주식회사",
    "有限公司",
    "股份有限公司",
    "(株)",
];

/// The names an organisation string stands for: the whole, and each part of "A (B)" or
/// "A / B", case-folded with legal suffixes dropped.
fn org_keys(s: &str) -> Vec<String> {
    let norm = |x: &str| -> String {
        let mut words: Vec<&str> = x.split_whitespace().collect();
        while words.len() > 1
            && LEGAL_SUFFIXES.contains(&words.last().unwrap().to_lowercase().trim_end_matches(','))
        {
            words.pop();
        }
        let mut w = words.join(" ").to_lowercase();
        for suf in LEGAL_SUFFIXES {
            if !suf.is_ascii() {
                w = w.replace(suf, "");
            }
        }
        w.trim().trim_end_matches(',').trim().to_string()
    };
    let mut keys = vec![norm(s)];
    for part in s.split(['(', ')', '/']) {
        let k = norm(part);
        if !k.is_empty() {
            keys.push(k);
        }
    }
    keys.retain(|k| !k.is_empty());
    keys
}

fn same_org(got: &str, gold: &str, aliases: &[String]) -> bool {
    let got = org_keys(got);
    std::iter::once(gold)
        .chain(aliases.iter().map(String::as_str))
        .flat_map(org_keys)
        .any(|k| got.contains(&k))
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
    let language = Some(check(
        review.language == gold.language,
        "language",
        review.language.clone(),
        gold.language.clone(),
    ));
    let org = gold.org.as_deref().map(|want| {
        check(
            same_org(&case.org, want, &gold.org_aliases),
            "org",
            format!("{:?}", case.org),
            format!("{want:?}"),
        )
    });
    let date = gold.date.as_deref().map(|want| {
        check(
            case.date == want,
            "date",
            case.date.clone(),
            want.to_string(),
        )
    });
    // A window bound is right when it matches the gold or any alternative window's bound.
    let alt = &gold.alternatives;
    let starts: Vec<&str> = gold
        .window
        .start
        .iter()
        .chain(alt.window.iter().filter_map(|w| w.start.as_ref()))
        .map(String::as_str)
        .collect();
    let ends: Vec<&str> = gold
        .window
        .end
        .iter()
        .chain(alt.window.iter().filter_map(|w| w.end.as_ref()))
        .map(String::as_str)
        .collect();
    let window_start = gold.window.start.as_ref().map(|want| {
        check(
            starts
                .iter()
                .any(|g| same_instant(review.window.start.as_deref(), Some(g))),
            "window.start",
            format!("{:?}", review.window.start),
            want.clone(),
        )
    });
    let window_end = gold.window.end.as_ref().map(|want| {
        check(
            ends.iter()
                .any(|g| same_instant(review.window.end.as_deref(), Some(g))),
            "window.end",
            format!("{:?}", review.window.end),
            want.clone(),
        )
    });
    let det = case.timeline.detected_after.map(|d| d.to_string());
    let detected_after = gold.timeline.detected_after.as_ref().map(|want| {
        check(
            std::iter::once(want)
                .chain(&alt.detected_after)
                .any(|g| same_duration(det.as_deref(), Some(g))),
            "detected_after",
            format!("{det:?}"),
            want.clone(),
        )
    });
    let res = case.timeline.resolved_after.map(|d| d.to_string());
    let resolved_after = gold.timeline.resolved_after.as_ref().map(|want| {
        check(
            std::iter::once(want)
                .chain(&alt.resolved_after)
                .any(|g| same_duration(res.as_deref(), Some(g))),
            "resolved_after",
            format!("{res:?}"),
            want.clone(),
        )
    });

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
    let root_cause = gold.root_cause.as_ref().map(|want| {
        let ok = std::iter::once(want)
            .chain(&alt.root_cause)
            .any(|g| g == &case.root_cause);
        if !ok {
            misses.push(format!("root_cause: got {}, want {want}", case.root_cause));
        }
        ok
    });
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
    // A field counts over the documents whose gold states it.
    let frac = |f: &dyn Fn(&DocScore) -> Option<bool>| {
        let scored: Vec<bool> = docs.iter().filter_map(f).collect();
        ratio(scored.iter().filter(|x| **x).count(), scored.len())
    };
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
