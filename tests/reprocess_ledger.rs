//! `reprocess` never erases a curator's work: the label ledger, the seed library, accepted drafts, damaged ledgers, streamed reports.
mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};

/// The seed records the library test is made of (file name prefixes in `../shared/seeds`).
const SEEDS: [&str; 2] = ["000_", "004_"];
/// The label fields of a case.
const FIELDS: [&str; 5] = [
    "symptoms",
    "contributing",
    "components",
    "domain",
    "root_cause",
];
const LEDGER: &str = ".incidentlib/labels.sqlite";

/// The two seed files, or None (with a note) when `../shared` lacks them; under
/// `INCIDENTLIB_REQUIRE_SHARED=1` their absence fails the test.
fn seeds() -> Option<Vec<PathBuf>> {
    let dir = common::root().join("../shared/seeds");
    let found: Vec<PathBuf> = SEEDS
        .iter()
        .filter_map(|prefix| {
            std::fs::read_dir(&dir).ok()?.flatten().find_map(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(prefix)
                    .then(|| e.path())
            })
        })
        .collect();
    if found.len() == SEEDS.len() {
        return Some(found);
    }
    if std::env::var("INCIDENTLIB_REQUIRE_SHARED").is_ok_and(|v| v == "1") {
        panic!(
            "{} lacks the seeds {SEEDS:?} and INCIDENTLIB_REQUIRE_SHARED=1",
            dir.display()
        );
    }
    eprintln!(
        "note: {} lacks the seeds; skipping this check",
        dir.display()
    );
    None
}

fn reprocess(dir: &Path, extra: &[&str]) -> std::process::Output {
    let lib = dir.to_string_lossy().to_string();
    let mut args = vec!["reprocess", "--library", lib.as_str()];
    args.extend_from_slice(extra);
    common::run(&args)
}

fn json(o: &std::process::Output) -> Value {
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{}",
        common::stderr(o)
    );
    serde_json::from_str(&common::stdout(o))
        .unwrap_or_else(|e| panic!("no JSON report ({e}): {}", common::stdout(o)))
}

fn read(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn terms(v: &Value, field: &str) -> Vec<String> {
    match &v[field] {
        Value::Array(a) => a
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        Value::String(s) => vec![s.clone()],
        _ => Vec::new(),
    }
}

fn change<'a>(report: &'a Value, field: &str) -> Option<&'a Value> {
    report["cases"]
        .as_array()?
        .iter()
        .flat_map(|c| c["changes"].as_array().into_iter().flatten())
        .find(|ch| ch["field"] == field)
}

fn proposals<'a>(report: &'a Value, kind: &str) -> Vec<&'a Value> {
    report["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|c| c["proposals"].as_array().into_iter().flatten())
        .filter(|p| p["kind"] == kind)
        .collect()
}

/// An unreviewed case (from the test template) whose text says the disk was full, with one
/// label a curator chose (`high-latency`, which the text does not support).
fn disk_case(id: &str) -> Value {
    let mut v: Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("tests/fixtures/cases/IL-T001.json")).unwrap(),
    )
    .unwrap();
    v["id"] = Value::from(id);
    v["title"] = serde_json::json!({"en": "The database disk was full"});
    v["summary"] = serde_json::json!({"en": "The database disk was full, so every write failed with HTTP 500 errors."});
    v["symptoms"] = serde_json::json!(["high-latency"]);
    v
}

/// Rewrites a case's text so it no longer says the disk was full (its labels stay as they are).
fn drop_disk_from_text(p: &Path) {
    let mut v = read(p);
    v["title"] = serde_json::json!({"en": "Writes failed for an hour"});
    v["summary"] =
        serde_json::json!({"en": "Every write failed with HTTP 500 errors for an hour."});
    std::fs::write(p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

#[test]
fn seed_library_loses_no_label_under_apply() {
    let Some(seeds) = seeds() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for s in &seeds {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(s).unwrap()).unwrap();
        let p = dir
            .path()
            .join(format!("{}.json", v["id"].as_str().unwrap()));
        std::fs::copy(s, &p).unwrap();
        paths.push((p, v));
    }
    let r = json(&reprocess(dir.path(), &["--apply", "--json"]));
    assert_eq!(r["ledger"]["state"], "missing", "{}", r["ledger"]);
    assert!(r["ledger"]["note"].as_str().unwrap().contains("curator"));
    for (p, before) in &paths {
        let after = read(p);
        for f in FIELDS {
            for t in terms(before, f) {
                assert!(
                    terms(&after, f).contains(&t),
                    "{}: {f} lost the curator's {t:?}",
                    p.display()
                );
            }
        }
    }
    // What the mappings disagree with is reported, not applied.
    let removals: Vec<&str> = proposals(&r, "remove")
        .iter()
        .filter_map(|p| p["term"].as_str())
        .collect();
    assert!(
        removals.contains(&"retry-storm") || removals.contains(&"ecs"),
        "{removals:?}"
    );
    assert!(proposals(&r, "remove")
        .iter()
        .all(|p| p["reason"].as_str().unwrap_or("").contains("curator")));
    // The ledger exists now; a second run still removes nothing.
    assert!(dir.path().join(LEDGER).exists());
    let r2 = json(&reprocess(dir.path(), &["--apply", "--json"]));
    assert_eq!(r2["ledger"]["state"], "ok");
    for c in r2["cases"].as_array().unwrap() {
        for ch in c["changes"].as_array().unwrap() {
            assert_eq!(ch["removed"], serde_json::json!([]), "{ch}");
        }
    }
}

#[test]
fn labels_incidentlib_wrote_are_updated_and_a_curators_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("IL-L1.json");
    std::fs::write(&p, disk_case("IL-L1").to_string()).unwrap();
    let r = json(&reprocess(dir.path(), &["--apply", "--json"]));
    let after = read(&p);
    let sym = terms(&after, "symptoms");
    assert!(sym.contains(&"disk-full".to_string()), "{sym:?}");
    assert!(sym.contains(&"high-latency".to_string()), "{sym:?}");
    assert!(proposals(&r, "remove")
        .iter()
        .any(|p| p["term"] == "high-latency"));

    drop_disk_from_text(&p);
    let r = json(&reprocess(dir.path(), &["--apply", "--json"]));
    assert_eq!(r["ledger"]["state"], "ok");
    let sym = terms(&read(&p), "symptoms");
    assert!(
        !sym.contains(&"disk-full".to_string()),
        "incidentlib's own label was not updated: {sym:?}"
    );
    assert!(sym.contains(&"high-latency".to_string()), "{sym:?}");
    let ch = change(&r, "symptoms").expect("a symptoms change");
    assert!(ch["removed"]
        .as_array()
        .unwrap()
        .contains(&Value::from("disk-full")));
    assert!(!ch["removed"]
        .as_array()
        .unwrap()
        .contains(&Value::from("high-latency")));
}

