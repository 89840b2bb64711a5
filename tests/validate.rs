//! `incidentlib validate`: every problem class, the exit codes, and bad input without panics.
mod common;
use common::{run, stderr, stdout};
use serde_json::Value;
use std::path::Path;

fn sample() -> Value {
    let p = common::root().join("tests/fixtures/cases/IL-T001.json");
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn write(dir: &Path, name: &str, v: &Value) {
    std::fs::write(dir.join(name), serde_json::to_string(v).unwrap()).unwrap();
}

fn problems(args: &[&str]) -> (i32, Vec<Value>) {
    let mut all = vec!["validate", "--json"];
    all.extend_from_slice(args);
    let out = run(&all);
    let code = out.status.code().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {} / {}", stdout(&out), stderr(&out)));
    (code, v.as_array().unwrap().clone())
}

#[test]
fn seeds_are_valid() {
    let (Some(a), Some(b)) = (
        common::shared("seeds/000_a66166267b359b47.txt"),
        common::shared("seeds/004_3e8b6726fb9ba414.txt"),
    ) else {
        return;
    };
    // The seeds are JSON despite their .txt name: name them directly.
    let out = run(&["validate", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

#[test]
fn bundled_sample_is_valid() {
    let out = run(&["validate", "tests/fixtures/cases"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

#[test]
fn thousand_records_three_broken_names_exactly_those() {
    let dir = tempfile::tempdir().unwrap();
    let base = sample();
    for i in 0..1000 {
        let mut v = base.clone();
        v["id"] = Value::from(format!("IL-{i:04}"));
        write(dir.path(), &format!("case-{i:04}.json"), &v);
    }
    // 1: truncated JSON
    let text = std::fs::read_to_string(dir.path().join("case-0100.json")).unwrap();
    std::fs::write(dir.path().join("case-0100.json"), &text[..text.len() / 2]).unwrap();
    // 2: unknown symptom
    let mut v = base.clone();
    v["id"] = "IL-0200".into();
    v["symptoms"] = serde_json::json!(["disk-full", "oom-kill"]);
    write(dir.path(), "case-0200.json", &v);
    // 3: malformed duration
    let mut v = base.clone();
    v["id"] = "IL-0300".into();
    v["timeline"]["resolved_after"] = "1 hour".into();
    write(dir.path(), "case-0300.json", &v);

    let (code, ps) = problems(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(ps.len(), 3, "{ps:#?}");
    let names: Vec<String> = ps
        .iter()
        .map(|p| {
            Path::new(p["path"].as_str().unwrap())
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        names,
        ["case-0100.json", "case-0200.json", "case-0300.json"]
    );
    assert!(ps[0]["problem"].as_str().unwrap().contains("truncated"));
    assert!(ps.iter().all(|p| p["line"].is_u64()));
    assert_eq!(ps[1]["field"], "symptoms[1]");
    assert!(ps[1]["problem"]
        .as_str()
        .unwrap()
        .contains("\"oom-killed\""));
    assert_eq!(ps[2]["field"], "timeline.resolved_after");
}

#[test]
fn every_problem_class_is_reported_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut v = sample();
    let obj = v.as_object_mut().unwrap();
    obj.remove("org");
    obj.insert("date".into(), "12/11/2024".into());
    obj.insert(
        "root_cause".into(),
        serde_json::json!(["capacity", "latent-bug"]),
    );
    obj.insert("severity".into(), "critical".into());
    obj.insert("domain".into(), "web-hosting".into());
    obj.insert("title".into(), serde_json::json!({"english": "x"}));
    obj.insert(
        "sources".into(),
        serde_json::json!([{"url": "not a url", "kind": "blgo"}]),
    );
    v["timeline"]["detected_after"] = "90m".into();
    write(dir.path(), "bad.json", &v);
    let (code, ps) = problems(&[dir.path().join("bad.json").to_str().unwrap()]);
    assert_eq!(code, 1);
    let fields: Vec<&str> = ps
        .iter()
        .map(|p| p["field"].as_str().unwrap_or(""))
        .collect();
    for f in [
        "org",
        "date",
        "root_cause",
        "severity",
        "domain",
        "title.english",
        "sources[0].url",
        "sources[0].kind",
        "timeline.detected_after",
    ] {
        assert!(fields.contains(&f), "no problem for {f}: {ps:#?}");
    }
    assert!(ps.iter().all(|p| p["id"] == "IL-T001"));
    let dur = ps
        .iter()
        .find(|p| p["field"] == "timeline.detected_after")
        .unwrap();
    assert!(dur["problem"].as_str().unwrap().contains("1h30m"));
    let kind = ps.iter().find(|p| p["field"] == "sources[0].kind").unwrap();
    assert!(kind["problem"].as_str().unwrap().contains("\"blog\""));
}

#[test]
fn jsonl_lines_and_duplicate_ids_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let base = sample();
    let mut lines = String::new();
    for i in 0..3 {
        let mut v = base.clone();
        v["id"] = Value::from(format!("IL-{i}"));
        lines.push_str(&serde_json::to_string(&v).unwrap());
        lines.push('\n');
    }
    lines.push('\n');
    lines.push_str("{\"id\": \"IL-9\", oops}\n");
    std::fs::write(dir.path().join("a.jsonl"), lines).unwrap();
    let mut v = base.clone();
    v["id"] = "IL-1".into();
    write(dir.path(), "b.json", &v);
    let (code, ps) = problems(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(ps.len(), 2, "{ps:#?}");
    assert_eq!(ps[0]["line"], 5);
    assert!(ps[0]["problem"].as_str().unwrap().contains("invalid JSON"));
    assert_eq!(ps[1]["field"], "id");
    assert!(ps[1]["problem"].as_str().unwrap().contains("a.jsonl:2"));
}

#[test]
fn bad_files_get_clear_messages_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("empty.json"), "").unwrap();
    std::fs::write(d.join("binary.json"), [0u8, 159, 146, 150, 0, 1]).unwrap();
    std::fs::write(d.join("latin1.json"), b"{\"id\": \"caf\xe9\"}").unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(serde_json::to_vec(&sample()).unwrap());
    std::fs::write(d.join("bom.json"), bom).unwrap();
    // A 50 MB record.
    let mut big = sample();
    big["summary"]["en"] = Value::from("x".repeat(50 * 1024 * 1024));
    write(d, "big.json", &big);
    std::os::unix::fs::symlink(d, d.join("loop")).unwrap();

    let out = run(&["validate", "--json", d.to_str().unwrap()]);
    let ps: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let about = |name: &str| -> String {
        ps.iter()
            .filter(|p| p["path"].as_str().unwrap().ends_with(name))
            .map(|p| p["problem"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    };
    assert!(about("empty.json").contains("empty file"), "{ps:#?}");
    assert!(about("binary.json").contains("binary"), "{ps:#?}");
    assert!(about("latin1.json").contains("not UTF-8"), "{ps:#?}");
    assert_eq!(about("bom.json"), "", "a BOM is skipped with a note");
    assert!(about("big.json").contains("--max-record-bytes"), "{ps:#?}");
    assert!(about("loop").contains("loop"), "{ps:#?}");
    // The loop is an I/O problem: exit 2.
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("byte order mark"));
}

#[test]
fn usage_and_missing_paths_exit_2() {
    assert_eq!(run(&["validate"]).status.code(), Some(2));
    assert_eq!(
        run(&["validate", "/nonexistent/cases"]).status.code(),
        Some(2)
    );
    let out = run(&["--version"]);
    assert!(stdout(&out).starts_with("incidentlib "));
    for cmd in ["validate", "schema"] {
        assert!(run(&[cmd, "--help"]).status.success());
    }
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let text = "14:05 UTC error. 14:10 UTC alert.\n".repeat(20_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(["times", "--lang", "en", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
    }
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader goes away after one line, like `| head -1`.
    let out = child.wait_with_output().unwrap();
    assert!(!first.is_empty());
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert!(
        matches!(out.status.code(), Some(0) | Some(141)),
        "{:?}",
        out.status
    );
}
