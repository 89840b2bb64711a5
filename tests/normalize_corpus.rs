//! Scores the normaliser on the shared dev corpus and seed records (figures printed; targets asserted).
mod common;

use incidentlib::normalize::{fill_case, guess_sections, Assertion, Normalizer, SectionSpan};
use incidentlib::vocab::Vocabulary;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Label F1 over symptoms + contributing + components that the corpus must reach.
const TARGET_F1: f64 = 0.75;
/// Share of documents whose root cause must be right.
const TARGET_ROOT_CAUSE: f64 = 0.70;
/// Share of a seed record's symptoms its own text must recover.
const TARGET_SEED_RECALL: f64 = 0.80;
/// Fields scored for F1.
const SCORED: [&str; 3] = ["symptoms", "contributing", "components"];

fn vocab() -> Vocabulary {
    Vocabulary::load(&common::root().join("mappings")).expect("vocabulary loads")
}

/// Decodes a document by the charset its `<meta>` declares (UTF-8 otherwise).
fn decode(bytes: &[u8]) -> String {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_lowercase();
    let label = head
        .split("charset=")
        .nth(1)
        .map(|s| {
            s.trim_start_matches(['"', '\''])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect::<String>()
        })
        .unwrap_or_default();
    let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap_or(encoding_rs::UTF_8);
    enc.decode(bytes).0.into_owned()
}

/// Rough HTML to text: drop script/style/nav/footer, block tags to line breaks, entities decoded.
fn strip_html(html: &str) -> String {
    let drop = regex::Regex::new(r"(?is)<(script|style|nav|footer|aside|header)\b.*?</(script|style|nav|footer|aside|header)>").unwrap();
    let s = drop.replace_all(html, "\n");
    let heading = regex::Regex::new(r"(?i)<h[1-6][^>]*>").unwrap();
    let s = heading.replace_all(&s, "\n## ");
    let block = regex::Regex::new(
        r"(?i)</?(br|p|div|li|tr|h[1-6]|section|article|table|ul|ol|dt|dd|td|th)\b[^>]*>",
    )
    .unwrap();
    let s = block.replace_all(&s, "\n");
    let tags = regex::Regex::new(r"<[^>]+>").unwrap();
    let s = tags.replace_all(&s, " ");
    html_escape::decode_html_entities(&s).into_owned()
}

fn doc_text(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("read corpus document");
    let text = decode(&bytes);
    if path.extension().is_some_and(|e| e == "html") {
        strip_html(&text)
    } else {
        text
    }
}

#[derive(Default)]
struct Score {
    tp: usize,
    fp: usize,
    fn_: usize,
    rc_right: usize,
    docs: usize,
    violations: Vec<String>,
}

