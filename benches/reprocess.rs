//! Benchmark: `incidentlib reprocess` on a library made from the two seed records; cases/s, the ratio to `validate` in the same run, and peak memory.
//!
//! The library is `REPROCESS_BENCH_CASES` (default 20,000) copies of `../shared/seeds/000_*` and
//! `004_*` under fresh ids, 1,000 per folder; every case has changes or proposals to report.
//! A second library of varied cases (`REPROCESS_BENCH_VARIED`, default 4,000; 0 skips it) puts
//! windows of the `../shared/real-corpus` texts (nine languages) on the seeds' skeletons, so a
//! gain that only a library of repeated cases shows is seen for what it is.
//! Each command runs as its own process (the release binary), so its CPU and peak RSS are its own.
//! `REPROCESS_BENCH_BEFORE=path` also runs an older build on both libraries in the same run and
//! says whether its report is byte-identical. `REPROCESS_BENCH_LIBRARY=path` keeps the library
//! there (for `perf record` on one command).
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Cases in the generated library (override with REPROCESS_BENCH_CASES).
const DEFAULT_CASES: usize = 20_000;
/// Cases per sub-folder, so no folder grows huge.
const CASES_PER_DIR: usize = 1_000;
/// The seed records the library is made from (file name prefixes in `../shared/seeds`).
const SEEDS: [&str; 2] = ["000_", "004_"];
/// Cases in the varied library (override with REPROCESS_BENCH_VARIED; 0 skips it).
const DEFAULT_VARIED: usize = 4_000;
/// Paragraphs in a varied case's summary, at most (each case takes a window of its text).
const MAX_SUMMARY_PARAGRAPHS: usize = 6;
/// Targets from issue 13.
const TARGET_CASES_PER_SEC: f64 = 10_000.0;
const TARGET_PEAK_MB: f64 = 100.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What one child process cost, and a digest of what it printed.
struct Run {
    wall: f64,
    cpu: f64,
    peak_mb: f64,
    stderr: String,
    stdout_sha256: String,
}

/// The build measured: REPROCESS_BENCH_BIN (e.g. an older one), else this one.
fn this_build() -> String {
    std::env::var("REPROCESS_BENCH_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_incidentlib").to_string())
}

/// Runs the incidentlib binary with `args` (stdout to a temp file, digested) and measures it with wait4.
fn run(args: &[&str]) -> Run {
    run_bin(&this_build(), args)
}

// The child is reaped by wait4 (which also gives its CPU time and peak RSS), not Child::wait.
#[allow(clippy::zombie_processes)]
fn run_bin(bin: &str, args: &[&str]) -> Run {
    let out = tempfile::tempfile().expect("temp file for stdout");
    let t = Instant::now();
    let mut child = Command::new(bin)
        .args(args)
        .env("INCIDENTLIB_MAPPINGS", root().join("mappings"))
        .stdout(Stdio::from(out.try_clone().expect("temp file handle")))
        .stderr(Stdio::piped())
        .spawn()
        .expect("run incidentlib");
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, which wait4 fills in for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on the pid of a child this process spawned and has not waited for.
    unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let code = libc::WEXITSTATUS(status);
    if !libc::WIFEXITED(status) || code > 1 {
        stderr = format!("FAILED (exit {code}): {stderr}");
    }
    let secs = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
    let wall = t.elapsed().as_secs_f64();
    Run {
        wall,
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
        stderr: stderr.trim().to_string(),
        stdout_sha256: digest(out),
    }
}

