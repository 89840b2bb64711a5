//! The label ledger beside a library (`<library>/.incidentlib/labels.sqlite`): which labels incidentlib itself wrote, per case.
//!
//! Every label the ledger does not vouch for is a curator's. An entry vouches for a field only
//! while the field still holds exactly the value incidentlib wrote: once anyone edits the field,
//! all its labels are the editor's. Writers record an entry only after the case file is written
//! (and synced), so a crash can leave a machine-written label looking like a curator's (it is
//! then kept), never the reverse.
use anyhow::{Context, Result};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Folder inside the library for incidentlib's own files.
pub const LEDGER_DIR: &str = ".incidentlib";
/// The ledger's file name inside [`LEDGER_DIR`].
pub const LEDGER_FILE: &str = "labels.sqlite";
/// Schema version stored in `PRAGMA user_version`; a ledger with a lower one is not trusted.
pub const LEDGER_VERSION: i32 = 1;
/// How long a connection waits on another one's lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// What incidentlib wrote into one field of a case.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldEntry {
    /// The field's whole value as written (`root_cause` as a one-item list).
    pub value: Vec<String>,
    /// The terms of `value` that incidentlib chose (the rest were there before: a curator's).
    pub owned: Vec<String>,
}

/// Field name → what incidentlib wrote into it.
pub type CaseEntry = BTreeMap<String, FieldEntry>;

/// The terms of `field` that incidentlib wrote and nobody has changed since: empty when the
/// ledger has no entry or the field's value is no longer the one incidentlib wrote.
pub fn owned(entry: Option<&CaseEntry>, field: &str, current: &[String]) -> BTreeSet<String> {
    let Some(fe) = entry.and_then(|e| e.get(field)) else {
        return BTreeSet::new();
    };
    let now: BTreeSet<&String> = current.iter().collect();
    let then: BTreeSet<&String> = fe.value.iter().collect();
    if now != then || now.len() != current.len() {
        return BTreeSet::new();
    }
    fe.owned
        .iter()
        .filter(|t| now.contains(t))
        .cloned()
        .collect()
}

/// Whether the ledger can be trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    Ok,
    Missing,
    /// Unreadable, not a ledger, or a broken schema: the reason.
    Damaged(String),
    /// Written by an older incidentlib (its schema version).
    Older(i32),
    /// Written by a newer incidentlib (its schema version): left alone.
    Newer(i32),
}

/// Where a library's ledger is and whether it can be trusted.
#[derive(Debug, Clone)]
pub struct Status {
    pub path: PathBuf,
    pub state: State,
}

impl Status {
    /// Looks at `<library>/.incidentlib/labels.sqlite` without changing it.
    pub fn inspect(library: &Path) -> Status {
        let path = library.join(LEDGER_DIR).join(LEDGER_FILE);
        let state = if !path.exists() {
            State::Missing
        } else {
            match check(&path) {
                Ok(s) => s,
                Err(e) => State::Damaged(format!("{e:#}")),
            }
        };
        Status { path, state }
    }

    /// Short word for the report: ok, missing, damaged, older, newer.
    pub fn word(&self) -> &'static str {
        match self.state {
            State::Ok => "ok",
            State::Missing => "missing",
            State::Damaged(_) => "damaged",
            State::Older(_) => "older",
            State::Newer(_) => "newer",
        }
    }

    /// Why every label counts as a curator's, when the ledger cannot vouch for any.
    pub fn note(&self) -> Option<String> {
        let p = self.path.display();
        match &self.state {
            State::Ok => None,
            State::Missing => Some(format!(
                "no label ledger at {p}: every label counts as a curator's, so none is removed \
                 (the ledger starts with this library's next `reprocess --apply` or `review --accept`)"
            )),
            State::Damaged(why) => Some(format!(
                "the label ledger {p} is damaged ({why}): every label counts as a curator's, so \
                 none is removed (--apply moves it aside and starts a new one)"
            )),
            State::Older(v) => Some(format!(
                "the label ledger {p} is version {v}, older than {LEDGER_VERSION}: every label \
                 counts as a curator's, so none is removed (--apply moves it aside and starts a new one)"
            )),
            State::Newer(v) => Some(format!(
                "the label ledger {p} is version {v}, written by a newer incidentlib: every label \
                 counts as a curator's and the ledger is left unchanged (upgrade incidentlib)"
            )),
        }
    }

    /// A connection for looking up entries, when the ledger can be trusted.
    pub fn reader(&self) -> Option<Reader> {
        if self.state != State::Ok {
            return None;
        }
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .ok()?;
        conn.busy_timeout(BUSY_TIMEOUT).ok()?;
        Some(Reader { conn })
    }
}

fn check(path: &Path) -> Result<State> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("opening {}", path.display()))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let v: i32 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .context("not an SQLite database")?;
    if v < LEDGER_VERSION {
        return Ok(State::Older(v));
    }
    if v > LEDGER_VERSION {
        return Ok(State::Newer(v));
    }
    conn.query_row("SELECT count(*) FROM cases WHERE 0", [], |r| {
        r.get::<_, i64>(0)
    })
    .context("no cases table")?;
    Ok(State::Ok)
}

/// Looks up ledger entries (one per thread).
pub struct Reader {
    conn: Connection,
}

impl Reader {
    /// What incidentlib wrote into case `id`; None when nothing (or the row is unreadable: then
    /// its labels count as a curator's).
    pub fn get(&self, id: &str) -> Option<CaseEntry> {
        let mut st = self
            .conn
            .prepare_cached("SELECT labels FROM cases WHERE id = ?1")
            .ok()?;
        let text: Option<String> = st.query_row([id], |r| r.get(0)).optional().ok()?;
        serde_json::from_str(&text?).ok()
    }
}

