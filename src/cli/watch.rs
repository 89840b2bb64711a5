//! `incidentlib watch --once | --every 15m | status`: poll feeds, draft new postmortems (exit 0/1/2).
use super::fetch::FetchFlags;
use crate::watch::{self, config, items, known::Known, state::Store, Watcher};
use chrono::{DateTime, Utc};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Default state database.
pub const DEFAULT_STATE: &str = "output/watch.sqlite";

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Sub>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// List the drafts waiting for review, newest first.
    Status(StatusArgs),
}

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Poll every feed once and exit (for cron).
    #[arg(long, conflicts_with = "every")]
    pub once: bool,
    /// Keep polling at this interval (30s, 15m, 2h) until SIGTERM or Ctrl-C.
    #[arg(long, value_name = "INTERVAL", value_parser = parse_interval)]
    pub every: Option<Duration>,
    /// The watch list (default: sources/watch.toml).
    #[arg(long, value_name = "FILE")]
    pub watch: Option<PathBuf>,
    /// Folder for drafts.
    #[arg(long, value_name = "DIR", default_value = "output/drafts")]
    pub out: PathBuf,
    /// Do not draft items whose URL (or archived URL) is a source of a case in this library.
    #[arg(long, value_name = "DIR")]
    pub library: Option<PathBuf>,
    /// State database.
    #[arg(long, value_name = "FILE", default_value = DEFAULT_STATE)]
    pub state: PathBuf,
    /// Print {"feeds", "drafts"} as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Fix the time recorded in the state and the drafts (RFC 3339).
    #[arg(long, value_name = "TS", value_parser = parse_now)]
    pub now: Option<DateTime<Utc>>,
    /// Also draft status-page incidents that are not resolved yet.
    #[arg(long)]
    pub unresolved: bool,
    #[command(flatten)]
    pub fetch: FetchFlags,
}

#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    #[arg(long, value_name = "FILE", default_value = DEFAULT_STATE)]
    pub state: PathBuf,
    /// Leave out drafts whose source is already a case in this library (accepted since).
    #[arg(long, value_name = "DIR")]
    pub library: Option<PathBuf>,
    /// Print a JSON list.
    #[arg(long)]
    pub json: bool,
}

fn parse_now(s: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(s)
        .map(|d| d.with_timezone(&Utc))
        .map_err(|e| format!("{s:?} is not an RFC 3339 timestamp ({e}); e.g. 2026-11-30T12:00:00Z"))
}

/// `30s`, `15m`, `2h`, `1d` (a bare number is minutes).
pub fn parse_interval(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (num, unit) = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .map(|i| t.split_at(i))
        .unwrap_or((t, "m"));
    let n: f64 = num
        .parse()
        .map_err(|_| format!("{s:?}: expected an interval like 30s, 15m or 2h"))?;
    let secs = match unit.trim() {
        "s" | "sec" | "secs" => n,
        "m" | "min" | "mins" => n * 60.0,
        "h" | "hour" | "hours" => n * 3600.0,
        "d" | "day" | "days" => n * 86400.0,
        u => return Err(format!("{s:?}: unknown unit {u:?}; use s, m, h or d")),
    };
    if !(secs.is_finite() && secs >= 1.0) {
        return Err(format!("{s:?}: the interval must be at least 1 s"));
    }
    Ok(Duration::from_secs_f64(secs))
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    match &args.command {
        Some(Sub::Status(a)) => status(a),
        None => watch_feeds(cli, &args.run),
    }
}

fn fail(msg: impl std::fmt::Display) -> anyhow::Result<i32> {
    eprintln!("error: {msg}");
    Ok(2)
}

