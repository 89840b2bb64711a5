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
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    let drafter = Drafter::load(&cli.mappings_dir())?;
    let opts = Options::default();
    let config = crate::fetch::Config::default();
    let report = crate::draft::eval::evaluate(&args.corpus, |src| {
        let input = crate::draft::load::load(&src.to_string_lossy(), None, &config)?;
        Ok(drafter.draft(&input, &opts))
    })?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(0);
    }
    let b = |x: bool| if x { "✓" } else { "·" };
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
    let t = &report.totals;
    println!();
    println!("documents {}  errors {}", t.documents, t.errors);
    println!("language        {:.1}%", t.language * 100.0);
    println!("org             {:.1}%", t.org * 100.0);
    println!("date            {:.1}%", t.date * 100.0);
    println!("window start    {:.1}%", t.window_start * 100.0);
    println!("window end      {:.1}%", t.window_end * 100.0);
    println!("detected_after  {:.1}%", t.detected_after * 100.0);
    println!("resolved_after  {:.1}%", t.resolved_after * 100.0);
    println!("events F1       {:.3}", t.events_f1);
    println!(
        "durations recall {:.3}  (extra durations reported: {})",
        t.durations_recall, t.durations_extra
    );
    println!("labels F1       {:.3}", t.labels_f1);
    println!("root cause      {:.1}%", t.root_cause * 100.0);
    println!("must_not_label violations {}", t.must_not_label_violations);
    let _ = cli;
    Ok(0)
}
