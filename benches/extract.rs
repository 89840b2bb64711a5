//! Article-extraction benchmark: word-4-gram F1 over the 181 pages of `shared/benchmarks/article-extraction`,
//! for incidentlib's extractor against two baselines measured in the same run (whole-page text and
//! raw dom_smoothie text), plus CPU time per 100 KB of HTML.
//!
//! Run: `cargo bench --bench extract` (set `EXTRACT_BENCH_DIR` to point elsewhere;
//! `EXTRACT_BENCH_WORST=N` lists the N pages with the lowest F1).
use flate2::read::GzDecoder;
use incidentlib::extract::{self, metric};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Folder of the benchmark relative to a `shared/` folder.
const BENCH_REL: &str = "shared/benchmarks/article-extraction";
/// Per-page speed is reported per this many bytes of HTML.
const SPEED_UNIT_BYTES: f64 = 100.0 * 1024.0;
/// The F1 the extractor must reach.
const TARGET_F1: f64 = 0.95;
/// Size of the one-line stress input.
const STRESS_BYTES: usize = 5 * 1024 * 1024;
/// The CPU budget of a whole draft per 100 KB page; extraction must stay well under it.
const DRAFT_BUDGET_MS: f64 = 10.0;

fn bench_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("EXTRACT_BENCH_DIR") {
        return Some(PathBuf::from(d));
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join(BENCH_REL))
        .find(|p| p.join("ground-truth.json").is_file())
}

struct Case {
    id: String,
    html: String,
    truth: String,
}

fn load(dir: &Path) -> Vec<Case> {
    let gt: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("ground-truth.json")).expect("read ground-truth.json"),
    )
    .expect("parse ground-truth.json");
    let mut cases = Vec::new();
    for (id, v) in gt.as_object().expect("ground truth is an object") {
        let path = dir.join("html").join(format!("{id}.html.gz"));
        let Ok(file) = std::fs::File::open(&path) else {
            eprintln!("skipping {id}: cannot open {}", path.display());
            continue;
        };
        let mut bytes = Vec::new();
        if GzDecoder::new(file).read_to_end(&mut bytes).is_err() {
            eprintln!("skipping {id}: {} is not gzip", path.display());
            continue;
        }
        cases.push(Case {
            id: id.clone(),
            html: String::from_utf8_lossy(&bytes).into_owned(),
            truth: v["articleBody"].as_str().unwrap_or("").to_string(),
        });
    }
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    cases
}

