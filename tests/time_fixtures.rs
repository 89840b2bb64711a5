//! Fixture files for the time parser, picked up automatically: every `tests/fixtures/<lang>/*.txt`.
//!
//! Header lines (before the text) state what must be found:
//! - `# expect: A; B; …` — a time `YYYY-MM-DDTHH:MM` with an optional offset (`+09:00`, `Z`) and
//!   an optional `~` (must be approximate), or a compact duration (`52m`, `1h15m`). A time matches
//!   any mention's `value` or `end_value` to the minute (and offset, when given).
//! - `# not: …` — durations that must not be reported (rates, frequencies, fractions).
//! - `# ref: 2024-11-12T00:00` — the reference date-time (optional).
//! - `# zone: Asia/Seoul inferred` — the page zone and how it was decided (optional).
//!
//! Adding a language is adding `mappings/lang/<code>.toml` and a folder of fixtures.
mod common;

use incidentlib::case::Duration;
use incidentlib::time::{parse, Lexicons, ParseOptions, Parsed, TimeValue};

struct Fixture {
    expect: Vec<String>,
    not: Vec<String>,
    reference: Option<chrono::NaiveDateTime>,
    zone: Option<String>,
    text: String,
}

fn read_fixture(path: &std::path::Path) -> Fixture {
    let raw = std::fs::read_to_string(path).expect("read fixture");
    let mut f = Fixture {
        expect: vec![],
        not: vec![],
        reference: None,
        zone: None,
        text: String::new(),
    };
    let mut body = Vec::new();
    let mut in_header = true;
    for line in raw.lines() {
        if in_header {
            if let Some(rest) = line.strip_prefix('#') {
                let (key, value) = rest.split_once(':').unwrap_or((rest, ""));
                let items = || {
                    value
                        .split(';')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                };
                match key.trim() {
                    "expect" => f.expect = items(),
                    "not" => f.not = items(),
                    "ref" => {
                        f.reference =
                            chrono::NaiveDateTime::parse_from_str(value.trim(), "%Y-%m-%dT%H:%M")
                                .ok()
                    }
                    "zone" => f.zone = Some(value.trim().to_string()),
                    other => panic!("{}: unknown header {other:?}", path.display()),
                }
                continue;
            }
            in_header = false;
        }
        body.push(line);
    }
    f.text = body.join("\n");
    f
}

fn time_matches(v: &TimeValue, want: &str) -> bool {
    let iso = v.iso();
    let (minute, offset) = want.split_at(want.len().min(16));
    if !iso.starts_with(minute) {
        return false;
    }
    match offset {
        "" => true,
        "Z" => iso.ends_with("+00:00"),
        o => iso.ends_with(o),
    }
}

fn check(parsed: &Parsed, f: &Fixture) -> Vec<String> {
    let mut problems = Vec::new();
    for item in &f.expect {
        let (want, approx) = match item.strip_suffix('~') {
            Some(w) => (w, true),
            None => (item.as_str(), false),
        };
        if want.len() >= 16 && want.as_bytes()[4] == b'-' {
            let hit = parsed.times.iter().any(|t| {
                let start =
                    t.value.is_some_and(|v| time_matches(&v, want)) && (!approx || t.approximate);
                let end = t.end_value.is_some_and(|v| time_matches(&v, want))
                    && (!approx || t.end_approximate.unwrap_or(t.approximate));
                start || end
            });
            if !hit {
                problems.push(format!("time {item} not found"));
            }
        } else {
            let d = Duration::parse_lenient(want).expect("fixture duration");
            if !parsed
                .durations
                .iter()
                .any(|m| m.value == d && (!approx || m.approximate))
            {
                problems.push(format!("duration {item} not found"));
            }
        }
    }
    for item in &f.not {
        let d = Duration::parse_lenient(item).expect("fixture duration");
        if let Some(m) = parsed.durations.iter().find(|m| m.value == d) {
            problems.push(format!("{:?} must not be a duration", m.quote));
        }
    }
    if let Some(z) = &f.zone {
        let got = format!(
            "{} {}",
            parsed.zone.zone.as_deref().unwrap_or("none"),
            serde_json::to_value(parsed.zone.how)
                .unwrap()
                .as_str()
                .unwrap()
        );
        if got != *z {
            problems.push(format!("zone: want {z:?}, got {got:?}"));
        }
    }
    problems
}

#[test]
fn every_fixture_meets_its_expectations() {
    let root = common::root();
    let lex = Lexicons::load(&root.join("mappings")).expect("lexicons");
    let mut failures = Vec::new();
    let mut count = 0;
    for code in lex.codes() {
        let dir = root.join("tests/fixtures").join(code);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            failures.push(format!("{code}: no fixtures in {}", dir.display()));
            continue;
        };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            count += 1;
            let f = read_fixture(&path);
            let parsed = parse(
                &f.text,
                &lex,
                &ParseOptions {
                    lang: Some(code.to_string()),
                    tz: None,
                    reference: f.reference,
                    fallback_tz: None,
                    ..Default::default()
                },
            );
            for p in check(&parsed, &f) {
                failures.push(format!("{}: {p}", path.display()));
            }
        }
    }
    assert!(count > 0, "no fixtures found");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
