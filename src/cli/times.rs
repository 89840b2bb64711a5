//! `incidentlib times [--lang] [--tz] [--ref] [--json] [TEXT | -]`: what the time parser sees in a text.
use crate::time::{parse, Lexicons, ParseOptions};
use anyhow::Context;
use std::io::Read;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Language code (en, ko, vi, ja, zh, de, fr, es, pt); detected when absent.
    #[arg(long)]
    pub lang: Option<String>,
    /// Zone for times written without one: IANA name, UTC, +09:00 or an abbreviation.
    #[arg(long)]
    pub tz: Option<String>,
    /// Reference date-time for relative and partial expressions (2024-11-12 or 2024-11-12T09:00).
    #[arg(long = "ref", value_name = "DATETIME")]
    pub reference: Option<String>,
    /// Print JSON: {"times": [...], "durations": [...], "zone", "warnings", ...}.
    #[arg(long)]
    pub json: bool,
    /// The text, or "-" (or nothing) to read stdin.
    pub text: Option<String>,
}

/// Parses "2024-11-12", "2024-11-12T09:00", "2024-11-12 09:00:00".
fn parse_reference(s: &str) -> anyhow::Result<chrono::NaiveDateTime> {
    let t = s.trim();
    for f in [
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(d) = chrono::NaiveDateTime::parse_from_str(t, f) {
            return Ok(d);
        }
    }
    if let Ok(d) = chrono::DateTime::parse_from_rfc3339(t) {
        return Ok(d.naive_local());
    }
    chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default())
        .with_context(|| format!("--ref {t:?}: write a date like 2024-11-12 or 2024-11-12T09:00"))
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    // Left to the operating system when the process ends (freeing the compiled patterns costs
    // more than printing the result).
    let lex = match Lexicons::load(&cli.mappings_dir()) {
        Ok(l) => std::mem::ManuallyDrop::new(l),
        Err(e) => {
            eprintln!("error: {e:#}");
            return Ok(2);
        }
    };
    let reference = match args.reference.as_deref().map(parse_reference).transpose() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e:#}");
            return Ok(2);
        }
    };
    let text = match args.text.as_deref() {
        Some(t) if t != "-" => t.to_string(),
        _ => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .context("reading the text from stdin")?;
            String::from_utf8_lossy(&buf).into_owned()
        }
    };
    if let Some(l) = &args.lang {
        if lex.get(l).is_none() {
            eprintln!(
                "error: no time lexicon for --lang {l:?}; known: {}",
                lex.codes().join(", ")
            );
            return Ok(2);
        }
    }
    let parsed = parse(
        &text,
        &lex,
        &ParseOptions {
            lang: args.lang.clone(),
            tz: args.tz.clone(),
            reference,
            fallback_tz: None,
            ..Default::default()
        },
    );
    if args.json {
        println!("{}", serde_json::to_string_pretty(&parsed)?);
        return Ok(0);
    }
    println!(
        "language {}  zone {} ({:?})  anchor date {}",
        parsed.lang,
        parsed.zone.zone.as_deref().unwrap_or("unknown"),
        parsed.zone.how,
        parsed
            .anchor_date
            .map_or("none".to_string(), |d| d.to_string())
    );
    for t in &parsed.times {
        let v = t.value.map_or("?".to_string(), |v| v.iso());
        let e = t
            .end_value
            .map_or(String::new(), |v| format!(" → {}", v.iso()));
        let approx = if t.approximate { " ~" } else { "" };
        println!(
            "{:>6}..{:<6} {:<8} {v}{e}{approx}  {:?}",
            t.start,
            t.end,
            format!("{:?}", t.kind).to_lowercase(),
            t.quote
        );
    }
    for d in &parsed.durations {
        let approx = if d.approximate { " ~" } else { "" };
        println!(
            "{:>6}..{:<6} duration {}{approx}  {:?}",
            d.start, d.end, d.value, d.quote
        );
    }
    for w in &parsed.warnings {
        eprintln!("warning: {w}");
    }
    Ok(0)
}
