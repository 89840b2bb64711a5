//! `incidentlib eval --corpus DIR`: draft every gold document and score the drafts.
use crate::draft::{Drafter, Options};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Folder of `*.gold.json` files and their documents.
    #[arg(long)]
    pub corpus: PathBuf,
    /// Print the full report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also list what each document got wrong.
    #[arg(long)]
    pub misses: bool,
    /// Only one half of the corpus (split by a SHA-256 of the file name): `a` to develop
    /// on, `b` to check on. Without it both halves are scored and reported apart.
    #[arg(long, value_parser = ["a", "b"])]
    pub half: Option<String>,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    let drafter = Drafter::load(&cli.mappings_dir())?;
    let opts = Options::default();
    let config = crate::fetch::Config::default();
    let half = args.half.as_deref().and_then(|h| h.chars().next());
    let report = crate::draft::eval::evaluate(&args.corpus, half, |src, url| {
        let input = crate::draft::load::load(&src.to_string_lossy(), url, &config)?;
        Ok(drafter.draft(&input, &opts))
    })?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(0);
    }
    let b = |x: Option<bool>| match x {
        Some(true) => "✓",
        Some(false) => "·",
        None => "-",
    };
    println!("document                lang org date start end det res  events(F1) dur  labels(F1) rc  mnl");
    for d in &report.documents {
        if let Some(e) = &d.error {
            println!("{:<24} error: {e}", d.document);
            continue;
        }
        println!(
            "{:<24} {:^4} {:^3} {:^4} {:^5} {:^3} {:^3} {:^3}  {:>9.2} {:>2}/{:<2} {:>9.2} {:^3} {}",
            d.document,
            b(d.language),
            b(d.org),
            b(d.date),
            b(d.window_start),
            b(d.window_end),
            b(d.detected_after),
            b(d.resolved_after),
            d.events.f1(),
            d.durations_found,
            d.durations_gold,
            d.labels.f1(),
            b(d.root_cause),
            d.must_not_label_violations.len()
        );
        if args.misses {
            for m in &d.misses {
                println!("    {m}");
            }
            for x in &d.durations_extra {
                println!("    duration extra: {x}");
            }
            for x in &d.must_not_label_violations {
                println!("    must_not_label: {x}");
            }
        }
    }
    println!();
    println!("(- = not stated in the gold, not scored)");
    println!("{:<26} {:>8} {:>8} {:>8}", "", "all", "half a", "half b");
    let cols = [&report.totals, &report.halves.a, &report.halves.b];
    let row = |name: &str, f: &dyn Fn(&crate::draft::eval::Totals) -> String| {
        println!(
            "{name:<26} {:>8} {:>8} {:>8}",
            f(cols[0]),
            f(cols[1]),
            f(cols[2])
        );
    };
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    row("documents", &|t| t.documents.to_string());
    row("errors", &|t| t.errors.to_string());
    row("language", &|t| pct(t.language));
    row("org", &|t| pct(t.org));
    row("date", &|t| pct(t.date));
    row("window start", &|t| pct(t.window_start));
    row("window end", &|t| pct(t.window_end));
    row("detected_after", &|t| pct(t.detected_after));
    row("resolved_after", &|t| pct(t.resolved_after));
    row("events F1", &|t| format!("{:.3}", t.events_f1));
    row("durations recall", &|t| {
        format!("{:.3}", t.durations_recall)
    });
    row("durations extra", &|t| t.durations_extra.to_string());
    row("labels F1", &|t| format!("{:.3}", t.labels_f1));
    row("root cause", &|t| pct(t.root_cause));
    row("must_not_label violations", &|t| {
        t.must_not_label_violations.to_string()
    });
    let _ = cli;
    Ok(0)
}
