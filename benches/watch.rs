//! Watch benchmark: 200 feeds on 20 local host names, an unchanged second poll, against plain reqwest.
//!
//! Run: `cargo bench --bench watch`. The feed server runs in a child process so the CPU time
//! measured here is the watcher's own. Half the feeds are Atom (blog posts, no incident words),
//! half Statuspage API JSON (unresolved incidents), so no poll drafts anything: the figures are
//! the cost of watching. Politeness is the default (1 request per host, 1 s apart), so the wall
//! time of a poll is about (feeds per host) seconds; a second figure uses delay 0.
#[path = "../tests/fetch_support/mod.rs"]
mod fetch_support;

use futures::StreamExt;
use incidentlib::fetch::{Client, Config};
use incidentlib::watch::{self, classify::IncidentWords, config, state::Store, Watcher};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

const FEEDS: usize = 200;
const HOSTS: usize = 20;
const ENTRIES: usize = 20;

fn atom(n: usize) -> String {
    let mut s = format!("<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Blog {n}</title><id>urn:b{n}</id><updated>2024-11-14T00:00:00Z</updated>");
    for i in 0..ENTRIES {
        s.push_str(&format!(
            "<entry><title>Release notes {n}.{i}: faster builds</title><id>urn:b{n}:{i}</id><link href=\"/post/{n}/{i}\"/>\
             <updated>2024-11-{:02}T00:00:00Z</updated><summary>We made the build cache {i}% faster and fixed flaky tests.</summary></entry>",
            1 + i % 28
        ));
    }
    s.push_str("</feed>");
    s
}

fn statuspage(n: usize) -> String {
    let incidents: Vec<_> = (0..ENTRIES / 2)
        .map(|i| {
            serde_json::json!({"id": format!("inc{n}x{i}"), "name": format!("Degraded performance {i}"),
              "status": "investigating", "created_at": "2024-11-12T14:10:00.000Z", "resolved_at": null,
              "incident_updates": [{"status": "investigating", "body": "We are investigating.", "created_at": "2024-11-12T14:10:00.000Z"}]})
        })
        .collect();
    serde_json::json!({"page": {"id": format!("p{n}")}, "incidents": incidents}).to_string()
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
                let n: usize = r
                    .path
                    .trim_start_matches("/feed/")
                    .split('.')
                    .next()
                    .and_then(|x| x.parse().ok())
                    .unwrap_or(0);
                let etag = format!("\"v1-{n}\"");
                if r.headers.get("if-none-match") == Some(&etag) {
                    return fetch_support::Reply::with(304, &[("ETag", etag.as_str())], Vec::new());
                }
                let (ct, body) = if r.path.ends_with(".json") {
                    ("application/json", statuspage(n))
                } else {
                    ("application/atom+xml", atom(n))
                };
                fetch_support::Reply::with(
                    200,
                    &[("Content-Type", ct), ("ETag", etag.as_str())],
                    body,
                )
            })
            .await;
            addrs.push(s.addr.to_string());
        }
        println!("{}", addrs.join(" "));
        std::future::pending::<()>().await;
    });
}

/// (user+system CPU seconds, peak RSS MiB) of this process.
fn usage() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(") ").next().unwrap_or("").split(' ').collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let cpu = (ticks(11) + ticks(12)) / 100.0;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .unwrap_or(0.0);
    (cpu, hwm / 1024.0)
}

fn feeds(addrs: &[String]) -> Vec<config::Feed> {
    (0..FEEDS)
        .map(|i| {
            let json = i % 2 == 1;
            config::Feed {
                url: format!(
                    "http://{}/feed/{i}.{}",
                    addrs[i % addrs.len()],
                    if json { "json" } else { "xml" }
                ),
                kind: if json {
                    config::Kind::Statuspage
                } else {
                    config::Kind::Feed
                },
                lang: None,
                zone: None,
                name: None,
            }
        })
        .collect()
}

fn watcher(dir: &Path, feeds: Vec<config::Feed>, host_delay: f64) -> Watcher {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = Config {
        host_delay_secs: host_delay,
        cache_dir: None,
        sources_dir: Some(root.join("sources")),
        ..Config::default()
    };
    Watcher::new(
        Client::new(config).unwrap(),
        Arc::new(watch::drafts::LazyDrafter::new(&root.join("mappings"))),
        IncidentWords::load(&root.join("mappings/lang")).unwrap(),
        Store::open(&dir.join("watch.sqlite")).unwrap(),
        watch::Options {
            feeds,
            out: dir.join("drafts"),
            now: None,
            rules: Default::default(),
            known: None,
        },
        Arc::new(AtomicBool::new(false)),
    )
}