#[test]
fn a_field_a_curator_edited_is_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("IL-L2.json");
    std::fs::write(&p, disk_case("IL-L2").to_string()).unwrap();
    json(&reprocess(dir.path(), &["--apply", "--json"]));
    // The curator adds a term: every label of the field is theirs now.
    let mut v = read(&p);
    v["symptoms"]
        .as_array_mut()
        .unwrap()
        .push(Value::from("oom-killed"));
    std::fs::write(&p, v.to_string()).unwrap();
    drop_disk_from_text(&p);
    let r = json(&reprocess(dir.path(), &["--apply", "--json"]));
    let sym = terms(&read(&p), "symptoms");
    assert!(sym.contains(&"disk-full".to_string()), "{sym:?}");
    let why = proposals(&r, "remove")
        .into_iter()
        .find(|p| p["term"] == "disk-full")
        .expect("a remove proposal for disk-full");
    assert!(why["reason"].as_str().unwrap().contains("edited"), "{why}");
}

#[test]
fn labels_of_an_accepted_draft_are_incidentlibs() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    std::fs::create_dir(&lib).unwrap();
    let draft = common::root().join("tests/fixtures/review/draft-examplewiki-2025-01-18.json");
    let mut v = read(&draft);
    assert!(v["review"]["written_by"]
        .as_str()
        .unwrap()
        .starts_with("incidentlib"));
    v["review"]["reviewed_at"] = "2026-11-30T10:00:00Z".into();
    let reviewed = dir.path().join("reviewed.json");
    std::fs::write(&reviewed, v.to_string()).unwrap();
    let o = common::run(&[
        "review",
        "--accept",
        reviewed.to_str().unwrap(),
        "--library",
        lib.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    assert!(lib.join(LEDGER).exists(), "accept wrote no ledger");
    // Reopened for review (labels untouched), and its text no longer says the disk was full.
    let p = lib.join("draft-examplewiki-2025-01-18.json");
    let mut c = read(&p);
    c["review"]["reviewed_at"] = Value::Null;
    std::fs::write(&p, c.to_string()).unwrap();
    drop_disk_from_text(&p);
    let r = json(&reprocess(&lib, &["--apply", "--json"]));
    let sym = terms(&read(&p), "symptoms");
    assert!(!sym.contains(&"disk-full".to_string()), "{sym:?} / {r}");
}

#[test]
fn a_damaged_ledger_makes_every_label_a_curators() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("IL-L3.json");
    std::fs::write(&p, disk_case("IL-L3").to_string()).unwrap();
    json(&reprocess(dir.path(), &["--apply", "--json"]));
    let ledger = dir.path().join(LEDGER);
    std::fs::write(
        &ledger,
        "this is not an SQLite database, it was overwritten",
    )
    .unwrap();
    for side in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{side}", ledger.display()));
    }
    drop_disk_from_text(&p);
    let dry = json(&reprocess(dir.path(), &["--json"]));
    assert_eq!(dry["ledger"]["state"], "damaged");
    assert!(dry["ledger"]["note"]
        .as_str()
        .unwrap()
        .contains("none is removed"));
    let r = json(&reprocess(dir.path(), &["--apply", "--json"]));
    let sym = terms(&read(&p), "symptoms");
    assert!(sym.contains(&"disk-full".to_string()), "{sym:?}");
    assert!(r["ledger"]["note"].as_str().unwrap().contains("moved"));
    let aside = std::fs::read_dir(dir.path().join(".incidentlib"))
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().contains("damaged"));
    assert!(aside, "the damaged ledger was not kept aside");
}

#[test]
fn reports_stream_as_json_and_jsonl() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..3 {
        let id = format!("IL-S{i}");
        std::fs::write(
            dir.path().join(format!("{id}.json")),
            disk_case(&id).to_string(),
        )
        .unwrap();
    }
    std::fs::write(dir.path().join("bad.json"), "{\"id\": ").unwrap();
    let o = reprocess(dir.path(), &["--jsonl"]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<Value> = common::stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let ids: Vec<&str> = lines.iter().filter_map(|l| l["id"].as_str()).collect();
    assert_eq!(ids, ["IL-S0", "IL-S1", "IL-S2"]);
    assert!(lines
        .iter()
        .any(|l| l["path"].as_str().unwrap().ends_with("bad.json") && l["problem"].is_string()));
    let r = json(&reprocess(dir.path(), &["--json"]));
    let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["vocabulary", "ledger", "cases", "skipped"]);
    assert_eq!(r["cases"].as_array().unwrap().len(), 3);
    assert_eq!(r["skipped"].as_array().unwrap().len(), 1);
}
