//! The review page: one self-contained HTML file where a curator checks a draft, and `--accept`.
pub mod accept;
mod highlight;
pub mod terms;
pub mod warnings;

use crate::draft::Review;
use anyhow::{Context, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The page's markup, styles and script (no network, no external files).
const TEMPLATE: &str = include_str!("template.html");

/// The three files a review page is made from.
#[derive(Debug, Clone)]
pub struct DraftFiles {
    pub case: Value,
    pub review: Review,
    pub text: String,
}

/// Finds `<stem>.review.json` and `<stem>.txt` beside `<stem>.json` and reads all three.
pub fn load_draft(path: &Path) -> Result<DraftFiles> {
    let stem = path
        .to_string_lossy()
        .strip_suffix(".json")
        .map(str::to_string)
        .with_context(|| format!("{}: a draft file ends in .json", path.display()))?;
    let case_text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let case: Value = serde_json::from_str(&case_text)
        .with_context(|| format!("{}: not a JSON case record", path.display()))?;
    let review_path = PathBuf::from(format!("{stem}.review.json"));
    let review: Review =
        serde_json::from_str(&std::fs::read_to_string(&review_path).with_context(|| {
            format!(
                "reading {} (the review written beside the draft by `incidentlib draft`)",
                review_path.display()
            )
        })?)
        .with_context(|| format!("{}: not a draft review", review_path.display()))?;
    let text_path = PathBuf::from(format!("{stem}.txt"));
    let text = std::fs::read_to_string(&text_path).unwrap_or_default();
    Ok(DraftFiles { case, review, text })
}

/// JSON safe to embed in a `<script type="application/json">`: no `<`, `>` or `&` survive.
fn embed_json(v: &Value) -> String {
    serde_json::to_string(v)
        .expect("JSON serialises")
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// Escapes text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    html_escape::encode_quoted_attribute(s).into_owned()
}

/// Renders the review page for a draft.
pub fn render(d: &DraftFiles) -> String {
    let r = &d.review;
    let case = &d.case;
    let get = |k: &str| {
        case.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let title = case
        .get("title")
        .and_then(Value::as_object)
        .and_then(|m| m.values().next())
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let tl = |k: &str| {
        case.pointer(&format!("/timeline/{k}"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };

    let mut warnings_html = String::new();
    for w in &warnings::dedupe(&r.warnings) {
        warnings_html.push_str(&format!("<li>{}</li>", esc(w)));
    }
    if warnings_html.is_empty() {
        warnings_html.push_str("<li class=\"none\">no warnings</li>");
    }

    let (text_html, anchors) = highlight::render_text(&d.text, r);

    // One row per term, its tick and links that step through each piece of evidence.
    let labels_html = terms::render(&r.labels, case, &anchors.label);

    // Timeline table.
    let mut rows = String::new();
    let mut evs: Vec<(usize, &crate::draft::Event)> = r.events.iter().enumerate().collect();
    evs.sort_by(|a, b| a.1.at.cmp(&b.1.at));
    for (i, e) in &evs {
        let utc = chrono::DateTime::parse_from_rfc3339(&e.at)
            .map(|t| {
                t.with_timezone(&chrono::Utc)
                    .format("%Y-%m-%d %H:%M UTC")
                    .to_string()
            })
            .unwrap_or_default();
        rows.push_str(&format!(
            "<tr><td><a href=\"#{a}\">{at}</a>{approx}</td><td>{utc}</td><td>{q}</td><td>{t}</td></tr>",
            a = anchors.event.get(*i).cloned().unwrap_or_default(),
            at = esc(&e.at),
            approx = if e.approximate { " ≈" } else { "" },
            q = esc(&e.quote),
            t = esc(&e.text),
        ));
    }

    let window_local = format!(
        "{} → {}",
        r.window.start.as_deref().unwrap_or("?"),
        r.window.end.as_deref().unwrap_or("?")
    );
    let to_utc = |s: Option<&str>| {
        s.and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            .map(|t| {
                t.with_timezone(&chrono::Utc)
                    .format("%Y-%m-%dT%H:%MZ")
                    .to_string()
            })
            .unwrap_or_else(|| "?".into())
    };
    let window_utc = format!(
        "{} → {}",
        to_utc(r.window.start.as_deref()),
        to_utc(r.window.end.as_deref())
    );
    let data = serde_json::json!({"case": case, "review": r});
    let zone = format!(
        "{} ({})",
        r.timezone.zone.as_deref().unwrap_or("unknown"),
        serde_json::to_value(r.timezone.how)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    );
    fill(
        TEMPLATE,
        &[
            (
                "title",
                esc(&format!("Review: {} {}", get("org"), get("date"))),
            ),
            ("warnings", warnings_html),
            ("org", esc(&get("org"))),
            ("date", esc(&get("date"))),
            ("case_title", esc(&title)),
            ("lang", esc(&r.language)),
            ("zone", esc(&zone)),
            ("window_local", esc(&window_local)),
            ("window_utc", esc(&window_utc)),
            ("detected_after", esc(&tl("detected_after"))),
            ("resolved_after", esc(&tl("resolved_after"))),
            ("axis", highlight::axis_svg(r)),
            ("labels", labels_html),
            ("timeline_rows", rows),
            ("text", text_html),
            ("data", embed_json(&data)),
            ("script_hash", script_hash()),
        ],
    )
}

/// The CSP source for the page's one inline script, so no other script can run.
fn script_hash() -> String {
    use sha2::{Digest, Sha256};
    let start = TEMPLATE.rfind("<script>").map(|i| i + "<script>".len());
    let end = TEMPLATE.rfind("</script>");
    match (start, end) {
        (Some(s), Some(e)) if s < e => {
            use base64::Engine;
            let digest = Sha256::digest(&TEMPLATE.as_bytes()[s..e]);
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        }
        _ => "'none'".into(),
    }
}

/// Fills `{{name}}` placeholders in one pass, so text from the page is never re-scanned.
fn fill(template: &str, values: &[(&str, String)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        match after.find("}}") {
            Some(close) => {
                let key = &after[..close];
                match values.iter().find(|(k, _)| *k == key) {
                    Some((_, v)) => out.push_str(v),
                    None => out.push_str(&rest[open..open + 2 + close + 2]),
                }
                rest = &after[close + 2..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
