//! Guards the vocabulary against phrases copied from the dev corpus or the seeds: a long phrase
//! that occurs verbatim in one of their documents must be on the reasoned allowlist.
mod common;

use incidentlib::normalize::text::{fold, is_cjk};
use std::collections::BTreeMap;
use std::path::Path;

/// A phrase of this many words (spaced scripts) is long enough to be a copied sentence fragment …
const MIN_WORDS: usize = 4;
/// … in Vietnamese, where every syllable is written apart, this many syllables …
const MIN_VI_SYLLABLES: usize = 5;
/// … and in Han, kana and Hangul, this many chars.
const MIN_CJK_CHARS: usize = 8;
/// Field files whose phrases are checked.
const FIELD_FILES: [&str; 5] = [
    "symptoms.toml",
    "root_cause.toml",
    "contributing.toml",
    "components.toml",
    "domain.toml",
];

#[derive(serde::Deserialize)]
struct Allowlist {
    allow: Vec<Allowed>,
}

#[derive(serde::Deserialize)]
struct Allowed {
    file: String,
    term: String,
    phrase: String,
    reason: String,
}

fn is_long(phrase: &str, lang: &str) -> bool {
    let words = phrase.split_whitespace().count();
    let min = if lang == "vi" {
        MIN_VI_SYLLABLES
    } else {
        MIN_WORDS
    };
    words >= min || phrase.chars().filter(|&c| is_cjk(c)).count() >= MIN_CJK_CHARS
}

/// Every document of a corpus folder (gold records and READMEs are not documents), folded.
fn documents(dir: &Path, out: &mut BTreeMap<String, String>) {
    for e in std::fs::read_dir(dir)
        .expect("reading a corpus folder")
        .flatten()
    {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !p.is_file() || name.ends_with(".gold.json") || name == "README.md" {
            continue;
        }
        let bytes = std::fs::read(&p).expect("reading a corpus document");
        out.insert(name, fold(&String::from_utf8_lossy(&bytes)));
    }
}

#[test]
fn no_long_phrase_is_copied_from_the_dev_corpus_or_the_seeds() {
    let (Some(dev), Some(seeds)) = (common::shared("dev-corpus"), common::shared("seeds")) else {
        let required =
            std::env::var("INCIDENTLIB_REQUIRE_SHARED").is_ok_and(|v| !v.is_empty() && v != "0");
        assert!(
            !required,
            "../shared (dev-corpus, seeds) is absent and INCIDENTLIB_REQUIRE_SHARED=1 requires it"
        );
        return;
    };
    let mut docs = BTreeMap::new();
    documents(&dev, &mut docs);
    documents(&seeds, &mut docs);
    assert!(
        docs.len() >= 20,
        "expected the dev corpus and the seeds, found {} documents",
        docs.len()
    );

    let allow_path = common::root().join("tests/fixtures/vocabulary-guard/allowlist.toml");
    let allow: Allowlist =
        toml::from_str(&std::fs::read_to_string(&allow_path).unwrap()).expect("allowlist parses");
    for a in &allow.allow {
        assert!(
            !a.reason.trim().is_empty(),
            "{}: {:?} has no reason",
            allow_path.display(),
            a.phrase
        );
    }

    let mut copied = Vec::new();
    let mut used = vec![false; allow.allow.len()];
    for file in FIELD_FILES {
        let path = common::root().join("mappings").join(file);
        let table: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Some(terms) = table.get("terms").and_then(|t| t.as_table()) else {
            continue;
        };
        for (term, t) in terms {
            let Some(phrases) = t.get("phrases").and_then(|p| p.as_table()) else {
                continue;
            };
            for (lang, list) in phrases {
                for p in list
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str())
                {
                    let core = fold(p.trim_matches('*'));
                    if !is_long(&core, lang) {
                        continue;
                    }
                    let Some((doc, _)) = docs.iter().find(|(_, text)| text.contains(&core)) else {
                        continue;
                    };
                    match allow
                        .allow
                        .iter()
                        .position(|a| a.file == file && &a.term == term && fold(&a.phrase) == core)
                    {
                        Some(i) => used[i] = true,
                        None => copied.push(format!("{file} {term} {lang}: {p:?} (in {doc})")),
                    }
                }
            }
        }
    }
    assert!(
        copied.is_empty(),
        "phrases copied from the dev corpus or the seeds; write the general phrasing they stand \
         for, or add them with a reason to {}:\n{}",
        allow_path.display(),
        copied.join("\n")
    );
    let stale: Vec<&str> = allow
        .allow
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(a, _)| a.phrase.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "allowlist entries that no longer match anything: {stale:?}"
    );
}

#[test]
fn long_phrase_rule_counts_words_syllables_and_cjk_chars() {
    assert!(is_long("moved that scheduled job", "en"));
    assert!(!is_long("config change", "en"));
    assert!(!is_long("cơ sở dữ liệu", "vi"));
    assert!(is_long("trễ so với máy chủ chính", "vi"));
    assert!(is_long("배포 단계가 대거 실패", "ko"));
    assert!(!is_long("データの損失", "ja"));
}
