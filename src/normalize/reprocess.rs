//! Reprocess the library: re-run the normaliser over each case, diff its label fields, apply to unreviewed cases.
use super::{fill_case, CaseLabels, Label, Normalizer, SectionSpan};
use crate::case::{Case, LangText};
use crate::vocab::Vocabulary;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Threads that write when applying: each atomic write waits on fsync, and concurrent fsyncs
/// share journal commits, so many writers finish far sooner than one per core.
const APPLY_WRITER_THREADS: usize = 16;
/// Most evidence quotes kept per term in a report.
const MAX_EVIDENCE_PER_TERM: usize = 2;
/// The list fields the normaliser owns in a case, then the one-term field.
const LIST_FIELDS: [&str; 4] = ["symptoms", "contributing", "components", "domain"];
const CAUSE_FIELD: &str = "root_cause";

/// Options for [`reprocess`].
#[derive(Debug, Clone)]
pub struct Options {
    /// Write changed unreviewed cases (otherwise nothing is written).
    pub apply: bool,
    pub max_record_bytes: u64,
    /// Sync every file as it is written, instead of once at the end of the run.
    pub fsync_each: bool,
}

/// A quote that supports an added term.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Evidence {
    pub term: String,
    pub quote: String,
    pub section: Option<String>,
    pub rule: String,
}

/// What changes (or would change) in one field of one case.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Change {
    pub field: String,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub evidence: Vec<Evidence>,
}

/// A suggestion the tool will not apply by itself (reviewed cases, retired terms).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Proposal {
    pub field: String,
    /// `add` (a new term for a reviewed case), `replace` (a different root cause for a reviewed
    /// case) or `retired` (the case carries a term the vocabulary no longer has).
    pub kind: String,
    pub term: String,
    /// For `retired`: the closest term of the current vocabulary, if any.
    pub suggestion: Option<String>,
    pub evidence: Vec<Evidence>,
}

/// The outcome for one case.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CaseReport {
    pub id: String,
    pub path: String,
    pub reviewed: bool,
    pub changes: Vec<Change>,
    pub proposals: Vec<Proposal>,
}

/// A file or record that could not be reprocessed.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Skipped {
    pub path: String,
    pub problem: String,
}

/// The whole run. `cases` lists only cases with changes or proposals.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    pub vocabulary: String,
    pub cases: Vec<CaseReport>,
    pub skipped: Vec<Skipped>,
    #[serde(skip)]
    pub scanned: usize,
    #[serde(skip)]
    pub written: usize,
}

impl Report {
    pub fn changed(&self) -> usize {
        self.cases.iter().filter(|c| !c.changes.is_empty()).count()
    }
    pub fn proposals(&self) -> usize {
        self.cases.iter().map(|c| c.proposals.len()).sum()
    }
    /// 0 when every file was processed, 1 when any was skipped.
    pub fn exit_code(&self) -> i32 {
        if self.skipped.is_empty() {
            0
        } else {
            1
        }
    }
}

/// What one file gave.
struct FileOutcome {
    scanned: usize,
    written: bool,
    cases: Vec<CaseReport>,
    skipped: Vec<Skipped>,
}

