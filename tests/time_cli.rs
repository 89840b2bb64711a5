//! `incidentlib times`: the JSON contract, flags and errors.
mod common;

use serde_json::Value;

#[test]
fn json_has_the_contract_keys_and_iso_values() {
    let out = common::run(&[
        "times",
        "--lang",
        "vi",
        "--json",
        "12/11/2024, khoảng 9:08–10:00 UTC: lỗi; sự cố kéo dài 52 phút",
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let v: Value = serde_json::from_str(&common::stdout(&out)).expect("json");
    let t = &v["times"][1];
    for key in [
        "quote",
        "start",
        "end",
        "kind",
        "value",
        "end_value",
        "approximate",
    ] {
        assert!(t.get(key).is_some(), "times[] lacks {key}: {t}");
    }
    assert_eq!(t["kind"], "range");
    assert_eq!(t["value"], "2024-11-12T09:08:00+00:00");
    assert_eq!(t["end_value"], "2024-11-12T10:00:00+00:00");
    assert_eq!(t["approximate"], true);
    let d = &v["durations"][0];
    for key in ["quote", "start", "end", "value", "approximate"] {
        assert!(d.get(key).is_some(), "durations[] lacks {key}: {d}");
    }
    assert_eq!(d["value"], "52m");
    assert_eq!(d["quote"], "52 phút");
}

#[test]
fn tz_flag_is_given_and_ref_anchors_time_only() {
    let out = common::run(&[
        "times",
        "--lang",
        "en",
        "--tz",
        "Asia/Seoul",
        "--ref",
        "2026-09-23",
        "--json",
        "Paged at 22:59.",
    ]);
    let v: Value = serde_json::from_str(&common::stdout(&out)).expect("json");
    assert_eq!(v["zone"]["how"], "given");
    assert_eq!(v["zone"]["zone"], "Asia/Seoul");
    assert_eq!(v["times"][0]["value"], "2026-09-23T22:59:00+09:00");
}

#[test]
fn stdin_and_detection() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(["times", "--json", "-"])
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .unwrap()
        .write_all("2025년 1월 18일 오후 3시 반부터 약 55분 동안".as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["lang"], "ko");
    assert_eq!(v["zone"]["how"], "inferred");
    assert_eq!(v["times"][0]["value"], "2025-01-18T15:30:00+09:00");
}

#[test]
fn unknown_language_and_bad_ref_are_clear_errors() {
    let out = common::run(&["times", "--lang", "xx", "12:00"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("no time lexicon"));
    let out = common::run(&["times", "--ref", "yesterday", "12:00"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("--ref"));
}

#[test]
fn a_weekday_written_with_a_day_fixes_its_year_for_the_clocks_under_it() {
    // 10 March fell on a Wednesday in 2021, not in 2020 (the year before the reference's
    // January): the date and the clock on the line below agree on 2021
    let out = common::run(&[
        "times",
        "--lang",
        "fr",
        "--tz",
        "Europe/Paris",
        "--ref",
        "2021-01-13",
        "--json",
        "Mercredi 10 mars.\n6:32",
    ]);
    let v: Value = serde_json::from_str(&common::stdout(&out)).expect("json");
    assert_eq!(v["times"][1]["value"], "2021-03-10T06:32:00+01:00", "{v}");
}
