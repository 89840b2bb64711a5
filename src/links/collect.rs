//! Collecting every URL in a library: `sources[].url`, `sources[].archived` and any other URL-valued field.
use crate::library::{collect_case_files, read_records, DEFAULT_MAX_RECORD_BYTES};
use indexmap::IndexMap;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where a URL appears in a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// `sources[i].url`; `archived` is the source's current archived value.
    Source {
        index: usize,
        archived: Option<String>,
    },
    /// `sources[i].archived`.
    Archived,
    /// Any other string field holding a URL (JSON pointer).
    Other(String),
}

/// One appearance of a URL.
#[derive(Debug, Clone)]
pub struct Use {
    pub case_id: String,
    pub case_date: String,
    pub file: PathBuf,
    /// 1-based line of the record in its file (JSONL), 1 for `.json`.
    pub line: usize,
    pub role: Role,
}

/// A de-duplicated URL and every place it is used.
#[derive(Debug, Clone)]
pub struct LinkTarget {
    pub url: String,
    pub uses: Vec<Use>,
}

impl LinkTarget {
    pub fn case_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.uses.iter().map(|u| u.case_id.clone()).collect();
        ids.dedup();
        ids.sort();
        ids.dedup();
        ids
    }

    /// Sources citing this URL that have no `archived` value yet.
    pub fn unarchived_sources(&self) -> impl Iterator<Item = &Use> {
        self.uses
            .iter()
            .filter(|u| matches!(&u.role, Role::Source { archived: None, .. }))
    }

    pub fn archived_value(&self) -> Option<&str> {
        self.uses.iter().find_map(|u| match &u.role {
            Role::Source {
                archived: Some(a), ..
            } => Some(a.as_str()),
            _ => None,
        })
    }
}

/// What collecting found, plus problems that did not stop it.
#[derive(Debug, Default)]
pub struct Collected {
    pub targets: Vec<LinkTarget>,
    pub problems: Vec<String>,
    pub cases: usize,
}

/// Whether a string could parse as an http(s) URL: it starts with `http` once what the URL
/// parser skips (leading C0 controls and spaces; tabs and newlines anywhere) is left out.
/// Most strings in a case (ids, dates, prose) are turned away here without a parse.
fn may_be_http(s: &str) -> bool {
    let mut letters = s
        .bytes()
        .skip_while(|b| *b <= b' ')
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    b"http"
        .iter()
        .all(|want| letters.next().is_some_and(|b| b.eq_ignore_ascii_case(want)))
}

/// Whether a string is an http(s) URL worth checking.
pub fn is_checkable(s: &str) -> bool {
    may_be_http(s)
        && url::Url::parse(s)
            .ok()
            .is_some_and(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
}

fn walk(v: &Value, pointer: &mut String, out: &mut Vec<(String, String)>) {
    match v {
        Value::String(s) if is_checkable(s.trim()) => {
            out.push((pointer.clone(), s.trim().to_string()))
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let len = pointer.len();
                use std::fmt::Write;
                let _ = write!(pointer, "/{i}");
                walk(x, pointer, out);
                pointer.truncate(len);
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                let len = pointer.len();
                pointer.push('/');
                if k.contains(['~', '/']) {
                    pointer.push_str(&k.replace('~', "~0").replace('/', "~1"));
                } else {
                    pointer.push_str(k);
                }
                walk(x, pointer, out);
                pointer.truncate(len);
            }
        }
        _ => {}
    }
}

/// One file's cases: its URLs with their uses, in file order, and its problems.
#[derive(Default)]
struct FileUrls {
    uses: Vec<(String, Use)>,
    problems: Vec<String>,
    cases: usize,
}

fn read_file(file: &Path) -> FileUrls {
    let mut out = FileUrls::default();
    let recs = match read_records(file, DEFAULT_MAX_RECORD_BYTES) {
        Ok(r) => r,
        Err(e) => {
            out.problems.push(format!("{}: {e}", file.display()));
            return out;
        }
    };
    for (line, p) in recs.problems {
        out.problems
            .push(format!("{}:{}: {p}", file.display(), line.unwrap_or(1)));
    }
    for rec in recs.records {
        let v: Value = match serde_json::from_str(&rec.text) {
            Ok(v) => v,
            Err(e) => {
                out.problems
                    .push(format!("{}:{}: not JSON: {e}", file.display(), rec.line));
                continue;
            }
        };
        out.cases += 1;
        let case_id = v["id"].as_str().unwrap_or("?").to_string();
        let case_date = v["date"].as_str().unwrap_or("").to_string();
        let mut found = Vec::new();
        walk(&v, &mut String::new(), &mut found);
        for (pointer, url) in found {
            let role = source_role(&v, &pointer);
            out.uses.push((
                url,
                Use {
                    case_id: case_id.clone(),
                    case_date: case_date.clone(),
                    file: file.to_path_buf(),
                    line: rec.line,
                    role,
                },
            ));
        }
    }
    out
}

