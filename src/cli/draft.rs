//! `incidentlib draft SOURCE...`: draft a case (and its review) from pages, files or stdin.
use crate::case::io::write_atomic;
use crate::draft::{Drafter, Options};
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Draft ids: `draft-<org>-<date>`, with a short hash of the page when the org or the date is
/// unknown or when that id already belongs to a different page's draft in the output folder.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Draft ids are draft-<org>-<date>. When the org or date is unknown, or the id \
is already taken in --out by a draft of a different source, a short hash of the page is added \
(draft-unknown-undated-1a2b3c4d), so every page keeps its own draft. Re-drafting the same page \
(same source URL) replaces its own draft; a different page's draft is never overwritten unless \
--force is given."
)]
pub struct Args {
    /// URLs, files, or `-` for stdin.
    #[arg(required = true, value_name = "SOURCE")]
    pub inputs: Vec<String>,
    /// The source URL to cite when SOURCE is a file.
    #[arg(long)]
    pub url: Option<String>,
    /// The page's language (ISO 639-1), instead of detecting it.
    #[arg(long)]
    pub lang: Option<String>,
    /// The page's time zone (IANA name or +HH:MM), instead of reading or inferring it.
    #[arg(long)]
    pub tz: Option<String>,
    /// Folder for `<id>.json` and `<id>.review.json`.
    #[arg(long, default_value = "output/drafts")]
    pub out: PathBuf,
    /// Print {"case", "review"} to stdout and write nothing.
    #[arg(long)]
    pub json: bool,
    /// Overwrite an existing draft even when it is of a different page.
    #[arg(long)]
    pub force: bool,
    /// Fix `updated_at` (RFC 3339) so output is reproducible.
    #[arg(long, value_parser = parse_now)]
    pub now: Option<chrono::DateTime<chrono::Utc>>,
    #[command(flatten)]
    pub fetch: super::fetch::FetchFlags,
}

fn parse_now(s: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    chrono::DateTime::parse_from_rfc3339(s)
        .map(|d| d.with_timezone(&chrono::Utc))
        .map_err(|e| format!("{s:?} is not an RFC 3339 timestamp ({e}); e.g. 2026-11-30T12:00:00Z"))
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    let drafter = Drafter::load(&cli.mappings_dir())?;
    let config = args.fetch.config()?;
    let opts = Options {
        lang: args.lang.clone(),
        tz: args.tz.clone(),
        now: args.now,
    };
    let mut failed = 0;
    for source in &args.inputs {
        let result = crate::draft::load::load(source, args.url.as_deref(), &config)
            .map(|input| drafter.draft(&input, &opts));
        let mut draft = match result {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {source}: {e:#}");
                failed += 1;
                continue;
            }
        };
        let id = match draft_id(&draft, &args.out, args.force || args.json) {
            Ok(id) => id,
            Err(e) => {
                eprintln!("error: {source}: {e:#}");
                failed += 1;
                continue;
            }
        };
        draft.case.id = id;
        if args.json {
            let v = serde_json::json!({
                "case": crate::case::Stored::new(draft.case.clone()).to_value(),
                "review": draft.review,
            });
            println!("{}", serde_json::to_string_pretty(&v)?);
            continue;
        }
        let case_path = args.out.join(format!("{}.json", draft.case.id));
        let review_path = args.out.join(format!("{}.review.json", draft.case.id));
        let text_path = args.out.join(format!("{}.txt", draft.case.id));
        write_atomic(&case_path, crate::case::to_json(&draft.case).as_bytes())
            .with_context(|| format!("writing the draft for {source}"))?;
        write_atomic(
            &review_path,
            serde_json::to_string_pretty(&draft.review)?.as_bytes(),
        )?;
        write_atomic(&text_path, draft.text.as_bytes())?;
        if !cli.quiet {
            print_summary(&draft, &case_path);
        }
    }
    // The process ends next: leave the compiled matchers to the OS instead of freeing them one
    // by one (a few milliseconds of a one-page draft).
    std::mem::forget(drafter);
    Ok(if failed > 0 { 1 } else { 0 })
}

/// The source a draft cites (its first source's URL).
fn source_of(case: &crate::case::Case) -> &str {
    case.sources.first().map(|s| s.url.as_str()).unwrap_or("")
}

/// A short hash of the page (its source and text), for ids that would otherwise collide.
fn page_hash(d: &crate::draft::Draft) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(source_of(&d.case).as_bytes());
    h.update([0]);
    h.update(d.text.as_bytes());
    hex::encode(&h.finalize()[..4])
}

/// Which source an existing draft in `out` cites: None when there is no such draft.
fn existing_source(out: &Path, id: &str) -> anyhow::Result<Option<String>> {
    let path = out.join(format!("{id}.json"));
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    // An unreadable draft is someone's work too: treat it as a different page.
    let source = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.pointer("/sources/0/url")?.as_str().map(str::to_string))
        .unwrap_or_default();
    Ok(Some(source))
}

/// The id to write a draft under: its own id, with the page's short hash when the org or date
/// is unknown or when the id belongs to a different page's draft in `out`. Errors when even
/// that is taken by a different page, unless `force`.
fn draft_id(d: &crate::draft::Draft, out: &Path, force: bool) -> anyhow::Result<String> {
    let base = d.case.id.clone();
    let unknown = d.case.org.trim().is_empty() || d.case.date.trim().is_empty();
    let hashed = format!("{base}-{}", page_hash(d));
    let mine = source_of(&d.case);
    let free = |id: &str| -> anyhow::Result<bool> {
        Ok(match existing_source(out, id)? {
            None => true,
            Some(src) => src == mine,
        })
    };
    if !unknown && (force || free(&base)?) {
        return Ok(base);
    }
    if force || free(&hashed)? {
        return Ok(hashed);
    }
    anyhow::bail!(
        "{} already holds a draft of a different page under the id {hashed}; \
         pass --force to overwrite it or --out to write elsewhere",
        out.display()
    )
}

fn print_summary(d: &crate::draft::Draft, path: &std::path::Path) {
    let r = &d.review;
    let c = &d.case;
    println!("{}", path.display());
    println!("  org       {}", c.org);
    println!("  date      {}", c.date);
    println!(
        "  language  {}   zone {} ({})",
        r.language,
        r.timezone.zone.as_deref().unwrap_or("?"),
        serde_json::to_value(r.timezone.how)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    );
    println!(
        "  window    {} → {}",
        r.window.start.as_deref().unwrap_or("?"),
        r.window.end.as_deref().unwrap_or("?")
    );
    let show = |d: Option<crate::case::Duration>| d.map(|d| d.to_string()).unwrap_or("—".into());
    println!(
        "  detected  {}   resolved {}",
        show(c.timeline.detected_after),
        show(c.timeline.resolved_after)
    );
    println!(
        "  labels    {} / root cause {}",
        c.symptoms
            .iter()
            .chain(&c.contributing)
            .chain(&c.components)
            .cloned()
            .collect::<Vec<_>>()
            .join(", "),
        c.root_cause
    );
    for w in &r.warnings {
        println!("  warning   {w}");
    }
}
