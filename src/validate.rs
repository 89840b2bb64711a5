//! Checks case records against the record's shape and the controlled vocabulary.
use crate::case::{Duration, REQUIRED_KEYS};
use crate::library::{self, PathProblem};
use crate::vocab::Vocabulary;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One problem found in a record or a file.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Problem {
    pub path: String,
    pub line: Option<usize>,
    pub id: Option<String>,
    pub field: Option<String>,
    pub problem: String,
}

/// The outcome of validating a set of paths.
#[derive(Debug, Default)]
pub struct Report {
    pub files: usize,
    pub records: usize,
    pub problems: Vec<Problem>,
    /// Paths that could not be read at all (I/O errors: exit code 2).
    pub io_errors: usize,
    /// Notes that are not problems (a byte order mark was skipped, …).
    pub notes: Vec<String>,
}

impl Report {
    /// 0 all valid, 1 some record invalid, 2 an I/O error.
    pub fn exit_code(&self) -> i32 {
        if self.io_errors > 0 {
            2
        } else if self.problems.is_empty() {
            0
        } else {
            1
        }
    }
}

/// Options for [`validate_paths`].
#[derive(Debug, Clone)]
pub struct Options {
    pub max_record_bytes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_record_bytes: library::DEFAULT_MAX_RECORD_BYTES,
        }
    }
}

/// Validates every case file under `paths` (in parallel) and every record in them.
pub fn validate_paths(paths: &[PathBuf], vocab: &Vocabulary, opts: &Options) -> Report {
    let (files, path_problems) = library::collect_case_files(paths);
    let mut report = Report {
        files: files.len(),
        ..Default::default()
    };
    for PathProblem { path, problem } in path_problems {
        report.io_errors += 1;
        report.problems.push(Problem {
            path: path.display().to_string(),
            line: None,
            id: None,
            field: None,
            problem,
        });
    }
    struct FileResult {
        records: usize,
        problems: Vec<Problem>,
        ids: Vec<(String, usize)>,
        io_error: bool,
        bom: bool,
    }
    let results: Vec<(PathBuf, FileResult)> = files
        .par_iter()
        .map(|path| {
            let shown = path.display().to_string();
            let mut res = FileResult {
                records: 0,
                problems: vec![],
                ids: vec![],
                io_error: false,
                bom: false,
            };
            match library::read_records(path, opts.max_record_bytes) {
                Err(e) => {
                    res.io_error = true;
                    res.problems.push(Problem {
                        path: shown,
                        line: None,
                        id: None,
                        field: None,
                        problem: format!("cannot read: {e}"),
                    });
                }
                Ok(fr) => {
                    res.bom = fr.had_bom;
                    for (line, problem) in fr.problems {
                        res.problems.push(Problem {
                            path: shown.clone(),
                            line,
                            id: None,
                            field: None,
                            problem,
                        });
                    }
                    for rec in fr.records {
                        res.records += 1;
                        let (id, problems) = check_text(&rec.text, vocab);
                        if let Some(id) = &id {
                            res.ids.push((id.clone(), rec.line));
                        }
                        for p in problems {
                            let line = if rec.line == 1 && p.line.is_some() {
                                p.line
                            } else {
                                Some(rec.line)
                            };
                            res.problems.push(Problem {
                                path: shown.clone(),
                                line,
                                ..p
                            });
                        }
                    }
                }
            }
            (path.clone(), res)
        })
        .collect();
    let mut seen: HashMap<String, (PathBuf, usize)> = HashMap::new();
    for (path, res) in results {
        report.records += res.records;
        if res.io_error {
            report.io_errors += 1;
        }
        if res.bom {
            report.notes.push(format!(
                "{}: starts with a UTF-8 byte order mark; it was skipped (save without BOM)",
                path.display()
            ));
        }
        report.problems.extend(res.problems);
        for (id, line) in res.ids {
            if let Some((first, first_line)) = seen.get(&id) {
                report.problems.push(Problem {
                    path: path.display().to_string(),
                    line: Some(line),
                    id: Some(id.clone()),
                    field: Some("id".into()),
                    problem: format!(
                        "duplicate id {id:?}: already used in {}:{}",
                        first.display(),
                        first_line
                    ),
                });
            } else {
                seen.insert(id, (path.clone(), line));
            }
        }
    }
    report
}

