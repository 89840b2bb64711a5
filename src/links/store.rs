//! Link history in SQLite: every check, per-URL state (failure streak, rot), and archive lookups.
use super::classify::{Class, Evidence, Verdict};
use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS checks(
  id INTEGER PRIMARY KEY, url TEXT NOT NULL, checked_at TEXT NOT NULL, class TEXT NOT NULL,
  http_status INTEGER, final_url TEXT, fingerprint TEXT, reason TEXT, evidence TEXT);
CREATE INDEX IF NOT EXISTS checks_by_url ON checks(url, checked_at);
CREATE TABLE IF NOT EXISTS url_state(
  url TEXT PRIMARY KEY, last_checked_at TEXT NOT NULL, last_class TEXT NOT NULL,
  http_status INTEGER, final_url TEXT, consecutive_failures INTEGER NOT NULL,
  first_failure_at TEXT, good_fingerprint TEXT, last_good_at TEXT,
  rotten INTEGER NOT NULL, rotten_at TEXT, suggestion TEXT, evidence TEXT);
CREATE TABLE IF NOT EXISTS captures(
  url TEXT NOT NULL, date TEXT NOT NULL, capture_url TEXT, looked_up_at TEXT NOT NULL,
  PRIMARY KEY(url, date));
";

/// When a URL counts as rotten.
#[derive(Debug, Clone, Copy)]
pub struct RotRules {
    pub min_failures: u32,
    pub min_days: f64,
}

/// What the history says about one URL now.
#[derive(Debug, Clone, PartialEq)]
pub struct UrlState {
    pub url: String,
    pub last_checked_at: DateTime<Utc>,
    pub last_class: Class,
    pub http_status: Option<u16>,
    pub final_url: Option<String>,
    pub consecutive_failures: u32,
    pub first_failure_at: Option<DateTime<Utc>>,
    pub good_fingerprint: Option<String>,
    pub last_good_at: Option<DateTime<Utc>>,
    pub rotten: bool,
    pub rotten_at: Option<DateTime<Utc>>,
    pub suggestion: Option<String>,
    pub evidence: Evidence,
}

pub fn ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn parse_ts(s: Option<String>) -> Option<DateTime<Utc>> {
    s.and_then(|s| DateTime::parse_from_rfc3339(&s).ok())
        .map(|d| d.with_timezone(&Utc))
}

/// The state after one more check: streaks, the good fingerprint, rot. `blocked` changes nothing
/// but the last-seen fields; a success resets the streak and clears rot.
pub fn next_state(
    prev: Option<&UrlState>,
    url: &str,
    at: DateTime<Utc>,
    v: &Verdict,
    rules: RotRules,
) -> UrlState {
    let mut s = prev.cloned().unwrap_or(UrlState {
        url: url.to_string(),
        last_checked_at: at,
        last_class: v.class,
        http_status: None,
        final_url: None,
        consecutive_failures: 0,
        first_failure_at: None,
        good_fingerprint: None,
        last_good_at: None,
        rotten: false,
        rotten_at: None,
        suggestion: None,
        evidence: Evidence::default(),
    });
    s.last_checked_at = at;
    s.last_class = v.class;
    s.http_status = v.http_status;
    s.final_url = v.evidence.final_url.clone();
    s.evidence = v.evidence.clone();
    s.suggestion = v.suggestion.clone();
    if v.class.is_success() {
        s.consecutive_failures = 0;
        s.first_failure_at = None;
        s.rotten = false;
        s.rotten_at = None;
        s.last_good_at = Some(at);
        if v.class == super::classify::Class::Ok {
            if let Some(fp) = &v.fingerprint {
                s.good_fingerprint = Some(fp.clone());
            }
        }
    } else if v.class.is_failure() {
        s.consecutive_failures += 1;
        let first = *s.first_failure_at.get_or_insert(at);
        let span_days = (at - first).num_seconds() as f64 / 86_400.0;
        if !s.rotten && s.consecutive_failures >= rules.min_failures && span_days >= rules.min_days
        {
            s.rotten = true;
            s.rotten_at = Some(at);
        }
    }
    s
}

