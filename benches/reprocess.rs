//! Benchmark: `incidentlib reprocess` on a library made from the two seed records; cases/s, the ratio to `validate` in the same run, and peak memory.
//!
//! The library is `REPROCESS_BENCH_CASES` (default 20,000) copies of `../shared/seeds/000_*` and
//! `004_*` under fresh ids, 1,000 per folder; every case has changes or proposals to report.
//! Each command runs as its own process (the release binary), so its CPU and peak RSS are its own.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Cases in the generated library (override with REPROCESS_BENCH_CASES).
const DEFAULT_CASES: usize = 20_000;
/// Cases per sub-folder, so no folder grows huge.
const CASES_PER_DIR: usize = 1_000;
/// The seed records the library is made from (file name prefixes in `../shared/seeds`).
const SEEDS: [&str; 2] = ["000_", "004_"];
/// Targets from issue 13.
const TARGET_CASES_PER_SEC: f64 = 10_000.0;
const TARGET_PEAK_MB: f64 = 100.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What one child process cost.
struct Run {
    wall: f64,
    cpu: f64,
    peak_mb: f64,
    stderr: String,
}

/// Runs the incidentlib binary with `args` (stdout discarded) and measures it with wait4.
// The child is reaped by wait4 (which also gives its CPU time and peak RSS), not Child::wait.
#[allow(clippy::zombie_processes)]
fn run(args: &[&str]) -> Run {
    let t = Instant::now();
    // REPROCESS_BENCH_BIN measures another build (e.g. an older one) the same way.
    let bin = std::env::var("REPROCESS_BENCH_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_incidentlib").to_string());
    let mut child = Command::new(bin)
        .args(args)
        .env("INCIDENTLIB_MAPPINGS", root().join("mappings"))
        .stdout(Stdio::null())
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
    Run {
        wall: t.elapsed().as_secs_f64(),
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
        stderr: stderr.trim().to_string(),
    }
}

/// Writes `n` cases made from the seeds into `dir`; None (with a note) when the seeds are absent.
fn generate(dir: &Path, n: usize) -> Option<()> {
    let seeds_dir = std::env::var("INCIDENTLIB_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("../shared"))
        .join("seeds");
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
    for i in 0..n {
        let sub = dir.join(format!("{:03}", i / CASES_PER_DIR));
        if i % CASES_PER_DIR == 0 {
            std::fs::create_dir_all(&sub).unwrap();
        }
        let mut v = seeds[i % seeds.len()].clone();
        let id = format!("{}-{i:06}", v["id"].as_str().unwrap_or("IL"));
        v["id"] = serde_json::Value::from(id.clone());
        std::fs::write(
            sub.join(format!("{id}.json")),
            serde_json::to_string(&v).unwrap(),
        )
        .unwrap();
    }
    Some(())
}

fn main() {
    let n: usize = std::env::var("REPROCESS_BENCH_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    let dir = tempfile::tempdir().expect("temp dir");
    let lib = dir.path().join("library");
    let t = Instant::now();
    if generate(&lib, n).is_none() {
        println!("note: ../shared/seeds (000_*, 004_*) not found; reprocess bench skipped (set INCIDENTLIB_SHARED)");
        return;
    }
    let bytes: u64 = walkdir::WalkDir::new(&lib)
        .into_iter()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    let l = lib.to_string_lossy().to_string();
    println!(
        "library: {n} cases from the seeds ({:.0} MB, {:.1} KB per case), made in {:.1}s; {} cores",
        bytes as f64 / 1e6,
        bytes as f64 / n as f64 / 1e3,
        t.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |p| p.get())
    );
    let line = |name: &str, r: &Run, base: Option<f64>| {
        println!(
            "{name:<22} {:>6.2}s wall {:>6.2}s CPU {:>8.0} cases/s ({:>6.0} per CPU-second) {:>5.0} MB peak{}",
            r.wall,
            r.cpu,
            n as f64 / r.wall,
            n as f64 / r.cpu.max(1e-9),
            r.peak_mb,
            base.map(|b| format!("  {:.2}x validate's time", r.wall / b))
                .unwrap_or_default()
        );
    };
    let v = run(&["validate", &l]);
    line("validate", &v, None);
    let dry = run(&["reprocess", "--library", &l, "--json"]);
    line("reprocess --json", &dry, Some(v.wall));
    println!("  {}", dry.stderr.lines().last().unwrap_or(""));
    let jl = run(&["reprocess", "--library", &l, "--jsonl"]);
    line("reprocess --jsonl", &jl, Some(v.wall));
    if jl.stderr.starts_with("FAILED") {
        println!("  {}", jl.stderr.lines().next().unwrap_or(""));
    }
    let apply = run(&["reprocess", "--library", &l, "--apply"]);
    line("reprocess --apply", &apply, Some(v.wall));
    let again = run(&["reprocess", "--library", &l, "--jsonl"]);
    line("reprocess again", &again, Some(v.wall));
    println!("  {}", again.stderr.lines().last().unwrap_or(""));
    let worst_mb = [&dry, &jl, &apply, &again]
        .iter()
        .map(|r| r.peak_mb)
        .fold(0.0, f64::max);
    let rate = n as f64 / dry.wall;
    println!(
        "target: >= {TARGET_CASES_PER_SEC:.0} cases/s: {} ({rate:.0}); peak <= {TARGET_PEAK_MB:.0} MB: {} ({worst_mb:.0} MB)",
        if rate >= TARGET_CASES_PER_SEC { "met" } else { "MISSED" },
        if worst_mb <= TARGET_PEAK_MB { "met" } else { "MISSED" },
    );
}
