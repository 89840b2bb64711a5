//! `incidentlib review`: the page highlights every label, runs no script from the page text,
//! and exports a case that `validate` accepts and `--accept` writes into a library.
mod common;
use common::{run, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;

const DRAFT: &str = "tests/fixtures/review/draft-examplewiki-2025-01-18.json";

fn render(dir: &Path) -> PathBuf {
    // Copy the draft's three files so the page is written beside them in a temp dir.
    for ext in [".json", ".review.json", ".txt"] {
        let name = format!("draft-examplewiki-2025-01-18{ext}");
        std::fs::copy(
            common::root().join("tests/fixtures/review").join(&name),
            dir.join(&name),
        )
        .unwrap();
    }
    let draft = dir.join("draft-examplewiki-2025-01-18.json");
    let out = run(&["review", draft.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let html = dir.join("draft-examplewiki-2025-01-18.html");
    assert_eq!(stdout(&out).trim(), html.to_str().unwrap());
    html
}

#[test]
fn page_is_self_contained_and_escapes_the_source_text() {
    let dir = tempfile::tempdir().unwrap();
    let html = std::fs::read_to_string(render(dir.path())).unwrap();
    for i in 0..4 {
        assert!(
            html.contains(&format!("id=\"l-{i}\"")),
            "label {i} has no highlight"
        );
    }
    assert!(html.contains("a-negated"), "the negated label is marked");
    assert!(
        html.contains("&lt;script&gt;document.title"),
        "page text is escaped"
    );
    assert!(!html.contains("<script>document.title"));
    assert!(!html.contains("<img src=x"));
    assert!(!html.contains("src=\"http"), "no external resources");
    assert!(!html.contains("href=\"http"), "no external links");
    assert!(html.contains("Content-Security-Policy"));
    assert_eq!(
        html.matches("<script>").count(),
        1,
        "one inline script only"
    );
    // Scripts and Hangul, kana and Vietnamese text survive.
    for s in ["디스코드 알림", "午後3時ごろ", "khoảng 9 giờ sáng"] {
        assert!(html.contains(s), "{s} missing");
    }
    // Warnings come before the fields.
    assert!(html.find("Asia/Seoul was inferred").unwrap() < html.find("id=\"f-org\"").unwrap());
}

#[test]
fn large_text_renders_quickly_enough_to_finish() {
    // 1 MB of text with the fixture's spans: rendering must not blow up (no timing asserted).
    let dir = tempfile::tempdir().unwrap();
    render(dir.path());
    let txt = dir.path().join("draft-examplewiki-2025-01-18.txt");
    let mut t = std::fs::read_to_string(&txt).unwrap();
    while t.len() < 1_000_000 {
        t.push_str("\n로그 줄 log line 12:00 — khoảng ");
    }
    std::fs::write(&txt, t).unwrap();
    let out = run(&[
        "review",
        dir.path()
            .join("draft-examplewiki-2025-01-18.json")
            .to_str()
            .unwrap(),
    ]);
    assert!(out.status.success());
    // The browser loads and lays out the whole page within its time budget.
    if let Some(b) = chromium() {
        let html = dir.path().join("draft-examplewiki-2025-01-18.html");
        let dom = dump_dom(&b, &format!("file://{}", html.display()));
        assert!(dom.contains("id=\"l-0\"") && dom.contains("</html>"));
        assert!(dom.len() > 1_000_000, "the whole text is in the page");
    }
}

/// Chromium found on `PATH` as `.ci/run` finds it; None (a visible note) when absent, a failing
/// test under `INCIDENTLIB_REQUIRE_BROWSER=1`.
fn chromium() -> Option<PathBuf> {
    common::browser()
}

fn dump_dom(browser: &Path, url: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--virtual-time-budget=3000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("run chromium");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn in_a_browser_no_script_runs_and_export_is_a_valid_case() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let html = render(dir.path());
    let url = format!("file://{}", html.display());

    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("id=\"l-0\""),
        "highlights are in the DOM: {}",
        &dom[..dom.len().min(500)]
    );
    assert!(
        !dom.contains("data-pwned=\"1\""),
        "a script from the page text ran"
    );
    assert!(
        !dom.contains("<title>pwned"),
        "a script from the page text ran"
    );

    let dom = dump_dom(&browser, &format!("{url}#selftest-export"));
    let start = dom
        .find("<pre id=\"export-output\">")
        .expect("export output")
        + "<pre id=\"export-output\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = html_escape::decode_html_entities(&dom[start..end]).into_owned();
    let v: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert!(v["review"]["reviewed_at"].is_string());
    assert_eq!(v["review"]["reviewed_by"], "selftest");
    // The ticked labels are the case's; the negated one stays out.
    assert_eq!(
        v["symptoms"],
        serde_json::json!(["disk-full", "high-error-rate"])
    );
    let reviewed = dir.path().join("reviewed.json");
    std::fs::write(&reviewed, &json).unwrap();
    let out = run(&["validate", reviewed.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

#[test]
fn accept_writes_reviewed_cases_and_refuses_clashes() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    std::fs::create_dir(&lib).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(common::root().join(DRAFT)).unwrap())
            .unwrap();
    let file = dir.path().join("reviewed.json");
    let accept = |file: &Path, lib: &Path| {
        run(&[
            "review",
            "--accept",
            file.to_str().unwrap(),
            "--library",
            lib.to_str().unwrap(),
        ])
    };

    // Not reviewed yet: refused.
    std::fs::write(&file, v.to_string()).unwrap();
    let out = accept(&file, &lib);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("reviewed_at"));

    v["review"]["reviewed_at"] = "2026-11-30T10:00:00Z".into();
    v["review"]["reviewed_by"] = "curator".into();
    std::fs::write(&file, v.to_string()).unwrap();
    let out = accept(&file, &lib);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = lib.join("draft-examplewiki-2025-01-18.json");
    assert!(written.exists());
    // Accepting the same case again (a re-review) is fine.
    let out = accept(&file, &lib);
    assert_eq!(out.status.code(), Some(0));

    // A different case with the same id is refused and the library file is untouched.
    let before = std::fs::read(&written).unwrap();
    v["org"] = "Another Org".into();
    std::fs::write(&file, v.to_string()).unwrap();
    let out = accept(&file, &lib);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("different case"));
    assert_eq!(std::fs::read(&written).unwrap(), before);

    // An invalid case is refused with its problems named.
    v["org"] = "Examplewiki".into();
    v["symptoms"] = serde_json::json!(["disk-ful"]);
    std::fs::write(&file, v.to_string()).unwrap();
    let out = accept(&file, &lib);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("disk-full"), "{}", stderr(&out));
}

