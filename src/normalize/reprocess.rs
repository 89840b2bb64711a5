//! Reprocess the library: re-run the normaliser over each case, diff its label fields, apply to unreviewed cases, stream the report.
//!
//! Only labels the label ledger says incidentlib wrote may be removed or replaced; every other
//! label is a curator's, kept, with a disagreement reported as a proposal (see [`crate::ledger`]).
use super::pipeline;
use super::{fill_case, CaseLabels, Label, Normalizer, SectionSpan};
use crate::case::{Case, LangText};
use crate::ledger::{self, CaseEntry, FieldEntry};
use crate::vocab::Vocabulary;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;

/// Threads that write when applying: each atomic write waits on fsync, and concurrent fsyncs
/// share journal commits, so many writers finish far sooner than one per core.
const APPLY_WRITER_THREADS: usize = 16;
/// Files handed to a worker at a time (see [`pipeline::ordered`]): each chunk costs a few
/// thread wake-ups, so a chunk is several milliseconds of work.
const FILES_PER_CHUNK: usize = 32;
/// Chunks a worker thread may be ahead of the report by (read, labelled and rendered, waiting
/// for their turn to be written): memory stays flat however large the library.
const CHUNKS_IN_FLIGHT_PER_THREAD: usize = 4;
/// Most evidence quotes kept per term in a report.
const MAX_EVIDENCE_PER_TERM: usize = 2;
/// Bytes reserved for one case's rendered report (most fit; a longer one grows its buffer).
const RENDER_CAPACITY: usize = 4096;
/// The list fields the normaliser owns in a case, then the one-term field.
const LIST_FIELDS: [&str; 4] = ["symptoms", "contributing", "components", "domain"];
const CAUSE_FIELD: &str = "root_cause";
/// The command name the ledger records for labels written here.
const WRITTEN_BY: &str = "reprocess";

/// How the report is written while cases finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Nothing per case (the caller prints the summary).
    Quiet,
    /// A few lines per case for people.
    Text,
    /// One JSON document `{"vocabulary", "ledger", "cases", "skipped"}`.
    Json,
    /// One JSON object per line: a case report, or `{"path", "problem"}` for a skipped file.
    Jsonl,
}

/// Options for [`reprocess`].
#[derive(Debug, Clone)]
pub struct Options {
    /// Write changed unreviewed cases (otherwise nothing is written).
    pub apply: bool,
    pub max_record_bytes: u64,
    /// Sync every file as it is written, instead of once at the end of the run.
    pub fsync_each: bool,
    pub format: Format,
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

/// A suggestion the tool will not apply by itself (reviewed cases, a curator's labels, retired terms).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Proposal {
    pub field: String,
    /// `add` (a new term for a reviewed case), `replace` (a different root cause for a reviewed
    /// case or over a curator's), `remove` (the mappings no longer find a curator's term) or
    /// `retired` (the case carries a term the vocabulary no longer has).
    pub kind: String,
    pub term: String,
    /// For `retired`: the closest term of the current vocabulary, if any.
    pub suggestion: Option<String>,
    pub evidence: Vec<Evidence>,
    /// Why it is only a proposal, when that is not plain from `kind`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
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

/// The label ledger as the run found it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LedgerReport {
    pub path: String,
    /// ok | missing | damaged | older | newer
    pub state: String,
    /// Why labels count as a curator's, or what --apply did to the ledger.
    pub note: Option<String>,
}

/// The whole run's totals (the cases themselves are written out as they finish).
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub vocabulary: String,
    pub ledger: Option<LedgerReport>,
    pub skipped: Vec<Skipped>,
    pub scanned: usize,
    pub written: usize,
    /// Cases with changes.
    pub changed: usize,
    pub proposals: usize,
    /// Reviewed cases that got proposals.
    pub reviewed_with_proposals: usize,
}

