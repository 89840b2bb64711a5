//! Links benchmark: 10,000 URLs over 100 local host names, `incidentlib links check` against lychee
//! (same URL list, same per-host and overall concurrency) and a plain-reqwest baseline.
//!
//! Run: `cargo bench --bench links` (set LYCHEE=/path/to/lychee if it is not on PATH;
//! LINKS_BENCH_BEFORE=/path/to/an/older/incidentlib adds that build, for before/after). The CLIs
//! run under `/usr/bin/time` for wall time and peak RSS; the page server is a child process.
#[path = "../tests/fetch_support/mod.rs"]
mod fetch_support;

use futures::StreamExt;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

const URLS: usize = 10_000;
const HOSTS: usize = 100;
const URLS_PER_CASE: usize = 10;
const PER_HOST: usize = 2;
const CONCURRENCY: usize = 64;
/// Alternating rounds of each tool; medians are reported.
const ROUNDS: usize = 3;

fn page(n: usize) -> String {
    format!("<html><head><title>Incident {n}</title></head><body><article><h1>Incident {n}</h1><p>At 14:05 UTC the certificate for pool {n} expired; sign-ins failed for 95 minutes while we rotated it.</p><p>We added an alert on certificate lifetime.</p></article></body></html>")
}

fn serve() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut addrs = Vec::new();
        for h in 1..=HOSTS {
            let s = fetch_support::Server::start_on(&format!("127.0.0.{h}:0"), |r| {
                if r.path == "/robots.txt" {
                    return fetch_support::Reply::status(404);
                }
                match r.path.rsplit('/').next().and_then(|x| x.parse().ok()) {
                    Some(n) => fetch_support::Reply::html(&page(n)),
                    None => fetch_support::Reply::status(404),
                }
            })
            .await;
            addrs.push(s.addr.to_string());
        }
        println!("{}", addrs.join(" "));
        std::future::pending::<()>().await;
    });
}

/// User + system CPU seconds this process has used so far (the page server is a child).
fn own_cpu_seconds() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes the struct it is given.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return f64::NAN;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

thread_local! {
    /// The result classes of the last run `timed` made, for `print_classes`.
    static CLASSES: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

fn print_classes() {
    if let Some(line) = CLASSES.with(|c| c.borrow_mut().take()) {
        println!("{line}");
    }
}

/// Runs a command under /usr/bin/time; returns (wall seconds, peak RSS MiB, exit code, CPU
/// seconds); the caller prints them on its round's line.
fn timed(cmd: &mut Command) -> (f64, f64, i32, f64) {
    let tmp = tempfile::NamedTempFile::new().unwrap();
    let out = tempfile::NamedTempFile::new().unwrap();
    let mut full = Command::new("/usr/bin/time");
    full.arg("-f").arg("%e %M %U %S").arg("-o").arg(tmp.path());
    full.arg(cmd.get_program()).args(cmd.get_args());
    let t = Instant::now();
    let status = full
        .stdout(out.reopen().unwrap())
        .stderr(Stdio::null())
        .status()
        .expect("run under /usr/bin/time");
    let wall = t.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(tmp.path()).unwrap_or_default();
    let rss_kb: f64 = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0.0);
    let cpu: f64 = text
        .split_whitespace()
        .skip(2)
        .filter_map(|x| x.parse::<f64>().ok())
        .sum();
    let stdout = std::fs::read_to_string(out.path()).unwrap_or_default();
    // Printed after the caller's round line, so each run's figures read top to bottom.
    let classes = serde_json::from_str::<serde_json::Value>(&stdout)
        .map(|v| format!("  classes: {}", v["summary"]))
        .ok();
    CLASSES.with(|c| *c.borrow_mut() = classes);
    (wall, rss_kb / 1024.0, status.code().unwrap_or(-1), cpu)
}

fn write_library(dir: &Path, urls: &[String]) {
    for (i, chunk) in urls.chunks(URLS_PER_CASE).enumerate() {
        let sources: Vec<serde_json::Value> = chunk
            .iter()
            .map(|u| serde_json::json!({"url": u, "kind": "blog", "archived": null}))
            .collect();
        let case = serde_json::json!({"id": format!("IL-B{i:05}"), "org": "Bench", "date": "2024-01-01", "sources": sources});
        std::fs::write(dir.join(format!("IL-B{i:05}.json")), case.to_string()).unwrap();
    }
}

