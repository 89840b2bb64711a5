//! Helpers shared by the integration tests: the binary, shared/ and browser lookups (skip or fail), temp folders.
#![allow(dead_code)]
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Set to `1` (CI does) to make a missing `../shared` corpus a failing test instead of a skip.
pub const REQUIRE_SHARED: &str = "INCIDENTLIB_REQUIRE_SHARED";
/// Set to `1` (CI does) to make a missing Chromium a failing test instead of a skip.
pub const REQUIRE_BROWSER: &str = "INCIDENTLIB_REQUIRE_BROWSER";
/// Browser names looked up on `PATH`, in the order `.ci/run` installs and finds them.
pub const BROWSERS: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];

/// The project's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `var` is set to something other than empty or `0`.
pub fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// A skip that stays visible: written straight to the process's stderr, which the test
/// harness does not capture (an `eprintln!` note would be swallowed when the test passes).
pub fn skip_note(what: &str) {
    let _ = writeln!(std::io::stderr(), "note: {what}; skipping this check");
}

/// Skips (visible note, returns None) or, when `var` is set, fails the test with `what`.
#[track_caller]
fn missing<T>(var: &str, what: &str) -> Option<T> {
    if required(var) {
        panic!("{what}, and {var}=1 requires it (unset {var} to skip this check instead)");
    }
    skip_note(what);
    None
}

/// `<shared>/<rel>`, where shared is `$INCIDENTLIB_SHARED`, else `shared/` beside the crate
/// (`../shared`) or beside an ancestor of it. When absent: a visible note and None (the test
/// skips), or a failing test under `INCIDENTLIB_REQUIRE_SHARED=1`.
#[track_caller]
pub fn shared(rel: &str) -> Option<PathBuf> {
    let mut bases: Vec<PathBuf> = Vec::new();
    if let Some(dir) = std::env::var_os("INCIDENTLIB_SHARED") {
        bases.push(PathBuf::from(dir));
    }
    bases.extend(root().ancestors().skip(1).map(|a| a.join("shared")));
    if let Some(p) = bases.iter().map(|b| b.join(rel)).find(|p| p.exists()) {
        return Some(p);
    }
    let expected = root().join("..").join("shared").join(rel);
    missing(
        REQUIRE_SHARED,
        &format!(
            "{} is absent (set INCIDENTLIB_SHARED=DIR to use another copy of the shared corpus)",
            expected.display()
        ),
    )
}

/// The first of `BROWSERS` found on `PATH`. When none is: a visible note and None (the test
/// skips), or a failing test under `INCIDENTLIB_REQUIRE_BROWSER=1`.
#[track_caller]
pub fn browser() -> Option<PathBuf> {
    if let Some(b) = find_on_path(&BROWSERS) {
        return Some(b);
    }
    missing(
        REQUIRE_BROWSER,
        &format!(
            "no Chromium on PATH (looked for {}; .ci/run installs Debian's chromium)",
            BROWSERS.join(", ")
        ),
    )
}

/// The first executable named one of `names` in a folder of `PATH`.
pub fn find_on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| is_executable(p))
    })
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
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

/// One vocabulary and normaliser per test binary, built from the repository's `mappings/`
/// (building them is the slow part).
pub fn normalizer() -> (
    &'static incidentlib::vocab::Vocabulary,
    &'static incidentlib::normalize::Normalizer,
) {
    use incidentlib::{normalize::Normalizer, vocab::Vocabulary};
    static SHARED: std::sync::OnceLock<(Vocabulary, Normalizer)> = std::sync::OnceLock::new();
    let (v, n) = SHARED.get_or_init(|| {
        let v = Vocabulary::load(&root().join("mappings")).expect("mappings/ loads");
        let n = Normalizer::new(&v).expect("the normaliser builds");
        (v, n)
    });
    (v, n)
}