#[test]
fn dev_corpus_drafts_render_with_every_label_highlighted() {
    let Some(corpus) = common::shared("dev-corpus") else {
        return;
    };
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    // One document per script and format: Hangul, kana/kanji, Han, Vietnamese, Latin.
    for doc in [
        "02-ko-wiki.html",
        "04-ja-statuspage.html",
        "07-zh-blog.html",
        "11-vi-statuspage.html",
        "05-en-blog.html",
        "16-de-wiki.html",
    ] {
        let out_dir = dir.path().join(doc);
        let src = corpus.join(doc);
        let out = run(&[
            "draft",
            src.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
            "--now",
            "2026-11-30T00:00:00Z",
        ]);
        assert!(out.status.success(), "{doc}: {}", stderr(&out));
        let draft = std::fs::read_dir(&out_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                let n = p.to_string_lossy();
                n.ends_with(".json") && !n.ends_with(".review.json")
            })
            .unwrap();
        let out = run(&["review", draft.to_str().unwrap()]);
        assert!(out.status.success(), "{doc}: {}", stderr(&out));
        let html_path = draft.with_extension("html");
        let html = std::fs::read_to_string(&html_path).unwrap();
        let review: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(draft.to_string_lossy().replace(".json", ".review.json"))
                .unwrap(),
        )
        .unwrap();
        let labels = review["labels"].as_array().unwrap();
        assert!(!labels.is_empty(), "{doc}: the draft has labels to review");
        let text = std::fs::read_to_string(draft.with_extension("txt")).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for (i, l) in labels.iter().enumerate() {
            // Every label's quote is the exact text at its offsets, and it is highlighted.
            let (s, e) = (
                l["start"].as_u64().unwrap() as usize,
                l["end"].as_u64().unwrap() as usize,
            );
            let quote: String = chars[s..e].iter().collect();
            assert_eq!(quote, l["quote"].as_str().unwrap(), "{doc}: label {i}");
            assert!(
                html.contains(&format!("id=\"l-{i}\"")),
                "{doc}: label {i} not highlighted"
            );
        }
        if let Some(b) = &browser {
            let dom = dump_dom(b, &format!("file://{}", html_path.display()));
            for i in 0..labels.len() {
                assert!(
                    dom.contains(&format!("id=\"l-{i}\"")),
                    "{doc}: label {i} missing in the browser"
                );
            }
        }
    }
}

