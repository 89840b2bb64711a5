//! Scorer for `../shared/benchmarks/datetime-recognizers` (another project's date-time test
//! suite): per-language accuracy of the time parser. Ignored by default; run with
//! `cargo test --test time_recognizers -- --ignored --nocapture`.
mod common;

use incidentlib::time::{parse, Lexicons, ParseOptions, TimeValue};
use serde_json::Value;
use std::collections::BTreeMap;

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    if let Ok(dir) = std::env::var("INCIDENTLIB_SHARED") {
        let p = std::path::Path::new(&dir).join(rel);
        if p.exists() {
            return Some(p);
        }
    }
    common::shared(rel)
}

fn date_of(v: &TimeValue) -> String {
    v.iso().chars().take(10).collect()
}

fn clock_of(v: &TimeValue) -> String {
    let iso = v.iso();
    match iso.find('T') {
        Some(i) => iso[i + 1..].chars().take(5).collect(),
        None => iso.chars().take(5).collect(),
    }
}

fn minute_of(v: &TimeValue) -> String {
    v.iso().chars().take(16).collect()
}

/// Whether the parse of one case gives the expected value (the README's rule).
fn passes(case: &Value, lex: &Lexicons) -> bool {
    let reference = chrono::NaiveDateTime::parse_from_str(
        case["ref"].as_str().unwrap_or(""),
        "%Y-%m-%dT%H:%M:%S",
    )
    .ok();
    let parsed = parse(
        case["text"].as_str().unwrap_or(""),
        lex,
        &ParseOptions {
            lang: case["lang"].as_str().map(str::to_string),
            tz: None,
            reference,
            fallback_tz: None,
            ..Default::default()
        },
    );
    let expect = &case["expect"];
    match case["kind"].as_str().unwrap_or("") {
        "duration" => parsed
            .durations
            .iter()
            .any(|d| Some(d.value.as_secs()) == expect.as_u64()),
        "date" => parsed
            .times
            .iter()
            .filter_map(|t| t.value)
            .any(|v| Some(date_of(&v).as_str()) == expect.as_str()),
        "time" => parsed
            .times
            .iter()
            .filter_map(|t| t.value)
            .any(|v| Some(clock_of(&v).as_str()) == expect.as_str()),
        "datetime" => parsed
            .times
            .iter()
            .filter_map(|t| t.value)
            .any(|v| Some(minute_of(&v).as_str()) == expect.as_str()),
        "timerange" => parsed.times.iter().any(|t| {
            let (Some(a), Some(b)) = (t.value, t.end_value) else {
                return false;
            };
            Some(clock_of(&a).as_str()) == expect[0].as_str()
                && Some(clock_of(&b).as_str()) == expect[1].as_str()
        }),
        "datetimerange" => parsed.times.iter().any(|t| {
            let (Some(a), Some(b)) = (t.value, t.end_value) else {
                return false;
            };
            Some(minute_of(&a).as_str()) == expect[0].as_str()
                && Some(minute_of(&b).as_str()) == expect[1].as_str()
        }),
        _ => false,
    }
}

#[test]
#[ignore = "scores another project's suite; run with --ignored --nocapture"]
fn recognizers_accuracy_per_language() {
    let Some(path) = shared("benchmarks/datetime-recognizers/cases.jsonl") else {
        return;
    };
    let lex = Lexicons::load(&common::root().join("mappings")).expect("lexicons");
    let text = std::fs::read_to_string(path).expect("cases");
    let mut score: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let verbose = std::env::var("RECOGNIZERS_VERBOSE").is_ok();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case json");
        let ok = passes(&case, &lex);
        let key = (
            case["lang"].as_str().unwrap_or("?").to_string(),
            case["kind"].as_str().unwrap_or("?").to_string(),
        );
        let e = score.entry(key).or_default();
        e.1 += 1;
        if ok {
            e.0 += 1;
        } else if verbose {
            println!(
                "FAIL {} {:?} expect {}",
                case["lang"], case["text"], case["expect"]
            );
        }
    }
    let mut per_lang: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for ((lang, kind), (ok, n)) in &score {
        println!("{lang} {kind:<14} {ok:>3}/{n:<3}");
        let e = per_lang.entry(lang.clone()).or_default();
        e.0 += ok;
        e.1 += n;
    }
    let (mut ok, mut n) = (0, 0);
    for (lang, (o, t)) in &per_lang {
        println!("{lang}: {o}/{t} = {:.3}", *o as f64 / *t as f64);
        ok += o;
        n += t;
    }
    println!("TOTAL: {ok}/{n} = {:.3}", ok as f64 / n.max(1) as f64);
}
