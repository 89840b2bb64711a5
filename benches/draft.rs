//! Benchmark: thread CPU time to draft a ~100 KB page (network excluded), against plain HTML parsing
//! of the same page in the same run, on the dev corpus padded to 100 KB (incident text all
//! through, the worst case) and on the 181 real pages of the article-extraction benchmark.
//! `cargo bench --bench draft` (needs ../shared).
use incidentlib::draft::{Drafter, Format, Input, Options};
use std::path::PathBuf;

/// CPU time of this thread, in seconds: the machine is shared, so wall time would count other
/// processes' work too.
fn cpu_now() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we pass.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// A CPU-time stopwatch with the shape of `std::time::Instant`.
struct Instant(f64);
impl Instant {
    fn now() -> Self {
        Instant(cpu_now())
    }
    fn elapsed(&self) -> Secs {
        Secs(cpu_now() - self.0)
    }
}
struct Secs(f64);
impl Secs {
    fn as_secs_f64(&self) -> f64 {
        self.0
    }
}

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
    // DRAFT_BENCH_PROFILE=N: draft only the real pages, N times, and print nothing else (for
    // `perf record`).
    let profile_rounds: Option<usize> = std::env::var("DRAFT_BENCH_PROFILE")
        .ok()
        .and_then(|v| v.parse().ok());
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
    if let Some(n) = profile_rounds {
        let real = real_pages();
        for _ in 0..n {
            for p in &real {
                std::hint::black_box(drafter.draft(&Input::new(p.clone(), Format::Html), &opts));
            }
        }
        return;
    }

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
    // Where the time goes, stage by stage (same pages, same process).
    let stage = |f: &dyn Fn(&str)| {
        let t = Instant::now();
        for p in &pages {
            f(p);
        }
        t.elapsed().as_secs_f64() / pages.len() as f64 * 1e3
    };
    let lex = &drafter.lexicons;
    let extract_ms = stage(&|p| {
        std::hint::black_box(incidentlib::extract::extract_html(p, None, None));
    });
    let texts: Vec<String> = pages
        .iter()
        .map(|p| {
            incidentlib::extract::extract_html(p, None, None)
                .text()
                .to_string()
        })
        .collect();
    let t = Instant::now();
    for text in &texts {
        std::hint::black_box(incidentlib::time::parse(
            text,
            lex,
            &incidentlib::time::ParseOptions::default(),
        ));
    }
    let time_ms = t.elapsed().as_secs_f64() / texts.len() as f64 * 1e3;
    let t = Instant::now();
    if let Some(n) = &drafter.normalizer {
        for text in &texts {
            std::hint::black_box(n.label(text, &[], None));
        }
    }
    let label_ms = t.elapsed().as_secs_f64() / texts.len() as f64 * 1e3;
    println!("stages: extract {extract_ms:.2} ms, time parse {time_ms:.2} ms, labels {label_ms:.2} ms (per page)");
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

    // Typical web pages: the 181 real pages of the article-extraction benchmark.
    let dir = real_dir();
    let real = real_pages();
    if real.is_empty() {
        return;
    }
    let bytes: usize = real.iter().map(|p| p.len()).sum();
    let t = Instant::now();
    for p in &real {
        let _ = scraper::Html::parse_document(p);
    }
    let parse = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for p in &real {
        std::hint::black_box(drafter.draft(&Input::new(p.clone(), Format::Html), &opts));
    }
    let draft = t.elapsed().as_secs_f64();
    // A second pass over the same pages: what a page costs once the per-language data its
    // language needs is built (a long batch), against trafilatura's second pass.
    let t = Instant::now();
    for p in &real {
        std::hint::black_box(drafter.draft(&Input::new(p.clone(), Format::Html), &opts));
    }
    let warm = t.elapsed().as_secs_f64();
    let per100 = |secs: f64| secs / (bytes as f64 / 102_400.0) * 1e3;
    println!(
        "real web pages: {} (average {:.0} KB)",
        real.len(),
        bytes as f64 / real.len() as f64 / 1024.0
    );
    println!(
        "baseline  html parse only: {:.2} ms per 100 KB",
        per100(parse)
    );
    println!(
        "incidentlib draft:         {:.2} ms per 100 KB",
        per100(draft)
    );
    println!("ratio draft / parse: {:.1}x", draft / parse);
    let draft_ms = draft / real.len() as f64 * 1e3;
    println!(
        "incidentlib draft:         {draft_ms:.2} ms per page   target: <= 6 ms per 100 KB ({})",
        if per100(draft) <= 6.0 {
            "met"
        } else {
            "MISSED"
        }
    );
    let warm_ms = warm / real.len() as f64 * 1e3;
    println!(
        "incidentlib draft, second pass: {warm_ms:.2} ms per page, {:.2} ms per 100 KB",
        per100(warm)
    );
    match trafilatura_ms_per_page(&dir) {
        Some((pages, ms, ms_warm)) => {
            println!(
                "peer trafilatura extract:  {ms:.2} ms per page ({pages} pages, CPU of its process)   \
                 draft is {:.1}x faster per page (target >= 3x: {})",
                ms / draft_ms,
                if ms / draft_ms >= 3.0 { "met" } else { "MISSED" }
            );
            println!(
                "second passes: trafilatura {ms_warm:.2} ms per page, draft {warm_ms:.2}: \
                 draft is {:.1}x faster per page (target >= 3x: {})",
                ms_warm / warm_ms,
                if ms_warm / warm_ms >= 3.0 { "met" } else { "MISSED" }
            );
        }
        None => println!(
            "note: trafilatura is not installed (`pip install trafilatura lxml_html_clean`); peer skipped"
        ),
    }
}

fn real_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/article-extraction/html")
}

/// The 181 real pages of the article-extraction benchmark, decoded.
fn real_pages() -> Vec<String> {
    let mut real = Vec::new();
    for e in std::fs::read_dir(real_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let mut bytes = Vec::new();
        let Ok(f) = std::fs::File::open(e.path()) else {
            continue;
        };
        if std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(f), &mut bytes).is_ok() {
            real.push(incidentlib::fetch::charset::decode(&bytes, None, true).text);
        }
    }
    real
}

/// trafilatura's `extract` on the same gzipped pages, in its own Python process, measured there
/// by `time.process_time()` around the extraction loop only, twice (like the draft's two
/// passes): (pages, ms per page in the first pass, in the second).
fn trafilatura_ms_per_page(dir: &std::path::Path) -> Option<(usize, f64, f64)> {
    const SCRIPT: &str = r#"
import gzip, os, sys, time
import trafilatura
d = sys.argv[1]
pages = []
for name in sorted(os.listdir(d)):
    with gzip.open(os.path.join(d, name), "rb") as f:
        pages.append(f.read())
ms = []
for _ in range(2):
    t = time.process_time()
    for p in pages:
        trafilatura.extract(p)
    ms.append((time.process_time() - t) / max(len(pages), 1) * 1e3)
print(len(pages), ms[0], ms[1])
"#;
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(dir)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace();
    Some((
        it.next()?.parse().ok()?,
        it.next()?.parse().ok()?,
        it.next()?.parse().ok()?,
    ))
}
