//! Links benchmark: 10,000 URLs over 100 local host names, `incidentlib links check` against lychee
//! (same URL list, same per-host and overall concurrency) and a plain-reqwest baseline.
//!
//! Run: `cargo bench --bench links` (set LYCHEE=/path/to/lychee if it is not on PATH). Both CLIs
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

/// Runs a command under /usr/bin/time; returns (wall seconds, peak RSS MiB, exit code) and
/// prints its CPU seconds.
fn timed(cmd: &mut Command) -> (f64, f64, i32) {
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
    println!("  ({} CPU {cpu:.2} s)", cmd.get_program().to_string_lossy());
    let stdout = std::fs::read_to_string(out.path()).unwrap_or_default();
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(&stdout) {
        println!("  classes: {}", v["summary"]);
    }
    (wall, rss_kb / 1024.0, status.code().unwrap_or(-1))
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
    let ok = rt.block_on(async {
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
    println!(
        "plain reqwest:  {ok} ok in {base:.2} s = {:.0} URLs/s",
        URLS as f64 / base
    );

    let lychee = std::env::var("LYCHEE").unwrap_or_else(|_| "lychee".into());
    let mut lychee_rate = None;
    if Command::new(&lychee).arg("--version").output().is_ok() {
        let (wall, rss, code) = timed(
            Command::new(&lychee)
                .arg("--no-progress")
                .args(["--max-concurrency", &CONCURRENCY.to_string()])
                .args(["--host-concurrency", &PER_HOST.to_string()])
                .args(["--host-request-interval", "0ms"])
                .args(["--timeout", "20"])
                .arg(&list),
        );
        let rate = URLS as f64 / wall;
        lychee_rate = Some(rate);
        println!(
            "lychee:         {wall:.2} s = {rate:.0} URLs/s, peak RSS {rss:.1} MiB (exit {code})"
        );
    } else {
        println!("lychee:         not found (set LYCHEE=…); compare with plain reqwest above");
    }

    let state = dir.path().join("links.sqlite");
    let run = |force: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_incidentlib"));
        cmd.args(["links", "check", "--json", "--no-archives"])
            .arg("--library")
            .arg(&lib)
            .arg("--state")
            .arg(&state)
            .args(["--per-host", &PER_HOST.to_string()])
            .args(["--concurrency", &CONCURRENCY.to_string()])
            .args(["--host-delay", "0", "--timeout", "20"])
            .args(["--sources", concat!(env!("CARGO_MANIFEST_DIR"), "/sources")]);
        if force {
            cmd.arg("--force");
        }
        timed(&mut cmd)
    };
    for (label, force) in [("first run", false), ("re-run --force", true)] {
        let (wall, rss, code) = run(force);
        let rate = URLS as f64 / wall;
        let ratio = lychee_rate
            .map(|l| format!(", {:.2}x lychee", rate / l))
            .unwrap_or_default();
        println!("incidentlib ({label}): {wall:.2} s = {rate:.0} URLs/s{ratio}, peak RSS {rss:.1} MiB (exit {code}; robots.txt + 1 sibling probe per host, history in SQLite)");
    }
    let _ = child.kill();
    let _ = child.wait();
}
