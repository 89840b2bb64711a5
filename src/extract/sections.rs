//! Sections by heading: the nine section kinds, the heading lexicon read from language files, and heading matching.
//!
//! Heading phrases are data: the `[headings]` table of `mappings/lang/<code>.toml` (keys are the
//! nine kinds, values lists of phrases). A language whose file has no such table yet falls back
//! to `tests/fixtures/headings/<code>.toml`, so adding a language is adding a file.
use super::{Block, BlockKind, Section};
use aho_corasick::AhoCorasick;
use regex::Regex;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, OnceLock};

/// Headings longer than this (in chars, after numbering is stripped) are not matched by
/// containment, only by their start (long headings are sentences, not section names).
pub const MAX_CONTAINS_HEADING_CHARS: usize = 60;
/// Environment variable naming the mappings folder (the CLI's `--mappings`).
pub const MAPPINGS_ENV: &str = "INCIDENTLIB_MAPPINGS";
/// The table in each language file that holds heading phrases.
pub const HEADINGS_TABLE: &str = "headings";

/// The kinds of section a postmortem has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    Summary,
    Impact,
    Timeline,
    RootCause,
    Trigger,
    Detection,
    Remediation,
    ActionItems,
    Lessons,
}

impl SectionKind {
    pub const ALL: [SectionKind; 9] = [
        SectionKind::Summary,
        SectionKind::Impact,
        SectionKind::Timeline,
        SectionKind::RootCause,
        SectionKind::Trigger,
        SectionKind::Detection,
        SectionKind::Remediation,
        SectionKind::ActionItems,
        SectionKind::Lessons,
    ];

    /// The key used in `[headings]` tables and JSON.
    pub fn key(self) -> &'static str {
        match self {
            SectionKind::Summary => "summary",
            SectionKind::Impact => "impact",
            SectionKind::Timeline => "timeline",
            SectionKind::RootCause => "root_cause",
            SectionKind::Trigger => "trigger",
            SectionKind::Detection => "detection",
            SectionKind::Remediation => "remediation",
            SectionKind::ActionItems => "action_items",
            SectionKind::Lessons => "lessons",
        }
    }

    pub fn from_key(key: &str) -> Option<SectionKind> {
        SectionKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// One heading phrase, normalised, with its kind.
#[derive(Debug, Clone)]
struct Phrase {
    kind: SectionKind,
    text: String,
    /// Phrases in scripts without spaces match inside words.
    spaced: bool,
}

/// Heading phrases per language.
#[derive(Debug, Clone, Default)]
pub struct HeadingLexicon {
    by_lang: BTreeMap<String, Vec<Phrase>>,
    /// All phrases with their language, in the automaton's pattern order.
    flat: Vec<(String, Phrase)>,
    /// Finds every phrase in a heading in one pass.
    automaton: Option<AhoCorasick>,
    /// Files that could not be read, with the reason (shown by tools, never fatal).
    pub problems: Vec<String>,
}

static NUMBERING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[#§\s]*)(?:(?:[0-9０-９]+|[ivxIVX]{1,4})(?:[.．)）:、]\s*|\s+)|[a-zA-Z][.)]\s+|[０-９]+\s*)*")
        .expect("static regex")
});
static BRACKETED_TAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\s*[(（\[【][^)）\]】]*[)）\]】]\s*$").expect("static regex"));

/// A heading that is one bracketed phrase and nothing else ("【発生原因】", "[장애 원인]",
/// "〔故障原因〕"): the notice style of East Asian pages, whose brackets mark the heading.
static WHOLLY_BRACKETED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*[\[【〔［■◆●▼]\s*([^\[\]【】〔〕［］]+?)\s*[\]】〕］]?\s*$")
        .expect("static regex")
});