/// Records entries in one transaction; nothing is visible to readers until [`Writer::commit`].
pub struct Writer {
    conn: Connection,
    /// What happened to an untrusted ledger on opening (moved aside), for the report.
    pub note: Option<String>,
}

impl Writer {
    /// Opens (creating when missing) the ledger for writing and begins a transaction. A damaged
    /// or older ledger is moved aside first; a newer one is an error (it is left alone).
    pub fn open(status: &Status) -> Result<Writer> {
        let path = &status.path;
        let mut note = None;
        match &status.state {
            State::Ok | State::Missing => {}
            State::Newer(v) => anyhow::bail!(
                "{} is version {v}, newer than this incidentlib ({LEDGER_VERSION}); left unchanged",
                path.display()
            ),
            State::Damaged(_) | State::Older(_) => {
                let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
                let aside = path.with_file_name(format!("{LEDGER_FILE}.{}-{stamp}", status.word()));
                std::fs::rename(path, &aside).with_context(|| {
                    format!("moving the untrusted ledger {} aside", path.display())
                })?;
                for ext in ["-wal", "-shm"] {
                    let side = PathBuf::from(format!("{}{ext}", path.display()));
                    let _ = std::fs::remove_file(side);
                }
                note = Some(format!(
                    "moved the {} ledger to {}; a new one starts now",
                    status.word(),
                    aside.display()
                ));
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let conn = Connection::open(path).with_context(|| format!("opening {}", path.display()))?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS cases (
                 id TEXT PRIMARY KEY,
                 labels TEXT NOT NULL,
                 written_by TEXT NOT NULL,
                 written_at TEXT NOT NULL,
                 vocabulary TEXT NOT NULL
             );",
        )
        .with_context(|| format!("creating the ledger schema in {}", path.display()))?;
        conn.pragma_update(None, "user_version", LEDGER_VERSION)?;
        conn.execute_batch("BEGIN IMMEDIATE")
            .with_context(|| format!("locking {}", path.display()))?;
        Ok(Writer { conn, note })
    }

    /// Sets what incidentlib wrote into case `id` (`by`: the command); an entry that owns no
    /// label removes the case's row.
    pub fn record(&self, id: &str, entry: &CaseEntry, by: &str, vocabulary: &str) -> Result<()> {
        if entry.values().all(|f| f.owned.is_empty()) {
            self.conn
                .prepare_cached("DELETE FROM cases WHERE id = ?1")?
                .execute([id])?;
            return Ok(());
        }
        let labels = serde_json::to_string(entry)?;
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        self.conn
            .prepare_cached(
                "INSERT INTO cases (id, labels, written_by, written_at, vocabulary)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT(id) DO UPDATE SET labels = excluded.labels,
                   written_by = excluded.written_by, written_at = excluded.written_at,
                   vocabulary = excluded.vocabulary",
            )?
            .execute(params![id, labels, by, now, vocabulary])?;
        Ok(())
    }

    /// Makes every recorded entry visible and durable. Call only after the case files it
    /// describes are on disk.
    pub fn commit(self) -> Result<()> {
        self.conn
            .execute_batch("COMMIT")
            .context("committing the label ledger")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fe(value: &[&str], owned: &[&str]) -> FieldEntry {
        FieldEntry {
            value: value.iter().map(|s| s.to_string()).collect(),
            owned: owned.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn owns_only_while_the_field_is_as_written() {
        let mut e = CaseEntry::new();
        e.insert("symptoms".into(), fe(&["a", "b"], &["b"]));
        let owned_now = owned(Some(&e), "symptoms", &strings(&["b", "a"]));
        assert_eq!(owned_now, BTreeSet::from(["b".to_string()]));
        // A curator added a term: the whole field is theirs now.
        assert!(owned(Some(&e), "symptoms", &strings(&["a", "b", "c"])).is_empty());
        assert!(owned(Some(&e), "domain", &strings(&["a"])).is_empty());
        assert!(owned(None, "symptoms", &strings(&["a", "b"])).is_empty());
    }

    #[test]
    fn write_then_read_and_untrusted_ledgers() {
        let dir = tempfile::tempdir().unwrap();
        let st = Status::inspect(dir.path());
        assert_eq!(st.state, State::Missing);
        assert!(st.note().unwrap().contains("curator"));
        let w = Writer::open(&st).unwrap();
        let mut e = CaseEntry::new();
        e.insert("symptoms".into(), fe(&["a"], &["a"]));
        w.record("IL-1", &e, "reprocess", "v").unwrap();
        // Not visible before the commit.
        let st = Status::inspect(dir.path());
        assert_eq!(st.state, State::Ok);
        assert_eq!(st.reader().unwrap().get("IL-1"), None);
        w.commit().unwrap();
        assert_eq!(st.reader().unwrap().get("IL-1"), Some(e));

        std::fs::write(&st.path, b"not a database at all, just some bytes....").unwrap();
        let _ = std::fs::remove_file(format!("{}-wal", st.path.display()));
        let _ = std::fs::remove_file(format!("{}-shm", st.path.display()));
        let bad = Status::inspect(dir.path());
        assert!(matches!(bad.state, State::Damaged(_)), "{:?}", bad.state);
        assert!(bad.reader().is_none());
        let w = Writer::open(&bad).unwrap();
        assert!(w.note.as_deref().unwrap().contains("moved"));
        w.commit().unwrap();
        assert_eq!(Status::inspect(dir.path()).state, State::Ok);
    }
}
