//! PDF reports through `draft` and `fetch`: PDFs printed by Chromium from HTML fixtures in four
//! scripts (committed under tests/fixtures/pdf/, so no browser is needed) draft like their HTML;
//! a PDF without a text layer is reported, not drafted empty.
mod common;
use common::{run, stderr};
use serde_json::Value;

fn draft(path: &str) -> Value {
    let o = run(&["draft", "--json", "--now", "2026-11-30T00:00:00Z", path]);
    assert!(o.status.success(), "{path}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn events(v: &Value) -> Vec<String> {
    let mut e: Vec<String> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap().to_string())
        .collect();
    e.sort();
    e
}

#[test]
fn latin_and_hangul_pdfs_draft_to_the_same_window_and_events_as_their_html() {
    for name in ["21-en-statuspage", "10-ko-blog"] {
        let html = draft(&format!("tests/fixtures/pdf/{name}.html"));
        let pdf = draft(&format!("tests/fixtures/pdf/{name}.pdf"));
        assert_eq!(
            pdf["review"]["language"], html["review"]["language"],
            "{name}"
        );
        assert_eq!(pdf["review"]["window"], html["review"]["window"], "{name}");
        assert_eq!(events(&pdf), events(&html), "{name}");
    }
}

#[test]
fn kana_kanji_and_han_pdfs_give_their_text_and_window_start() {
    // Known gap: the printed status pages' update stamps come out in another order, so some
    // events (and the Han page's window end) differ from the HTML; text, language and the start
    // of impact with its date must match.
    for (name, word) in [
        ("04-ja-statuspage", "ミナトペイ"),
        ("15-zh-statuspage", "星桥支付"),
    ] {
        let html = draft(&format!("tests/fixtures/pdf/{name}.html"));
        let pdf = draft(&format!("tests/fixtures/pdf/{name}.pdf"));
        assert_eq!(
            pdf["review"]["language"], html["review"]["language"],
            "{name}"
        );
        assert_eq!(
            pdf["review"]["window"]["start"], html["review"]["window"]["start"],
            "{name}"
        );
        let o = run(&["fetch", "--json", &format!("tests/fixtures/pdf/{name}.pdf")]);
        assert!(o.status.success(), "{}", stderr(&o));
        let f: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(f["content_type"], "application/pdf");
        assert!(
            f["text"].as_str().unwrap().contains(word),
            "{name}: {}",
            f["text"]
        );
        assert!(f["title"].as_str().is_some_and(|t| !t.is_empty()), "{name}");
    }
}

#[test]
fn a_pdf_without_a_text_layer_is_reported_not_drafted_empty() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("drafts");
    let o = run(&[
        "draft",
        "--out",
        out.to_str().unwrap(),
        "tests/fixtures/pdf/scanned-no-text.pdf",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no text layer"), "{}", stderr(&o));
    assert!(!out.exists() || std::fs::read_dir(&out).unwrap().next().is_none());
    let o = run(&["fetch", "--json", "tests/fixtures/pdf/scanned-no-text.pdf"]);
    assert!(stderr(&o).contains("no text layer"), "{}", stderr(&o));
}