/// Checks one record's JSON text; returns its id (when readable) and its problems
/// (path left empty; `line` set when the problem has a position in the text).
pub fn check_text(text: &str, vocab: &Vocabulary) -> (Option<String>, Vec<Problem>) {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let what = match e.classify() {
                serde_json::error::Category::Eof => "truncated JSON (ends too early)",
                _ => "invalid JSON",
            };
            return (
                None,
                vec![Problem {
                    path: String::new(),
                    line: Some(e.line()),
                    id: None,
                    field: None,
                    problem: format!("{what}: {e}"),
                }],
            );
        }
    };
    let id = value.get("id").and_then(Value::as_str).map(str::to_string);
    let mut problems = check_value(&value, vocab);
    for p in &mut problems {
        p.id = id.clone();
        if p.line.is_none() {
            if let Some(field) = &p.field {
                p.line = line_of_key(text, field.split(['.', '[']).next().unwrap_or(field));
            }
        }
    }
    (id, problems)
}

fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let needle = format!("\"{key}\"");
    let at = text.find(&needle)?;
    Some(text[..at].bytes().filter(|b| *b == b'\n').count() + 1)
}

/// Checks a parsed record against the case shape and the vocabulary; reports every problem.
pub fn check_value(v: &Value, vocab: &Vocabulary) -> Vec<Problem> {
    let mut c = Checker {
        vocab,
        problems: vec![],
    };
    let Some(obj) = v.as_object() else {
        c.add("", "a case record must be a JSON object");
        return c.problems;
    };
    for key in REQUIRED_KEYS {
        if !obj.contains_key(*key) {
            c.add(key, "missing required key");
        }
    }
    for (key, val) in obj {
        c.check_key(key, val);
    }
    c.problems
}