struct Run {
    name: &'static str,
    scores: Vec<metric::PageScore>,
    time: Duration,
}

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`); None elsewhere.
/// CPU time rather than wall time, because the machine is shared and wall time counts waits.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn run(name: &'static str, cases: &[Case], f: impl Fn(&str) -> String) -> Run {
    let mut scores = Vec::with_capacity(cases.len());
    let mut texts = Vec::with_capacity(cases.len());
    let wall = Instant::now();
    let cpu = thread_cpu();
    for c in cases {
        texts.push(f(&c.html));
    }
    let time = match (cpu, thread_cpu()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    for (c, text) in cases.iter().zip(&texts) {
        scores.push(metric::score(&c.truth, text));
    }
    Run { name, scores, time }
}

fn dom_smoothie_text(html: &str) -> String {
    dom_smoothie::Readability::new(html, None, None)
        .ok()
        .and_then(|mut r| r.parse().ok())
        .map(|a| a.text_content.to_string())
        .unwrap_or_default()
}

fn whole_page_text(html: &str) -> String {
    extract::html::whole_page_blocks(html)
        .into_iter()
        .map(|b| b.text)
        .collect::<Vec<_>>()
        .join("\n")
}

fn main() {
    let Some(dir) = bench_dir() else {
        eprintln!("note: {BENCH_REL} not found (set EXTRACT_BENCH_DIR); skipping the benchmark");
        return;
    };
    let cases = load(&dir);
    let bytes: usize = cases.iter().map(|c| c.html.len()).sum();
    println!(
        "article-extraction: {} pages, {:.1} MB of HTML, from {}",
        cases.len(),
        bytes as f64 / 1e6,
        dir.display()
    );
    let join = |blocks: Vec<extract::blocks::RawBlock>| {
        blocks
            .into_iter()
            .map(|b| b.text)
            .collect::<Vec<_>>()
            .join("\n")
    };
    if std::env::var_os("EXTRACT_BENCH_PARTS").is_some() {
        let parts = [
            run("article only", &cases, |h| {
                join(extract::html::article_blocks(h, None).unwrap_or_default())
            }),
            run("container only", &cases, |h| {
                let doc = scraper::Html::parse_document(h);
                join(extract::html::container_blocks(&doc, &Default::default()).unwrap_or_default())
            }),
            run("scraper parse only", &cases, |h| {
                let doc = scraper::Html::parse_document(h);
                doc.tree.values().count().to_string()
            }),
            run("page language only", &cases, |h| {
                let t = whole_page_text(h);
                extract::lang::page_language(&t, None)
            }),
            run("text split only", &cases, |h| {
                let t = whole_page_text(h);
                extract::extract_text(&t).blocks.len().to_string()
            }),
        ];
        for r in &parts {
            let s = metric::summarize(&r.scores);
            println!(
                "part {:<22} P {:.4} R {:.4} F1 {:.4} {:.2} ms/page",
                r.name,
                s.precision,
                s.recall,
                s.f1,
                r.time.as_secs_f64() * 1e3 / cases.len() as f64
            );
        }
        let mut counts = std::collections::BTreeMap::new();
        for c in &cases {
            let (_, _, choice) = extract::html::extract_blocks(&c.html, None, None);
            *counts.entry(format!("{choice:?}")).or_insert(0) += 1;
        }
        println!("choices: {counts:?}");
        if std::env::var_os("EXTRACT_BENCH_GROWTH").is_some() {
            for c in &cases {
                let a = join(extract::html::article_blocks(&c.html, None).unwrap_or_default());
                let doc = scraper::Html::parse_document(&c.html);
                let k = join(
                    extract::html::container_blocks(&doc, &Default::default()).unwrap_or_default(),
                );
                let (wa, wk) = (metric::words(&a).len(), metric::words(&k).len());
                let sa = metric::score(&c.truth, &a);
                let sk = metric::score(&c.truth, &k);
                let f = |s: metric::PageScore| {
                    2.0 * s.precision * s.recall / (s.precision + s.recall).max(1e-9)
                };
                println!(
                    "growth {:.2} fa {:.3} fk {:.3} wa {wa}",
                    wk as f64 / wa.max(1) as f64,
                    f(sa),
                    f(sk)
                );
            }
        }
    }
    let runs = [
        run("whole page text (baseline)", &cases, whole_page_text),
        run("dom_smoothie text (baseline)", &cases, dom_smoothie_text),
        run("incidentlib extract_html", &cases, |h| {
            extract::extract_html(h, None, None).text().to_string()
        }),
    ];
    println!(
        "{:<30} {:>9} {:>9} {:>9} {:>11} {:>14}",
        "extractor", "precision", "recall", "F1", "CPU ms/page", "ms/100KB page"
    );
    let per_100kb = |r: &Run| r.time.as_secs_f64() * 1e3 * SPEED_UNIT_BYTES / bytes as f64;
    for r in &runs {
        let s = metric::summarize(&r.scores);
        println!(
            "{:<30} {:>9.4} {:>9.4} {:>9.4} {:>11.2} {:>14.2}",
            r.name,
            s.precision,
            s.recall,
            s.f1,
            r.time.as_secs_f64() * 1e3 / cases.len().max(1) as f64,
            per_100kb(r)
        );
    }
    let ours = metric::summarize(&runs[2].scores);
    let smoothie = metric::summarize(&runs[1].scores);
    let whole = metric::summarize(&runs[0].scores);
    println!(
        "F1 ratio vs dom_smoothie: {:.3}; vs whole page: {:.3}; time ratio vs dom_smoothie: {:.2}x",
        ours.f1 / smoothie.f1,
        ours.f1 / whole.f1,
        runs[2].time.as_secs_f64() / runs[1].time.as_secs_f64()
    );
    println!(
        "target F1 >= {TARGET_F1}: {}; extraction {:.2} ms per 100 KB page (whole draft budget {DRAFT_BUDGET_MS} ms)",
        if ours.f1 >= TARGET_F1 { "met" } else { "NOT met" },
        per_100kb(&runs[2])
    );
    let line = "incident at 14:05 UTC ".repeat(STRESS_BYTES / 22);
    let html = format!("<html><body><p>{line}</p></body></html>");
    for (name, f) in [
        (
            "text",
            &(|s: &str| extract::extract_text(s)) as &dyn Fn(&str) -> extract::Page,
        ),
        ("markdown", &|s: &str| extract::extract_markdown(s)),
    ] {
        let t = Instant::now();
        let blocks = f(&line).blocks.len();
        println!(
            "stress: 5 MB on one line as {name}: {:.0} ms ({blocks} blocks)",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    let t = Instant::now();
    let blocks = extract::extract_html(&html, None, None).blocks.len();
    println!(
        "stress: 5 MB on one line as html: {:.0} ms ({blocks} blocks)",
        t.elapsed().as_secs_f64() * 1e3
    );
    if let Some(n) = std::env::var("EXTRACT_BENCH_WORST")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let mut worst: Vec<(f64, &str, metric::PageScore)> = runs[2]
            .scores
            .iter()
            .zip(&cases)
            .map(|(s, c)| {
                let f = 2.0 * s.precision * s.recall / (s.precision + s.recall).max(1e-9);
                (f, c.id.as_str(), *s)
            })
            .collect();
        worst.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (f, id, s) in worst.into_iter().take(n) {
            println!("  {id}  F1 {f:.3}  P {:.3}  R {:.3}", s.precision, s.recall);
        }
    }
}
