//! `eval --window-misses-kinds`: what kind of wrong window, detection or resolution the misses
//! got (none, a zone's offset, a whole day, earlier or later by how much), counted per half and
//! language, so a held-out half can be read without its documents.
use crate::draft::eval::{half_of, EvalReport};
use chrono::{DateTime, FixedOffset};
use std::collections::BTreeMap;

/// The kind of one miss line ("window.end: got Some(\"…\"), want …"), with its field.
fn kind(line: &str) -> Option<(&'static str, String)> {
    let (field, rest) = line.split_once(": got ")?;
    let field: &'static str = match field {
        "window.start" => "start",
        "window.end" => "end",
        "detected_after" => "detected_after",
        "resolved_after" => "resolved_after",
        "date" => "date",
        _ => return None,
    };
    let (got, want) = rest.rsplit_once(", want ")?;
    let got = got
        .trim_start_matches("Some(")
        .trim_end_matches(')')
        .trim_matches('"');
    if got == "None" || got.is_empty() {
        return Some((field, "none given".into()));
    }
    let k = match field {
        "start" | "end" => instant_kind(got, want),
        "date" => day_kind(got, want),
        _ => length_kind(got, want),
    };
    Some((field, k))
}

fn bucket(minutes: i64) -> &'static str {
    match minutes.abs() {
        0..=59 => "under 1h",
        60..=359 => "1h to 6h",
        360..=1439 => "6h to 24h",
        _ => "a day or more",
    }
}

fn instant_kind(got: &str, want: &str) -> String {
    let (Ok(g), Ok(w)) = (
        DateTime::<FixedOffset>::parse_from_rfc3339(got),
        DateTime::<FixedOffset>::parse_from_rfc3339(want),
    ) else {
        // a wall-clock time without an offset
        return if got.get(11..16) == want.get(11..16) {
            "same wall time, no zone".into()
        } else {
            "no zone, another time".into()
        };
    };
    if g.naive_local() == w.naive_local() {
        return "same wall time, another zone".into();
    }
    if g.naive_local().time() == w.naive_local().time() {
        return "same time of day, another day".into();
    }
    let minutes = (g - w).num_minutes();
    let side = if minutes < 0 { "earlier" } else { "later" };
    format!("{side}, {}", bucket(minutes))
}

fn day_kind(got: &str, want: &str) -> String {
    let parse = |s: &str| chrono::NaiveDate::parse_from_str(s.get(..10)?, "%Y-%m-%d").ok();
    match (parse(got), parse(want)) {
        (Some(g), Some(w)) => {
            let days = (g - w).num_days();
            match days {
                -1 | 1 => "a day off".into(),
                -7..=7 => "within a week".into(),
                _ if g.year() != w.year() => "another year".into(),
                _ => "further off".into(),
            }
        }
        _ => "unreadable".into(),
    }
}

fn length_kind(got: &str, want: &str) -> String {
    let secs = |s: &str| {
        crate::case::duration::Duration::parse_lenient(s)
            .ok()
            .map(|d| d.as_secs())
    };
    match (secs(got), secs(want)) {
        (Some(g), Some(w)) => {
            let minutes = (g as i64 - w as i64) / 60;
            if w == 0 {
                "given, want 0m".into()
            } else if g == 0 {
                "0m, want more".into()
            } else {
                let side = if minutes < 0 { "shorter" } else { "longer" };
                format!("{side}, {}", bucket(minutes))
            }
        }
        _ => "unreadable".into(),
    }
}

use chrono::Datelike;

/// Prints the counts, per half, of each field's kind of miss and of the languages missed.
pub fn print(report: &EvalReport) {
    let mut counts: BTreeMap<(String, String), [usize; 2]> = BTreeMap::new();
    for d in &report.documents {
        let h = usize::from(half_of(&d.document) == 'b');
        let lang = d.document.split('-').nth(1).unwrap_or("?").to_string();
        for m in &d.misses {
            if let Some((field, k)) = kind(m) {
                counts.entry((field.to_string(), k)).or_default()[h] += 1;
                counts
                    .entry((field.to_string(), format!("lang {lang}")))
                    .or_default()[h] += 1;
            }
        }
    }
    println!();
    println!(
        "{:<52} {:>6} {:>6}",
        "window misses by kind", "half a", "half b"
    );
    for ((field, k), [a, b]) in &counts {
        println!("{:<52} {a:>6} {b:>6}", format!("{field} · {k}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_instant_and_length_misses() {
        let k = |l: &str| kind(l).map(|x| x.1);
        assert_eq!(
            k("window.end: got Some(\"2018-09-07T21:20:00+00:00\"), want 2018-09-07T21:20:00+02:00"),
            Some("same wall time, another zone".into())
        );
        assert_eq!(
            k("window.start: got Some(\"2023-05-30T06:32:00+09:00\"), want 2023-05-31T06:32:00+09:00"),
            Some("same time of day, another day".into())
        );
        assert_eq!(
            k("window.end: got None, want 2023-05-31T06:32:00+09:00"),
            Some("none given".into())
        );
        assert_eq!(
            k("resolved_after: got Some(\"3h21m36s\"), want 3h46m36s"),
            Some("shorter, under 1h".into())
        );
        assert_eq!(
            k("detected_after: got Some(\"5m\"), want 0m"),
            Some("given, want 0m".into())
        );
    }
}