/// Lower-cases a heading and strips numbering ("2.", "IV.", "a)"), a bracketed tail
/// ("(UTC)", "（予定）") and trailing punctuation. A heading that is only a bracketed phrase
/// ("【再発防止策】") keeps the phrase.
pub fn normalize_heading(heading: &str) -> String {
    let lower = heading.trim().to_lowercase();
    let unwrapped = WHOLLY_BRACKETED
        .captures(&lower)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string());
    let lower = unwrapped.unwrap_or(lower);
    let mut s = NUMBERING.replace(&lower, "").to_string();
    loop {
        let next = BRACKETED_TAIL
            .replace(&s, "")
            .trim()
            .trim_end_matches([':', '：', '.', '。', '-', '—', '–', '?', '？'])
            .trim()
            .to_string();
        if next == s {
            return s;
        }
        s = next;
    }
}

fn is_spaced_script(s: &str) -> bool {
    !s.chars().any(|c| {
        matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
    })
}

impl HeadingLexicon {
    /// Reads `[headings]` from every `<code>.toml` in `dirs`; a language found in an earlier
    /// folder is not read again from a later one.
    pub fn load(dirs: &[PathBuf]) -> HeadingLexicon {
        let mut lex = HeadingLexicon::default();
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            paths.sort();
            for path in paths {
                let Some(code) = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .map(str::to_string)
                else {
                    continue;
                };
                if lex.by_lang.contains_key(&code) {
                    continue;
                }
                match read_headings(&path) {
                    Ok(Some(phrases)) => {
                        lex.by_lang.insert(code, phrases);
                    }
                    Ok(None) => {}
                    Err(e) => lex.problems.push(e),
                }
            }
        }
        lex.flat = lex
            .by_lang
            .iter()
            .flat_map(|(lang, ps)| ps.iter().map(move |p| (lang.clone(), p.clone())))
            .collect();
        match AhoCorasick::new(lex.flat.iter().map(|(_, p)| p.text.as_str())) {
            Ok(ac) => lex.automaton = Some(ac),
            Err(e) => lex
                .problems
                .push(format!("building the heading matcher: {e}")),
        }
        lex
    }

    /// The lexicon of this installation: `$INCIDENTLIB_MAPPINGS/lang` (or the data folder's
    /// `mappings/lang`), then the fixtures in `tests/fixtures/headings`. Loaded once.
    pub fn global() -> &'static HeadingLexicon {
        static LEX: OnceLock<HeadingLexicon> = OnceLock::new();
        LEX.get_or_init(|| {
            let mappings = std::env::var_os(MAPPINGS_ENV)
                .map(PathBuf::from)
                .unwrap_or_else(|| crate::paths::data_dir("mappings"));
            let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/headings");
            let lex = HeadingLexicon::load(&[mappings.join("lang"), fixtures]);
            for p in &lex.problems {
                tracing::warn!("{p}");
            }
            lex
        })
    }

    /// The languages that have heading phrases.
    /// The heading phrases of `lang`, normalised (lower case).
    pub fn phrases(&self, lang: &str) -> impl Iterator<Item = &str> {
        self.by_lang
            .get(lang)
            .into_iter()
            .flatten()
            .map(|p| p.text.as_str())
    }

    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.by_lang.keys().map(String::as_str)
    }

    /// The section kind a heading names, if any. Phrases of `page_lang` win ties.
    pub fn classify(&self, heading: &str, page_lang: &str) -> Option<SectionKind> {
        self.classify_with_strength(heading, page_lang)
            .map(|(kind, _)| kind)
    }

    /// The kind a heading names and how strongly: 3 = the heading is a phrase, 2 = it starts
    /// with one, 1 = it contains one.
    pub fn classify_with_strength(
        &self,
        heading: &str,
        page_lang: &str,
    ) -> Option<(SectionKind, u8)> {
        let h = normalize_heading(heading);
        if h.is_empty() {
            return None;
        }
        let short = h.chars().count() <= MAX_CONTAINS_HEADING_CHARS;
        let ac = self.automaton.as_ref()?;
        // (match strength, phrase length, own language) — higher is better.
        let mut best: Option<((u8, usize, bool), SectionKind)> = None;
        for m in ac.find_overlapping_iter(h.as_str()) {
            let (lang, p) = &self.flat[m.pattern().as_usize()];
            let (at, end) = (m.start(), m.end());
            let bounded = !p.spaced
                || (h[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
                    && h[end..].chars().next().is_none_or(|c| !c.is_alphanumeric()));
            let strength = match (bounded, at == 0, end == h.len()) {
                (false, _, _) => 0,
                (true, true, true) => 3,
                (true, true, false) => 2,
                (true, false, _) if short => 1,
                _ => 0,
            };
            if strength == 0 {
                continue;
            }
            let key = (strength, p.text.chars().count(), lang == page_lang);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, p.kind));
            }
        }
        best.map(|((strength, _, _), kind)| (kind, strength))
    }
}