/// Reprocesses every case file under `library` (in parallel); `progress` is called once per file.
pub fn reprocess(
    library: &Path,
    vocab: &Vocabulary,
    normalizer: &Normalizer,
    opts: &Options,
    progress: &(dyn Fn() + Sync),
) -> Report {
    let (files, problems) = crate::library::collect_case_files(&[library.to_path_buf()]);
    let mut report = Report {
        vocabulary: vocab.version().to_string(),
        ..Default::default()
    };
    for p in problems {
        report.skipped.push(Skipped {
            path: p.path.display().to_string(),
            problem: p.problem,
        });
    }
    let run = || -> Vec<FileOutcome> {
        files
            .par_iter()
            .map(|f| {
                let o = process_file(f, vocab, normalizer, opts);
                progress();
                o
            })
            .collect()
    };
    // Many writer threads only help while each write waits on its own fsync.
    let pool = if opts.apply && opts.fsync_each {
        rayon::ThreadPoolBuilder::new()
            .num_threads(APPLY_WRITER_THREADS.max(rayon::current_num_threads()))
            .build()
            .ok()
    } else {
        None
    };
    let outcomes = match &pool {
        Some(p) => p.install(run),
        None => run(),
    };
    for o in outcomes {
        report.scanned += o.scanned;
        report.written += usize::from(o.written);
        report.cases.extend(o.cases);
        report.skipped.extend(o.skipped);
    }
    if report.written > 0 && !opts.fsync_each {
        if let Err(e) = crate::case::io::sync_filesystem(library) {
            report.skipped.push(Skipped {
                path: library.display().to_string(),
                problem: format!("{e:#}; the changes are written but may not be on disk yet"),
            });
        }
    }
    report
}

/// The number of case files `reprocess` would visit (for a progress bar).
pub fn count_files(library: &Path) -> usize {
    crate::library::collect_case_files(&[library.to_path_buf()])
        .0
        .len()
}

fn process_file(path: &Path, vocab: &Vocabulary, n: &Normalizer, opts: &Options) -> FileOutcome {
    let shown = path.display().to_string();
    let mut out = FileOutcome {
        scanned: 0,
        written: false,
        cases: Vec::new(),
        skipped: Vec::new(),
    };
    let skip = |out: &mut FileOutcome, problem: String| {
        out.skipped.push(Skipped {
            path: shown.clone(),
            problem,
        })
    };
    let recs = match crate::library::read_records(path, opts.max_record_bytes) {
        Ok(r) => r,
        Err(e) => {
            skip(&mut out, format!("cannot read: {e}"));
            return out;
        }
    };
    for (line, problem) in recs.problems {
        let at = line.map(|l| format!("line {l}: ")).unwrap_or_default();
        skip(&mut out, format!("{at}{problem}"));
    }
    if recs.had_bom || recs.records.is_empty() {
        if recs.had_bom {
            skip(
                &mut out,
                "starts with a byte order mark; left unchanged (remove the BOM to reprocess it)"
                    .into(),
            );
        }
        return out;
    }
    let jsonl = path.extension().is_some_and(|e| e == "jsonl");
    // A .json file is one record: its text is the file. A .jsonl file is read again whole, so
    // each record's line can be replaced in place.
    let original = if jsonl {
        match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                skip(&mut out, format!("cannot read: {e}"));
                return out;
            }
        }
    } else {
        recs.records[0].text.clone()
    };
    let mut new_text = original.clone();
    let mut edited = false;
    // Records are edited from the last to the first so earlier byte offsets stay valid.
    let mut line_starts: Vec<usize> = vec![0];
    line_starts.extend(original.match_indices('\n').map(|(i, _)| i + 1));
    for rec in recs.records.iter().rev() {
        let where_ = if jsonl {
            format!("{shown}:{}", rec.line)
        } else {
            shown.clone()
        };
        // Parsed straight into the record type: edits go into the original text, so the parsed
        // JSON value is not needed.
        let case = match serde_json::from_str::<Case>(&rec.text) {
            Ok(c) => c,
            Err(e) => {
                let at = if jsonl {
                    format!("line {}: ", rec.line)
                } else {
                    String::new()
                };
                out.skipped.push(Skipped {
                    path: shown.clone(),
                    problem: format!(
                        "{at}not a valid case record ({e}); fix it, then run reprocess again"
                    ),
                });
                continue;
            }
        };
        out.scanned += 1;
        let (case_report, edits) = diff_case(&case, &where_, vocab, n, opts.apply);
        if !edits.is_empty() {
            match edit_record(&rec.text, &edits) {
                Ok(t) => {
                    let start = if jsonl {
                        line_starts.get(rec.line.saturating_sub(1)).copied()
                    } else {
                        Some(0)
                    };
                    let end = start.map(|s| s + rec.text.len());
                    match (start, end) {
                        (Some(s), Some(e)) if new_text.get(s..e) == Some(rec.text.as_str()) => {
                            new_text.replace_range(s..e, &t);
                            edited = true;
                        }
                        _ => out.skipped.push(Skipped {
                            path: where_.clone(),
                            problem: "the file changed while it was being reprocessed; run again"
                                .into(),
                        }),
                    }
                }
                Err(problem) => out.skipped.push(Skipped {
                    path: where_.clone(),
                    problem,
                }),
            }
        }
        if !case_report.changes.is_empty() || !case_report.proposals.is_empty() {
            out.cases.push(case_report);
        }
    }
    out.cases.reverse();
    if opts.apply && edited && new_text != original {
        let write = if opts.fsync_each {
            crate::case::io::write_atomic
        } else {
            crate::case::io::write_atomic_unsynced
        };
        match write(path, new_text.as_bytes()) {
            Ok(()) => out.written = true,
            Err(e) => skip(&mut out, format!("{e:#}")),
        }
    }
    out
}

