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
    /// Instead of the per-document report, print per vocabulary term and field the true
    /// positives, false positives, false negatives and `must_not_label` hits summed over the
    /// documents scored (counts only: no document names, no text).
    #[arg(long)]
    pub by_term: bool,
    /// Also count, per half, what kind of wrong organisation the misses got (empty, the
    /// site's host, a publisher's or authority's name, a name with something left on, …):
    /// counts only, no document names.
    #[arg(long)]
    pub org_misses_kinds: bool,
    /// Also count, per half, what kind of wrong window start or end, date, detection or
    /// resolution the misses got (none given, another zone, another day, earlier or later by
    /// how much) and in which languages: counts only, no document names.
    #[arg(long)]
    pub window_misses_kinds: bool,
}

pub fn run(cli: &super::Cli, args: &Args) -> anyhow::Result<i32> {
    let drafter = Drafter::load(&cli.mappings_dir())?;
    let opts = Options::default();
    let config = crate::fetch::Config::default();
    let half = args.half.as_deref().and_then(|h| h.chars().next());
    let cases = std::cell::RefCell::new(Vec::new());
    let kept = std::cell::RefCell::new(std::collections::HashMap::new());
    let report = crate::draft::eval::evaluate(&args.corpus, half, |src, url| {
        let input = crate::draft::load::load(&src.to_string_lossy(), url, &config)?;
        let d = drafter.draft(&input, &opts);
        if args.org_misses_kinds {
            kept.borrow_mut().insert(src.to_path_buf(), d.clone());
        }
        if args.by_term {
            let found = mentions(&d.review.labels);
            cases
                .borrow_mut()
                .push((src.to_path_buf(), d.case.clone(), found));
        }
        Ok(d)
    })?;
    if args.by_term {
        return by_term(&args.corpus, half, &cases.into_inner(), args.json);
    }
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
    if args.window_misses_kinds {
        super::window_kinds::print(&report);
    }
    if args.org_misses_kinds {
        print_org_miss_kinds(&drafter, &args.corpus, &report, &kept.into_inner());
    }
    let _ = cli;
    Ok(0)
}

/// Counts of one vocabulary term in one field, summed over the documents scored.
#[derive(Debug, Default, serde::Serialize)]
struct TermCounts {
    field: &'static str,
    term: String,
    tp: usize,
    fp: usize,
    fn_: usize,
    /// Documents where the term was given although the gold lists it in `must_not_label`.
    must_not_label: usize,
    /// False negatives the text never mentioned (a phrase is missing).
    fn_unseen: usize,
    /// False negatives mentioned, but never as affirmed (negated, hypothetical, historical).
    fn_unaffirmed: usize,
    /// False negatives affirmed but not kept (too little support, or a rival term won).
    fn_dropped: usize,
    /// Languages (the gold's) of the false negatives and of the false positives, with counts:
    /// phrases are per language, so this says whose phrase lists to look at.
    fn_langs: BTreeMap<String, usize>,
    fp_langs: BTreeMap<String, usize>,
}

use std::collections::BTreeMap;

/// How a document's labels mention each (field, term): seen at all, seen affirmed.
type Mentions = std::collections::BTreeMap<(String, String), bool>;

/// The (field, term) pairs of a review's labels, each with whether one mention is affirmed.
fn mentions(labels: &[serde_json::Value]) -> Mentions {
    let mut out = Mentions::new();
    for l in labels {
        let (Some(f), Some(t)) = (l["field"].as_str(), l["term"].as_str()) else {
            continue;
        };
        let affirmed = l["assertion"].as_str() == Some("affirmed");
        *out.entry((f.to_string(), t.to_string())).or_default() |= affirmed;
    }
    out
}

