//! `incidentlib eval` on the development corpus: the drafter meets its targets (skips when
//! `../shared` is absent).
mod common;
use serde_json::Value;

#[test]
fn dev_corpus_meets_the_draft_targets() {
    let Some(corpus) = common::shared("dev-corpus") else {
        return;
    };
    let out = common::run(&["eval", "--json", "--corpus", corpus.to_str().unwrap()]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let t = &v["totals"];
    eprintln!("{}", serde_json::to_string_pretty(t).unwrap());
    let at_least = |key: &str, min: f64| {
        let got = t[key].as_f64().unwrap();
        assert!(got >= min, "{key} = {got:.3}, target {min}");
    };
    assert_eq!(t["errors"], 0);
    at_least("language", 1.0);
    at_least("date", 0.95);
    at_least("window_start", 0.90);
    at_least("window_end", 0.90);
    at_least("resolved_after", 0.85);
    at_least("detected_after", 0.70);
    at_least("events_f1", 0.90);
    at_least("durations_recall", 0.90);
    at_least("labels_f1", 0.80);
    at_least("root_cause", 0.90);
    assert_eq!(
        t["must_not_label_violations"], 0,
        "a negated or planned term was labelled"
    );
}

/// The real corpus (`../shared/real-corpus`): real reports, paraphrased, with gold. Each half
/// (split by a hash of the file name: `a` developed on, `b` held out) must stay at or above the
/// figures measured when this floor was set; the issues' targets (date 0.90, window start 0.85,
/// end 0.80, resolved_after 0.80, detected_after 0.60, events F1 0.85, durations recall 0.90,
/// labels F1 0.65, root cause 0.60, org 0.80, no must_not_label) are where the floors must end.
#[test]
fn real_corpus_holds_its_floors_on_both_halves() {
    let Some(corpus) = common::shared("real-corpus") else {
        return;
    };
    let out = common::run(&["eval", "--json", "--corpus", corpus.to_str().unwrap()]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // (metric, floor for half a, floor for half b), measured 2026-12-01 (window end, resolved_after and events raised
    // 2026-12-02 to what half b measured then). Half b's durations
    // floor went down once, 0.89 → 0.84: bare CJK day numbers ("15일", "15日") became days of
    // the month, which removed 13 wrong "N days" lengths and fixed three dates on half b but
    // lost two day lengths there whose words the lexicons do not yet know; lengths as more
    // reports write them (lower bounds, compounds, number words) brought it to 0.87, and a
    // turned-down match that no longer hides the length inside it ("a seven-hour") to 0.897.
    let floors: &[(&str, f64, f64)] = &[
        ("date", 0.96, 0.94),
        ("window_start", 0.96, 0.91),
        ("window_end", 0.92, 0.78),
        ("detected_after", 0.99, 0.57),
        ("resolved_after", 0.96, 0.76),
        ("events_f1", 0.96, 0.86),
        ("durations_recall", 0.99, 0.89),
        ("org", 0.96, 0.81),
        ("labels_f1", 0.86, 0.61),
        // half b's root cause 0.684 → 0.658 (one page) when bare party nouns ("partner",
        // "vendor") became weak dependency-failure words; the same change took the held-out sets
        // t42h 0.714 → 0.857 and t44 0.611 → 0.778 (README, stop 38), so it was kept
        ("root_cause", 0.88, 0.65),
    ];
    let mut low = Vec::new();
    for (half, col) in [("a", 1), ("b", 2)] {
        let t = &v["halves"][half];
        eprintln!("half {half}: {}", serde_json::to_string(t).unwrap());
        assert_eq!(t["errors"], 0, "half {half}: drafting errors");
        for row in floors {
            let floor = if col == 1 { row.1 } else { row.2 };
            let got = t[row.0].as_f64().unwrap();
            if got < floor {
                low.push(format!("half {half} {} = {got:.3} < {floor}", row.0));
            }
        }
        // lengths the gold does not list (round-the-clock service, the 24-hour clock, look-alikes):
        // at most as many as measured on 2026-12-01 (a 0, b 4; b was 10)
        let extra_ceiling = if col == 1 { 0 } else { 4 };
        let extra = t["durations_extra"].as_u64().unwrap();
        if extra > extra_ceiling {
            low.push(format!(
                "half {half} durations_extra = {extra} > {extra_ceiling}"
            ));
        }
        let mnl = t["must_not_label_violations"].as_u64().unwrap();
        if mnl > 0 {
            low.push(format!(
                "half {half}: {mnl} must_not_label violations (none allowed)"
            ));
        }
    }
    assert!(low.is_empty(), "below the floor: {low:#?}");
}

/// `eval --by-term` counts each term's true and false positives and false negatives; summed over
/// the list fields they give the same labels F1 as the report, and the table names no document.
#[test]
fn by_term_counts_add_up_to_the_reported_labels_f1() {
    let Some(corpus) = common::shared("dev-corpus") else {
        return;
    };
    let dir = corpus.to_str().unwrap();
    let out = common::run(&["eval", "--json", "--corpus", dir]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = common::run(&["eval", "--json", "--by-term", "--corpus", dir]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let table: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(table["documents"], report["totals"]["documents"]);
    let terms = table["terms"].as_array().unwrap();
    assert!(!terms.is_empty());
    let (mut tp, mut fp, mut fn_) = (0u64, 0u64, 0u64);
    for t in terms {
        let n = |k: &str| t[k].as_u64().unwrap();
        // Every false negative has one reason.
        assert_eq!(
            n("fn_"),
            n("fn_unseen") + n("fn_unaffirmed") + n("fn_dropped"),
            "{t}"
        );
        if ["symptoms", "contributing", "components"].contains(&t["field"].as_str().unwrap()) {
            tp += n("tp");
            fp += n("fp");
            fn_ += n("fn_");
        }
    }
    let f1 = 2.0 * tp as f64 / (2 * tp + fp + fn_) as f64;
    let want = report["totals"]["labels_f1"].as_f64().unwrap();
    assert!((f1 - want).abs() < 1e-9, "by-term F1 {f1}, report {want}");
    // Counts only: no document's name appears.
    let text = String::from_utf8_lossy(&out.stdout);
    for d in report["documents"].as_array().unwrap() {
        assert!(!text.contains(d["document"].as_str().unwrap()), "{d}");
    }
}

/// `--org-misses-kinds` counts what kind of wrong organisation the misses got, per half, and
/// names no document in those counts (half b is held out).
#[test]
fn org_miss_kinds_are_counts_without_document_names() {
    let Some(corpus) = common::shared("dev-corpus") else {
        return;
    };
    let out = common::run(&[
        "eval",
        "--corpus",
        corpus.to_str().unwrap(),
        "--org-misses-kinds",
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = common::stdout(&out);
    let (table, kinds) = text
        .split_once("org misses by kind")
        .expect("an org misses section");
    let docs: Vec<&str> = table
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.ends_with(".txt") || w.contains('-'))
        .collect();
    assert!(!docs.is_empty(), "the per-document table comes first");
    for d in docs {
        assert!(!kinds.contains(d), "{d} named in the counts:\n{kinds}");
    }
    // Every document the table marks wrong on org is counted once by kind.
    let wrong = table
        .lines()
        .filter(|l| l.split_whitespace().nth(2) == Some("·"))
        .count();
    let counted: usize = kinds
        .lines()
        .filter(|l| l.starts_with("kind: "))
        .filter_map(|l| l.split_whitespace().rev().nth(2)?.parse::<usize>().ok())
        .sum();
    assert_eq!(counted, wrong, "{kinds}");
}
