//! `review --accept`: check a reviewed case and write it into the library atomically.
use crate::case::io::write_atomic;
use crate::ledger;
use crate::vocab::Vocabulary;
use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Validates `reviewed` against the vocabulary and writes it to `<library>/<id>.json`, then
/// records its labels in the library's label ledger.
/// Refuses when the case is not marked reviewed, has problems, or when the library already
/// holds a different case (another organisation, date or source) under the same id.
pub fn accept(reviewed: &Path, library: &Path, vocab: &Vocabulary) -> Result<Accepted> {
    let text = std::fs::read_to_string(reviewed)
        .with_context(|| format!("reading {}", reviewed.display()))?;
    let text = text.trim_start_matches('\u{feff}').trim();
    let (id, problems) = crate::validate::check_text(text, vocab);
    if !problems.is_empty() {
        let list: Vec<String> = problems
            .iter()
            .map(|p| {
                format!(
                    "  {}: {}",
                    p.field.as_deref().unwrap_or("record"),
                    p.problem
                )
            })
            .collect();
        bail!(
            "{} is not a valid case; fix these and export again:\n{}",
            reviewed.display(),
            list.join("\n")
        );
    }
    let id = id.context("the case has no id")?;
    if id.contains(['/', '\\']) || id.starts_with('.') {
        bail!("id {id:?} cannot be a file name in the library");
    }
    let value: Value = serde_json::from_str(text)?;
    if value
        .pointer("/review/reviewed_at")
        .is_none_or(Value::is_null)
    {
        bail!(
            "{}: review.reviewed_at is not set; export it from the review page (which sets it)",
            reviewed.display()
        );
    }
    let target = library.join(format!("{id}.json"));
    let (files, _) = crate::library::collect_case_files(&[library.to_path_buf()]);
    for f in files {
        let Ok(records) =
            crate::library::read_records(&f, crate::library::DEFAULT_MAX_RECORD_BYTES)
        else {
            continue;
        };
        for rec in records.records {
            let Ok(other) = serde_json::from_str::<Value>(&rec.text) else {
                continue;
            };
            if other.get("id").and_then(Value::as_str) != Some(id.as_str()) {
                continue;
            }
            let key = |v: &Value| {
                (
                    v.get("org").cloned(),
                    v.get("date").cloned(),
                    v.pointer("/sources/0/url").cloned(),
                )
            };
            if key(&other) != key(&value) {
                bail!(
                    "{}:{} already holds a different case with id {id:?} (org, date or source \
                     differ); give this case another id",
                    f.display(),
                    rec.line
                );
            }
            if f != target {
                bail!(
                    "case {id:?} is already in the library at {}:{}; edit it there instead",
                    f.display(),
                    rec.line
                );
            }
        }
    }
    let compact = serde_json::to_string(&value)?;
    write_atomic(&target, compact.as_bytes())?;
    // The file is on disk (write_atomic syncs it); only now may the ledger vouch for its labels.
    let ledger_note = record_labels(library, &id, &value, vocab).err().map(|e| {
        format!(
            "{e:#}; the case is in the library, but its labels count as a curator's for reprocess"
        )
    });
    Ok(Accepted {
        path: target,
        ledger_note,
    })
}

/// What `accept` wrote.
#[derive(Debug)]
pub struct Accepted {
    pub path: PathBuf,
    /// Set when the label ledger could not be updated (the case itself was written).
    pub ledger_note: Option<String>,
}

/// The label fields of a case and the ledger's name for each.
const LABEL_FIELDS: [&str; 5] = [
    "symptoms",
    "contributing",
    "components",
    "domain",
    "root_cause",
];

/// Records in the library's label ledger which labels of the accepted case incidentlib wrote:
/// all of them when `draft` wrote the case (`review.written_by` names incidentlib: the review
/// page only ticks the draft's own labels), none otherwise (the row is cleared).
fn record_labels(library: &Path, id: &str, value: &Value, vocab: &Vocabulary) -> Result<()> {
    let by_incidentlib = value
        .pointer("/review/written_by")
        .and_then(Value::as_str)
        .is_some_and(|w| w.starts_with("incidentlib"));
    let mut entry = ledger::CaseEntry::new();
    for field in LABEL_FIELDS {
        let terms: Vec<String> = match value.get(field) {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
            Some(Value::String(s)) => vec![s.clone()],
            _ => continue,
        };
        let owned = if by_incidentlib {
            terms.clone()
        } else {
            Vec::new()
        };
        entry.insert(
            field.to_string(),
            ledger::FieldEntry {
                value: terms,
                owned,
            },
        );
    }
    let status = ledger::Status::inspect(library);
    let w = ledger::Writer::open(&status)?;
    w.record(id, &entry, "review --accept", vocab.version())?;
    w.commit()
}
