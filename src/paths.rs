//! Where incidentlib finds its data folders (`mappings/`, `sources/`) and writes `output/`.
use std::path::PathBuf;

/// Environment variable naming the folder that holds `mappings/` and `sources/`.
pub const HOME_ENV: &str = "INCIDENTLIB_HOME";

/// Finds a data folder by name: `$INCIDENTLIB_HOME/<name>`, `./<name>`, beside the executable
/// (or its ancestors, for `target/debug`), then the source tree it was built from.
pub fn data_dir(name: &str) -> PathBuf {
    if let Ok(home) = std::env::var(HOME_ENV) {
        return PathBuf::from(home).join(name);
    }
    let local = PathBuf::from(name);
    if local.is_dir() {
        return local;
    }
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(4) {
            let candidate = dir.join(name);
            if candidate.is_dir() {
                return candidate;
            }
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// The folder generated files go to (drafts, caches, link history): `./output`.
pub fn output_dir() -> PathBuf {
    PathBuf::from("output")
}
