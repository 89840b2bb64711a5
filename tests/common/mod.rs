//! Helpers shared by the integration tests: the binary, shared/ lookups, temp folders.
#![allow(dead_code)]
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/<rel>` when present; otherwise prints a note and returns None so the test skips.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = root().join("..").join("shared").join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("note: {} is absent; skipping this check", p.display());
        None
    }
}

/// Runs the incidentlib binary with `args` from the project root.
pub fn run(args: &[&str]) -> Output {
    run_in(&root(), args)
}

pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .args(args)
        .current_dir(dir)
        .env("INCIDENTLIB_MAPPINGS", root().join("mappings"))
        .env_remove("RUST_LOG")
        .output()
        .expect("run incidentlib")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