/// The history database.
pub struct Store {
    conn: Connection,
}

/// A history being opened: at once (it existed), or being created on its own thread.
pub enum Opening {
    Open(Store),
    Creating(std::thread::JoinHandle<Result<Store>>),
}

impl Opening {
    /// The store, once ready.
    pub fn wait(self) -> Result<Store> {
        match self {
            Opening::Open(s) => Ok(s),
            Opening::Creating(h) => h
                .join()
                .map_err(|_| anyhow::anyhow!("creating the link history panicked"))?,
        }
    }
}

/// A history closing on its own thread (see [`Store::close_in_background`]). Dropping the last
/// clone waits for the close to finish; [`Closing::wait`] waits earlier.
#[derive(Debug, Clone, Default)]
pub struct Closing(std::sync::Arc<std::sync::Mutex<Option<std::thread::JoinHandle<()>>>>);

impl Closing {
    /// Waits until the history is closed (at once when it already is).
    pub fn wait(&self) {
        let handle = self.0.lock().map(|mut h| h.take()).unwrap_or(None);
        if let Some(h) = handle {
            if h.join().is_err() {
                tracing::error!("closing the link history panicked");
            }
        }
    }
}

impl Drop for Closing {
    fn drop(&mut self) {
        if std::sync::Arc::strong_count(&self.0) == 1 {
            self.wait();
        }
    }
}

fn row_state(r: &rusqlite::Row) -> rusqlite::Result<UrlState> {
    let class: String = r.get("last_class")?;
    let evidence: Option<String> = r.get("evidence")?;
    Ok(UrlState {
        url: r.get("url")?,
        last_checked_at: parse_ts(r.get("last_checked_at")?).unwrap_or_default(),
        last_class: Class::parse(&class).unwrap_or(Class::Blocked),
        http_status: r.get("http_status")?,
        final_url: r.get("final_url")?,
        consecutive_failures: r.get("consecutive_failures")?,
        first_failure_at: parse_ts(r.get("first_failure_at")?),
        good_fingerprint: r.get("good_fingerprint")?,
        last_good_at: parse_ts(r.get("last_good_at")?),
        rotten: r.get::<_, i64>("rotten")? != 0,
        rotten_at: parse_ts(r.get("rotten_at")?),
        suggestion: r.get("suggestion")?,
        evidence: evidence
            .and_then(|e| serde_json::from_str(&e).ok())
            .unwrap_or_default(),
    })
}

impl Store {
    /// Opens (creating) the database; WAL so each committed check survives a killed run.
    pub fn open(path: &Path) -> Result<Store> {
        Self::setup(Self::connect(path)?, path)
    }

    /// Opens the history, or starts creating it: a new database's setup (the switch to WAL,
    /// the tables) syncs the disk several times, which on a busy disk costs a run a noticeable
    /// start; a new history holds no state, so the checks can start meanwhile. The file is
    /// created (and a bad path reported) here; the setup runs on its own thread.
    pub fn open_or_create(path: &Path) -> Result<Opening> {
        let fresh = !path.exists();
        let conn = Self::connect(path)?;
        if !fresh {
            return Ok(Opening::Open(Self::setup(conn, path)?));
        }
        let owned = path.to_path_buf();
        match std::thread::Builder::new()
            .name("links-history-create".into())
            .spawn(move || Self::setup(conn, &owned))
        {
            Ok(h) => Ok(Opening::Creating(h)),
            Err(e) => Err(anyhow::anyhow!(
                "creating link history {}: no thread for it: {e}",
                path.display()
            )),
        }
    }