/// Fewest case files worth a second thread: reading and parsing a file costs about 40 µs.
const FILES_PER_THREAD: usize = 128;

/// Every file's URLs, in the order of `files`; read on up to as many threads as there are
/// cores (the checks cannot start before the library is read: 1,000 cases took 40 ms on one).
fn read_files(files: &[PathBuf]) -> Vec<FileUrls> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len() / FILES_PER_THREAD)
        .max(1);
    if threads == 1 {
        return files.iter().map(|f| read_file(f)).collect();
    }
    let chunk = files.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = files
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|f| read_file(f)).collect::<Vec<_>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(v) => v,
                Err(p) => std::panic::resume_unwind(p),
            })
            .collect()
    })
}

/// Reads every case under `library` and gathers its URLs, in first-seen order.
pub fn collect(library: &Path) -> Collected {
    let mut out = Collected::default();
    let (files, path_problems) = collect_case_files(&[library.to_path_buf()]);
    for p in path_problems {
        out.problems
            .push(format!("{}: {}", p.path.display(), p.problem));
    }
    let mut by_url: IndexMap<String, Vec<Use>> = IndexMap::new();
    for f in read_files(&files) {
        out.problems.extend(f.problems);
        out.cases += f.cases;
        for (url, u) in f.uses {
            by_url.entry(url).or_default().push(u);
        }
    }
    out.targets = by_url
        .into_iter()
        .map(|(url, uses)| LinkTarget { url, uses })
        .collect();
    out
}

fn source_role(v: &Value, pointer: &str) -> Role {
    let parts: Vec<&str> = pointer.trim_start_matches('/').split('/').collect();
    if let ["sources", i, field] = parts.as_slice() {
        if let Ok(index) = i.parse::<usize>() {
            match *field {
                "url" => {
                    let archived = v["sources"][index]["archived"]
                        .as_str()
                        .filter(|s| !s.trim().is_empty())
                        .map(str::to_string);
                    return Role::Source { index, archived };
                }
                "archived" => return Role::Archived,
                _ => {}
            }
        }
    }
    Role::Other(pointer.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefilter_turns_away_only_what_the_parser_would() {
        for s in [
            "https://x.example/a",
            "HTTP://X.example",
            "http:x.example",
            "\u{1} https://x.example",
            "ht\ttp://x.example",
            "h\nttps://x.example",
        ] {
            assert!(is_checkable(s), "{s:?}");
        }
        for s in [
            "",
            "IL-1",
            "2024-01-02",
            "htt",
            "ftp://x.example",
            "mailto:a@b.c",
            "see https://x.example",
            "http:",
        ] {
            assert!(!is_checkable(s), "{s:?}");
            let parsed = url::Url::parse(s).ok();
            assert!(!parsed
                .is_some_and(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some()));
        }
    }

    #[test]
    fn urls_are_found_in_sources_and_elsewhere_and_deduplicated() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("a.json"),
            r#"{"id":"IL-1","date":"2024-01-02","sources":[{"url":"https://x.example/a","archived":null}],"summary":{"en":"see https://y.example/b"},"related":[{"url":"https://x.example/a"}]}"#,
        )
        .unwrap();
        std::fs::write(
            dir.path().join("b.jsonl"),
            "{\"id\":\"IL-2\",\"date\":\"2024-02-03\",\"sources\":[{\"url\":\"https://x.example/a\",\"archived\":\"https://web.archive.org/web/2024/https://x.example/a\"}]}\n",
        )
        .unwrap();
        let c = collect(dir.path());
        assert_eq!(c.cases, 2);
        let urls: Vec<&str> = c.targets.iter().map(|t| t.url.as_str()).collect();
        assert_eq!(
            urls,
            vec![
                "https://x.example/a",
                "https://web.archive.org/web/2024/https://x.example/a"
            ]
        );
        let a = &c.targets[0];
        assert_eq!(a.case_ids(), vec!["IL-1", "IL-2"]);
        assert_eq!(a.unarchived_sources().count(), 1);
        assert!(matches!(a.uses[1].role, Role::Other(_)));
    }
}