/// The case's text fields as one text per language, each field its own section.
pub fn case_texts(case: &Case) -> BTreeMap<String, (String, Vec<SectionSpan>)> {
    let mut parts: Vec<(&str, &LangText)> = Vec::new();
    parts.push(("summary", &case.title));
    for (kind, v) in [
        ("summary", &case.summary),
        ("impact", &case.symptoms_text),
        ("trigger", &case.trigger),
        ("detection", &case.detection),
        ("lessons", &case.lessons),
    ] {
        if let Some(t) = v {
            parts.push((kind, t));
        }
    }
    for (kind, items) in [
        ("remediation", &case.remediation),
        ("action_items", &case.action_items),
    ] {
        for item in items.iter().flatten() {
            parts.push((kind, &item.text));
        }
    }
    // Translations repeat the same facts: label the record's first language (its title's), and
    // a field in another language only when the field lacks that one.
    let primary = case
        .title
        .keys()
        .next()
        .or_else(|| parts.iter().find_map(|(_, t)| t.keys().next()))
        .cloned()
        .unwrap_or_default();
    let mut out: BTreeMap<String, (String, Vec<SectionSpan>)> = BTreeMap::new();
    for (kind, texts) in parts {
        let Some((lang, t)) = texts
            .get_key_value(&primary)
            .or_else(|| texts.iter().next())
        else {
            continue;
        };
        if t.trim().is_empty() {
            continue;
        }
        let (text, sections) = out.entry(lang.clone()).or_default();
        let start = text.chars().count();
        text.push_str(t);
        sections.push(SectionSpan {
            kind: kind.to_string(),
            start,
            end: start + t.chars().count(),
        });
        text.push_str("\n\n");
    }
    out
}

/// Labels a case's own text with the current mappings, every language it is written in.
pub fn label_case(case: &Case, n: &Normalizer) -> Vec<Label> {
    let mut labels = Vec::new();
    for (lang, (text, sections)) in case_texts(case) {
        labels.extend(n.label(&text, &sections, Some(&lang)));
    }
    labels
}

/// A new value for one top-level key of a record.
#[derive(Debug, Clone)]
struct Edit {
    key: &'static str,
    value: serde_json::Value,
}

fn current(case: &Case, field: &str) -> Vec<String> {
    match field {
        "symptoms" => case.symptoms.clone(),
        "contributing" => case.contributing.clone(),
        "components" => case.components.clone(),
        "domain" => case.domain.clone(),
        _ => vec![case.root_cause.clone()],
    }
}