    fn connect(path: &Path) -> Result<Connection> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        Connection::open(path).with_context(|| format!("opening link history {}", path.display()))
    }

    fn setup(conn: Connection, path: &Path) -> Result<Store> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Checkpoint every ~40 MB of log rather than every 4 MB: a run rewrites the same state
        // pages batch after batch, and each checkpoint copied them again (a run ends with one).
        conn.pragma_update(None, "wal_autocheckpoint", 10_000)?;
        // 8 MiB of page cache (the default is 2): a run's inserts land all over the URL
        // indexes, and each page missed is read back from the file.
        conn.pragma_update(None, "cache_size", -8192)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)
            .with_context(|| format!("creating tables in {}", path.display()))?;
        Ok(Store { conn })
    }

    /// Closes the database on another thread: SQLite's close checkpoints the write-ahead log
    /// into the database and syncs both, which is disk latency the caller need not sit through.
    /// Everything committed is already in the log, so a process that died before the close
    /// finished would lose nothing (the next open replays the log).
    pub fn close_in_background(self) -> Closing {
        // A failed spawn drops the closure, and the store in it, right here: closed in place.
        let handle = std::thread::Builder::new()
            .name("links-history-close".into())
            .spawn(move || drop(self))
            .ok();
        Closing(std::sync::Arc::new(std::sync::Mutex::new(handle)))
    }

    pub fn state(&self, url: &str) -> Result<Option<UrlState>> {
        Ok(self
            .conn
            .query_row("SELECT * FROM url_state WHERE url = ?1", [url], row_state)
            .optional()?)
    }

    pub fn all_states(&self) -> Result<Vec<UrlState>> {
        let mut st = self.conn.prepare("SELECT * FROM url_state ORDER BY url")?;
        let rows = st.query_map([], row_state)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Records one check and the URL's new state in one transaction; returns (previous, new).
    pub fn record(
        &mut self,
        url: &str,
        at: DateTime<Utc>,
        v: &Verdict,
        rules: RotRules,
    ) -> Result<(Option<UrlState>, UrlState)> {
        let mut out = self.record_many(&[(url.to_string(), v.clone())], at, rules)?;
        Ok(out.remove(0))
    }

    /// Records results that arrived together, in one transaction (each check and its state
    /// commit together; a crash loses none of them or all of this batch, never half).
    pub fn record_many(
        &mut self,
        results: &[(String, Verdict)],
        at: DateTime<Utc>,
        rules: RotRules,
    ) -> Result<Vec<(Option<UrlState>, UrlState)>> {
        let tx = self.conn.transaction()?;
        let out = record_into(&tx, results, at, rules)?;
        tx.commit()?;
        Ok(out)
    }

    /// Starts a transaction that [`Store::record_open`] adds to until [`Store::commit`]: a
    /// check run records results as they land and commits them together (see
    /// `links::check::COMMIT_BATCH_WAIT`). Dropping the store with it open rolls it back.
    pub fn begin(&mut self) -> Result<()> {
        self.conn.execute_batch("BEGIN")?;
        Ok(())
    }

    /// [`Store::record_many`] inside the transaction [`Store::begin`] opened.
    pub fn record_open(
        &mut self,
        results: &[(String, Verdict)],
        at: DateTime<Utc>,
        rules: RotRules,
    ) -> Result<Vec<(Option<UrlState>, UrlState)>> {
        record_into(&self.conn, results, at, rules)
    }

    /// Commits the transaction [`Store::begin`] opened.
    pub fn commit(&mut self) -> Result<()> {
        self.conn.execute_batch("COMMIT")?;
        Ok(())
    }
}

