//! Benchmark: reprocess 100,000 generated cases on all cores; cases/s and the ratio to `validate` on the same library.
use incidentlib::normalize::reprocess::{reprocess, Options};
use incidentlib::normalize::Normalizer;
use incidentlib::validate::{validate_paths, Options as ValidateOptions};
use incidentlib::vocab::Vocabulary;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Cases in the generated library (override with REPROCESS_BENCH_CASES).
const DEFAULT_CASES: usize = 100_000;
/// Cases per sub-folder, so no folder grows huge.
const CASES_PER_DIR: usize = 1_000;
/// Sentences drawn into each generated case's summary and impact text.
const SENTENCES_PER_FIELD: std::ops::Range<usize> = 3..9;
/// Every Nth case is marked reviewed.
const REVIEWED_EVERY: usize = 10;
/// The target: the whole library reprocessed within this many seconds.
const TARGET_SECS: f64 = 10.0;

/// CPU seconds (user + system) this process has used so far, from /proc (0 where absent).
fn cpu_secs() -> f64 {
    /// Clock ticks per second of /proc/self/stat on Linux.
    const TICKS_PER_SEC: f64 = 100.0;
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit(')').next()?.split_whitespace().collect::<Vec<_>>();
            let utime: f64 = rest.get(11)?.parse().ok()?;
            let stime: f64 = rest.get(12)?.parse().ok()?;
            Some((utime + stime) / TICKS_PER_SEC)
        })
        .unwrap_or(0.0)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Sentences to vary the text with: the dev corpus and seed prose when `../shared` (or
/// `$INCIDENTLIB_SHARED`) is present, else two fixed sentences (and a note saying so).
fn sentences() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let shared = std::env::var("INCIDENTLIB_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("../shared"));
    let tag = regex::Regex::new(r"<[^>]+>").unwrap();
    for sub in ["dev-corpus", "seeds"] {
        let Ok(entries) = std::fs::read_dir(shared.join(sub)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if name.ends_with(".json") || name.ends_with(".py") || name == "README.md" {
                continue;
            }
            let Ok(bytes) = std::fs::read(&p) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            let text = tag.replace_all(&text, "\n");
            let lang = name
                .split('-')
                .nth(1)
                .filter(|l| l.len() == 2)
                .unwrap_or("en")
                .to_string();
            for s in text.split(['\n', '.', '。']) {
                let s = s.trim();
                if s.chars().count() > 30 && !s.starts_with('{') {
                    out.push((lang.clone(), format!("{s}.")));
                }
            }
        }
    }
    if out.is_empty() {
        println!(
            "note: {} not found; cases repeat two fixed sentences (set INCIDENTLIB_SHARED)",
            shared.display()
        );
        out.push((
            "en".into(),
            "The database disk was full, so every write failed with HTTP 500 errors.".into(),
        ));
        out.push(("en".into(), "No data was lost.".into()));
    }
    out
}

fn generate(dir: &Path, n: usize) {
    let tmpl: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/fixtures/cases/IL-T001.json")).unwrap(),
    )
    .unwrap();
    let pool = sentences();
    let mut rng = StdRng::seed_from_u64(5);
    for i in 0..n {
        let sub = dir.join(format!("{:03}", i / CASES_PER_DIR));
        if i % CASES_PER_DIR == 0 {
            std::fs::create_dir_all(&sub).unwrap();
        }
        let mut v = tmpl.clone();
        let (lang, _) = &pool[rng.random_range(0..pool.len())];
        let pick = |rng: &mut StdRng| -> String {
            let k = rng.random_range(SENTENCES_PER_FIELD);
            (0..k)
                .map(|_| pool[rng.random_range(0..pool.len())].1.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        v["id"] = Value::from(format!("IL-B{i:06}"));
        v["title"] = serde_json::json!({ lang.as_str(): pick(&mut rng) });
        v["summary"] = serde_json::json!({ lang.as_str(): pick(&mut rng) });
        v["symptoms_text"] = serde_json::json!({ lang.as_str(): pick(&mut rng) });
        if i % REVIEWED_EVERY == 0 {
            v["review"]["reviewed_at"] = Value::from("2026-01-02T03:04:05Z");
        }
        std::fs::write(
            sub.join(format!("IL-B{i:06}.json")),
            serde_json::to_string(&v).unwrap(),
        )
        .unwrap();
    }
}

fn main() {
    let n: usize = std::env::var("REPROCESS_BENCH_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    let vocab = Vocabulary::load(&root().join("mappings")).expect("vocabulary");
    let normalizer = Normalizer::new(&vocab).expect("normaliser");
    let dir = tempfile::tempdir().expect("temp dir");
    let t = Instant::now();
    generate(dir.path(), n);
    let bytes: u64 = walkdir::WalkDir::new(dir.path())
        .into_iter()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    println!(
        "generated {n} cases ({:.0} MB, {:.1} KB per case) in {:.1}s ({} threads)",
        bytes as f64 / 1e6,
        bytes as f64 / n as f64 / 1e3,
        t.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );

    let (t, c) = (Instant::now(), cpu_secs());
    let v = validate_paths(
        &[dir.path().to_path_buf()],
        &vocab,
        &ValidateOptions::default(),
    );
    let validate_secs = t.elapsed().as_secs_f64();
    println!(
        "validate:            {:>7.2}s ({:.2} CPU s) {:>9.0} cases/s ({} records)",
        validate_secs,
        cpu_secs() - c,
        v.records as f64 / validate_secs,
        v.records
    );

    let opts = Options {
        apply: false,
        max_record_bytes: incidentlib::library::DEFAULT_MAX_RECORD_BYTES,
        fsync_each: false,
    };
    let (t, c) = (Instant::now(), cpu_secs());
    let r = reprocess(dir.path(), &vocab, &normalizer, &opts, &|| {});
    let dry_secs = t.elapsed().as_secs_f64();
    println!(
        "reprocess (dry run): {:>7.2}s ({:.2} CPU s) {:>9.0} cases/s; {:.2}x validate's time; {} changed, {} proposals on {} reviewed cases, {} skipped",
        dry_secs,
        cpu_secs() - c,
        r.scanned as f64 / dry_secs,
        dry_secs / validate_secs,
        r.changed(),
        r.proposals(),
        r.cases.iter().filter(|c| c.reviewed).count(),
        r.skipped.len()
    );

    let apply = Options {
        apply: true,
        ..opts.clone()
    };
    let (t, c) = (Instant::now(), cpu_secs());
    let r = reprocess(dir.path(), &vocab, &normalizer, &apply, &|| {});
    let apply_secs = t.elapsed().as_secs_f64();
    println!(
        "reprocess --apply:   {:>7.2}s ({:.2} CPU s) {:>9.0} cases/s; {:.2}x validate's time; {} files written (one filesystem sync at the end)",
        apply_secs,
        cpu_secs() - c,
        r.scanned as f64 / apply_secs,
        apply_secs / validate_secs,
        r.written
    );
    let t = Instant::now();
    let r = reprocess(dir.path(), &vocab, &normalizer, &opts, &|| {});
    println!(
        "reprocess again:     {:>7.2}s, {} changed (expect 0)",
        t.elapsed().as_secs_f64(),
        r.changed()
    );
    println!(
        "target: {n} cases in < {TARGET_SECS}s: dry run {}, apply {}",
        if dry_secs < TARGET_SECS {
            "met"
        } else {
            "MISSED"
        },
        if apply_secs < TARGET_SECS {
            "met"
        } else {
            "MISSED"
        }
    );
}