struct Checker<'a> {
    vocab: &'a Vocabulary,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn add(&mut self, field: &str, problem: impl Into<String>) {
        self.problems.push(Problem {
            path: String::new(),
            line: None,
            id: None,
            field: (!field.is_empty()).then(|| field.to_string()),
            problem: problem.into(),
        });
    }

    fn check_key(&mut self, key: &str, val: &Value) {
        match key {
            "id" => match val.as_str() {
                Some(s) if !s.trim().is_empty() => {}
                _ => self.add(key, "must be a non-empty string"),
            },
            "org" | "date_kind" => self.string(key, val),
            "date" => match val.as_str() {
                Some(s) => {
                    if chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_err() || s.len() != 10 {
                        self.add(key, format!("{s:?} is not a date; write YYYY-MM-DD"));
                    }
                }
                None => self.add(key, "must be a date string YYYY-MM-DD"),
            },
            "title" => self.lang_text(key, val, false),
            "summary" | "trigger" | "lessons" | "detection" | "symptoms_text" => {
                self.lang_text(key, val, true)
            }
            "symptoms" | "contributing" | "components" | "domain" => self.terms(key, key, val),
            "root_cause" | "severity" => match val {
                Value::String(s) => self.term(key, key, s),
                Value::Array(a) => self.add(
                    key,
                    format!(
                        "must be exactly one term (a string), not a list of {}",
                        a.len()
                    ),
                ),
                _ => self.add(key, "must be exactly one term (a string)"),
            },
            "sources" => self.sources(val),
            "timeline" => self.timeline(val),
            "review" => {
                self.object_of_strings(key, val, &["written_by", "reviewed_at", "reviewed_by"])
            }
            "impact" if !val.is_null() => {
                self.object_of_strings(key, val, &["scope", "users", "region"])
            }
            "remediation" | "action_items" => self.text_items(key, val),
            "docs" | "related" if !val.is_null() && !val.is_array() => {
                self.add(key, "must be a list or null");
            }
            "updated_at" => match val {
                Value::Null => {}
                Value::String(s) if chrono::DateTime::parse_from_rfc3339(s).is_ok() => {}
                _ => self.add(key, "must be an RFC 3339 timestamp or null"),
            },
            "url" | "org_slug" => self.opt_string(key, val),
            _ => {}
        }
    }

    fn string(&mut self, key: &str, val: &Value) {
        if !val.is_string() {
            self.add(key, format!("must be a string, not {}", kind(val)));
        }
    }

    fn opt_string(&mut self, key: &str, val: &Value) {
        if !val.is_string() && !val.is_null() {
            self.add(key, format!("must be a string or null, not {}", kind(val)));
        }
    }

    fn lang_text(&mut self, key: &str, val: &Value, nullable: bool) {
        match val {
            Value::Null if nullable => {}
            Value::Object(m) => {
                for (lang, text) in m {
                    if !is_lang_code(lang) {
                        self.add(
                            &format!("{key}.{lang}"),
                            "not a language code (use ISO 639-1 such as en, ko, vi)",
                        );
                    }
                    if !text.is_string() {
                        self.add(&format!("{key}.{lang}"), "must be a string");
                    }
                }
            }
            _ => self.add(
                key,
                format!(
                    "must be a map from language code to text{}, not {}",
                    if nullable { " or null" } else { "" },
                    kind(val)
                ),
            ),
        }
    }

    fn terms(&mut self, key: &str, field: &str, val: &Value) {
        let Some(items) = val.as_array() else {
            self.add(key, format!("must be a list of terms, not {}", kind(val)));
            return;
        };
        for (i, item) in items.iter().enumerate() {
            match item.as_str() {
                Some(s) => self.term(&format!("{key}[{i}]"), field, s),
                None => self.add(&format!("{key}[{i}]"), "must be a term (string)"),
            }
        }
    }

    fn term(&mut self, key: &str, field: &str, term: &str) {
        if self.vocab.field(field).is_none() || self.vocab.contains(field, term) {
            return;
        }
        let hint = match self.vocab.suggest(field, term) {
            Some(s) => format!("; did you mean {s:?}?"),
            None => format!("; see mappings/{field}.toml for the terms"),
        };
        self.add(key, format!("unknown {field} term {term:?}{hint}"));
    }

    fn sources(&mut self, val: &Value) {
        let Some(items) = val.as_array() else {
            self.add("sources", "must be a list of sources");
            return;
        };
        if items.is_empty() {
            self.add("sources", "needs at least one source");
        }
        for (i, s) in items.iter().enumerate() {
            let at = format!("sources[{i}]");
            let Some(m) = s.as_object() else {
                self.add(&at, "must be an object {url, kind, archived}");
                continue;
            };
            match m.get("url").and_then(Value::as_str) {
                Some(u) if url::Url::parse(u).is_ok() => {}
                Some(u) => self.add(
                    &format!("{at}.url"),
                    format!("{u:?} is not an absolute URL"),
                ),
                None => self.add(&format!("{at}.url"), "missing or not a string"),
            }
            match m.get("kind").and_then(Value::as_str) {
                Some(k) => self.term(&format!("{at}.kind"), "source_kind", k),
                None => self.add(&format!("{at}.kind"), "missing or not a string"),
            }
            if let Some(a) = m.get("archived") {
                match a {
                    Value::Null => {}
                    Value::String(u) if url::Url::parse(u).is_ok() => {}
                    _ => self.add(&format!("{at}.archived"), "must be an absolute URL or null"),
                }
            }
        }
    }

    fn timeline(&mut self, val: &Value) {
        let Some(m) = val.as_object() else {
            self.add(
                "timeline",
                "must be an object {detected_after, resolved_after}",
            );
            return;
        };
        for key in ["detected_after", "resolved_after"] {
            let at = format!("timeline.{key}");
            match m.get(key) {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => {
                    if let Err(e) = s.parse::<Duration>() {
                        self.add(&at, e.to_string());
                    }
                }
                Some(other) => self.add(
                    &at,
                    format!(
                        "must be a duration string like \"1h15m\" or null, not {}",
                        kind(other)
                    ),
                ),
            }
        }
    }

    fn object_of_strings(&mut self, key: &str, val: &Value, keys: &[&str]) {
        let Some(m) = val.as_object() else {
            self.add(key, format!("must be an object, not {}", kind(val)));
            return;
        };
        for k in keys {
            if let Some(v) = m.get(*k) {
                self.opt_string(&format!("{key}.{k}"), v);
            }
        }
    }

    fn text_items(&mut self, key: &str, val: &Value) {
        match val {
            Value::Null => {}
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let at = format!("{key}[{i}]");
                    match item.get("text") {
                        Some(t) => self.lang_text(&format!("{at}.text"), t, false),
                        None => self.add(&at, "must be an object with a `text` map"),
                    }
                }
            }
            _ => self.add(key, "must be a list of {text} items or null"),
        }
    }
}

fn is_lang_code(s: &str) -> bool {
    let mut parts = s.split('-');
    let first = parts.next().unwrap_or("");
    (2..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Convenience: validate one path with the default vocabulary.
pub fn validate_path(path: &Path) -> anyhow::Result<Report> {
    let vocab = Vocabulary::load_default()?;
    Ok(validate_paths(
        &[path.to_path_buf()],
        &vocab,
        &Options::default(),
    ))
}
