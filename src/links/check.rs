//! One link-check run: collect, check politely (history committed per result), archives, apply.
use super::classify::{classify, Class, Context, Evidence, NotFoundPhrases, Verdict};
use super::collect::{collect, LinkTarget, Role};
use super::edit::{apply_to_file, ArchivedEdit};
use super::store::{ts, Opening, RotRules, Store, UrlState};
use crate::fetch::politeness::host_key;
use crate::fetch::{Client, FetchError};
use anyhow::Result;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// URLs checked more recently than this are skipped unless `--force` (a resumed run).
pub const RECHECK_AFTER_SECS: i64 = 3600;
/// Tasks queued per allowed request in flight (keeps hosts interleaved without piling up).
pub const QUEUE_PER_SLOT: usize = 4;
/// Most results committed in one transaction.
pub const COMMIT_BATCH_MAX: usize = 4096;
/// How long a transaction stays open for more results after its first: one commit per result
/// cost a seventh of a run's CPU, and every commit rewrites the index pages its URLs land on in
/// the write-ahead log (at 100 ms, 23,000 page writes and a 90 MB log for 10,000 URLs, which
/// the closing checkpoint must sync); a killed run loses at most this much of its checks (they
/// are re-done).
pub const COMMIT_BATCH_WAIT: std::time::Duration = std::time::Duration::from_secs(1);
/// How often results are written into the open transaction. The history's loop sleeps this
/// long after a result and then takes everything that arrived, rather than waking for each
/// (a thread wake-up per URL); writing them as they land, not at commit time, keeps the
/// history's work beside the checks: with everything written at the commit, a run shorter
/// than COMMIT_BATCH_WAIT wrote all its history after its last check (60 ms of 10,000 URLs).
pub const RECORD_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// What a run does.
#[derive(Debug, Clone)]
pub struct Options {
    pub library: PathBuf,
    pub state: PathBuf,
    pub force: bool,
    pub rules: RotRules,
    pub now: DateTime<Utc>,
    pub apply: bool,
    pub archives: bool,
    pub progress: bool,
    pub not_found: Option<PathBuf>,
}

/// One URL's line in the report.
#[derive(Debug, Clone, Serialize)]
pub struct UrlResult {
    pub url: String,
    pub cases: Vec<String>,
    pub class: Class,
    pub http_status: Option<u16>,
    pub final_url: Option<String>,
    pub rotten: bool,
    pub newly_rotten: bool,
    pub consecutive_failures: u32,
    pub first_failure: Option<String>,
    /// The source's archived copy, or the closest capture found for it.
    pub archived: Option<String>,
    pub suggestion: Option<String>,
    pub evidence: Evidence,
    /// False when the URL was checked within the last hour and skipped (its last result shown).
    pub checked: bool,
    pub checked_at: String,
}

/// The run's result.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub checked: usize,
    pub summary: BTreeMap<&'static str, usize>,
    pub urls: Vec<UrlResult>,
    pub newly_rotten: usize,
    pub skipped: usize,
    pub archives_found: usize,
    pub archives_applied: usize,
    pub problems: Vec<String>,
    /// The history database, closing; dropping the report waits until it is closed.
    #[serde(skip)]
    pub history: super::store::Closing,
}

type Sibling = Option<(String, Option<String>)>;

struct Shared {
    client: Client,
    not_found: Option<NotFoundPhrases>,
    /// Sibling probes by host and parent path: a site may answer real 404s at its root and
    /// 200 "not found" pages under `/blog/`, so one probe per host would depend on order.
    siblings: Mutex<HashMap<String, Arc<OnceCell<Sibling>>>>,
    last_host_failure: Mutex<HashMap<String, Class>>,
}

/// A URL beside `url` (same folder) that cannot exist, and the cache key of that folder
/// (scheme, `host` and parent path, e.g. `https://example.com:8443/blog/`).
fn sibling_url(host: &str, url: &str) -> Option<(String, String)> {
    let mut u = url::Url::parse(url).ok()?;
    {
        let mut segs = u.path_segments_mut().ok()?;
        segs.pop_if_empty().pop().push("");
    }
    u.set_query(None);
    u.set_fragment(None);
    let key = format!("{}://{host}{}", u.scheme(), u.path());
    let name = format!("incidentlib-probe-{:016x}", rand::random::<u64>());
    u.path_segments_mut().ok()?.pop().push(&name);
    Some((key, u.to_string()))
}