fn read_headings(path: &Path) -> Result<Option<Vec<Phrase>>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("reading heading phrases from {}: {e}", path.display()))?;
    let table = crate::vocab::toml_cache::table(path, &text)
        .map_err(|e| format!("parsing {} (fix the TOML syntax): {e}", path.display()))?;
    let Some(headings) = table.get(HEADINGS_TABLE).and_then(|v| v.as_table()) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for (key, value) in headings {
        let Some(kind) = SectionKind::from_key(key) else {
            return Err(format!(
                "{}: [{HEADINGS_TABLE}] has unknown key {key:?}; use one of {}",
                path.display(),
                SectionKind::ALL.map(|k| k.key()).join(", ")
            ));
        };
        let Some(list) = value.as_array() else {
            return Err(format!(
                "{}: [{HEADINGS_TABLE}].{key} must be a list of phrases",
                path.display()
            ));
        };
        for v in list.iter().filter_map(|v| v.as_str()) {
            let text = normalize_heading(v);
            if !text.is_empty() {
                out.push(Phrase {
                    kind,
                    spaced: is_spaced_script(&text),
                    text,
                });
            }
        }
    }
    Ok(Some(out))
}

/// Finds the sections of a page: each heading that names a kind covers the blocks up to the
/// next heading of the same or a higher level. The page title (a level-1 heading on a page
/// that has lower-level headings) is not a section, and where several headings name the same
/// kind only the strongest matches count ("影響" beats "影響を大きくした要因").
pub fn find_sections(blocks: &[Block], page_lang: &str, lex: &HeadingLexicon) -> Vec<Section> {
    let has_subheadings = blocks
        .iter()
        .any(|b| matches!(b.kind, BlockKind::Heading(l) if l > 1));
    let mut found: Vec<(Section, u8)> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let BlockKind::Heading(level) = b.kind else {
            continue;
        };
        if level == 1 && has_subheadings {
            continue;
        }
        let Some((kind, strength)) = lex.classify_with_strength(&b.text, page_lang) else {
            continue;
        };
        // the page's opening heading is its title: "3월 5일 API 장애 회고" (a retrospective)
        // names the whole page, not a lessons section; only a heading that is a phrase
        // outright ("Timeline") opens a section there
        if i == 0 && strength < 3 {
            continue;
        }
        let end = blocks[i + 1..]
            .iter()
            .position(|n| matches!(n.kind, BlockKind::Heading(l) if l <= level))
            .map_or(blocks.len(), |p| i + 1 + p);
        let section = Section {
            kind,
            heading: b.text.clone(),
            heading_block: i,
            blocks: i + 1..end,
        };
        found.push((section, strength));
    }
    let best = |kind: SectionKind| {
        found
            .iter()
            .filter(|(s, _)| s.kind == kind)
            .map(|(_, st)| *st)
            .max()
            .unwrap_or(0)
    };
    found
        .iter()
        .filter(|(s, st)| *st == best(s.kind))
        .map(|(s, _)| s.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_bracketed_tails_are_stripped() {
        assert_eq!(normalize_heading("2. Timeline (UTC)"), "timeline");
        assert_eq!(normalize_heading("IV. Root cause:"), "root cause");
        assert_eq!(normalize_heading("## 타임라인"), "타임라인");
        assert_eq!(normalize_heading("再発防止策（予定）"), "再発防止策");
    }

    #[test]
    fn a_heading_that_is_only_a_bracketed_phrase_keeps_it() {
        assert_eq!(normalize_heading("【今後の対策】"), "今後の対策");
        assert_eq!(normalize_heading("[장애 원인]"), "장애 원인");
        assert_eq!(normalize_heading("■ 原因"), "原因");
        // A bracketed tail after the heading's words is still stripped.
        assert_eq!(normalize_heading("Timeline [UTC]"), "timeline");
        let lex = fixtures();
        assert_eq!(
            lex.classify("【今後の対策】", "ja"),
            Some(SectionKind::ActionItems)
        );
    }

    fn fixtures() -> HeadingLexicon {
        HeadingLexicon::load(&[
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/headings")
        ])
    }

    #[test]
    fn word_boundaries_matter_for_spaced_scripts() {
        let lex = fixtures();
        assert_eq!(lex.classify("Because of load", "en"), None);
        assert_eq!(
            lex.classify("Root cause", "en"),
            Some(SectionKind::RootCause)
        );
        assert_eq!(
            lex.classify("4. Causes and contributing factors", "en"),
            Some(SectionKind::RootCause)
        );
    }

    #[test]
    fn unspaced_scripts_match_inside_headings() {
        let lex = fixtures();
        assert_eq!(
            lex.classify("2. 타임라인", "ko"),
            Some(SectionKind::Timeline)
        );
        assert_eq!(
            lex.classify("再発防止策（予定）", "ja"),
            Some(SectionKind::ActionItems)
        );
        assert_eq!(lex.classify("时间线", "zh"), Some(SectionKind::Timeline));
        assert_eq!(
            lex.classify("Zeitlicher Ablauf", "de"),
            Some(SectionKind::Timeline)
        );
    }

    #[test]
    fn language_files_override_fixtures_and_bad_files_fall_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(
            dir.path().join("en.toml"),
            "[headings]\ntimeline = [\"Sequence of doom\"]\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("de.toml"),
            "[headings]\ncause = [\"Ursache\"]\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("fr.toml"), "[months]\njanvier = 1\n").unwrap();
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/headings");
        let lex = HeadingLexicon::load(&[dir.path().to_path_buf(), fixtures]);
        assert_eq!(
            lex.classify("Sequence of doom", "en"),
            Some(SectionKind::Timeline)
        );
        assert_eq!(
            lex.classify("Action items", "en"),
            None,
            "en comes from the language file only"
        );
        // de.toml has an unknown key: reported, and the fixture is used instead.
        assert!(lex
            .problems
            .iter()
            .any(|p| p.contains("de.toml") && p.contains("cause")));
        assert_eq!(lex.classify("Ursache", "de"), Some(SectionKind::RootCause));
        // fr.toml has no [headings] yet: the fixture is used.
        assert_eq!(
            lex.classify("Chronologie", "fr"),
            Some(SectionKind::Timeline)
        );
    }

    #[test]
    fn every_fixture_language_has_all_nine_kinds() {
        let lex = fixtures();
        assert!(lex.problems.is_empty(), "{:?}", lex.problems);
        for code in ["en", "ko", "vi", "ja", "zh", "de", "fr", "es", "pt"] {
            let kinds: std::collections::BTreeSet<_> =
                lex.by_lang[code].iter().map(|p| p.kind).collect();
            assert_eq!(kinds.len(), 9, "{code}: {kinds:?}");
        }
    }
}
