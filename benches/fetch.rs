//! Fetch benchmark: 2,000 pages over 20 local host names with politeness on, against plain reqwest.
//!
//! Run: `cargo bench --bench fetch`. The page server runs in a child process so the CPU time
//! measured here is the client's own. Politeness delays are 0 for the throughput figure.
#[path = "../tests/fetch_support/mod.rs"]
mod fetch_support;

use futures::StreamExt;
use incidentlib::fetch::{Client, Config};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

const PAGES: usize = 2000;
const HOSTS: usize = 20;
/// Overall in-flight cap for both clients; one request per host in flight (politeness).
const CONCURRENCY: usize = 20;
const PAGE_PARAGRAPHS: usize = 40;

fn page(n: usize) -> String {
    let mut s = format!("<html><head><title>Incident {n}</title></head><body><nav>menu</nav><article><h1>Incident {n}</h1>");
    for i in 0..PAGE_PARAGRAPHS {
        s.push_str(&format!(
            "<p>At 14:{i:02} UTC the load balancer pool {n} shed traffic; we rolled back.</p>"
        ));
    }
    s.push_str("</article></body></html>");
    s
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
                    return fetch_support::Reply::with(
                        200,
                        &[],
                        "User-agent: *\nDisallow: /private\n",
                    );
                }
                let n = r
                    .path
                    .rsplit('/')
                    .next()
                    .and_then(|x| x.parse().ok())
                    .unwrap_or(0);
                fetch_support::Reply::html(&page(n))
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

fn urls(addrs: &[String]) -> Vec<String> {
    (0..PAGES)
        .map(|i| format!("http://{}/incidents/{i}", addrs[i % addrs.len()]))
        .collect()
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
    let urls = urls(&addrs);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();

    // Baseline: plain reqwest, same overall concurrency, no politeness, body read as text.
    let (cpu0, _) = usage();
    let t = Instant::now();
    let ok = rt.block_on(async {
        incidentlib::fetch::tls::install_provider();
        let http = reqwest::Client::new();
        futures::stream::iter(urls.clone())
            .map(|u| {
                let http = http.clone();
                async move { http.get(&u).send().await.ok()?.text().await.ok() }
            })
            .buffer_unordered(CONCURRENCY)
            .filter(|r| futures::future::ready(r.is_some()))
            .count()
            .await
    });
    let base_wall = t.elapsed().as_secs_f64();
    let (cpu1, rss_base) = usage();
    let base_rate = ok as f64 / base_wall;
    println!("baseline reqwest: {ok}/{PAGES} pages in {base_wall:.2} s = {base_rate:.0} pages/s, CPU {:.2} s", cpu1 - cpu0);

    // incidentlib: politeness on (1 per host, robots.txt, retries, breaker), delays 0.
    let config = Config {
        host_delay_secs: 0.0,
        per_host: 1,
        concurrency: CONCURRENCY,
        cache_dir: None,
        ..Config::default()
    };
    let client = Client::new(config).unwrap();
    let t = Instant::now();
    let ok = rt.block_on(async {
        futures::stream::iter(urls.clone())
            .map(|u| {
                let c = client.clone();
                async move { c.get(&u).await.ok() }
            })
            .buffer_unordered(PAGES)
            .filter(|r| futures::future::ready(r.as_ref().is_some_and(|d| !d.text.is_empty())))
            .count()
            .await
    });
    let wall = t.elapsed().as_secs_f64();
    let (cpu2, rss) = usage();
    let cpu = cpu2 - cpu1;
    let rate = ok as f64 / wall;
    println!(
        "incidentlib fetch: {ok}/{PAGES} pages in {wall:.2} s = {rate:.0} pages/s (politeness on, delay 0, {HOSTS} hosts, 1 per host)"
    );
    println!(
        "  time in our code (CPU, incl. decode + text extraction): {cpu:.2} s = {:.0}% of wall; waiting: {:.2} s",
        100.0 * cpu / wall,
        (wall - cpu).max(0.0)
    );
    println!("  peak RSS of the client process: {rss:.1} MiB (after baseline: {rss_base:.1} MiB)");
    println!(
        "  ratio incidentlib / baseline pages/s: {:.2}",
        rate / base_rate
    );
    let _ = child.kill();
    let _ = child.wait();
}