/// The cache key [`sibling_url`] gives for `u`, without building a probe (asked once per URL;
/// the probe is built once per folder).
fn sibling_key(host: &str, u: &url::Url) -> Option<String> {
    if u.cannot_be_a_base() {
        return None;
    }
    let path = u.path();
    let path = path.strip_suffix('/').unwrap_or(path);
    let folder = path.rfind('/').map_or("/", |i| &path[..=i]);
    Some(format!("{}://{host}{folder}", u.scheme()))
}

async fn sibling_for(shared: &Shared, host: &str, u: &url::Url) -> Sibling {
    let key = sibling_key(host, u)?;
    let cell = shared
        .siblings
        .lock()
        .unwrap()
        .entry(key)
        .or_default()
        .clone();
    // The first URL of a folder probes before the host's queue fills, so results keep flowing.
    cell.get_or_init(|| async {
        let (_, probe) = sibling_url(host, u.as_str())?;
        match shared.client.fetch_for_check(&probe).await {
            Ok(d) if d.status == Some(200) => {
                Some((d.final_url, super::fingerprint::fingerprint(&d.text)))
            }
            _ => None,
        }
    })
    .await
    .clone()
}

/// One URL to check: parsed once, here, for its host, its folder and the request itself.
struct Job {
    url: String,
    parsed: Option<url::Url>,
    host: String,
    good: Option<String>,
}

impl Job {
    fn new(url: String, good: Option<String>) -> Job {
        let parsed = url::Url::parse(&url).ok();
        let host = parsed.as_ref().map(host_key).unwrap_or_default();
        Job {
            url,
            parsed,
            host,
            good,
        }
    }
}

async fn check_one(shared: &Shared, job: &Job) -> Verdict {
    let (url, host, good) = (job.url.as_str(), job.host.clone(), job.good.as_deref());
    let sibling = match &job.parsed {
        Some(u) => sibling_for(shared, &host, u).await,
        None => None,
    };
    let result = match &job.parsed {
        Some(u) => shared.client.fetch_for_check_parsed(url, u).await,
        None => shared.client.fetch_for_check(url).await,
    };
    if let Err(FetchError::HostPaused { .. }) = &result {
        let last = shared.last_host_failure.lock().unwrap().get(&host).copied();
        let mut v = classify(url, &result, &Context::default());
        v.class = last.unwrap_or(Class::ConnectionError);
        v.evidence.reason = format!("{} (last failure: {})", v.evidence.reason, v.class.as_str());
        return v;
    }
    let ctx = Context {
        good_fingerprint: good,
        sibling: sibling.as_ref().map(|(f, fp)| (f.as_str(), fp.as_deref())),
        not_found: shared.not_found.as_ref(),
    };
    let v = classify(url, &result, &ctx);
    if v.class.is_failure() {
        shared
            .last_host_failure
            .lock()
            .unwrap()
            .insert(host, v.class);
    }
    v
}

/// Interleaves URLs by host so one slow host does not hold the queue.
fn round_robin(jobs: Vec<Job>) -> Vec<Job> {
    let mut by_host: indexmap::IndexMap<String, std::collections::VecDeque<Job>> =
        Default::default();
    for j in jobs {
        by_host.entry(j.host.clone()).or_default().push_back(j);
    }
    let mut out = Vec::new();
    loop {
        let mut any = false;
        for q in by_host.values_mut() {
            if let Some(t) = q.pop_front() {
                out.push(t);
                any = true;
            }
        }
        if !any {
            return out;
        }
    }
}

fn result_line(t: &LinkTarget, s: &UrlState, newly: bool, checked: bool) -> UrlResult {
    UrlResult {
        url: t.url.clone(),
        cases: t.case_ids(),
        class: s.last_class,
        http_status: s.http_status,
        final_url: s.final_url.clone(),
        rotten: s.rotten,
        newly_rotten: newly,
        consecutive_failures: s.consecutive_failures,
        first_failure: s.first_failure_at.map(ts),
        archived: t.archived_value().map(str::to_string),
        suggestion: s.suggestion.clone(),
        evidence: s.evidence.clone(),
        checked,
        checked_at: ts(s.last_checked_at),
    }
}

