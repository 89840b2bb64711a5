//! `incidentlib reprocess` writes its report in library order, whichever worker finishes first:
//! cases, skipped files and bad records interleaved as the walk met them, the same with one
//! thread or several.
mod common;

use serde_json::Value;
use std::path::Path;

/// Case files in the test library (enough for several chunks per worker).
const FILES: usize = 240;

fn template() -> Value {
    let text =
        std::fs::read_to_string(common::root().join("tests/fixtures/cases/IL-T001.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A case whose text says disk-full (its labels say otherwise, so it is reported); `long` cases
/// take far longer to label than the others, so workers finish out of order.
fn case(id: &str, long: bool) -> String {
    let mut v = template();
    v["id"] = Value::from(id);
    let sentence =
        "The database disk was full, so every write failed with HTTP 500 errors. No data was lost. ";
    v["summary"]["en"] = Value::from(sentence.repeat(if long { 400 } else { 1 }));
    v["symptoms"] = serde_json::json!(["high-latency"]);
    serde_json::to_string(&v).unwrap()
}

/// Writes the library: good cases, unparsable files, a file that is no case record, and JSONL
/// files with a bad line between good ones, in two folders. Returns the files in walk order.
fn library(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for i in 0..FILES {
        let sub = dir.join(if i < FILES / 2 { "a" } else { "b" });
        std::fs::create_dir_all(&sub).unwrap();
        let id = format!("IL-{i:05}");
        let (name, text) = match i % 11 {
            3 => (format!("{id}.json"), "{\"id\": ".to_string()),
            7 => (format!("{id}.json"), "[1, 2, 3]".to_string()),
            9 => (
                format!("{id}.jsonl"),
                format!(
                    "{}\nnot json\n{}\n",
                    case(&format!("{id}-1"), false),
                    case(&format!("{id}-2"), i % 2 == 0)
                ),
            ),
            _ => (format!("{id}.json"), case(&id, i % 5 == 0)),
        };
        let path = sub.join(name);
        std::fs::write(&path, text).unwrap();
        files.push(path.to_string_lossy().to_string());
    }
    files
}

/// The file each line of a `--jsonl` report is about (a JSONL record's `:line` taken off).
fn files_in_report(stdout: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in stdout.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let path = v["path"].as_str().unwrap();
        let file = match path.rsplit_once(':') {
            Some((f, n)) if n.chars().all(|c| c.is_ascii_digit()) => f,
            _ => path,
        };
        if out.last().map(String::as_str) != Some(file) {
            out.push(file.to_string());
        }
    }
    out
}

fn run(dir: &Path, threads: &str, format: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(["reprocess", "--library"])
        .arg(dir)
        .arg(format)
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap()
}

#[test]
fn the_report_keeps_library_order_with_skipped_files_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let files = library(dir.path());
    let one = run(dir.path(), "1", "--jsonl");
    assert_eq!(one.status.code(), Some(1), "{}", common::stderr(&one));
    let one_out = String::from_utf8(one.stdout.clone()).unwrap();
    // Every file shows up, once, in walk order (bad ones where they lie).
    assert_eq!(files_in_report(&one_out), files);
    for threads in ["2", "5"] {
        let many = run(dir.path(), threads, "--jsonl");
        assert_eq!(
            String::from_utf8(many.stdout).unwrap(),
            one_out,
            "{threads} threads"
        );
        assert_eq!(many.status.code(), Some(1));
    }
    // The JSON document too: its cases in the same order, its skipped list in walk order.
    let doc = |threads: &str| -> Value {
        serde_json::from_slice(&run(dir.path(), threads, "--json").stdout).unwrap()
    };
    let (a, b) = (doc("1"), doc("3"));
    assert_eq!(a, b);
    let cases = a["cases"].as_array().unwrap();
    let jsonl_cases: Vec<Value> = one_out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("id").is_some())
        .collect();
    assert_eq!(cases, &jsonl_cases);
    let skipped = a["skipped"].as_array().unwrap();
    assert!(skipped.len() >= FILES / 11 * 3, "{}", skipped.len());
}
