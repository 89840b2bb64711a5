//! Writing an item's draft: `<id>.json`, `<id>.review.json`, `<id>.txt` in the out folder, atomically,
//! never over another item's draft (same org and date → `-2`, `-3`…).
use super::state::Item;
use crate::case::io::write_atomic;
use crate::draft::{Draft, Drafter};
use anyhow::{Context, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The drafter, loaded on first use: most polls find nothing new, and loading the vocabulary
/// and language data is most of a poll's memory and start-up time.
pub struct LazyDrafter {
    mappings: PathBuf,
    cell: Mutex<Option<Arc<Drafter>>>,
}

impl LazyDrafter {
    /// Loads from this `mappings/` folder when first needed.
    pub fn new(mappings: &Path) -> Self {
        LazyDrafter {
            mappings: mappings.to_path_buf(),
            cell: Mutex::new(None),
        }
    }

    /// A drafter already loaded.
    pub fn loaded(d: Arc<Drafter>) -> Self {
        LazyDrafter {
            mappings: PathBuf::new(),
            cell: Mutex::new(Some(d)),
        }
    }

    /// The drafter (blocking: call from a blocking task).
    pub fn get(&self) -> Result<Arc<Drafter>> {
        let mut cell = self.cell.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(d) = cell.as_ref() {
            return Ok(d.clone());
        }
        let d = Arc::new(Drafter::load(&self.mappings).with_context(|| {
            format!(
                "loading the drafter's data from {}",
                self.mappings.display()
            )
        })?);
        *cell = Some(d.clone());
        Ok(d)
    }
}

/// Writes drafts into one folder; remembers the ids taken in this run (id → source URL).
pub struct Writer {
    out: PathBuf,
    taken: Mutex<HashMap<String, String>>,
}

/// The first source URL of a case file, if it is readable.
fn source_of(path: &Path) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).ok()?).ok()?;
    v["sources"][0]["url"].as_str().map(str::to_string)
}

impl Writer {
    pub fn new(out: &Path) -> Writer {
        Writer {
            out: out.to_path_buf(),
            taken: Mutex::new(HashMap::new()),
        }
    }

    /// An id for this item's draft: the one it had (a re-draft replaces its own files), else
    /// the drafter's id, suffixed when another item's draft has it.
    fn claim(&self, base: &str, item: &Item) -> String {
        let mut taken = self.taken.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(id) = &item.draft_id {
            taken.insert(id.clone(), item.url.clone());
            return id.clone();
        }
        for n in 1.. {
            let id = if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            };
            match taken.get(&id) {
                // The same page listed by two feeds (an API and its Atom history): one draft.
                Some(url) if *url == item.url => return id,
                Some(_) => continue,
                None => {}
            }
            let path = self.out.join(format!("{id}.json"));
            // Free, or this item's own draft from a run killed before it was recorded.
            if !path.exists() || source_of(&path).as_deref() == Some(item.url.as_str()) {
                taken.insert(id.clone(), item.url.clone());
                return id;
            }
        }
        unreachable!("an unbounded range always yields a free id")
    }

    /// Writes the draft (text and review first, the case last); returns its path and id.
    pub fn write(&self, mut draft: Draft, item: &Item) -> Result<(PathBuf, String)> {
        let id = self.claim(&draft.case.id, item);
        draft.case.id = id.clone();
        let case_path = self.out.join(format!("{id}.json"));
        let what = || {
            format!(
                "writing the draft of {} to {}",
                item.url,
                self.out.display()
            )
        };
        write_atomic(&self.out.join(format!("{id}.txt")), draft.text.as_bytes())
            .with_context(what)?;
        write_atomic(
            &self.out.join(format!("{id}.review.json")),
            serde_json::to_string_pretty(&draft.review)?.as_bytes(),
        )
        .with_context(what)?;
        write_atomic(&case_path, crate::case::to_json(&draft.case).as_bytes())
            .with_context(what)?;
        Ok((case_path, id))
    }
}