impl Report {
    pub fn changed(&self) -> usize {
        self.changed
    }
    pub fn proposals(&self) -> usize {
        self.proposals
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

/// One case's report, already rendered, and what it counts for.
struct Listed {
    text: String,
    changed: bool,
    proposals: usize,
    reviewed: bool,
}

/// What one file gave.
#[derive(Default)]
struct FileOutcome {
    scanned: usize,
    written: bool,
    cases: Vec<Listed>,
    skipped: Vec<Skipped>,
    /// Ledger entries for the records written (recorded only once the file is written).
    ledger: Vec<(String, CaseEntry)>,
}

/// Writes the report as it goes, in the chosen format.
struct Sink<'a> {
    out: &'a mut dyn Write,
    format: Format,
    cases_written: usize,
}

impl Sink<'_> {
    fn start(&mut self, vocabulary: &str, ledger: &LedgerReport) -> std::io::Result<()> {
        if self.format == Format::Json {
            let v = serde_json::to_string(vocabulary)?;
            let l = indent(&serde_json::to_string_pretty(ledger)?, "  ");
            write!(
                self.out,
                "{{\n  \"vocabulary\": {v},\n  \"ledger\": {l},\n  \"cases\": ["
            )?;
        }
        Ok(())
    }

    fn case(&mut self, rendered: &str) -> std::io::Result<()> {
        if self.format == Format::Json {
            let sep = if self.cases_written == 0 { "" } else { "," };
            write!(self.out, "{sep}\n    {rendered}")?;
        } else {
            self.out.write_all(rendered.as_bytes())?;
        }
        self.cases_written += 1;
        Ok(())
    }

    /// A skipped file, for the formats that print them as they come (true when printed).
    fn skipped(&mut self, s: &Skipped) -> std::io::Result<bool> {
        match self.format {
            Format::Text => writeln!(self.out, "skipped {}: {}", s.path, s.problem)?,
            Format::Jsonl => writeln!(self.out, "{}", serde_json::to_string(s)?)?,
            Format::Json | Format::Quiet => return Ok(false),
        }
        Ok(true)
    }

    fn finish(&mut self, skipped: &[Skipped]) -> std::io::Result<()> {
        if self.format == Format::Json {
            let end = if self.cases_written == 0 {
                "]"
            } else {
                "\n  ]"
            };
            let s = indent(&serde_json::to_string_pretty(skipped)?, "  ");
            write!(self.out, "{end},\n  \"skipped\": {s}\n}}\n")?;
        }
        self.out.flush()
    }
}

/// Pretty JSON nested one level deeper (JSON strings hold no raw line breaks).
fn indent(pretty: &str, by: &str) -> String {
    pretty.replace('\n', &format!("\n{by}"))
}

/// Renders one case's report in `format` (empty for [`Format::Quiet`]).
pub fn render_case(c: &CaseReport, format: Format) -> String {
    match format {
        Format::Quiet => String::new(),
        Format::Json => {
            // Nested in the document's "cases" list as it is written (no second pass).
            let mut buf = Vec::with_capacity(RENDER_CAPACITY);
            match super::indented::write_nested(&mut buf, c, b"    ") {
                Ok(()) => String::from_utf8(buf).unwrap_or_default(),
                Err(_) => String::new(),
            }
        }
        Format::Jsonl => {
            // Written into a buffer sized for most reports, not grown from a few bytes.
            let mut buf = Vec::with_capacity(RENDER_CAPACITY);
            match serde_json::to_writer(&mut buf, c) {
                Ok(()) => {
                    buf.push(b'\n');
                    String::from_utf8(buf).unwrap_or_default()
                }
                Err(_) => "\n".to_string(),
            }
        }
        Format::Text => {
            use std::fmt::Write as _;
            let mut s = String::new();
            let tag = if c.reviewed { " (reviewed)" } else { "" };
            let _ = writeln!(s, "{} {}{tag}", c.id, c.path);
            for ch in &c.changes {
                let _ = writeln!(
                    s,
                    "  {}: +[{}] -[{}]",
                    ch.field,
                    ch.added.join(", "),
                    ch.removed.join(", ")
                );
                for e in &ch.evidence {
                    let _ = writeln!(s, "    {} <- {:?}", e.term, e.quote);
                }
            }
            for p in &c.proposals {
                let extra = p
                    .suggestion
                    .as_deref()
                    .map(|s| format!(" (closest: {s})"))
                    .unwrap_or_default();
                let quote = p
                    .evidence
                    .first()
                    .map(|e| format!(" <- {:?}", e.quote))
                    .unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  proposal {} {}: {}{extra}{quote}",
                    p.kind, p.field, p.term
                );
            }
            s
        }
    }
}

