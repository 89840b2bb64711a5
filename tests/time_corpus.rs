//! The time parser on the dev corpus: recall of gold events and durations (printed per document), and no rate read as a duration.
mod common;

use incidentlib::time::{parse, Lexicons, ParseOptions};
use serde_json::Value;
use std::path::Path;

/// Events recall the parser must reach over the whole corpus.
const MIN_EVENT_RECALL: f64 = 0.9;
/// Durations recall the parser must reach over the whole corpus.
const MIN_DURATION_RECALL: f64 = 0.9;

/// Reads a corpus document as the draft code would hand it over: HTML decoded by its declared
/// charset, tags stripped roughly (blocks → "\n", cells → "\t"), entities unescaped.
pub fn document_text(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("read corpus document");
    let is_html = path.extension().is_some_and(|e| e == "html");
    if !is_html {
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_lowercase();
    let enc = ["euc-kr", "shift_jis", "shift-jis"]
        .iter()
        .find(|e| head.contains(*e))
        .and_then(|e| encoding_rs::Encoding::for_label(e.as_bytes()))
        .unwrap_or(encoding_rs::UTF_8);
    let (html, _, _) = enc.decode(&bytes);
    strip_tags(&html)
}

fn strip_tags(html: &str) -> String {
    let drop =
        regex::Regex::new(r"(?is)<(script|style|head)[^>]*>.*?</(script|style|head)>").unwrap();
    let html = drop.replace_all(html, "");
    let cell = regex::Regex::new(r"(?i)</t[dh]>").unwrap();
    let html = cell.replace_all(&html, "\t");
    let block = regex::Regex::new(
        r"(?i)</?(p|div|li|tr|h[1-6]|br|section|article|header|footer|ul|ol|table|dd|dt|nav|aside|main)[^>]*>",
    )
    .unwrap();
    let html = block.replace_all(&html, "\n");
    let tag = regex::Regex::new(r"<[^>]*>").unwrap();
    let text = tag.replace_all(&html, "");
    let text = html_escape::decode_html_entities(&text).into_owned();
    let blank = regex::Regex::new(r"\n[ \t]*\n+").unwrap();
    blank.replace_all(&text, "\n").into_owned()
}

fn char_occurrences(text: &str, needle: &str) -> Vec<(usize, usize)> {
    let n = needle.chars().count();
    text.match_indices(needle)
        .map(|(b, _)| {
            let s = text[..b].chars().count();
            (s, s + n)
        })
        .collect()
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

#[test]
fn dev_corpus_recall() {
    let Some(dir) = common::shared("dev-corpus") else {
        return;
    };
    let lex = Lexicons::load(&common::root().join("mappings")).expect("lexicons");
    let mut golds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".gold.json"))
        .collect();
    golds.sort();
    let (mut ev_found, mut ev_total, mut du_found, mut du_total) = (0, 0, 0, 0);
    let mut rate_violations: Vec<String> = Vec::new();
    let quoted = regex::Regex::new(r"'([^']+)'").unwrap();
    for g in golds {
        let gold: Value = serde_json::from_str(&std::fs::read_to_string(&g).unwrap()).unwrap();
        let source = dir.join(gold["source"].as_str().unwrap());
        let text = document_text(&source);
        let parsed = parse(&text, &lex, &ParseOptions::default());
        let lang = gold["language"].as_str().unwrap_or("");
        let mut misses = Vec::new();
        let events = gold["events"].as_array().cloned().unwrap_or_default();
        let mut found = 0;
        for e in &events {
            let at = chrono::DateTime::parse_from_rfc3339(e["at"].as_str().unwrap()).unwrap();
            let quote = e["quote"].as_str().unwrap();
            let occ = char_occurrences(&text, quote);
            let hit = parsed.times.iter().any(|t| {
                let spans = [Some((t.start, t.end)), t.head, t.tail];
                let instants = [t.value, t.end_value];
                instants.iter().flatten().any(|v| v.instant() == Some(at))
                    && occ
                        .iter()
                        .any(|o| spans.iter().flatten().any(|s| overlaps(*s, *o)))
            });
            if hit {
                found += 1;
            } else {
                misses.push(format!("event {quote:?} {at}"));
            }
        }
        let durs = gold["durations"].as_array().cloned().unwrap_or_default();
        let mut dfound = 0;
        let mut matched = vec![false; parsed.durations.len()];
        for d in &durs {
            let quote = d["quote"].as_str().unwrap();
            let value = d["value"].as_str().unwrap();
            let occ = char_occurrences(&text, quote);
            let hit = parsed.durations.iter().enumerate().find(|(_, m)| {
                m.value.to_string() == value && occ.iter().any(|o| overlaps((m.start, m.end), *o))
            });
            if let Some((i, _)) = hit {
                matched[i] = true;
                dfound += 1;
            } else {
                misses.push(format!("duration {quote:?} {value}"));
            }
        }
        // phrases the gold's traps call rates: no duration may sit inside one
        for trap in gold["traps"].as_array().into_iter().flatten() {
            let trap = trap.as_str().unwrap_or("");
            if !trap.to_lowercase().contains("rate") {
                continue;
            }
            for c in quoted.captures_iter(trap) {
                let phrase = &c[1];
                if durs.iter().any(|d| d["quote"].as_str() == Some(phrase)) {
                    continue;
                }
                for o in char_occurrences(&text, phrase) {
                    for d in &parsed.durations {
                        if overlaps((d.start, d.end), o) {
                            rate_violations.push(format!(
                                "{}: {:?} inside rate {phrase:?}",
                                g.file_name().unwrap().to_string_lossy(),
                                d.quote
                            ));
                        }
                    }
                }
            }
        }
        let gold_instants: Vec<chrono::DateTime<chrono::FixedOffset>> = events
            .iter()
            .filter_map(|e| chrono::DateTime::parse_from_rfc3339(e["at"].as_str()?).ok())
            .collect();
        let extra_times: Vec<String> = parsed
            .times
            .iter()
            .filter(|t| t.has_clock)
            .filter(|t| {
                ![t.value, t.end_value]
                    .iter()
                    .flatten()
                    .any(|v| v.instant().is_some_and(|i| gold_instants.contains(&i)))
            })
            .map(|t| format!("{:?}={}", t.quote, t.value.map_or("?".into(), |v| v.iso())))
            .collect();
        if !extra_times.is_empty() {
            println!("    extra times: {}", extra_times.join(", "));
        }
        let extra: Vec<String> = parsed
            .durations
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(d, _)| format!("{:?}={}", d.quote, d.value))
            .collect();
        println!(
            "{:<28} lang {}/{lang} zone {:?} {:?}  events {found}/{}  durations {dfound}/{}",
            g.file_name().unwrap().to_string_lossy(),
            parsed.lang,
            parsed.zone.zone,
            parsed.zone.how,
            events.len(),
            durs.len()
        );
        for m in &misses {
            println!("    miss {m}");
        }
        if !extra.is_empty() {
            println!("    extra durations: {}", extra.join(", "));
        }
        ev_found += found;
        ev_total += events.len();
        du_found += dfound;
        du_total += durs.len();
    }
    let er = ev_found as f64 / ev_total.max(1) as f64;
    let dr = du_found as f64 / du_total.max(1) as f64;
    for v in &rate_violations {
        println!("RATE AS DURATION {v}");
    }
    println!("rates reported as durations: {}", rate_violations.len());
    println!("TOTAL events recall {ev_found}/{ev_total} = {er:.3}; durations recall {du_found}/{du_total} = {dr:.3}");
    assert!(
        rate_violations.is_empty(),
        "{} rate(s) read as durations (the gold's traps call them rates): {rate_violations:#?}",
        rate_violations.len()
    );
    assert!(
        er >= MIN_EVENT_RECALL,
        "events recall {er:.3} < {MIN_EVENT_RECALL}"
    );
    assert!(
        dr >= MIN_DURATION_RECALL,
        "durations recall {dr:.3} < {MIN_DURATION_RECALL}"
    );
}