fn progress_bar(n: usize, on: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !on || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new(n as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} URLs  {per_sec}  eta {eta}  {msg}",
    ) {
        pb.set_style(style);
    }
    pb
}

/// Runs a check. Errors are for the run itself (library or history unusable); every URL's own
/// failure is a result.
pub async fn run(client: &Client, opts: &Options) -> Result<Report> {
    let started = std::time::Instant::now();
    let collected = collect(&opts.library);
    tracing::info!(
        "collected {} URLs from {} cases in {:.2?}",
        collected.targets.len(),
        collected.cases,
        started.elapsed()
    );
    let mut problems = collected.problems.clone();
    if collected.cases == 0 && !problems.is_empty() {
        anyhow::bail!(
            "no readable cases in {}: {}",
            opts.library.display(),
            problems.join("; ")
        );
    }
    let not_found = match &opts.not_found {
        Some(p) => Some(NotFoundPhrases::load(p)?),
        None => None,
    };
    // A new history is set up while the first checks run (it has no states to read).
    let (opening, states): (_, HashMap<String, UrlState>) =
        match Store::open_or_create(&opts.state)? {
            Opening::Open(store) => {
                let states = store
                    .all_states()?
                    .into_iter()
                    .map(|s| (s.url.clone(), s))
                    .collect();
                (Opening::Open(store), states)
            }
            creating => (creating, HashMap::new()),
        };
    let recent = opts.now - chrono::Duration::seconds(RECHECK_AFTER_SECS);
    let (todo, skipped): (Vec<&LinkTarget>, Vec<&LinkTarget>) =
        collected.targets.iter().partition(|t| {
            opts.force
                || states
                    .get(&t.url)
                    .is_none_or(|s| s.last_checked_at <= recent || s.last_checked_at > opts.now)
        });
    let shared = Arc::new(Shared {
        client: client.clone(),
        not_found,
        siblings: Mutex::new(HashMap::new()),
        last_host_failure: Mutex::new(HashMap::new()),
    });
    let pb = progress_bar(todo.len(), opts.progress);
    let slots = client.config().concurrency.max(1) * QUEUE_PER_SLOT;
    let mut results: HashMap<String, (UrlState, bool)> = HashMap::new();
    // Each check is its own task (both cores work); a producer task keeps the queue full while
    // this loop commits results as they land, grouping only those already finished.
    let jobs: Vec<Job> = round_robin(
        todo.iter()
            .map(|t| {
                let good = states.get(&t.url).and_then(|s| s.good_fingerprint.clone());
                Job::new(t.url.clone(), good)
            })
            .collect(),
    );
    // Unbounded: a commit that lags (the history's thread starved on a busy machine) must not
    // stop new checks from starting; a killed run re-checks what was not yet committed.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(String, Verdict)>();
    // Told when the last check is done, so the last batch does not wait out its timer.
    let all_done = Arc::new(tokio::sync::Notify::new());
    let producer = {
        let shared = shared.clone();
        let all_done = all_done.clone();
        tokio::spawn(async move {
            let mut done = futures::stream::iter(jobs)
                .map(|job| {
                    let shared = shared.clone();
                    tokio::spawn(async move {
                        let v = check_one(&shared, &job).await;
                        (job.url, v)
                    })
                })
                .buffer_unordered(slots);
            while let Some(r) = done.next().await {
                match r {
                    Ok(r) => {
                        if tx.send(r).is_err() {
                            break;
                        }
                    }
                    Err(e) => tracing::error!("a check task failed: {e}"),
                }
            }
            all_done.notify_one();
        })
    };
    let mut store = tokio::task::block_in_place(|| opening.wait())?;
    let mut finished = false;
    // When the transaction results are recorded into began (None: none is open), and how
    // many results it holds.
    let mut open_since: Option<tokio::time::Instant> = None;
    let mut in_transaction = 0;
    loop {
        // The next result, but not past the open transaction's time to commit.
        let next = match open_since {
            Some(t) => tokio::time::timeout_at(t + COMMIT_BATCH_WAIT, rx.recv())
                .await
                .ok(),
            None => Some(rx.recv().await),
        };
        let first = match next {
            Some(Some(r)) => r,
            Some(None) => break,
            None => {
                tokio::task::block_in_place(|| store.commit())?;
                (open_since, in_transaction) = (None, 0);
                continue;
            }
        };
        let mut arrived = vec![first];
        if !finished {
            let until = tokio::time::Instant::now() + RECORD_EVERY;
            tokio::select! {
                _ = tokio::time::sleep_until(until) => {}
                _ = all_done.notified() => finished = true,
            }
        }
        while let Ok(r) = rx.try_recv() {
            arrived.push(r);
        }
        let mut arrived = arrived.into_iter().peekable();
        while arrived.peek().is_some() {
            let room = COMMIT_BATCH_MAX - in_transaction;
            let batch: Vec<(String, Verdict)> = arrived.by_ref().take(room).collect();
            let begin = open_since.is_none();
            let since = *open_since.get_or_insert_with(tokio::time::Instant::now);
            in_transaction += batch.len();
            let commit = (finished && arrived.peek().is_none())
                || in_transaction >= COMMIT_BATCH_MAX
                || since.elapsed() >= COMMIT_BATCH_WAIT;
            let recorded = tokio::task::block_in_place(|| -> Result<_> {
                if begin {
                    store.begin()?;
                }
                let recorded = store.record_open(&batch, opts.now, opts.rules)?;
                if commit {
                    store.commit()?;
                }
                Ok(recorded)
            })?;
            if commit {
                (open_since, in_transaction) = (None, 0);
            }
            for ((url, _), (prev, new)) in batch.into_iter().zip(recorded) {
                let newly = new.rotten && !prev.is_some_and(|p| p.rotten);
                pb.inc(1);
                if newly {
                    pb.set_message(format!("newly rotten: {url}"));
                }
                results.insert(url, (new, newly));
            }
        }
    }
    if open_since.is_some() {
        tokio::task::block_in_place(|| store.commit())?;
    }
    producer.await?;
    tracing::info!(
        "checked {} URLs; {:.2?} since start",
        results.len(),
        started.elapsed()
    );
    pb.finish_and_clear();

    // Archives: the closest capture to the case's date for sources without one.
    let mut captures: HashMap<String, String> = HashMap::new();
    if opts.archives {
        let wanted: Vec<(String, String)> = collected
            .targets
            .iter()
            .filter(|t| !is_archive_url(&t.url, client))
            .filter_map(|t| {
                let u = t.unarchived_sources().next()?;
                Some((t.url.clone(), u.case_date.clone()))
            })
            .collect();
        let mut lookups = Vec::new();
        for (url, date) in wanted {
            match store.capture(&url, &date)? {
                Some(Some(c)) => {
                    captures.insert(url, c);
                }
                Some(None) => {}
                None => lookups.push((url, date)),
            }
        }
        let mut found = futures::stream::iter(lookups)
            .map(|(url, date)| {
                let c = client.clone();
                async move {
                    let r = c.closest_capture(&url, &date).await;
                    (url, date, r)
                }
            })
            .buffer_unordered(slots);
        while let Some((url, date, r)) = found.next().await {
            match r {
                Ok(cap) => {
                    let cu = cap.map(|c| c.url);
                    store.put_capture(&url, &date, cu.as_deref(), opts.now)?;
                    if let Some(cu) = cu {
                        captures.insert(url, cu);
                    }
                }
                Err(e) => problems.push(format!("archive lookup for {url}: {e}")),
            }
        }
    }

    // Closing the history checkpoints its log into the database and syncs both to disk: that
    // runs on its own thread while the report is built and written (the report waits for it
    // when dropped, so the process never ends before the history is safe).
    let history = store.close_in_background();
    // Report lines, in library order.
    let mut urls = Vec::new();
    for t in &collected.targets {
        // This run's result, else the history's (a URL skipped as recently checked).
        let (s, newly, checked) = match results.get(&t.url) {
            Some((s, newly)) => (s, *newly, true),
            None => match states.get(&t.url) {
                Some(s) => (s, false, false),
                None => continue,
            },
        };
        let mut line = result_line(t, s, newly, checked);
        if line.archived.is_none() {
            line.archived = captures.get(&t.url).cloned();
        }
        if line.suggestion.is_none() {
            line.suggestion = match (&line.archived, line.rotten, t.archived_value()) {
                (Some(a), true, _) => Some(format!("rotten: cite the archived copy {a}")),
                (Some(a), false, None) => Some(format!("add archived: {a}")),
                _ => None,
            };
        } else if line.class == Class::Redirected {
            line.suggestion = line
                .suggestion
                .map(|s| format!("moved permanently: cite {s}"));
        }
        urls.push(line);
    }

    let mut applied = 0;
    if opts.apply {
        let mut by_file: BTreeMap<PathBuf, Vec<ArchivedEdit>> = BTreeMap::new();
        for t in &collected.targets {
            let Some(cap) = captures.get(&t.url) else {
                continue;
            };
            for u in t.unarchived_sources() {
                if let Role::Source { index, .. } = u.role {
                    by_file
                        .entry(u.file.clone())
                        .or_default()
                        .push(ArchivedEdit {
                            line: u.line,
                            index,
                            url: t.url.clone(),
                            archived: cap.clone(),
                        });
                }
            }
        }
        for (file, edits) in by_file {
            match apply_to_file(&file, &edits) {
                Ok(n) => applied += n,
                Err(e) => problems.push(format!("{e:#}")),
            }
        }
    }

    let mut summary: BTreeMap<&'static str, usize> = BTreeMap::new();
    for u in &urls {
        *summary.entry(u.class.as_str()).or_default() += 1;
    }
    tracing::info!("report built; {:.2?} since start", started.elapsed());
    Ok(Report {
        history,
        checked: results.len(),
        newly_rotten: urls.iter().filter(|u| u.newly_rotten).count(),
        skipped: skipped.len(),
        archives_found: captures.len(),
        archives_applied: applied,
        summary,
        urls,
        problems,
    })
}

