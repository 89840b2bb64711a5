//! Conditional-GET cache under `output/`: ETag / Last-Modified and the last body, per URL.
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What was kept from the last successful fetch of a URL.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CacheMeta {
    pub url: String,
    pub etag: Option<String>,
    pub last_modified: Option<String>,
    pub final_url: String,
    pub content_type: Option<String>,
    pub redirects: Vec<String>,
}

/// A cache folder; every operation is best effort (a broken cache only costs a full fetch).
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: &Path) -> Self {
        Cache {
            dir: dir.to_path_buf(),
        }
    }

    fn paths(&self, url: &str) -> (PathBuf, PathBuf) {
        let key = hex::encode(Sha256::digest(url.as_bytes()));
        (
            self.dir.join(format!("{key}.json")),
            self.dir.join(format!("{key}.body")),
        )
    }

    /// The cached validators and body for `url`, if both are readable.
    pub fn load(&self, url: &str) -> Option<(CacheMeta, Vec<u8>)> {
        let (m, b) = self.paths(url);
        let meta: CacheMeta = serde_json::from_slice(&std::fs::read(m).ok()?).ok()?;
        if meta.url != url {
            return None;
        }
        Some((meta, std::fs::read(b).ok()?))
    }

    /// Stores validators and body (only when the response had a validator).
    pub fn store(&self, meta: &CacheMeta, body: &[u8]) {
        if meta.etag.is_none() && meta.last_modified.is_none() {
            return;
        }
        let (m, b) = self.paths(&meta.url);
        let result = crate::case::io::write_atomic(&b, body).and_then(|_| {
            crate::case::io::write_atomic(&m, &serde_json::to_vec(meta).unwrap_or_default())
        });
        if let Err(e) = result {
            tracing::warn!("fetch cache: could not store {}: {e:#}", meta.url);
        }
    }
}