fn watch_feeds(cli: &super::Cli, a: &RunArgs) -> anyhow::Result<i32> {
    if !a.once && a.every.is_none() {
        return fail("say how to poll: `watch --once` (cron) or `watch --every 15m`");
    }
    let path = a.watch.clone().unwrap_or_else(config::default_path);
    let feeds = match config::load(&path) {
        Ok(f) => f,
        Err(e) => return fail(format!("{e:#}")),
    };
    let config = a.fetch.config()?;
    let known = match &a.library {
        Some(lib) => match Known::load(lib, &config.wayback_url) {
            Ok(k) => {
                for p in &k.problems {
                    tracing::warn!("library: {p}");
                }
                Some(k)
            }
            Err(e) => return fail(format!("{e:#}")),
        },
        None => None,
    };
    let store = match Store::open(&a.state) {
        Ok(s) => s,
        Err(e) => return fail(format!("{e:#}")),
    };
    let mappings = cli.mappings_dir();
    let drafter = Arc::new(watch::drafts::LazyDrafter::new(&mappings));
    let words = watch::classify::IncidentWords::load(&mappings.join("lang"))?;
    if words.is_empty() {
        tracing::warn!(
            "no [watch] incident_words in {}; no blog post will count as an incident",
            mappings.join("lang").display()
        );
    }
    let client = crate::fetch::Client::new(config)?;
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = Watcher::new(
        client,
        drafter,
        words,
        store,
        watch::Options {
            feeds,
            out: a.out.clone(),
            now: a.now,
            rules: items::Rules {
                unresolved: a.unresolved,
            },
            known,
        },
        stop.clone(),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    rt.block_on(async {
        let wake = Arc::new(tokio::sync::Notify::new());
        spawn_signal_handler(stop.clone(), wake.clone());
        let mut code;
        loop {
            code = match watcher.run_once().await {
                Ok(report) => print_report(&report, a.json, cli.quiet)?,
                Err(e) => return fail(e),
            };
            let Some(every) = a.every else { break };
            if stop.load(Ordering::SeqCst) {
                break;
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = wake.notified() => {}
            }
            if stop.load(Ordering::SeqCst) {
                break;
            }
        }
        Ok(code)
    })
}

/// SIGTERM or Ctrl-C: finish the item in hand, then stop.
fn spawn_signal_handler(stop: Arc<AtomicBool>, wake: Arc<tokio::sync::Notify>) {
    tokio::spawn(async move {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let Ok(mut term) = signal(SignalKind::terminate()) else {
                return;
            };
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::warn!("stopping: finishing the item in hand");
        stop.store(true, Ordering::SeqCst);
        wake.notify_one();
    });
}

fn print_report(r: &watch::Report, json: bool, quiet: bool) -> anyhow::Result<i32> {
    if !quiet {
        for f in &r.feeds {
            eprintln!("{}", f.summary());
            for i in &f.items {
                eprintln!("  {} {}: {}", i.outcome, i.url, i.reason);
            }
        }
    }
    if json {
        println!("{}", serde_json::to_string_pretty(r)?);
    } else {
        for d in &r.drafts {
            println!(
                "{} ({}) {} — {}",
                d.path,
                d.change,
                d.url,
                d.title.as_deref().unwrap_or("")
            );
        }
    }
    Ok(r.exit_code())
}

fn status(a: &StatusArgs) -> anyhow::Result<i32> {
    if !a.state.exists() {
        return fail(format!(
            "no watch state at {} (run `incidentlib watch --once` first)",
            a.state.display()
        ));
    }
    let store = match Store::open(&a.state) {
        Ok(s) => s,
        Err(e) => return fail(format!("{e:#}")),
    };
    let known = match &a.library {
        Some(lib) => match Known::load(lib, crate::fetch::config::DEFAULT_WAYBACK_URL) {
            Ok(k) => Some(k),
            Err(e) => return fail(format!("{e:#}")),
        },
        None => None,
    };
    // Waiting for review: drafted, the draft still where it was written, not in the library.
    let waiting: Vec<_> = store
        .drafts()?
        .into_iter()
        .filter(|i| {
            i.draft_path
                .as_deref()
                .is_some_and(|p| std::path::Path::new(p).exists())
                && known.as_ref().is_none_or(|k| k.case_for(&i.url).is_none())
        })
        .collect();
    if a.json {
        let v: Vec<_> = waiting
            .iter()
            .map(|i| {
                serde_json::json!({
                    "feed": i.feed, "url": i.url, "title": i.title, "path": i.draft_path,
                    "id": i.draft_id, "change": i.change, "drafted_at": i.drafted_at,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "{} drafts waiting for review in {}",
            waiting.len(),
            a.state.display()
        );
        for i in &waiting {
            println!(
                "{}  {}  {} — {}",
                i.drafted_at.as_deref().unwrap_or("?"),
                i.draft_path.as_deref().unwrap_or(""),
                i.url,
                i.title.as_deref().unwrap_or("")
            );
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals() {
        assert_eq!(parse_interval("15m").unwrap(), Duration::from_secs(900));
        assert_eq!(parse_interval("30s").unwrap(), Duration::from_secs(30));
        assert_eq!(parse_interval("2h").unwrap(), Duration::from_secs(7200));
        assert!(parse_interval("0s").is_err());
        assert!(parse_interval("5x").is_err());
    }
}
