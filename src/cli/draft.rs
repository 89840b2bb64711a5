//! `incidentlib draft SOURCE...`: draft a case (and its review) from pages, files or stdin.
use crate::case::io::write_atomic;
use crate::draft::{Drafter, Options};
use anyhow::Context;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
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
        let draft = match result {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {source}: {e:#}");
                failed += 1;
                continue;
            }
        };
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
    Ok(if failed > 0 { 1 } else { 0 })
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