fn evidence_for(labels: &[Label], field: &str, term: &str) -> Vec<Evidence> {
    labels
        .iter()
        .filter(|l| l.field == field && l.term == term && l.assertion == super::Assertion::Affirmed)
        .take(MAX_EVIDENCE_PER_TERM)
        .map(|l| Evidence {
            term: term.to_string(),
            quote: l.quote.clone(),
            section: l.section.clone(),
            rule: l.rule.clone(),
        })
        .collect()
}

/// Compares a case with what the normaliser yields now; returns the report and the edits to make.
fn diff_case(
    case: &Case,
    path: &str,
    vocab: &Vocabulary,
    n: &Normalizer,
    apply: bool,
) -> (CaseReport, Vec<Edit>) {
    let labels = label_case(case, n);
    let got: CaseLabels = fill_case(&labels, vocab);
    let reviewed = case.is_reviewed();
    let mut report = CaseReport {
        id: case.id.clone(),
        path: path.to_string(),
        reviewed,
        changes: Vec::new(),
        proposals: Vec::new(),
    };
    let mut edits = Vec::new();
    for field in LIST_FIELDS.iter().copied().chain([CAUSE_FIELD]) {
        let have = current(case, field);
        let want = got.get(field);
        // Terms the vocabulary no longer has: never dropped silently.
        let mut kept_retired = Vec::new();
        let mut renamed_to = Vec::new();
        for t in &have {
            if vocab.contains(field, t) {
                continue;
            }
            let renamed = vocab
                .field(field)
                .and_then(|f| f.renamed.get(t))
                .filter(|new| vocab.contains(field, new))
                .cloned();
            match renamed {
                Some(new) if !reviewed => renamed_to.push((t.clone(), new)),
                _ => {
                    kept_retired.push(t.clone());
                    report.proposals.push(Proposal {
                        field: field.to_string(),
                        kind: "retired".into(),
                        term: t.clone(),
                        suggestion: vocab.suggest(field, t),
                        evidence: Vec::new(),
                    });
                }
            }
        }
        let have_set: BTreeSet<&String> = have.iter().collect();
        if reviewed {
            let additions: Vec<&String> = if field == CAUSE_FIELD {
                want.iter()
                    .filter(|t| !have_set.contains(t) && t.as_str() != super::fields::UNKNOWN_CAUSE)
                    .collect()
            } else {
                want.iter().filter(|t| !have_set.contains(t)).collect()
            };
            for t in additions {
                report.proposals.push(Proposal {
                    field: field.to_string(),
                    kind: if field == CAUSE_FIELD {
                        "replace"
                    } else {
                        "add"
                    }
                    .into(),
                    term: t.clone(),
                    suggestion: None,
                    evidence: evidence_for(&labels, field, t),
                });
            }
            continue;
        }
        // Unreviewed: the field becomes what the normaliser says, plus retired terms kept for a
        // curator to decide on.
        let mut new_value: Vec<String> = want.clone();
        for (_, new) in &renamed_to {
            if field == CAUSE_FIELD {
                if want.first().map(String::as_str) == Some(super::fields::UNKNOWN_CAUSE) {
                    new_value = vec![new.clone()];
                }
            } else if !new_value.contains(new) {
                new_value.push(new.clone());
            }
        }
        for t in &kept_retired {
            if !new_value.contains(t) {
                new_value.push(t.clone());
            }
        }
        if field == CAUSE_FIELD {
            // One term: a retired cause stays until the normaliser finds one.
            if want.first().map(String::as_str) == Some(super::fields::UNKNOWN_CAUSE)
                && !kept_retired.is_empty()
            {
                new_value = kept_retired.clone();
            } else {
                new_value.truncate(1);
            }
        }
        let new_set: BTreeSet<&String> = new_value.iter().collect();
        if new_set == have_set {
            continue;
        }
        let added: Vec<String> = new_value
            .iter()
            .filter(|t| !have_set.contains(t))
            .cloned()
            .collect();
        let removed: Vec<String> = have
            .iter()
            .filter(|t| !new_set.contains(t))
            .cloned()
            .collect();
        let mut evidence: Vec<Evidence> = added
            .iter()
            .flat_map(|t| evidence_for(&labels, field, t))
            .collect();
        for (old, new) in &renamed_to {
            evidence.push(Evidence {
                term: new.clone(),
                quote: old.clone(),
                section: None,
                rule: format!("renamed in the vocabulary: {old} -> {new}"),
            });
        }
        report.changes.push(Change {
            field: field.to_string(),
            added,
            removed,
            evidence,
        });
        if apply {
            let key = match field {
                "symptoms" => "symptoms",
                "contributing" => "contributing",
                "components" => "components",
                "domain" => "domain",
                _ => "root_cause",
            };
            let value = if field == CAUSE_FIELD {
                serde_json::Value::String(new_value.first().cloned().unwrap_or_default())
            } else {
                serde_json::Value::from(new_value)
            };
            edits.push(Edit { key, value });
        }
    }
    (report, edits)
}

