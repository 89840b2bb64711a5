//! `incidentlib reprocess`: dry run, apply, reviewed cases untouched, retired terms, malformed files, interruption.
mod common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How many cases the interruption test starts with (enough that a kill lands mid-run); doubled
/// on a retry when the run finished before the kill.
const INTERRUPT_CASES: usize = 400;
/// Attempts at killing a run between its first and its last write.
const INTERRUPT_ATTEMPTS: usize = 4;
/// How often the interruption test looks for the first written file.
const POLL_EVERY: Duration = Duration::from_millis(1);

fn template() -> Value {
    let text =
        std::fs::read_to_string(common::root().join("tests/fixtures/cases/IL-T001.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A case whose own text clearly says disk-full and high error rate, with labels that differ.
fn case(id: &str, reviewed: bool) -> String {
    let mut v = template();
    v["id"] = Value::from(id);
    v["summary"]["en"] = Value::from(
        "The database disk was full, so every write failed with HTTP 500 errors. No data was lost.",
    );
    v["symptoms"] = serde_json::json!(["high-latency"]);
    if reviewed {
        v["review"]["reviewed_at"] = Value::from("2026-01-02T03:04:05Z");
        v["review"]["reviewed_by"] = Value::from("curator");
    }
    // Pretty-printed, so a rewrite of the whole record would show.
    serde_json::to_string_pretty(&v).unwrap()
}

fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walk(dir)
        .into_iter()
        .map(|p| {
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "jsonl"))
        .collect();
    out.sort();
    out
}

fn reprocess(dir: &Path, extra: &[&str]) -> std::process::Output {
    let lib = dir.to_string_lossy().to_string();
    let mut args = vec!["reprocess", "--library", lib.as_str()];
    args.extend_from_slice(extra);
    common::run(&args)
}

fn json_report(o: &std::process::Output) -> Value {
    serde_json::from_str(&common::stdout(o)).unwrap_or_else(|e| {
        panic!(
            "reprocess --json printed no JSON ({e}): {}",
            common::stdout(o)
        )
    })
}

#[test]
fn dry_run_reports_with_evidence_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.json"), case("IL-A", false)).unwrap();
    let before = snapshot(dir.path());
    let o = reprocess(dir.path(), &["--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    assert_eq!(before, snapshot(dir.path()), "a dry run must not write");
    let r = json_report(&o);
    assert!(r["vocabulary"].as_str().unwrap().starts_with("sha256:"));
    let c = &r["cases"][0];
    assert_eq!(c["id"], "IL-A");
    assert_eq!(c["reviewed"], false);
    let sym = c["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ch| ch["field"] == "symptoms")
        .expect("a symptoms change");
    let added: Vec<&str> = sym["added"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(added.contains(&"disk-full"), "{sym}");
    assert!(
        !added.contains(&"data-loss"),
        "negated mention added: {sym}"
    );
    // high-latency is a curator's label (no ledger says incidentlib wrote it): kept, proposed.
    assert_eq!(sym["removed"], serde_json::json!([]));
    assert!(c["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["kind"] == "remove" && p["term"] == "high-latency"));
    assert!(sym["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["term"] == "disk-full" && e["quote"].as_str().unwrap().contains("disk")));
}

#[test]
fn apply_updates_unreviewed_keeps_reviewed_and_second_run_is_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let un = dir.path().join("un.json");
    let rev = dir.path().join("rev.json");
    std::fs::write(&un, case("IL-U", false)).unwrap();
    std::fs::write(&rev, case("IL-R", true)).unwrap();
    let rev_before = std::fs::read(&rev).unwrap();
    let un_before = std::fs::read_to_string(&un).unwrap();

    let o = reprocess(dir.path(), &["--apply", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    assert_eq!(
        std::fs::read(&rev).unwrap(),
        rev_before,
        "a reviewed case must stay byte-identical"
    );
    let r = json_report(&o);
    let reviewed = r["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "IL-R")
        .unwrap();
    assert_eq!(reviewed["changes"], serde_json::json!([]));
    assert!(reviewed["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["kind"] == "add" && p["term"] == "disk-full"));

    let un_after = std::fs::read_to_string(&un).unwrap();
    let v: Value = serde_json::from_str(&un_after).unwrap();
    let sym: Vec<&str> = v["symptoms"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(sym.contains(&"disk-full") && sym.contains(&"high-latency"));
    // Untouched values keep their bytes: the unknown key, the title, the key order.
    let untouched = |s: &str| {
        let a = s.find("\"future_key\"").unwrap();
        s[a..].chars().take(60).collect::<String>()
    };
    assert_eq!(untouched(&un_before), untouched(&un_after));
    let keys = |s: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(s).unwrap();
        v.as_object().unwrap().keys().cloned().collect()
    };
    assert_eq!(keys(&un_before), keys(&un_after));
    let title_before: String = un_before[un_before.find("\"title\"").unwrap()..]
        .chars()
        .take(60)
        .collect();
    assert!(un_after.contains(&title_before));

    let again = reprocess(dir.path(), &["--apply", "--json"]);
    let r2 = json_report(&again);
    assert!(
        r2["cases"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["changes"] == serde_json::json!([])),
        "second run still changes: {r2}"
    );
    assert!(common::stderr(&again).contains("0 changed"));
}

#[test]
fn retired_terms_are_reported_with_the_closest_term_never_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: Value = serde_json::from_str(&case("IL-X", false)).unwrap();
    v["symptoms"] = serde_json::json!(["disk-ful"]);
    let p = dir.path().join("x.json");
    std::fs::write(&p, serde_json::to_string(&v).unwrap()).unwrap();
    let o = reprocess(dir.path(), &["--apply", "--json"]);
    let r = json_report(&o);
    let prop = &r["cases"][0]["proposals"][0];
    assert_eq!(prop["kind"], "retired");
    assert_eq!(prop["term"], "disk-ful");
    assert_eq!(prop["suggestion"], "disk-full");
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    assert!(after["symptoms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("disk-ful")));
}

#[test]
fn malformed_files_are_skipped_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.json"), "{\"id\": ").unwrap();
    std::fs::write(dir.path().join("good.json"), case("IL-G", false)).unwrap();
    let o = reprocess(dir.path(), &["--apply", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let r = json_report(&o);
    assert!(r["skipped"][0]["path"]
        .as_str()
        .unwrap()
        .ends_with("bad.json"));
    assert!(r["cases"][0]["id"] == "IL-G");
    let g: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("good.json")).unwrap())
            .unwrap();
    assert!(g["symptoms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("disk-full")));
}

fn library(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..n {
        std::fs::write(
            dir.path().join(format!("IL-{i:05}.json")),
            case(&format!("IL-{i:05}"), i % 7 == 0),
        )
        .unwrap();
    }
    dir
}

/// Inode of every case file in `dir`: an atomic write (temp file + rename) gives a new one.
fn inodes(dir: &Path) -> BTreeMap<String, u64> {
    use std::os::unix::fs::DirEntryExt;
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.ino()))
        .collect()
}

/// Starts `reprocess --apply` on `dir` and kills it (SIGKILL) as soon as one file is rewritten.
/// Returns whether the kill came before the run ended.
fn kill_after_first_write(dir: &Path) -> bool {
    let before = inodes(dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(["reprocess", "--apply", "--library"])
        .arg(dir)
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    loop {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        let now = inodes(dir);
        if now.iter().any(|(name, ino)| before.get(name) != Some(ino)) {
            let _ = child.kill();
            let status = child.wait().unwrap();
            return status.code().is_none();
        }
        std::thread::sleep(POLL_EVERY);
    }
}

#[test]
fn killed_midway_leaves_old_or_new_files_and_a_rerun_finishes() {
    let mut n = INTERRUPT_CASES;
    for attempt in 1..=INTERRUPT_ATTEMPTS {
        let old = library(n);
        let old_files: BTreeMap<String, Vec<u8>> = snapshot(old.path())
            .into_iter()
            .map(|(p, b)| (p.file_name().unwrap().to_string_lossy().into(), b))
            .collect();
        // The finished result, from an uninterrupted run on a copy.
        let done = library(n);
        let o = reprocess(done.path(), &["--apply"]);
        assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
        let new_files: BTreeMap<String, Vec<u8>> = snapshot(done.path())
            .into_iter()
            .map(|(p, b)| (p.file_name().unwrap().to_string_lossy().into(), b))
            .collect();
        let to_change = old_files
            .iter()
            .filter(|(name, b)| new_files[*name] != **b)
            .count();
        assert!(to_change > n / 2, "most cases have changes to write");

        let killed = kill_after_first_write(old.path());
        let (mut written, mut pending) = (0, 0);
        for (p, bytes) in snapshot(old.path()) {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let (was, will) = (&old_files[&name], &new_files[&name]);
            assert!(
                bytes == *was || bytes == *will,
                "{name} is neither the old nor the new record"
            );
            if was != will {
                if bytes == *will {
                    written += 1;
                } else {
                    pending += 1;
                }
            }
        }
        eprintln!(
            "attempt {attempt}: {n} cases, killed mid-run: {killed}; {written} written, {pending} not yet"
        );
        if !(killed && written > 0 && pending > 0) {
            // The run finished (or nearly) before the kill: try a larger library.
            n *= 2;
            continue;
        }

        let o = reprocess(old.path(), &["--apply"]);
        assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
        for (p, bytes) in snapshot(old.path()) {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            assert_eq!(bytes, new_files[&name], "{name} not finished by the re-run");
        }
        let quiet = reprocess(old.path(), &[]);
        assert!(
            common::stderr(&quiet).contains(" 0 changed"),
            "{}",
            common::stderr(&quiet)
        );
        return;
    }
    panic!("no kill landed between the first and the last write in {INTERRUPT_ATTEMPTS} attempts");
}

#[test]
fn labels_command_shows_evidence_and_assertions() {
    let o = common::run(&[
        "labels",
        "--lang",
        "en",
        "--json",
        "No customer data was lost. The disk was full and writes failed with HTTP 500.",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let v: Value = serde_json::from_str(&common::stdout(&o)).unwrap();
    let labels = v["labels"].as_array().unwrap();
    let loss = labels.iter().find(|l| l["term"] == "data-loss").unwrap();
    assert_eq!(loss["assertion"], "negated");
    assert_eq!(loss["quote"], "data was lost");
    for key in [
        "field",
        "term",
        "quote",
        "start",
        "end",
        "section",
        "assertion",
        "rule",
        "confidence",
    ] {
        assert!(loss.get(key).is_some(), "label lacks {key}");
    }
    assert!(v["fields"]["symptoms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("disk-full")));
}

#[test]
fn renamed_terms_move_to_their_new_name_in_unreviewed_cases() {
    let maps = tempfile::tempdir().unwrap();
    copy_dir(&common::root().join("mappings"), maps.path());
    let sym = maps.path().join("symptoms.toml");
    let mut text = std::fs::read_to_string(&sym).unwrap();
    text.push_str("\n[renamed]\n\"latency-high\" = \"high-latency\"\n");
    std::fs::write(&sym, text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut v: Value = serde_json::from_str(&case("IL-N", false)).unwrap();
    v["symptoms"] = serde_json::json!(["latency-high"]);
    let p = dir.path().join("n.json");
    std::fs::write(&p, serde_json::to_string(&v).unwrap()).unwrap();
    let lib = dir.path().to_string_lossy().to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(["reprocess", "--apply", "--json", "--library", &lib])
        .env("INCIDENTLIB_MAPPINGS", maps.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let r = json_report(&o);
    let ch = r["cases"][0]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["field"] == "symptoms")
        .unwrap()
        .clone();
    assert!(ch["removed"]
        .as_array()
        .unwrap()
        .contains(&Value::from("latency-high")));
    assert!(ch["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["rule"].as_str().unwrap().contains("renamed")));
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    assert!(after["symptoms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("high-latency")));
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let dest = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

#[test]
fn jsonl_records_are_edited_in_place_line_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let compact =
        |s: String| serde_json::to_string(&serde_json::from_str::<Value>(&s).unwrap()).unwrap();
    let reviewed = compact(case("IL-J1", true));
    let open = compact(case("IL-J2", false));
    let p = dir.path().join("cases.jsonl");
    std::fs::write(&p, format!("{reviewed}\n{open}\n")).unwrap();
    let o = reprocess(dir.path(), &["--apply"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let after = std::fs::read_to_string(&p).unwrap();
    let lines: Vec<&str> = after.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], reviewed, "the reviewed line must not change");
    let v: Value = serde_json::from_str(lines[1]).unwrap();
    assert!(v["symptoms"]
        .as_array()
        .unwrap()
        .contains(&Value::from("disk-full")));
}
