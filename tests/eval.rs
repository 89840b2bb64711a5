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
    at_least("labels_f1", 0.75);
    at_least("root_cause", 0.70);
    assert_eq!(
        t["must_not_label_violations"], 0,
        "a negated or planned term was labelled"
    );
}
