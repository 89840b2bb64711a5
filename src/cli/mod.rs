//! The command line: global flags, one subcommand per file in this folder, exit codes.
use clap::{Parser, Subcommand};
use std::path::PathBuf;

mod draft;
mod eval;
pub mod fetch;
mod labels;
pub mod links;
mod reprocess;
mod review;
mod schema;
mod times;
mod validate;
pub mod watch;
mod window_kinds;

/// Turn public incident postmortems into draft case records, and keep the library healthy.
#[derive(Debug, Parser)]
#[command(name = "incidentlib", version, about, propagate_version = true)]
pub struct Cli {
    /// More log output on stderr (-v info, -vv debug, -vvv trace).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Only errors on stderr.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Folder of vocabulary and language data (default: ./mappings, or beside the binary).
    #[arg(long, global = true, env = "INCIDENTLIB_MAPPINGS", value_name = "DIR")]
    pub mappings: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check case records (files or folders of *.json / *.jsonl) against the record and vocabulary.
    Validate(validate::Args),
    /// Print a JSON Schema of the case record.
    Schema(schema::Args),
    /// Render a draft as a self-contained HTML page for review, or accept a reviewed case.
    Review(review::Args),
    /// Show every time expression and duration the time parser finds in a text.
    Times(times::Args),
    /// Fetch a URL, file or stdin politely and print what was fetched.
    Fetch(Box<fetch::Args>),
    /// Draft a case record (and its review) from a postmortem page, file or stdin.
    Draft(Box<draft::Args>),
    /// Draft every document of a gold corpus and score the drafts.
    Eval(eval::Args),
    /// Show the vocabulary labels a text yields, with evidence and assertions.
    Labels(labels::Args),
    /// Re-run the normaliser over the library with the current mappings; --apply writes.
    Reprocess(reprocess::Args),
    /// Check the library's source URLs for rot, with history; suggest archived copies.
    Links(links::Args),
    /// Poll status pages and blog feeds; draft each new postmortem once (`--once`, `--every`, `status`).
    Watch(Box<watch::Args>),
}

impl Cli {
    /// The vocabulary folder this run uses.
    pub fn mappings_dir(&self) -> PathBuf {
        self.mappings
            .clone()
            .unwrap_or_else(|| crate::paths::data_dir("mappings"))
    }

    /// The controlled vocabulary this run uses.
    pub fn vocabulary(&self) -> anyhow::Result<crate::vocab::Vocabulary> {
        crate::vocab::Vocabulary::load(&self.mappings_dir())
    }
}

/// Runs the parsed command; returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match &cli.command {
        Command::Validate(args) => validate::run(&cli, args),
        Command::Schema(args) => schema::run(args),
        Command::Review(args) => review::run(&cli, args),
        Command::Times(args) => times::run(&cli, args),
        Command::Fetch(args) => fetch::run(args),
        Command::Draft(args) => draft::run(&cli, args),
        Command::Eval(args) => eval::run(&cli, args),
        Command::Labels(args) => labels::run(&cli, args),
        Command::Reprocess(args) => reprocess::run(&cli, args),
        Command::Links(args) => links::run(args),
        Command::Watch(args) => watch::run(&cli, args),
    }
}

/// Sets up logging to stderr from -v/-q (RUST_LOG overrides).
pub fn init_logging(verbose: u8, quiet: bool) {
    let level = match (quiet, verbose) {
        (true, _) => "error",
        (_, 0) => "warn",
        (_, 1) => "info",
        (_, 2) => "debug",
        _ => "trace",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new(format!(
            "{level},html5ever=error,markup5ever=error,dom_query=error,dom_smoothie=error"
        ))
    });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .without_time()
        .try_init();
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_line_definition_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
