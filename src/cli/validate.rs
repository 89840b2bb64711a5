//! `incidentlib validate PATH...`: report every problem in case records; exit 0, 1 or 2.
use crate::validate::{validate_paths, Options};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Case files (*.json, *.jsonl) or folders to search for them.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print the problems as a JSON array of {path, line, id, field, problem}.
    #[arg(long)]
    pub json: bool,
    /// Largest record to read, in bytes.
    #[arg(long, default_value_t = crate::library::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: u64,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    // A vocabulary that cannot be loaded is a usage error: main prints it and exits 2.
    let vocab = cli.vocabulary()?;
    let report = validate_paths(
        &args.paths,
        &vocab,
        &Options {
            max_record_bytes: args.max_record_bytes,
        },
    );
    for note in &report.notes {
        tracing::warn!("{note}");
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report.problems)?);
    } else {
        for p in &report.problems {
            let mut at = p.path.clone();
            if let Some(line) = p.line {
                at.push_str(&format!(":{line}"));
            }
            let id =
                p.id.as_deref()
                    .map(|i| format!(" [{i}]"))
                    .unwrap_or_default();
            let field = p
                .field
                .as_deref()
                .map(|f| format!(" {f}:"))
                .unwrap_or_default();
            println!("{at}{id}{field} {}", p.problem);
        }
        let invalid = report.problems.len();
        if !cli.quiet {
            eprintln!(
                "{} file(s), {} record(s), {} problem(s); vocabulary {}",
                report.files,
                report.records,
                invalid,
                vocab.version()
            );
        }
    }
    Ok(report.exit_code())
}
