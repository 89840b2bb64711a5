//! Watch state in SQLite (`output/watch.sqlite`): feed validators, one row per item, and its changes.
use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

/// How many runs may fail to draft an item before it is given up.
pub const MAX_ATTEMPTS: i64 = 3;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS feeds(
  url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, last_polled_at TEXT,
  last_status TEXT, last_error TEXT);
CREATE TABLE IF NOT EXISTS items(
  feed TEXT NOT NULL, item_id TEXT NOT NULL, url TEXT NOT NULL, title TEXT,
  first_seen TEXT NOT NULL, last_changed TEXT NOT NULL, content_hash TEXT NOT NULL,
  outcome TEXT NOT NULL, reason TEXT, change TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
  draft_path TEXT, draft_id TEXT, drafted_at TEXT,
  PRIMARY KEY(feed, item_id));
CREATE TABLE IF NOT EXISTS changes(
  id INTEGER PRIMARY KEY, feed TEXT NOT NULL, item_id TEXT NOT NULL, at TEXT NOT NULL,
  change TEXT NOT NULL, content_hash TEXT, outcome TEXT, draft_path TEXT);
";

/// An item's outcome as stored.
pub mod outcome {
    pub const PENDING: &str = "pending";
    pub const DRAFTED: &str = "drafted";
    pub const FAILED: &str = "failed";
    pub const GAVE_UP: &str = "gave-up";
    pub const IN_LIBRARY: &str = "in-library";
    pub const NOT_INCIDENT: &str = "not-incident";
    pub const UNRESOLVED: &str = "unresolved";
}

/// Whether an item should be drafted, as its feed says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eligibility {
    Incident,
    /// Not an incident write-up (no incident word); the reason says what was looked at.
    NotIncident,
    /// An incident that is not resolved yet (drafted only with `--unresolved`).
    Unresolved,
}

/// One item as a feed lists it now.
#[derive(Debug, Clone)]
pub struct Seen {
    pub id: String,
    pub url: String,
    pub title: Option<String>,
    /// Hash of what the feed says about the item; a change means the item changed.
    pub hash: String,
    pub eligibility: Eligibility,
}

/// What observing an item changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observed {
    /// First seen, to be drafted.
    New,
    /// Changed since it was drafted, to be drafted again.
    Updated,
    /// First seen or changed, not to be drafted (not an incident, unresolved).
    Ignored,
    /// Nothing new.
    Unchanged,
}

/// A stored item.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Item {
    pub feed: String,
    pub item_id: String,
    pub url: String,
    pub title: Option<String>,
    pub first_seen: String,
    pub last_changed: String,
    pub outcome: String,
    pub reason: Option<String>,
    pub change: String,
    pub attempts: i64,
    pub draft_path: Option<String>,
    pub draft_id: Option<String>,
    pub drafted_at: Option<String>,
}

/// A feed's conditional-GET validators.
#[derive(Debug, Clone, Default)]
pub struct Validators {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
}

pub fn ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn row_item(r: &rusqlite::Row) -> rusqlite::Result<Item> {
    Ok(Item {
        feed: r.get("feed")?,
        item_id: r.get("item_id")?,
        url: r.get("url")?,
        title: r.get("title")?,
        first_seen: r.get("first_seen")?,
        last_changed: r.get("last_changed")?,
        outcome: r.get("outcome")?,
        reason: r.get("reason")?,
        change: r.get("change")?,
        attempts: r.get("attempts")?,
        draft_path: r.get("draft_path")?,
        draft_id: r.get("draft_id")?,
        drafted_at: r.get("drafted_at")?,
    })
}

