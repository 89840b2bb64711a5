//! `incidentlib labels [--lang LANG] [--json] [TEXT | -]`: show the labels a text yields, with evidence.
use crate::normalize::{detect_lang, fill_case, guess_sections, Assertion, Normalizer};
use std::io::Read;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Language of the text (en, ko, vi, ja, zh, de, fr, es, pt); detected when absent.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Print {"labels": [...], "fields": {...}} as JSON.
    #[arg(long)]
    pub json: bool,
    /// The text to label, or `-` (or nothing) to read standard input.
    #[arg(value_name = "TEXT")]
    pub text: Option<String>,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    // A vocabulary that cannot be loaded is a usage error: main prints it and exits 2.
    // The process ends right after this command: the vocabulary and the compiled matchers are
    // left to the operating system (freeing them cost 8% of labelling a sentence).
    let vocab = std::mem::ManuallyDrop::new(cli.vocabulary()?);
    let normalizer = std::mem::ManuallyDrop::new(Normalizer::new(&vocab)?);
    let text = match args.text.as_deref() {
        Some(t) if t != "-" => t.to_string(),
        _ => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| anyhow::anyhow!("reading the text from standard input: {e}"))?;
            s
        }
    };
    let lang = args.lang.clone().unwrap_or_else(|| detect_lang(&text));
    let sections = guess_sections(&text, normalizer.assertions(), &lang);
    let labels = normalizer.label(&text, &sections, Some(&lang));
    let fields = fill_case(&labels, &vocab);
    if args.json {
        let out = serde_json::json!({"language": lang, "labels": labels, "fields": fields});
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(0);
    }
    for l in &labels {
        let mark = if l.assertion == Assertion::Affirmed {
            "+"
        } else {
            "-"
        };
        println!(
            "{mark} {}/{} {:?} [{}..{}] {}{} conf {:.2} ({})",
            l.field,
            l.term,
            l.quote,
            l.start,
            l.end,
            l.assertion.as_str(),
            l.section
                .as_deref()
                .map(|s| format!(" in {s}"))
                .unwrap_or_default(),
            l.confidence,
            l.rule
        );
    }
    println!("symptoms:     {}", fields.symptoms.join(", "));
    println!("root_cause:   {}", fields.root_cause);
    println!("contributing: {}", fields.contributing.join(", "));
    println!("components:   {}", fields.components.join(", "));
    println!("domain:       {}", fields.domain.join(", "));
    Ok(0)
}
