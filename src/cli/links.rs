//! `incidentlib links check|status`: link-rot checks of the library's sources, for cron (exit 0/1/2).
use super::fetch::FetchFlags;
use crate::fetch::Client;
use crate::links::{self, RotRules, Store};
use chrono::{DateTime, Utc};
use std::path::PathBuf;

/// Default history database.
pub const DEFAULT_STATE: &str = "output/links.sqlite";

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Sub,
}

#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// Check every URL in the library's cases; record history; suggest and apply archived copies.
    Check(Box<CheckArgs>),
    /// Print the history summary without checking anything.
    Status(StatusArgs),
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Folder (or file) of case records.
    #[arg(long, value_name = "DIR")]
    pub library: PathBuf,
    /// History database.
    #[arg(long, value_name = "FILE", default_value = DEFAULT_STATE)]
    pub state: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write a Markdown report for humans.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write found archived URLs into case files (only `archived`, never removing anything).
    #[arg(long)]
    pub apply: bool,
    /// Re-check URLs checked within the last hour.
    #[arg(long)]
    pub force: bool,
    /// Consecutive failing checks before a URL is rotten.
    #[arg(long, default_value_t = 3)]
    pub min_failures: u32,
    /// Days the failing checks must span before a URL is rotten.
    #[arg(long, default_value_t = 7.0)]
    pub min_days: f64,
    /// The time to record checks at (RFC 3339 or YYYY-MM-DD; default: now).
    #[arg(long, value_name = "TIMESTAMP")]
    pub now: Option<String>,
    /// Do not look up archived copies.
    #[arg(long)]
    pub no_archives: bool,
    /// Soft-404 phrase file (default: sources/links/not-found.toml).
    #[arg(long, value_name = "FILE")]
    pub not_found: Option<PathBuf>,
    #[command(flatten)]
    pub fetch: FetchFlags,
}

#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    #[arg(long, value_name = "FILE", default_value = DEFAULT_STATE)]
    pub state: PathBuf,
    #[arg(long)]
    pub json: bool,
}

fn parse_now(s: &str) -> anyhow::Result<DateTime<Utc>> {
    if let Ok(d) = DateTime::parse_from_rfc3339(s) {
        return Ok(d.with_timezone(&Utc));
    }
    let day = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| {
        anyhow::anyhow!("--now {s:?}: use RFC 3339 (2025-01-02T03:04:05Z) or YYYY-MM-DD")
    })?;
    Ok(day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
}

pub fn run(args: &Args) -> anyhow::Result<i32> {
    match &args.command {
        Sub::Check(a) => check(a),
        Sub::Status(a) => status(a),
    }
}

fn check(a: &CheckArgs) -> anyhow::Result<i32> {
    let now = match &a.now {
        Some(s) => parse_now(s)?,
        None => Utc::now(),
    };
    let mut config = a.fetch.config()?;
    if a.fetch.cache_dir.is_none() {
        // Link checks need fingerprints, not bodies: no body cache unless asked for.
        config.cache_dir = None;
    }
    let client = Client::new(config)?;
    let not_found = a.not_found.clone().or_else(|| {
        let p = client
            .config()
            .sources_dir()
            .join("links")
            .join("not-found.toml");
        p.is_file().then_some(p)
    });
    let opts = links::Options {
        library: a.library.clone(),
        state: a.state.clone(),
        force: a.force,
        rules: RotRules {
            min_failures: a.min_failures.max(1),
            min_days: a.min_days,
        },
        now,
        apply: a.apply,
        archives: !a.no_archives,
        progress: !a.json,
        not_found,
    };
    // Network events are gathered every 8 task polls (tokio's default is 61): each check's
    // page parse is one long poll, and 61 of them kept answered sockets waiting.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .event_interval(8)
        .enable_all()
        .build()?;
    let report = match rt.block_on(links::run(&client, &opts)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: link check failed: {e:#}");
            return Ok(2);
        }
    };
    if let Some(md) = &a.markdown {
        let text = links::report::markdown(&report, &crate::links::store::ts(now));
        if let Err(e) = crate::case::io::write_atomic(md, text.as_bytes()) {
            eprintln!("error: writing {}: {e:#}", md.display());
            return Ok(2);
        }
    }
    for p in &report.problems {
        tracing::warn!("{p}");
    }
    if a.json {
        // Written as it is serialized (10,000 URLs make 6 MB), the same bytes as
        // `println!("{}", to_string_pretty(..))`.
        // A failed write panics as `println!` does (a closed pipe then exits quietly, see main).
        use std::io::Write;
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let written = serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush());
        if let Err(e) = written {
            panic!("failed printing to stdout: {e}");
        }
    } else {
        for u in report
            .urls
            .iter()
            .filter(|u| u.class.is_failure() || u.suggestion.is_some())
        {
            let rot = if u.newly_rotten {
                " NEWLY ROTTEN"
            } else if u.rotten {
                " rotten"
            } else {
                ""
            };
            println!("{} {}{rot}: {}", u.class.as_str(), u.url, u.evidence.reason);
            if let Some(s) = &u.suggestion {
                println!("    suggestion: {s}");
            }
        }
        eprintln!(
            "{} checked, {} skipped, {} newly rotten, {} archived copies found, {} applied; {:?}",
            report.checked,
            report.skipped,
            report.newly_rotten,
            report.archives_found,
            report.archives_applied,
            report.summary
        );
    }
    Ok(if report.newly_rotten > 0 { 1 } else { 0 })
}

fn status(a: &StatusArgs) -> anyhow::Result<i32> {
    if !a.state.exists() {
        eprintln!(
            "error: no link history at {} (run `incidentlib links check` first)",
            a.state.display()
        );
        return Ok(2);
    }
    let store = Store::open(&a.state)?;
    let states = store.all_states()?;
    let v = links::report::status_json(&states);
    if a.json {
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("{} URLs in {}", states.len(), a.state.display());
        if let Some(m) = v["summary"].as_object() {
            for (k, n) in m {
                println!("  {k:<18} {n}");
            }
        }
        for r in v["rotten"].as_array().into_iter().flatten() {
            println!(
                "rotten: {} ({} since {})",
                r["url"].as_str().unwrap_or(""),
                r["class"].as_str().unwrap_or(""),
                r["since"].as_str().unwrap_or("?")
            );
        }
    }
    Ok(0)
}