/// `eval --by-term`: per (field, term) true and false positives and false negatives of the
/// drafted `cases` (source path, case) against the gold of `corpus` (the documents of `half`,
/// or all), sorted by errors (false positives plus false negatives), most first. Counts only,
/// so a held-out half can be inspected without reading its documents.
fn by_term(
    corpus: &std::path::Path,
    half: Option<char>,
    cases: &[(PathBuf, crate::case::Case, Mentions)],
    json: bool,
) -> anyhow::Result<i32> {
    use crate::draft::eval::{half_of, Gold};
    use anyhow::Context;
    use std::collections::BTreeSet;
    let mut table: BTreeMap<(&'static str, String), TermCounts> = BTreeMap::new();
    fn entry<'t>(
        table: &'t mut BTreeMap<(&'static str, String), TermCounts>,
        field: &'static str,
        term: &str,
    ) -> &'t mut TermCounts {
        table
            .entry((field, term.to_string()))
            .or_insert_with(|| TermCounts {
                field,
                term: term.to_string(),
                ..Default::default()
            })
    }
    // A false negative, and why: never mentioned, never affirmed, or affirmed but not kept.
    fn miss(c: &mut TermCounts, seen: &Mentions, field: &str, term: &str, lang: &str) {
        c.fn_ += 1;
        *c.fn_langs.entry(lang.to_string()).or_default() += 1;
        match seen.get(&(field.to_string(), term.to_string())) {
            None => c.fn_unseen += 1,
            Some(false) => c.fn_unaffirmed += 1,
            Some(true) => c.fn_dropped += 1,
        }
    }
    let mut golds: Vec<PathBuf> = std::fs::read_dir(corpus)
        .with_context(|| format!("reading corpus folder {}", corpus.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".gold.json"))
        .collect();
    golds.sort();
    let mut scored = 0;
    for gp in golds {
        let name = gp.file_name().unwrap_or_default().to_string_lossy();
        if half.is_some_and(|h| h != half_of(name.trim_end_matches(".gold.json"))) {
            continue;
        }
        // A gold that does not parse or whose document failed is an error in the main report.
        let Some(gold) = std::fs::read_to_string(&gp)
            .ok()
            .and_then(|t| serde_json::from_str::<Gold>(&t).ok())
        else {
            continue;
        };
        let src = corpus.join(&gold.source);
        let Some((_, case, seen)) = cases.iter().find(|(p, _, _)| *p == src) else {
            continue;
        };
        scored += 1;
        let lists: [(&'static str, &Vec<String>, &Vec<String>); 3] = [
            ("symptoms", &gold.symptoms, &case.symptoms),
            ("contributing", &gold.contributing, &case.contributing),
            ("components", &gold.components, &case.components),
        ];
        for (field, want, got) in lists {
            let want: BTreeSet<&String> = want.iter().collect();
            let got: BTreeSet<&String> = got.iter().collect();
            for t in want.intersection(&got) {
                entry(&mut table, field, t).tp += 1;
            }
            for t in got.difference(&want) {
                let c = entry(&mut table, field, t);
                c.fp += 1;
                *c.fp_langs.entry(gold.language.clone()).or_default() += 1;
            }
            for t in want.difference(&got) {
                miss(entry(&mut table, field, t), seen, field, t, &gold.language);
            }
        }
        if let Some(want) = &gold.root_cause {
            let ok = std::iter::once(want)
                .chain(&gold.alternatives.root_cause)
                .any(|g| g == &case.root_cause);
            if ok {
                entry(&mut table, "root_cause", &case.root_cause).tp += 1;
            } else {
                let c = entry(&mut table, "root_cause", &case.root_cause);
                c.fp += 1;
                *c.fp_langs.entry(gold.language.clone()).or_default() += 1;
                let lang = &gold.language;
                miss(
                    entry(&mut table, "root_cause", want),
                    seen,
                    "root_cause",
                    want,
                    lang,
                );
            }
        }
        let given: [(&'static str, &Vec<String>); 4] = [
            ("symptoms", &case.symptoms),
            ("contributing", &case.contributing),
            ("components", &case.components),
            ("domain", &case.domain),
        ];
        for t in &gold.must_not_label {
            if let Some((field, _)) = given.iter().find(|(_, v)| v.contains(t)) {
                entry(&mut table, field, t).must_not_label += 1;
            } else if &case.root_cause == t {
                entry(&mut table, "root_cause", t).must_not_label += 1;
            }
        }
    }
    let mut rows: Vec<TermCounts> = table.into_values().collect();
    rows.sort_by(|a, b| {
        (b.fp + b.fn_ + b.must_not_label)
            .cmp(&(a.fp + a.fn_ + a.must_not_label))
            .then(a.field.cmp(b.field))
            .then(a.term.cmp(&b.term))
    });
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "documents": scored,
                "terms": rows,
            }))?
        );
        return Ok(0);
    }
    println!("{scored} documents");
    println!(
        "{:<13} {:<28} {:>4} {:>4} {:>4} {:>4}   fn: {:>6} {:>10} {:>7}  fn / fp languages",
        "field", "term", "tp", "fp", "fn", "mnl", "unseen", "unaffirmed", "dropped"
    );
    let langs = |m: &BTreeMap<String, usize>| -> String {
        m.iter()
            .map(|(l, n)| format!("{l}:{n}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    for r in &rows {
        println!(
            "{:<13} {:<28} {:>4} {:>4} {:>4} {:>4}       {:>6} {:>10} {:>7}  {} / {}",
            r.field,
            r.term,
            r.tp,
            r.fp,
            r.fn_,
            r.must_not_label,
            r.fn_unseen,
            r.fn_unaffirmed,
            r.fn_dropped,
            langs(&r.fn_langs),
            langs(&r.fp_langs)
        );
    }
    Ok(0)
}

/// `--org-misses-kinds`: for every document whose org is wrong, the kind of mistake, told by
/// comparing strings only (the gold and its aliases, the draft's org, title, text and URL, the
/// language's `[org]` words), counted per half, with the rule that gave the wrong name.
fn print_org_miss_kinds(
    drafter: &Drafter,
    dir: &std::path::Path,
    report: &crate::draft::eval::EvalReport,
    drafts: &std::collections::HashMap<PathBuf, crate::draft::Draft>,
) {
    use std::collections::BTreeMap;
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    // (half, what) → count, for kinds, rules and languages.
    let mut counts: BTreeMap<(char, String), usize> = BTreeMap::new();
    for d in report.documents.iter().filter(|d| d.org == Some(false)) {
        let half = crate::draft::eval::half_of(&d.document);
        let gold_path = dir.join(format!("{}.gold.json", d.document));
        let Some(gold) = std::fs::read_to_string(&gold_path)
            .ok()
            .and_then(|t| serde_json::from_str::<crate::draft::eval::Gold>(&t).ok())
        else {
            continue;
        };
        let Some(draft) = drafts.get(&dir.join(&gold.source)) else {
            continue;
        };
        let got = squash(&draft.case.org);
        let wants: Vec<String> = gold
            .org
            .iter()
            .chain(&gold.org_aliases)
            .flat_map(|o| o.split(['(', ')', '/']).map(squash).collect::<Vec<_>>())
            .filter(|k| k.chars().count() >= 2)
            .collect();
        let dw = drafter.words.for_page(&draft.review.language);
        let host = gold
            .url
            .as_deref()
            .and_then(|u| url::Url::parse(u).ok())
            .and_then(|u| u.host_str().map(squash))
            .unwrap_or_default();
        let head: String = draft.text.chars().take(2500).collect();
        let title = draft
            .case
            .title
            .values()
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
            + draft.text.lines().next().unwrap_or("");
        let in_text = |hay: &str| wants.iter().any(|w| squash(hay).contains(w.as_str()));
        let kind = if draft.case.org.trim().is_empty() {
            "empty org".to_string()
        } else if got.is_empty() {
            "a name with no letters".to_string()
        } else if wants.contains(&got) {
            "the same letters, spaced or cased differently".to_string()
        } else if let Some(w) = wants.iter().find(|w| got.starts_with(w.as_str())) {
            let rest: String = draft
                .case
                .org
                .chars()
                .rev()
                .take(got.chars().count() - w.chars().count())
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if dw.org_particles.iter().any(|p| p == &rest) {
                "the name with a particle left on".to_string()
            } else {
                "the name with more after it".to_string()
            }
        } else if wants.iter().any(|w| got.contains(w.as_str())) {
            "the name with words before it".to_string()
        } else if wants.iter().any(|w| w.contains(got.as_str())) {
            "part of the name".to_string()
        } else if host.contains(&got) {
            "the site's host name".to_string()
        } else if dw
            .org_reporters
            .iter()
            .any(|r| !r.is_empty() && draft.case.org.ends_with(r.as_str()))
        {
            "a publisher's or authority's name ([org] reporters)".to_string()
        } else if in_text(&title) {
            "another name; the gold's is in the title".to_string()
        } else if in_text(&head) {
            "another name; the gold's is in the first paragraphs only".to_string()
        } else if in_text(&draft.text) {
            "another name; the gold's is only further down".to_string()
        } else {
            "another name; the gold's is not in the text".to_string()
        };
        let script = if draft.case.org.is_ascii() == gold.org.as_deref().unwrap_or("").is_ascii() {
            "same"
        } else {
            "different"
        };
        // How a wrong name from elsewhere stands against the gold's in the opening text.
        let count = |k: &str| squash(&head).matches(k).count();
        let gold_n = wants.iter().map(|w| count(w)).max().unwrap_or(0);
        let detail = if kind.starts_with("another name") {
            format!(
                "{} · another name: got {} the title, {}, named {} than the gold's in the head",
                draft.review.language,
                if squash(&title).contains(&got) {
                    "in"
                } else {
                    "not in"
                },
                if draft.case.org.is_ascii() {
                    "Latin"
                } else {
                    "not Latin"
                },
                match count(&got).cmp(&gold_n) {
                    std::cmp::Ordering::Greater => "more often",
                    std::cmp::Ordering::Less => "less often",
                    std::cmp::Ordering::Equal => "as often",
                }
            )
        } else {
            String::new()
        };
        let lead = draft
            .text
            .lines()
            .skip(1)
            .find(|l| l.trim().chars().count() >= 40)
            .unwrap_or("");
        let detail2 = if kind == "the site's host name" {
            format!(
                "{} · host name: gold {} the title, {} the lead, named {} times in the head",
                draft.review.language,
                if in_text(&title) { "in" } else { "not in" },
                if in_text(lead) { "in" } else { "not in" },
                gold_n
            )
        } else if kind.starts_with("another name") {
            format!(
                "{} · another name: got {} chars, {} a known ending, {} the lead, {} the URL; gold {} the lead, gold {}",
                draft.review.language,
                draft.case.org.chars().count(),
                if dw.org_suffixes.iter().any(|x| !x.is_empty() && draft.case.org.ends_with(x.as_str())) { "with" } else { "without" },
                if squash(lead).contains(&got) { "in" } else { "not in" },
                if squash(gold.url.as_deref().unwrap_or("")).contains(&got) { "in" } else { "not in" },
                if in_text(lead) { "in" } else { "not in" },
                if gold.org.as_deref().unwrap_or("").is_ascii() { "Latin" } else { "not Latin" },
            )
        } else {
            String::new()
        };
        let rule = draft
            .review
            .fields
            .get("org")
            .map(|f| f.rule.to_string())
            .unwrap_or_else(|| "none".into());
        for what in [
            format!("kind: {kind}"),
            format!("rule: {rule}"),
            format!("language: {}", draft.review.language),
            format!("script of got vs gold: {script}"),
            format!("{} · {kind} · {rule}", draft.review.language),
            detail,
            detail2,
        ] {
            if what.is_empty() {
                continue;
            }
            *counts.entry((half, what.clone())).or_default() += 1;
            *counts.entry(('*', what)).or_default() += 1;
        }
    }
    println!();
    println!("org misses by kind               all   half a   half b");
    let mut whats: Vec<&String> = counts.keys().map(|(_, w)| w).collect();
    whats.sort();
    whats.dedup();
    for w in whats {
        let n = |h: char| counts.get(&(h, w.clone())).copied().unwrap_or(0);
        println!("{w:<60} {:>4} {:>4} {:>4}", n('*'), n('a'), n('b'));
    }
}
