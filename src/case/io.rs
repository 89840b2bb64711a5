//! File I/O for the library: atomic writes (temp file + rename) and reading records from files.
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: a temp file in the same directory, fsync, rename.
/// A crash leaves either the old file or the new one, never a torn write.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    replace_file(path, bytes, true)
}

/// Like [`write_atomic`] but without the per-file fsync, for batches that call
/// [`sync_filesystem`] once at the end: a killed process still leaves every file old or new
/// (the rename is atomic); durability against power loss comes with the final sync.
pub fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> Result<()> {
    replace_file(path, bytes, false)
}

/// Flushes everything written to the filesystem that holds `dir` (Linux `syncfs`; elsewhere a
/// full `sync`).
pub fn sync_filesystem(dir: &Path) -> Result<()> {
    let f = std::fs::File::open(dir).with_context(|| format!("opening {}", dir.display()))?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: syncfs only reads the descriptor, which `f` keeps open for the call.
        if unsafe { libc::syncfs(f.as_raw_fd()) } != 0 {
            return Err(std::io::Error::last_os_error())
                .with_context(|| format!("syncing the filesystem of {}", dir.display()));
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = f;
        // SAFETY: sync takes no arguments and cannot fail.
        unsafe { libc::sync() };
    }
    Ok(())
}

fn replace_file(path: &Path, bytes: &[u8], fsync: bool) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)
        .with_context(|| format!("creating directory {}", dir.display()))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".incidentlib-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(|| format!("creating a temp file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    if fsync {
        tmp.as_file()
            .sync_all()
            .with_context(|| format!("syncing {}", path.display()))?;
    }
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}