impl Score {
    fn f1(&self) -> f64 {
        let p = self.tp as f64 / (self.tp + self.fp).max(1) as f64;
        let r = self.tp as f64 / (self.tp + self.fn_).max(1) as f64;
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn strings(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn dev_corpus_meets_label_targets() {
    let Some(dir) = common::shared("dev-corpus") else {
        return;
    };
    let vocab = vocab();
    let n = Normalizer::new(&vocab).expect("normaliser builds");
    let mut score = Score::default();
    let mut golds: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".gold.json"))
        .collect();
    golds.sort();
    let verbose = std::env::var("NORMALIZE_SCORE_VERBOSE").is_ok();
    // Domain is reported, not a target: (tp, fp, fn).
    let mut domain = (0usize, 0usize, 0usize);
    for gold_path in golds {
        let gold: Value =
            serde_json::from_str(&std::fs::read_to_string(&gold_path).unwrap()).unwrap();
        let source = gold["source"].as_str().unwrap();
        let doc = dir.join(source);
        if !doc.exists() {
            continue;
        }
        let text = doc_text(&doc);
        let lang = gold["language"].as_str().unwrap_or("en");
        let sections: Vec<SectionSpan> = guess_sections(&text, n.assertions(), lang);
        let labels = n.label(&text, &sections, Some(lang));
        let got = fill_case(&labels, &vocab);
        score.docs += 1;
        let name = gold_path.file_name().unwrap().to_string_lossy().to_string();
        let mut line = format!("{name:<28}");
        for f in SCORED {
            let want = strings(&gold[f]);
            let have: BTreeSet<String> = got.get(f).into_iter().collect();
            let tp = want.intersection(&have).count();
            score.tp += tp;
            score.fp += have.difference(&want).count();
            score.fn_ += want.difference(&have).count();
            line.push_str(&format!(" {f}:{tp}/{}/{}", want.len(), have.len()));
            if verbose {
                let missing: Vec<_> = want.difference(&have).collect();
                let extra: Vec<_> = have.difference(&want).collect();
                line.push_str(&format!("\n    -{missing:?}\n    +{extra:?}"));
                for t in &extra {
                    for l in labels
                        .iter()
                        .filter(|l| &&l.term == t && l.assertion == Assertion::Affirmed)
                        .take(3)
                    {
                        line.push_str(&format!("\n      {t} <- {:?} [{}]", l.quote, l.rule));
                    }
                }
            }
        }
        {
            let want = strings(&gold["domain"]);
            let have: BTreeSet<String> = got.domain.iter().cloned().collect();
            domain.0 += want.intersection(&have).count();
            domain.1 += have.difference(&want).count();
            domain.2 += want.difference(&have).count();
        }
        let rc_ok = gold["root_cause"].as_str() == Some(got.root_cause.as_str());
        if !rc_ok && std::env::var("NORMALIZE_SCORE_RC").is_ok() {
            for l in labels.iter().filter(|l| l.field == "root_cause") {
                println!(
                    "    rc {} {:?} {} {:?} {:.2} {}",
                    l.term,
                    l.quote,
                    l.assertion.as_str(),
                    l.section,
                    l.confidence,
                    l.rule
                );
            }
        }
        if rc_ok {
            score.rc_right += 1;
        }
        line.push_str(&format!(
            " rc:{}({} want {})",
            if rc_ok { "ok" } else { "NO" },
            got.root_cause,
            gold["root_cause"].as_str().unwrap_or("?")
        ));
        for bad in strings(&gold["must_not_label"]) {
            let all: Vec<String> = ["symptoms", "contributing", "components", "domain"]
                .iter()
                .flat_map(|f| got.get(f))
                .chain([got.root_cause.clone()])
                .collect();
            if all.contains(&bad) {
                let ev: Vec<String> = labels
                    .iter()
                    .filter(|l| l.term == bad && l.assertion == Assertion::Affirmed)
                    .map(|l| format!("{:?} [{}]", l.quote, l.rule))
                    .collect();
                score
                    .violations
                    .push(format!("{name}: {bad} from {}", ev.join(", ")));
            }
        }
        println!("{line}");
    }
    let rc = score.rc_right as f64 / score.docs.max(1) as f64;
    println!(
        "dev corpus: {} docs, label F1 {:.3} (tp {} fp {} fn {}), root cause {:.3}, must_not_label violations {}",
        score.docs,
        score.f1(),
        score.tp,
        score.fp,
        score.fn_,
        rc,
        score.violations.len()
    );
    println!(
        "domain (not a target): tp {} fp {} fn {}",
        domain.0, domain.1, domain.2
    );
    for v in &score.violations {
        println!("  violation {v}");
    }
    if std::env::var("NORMALIZE_SCORE_ONLY").is_ok() {
        return;
    }
    assert!(
        score.f1() >= TARGET_F1,
        "label F1 {:.3} < {TARGET_F1}",
        score.f1()
    );
    assert!(
        rc >= TARGET_ROOT_CAUSE,
        "root cause {rc:.3} < {TARGET_ROOT_CAUSE}"
    );
    assert!(score.violations.is_empty(), "{:?}", score.violations);
}

/// The seed record's own text fields, each as a section of one text, in one language.
fn seed_text(case: &Value, lang: &str) -> (String, Vec<SectionSpan>) {
    let mut text = String::new();
    let mut sections = Vec::new();
    for (key, kind) in [
        ("summary", "summary"),
        ("symptoms_text", "impact"),
        ("trigger", "trigger"),
        ("detection", "detection"),
        ("lessons", "lessons"),
    ] {
        if let Some(t) = case[key][lang].as_str() {
            let start = text.chars().count();
            text.push_str(t);
            sections.push(SectionSpan {
                kind: kind.into(),
                start,
                end: text.chars().count(),
            });
            text.push_str("\n\n");
        }
    }
    (text, sections)
}

#[test]
fn seed_records_recover_their_own_labels() {
    let Some(dir) = common::shared("seeds") else {
        return;
    };
    let vocab = vocab();
    let n = Normalizer::new(&vocab).unwrap();
    let mut seeds: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    seeds.sort();
    for path in seeds {
        let Ok(case) = serde_json::from_str::<Value>(&std::fs::read_to_string(&path).unwrap())
        else {
            continue; // prose seeds, not records
        };
        let (text, sections) = seed_text(&case, "en");
        let labels = n.label(&text, &sections, Some("en"));
        let got = fill_case(&labels, &vocab);
        let want = strings(&case["symptoms"]);
        let have: BTreeSet<String> = got.symptoms.iter().cloned().collect();
        let recall = want.intersection(&have).count() as f64 / want.len().max(1) as f64;
        println!(
            "{}: symptoms recall {recall:.2} (want {want:?}, got {have:?}); root cause {} (want {})",
            path.file_name().unwrap().to_string_lossy(),
            got.root_cause,
            case["root_cause"]
        );
        if std::env::var("NORMALIZE_SCORE_ONLY").is_ok() {
            continue;
        }
        assert!(
            recall >= TARGET_SEED_RECALL,
            "{}: recall {recall:.2}",
            path.display()
        );
        // The curated cause must be among the causes the text affirms. It need not win: with the
        // phrases copied from the seeds gone (issue 15), a seed whose cause the text names only
        // through the provider ("Cloudflare's …") while its trigger section states a deploy is a
        // judgement for the curator, not a rule to fit.
        let want_cause = case["root_cause"].as_str().unwrap_or_default();
        assert!(
            labels.iter().any(|l| l.field == "root_cause"
                && l.term == want_cause
                && l.assertion == incidentlib::normalize::Assertion::Affirmed),
            "{}: no affirmed evidence for root cause {want_cause} (got {})",
            path.display(),
            got.root_cause
        );
    }
}