fn main() {
    if std::env::args().any(|a| a == "--serve") {
        return serve();
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .stdout(Stdio::piped())
        .spawn()
        .expect("start page server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addrs: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let urls: Vec<String> = (0..URLS)
        .map(|i| format!("http://{}/incidents/{i}", addrs[i % addrs.len()]))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("library");
    std::fs::create_dir_all(&lib).unwrap();
    write_library(&lib, &urls);
    let list = dir.path().join("urls.txt");
    std::fs::write(&list, urls.join("\n")).unwrap();
    println!(
        "{URLS} URLs over {HOSTS} hosts; per-host {PER_HOST}, overall {CONCURRENCY}, no delays"
    );

    // Plain reqwest: same overall concurrency, no politeness, no history (a floor for overhead).
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let t = Instant::now();
    let cpu0 = own_cpu_seconds();
    let ok = rt.block_on(async {
        incidentlib::fetch::tls::install_provider();
        let http = reqwest::Client::new();
        futures::stream::iter(urls.clone())
            .map(|u| {
                let http = http.clone();
                async move { http.get(&u).send().await.ok()?.bytes().await.ok() }
            })
            .buffer_unordered(CONCURRENCY)
            .filter(|r| futures::future::ready(r.is_some()))
            .count()
            .await
    });
    let base = t.elapsed().as_secs_f64();
    let base_cpu = own_cpu_seconds() - cpu0;
    println!(
        "plain reqwest:  {ok} ok in {base:.2} s = {:.0} URLs/s, CPU {base_cpu:.2} s",
        URLS as f64 / base
    );

    let lychee = std::env::var("LYCHEE").unwrap_or_else(|_| "lychee".into());
    let have_lychee = Command::new(&lychee).arg("--version").output().is_ok();
    if !have_lychee {
        println!("lychee: not found (set LYCHEE=...); compare with plain reqwest above");
    }
    let before = std::env::var_os("LINKS_BENCH_BEFORE");
    let run_bin = |bin: &std::ffi::OsStr, state: &Path, force: bool| {
        let mut cmd = Command::new(bin);
        cmd.args(["links", "check", "--json", "--no-archives"])
            .arg("--library")
            .arg(&lib)
            .arg("--state")
            .arg(state)
            .args(["--per-host", &PER_HOST.to_string()])
            .args(["--concurrency", &CONCURRENCY.to_string()])
            .args(["--host-delay", "0", "--timeout", "20"])
            .args(["--sources", concat!(env!("CARGO_MANIFEST_DIR"), "/sources")]);
        if force {
            cmd.arg("--force");
        }
        timed(&mut cmd)
    };
    let ours_bin = std::ffi::OsStr::new(env!("CARGO_BIN_EXE_incidentlib"));
    let run_ours = |state: &Path, force: bool| run_bin(ours_bin, state, force);
    // Alternate the two tools so load from other processes hits both alike; report medians.
    let (mut ours, mut theirs, mut rss_ours, mut rss_theirs) = (vec![], vec![], 0f64, 0f64);
    let mut cpu_theirs = vec![];
    let mut cpu_ours = vec![];
    let (mut wall_before, mut cpu_before) = (vec![], vec![]);
    for round in 0..ROUNDS {
        if let Some(bin) = &before {
            let state = dir.path().join(format!("before-{round}.sqlite"));
            let (wall, rss, code, cpu) = run_bin(bin, &state, false);
            println!("round {round} before:      {wall:.2} s = {:.0} URLs/s, CPU {cpu:.2} s, peak RSS {rss:.1} MiB (exit {code})", URLS as f64 / wall);
            print_classes();
            wall_before.push(wall);
            cpu_before.push(cpu);
        }
        if have_lychee {
            let (wall, rss, code, cpu) = timed(
                Command::new(&lychee)
                    .arg("--no-progress")
                    .args(["--max-concurrency", &CONCURRENCY.to_string()])
                    .args(["--host-concurrency", &PER_HOST.to_string()])
                    .args(["--host-request-interval", "0ms"])
                    .args(["--timeout", "20"])
                    .arg(&list),
            );
            println!("round {round} lychee:      {wall:.2} s = {:.0} URLs/s, CPU {cpu:.2} s, peak RSS {rss:.1} MiB (exit {code})", URLS as f64 / wall);
            print_classes();
            theirs.push(wall);
            cpu_theirs.push(cpu);
            rss_theirs = rss_theirs.max(rss);
        }
        let state = dir.path().join(format!("links-{round}.sqlite"));
        let (wall, rss, code, cpu) = run_ours(&state, false);
        cpu_ours.push(cpu);
        println!("round {round} incidentlib: {wall:.2} s = {:.0} URLs/s, CPU {cpu:.2} s, peak RSS {rss:.1} MiB (exit {code})", URLS as f64 / wall);
        print_classes();
        ours.push(wall);
        rss_ours = rss_ours.max(rss);
    }
    let state = dir.path().join("links-0.sqlite");
    let (wall, rss, _, _) = run_ours(&state, true);
    println!("incidentlib re-run --force on kept history: {wall:.2} s = {:.0} URLs/s, peak RSS {rss:.1} MiB", URLS as f64 / wall);
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v.get(v.len() / 2).copied()
    };
    let m_ours = median(&mut ours).unwrap_or(f64::NAN);
    let m_cpu = median(&mut cpu_ours).unwrap_or(f64::NAN);
    println!("median incidentlib: {:.0} URLs/s, CPU {m_cpu:.2} s, peak RSS {rss_ours:.1} MiB (robots.txt + 1 sibling probe per host and folder, history in SQLite)", URLS as f64 / m_ours);
    println!(
        "ratio incidentlib / plain reqwest: URLs/s {:.2}, CPU {:.2}",
        base / m_ours,
        m_cpu / base_cpu
    );
    if let (Some(w), Some(c)) = (median(&mut wall_before), median(&mut cpu_before)) {
        println!(
            "median before:      {:.0} URLs/s, CPU {c:.2} s ({})",
            URLS as f64 / w,
            before.as_deref().unwrap_or_default().to_string_lossy()
        );
    }
    if let Some(m_theirs) = median(&mut theirs) {
        let c_theirs = median(&mut cpu_theirs).unwrap_or(f64::NAN);
        println!(
            "median lychee:      {:.0} URLs/s, CPU {c_theirs:.2} s, peak RSS {rss_theirs:.1} MiB",
            URLS as f64 / m_theirs
        );
        println!(
            "ratio incidentlib / lychee: URLs/s {:.2} (target >= 1.0), CPU per URL {:.2} (target <= 1.0)",
            m_theirs / m_ours,
            m_cpu / c_theirs
        );
    }
    let _ = child.kill();
    let _ = child.wait();
}