/// Records each result and the URL's new state on `conn`, in the caller's transaction; returns
/// (previous, new) per result.
fn record_into(
    tx: &Connection,
    results: &[(String, Verdict)],
    at: DateTime<Utc>,
    rules: RotRules,
) -> Result<Vec<(Option<UrlState>, UrlState)>> {
    let mut out = Vec::with_capacity(results.len());
    {
        let mut get = tx.prepare_cached("SELECT * FROM url_state WHERE url = ?1")?;
        let mut ins = tx.prepare_cached(
                "INSERT INTO checks(url, checked_at, class, http_status, final_url, fingerprint, reason, evidence)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?;
        let mut put = tx.prepare_cached(
                "INSERT OR REPLACE INTO url_state(url, last_checked_at, last_class, http_status, final_url,
                   consecutive_failures, first_failure_at, good_fingerprint, last_good_at, rotten, rotten_at,
                   suggestion, evidence)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )?;
        // Every check of the batch is recorded at `at` (and so is each new state).
        let at_text = ts(at);
        for (url, v) in results {
            let prev = get.query_row([url], row_state).optional()?;
            let s = next_state(prev.as_ref(), url, at, v, rules);
            let evidence = serde_json::to_string(&v.evidence)?;
            ins.execute(params![
                url,
                at_text,
                v.class.as_str(),
                v.http_status,
                v.evidence.final_url,
                v.fingerprint,
                v.evidence.reason,
                evidence
            ])?;
            debug_assert_eq!(s.last_checked_at, at);
            put.execute(params![
                url,
                at_text,
                s.last_class.as_str(),
                s.http_status,
                s.final_url,
                s.consecutive_failures,
                s.first_failure_at.map(ts),
                s.good_fingerprint,
                s.last_good_at.map(ts),
                s.rotten as i64,
                s.rotten_at.map(ts),
                s.suggestion,
                evidence
            ])?;
            out.push((prev, s));
        }
    }
    Ok(out)
}

impl Store {
    /// A cached archive lookup: Some(capture URL or None for "none known") when looked up.
    pub fn capture(&self, url: &str, date: &str) -> Result<Option<Option<String>>> {
        Ok(self
            .conn
            .query_row(
                "SELECT capture_url FROM captures WHERE url = ?1 AND date = ?2",
                [url, date],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()?)
    }

    pub fn put_capture(
        &self,
        url: &str,
        date: &str,
        capture: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT OR REPLACE INTO captures(url, date, capture_url, looked_up_at) VALUES (?1, ?2, ?3, ?4)",
            params![url, date, capture, ts(at)],
        )?;
        Ok(())
    }

    /// Number of check rows, per URL (for tests and `status`).
    pub fn check_counts(&self) -> Result<Vec<(String, u32)>> {
        let mut st = self
            .conn
            .prepare("SELECT url, COUNT(*) FROM checks GROUP BY url ORDER BY url")?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(class: Class) -> Verdict {
        Verdict {
            class,
            http_status: None,
            fingerprint: None,
            suggestion: None,
            evidence: Evidence::default(),
        }
    }

    const RULES: RotRules = RotRules {
        min_failures: 3,
        min_days: 7.0,
    };

    fn day(d: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_700_000_000 + d * 86_400, 0).unwrap()
    }

    #[test]
    fn rot_needs_both_the_count_and_the_span() {
        let mut s = None;
        for (d, rotten) in [(0, false), (1, false), (2, false), (7, true)] {
            let n = next_state(s.as_ref(), "u", day(d), &verdict(Class::Gone), RULES);
            assert_eq!(n.rotten, rotten, "day {d}");
            s = Some(n);
        }
    }

    #[test]
    fn flapping_never_rots_and_blocked_does_not_count() {
        let mut s = None;
        let seq = [
            Class::Gone,
            Class::Ok,
            Class::Gone,
            Class::Blocked,
            Class::Ok,
            Class::Gone,
        ];
        for (i, c) in seq.iter().enumerate() {
            let n = next_state(s.as_ref(), "u", day(i as i64 * 10), &verdict(*c), RULES);
            assert!(!n.rotten);
            s = Some(n);
        }
        assert_eq!(s.unwrap().consecutive_failures, 1);
    }
}