/// Replaces the values of top-level keys in one JSON record's text, leaving every other byte.
fn edit_record(text: &str, edits: &[Edit]) -> Result<String, String> {
    let spans = top_level_values(text).ok_or_else(|| {
        "could not locate the record's top-level keys; left unchanged".to_string()
    })?;
    let mut replacements: Vec<(usize, usize, String)> = Vec::new();
    for e in edits {
        let (s, end) = spans.get(e.key).copied().ok_or_else(|| {
            format!(
                "the record has no {:?} key to update; add it (validate reports this)",
                e.key
            )
        })?;
        let value = serde_json::to_string(&e.value).map_err(|err| err.to_string())?;
        replacements.push((s, end, value));
    }
    replacements.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut out = text.to_string();
    for (s, e, v) in replacements {
        out.replace_range(s..e, &v);
    }
    Ok(out)
}

/// Byte spans of the values of a JSON object's top-level keys (the last one wins on duplicates).
fn top_level_values(text: &str) -> Option<BTreeMap<String, (usize, usize)>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    let mut out = BTreeMap::new();
    loop {
        i = skip_ws(b, i);
        match b.get(i)? {
            b'}' => return Some(out),
            b',' => {
                i += 1;
                continue;
            }
            b'"' => {}
            _ => return None,
        }
        let key_end = string_end(b, i)?;
        let key: String = serde_json::from_str(&text[i..key_end]).ok()?;
        i = skip_ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(b, i + 1);
        let start = i;
        let end = value_end(b, i)?;
        out.insert(key, (start, end));
        i = end;
    }
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// End (exclusive) of the string starting at `i` (which holds `"`).
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// End (exclusive) of the JSON value starting at `i`.
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = string_end(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
            {
                j += 1;
            }
            Some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_only_the_named_values() {
        let text = "{\"id\":\"X\",\n  \"symptoms\": [\"a\",\n \"b\"], \"odd\":{\"symptoms\":[1]},\"root_cause\":\"x\"}";
        let out = edit_record(
            text,
            &[
                Edit {
                    key: "symptoms",
                    value: serde_json::json!(["c"]),
                },
                Edit {
                    key: "root_cause",
                    value: serde_json::json!("y"),
                },
            ],
        )
        .unwrap();
        assert_eq!(
            out,
            "{\"id\":\"X\",\n  \"symptoms\": [\"c\"], \"odd\":{\"symptoms\":[1]},\"root_cause\":\"y\"}"
        );
    }

    #[test]
    fn finds_values_with_escapes_and_nesting() {
        let text = r#"{"a":"q\"}","b":[{"c":"]"}],"n":12.5,"t":true}"#;
        let spans = top_level_values(text).unwrap();
        let get = |k: &str| {
            let (s, e) = spans[k];
            &text[s..e]
        };
        assert_eq!(get("a"), r#""q\"}""#);
        assert_eq!(get("b"), r#"[{"c":"]"}]"#);
        assert_eq!(get("n"), "12.5");
        assert_eq!(get("t"), "true");
    }
}
