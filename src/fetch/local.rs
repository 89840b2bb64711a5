//! Local sources: a file (HTML, text, Markdown, Statuspage/GCP JSON) or stdin, as a Document.
use super::build::{from_bytes, Meta};
use super::document::Document;
use super::error::FetchError;
use super::profile::Profiles;
use std::io::Read;
use std::path::Path;

/// Largest local file or stdin read, like the HTTP body cap.
pub const MAX_LOCAL_BYTES: u64 = 64 * 1024 * 1024;

/// Loads a file path, a `file://` URL, or `-` (stdin).
pub fn load_local(source: &str, profiles: &Profiles) -> Result<Document, FetchError> {
    if source == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(MAX_LOCAL_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| FetchError::File {
                path: "stdin".into(),
                reason: e.to_string(),
            })?;
        return finish("stdin:".into(), None, &bytes, profiles);
    }
    let path = match source.strip_prefix("file://") {
        Some(p) => url::Url::parse(source)
            .ok()
            .and_then(|u| u.to_file_path().ok())
            .unwrap_or_else(|| p.into()),
        None => source.into(),
    };
    let bytes = read_file(&path)?;
    let abs = std::fs::canonicalize(&path).unwrap_or(path.clone());
    let url = url::Url::from_file_path(&abs)
        .map(|u| u.to_string())
        .unwrap_or_else(|_| source.to_string());
    finish(
        url,
        Some(path.to_string_lossy().into_owned()),
        &bytes,
        profiles,
    )
}

fn read_file(path: &Path) -> Result<Vec<u8>, FetchError> {
    let err = |reason: String| FetchError::File {
        path: path.display().to_string(),
        reason,
    };
    let f = std::fs::File::open(path).map_err(|e| err(format!("cannot open: {e}")))?;
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(err("is a folder; give a file, a URL or -".into()));
    }
    let mut bytes = Vec::new();
    f.take(MAX_LOCAL_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| err(format!("cannot read: {e}")))?;
    Ok(bytes)
}

fn finish(
    url: String,
    path_hint: Option<String>,
    bytes: &[u8],
    profiles: &Profiles,
) -> Result<Document, FetchError> {
    if bytes.len() as u64 > MAX_LOCAL_BYTES {
        return Err(FetchError::TooLarge {
            url,
            limit: MAX_LOCAL_BYTES,
        });
    }
    let archive = None;
    Ok(from_bytes(
        Meta {
            final_url: url.clone(),
            url,
            status: None,
            redirects: Vec::new(),
            redirect_statuses: Vec::new(),
            content_type: None,
            from_cache: false,
            archive,
            path_hint,
        },
        bytes,
        profiles,
    ))
}
