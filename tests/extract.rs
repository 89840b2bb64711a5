//! Extraction on the dev corpus and seeds: language, timeline sections, gold quotes kept, boilerplate dropped, table cells kept.
mod common;

use incidentlib::extract::{self, BlockKind, Page, SectionKind};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// `../shared/<rel>` (or an ancestor's `shared/`): a visible note and None when absent, a
/// failing test under `INCIDENTLIB_REQUIRE_SHARED=1`.
fn shared(rel: &str) -> Option<PathBuf> {
    common::shared(rel)
}

/// Decodes HTML bytes: UTF-8, else the charset its `<meta>` declares (the fetch layer does
/// real detection; the corpus declares its encodings).
fn decode(bytes: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_ascii_lowercase();
    let label = head
        .split("charset=")
        .nth(1)
        .map(|r| {
            r.trim_start_matches(['"', '\''])
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .next()
                .unwrap_or("")
                .to_string()
        })
        .unwrap_or_default();
    let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap_or(encoding_rs::UTF_8);
    enc.decode(bytes).0.into_owned()
}

fn extract_file(path: &Path) -> Page {
    let bytes = std::fs::read(path).expect("read corpus file");
    let text = decode(&bytes);
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => extract::extract_html(&text, None, None),
        Some("md") => extract::extract_markdown(&text),
        _ => extract::extract_text(&text),
    }
}

struct Doc {
    name: String,
    page: Page,
    gold: serde_json::Value,
}

/// The corpus, extracted once for all tests of this file; empty when `../shared` is absent (each
/// test that asks prints the skip note, or fails under `INCIDENTLIB_REQUIRE_SHARED=1`).
fn corpus() -> &'static [Doc] {
    static DOCS: OnceLock<Vec<Doc>> = OnceLock::new();
    let Some(dir) = shared("dev-corpus") else {
        return &[];
    };
    DOCS.get_or_init(|| load_corpus(&dir))
}

/// One corpus document: None when the corpus is absent (skipped as above); a present corpus
/// that lacks it fails the test.
fn doc(name: &str) -> Option<&'static Doc> {
    let docs = corpus();
    if docs.is_empty() {
        return None;
    }
    let d = docs.iter().find(|d| d.name == name);
    assert!(d.is_some(), "the dev corpus has no {name}");
    d
}

fn load_corpus(dir: &Path) -> Vec<Doc> {
    let mut docs = Vec::new();
    let mut golds: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("list dev corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".gold.json"))
        .collect();
    golds.sort();
    for g in golds {
        let gold: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&g).expect("read gold")).expect("gold");
        let source = gold["source"].as_str().expect("gold source").to_string();
        let path = dir.join(&source);
        if !path.exists() {
            eprintln!("note: {} is absent; skipping it", path.display());
            continue;
        }
        docs.push(Doc {
            name: source,
            page: extract_file(&path),
            gold,
        });
    }
    docs
}

