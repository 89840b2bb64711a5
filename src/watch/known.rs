//! The library's sources (`sources[].url` and `sources[].archived`), so an item already in it is not drafted.
use crate::fetch::archive::parse_wayback;
use crate::links::collect::{collect, Role};
use anyhow::{bail, Result};
use std::collections::HashMap;
use std::path::Path;

/// Source URL (normalised) → the id of a case citing it.
#[derive(Debug, Default)]
pub struct Known {
    by_url: HashMap<String, String>,
    /// Problems reading the library (a bad case file), reported but not fatal.
    pub problems: Vec<String>,
}

/// A URL compared loosely: no scheme, fragment or trailing slash; host lower-cased.
pub fn normalize(u: &str) -> String {
    let t = u.trim();
    let parsed = url::Url::parse(t).ok();
    let s = match parsed {
        Some(mut p) => {
            p.set_fragment(None);
            let s = p.to_string();
            s.split_once("://").map(|(_, r)| r.to_string()).unwrap_or(s)
        }
        None => t.to_string(),
    };
    s.trim_end_matches('/').to_string()
}

impl Known {
    /// Reads every case under `library`; `wayback_url` recognises archived copies.
    pub fn load(library: &Path, wayback_url: &str) -> Result<Known> {
        if !library.exists() {
            bail!("--library {}: no such file or folder", library.display());
        }
        let c = collect(library);
        let mut by_url = HashMap::new();
        for t in &c.targets {
            for u in &t.uses {
                if !matches!(u.role, Role::Source { .. } | Role::Archived) {
                    continue;
                }
                by_url
                    .entry(normalize(&t.url))
                    .or_insert_with(|| u.case_id.clone());
                if let Some(w) = parse_wayback(&t.url, wayback_url) {
                    by_url
                        .entry(normalize(&w.original))
                        .or_insert_with(|| u.case_id.clone());
                }
            }
        }
        Ok(Known {
            by_url,
            problems: c.problems,
        })
    }

    /// The id of a case citing `url` (or an archived copy of it).
    pub fn case_for(&self, url: &str) -> Option<&str> {
        self.by_url.get(&normalize(url)).map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.by_url.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_url.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_archived_copies_are_known() {
        let dir = tempfile::tempdir().unwrap();
        let case = serde_json::json!({"id": "IL-0042", "org": "Acme", "date": "2024-11-07",
            "sources": [{"url": "https://status.acme.example/incidents/abc/", "kind": "official-status",
              "archived": "https://web.archive.org/web/20241108000000/https://blog.acme.example/p/2"}]});
        std::fs::write(dir.path().join("IL-0042.json"), case.to_string()).unwrap();
        let k = Known::load(dir.path(), "https://web.archive.org").unwrap();
        assert_eq!(
            k.case_for("http://status.acme.example/incidents/abc#x"),
            Some("IL-0042")
        );
        assert_eq!(k.case_for("https://blog.acme.example/p/2"), Some("IL-0042"));
        assert_eq!(k.case_for("https://blog.acme.example/p/3"), None);
        assert!(Known::load(&dir.path().join("nope"), "https://web.archive.org").is_err());
    }
}