/// Reprocesses every case file under `library` (in parallel, on [`pipeline::ordered`]), writing
/// each case's report to `out` in library order as it finishes; `progress` is called once per
/// file. Errors only when `out` cannot be written.
pub fn reprocess(
    library: &Path,
    vocab: &Vocabulary,
    normalizer: &Normalizer,
    opts: &Options,
    out: &mut dyn Write,
    progress: &(dyn Fn() + Sync),
) -> std::io::Result<Report> {
    let status = ledger::Status::inspect(library);
    let mut ledger_report = LedgerReport {
        path: status.path.display().to_string(),
        state: status.word().to_string(),
        note: status.note(),
    };
    // The writer records what this run writes; it commits only after the case files are synced.
    let mut writer = None;
    if opts.apply {
        match ledger::Writer::open(&status) {
            Ok(w) => {
                if let Some(n) = &w.note {
                    ledger_report.note = Some(match ledger_report.note.take() {
                        Some(before) => format!("{before}; {n}"),
                        None => n.clone(),
                    });
                }
                writer = Some(w);
            }
            Err(e) => {
                let n =
                    format!("{e:#}; labels written now will count as a curator's on the next run");
                ledger_report.note = Some(match ledger_report.note.take() {
                    Some(before) => format!("{before}; {n}"),
                    None => n,
                });
            }
        }
    }
    let mut report = Report {
        vocabulary: vocab.version().to_string(),
        ..Default::default()
    };
    let mut sink = Sink {
        out,
        format: opts.format,
        cases_written: 0,
    };
    sink.start(&report.vocabulary, &ledger_report)?;
    let note = status.note();
    // Many writer threads only help while each write waits on its own fsync.
    let threads = if opts.apply && opts.fsync_each {
        APPLY_WRITER_THREADS.max(worker_threads())
    } else {
        worker_threads()
    };
    let mut ledger_failed: Option<String> = None;
    // A library run: the phrase and trigger DFAs are built beside the workers, not by one of
    // them while the others wait (the labels are the same either way).
    super::dense::build_in_background();
    // The library is walked on the pipeline's feeder thread; each file is read, labelled and
    // rendered on a worker; the report is written here, in library order, as files finish.
    pipeline::ordered(
        || crate::library::walk_case_files(library),
        threads,
        // Each write waiting on its own fsync wants a file per thread, not a chunk.
        if opts.apply && opts.fsync_each {
            1
        } else {
            FILES_PER_CHUNK
        },
        CHUNKS_IN_FLIGHT_PER_THREAD * threads,
        || status.reader(),
        |reader, item| match item {
            Ok(f) => {
                let o = process_file(
                    &f,
                    vocab,
                    normalizer,
                    opts,
                    reader.as_ref(),
                    note.as_deref(),
                );
                progress();
                o
            }
            Err(p) => FileOutcome {
                skipped: vec![Skipped {
                    path: p.path.display().to_string(),
                    problem: p.problem,
                }],
                ..FileOutcome::default()
            },
        },
        |o: FileOutcome| -> std::io::Result<()> {
            report.scanned += o.scanned;
            report.written += usize::from(o.written);
            for c in &o.cases {
                report.changed += usize::from(c.changed);
                report.proposals += c.proposals;
                report.reviewed_with_proposals += usize::from(c.reviewed && c.proposals > 0);
                sink.case(&c.text)?;
            }
            for s in o.skipped {
                sink.skipped(&s)?;
                report.skipped.push(s);
            }
            if let (Some(w), true) = (&writer, o.written) {
                for (id, entry) in &o.ledger {
                    if let Err(e) = w.record(id, entry, WRITTEN_BY, &report.vocabulary) {
                        ledger_failed.get_or_insert_with(|| format!("{e:#}"));
                    }
                }
            }
            Ok(())
        },
    )?;
    let mut synced = true;
    if report.written > 0 && !opts.fsync_each {
        if let Err(e) = crate::case::io::sync_filesystem(library) {
            synced = false;
            let s = Skipped {
                path: library.display().to_string(),
                problem: format!("{e:#}; the changes are written but may not be on disk yet"),
            };
            sink.skipped(&s)?;
            report.skipped.push(s);
        }
    }
    // The ledger vouches for labels only once the files holding them are on disk.
    if let Some(w) = writer {
        let problem = match (&ledger_failed, synced) {
            (Some(e), _) => Some(format!("recording the label ledger failed ({e})")),
            (None, false) => Some("the case files could not be synced".to_string()),
            (None, true) => w.commit().err().map(|e| format!("{e:#}")),
        };
        if let Some(p) = problem {
            let s = Skipped {
                path: ledger_report.path.clone(),
                problem: format!(
                    "{p}; the ledger is unchanged, so labels written by this run count as a \
                     curator's (kept) on the next run"
                ),
            };
            sink.skipped(&s)?;
            report.skipped.push(s);
        }
    }
    sink.finish(&report.skipped)?;
    report.ledger = Some(ledger_report);
    Ok(report)
}

