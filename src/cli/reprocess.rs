//! `incidentlib reprocess --library DIR [--apply] [--json]`: re-label the library with the current mappings.
use crate::normalize::reprocess::{count_files, reprocess, Format, Options};
use crate::normalize::Normalizer;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Folder of case records (*.json, *.jsonl), searched recursively.
    #[arg(long, value_name = "DIR")]
    pub library: PathBuf,
    /// Write the changes to unreviewed cases (atomically); without it nothing is written.
    #[arg(long)]
    pub apply: bool,
    /// Sync each file to disk as it is written (slower), instead of once at the end.
    #[arg(long)]
    pub fsync_each: bool,
    /// Print the full report as one JSON document on standard output (written as cases finish).
    #[arg(long, conflicts_with = "jsonl")]
    pub json: bool,
    /// Print one JSON object per line as cases finish: a case report, or `{"path", "problem"}` for a skipped file.
    #[arg(long)]
    pub jsonl: bool,
    /// Largest record to read, in bytes.
    #[arg(long, default_value_t = crate::library::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: u64,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    // A vocabulary that cannot be loaded is a usage error: main prints it and exits 2.
    let vocab = cli.vocabulary()?;
    if !args.library.is_dir() {
        eprintln!(
            "error: {} is not a folder of case records (give --library DIR)",
            args.library.display()
        );
        return Ok(2);
    }
    let normalizer = Normalizer::new(&vocab)?;
    let bar = if std::io::stdout().is_terminal() && !cli.quiet {
        let pb = indicatif::ProgressBar::new(count_files(&args.library) as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(pb)
    } else {
        None
    };
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let format = if args.json {
        Format::Json
    } else if args.jsonl {
        Format::Jsonl
    } else {
        Format::Text
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let report = reprocess(
        &args.library,
        &vocab,
        &normalizer,
        &Options {
            apply: args.apply,
            max_record_bytes: args.max_record_bytes,
            fsync_each: args.fsync_each,
            format,
        },
        &mut out,
        &tick,
    )?;
    drop(out);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if !cli.quiet {
        if let Some(note) = report.ledger.as_ref().and_then(|l| l.note.as_deref()) {
            eprintln!("note: {note}");
        }
        eprintln!(
            "{} case(s) scanned, {} changed{}, {} proposal(s), {} skipped; vocabulary {}",
            report.scanned,
            report.changed(),
            if args.apply {
                format!(" ({} file(s) written)", report.written)
            } else {
                " (dry run: nothing written; add --apply)".to_string()
            },
            report.proposals(),
            report.skipped.len(),
            report.vocabulary
        );
    }
    Ok(report.exit_code())
}