/// Copies the fixture draft into `dir` as `stem`, letting `edit` change its case and review.
fn fixture_draft(
    dir: &Path,
    stem: &str,
    edit: impl FnOnce(&mut serde_json::Value, &mut serde_json::Value),
) -> PathBuf {
    let base = common::root().join("tests/fixtures/review/draft-examplewiki-2025-01-18");
    let read = |ext: &str| {
        serde_json::from_str::<serde_json::Value>(
            &std::fs::read_to_string(format!("{}{ext}", base.display())).unwrap(),
        )
        .unwrap()
    };
    let (mut case, mut review) = (read(".json"), read(".review.json"));
    edit(&mut case, &mut review);
    let draft = dir.join(format!("{stem}.json"));
    std::fs::write(&draft, case.to_string()).unwrap();
    std::fs::write(dir.join(format!("{stem}.review.json")), review.to_string()).unwrap();
    std::fs::copy(
        format!("{}.txt", base.display()),
        dir.join(format!("{stem}.txt")),
    )
    .unwrap();
    let out = run(&["review", draft.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    draft.with_extension("html")
}

/// A draft with 20 mentions of three terms: feature-degraded 10 times (8 affirmed, 2 negated),
/// databases 8 times, disk-full twice; and the same warning in two wordings.
fn twenty_mentions(case: &mut serde_json::Value, review: &mut serde_json::Value) {
    let mut labels = Vec::new();
    let mut push = |field: &str, term: &str, assertion: &str, at: usize| {
        labels.push(serde_json::json!({
            "field": field, "term": term, "quote": "x", "start": at, "end": at + 3,
            "section": "summary", "assertion": assertion, "rule": "phrase", "confidence": 0.8
        }));
    };
    for i in 0..10 {
        let a = if i < 8 { "affirmed" } else { "negated" };
        push("symptoms", "feature-degraded", a, 10 + i * 20);
    }
    for i in 0..8 {
        push("domain", "databases", "affirmed", 15 + i * 25);
    }
    for i in 0..2 {
        push("symptoms", "disk-full", "affirmed", 300 + i * 50);
    }
    review["labels"] = serde_json::Value::Array(labels);
    review["warnings"] = serde_json::json!([
        "no time zone stated; assumed Asia/Seoul from the page language (ko); pass --tz to override",
        "no time zone is stated on the page; Asia/Seoul was inferred from the page's language (ko): check it",
        "no time zone is stated on the page; Asia/Seoul was inferred from the page's language (ko): check it"
    ]);
    case["symptoms"] = serde_json::json!(["feature-degraded", "disk-full"]);
    case["domain"] = serde_json::json!(["databases"]);
}

/// The text of every element whose opening tag starts with `open` (no nesting of the same tag).
fn elements<'a>(dom: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = dom;
    while let Some(s) = rest.find(open) {
        let after = &rest[s..];
        let e = after[open.len()..]
            .find(close)
            .map(|e| open.len() + e + close.len())
            .unwrap_or(after.len());
        out.push(&after[..e]);
        rest = &after[e..];
    }
    out
}

#[test]
fn a_twenty_mention_draft_shows_one_row_per_term_and_each_warning_once() {
    let dir = tempfile::tempdir().unwrap();
    let html_path = fixture_draft(dir.path(), "draft-twenty", twenty_mentions);
    let html = std::fs::read_to_string(&html_path).unwrap();
    // Checked in the browser's DOM when Chromium is there, else in the page as written.
    let dom = match chromium() {
        Some(b) => dump_dom(&b, &format!("file://{}", html_path.display())),
        None => html,
    };
    let rows = elements(&dom, "<div class=\"label term", "</div>");
    assert_eq!(rows.len(), 3, "one row per term: {rows:#?}");
    let row = |term: &str| {
        *rows
            .iter()
            .find(|r| r.contains(&format!("data-term=\"{term}\"")))
            .unwrap_or_else(|| panic!("no row for {term}"))
    };
    let fd = row("feature-degraded");
    assert!(fd.contains("×10"), "{fd}");
    assert!(fd.contains("8 affirmed, 2 negated"), "{fd}");
    assert!(
        fd.contains(" checked"),
        "a term in the case is ticked: {fd}"
    );
    assert!(row("databases").contains("8 affirmed"));
    assert!(row("disk-full").contains("×2"));
    // Its links step through each piece of evidence, and every one lands on a highlight.
    let links: Vec<&str> = rows
        .iter()
        .flat_map(|r| elements(r, "<a href=\"#", "\""))
        .collect();
    assert_eq!(links.len(), 20, "{links:?}");
    for l in &links {
        let id = &l["<a href=\"#".len()..l.len() - 1];
        assert!(
            dom.contains(&format!("id=\"{id}\"")),
            "link to {id} lands nowhere"
        );
    }
    // The two wordings of "no time zone stated" show once.
    let warnings = &dom[dom.find("aria-label=\"warnings\"").unwrap()..dom.find("<main>").unwrap()];
    assert_eq!(warnings.matches("time zone").count(), 1, "{warnings}");
}

#[test]
fn ticks_apply_to_terms_and_the_export_is_accepted() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let html_path = fixture_draft(dir.path(), "draft-twenty", twenty_mentions);
    let dom = dump_dom(
        &browser,
        &format!("file://{}#selftest-export", html_path.display()),
    );
    let start = dom
        .find("<pre id=\"export-output\">")
        .expect("export output")
        + "<pre id=\"export-output\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = html_escape::decode_html_entities(&dom[start..end]).into_owned();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    // Ten mentions, one term, once.
    assert_eq!(
        v["symptoms"],
        serde_json::json!(["feature-degraded", "disk-full"])
    );
    assert_eq!(v["domain"], serde_json::json!(["databases"]));
    let reviewed = dir.path().join("reviewed.json");
    std::fs::write(&reviewed, &json).unwrap();
    let lib = dir.path().join("library");
    std::fs::create_dir(&lib).unwrap();
    let out = run(&[
        "review",
        "--accept",
        reviewed.to_str().unwrap(),
        "--library",
        lib.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(lib.join("draft-examplewiki-2025-01-18.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(written["symptoms"], v["symptoms"]);
}

#[test]
fn every_control_is_reachable_by_keyboard_and_j_k_step_through_evidence() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let html_path = fixture_draft(dir.path(), "draft-twenty", twenty_mentions);
    // The page's own self-test presses j, j, j, k (synthetic key events reach the page's
    // handler as real ones do) and lists the controls Tab cannot reach.
    let dom = dump_dom(
        &browser,
        &format!("file://{}#selftest-keys", html_path.display()),
    );
    let start = dom
        .find("<pre id=\"selftest-output\">")
        .expect("self-test output")
        + "<pre id=\"selftest-output\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = html_escape::decode_html_entities(&dom[start..end]).into_owned();
    let v: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(v["unreachable"], serde_json::json!([]), "{v}");
    assert_eq!(
        v["native_ticks"], true,
        "ticks are checkboxes, so Space ticks them"
    );
    assert_eq!(v["ticks"], 3);
    // The evidence in text order: the first three highlights, then back to the second.
    let order: Vec<String> = {
        let src = &dom[dom.find("id=\"source\"").unwrap()..];
        elements(src, "id=\"l-", "\"")
            .iter()
            .map(|s| s["id=\"".len()..s.len() - 1].to_string())
            .collect()
    };
    assert!(order.len() >= 3, "{order:?}");
    assert_eq!(
        v["steps"],
        serde_json::json!([order[0], order[1], order[2], order[1]]),
        "{v}"
    );
    for key in ["heading_font", "input_font"] {
        let f = v[key].as_str().unwrap();
        assert!(
            f.contains("Noto Sans CJK") && f.contains("Malgun Gothic") && f.contains("Hiragino"),
            "{key}: {f}"
        );
    }
}

#[test]
fn a_hangul_kana_han_heading_renders_with_real_glyphs() {
    // With a CJK font (Debian's fonts-noto-cjk, which .ci/run installs) two different strings of
    // Hangul, kana and Han render as different pixels; without one, every character is the same
    // empty box and the two screenshots are identical. The page's own stylesheet is used.
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let shot = |stem: &str, org: &str| {
        let org = org.to_string();
        let html = fixture_draft(dir.path(), stem, move |case, _| {
            case["org"] = org.clone().into();
            case["title"] = serde_json::json!({ "ko": org });
        });
        let png = dir.path().join(format!("{stem}.png"));
        let profile = tempfile::tempdir().unwrap();
        let out = Command::new(&browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                "--window-size=900,260",
                "--virtual-time-budget=2000",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("file://{}", html.display()))
            .output()
            .expect("run chromium");
        std::fs::read(&png).unwrap_or_else(|e| {
            panic!(
                "{e}: no screenshot; {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    };
    let a = shot("draft-cjk-a", "장애보고 システム障害 服务故障");
    // Same number of characters of each script, so boxes would line up exactly.
    let b = shot("draft-cjk-b", "결제지연 サーバー停止 网络中断");
    assert!(!a.is_empty() && !b.is_empty());
    assert_ne!(
        a, b,
        "Hangul, kana and Han render as identical boxes: install a CJK font (fonts-noto-cjk)"
    );
}