fn is_archive_url(url: &str, client: &Client) -> bool {
    crate::fetch::archive::parse_wayback(url, &client.config().wayback_url).is_some()
}

#[cfg(test)]
mod tests {
    use super::{sibling_key, sibling_url};

    #[test]
    fn sibling_keys_are_the_probe_s_keys() {
        for url in [
            "https://ex.com/blog/post-1?x=1#top",
            "https://ex.com/blog/",
            "https://ex.com/",
            "https://ex.com",
            "https://ex.com/a/b/c",
            "https://ex.com/a//b",
            "https://ex.com/a//",
            "http://127.0.0.1:8080/incidents/7",
            "https://ex.com/%E6%95%85%E9%9A%9C/x%20y",
        ] {
            let u = url::Url::parse(url).unwrap();
            assert_eq!(
                sibling_key("h:1", &u),
                sibling_url("h:1", url).map(|(k, _)| k),
                "{url}"
            );
        }
        assert_eq!(
            sibling_key("h", &url::Url::parse("mailto:a@b.c").unwrap()),
            None
        );
    }

    #[test]
    fn sibling_probes_sit_in_the_url_s_own_folder() {
        let (key, probe) = sibling_url("h", "https://ex.com/blog/post-1?x=1#top").unwrap();
        assert_eq!(key, "https://h/blog/");
        assert!(
            probe.starts_with("https://ex.com/blog/incidentlib-probe-"),
            "{probe}"
        );
        assert!(!probe.contains('?') && !probe.contains('#'), "{probe}");
        for (url, folder) in [
            ("https://ex.com/blog/", "/"),
            ("https://ex.com/", "/"),
            ("https://ex.com/a/b/c", "/a/b/"),
        ] {
            let (key, probe) = sibling_url("h", url).unwrap();
            assert_eq!(key, format!("https://h{folder}"), "{url}");
            let dir = folder;
            assert!(
                probe.starts_with(&format!("https://ex.com{dir}incidentlib-probe-")),
                "{probe}"
            );
        }
    }
}