fn main() {
    if std::env::args().any(|a| a == "--serve") {
        return serve();
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .stdout(Stdio::piped())
        .spawn()
        .expect("start feed server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addrs: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let feeds = feeds(&addrs);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();

    // Baseline: plain reqwest conditional GETs of the same feeds (each answered 304), no politeness.
    let (cpu0, _) = usage();
    let t = Instant::now();
    let n304 = rt.block_on(async {
        incidentlib::fetch::tls::install_provider();
        let http = reqwest::Client::new();
        futures::stream::iter(feeds.iter().enumerate())
            .map(|(i, f)| {
                let http = http.clone();
                let etag = format!("\"v1-{i}\"");
                async move {
                    let r = http
                        .get(&f.url)
                        .header("If-None-Match", etag)
                        .send()
                        .await
                        .ok()?;
                    let status = r.status().as_u16();
                    r.bytes().await.ok()?;
                    Some(status)
                }
            })
            .buffer_unordered(HOSTS)
            .filter(|s| futures::future::ready(*s == Some(304)))
            .count()
            .await
    });
    let base_wall = t.elapsed().as_secs_f64();
    let (cpu1, rss_base) = usage();
    let base_cpu = cpu1 - cpu0;
    println!(
        "baseline reqwest conditional GETs: {n304}/{FEEDS} answered 304 in {base_wall:.2} s, CPU {:.2} ms per feed",
        1000.0 * base_cpu / FEEDS as f64
    );

    // incidentlib watch, default politeness: a first poll reads every feed, the second is unchanged.
    let w = watcher(dir.path(), feeds.clone(), 1.0);
    let t = Instant::now();
    let first = rt.block_on(w.run_once()).unwrap();
    let first_wall = t.elapsed().as_secs_f64();
    let (cpu2, _) = usage();
    let items: usize = first.feeds.iter().map(|f| f.skipped + f.new).sum();
    println!(
        "watch first poll: {FEEDS} feeds ({items} items recorded, {} drafts) in {first_wall:.2} s, CPU {:.2} ms per feed",
        first.drafts.len(),
        1000.0 * (cpu2 - cpu1) / FEEDS as f64
    );
    let t = Instant::now();
    let second = rt.block_on(w.run_once()).unwrap();
    let wall = t.elapsed().as_secs_f64();
    let (cpu3, rss) = usage();
    let cpu = cpu3 - cpu2;
    let nm = second.feeds.iter().filter(|f| f.not_modified).count();
    println!(
        "watch unchanged second poll (politeness on: 1 per host, 1 s apart, {} feeds per host): {nm}/{FEEDS} not modified in {wall:.2} s",
        FEEDS / HOSTS
    );
    println!(
        "  CPU {:.2} ms per feed (baseline {:.2} ms) = {:.2}% of wall; waiting on politeness: {:.2} s",
        1000.0 * cpu / FEEDS as f64,
        1000.0 * base_cpu / FEEDS as f64,
        100.0 * cpu / wall,
        (wall - cpu).max(0.0)
    );
    drop(w);

    // The same unchanged poll with delay 0: what is left when politeness does not wait.
    let w0 = watcher(dir.path(), feeds, 0.0);
    let (cpu4, _) = usage();
    let t = Instant::now();
    let third = rt.block_on(w0.run_once()).unwrap();
    let wall0 = t.elapsed().as_secs_f64();
    let (cpu5, rss_end) = usage();
    let nm0 = third.feeds.iter().filter(|f| f.not_modified).count();
    println!(
        "watch unchanged poll, host delay 0: {nm0}/{FEEDS} not modified in {wall0:.2} s (baseline {base_wall:.2} s), CPU {:.2} ms per feed",
        1000.0 * (cpu5 - cpu4) / FEEDS as f64
    );
    println!(
        "  peak RSS of the watcher process: {rss:.1} MiB after the polite polls, {rss_end:.1} MiB at the end (after baseline: {rss_base:.1} MiB)"
    );
    let _ = child.kill();
    let _ = child.wait();
}
