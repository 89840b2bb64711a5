//! Finding case files in a library folder and reading their records with file and line context.
use anyhow::Result;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Largest single record read by default; raise with `--max-record-bytes`.
pub const DEFAULT_MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

/// A problem with a path that is not about one record's content (missing, loop, unreadable).
#[derive(Debug, Clone)]
pub struct PathProblem {
    pub path: PathBuf,
    pub problem: String,
}

/// Lists every `*.json` and `*.jsonl` file under the given paths, recursing into folders
/// (following links, with loop detection), sorted for stable output.
pub fn collect_case_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathProblem>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for root in paths {
        for item in walk_case_files(root) {
            match item {
                Ok(p) => files.push(p),
                Err(p) => problems.push(p),
            }
        }
    }
    (files, problems)
}

/// The case files under `root` one at a time, in the order of [`collect_case_files`], without
/// holding the whole list (a library of a million files is walked in constant memory).
/// incidentlib's own folder (`.incidentlib/`, the label ledger) is not searched.
pub fn walk_case_files(root: &Path) -> Box<dyn Iterator<Item = Result<PathBuf, PathProblem>>> {
    if !root.exists() {
        return Box::new(std::iter::once(Err(PathProblem {
            path: root.to_path_buf(),
            problem: "no such file or directory".into(),
        })));
    }
    if root.is_file() {
        return Box::new(std::iter::once(Ok(root.to_path_buf())));
    }
    let root = root.to_path_buf();
    let walk = walkdir::WalkDir::new(&root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            !(e.depth() > 0 && e.file_type().is_dir() && e.file_name() == crate::ledger::LEDGER_DIR)
        });
    Box::new(walk.filter_map(move |entry| match entry {
        Ok(e) if e.file_type().is_file() && is_case_file(e.path()) => Some(Ok(e.into_path())),
        Ok(_) => None,
        Err(err) => {
            let path = err
                .path()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| root.clone());
            let problem = if err.loop_ancestor().is_some() {
                "symbolic link loop; skipped".to_string()
            } else {
                format!("cannot read: {err}")
            };
            Some(Err(PathProblem { path, problem }))
        }
    }))
}

fn is_case_file(p: &Path) -> bool {
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("json" | "jsonl")
    ) && !p.to_string_lossy().ends_with(".review.json")
}

/// One record's text as found in a file, with the line it starts on.
#[derive(Debug)]
pub struct RawRecord {
    pub line: usize,
    pub text: String,
}

/// What reading a case file gave: records, or problems with the file itself.
#[derive(Debug, Default)]
pub struct FileRecords {
    pub records: Vec<RawRecord>,
    /// (line, problem) for content that could not become a record text (binary, too large…).
    pub problems: Vec<(Option<usize>, String)>,
    /// The file started with a UTF-8 byte order mark (it was skipped).
    pub had_bom: bool,
}

/// Reads a `.json` file (one record) or a `.jsonl` file (one record per non-blank line).
pub fn read_records(path: &Path, max_record_bytes: u64) -> Result<FileRecords> {
    let file = std::fs::File::open(path)?;
    let jsonl = path.extension().is_some_and(|e| e == "jsonl");
    let mut out = FileRecords::default();
    let limit_msg = |n: u64| {
        format!(
            "record is over the {} MiB limit ({} bytes or more); raise --max-record-bytes if it is real",
            max_record_bytes / (1024 * 1024),
            n
        )
    };
    if !jsonl {
        let len = file.metadata()?.len();
        if len > max_record_bytes {
            out.problems.push((None, limit_msg(len)));
            return Ok(out);
        }
        let mut bytes = Vec::with_capacity(len as usize);
        file.take(max_record_bytes + 1).read_to_end(&mut bytes)?;
        if let Some(text) = decode_text(bytes, &mut out, None) {
            if text.trim().is_empty() {
                out.problems
                    .push((None, "empty file: expected one JSON case record".into()));
            } else {
                out.records.push(RawRecord { line: 1, text });
            }
        }
        return Ok(out);
    }
    let mut reader = BufReader::new(file);
    let mut line_no = 0usize;
    let mut buf = Vec::new();
    let mut any = false;
    loop {
        buf.clear();
        let n = (&mut reader)
            .take(max_record_bytes + 1)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            break;
        }
        line_no += 1;
        if buf.len() as u64 > max_record_bytes && !buf.ends_with(b"\n") {
            out.problems
                .push((Some(line_no), limit_msg(buf.len() as u64)));
            // Skip the rest of this overlong line.
            let mut sink = Vec::new();
            reader.read_until(b'\n', &mut sink)?;
            continue;
        }
        // The line's bytes become its text (no copy); the next line starts a new buffer.
        if let Some(text) = decode_text(std::mem::take(&mut buf), &mut out, Some(line_no)) {
            if !text.trim().is_empty() {
                any = true;
                out.records.push(RawRecord {
                    line: line_no,
                    text,
                });
            }
        }
    }
    if !any && out.problems.is_empty() {
        out.problems.push((
            None,
            "empty file: expected one JSON case record per line".into(),
        ));
    }
    Ok(out)
}

/// The text of `bytes` (taken without copying), or None with the problem noted in `out`.
fn decode_text(mut bytes: Vec<u8>, out: &mut FileRecords, line: Option<usize>) -> Option<String> {
    if line.unwrap_or(1) == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
        out.had_bom = true;
        bytes.drain(..3);
    }
    if bytes.contains(&0) {
        out.problems.push((
            line,
            "binary data (NUL bytes): not a JSON case record".into(),
        ));
        return None;
    }
    // The SIMD check first (several times std's speed on prose); std's own check, only on
    // text that fails it, says where the bad byte is.
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: simdutf8 has just checked that `bytes` is valid UTF-8.
        return Some(unsafe { String::from_utf8_unchecked(bytes) });
    }
    match String::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(e) => {
            let e = e.utf8_error();
            out.problems.push((
                line,
                format!(
                    "not UTF-8 text (invalid byte at offset {}); case records are UTF-8 JSON",
                    e.valid_up_to()
                ),
            ));
            None
        }
    }
}