/// SHA-256 of a file's content, in hex.
fn digest(mut f: std::fs::File) -> String {
    use sha2::Digest;
    use std::io::{Read, Seek};
    let mut h = sha2::Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    let _ = f.rewind();
    while let Ok(n) = f.read(&mut buf) {
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    hex::encode(h.finalize())
}

/// The 1-minute load average (the machine may be shared), when the system says.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// The shared corpus folder (`$INCIDENTLIB_SHARED`, else `../shared`).
fn shared() -> PathBuf {
    std::env::var("INCIDENTLIB_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("../shared"))
}

/// Writes one case as compact JSON into the library's folder for case `i`.
fn write_case(dir: &Path, i: usize, v: &serde_json::Value) {
    let sub = dir.join(format!("{:03}", i / CASES_PER_DIR));
    if i.is_multiple_of(CASES_PER_DIR) {
        std::fs::create_dir_all(&sub).unwrap();
    }
    let id = v["id"].as_str().unwrap_or("IL");
    std::fs::write(
        sub.join(format!("{id}.json")),
        serde_json::to_string(v).unwrap(),
    )
    .unwrap();
}

/// Writes `n` varied cases into `dir`: each real-corpus text in turn (its language, its own
/// paragraphs), a window of it as title, summary, trigger and lessons on a seed's skeleton;
/// every fourth case reviewed. None when the corpus or the seeds are absent.
fn generate_varied(dir: &Path, n: usize, seeds: &[serde_json::Value]) -> Option<()> {
    let corpus = shared().join("real-corpus");
    let manifest = std::fs::read_to_string(corpus.join("manifest.jsonl")).ok()?;
    let mut texts: Vec<(String, Vec<String>)> = Vec::new();
    for line in manifest.lines().filter(|l| !l.trim().is_empty()) {
        let m: serde_json::Value = serde_json::from_str(line).ok()?;
        let text = std::fs::read_to_string(corpus.join(m["file"].as_str()?)).ok()?;
        let paras: Vec<String> = text
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect();
        if !paras.is_empty() {
            texts.push((m["language"].as_str()?.to_string(), paras));
        }
    }
    if texts.is_empty() || seeds.is_empty() {
        return None;
    }
    // A window of `k` paragraphs whose start depends on the case (no randomness: runs compare).
    let window = |paras: &[String], i: usize, k: usize| -> String {
        let k = k.clamp(1, paras.len());
        let start = (i * 7919) % (paras.len() - k + 1);
        paras[start..start + k].join("\n\n")
    };
    for i in 0..n {
        let (lang, paras) = &texts[i % texts.len()];
        let mut v = seeds[i % seeds.len()].clone();
        v["id"] = serde_json::Value::from(format!("VAR-{i:06}"));
        let title: String = paras[0].chars().take(200).collect();
        let lt = |s: String| serde_json::json!({ lang.as_str(): s });
        v["title"] = lt(title);
        v["summary"] = lt(window(paras, i, 2 + i % (MAX_SUMMARY_PARAGRAPHS - 1)));
        v["trigger"] = lt(window(paras, i / 3, 1 + i % 3));
        v["lessons"] = lt(window(paras, i / 5, 1));
        if i % 4 == 0 {
            v["review"]["reviewed_at"] = serde_json::Value::from("2026-01-01T00:00:00Z");
            v["review"]["reviewed_by"] = serde_json::Value::from("bench");
        }
        write_case(dir, i, &v);
    }
    Some(())
}

/// The two seed records the libraries are made from; None when they are absent.
fn seeds() -> Option<Vec<serde_json::Value>> {
    let seeds_dir = shared().join("seeds");
    let mut seeds = Vec::new();
    for prefix in SEEDS {
        let found = std::fs::read_dir(&seeds_dir)
            .ok()?
            .flatten()
            .find(|e| e.file_name().to_string_lossy().starts_with(prefix));
        let text = std::fs::read_to_string(found?.path()).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).expect("a seed is a JSON record");
        seeds.push(v);
    }
    Some(seeds)
}

/// Writes `n` cases made from the seeds into `dir`.
fn generate(dir: &Path, n: usize, seeds: &[serde_json::Value]) {
    for i in 0..n {
        let mut v = seeds[i % seeds.len()].clone();
        let id = format!("{}-{i:06}", v["id"].as_str().unwrap_or("IL"));
        v["id"] = serde_json::Value::from(id);
        write_case(dir, i, &v);
    }
}

fn main() {
    let count = |var: &str, default: usize| {
        std::env::var(var)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let n: usize = count("REPROCESS_BENCH_CASES", DEFAULT_CASES);
    let varied: usize = count("REPROCESS_BENCH_VARIED", DEFAULT_VARIED);
    let before = std::env::var("REPROCESS_BENCH_BEFORE").ok();
    let dir = tempfile::tempdir().expect("temp dir");
    // REPROCESS_BENCH_LIBRARY=path builds the library there and leaves it, for profiling with perf.
    let lib = std::env::var("REPROCESS_BENCH_LIBRARY")
        .map(PathBuf::from)
        .unwrap_or_else(|_| dir.path().join("library"));
    let t = Instant::now();
    let Some(seeds) = seeds() else {
        println!("note: ../shared/seeds (000_*, 004_*) not found; reprocess bench skipped (set INCIDENTLIB_SHARED)");
        return;
    };
    generate(&lib, n, &seeds);
    let bytes: u64 = walkdir::WalkDir::new(&lib)
        .into_iter()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    let l = lib.to_string_lossy().to_string();
    println!(
        "library: {n} cases from the seeds ({:.0} MB, {:.1} KB per case), made in {:.1}s; {} cores, load average {}",
        bytes as f64 / 1e6,
        bytes as f64 / n as f64 / 1e3,
        t.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |p| p.get()),
        load_average()
    );
    // CPU / wall: how many cores the run kept busy (2.0 when both threads ran all along).
    let line = |name: &str, cases: usize, r: &Run, base: Option<f64>| {
        println!(
            "{name:<26} {:>6.2}s wall {:>6.2}s CPU ({:.1} cores) {:>8.0} cases/s ({:>6.0} per CPU-second) {:>5.0} MB peak{}",
            r.wall,
            r.cpu,
            r.cpu / r.wall.max(1e-9),
            cases as f64 / r.wall,
            cases as f64 / r.cpu.max(1e-9),
            r.peak_mb,
            base.map(|b| format!("  {:.2}x validate's time", r.wall / b))
                .unwrap_or_default()
        );
    };
    // The older build on the same command, and whether it printed the same report.
    let compare = |name: &str, cases: usize, args: &[&str], now: &Run| {
        if let Some(b) = &before {
            let old = run_bin(b, args);
            line(&format!("{name} (before)"), cases, &old, None);
            println!(
                "  report byte-identical to the before build's: {}",
                if old.stdout_sha256 == now.stdout_sha256 {
                    "yes"
                } else {
                    "NO"
                }
            );
        }
    };
    let v = run(&["validate", &l]);
    line("validate", n, &v, None);
    let args = ["reprocess", "--library", &l, "--json"];
    let dry = run(&args);
    line("reprocess --json", n, &dry, Some(v.wall));
    println!("  {}", dry.stderr.lines().last().unwrap_or(""));
    compare("reprocess --json", n, &args, &dry);
    let args = ["reprocess", "--library", &l, "--jsonl"];
    let jl = run(&args);
    line("reprocess --jsonl", n, &jl, Some(v.wall));
    if jl.stderr.starts_with("FAILED") {
        println!("  {}", jl.stderr.lines().next().unwrap_or(""));
    }
    compare("reprocess --jsonl", n, &args, &jl);
    let mut runs = vec![dry, jl];
    if varied > 0 {
        let vlib = dir.path().join("varied");
        match generate_varied(&vlib, varied, &seeds) {
            None => {
                println!("note: ../shared/real-corpus not found; the varied library is skipped")
            }
            Some(()) => {
                let vl = vlib.to_string_lossy().to_string();
                let args = ["reprocess", "--library", &vl, "--jsonl"];
                let r = run(&args);
                line(&format!("varied {varied}: --jsonl"), varied, &r, None);
                println!("  {}", r.stderr.lines().last().unwrap_or(""));
                compare(&format!("varied {varied}: --jsonl"), varied, &args, &r);
                runs.push(r);
            }
        }
    }
    let apply = run(&["reprocess", "--library", &l, "--apply"]);
    line("reprocess --apply", n, &apply, Some(v.wall));
    let again = run(&["reprocess", "--library", &l, "--jsonl"]);
    line("reprocess again", n, &again, Some(v.wall));
    println!("  {}", again.stderr.lines().last().unwrap_or(""));
    let rate = n as f64 / runs[0].wall;
    runs.extend([apply, again]);
    let worst_mb = runs.iter().map(|r| r.peak_mb).fold(0.0, f64::max);
    println!(
        "target: >= {TARGET_CASES_PER_SEC:.0} cases/s: {} ({rate:.0}); peak <= {TARGET_PEAK_MB:.0} MB: {} ({worst_mb:.0} MB)",
        if rate >= TARGET_CASES_PER_SEC { "met" } else { "MISSED" },
        if worst_mb <= TARGET_PEAK_MB { "met" } else { "MISSED" },
    );
}