/// The state database; every write commits before the next item is touched.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating) the database; WAL, so each committed item survives a killed run.
    pub fn open(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let conn = Connection::open(path)
            .with_context(|| format!("opening watch state {}", path.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .with_context(|| format!("{} is not a watch state database", path.display()))?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)
            .with_context(|| format!("creating tables in {}", path.display()))?;
        Ok(Store { conn })
    }

    pub fn validators(&self, feed: &str) -> Result<Validators> {
        Ok(self
            .conn
            .query_row(
                "SELECT etag, last_modified FROM feeds WHERE url = ?1",
                [feed],
                |r| {
                    Ok(Validators {
                        etag: r.get(0)?,
                        last_modified: r.get(1)?,
                    })
                },
            )
            .optional()?
            .unwrap_or_default())
    }

    /// Records a poll that read nothing new (304) or failed; validators are kept.
    pub fn feed_polled(
        &self,
        feed: &str,
        at: DateTime<Utc>,
        status: &str,
        error: Option<&str>,
    ) -> Result<()> {
        self.conn.execute(
            "INSERT INTO feeds(url, last_polled_at, last_status, last_error) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT(url) DO UPDATE SET last_polled_at = ?2, last_status = ?3, last_error = ?4",
            params![feed, ts(at), status, error],
        )?;
        Ok(())
    }

    /// Records every item a feed listed and the feed's new validators in one transaction, so a
    /// feed is never marked read while its items are not recorded.
    pub fn observe(
        &mut self,
        feed: &str,
        items: &[Seen],
        validators: &Validators,
        at: DateTime<Utc>,
    ) -> Result<Vec<Observed>> {
        let now = ts(at);
        let tx = self.conn.transaction()?;
        let mut out = Vec::with_capacity(items.len());
        {
            let mut get = tx.prepare_cached(
                "SELECT content_hash, outcome, draft_path FROM items WHERE feed = ?1 AND item_id = ?2",
            )?;
            let mut ins = tx.prepare_cached(
                "INSERT INTO items(feed, item_id, url, title, first_seen, last_changed, content_hash,
                   outcome, reason, change, attempts)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, NULL, 'new', 0)",
            )?;
            let mut upd = tx.prepare_cached(
                "UPDATE items SET url = ?3, title = ?4, last_changed = ?5, content_hash = ?6,
                   outcome = ?7, reason = NULL, change = ?8, attempts = 0
                 WHERE feed = ?1 AND item_id = ?2",
            )?;
            let mut promote = tx.prepare_cached(
                "UPDATE items SET outcome = 'pending', reason = NULL, attempts = 0
                 WHERE feed = ?1 AND item_id = ?2",
            )?;
            let mut log = tx.prepare_cached(
                "INSERT INTO changes(feed, item_id, at, change, content_hash, outcome)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for s in items {
                let target = match s.eligibility {
                    Eligibility::Incident => outcome::PENDING,
                    Eligibility::NotIncident => outcome::NOT_INCIDENT,
                    Eligibility::Unresolved => outcome::UNRESOLVED,
                };
                let prev: Option<(String, String, Option<String>)> = get
                    .query_row(params![feed, s.id], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })
                    .optional()?;
                let observed = match prev {
                    None => {
                        ins.execute(params![feed, s.id, s.url, s.title, now, s.hash, target])?;
                        log.execute(params![feed, s.id, now, "new", s.hash, target])?;
                        if target == outcome::PENDING {
                            Observed::New
                        } else {
                            Observed::Ignored
                        }
                    }
                    Some((hash, _, draft)) if hash != s.hash => {
                        let change = if draft.is_some() { "updated" } else { "new" };
                        upd.execute(params![
                            feed, s.id, s.url, s.title, now, s.hash, target, change
                        ])?;
                        log.execute(params![feed, s.id, now, change, s.hash, target])?;
                        match (target, draft.is_some()) {
                            (outcome::PENDING, true) => Observed::Updated,
                            (outcome::PENDING, false) => Observed::New,
                            _ => Observed::Ignored,
                        }
                    }
                    Some((_, prev_outcome, draft))
                        if target == outcome::PENDING
                            && matches!(
                                prev_outcome.as_str(),
                                outcome::NOT_INCIDENT | outcome::UNRESOLVED
                            ) =>
                    {
                        // Unchanged, but now to be drafted (--unresolved, or new incident words).
                        promote.execute(params![feed, s.id])?;
                        if draft.is_some() {
                            Observed::Updated
                        } else {
                            Observed::New
                        }
                    }
                    Some(_) => Observed::Unchanged,
                };
                out.push(observed);
            }
            tx.execute(
                "INSERT INTO feeds(url, etag, last_modified, last_polled_at, last_status, last_error)
                 VALUES (?1, ?2, ?3, ?4, 'ok', NULL)
                 ON CONFLICT(url) DO UPDATE SET etag = ?2, last_modified = ?3, last_polled_at = ?4,
                   last_status = 'ok', last_error = NULL",
                params![feed, validators.etag, validators.last_modified, now],
            )?;
        }
        tx.commit()?;
        Ok(out)
    }

    /// Items of a feed waiting to be drafted (new, changed, or failed fewer than MAX_ATTEMPTS times).
    pub fn pending(&self, feed: &str) -> Result<Vec<Item>> {
        let mut st = self.conn.prepare_cached(
            "SELECT * FROM items WHERE feed = ?1 AND (outcome = 'pending' OR (outcome = 'failed' AND attempts < ?2))
             ORDER BY first_seen, item_id",
        )?;
        let rows = st.query_map(params![feed, MAX_ATTEMPTS], row_item)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub fn item(&self, feed: &str, item_id: &str) -> Result<Option<Item>> {
        Ok(self
            .conn
            .query_row(
                "SELECT * FROM items WHERE feed = ?1 AND item_id = ?2",
                [feed, item_id],
                row_item,
            )
            .optional()?)
    }

    /// Records a written draft.
    pub fn drafted(&mut self, item: &Item, path: &str, id: &str, at: DateTime<Utc>) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE items SET outcome = 'drafted', reason = NULL, draft_path = ?3, draft_id = ?4,
               drafted_at = ?5, attempts = attempts + 1
             WHERE feed = ?1 AND item_id = ?2",
            params![item.feed, item.item_id, path, id, ts(at)],
        )?;
        tx.execute(
            "INSERT INTO changes(feed, item_id, at, change, outcome, draft_path)
             VALUES (?1, ?2, ?3, ?4, 'drafted', ?5)",
            params![item.feed, item.item_id, ts(at), item.change, path],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Records an item not drafted: failed (retried next run until MAX_ATTEMPTS) or in the library.
    pub fn not_drafted(&self, item: &Item, outcome_: &str, reason: &str) -> Result<()> {
        let outcome_ = if outcome_ == outcome::FAILED && item.attempts + 1 >= MAX_ATTEMPTS {
            outcome::GAVE_UP
        } else {
            outcome_
        };
        self.conn.execute(
            "UPDATE items SET outcome = ?3, reason = ?4, attempts = attempts + 1
             WHERE feed = ?1 AND item_id = ?2",
            params![item.feed, item.item_id, outcome_, reason],
        )?;
        Ok(())
    }

    /// Drafted items, newest first.
    pub fn drafts(&self) -> Result<Vec<Item>> {
        let mut st = self.conn.prepare(
            "SELECT * FROM items WHERE draft_path IS NOT NULL
             ORDER BY drafted_at DESC,
               (SELECT MAX(c.id) FROM changes c WHERE c.feed = items.feed AND c.item_id = items.item_id
                  AND c.outcome = 'drafted') DESC",
        )?;
        let rows = st.query_map([], row_item)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every item (tests, status).
    pub fn items(&self) -> Result<Vec<Item>> {
        let mut st = self
            .conn
            .prepare("SELECT * FROM items ORDER BY feed, item_id")?;
        let rows = st.query_map([], row_item)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(id: &str, hash: &str, e: Eligibility) -> Seen {
        Seen {
            id: id.into(),
            url: format!("https://x.example/{id}"),
            title: None,
            hash: hash.into(),
            eligibility: e,
        }
    }

    #[test]
    fn an_item_is_new_once_unchanged_after_and_updated_when_its_content_changes() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("w.sqlite")).unwrap();
        let at = Utc::now();
        let v = Validators::default();
        let f = "https://x.example/feed";
        let a = seen("a", "1", Eligibility::Incident);
        let b = seen("b", "1", Eligibility::NotIncident);
        assert_eq!(
            s.observe(f, &[a.clone(), b.clone()], &v, at).unwrap(),
            [Observed::New, Observed::Ignored]
        );
        let p = s.pending(f).unwrap();
        assert_eq!(p.len(), 1);
        s.drafted(&p[0], "out/a.json", "a", at).unwrap();
        assert_eq!(
            s.observe(f, &[a.clone(), b], &v, at).unwrap(),
            [Observed::Unchanged, Observed::Unchanged]
        );
        assert!(s.pending(f).unwrap().is_empty());
        let a2 = seen("a", "2", Eligibility::Incident);
        assert_eq!(s.observe(f, &[a2], &v, at).unwrap(), [Observed::Updated]);
        let p = s.pending(f).unwrap();
        assert_eq!(p[0].change, "updated");
        assert_eq!(p[0].draft_path.as_deref(), Some("out/a.json"));
        assert_eq!(s.items().unwrap().len(), 2);
    }

    #[test]
    fn a_failing_item_is_retried_then_given_up() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("w.sqlite")).unwrap();
        let f = "https://x.example/feed";
        s.observe(
            f,
            &[seen("a", "1", Eligibility::Incident)],
            &Validators::default(),
            Utc::now(),
        )
        .unwrap();
        for _ in 0..MAX_ATTEMPTS {
            let p = s.pending(f).unwrap();
            assert_eq!(p.len(), 1);
            s.not_drafted(&p[0], outcome::FAILED, "HTTP 404").unwrap();
        }
        assert!(s.pending(f).unwrap().is_empty());
        assert_eq!(s.item(f, "a").unwrap().unwrap().outcome, outcome::GAVE_UP);
    }
}
