//! Throughput of the time parser (MB/s) on the dev corpus repeated to a few MB, against a plain
//! regex scan for `digits:digits` over the same text in the same run. `cargo bench --bench time`.
use incidentlib::time::{parse, Lexicons, ParseOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Size of text to parse per measurement.
const TARGET_BYTES: usize = 4 * 1024 * 1024;
/// Measurements taken; the best is reported.
const ROUNDS: usize = 3;
/// Throughput the parser must reach per core, in MB/s.
const TARGET_MB_PER_S: f64 = 5.0;

fn corpus_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var("INCIDENTLIB_SHARED").ok().map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|d| d.join("dev-corpus"))
        .find(|d| d.is_dir())
}

fn strip(html: &str) -> String {
    let drop =
        regex::Regex::new(r"(?is)<(script|style|head)[^>]*>.*?</(script|style|head)>").unwrap();
    let html = drop.replace_all(html, "");
    let html = regex::Regex::new(r"(?i)</t[dh]>")
        .unwrap()
        .replace_all(&html, "\t");
    let html = regex::Regex::new(r"(?i)</?(p|div|li|tr|h[1-6]|br|ul|ol|table)[^>]*>")
        .unwrap()
        .replace_all(&html, "\n");
    let text = regex::Regex::new(r"<[^>]*>")
        .unwrap()
        .replace_all(&html, "");
    html_escape::decode_html_entities(&text).into_owned()
}

fn read_doc(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    if path.extension().is_some_and(|e| e == "html") {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_lowercase();
        let enc = ["euc-kr", "shift_jis"]
            .iter()
            .find(|e| head.contains(*e))
            .and_then(|e| encoding_rs::Encoding::for_label(e.as_bytes()))
            .unwrap_or(encoding_rs::UTF_8);
        Some(strip(&enc.decode(&bytes).0))
    } else {
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let lex = Lexicons::load(&root.join("mappings")).expect("lexicons");
    let mut docs: Vec<String> = Vec::new();
    let mut langs: Vec<Option<String>> = Vec::new();
    if let Some(dir) = corpus_dir() {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|e| e == "html" || e == "md" || e == "txt")
            })
            .collect();
        paths.sort();
        for p in &paths {
            if let Some(d) = read_doc(p) {
                docs.push(d);
                // "NN-LANG-FORMAT.ext"
                let name = p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string();
                langs.push(
                    name.split('-')
                        .nth(1)
                        .filter(|l| l.len() == 2)
                        .map(str::to_string),
                );
            }
        }
    } else {
        println!("note: ../shared/dev-corpus absent; using tests/fixtures");
        for entry in walkdir::WalkDir::new(root.join("tests/fixtures")) {
            let Ok(e) = entry else { continue };
            if e.path().extension().is_some_and(|x| x == "txt") {
                if let Ok(d) = std::fs::read_to_string(e.path()) {
                    docs.push(d);
                    langs.push(None);
                }
            }
        }
    }
    let one: usize = docs.iter().map(String::len).sum();
    let reps = TARGET_BYTES.div_ceil(one.max(1));
    let pages: Vec<&String> = (0..reps).flat_map(|_| docs.iter()).collect();
    let page_langs: Vec<&Option<String>> = (0..reps).flat_map(|_| langs.iter()).collect();
    let total: usize = pages.iter().map(|d| d.len()).sum();
    let mb = total as f64 / 1e6;
    println!("text: {} documents × {reps} = {:.2} MB", docs.len(), mb);

    let clock = regex::Regex::new(r"\d{1,2}:\d{2}").unwrap();
    let mut best_base = f64::MAX;
    let mut best_parse = f64::MAX;
    let mut best_whole = f64::MAX;
    let mut best_given = f64::MAX;
    let (mut found_base, mut found_parse) = (0usize, 0usize);
    let whole: String = pages
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    for _ in 0..ROUNDS {
        let t = Instant::now();
        found_base = pages.iter().map(|p| clock.find_iter(p).count()).sum();
        best_base = best_base.min(t.elapsed().as_secs_f64());

        let t = Instant::now();
        found_parse = pages
            .iter()
            .map(|p| {
                let r = parse(p, &lex, &ParseOptions::default());
                r.times.len() + r.durations.len()
            })
            .sum();
        best_parse = best_parse.min(t.elapsed().as_secs_f64());

        let t = Instant::now();
        for (p, l) in pages.iter().zip(&page_langs) {
            let opts = ParseOptions {
                lang: (*l).clone(),
                ..Default::default()
            };
            std::hint::black_box(parse(p, &lex, &opts).times.len());
        }
        best_given = best_given.min(t.elapsed().as_secs_f64());

        let t = Instant::now();
        let r = parse(
            &whole,
            &lex,
            &ParseOptions {
                lang: Some("en".into()),
                ..Default::default()
            },
        );
        std::hint::black_box(r.times.len());
        best_whole = best_whole.min(t.elapsed().as_secs_f64());
    }
    let base = mb / best_base;
    let per_page = mb / best_parse;
    let whole_rate = mb / best_whole;
    let given_rate = mb / best_given;
    println!("baseline regex \\d{{1,2}}:\\d{{2}} scan: {base:>8.1} MB/s ({found_base} matches)");
    println!(
        "time::parse per page (lang detected): {per_page:>8.1} MB/s ({found_parse} mentions), {:.1}× slower than baseline",
        base / per_page
    );
    println!(
        "time::parse per page (lang given):    {given_rate:>8.1} MB/s, {:.1}× slower than baseline",
        base / given_rate
    );
    println!(
        "time::parse one {mb:.1} MB text (lang en): {whole_rate:>8.1} MB/s, {:.1}× slower than baseline",
        base / whole_rate
    );
    println!(
        "target ≥ {TARGET_MB_PER_S} MB/s per core: {}",
        if per_page.min(whole_rate) >= TARGET_MB_PER_S {
            "met"
        } else {
            "NOT met"
        }
    );
}
