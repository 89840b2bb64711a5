//! Benchmark: CPU time to draft a ~100 KB page (network excluded), against plain HTML parsing
//! of the same page in the same run. `cargo bench --bench draft` (needs ../shared/dev-corpus).
use incidentlib::draft::{Drafter, Format, Input, Options};
use std::path::PathBuf;
use std::time::Instant;

/// Size of the "typical page" the issue names.
const TARGET_BYTES: usize = 100 * 1024;
const ROUNDS: usize = 20;

/// Pads a page to about 100 KB by repeating its body's paragraphs (times and all), the way a
/// long postmortem with a long timeline looks.
fn pad(html: &str) -> String {
    let Some(body_end) = html.rfind("</body>") else {
        return html.repeat(TARGET_BYTES / html.len().max(1) + 1);
    };
    let paras: Vec<&str> = html.match_indices("<p").map(|(i, _)| &html[i..]).collect();
    let filler: String = paras
        .iter()
        .filter_map(|p| p.find("</p>").map(|e| &p[..e + 4]))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = html[..body_end].to_string();
    while out.len() < TARGET_BYTES && !filler.is_empty() {
        out.push_str(&filler);
    }
    out.push_str(&html[body_end..]);
    out
}

fn main() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/dev-corpus");
    if !corpus.is_dir() {
        eprintln!("note: {} is absent; nothing to measure", corpus.display());
        return;
    }
    let drafter = Drafter::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mappings"))
        .expect("mappings");
    let mut pages = Vec::new();
    for e in std::fs::read_dir(&corpus).unwrap().flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "html") {
            let bytes = std::fs::read(&p).unwrap();
            let html = incidentlib::fetch::charset::decode(&bytes, None, true).text;
            pages.push(pad(&html));
        }
    }
    let total: usize = pages.iter().map(|p| p.len()).sum();
    let opts = Options::default();

    // Warm up (lexicons, regexes, normaliser automata are built once per process).
    for p in &pages {
        drafter.draft(&Input::new(p.clone(), Format::Html), &opts);
    }
    let t = Instant::now();
    for _ in 0..ROUNDS {
        for p in &pages {
            let _ = scraper::Html::parse_document(p);
        }
    }
    let parse = t.elapsed().as_secs_f64() / (ROUNDS * pages.len()) as f64;
    let t = Instant::now();
    for _ in 0..ROUNDS {
        for p in &pages {
            std::hint::black_box(drafter.draft(&Input::new(p.clone(), Format::Html), &opts));
        }
    }
    let draft = t.elapsed().as_secs_f64() / (ROUNDS * pages.len()) as f64;
    let avg_kb = total as f64 / pages.len() as f64 / 1024.0;
    println!(
        "pages: {} (average {avg_kb:.0} KB), rounds: {ROUNDS}",
        pages.len()
    );
    println!(
        "baseline  html parse only (scraper): {:.2} ms/page",
        parse * 1e3
    );
    println!(
        "incidentlib draft (whole pipeline):  {:.2} ms/page",
        draft * 1e3
    );
    println!(
        "ratio draft / parse: {:.1}x   target: ≤ 10 ms per 100 KB page",
        draft / parse
    );
}