#[test]
fn corpus_language_matches_gold() {
    let docs = corpus();
    let wrong: Vec<String> = docs
        .iter()
        .filter(|d| d.gold["language"].as_str() != Some(d.page.language.as_str()))
        .map(|d| {
            format!(
                "{}: got {} want {}",
                d.name, d.page.language, d.gold["language"]
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn corpus_gold_event_and_duration_quotes_are_kept() {
    let mut missing = Vec::new();
    for d in corpus().iter() {
        let text = d.page.text();
        let quotes = d.gold["events"]
            .as_array()
            .into_iter()
            .chain(d.gold["durations"].as_array())
            .flatten()
            .filter_map(|e| e["quote"].as_str());
        for q in quotes {
            if !text.contains(q) {
                missing.push(format!("{}: {q:?}", d.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "quotes lost by extraction: {missing:#?}"
    );
}

/// Documents whose write-up has a timeline under a heading of its own.
const WITH_TIMELINE_HEADING: &[&str] = &[
    "01-en-statuspage.html",
    "02-ko-wiki.html",
    "05-en-blog.html",
    "06-ko-statuspage.html",
    "07-zh-blog.html",
    "08-de-blog.html",
    "09-en-markdown.md",
    "10-ko-blog.html",
    "12-ja-blog.html",
    "15-zh-statuspage.html",
    "16-de-wiki.html",
    "17-en-wiki.html",
    "19-vi-blog.html",
    "20-ja-markdown.md",
    "22-fr-blog.html",
    "23-es-wiki.html",
    "24-pt-markdown.md",
];

#[test]
fn corpus_timeline_sections_are_found_and_hold_times() {
    let docs = corpus();
    for d in docs
        .iter()
        .filter(|d| WITH_TIMELINE_HEADING.contains(&d.name.as_str()))
    {
        let tl = d
            .page
            .section_text(SectionKind::Timeline)
            .unwrap_or_else(|| panic!("{}: no timeline section in {:?}", d.name, d.page.sections));
        assert!(
            tl.chars().filter(|c| c.is_numeric()).count() >= 8,
            "{}: timeline section holds no times: {tl}",
            d.name
        );
    }
}

/// Documents with a cause / root-cause heading (01 tells its cause under "What happened").
const WITH_ROOT_CAUSE_HEADING: &[&str] = &[
    "02-ko-wiki.html",
    "05-en-blog.html",
    "06-ko-statuspage.html",
    "07-zh-blog.html",
    "08-de-blog.html",
    "09-en-markdown.md",
    "10-ko-blog.html",
    "12-ja-blog.html",
    "15-zh-statuspage.html",
    "16-de-wiki.html",
    "19-vi-blog.html",
    "20-ja-markdown.md",
    "22-fr-blog.html",
    "23-es-wiki.html",
    "24-pt-markdown.md",
];

#[test]
fn corpus_sections_cover_cause() {
    for d in corpus()
        .iter()
        .filter(|d| d.name.ends_with(".html") || d.name.ends_with(".md"))
    {
        let kinds: Vec<SectionKind> = d.page.sections.iter().map(|s| s.kind).collect();
        if WITH_ROOT_CAUSE_HEADING.contains(&d.name.as_str()) {
            assert!(
                kinds.contains(&SectionKind::RootCause),
                "{}: no root-cause section in {kinds:?}",
                d.name
            );
        }
    }
}

#[test]
fn corpus_time_zone_statements_and_titles_are_kept() {
    let kept: &[(&str, &str)] = &[
        (
            "05-en-blog.html",
            "All times in this post are Pacific Daylight Time (UTC−7).",
        ),
        ("17-en-wiki.html", "All times in UTC."),
        ("07-zh-blog.html", "文中时间均为北京时间（UTC+8）"),
        ("16-de-wiki.html", "Alle Zeiten in deutscher Ortszeit."),
    ];
    for (name, phrase) in kept {
        if let Some(d) = doc(name) {
            assert!(d.page.text().contains(phrase), "{name}: lost {phrase:?}");
        }
    }
    if let Some(d) = doc("01-en-statuspage.html") {
        assert_eq!(
            d.page.title.as_deref(),
            Some("Elevated API error rates and failed console sign-ins in eu-central-1")
        );
    }
}

#[test]
fn profile_selectors_pick_the_container_and_drop_parts() {
    let html = "<html><body><div class=\"story\"><h2>Timeline</h2><p>14:05 start of impact</p>\
        <div class=\"promo\">Buy now</div></div><div class=\"other\">Unrelated text here</div></body></html>";
    let sel = extract::Selectors {
        main: vec![".missing".into(), ".story".into()],
        drop: vec![".promo".into()],
    };
    let page = extract::extract_html(html, Some("https://status.example/incidents/1"), Some(&sel));
    assert_eq!(page.text(), "Timeline\n14:05 start of impact");
    assert_eq!(
        page.section(SectionKind::Timeline)
            .map(|s| s.blocks.clone()),
        Some(1..2)
    );
    assert_eq!(
        page.meta.canonical_url.as_deref(),
        Some("https://status.example/incidents/1")
    );
}

#[test]
fn corpus_boilerplate_is_dropped() {
    let banned: &[(&str, &[&str])] = &[
        (
            "01-en-statuspage.html",
            &["Powered by", "Subscribe to updates", "Privacy"],
        ),
        (
            "02-ko-wiki.html",
            &["최근 수정 시각", "위키 검색", "개인정보 처리방침"],
        ),
        (
            "05-en-blog.html",
            &["We use cookies", "Share on X", "Accept all", "Pricing"],
        ),
        ("17-en-wiki.html", &["View history", "Recent changes"]),
    ];
    for (name, phrases) in banned {
        let Some(d) = doc(name) else {
            return;
        };
        for p in *phrases {
            assert!(
                !d.page.text().contains(p),
                "{name}: boilerplate {p:?} kept in {}",
                d.page.text()
            );
        }
    }
}

#[test]
fn corpus_table_rows_keep_their_cells() {
    let Some(d) = doc("02-ko-wiki.html") else {
        return;
    };
    let row = d
        .page
        .blocks
        .iter()
        .find(|b| b.kind == BlockKind::TableRow && b.text.starts_with("16:20 무렵"))
        .expect("the 16:20 row is a table row");
    assert_eq!(row.text.split('\t').count(), 2, "{row:?}");
    assert_eq!(
        d.page
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::TableRow)
            .count(),
        8
    );
}

#[test]
fn block_offsets_index_page_text() {
    for d in corpus().iter() {
        let chars: Vec<char> = d.page.text().chars().collect();
        for (i, b) in d.page.blocks.iter().enumerate() {
            let s: String = chars[b.start..b.end].iter().collect();
            assert_eq!(s, b.text, "{}: block {i}", d.name);
            assert_eq!(d.page.block_at_char(b.start), Some(i));
        }
    }
}

#[test]
fn seeds_language_and_sections() {
    let Some(dir) = shared("seeds") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("list seeds")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let page = extract_file(&f);
        if name.starts_with("001_") {
            assert_eq!(page.language, "vi", "{name}");
        }
        if name.starts_with("002_") {
            assert_eq!(page.language, "ko", "{name}");
            assert!(
                page.section(SectionKind::RootCause).is_some(),
                "{:?}",
                page.sections
            );
            assert!(
                page.section(SectionKind::Detection).is_some(),
                "{:?}",
                page.sections
            );
            assert!(page.blocks.iter().any(|b| b.kind == BlockKind::TableRow
                && b.text
                    == "22:30\tautoheal이 앱 컨테이너를 처음 재시작. 상태 검사가 실패하기 시작"));
        }
    }
}

/// Prints every corpus page's blocks and sections (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn dump_corpus() {
    for d in corpus() {
        println!(
            "=== {} lang={} title={:?}",
            d.name, d.page.language, d.page.title
        );
        for (i, b) in d.page.blocks.iter().enumerate() {
            println!(
                "{i:3} {:?} [{}] {}",
                b.kind,
                b.lang,
                b.text.chars().take(90).collect::<String>()
            );
        }
        for s in &d.page.sections {
            println!("  section {:?} {:?} {:?}", s.kind, s.heading, s.blocks);
        }
    }
}

#[test]
fn corpus_status_update_titles_end_sections() {
    for name in [
        "01-en-statuspage.html",
        "06-ko-statuspage.html",
        "15-zh-statuspage.html",
    ] {
        let Some(d) = doc(name) else {
            return;
        };
        let s = d
            .page
            .section(SectionKind::ActionItems)
            .unwrap_or_else(|| panic!("{name}: no action items in {:?}", d.page.sections));
        let next = &d.page.blocks[s.blocks.end];
        assert_eq!(next.kind, BlockKind::Heading(2), "{name}: {next:?}");
        let text = d.page.section_text(SectionKind::ActionItems).unwrap();
        assert!(
            !text.contains("Investigating") && !text.contains("조사 중"),
            "{name}: {text}"
        );
    }
}

#[test]
fn inline_ruby_readings_are_no_text_of_the_page() {
    let page = extract::extract_text(
        "這次問題是機房網(wǎng)絡(luò)故障造成的。\n\n系統(beta)版本不受影響。\n",
    );
    assert!(
        page.text().contains("機房網絡故障造成的"),
        "{}",
        page.text()
    );
    assert!(page.text().contains("系統(beta)"), "{}", page.text());
    for b in &page.blocks {
        assert_eq!(
            page.text()
                .chars()
                .skip(b.start)
                .take(b.end - b.start)
                .collect::<String>(),
            b.text
        );
    }
}