/// Worker threads for a run: `RAYON_NUM_THREADS` when set (as before the pipeline, which ran on
/// rayon's pool), else one per core.
fn worker_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The number of case files `reprocess` would visit (for a progress bar).
pub fn count_files(library: &Path) -> usize {
    crate::library::walk_case_files(library)
        .filter(Result::is_ok)
        .count()
}

fn process_file(
    path: &Path,
    vocab: &Vocabulary,
    n: &Normalizer,
    opts: &Options,
    ledger: Option<&ledger::Reader>,
    ledger_note: Option<&str>,
) -> FileOutcome {
    let shown = path.display().to_string();
    let mut out = FileOutcome {
        scanned: 0,
        written: false,
        cases: Vec::new(),
        skipped: Vec::new(),
        ledger: Vec::new(),
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
    // A dry run edits nothing, so it needs no copy of the file's text.
    let original = if !opts.apply {
        String::new()
    } else if jsonl {
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
        // Reviewed cases are never changed, so their ledger entry is not needed.
        let entry = if case.is_reviewed() {
            None
        } else {
            ledger.and_then(|l| l.get(&case.id))
        };
        let ctx = Ctx {
            vocab,
            n,
            apply: opts.apply,
            entry: entry.as_ref(),
            ledger_note,
        };
        let (case_report, edits, new_entry) = diff_case(&case, &where_, &ctx);
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
                            out.ledger.push((case.id.clone(), new_entry));
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
            out.cases.push(Listed {
                text: render_case(&case_report, opts.format),
                changed: !case_report.changes.is_empty(),
                proposals: case_report.proposals.len(),
                reviewed: case_report.reviewed,
            });
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
    if !out.written {
        out.ledger.clear();
    }
    out
}

/// A case's text per language (see [`case_texts`]): language → (text, its sections).
pub type CaseTexts = BTreeMap<String, (String, Vec<SectionSpan>)>;

/// The case's text fields as one text per language, each field its own section.
pub fn case_texts(case: &Case) -> CaseTexts {
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
    // Chars written so far per language (counted once per part, not over the whole text again).
    let mut chars_so_far: BTreeMap<&str, usize> = BTreeMap::new();
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
        let so_far = chars_so_far.entry(lang.as_str()).or_default();
        let start = *so_far;
        let n = t.chars().count();
        text.push_str(t);
        sections.push(SectionSpan {
            kind: kind.to_string(),
            start,
            end: start + n,
        });
        text.push_str("\n\n");
        *so_far += n + 2;
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

/// The affirmed labels of [`label_case`]: all that the field rules and the evidence read,
/// borrowing their strings from `texts` (the case's, by [`case_texts`]) and the vocabulary.
fn affirmed_labels<'a>(texts: &'a CaseTexts, n: &'a Normalizer) -> Vec<Label<&'a str>> {
    let mut labels = Vec::new();
    for (lang, (text, sections)) in texts {
        let more = n.label_affirmed_borrowed(text, sections, Some(lang));
        // Most cases are labelled in one language: its list is kept, not copied label by label.
        if labels.is_empty() {
            labels = more;
        } else {
            labels.extend(more);
        }
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

fn evidence_for(labels: &[Label<&str>], field: &str, term: &str) -> Vec<Evidence> {
    labels
        .iter()
        .filter(|l| l.field == field && l.term == term && l.assertion == super::Assertion::Affirmed)
        .take(MAX_EVIDENCE_PER_TERM)
        .map(|l| Evidence {
            term: term.to_string(),
            quote: l.quote.to_string(),
            section: l.section.map(str::to_string),
            rule: l.rule.clone(),
        })
        .collect()
}

/// What [`diff_case`] needs besides the case.
struct Ctx<'a> {
    vocab: &'a Vocabulary,
    n: &'a Normalizer,
    apply: bool,
    /// What the ledger says incidentlib wrote into this case.
    entry: Option<&'a CaseEntry>,
    /// Why the ledger vouches for nothing (missing, damaged, older), for proposals' reasons.
    ledger_note: Option<&'a str>,
}

/// Why a curator's term is proposed for removal or replacement instead of changed.
fn curator_reason(ctx: &Ctx, field: &str) -> String {
    let why = match (ctx.ledger_note, ctx.entry.and_then(|e| e.get(field))) {
        (Some(_), _) => "the label ledger is not usable (see ledger.note)",
        (None, Some(_)) => "the field was edited after incidentlib wrote it",
        (None, None) => "incidentlib did not write it",
    };
    format!("a curator's label, kept: {why}")
}

/// Compares a case with what the normaliser yields now; returns the report, the edits to make
/// and what the ledger should say about the case once they are written.
fn diff_case(case: &Case, path: &str, ctx: &Ctx) -> (CaseReport, Vec<Edit>, CaseEntry) {
    let vocab = ctx.vocab;
    // The field rules and the evidence read only affirmed labels.
    let texts = case_texts(case);
    let labels = affirmed_labels(&texts, ctx.n);
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
    let mut entry = CaseEntry::new();
    for field in LIST_FIELDS.iter().copied().chain([CAUSE_FIELD]) {
        let have = current(case, field);
        let want = got.get(field);
        let owned = ledger::owned(ctx.entry, field, &have);
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
                        reason: None,
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
                    reason: None,
                });
            }
            continue;
        }
        // Unreviewed. Renamed terms move to their new name and keep their owner.
        let rename = |t: &String| -> String {
            renamed_to
                .iter()
                .find(|(old, _)| old == t)
                .map(|(_, new)| new.clone())
                .unwrap_or_else(|| t.clone())
        };
        let mut base: Vec<String> = Vec::new();
        for t in &have {
            let t = rename(t);
            if !base.contains(&t) {
                base.push(t);
            }
        }
        let owned_base: BTreeSet<String> = owned.iter().map(rename).collect();
        let retired: BTreeSet<&String> = kept_retired.iter().collect();
        let mut new_value: Vec<String>;
        let mut owned_after: Vec<String>;
        if field == CAUSE_FIELD {
            let cur = base.first().cloned().unwrap_or_default();
            let w = want
                .first()
                .cloned()
                .unwrap_or_else(|| super::fields::UNKNOWN_CAUSE.to_string());
            if owned_base.contains(&cur) {
                // incidentlib's own cause follows the mappings (a retired one stays until they
                // find another).
                let keep = w == super::fields::UNKNOWN_CAUSE && retired.contains(&cur);
                new_value = vec![if keep { cur.clone() } else { w.clone() }];
                owned_after = new_value.clone();
            } else {
                new_value = vec![cur.clone()];
                owned_after = Vec::new();
                if w != cur && w != super::fields::UNKNOWN_CAUSE {
                    report.proposals.push(Proposal {
                        field: field.to_string(),
                        kind: "replace".into(),
                        term: w.clone(),
                        suggestion: None,
                        evidence: evidence_for(&labels, field, &w),
                        reason: Some(curator_reason(ctx, field)),
                    });
                }
            }
        } else {
            // incidentlib's own terms the mappings no longer find go; a curator's stay, and
            // the disagreement is a proposal; new terms are added after the kept ones.
            new_value = Vec::new();
            owned_after = Vec::new();
            for t in &base {
                let mine = owned_base.contains(t);
                if want.contains(t) || retired.contains(t) {
                    new_value.push(t.clone());
                    if mine {
                        owned_after.push(t.clone());
                    }
                } else if !mine {
                    new_value.push(t.clone());
                    report.proposals.push(Proposal {
                        field: field.to_string(),
                        kind: "remove".into(),
                        term: t.clone(),
                        suggestion: None,
                        evidence: Vec::new(),
                        reason: Some(format!(
                            "{}; the current mappings do not find it in the case's text",
                            curator_reason(ctx, field)
                        )),
                    });
                }
            }
            for t in &want {
                if !new_value.contains(t) {
                    new_value.push(t.clone());
                    owned_after.push(t.clone());
                }
            }
        }
        entry.insert(
            field.to_string(),
            FieldEntry {
                value: new_value.clone(),
                owned: owned_after,
            },
        );
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
        if ctx.apply {
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
    (report, edits, entry)
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
