//! Which feed items are incident write-ups: the `[watch] incident_words` of every language file.
use anyhow::{Context, Result};
use std::path::Path;

/// One incident word, lower-cased, with whether each end must stand at a word boundary.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    /// Language code of the file it came from.
    lang: String,
    bound_start: bool,
    bound_end: bool,
}

/// Incident words of every language (`mappings/lang/<code>.toml`, table `[watch]`).
#[derive(Debug, Clone, Default)]
pub struct IncidentWords {
    words: Vec<Word>,
}

/// Letters of alphabetic scripts written with spaces between words (Latin, Greek, Cyrillic,
/// Vietnamese); Hangul, kana and Han attach to their neighbours.
fn is_spaced_letter(c: char) -> bool {
    c.is_alphanumeric() && (c as u32) < 0x0530 || ('\u{1E00}'..='\u{1EFF}').contains(&c)
}

impl IncidentWords {
    /// Reads `incident_words` from the `[watch]` table of every `*.toml` in `dir` (the `lang/`
    /// folder). A leading or trailing `*` drops the word boundary at that end ("outage*").
    pub fn load(dir: &Path) -> Result<Self> {
        let mut words = Vec::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(IncidentWords::default());
        };
        let mut paths: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let v: toml::Value =
                toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
            let lang = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let Some(list) = v.get("watch").and_then(|w| w.get("incident_words")) else {
                continue;
            };
            let list = list.as_array().with_context(|| {
                format!(
                    "{}: [watch] incident_words must be a list of strings",
                    path.display()
                )
            })?;
            for w in list {
                let raw = w.as_str().with_context(|| {
                    format!(
                        "{}: [watch] incident_words holds a non-string {w}",
                        path.display()
                    )
                })?;
                words.push(Word::new(raw, &lang));
            }
        }
        Ok(IncidentWords { words })
    }

    /// Words from a list (tests, and callers that keep words elsewhere).
    pub fn from_list(lang: &str, list: &[&str]) -> Self {
        IncidentWords {
            words: list.iter().map(|w| Word::new(w, lang)).collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The first incident word found in `text` (any language), as written in the data.
    pub fn find(&self, text: &str) -> Option<(String, String)> {
        let lower = text.to_lowercase();
        self.words
            .iter()
            .find(|w| w.occurs_in(&lower))
            .map(|w| (w.text.clone(), w.lang.clone()))
    }
}

impl Word {
    fn new(raw: &str, lang: &str) -> Word {
        let t = raw.trim().to_lowercase();
        let (bound_start, t) = match t.strip_prefix('*') {
            Some(rest) => (false, rest.to_string()),
            None => (true, t),
        };
        let (bound_end, t) = match t.strip_suffix('*') {
            Some(rest) => (false, rest.to_string()),
            None => (true, t),
        };
        Word {
            text: t,
            lang: lang.to_string(),
            bound_start,
            bound_end,
        }
    }

    fn occurs_in(&self, lower: &str) -> bool {
        if self.text.is_empty() {
            return false;
        }
        let first = self.text.chars().next().is_some_and(is_spaced_letter);
        let last = self.text.chars().last().is_some_and(is_spaced_letter);
        lower.match_indices(self.text.as_str()).any(|(at, m)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + m.len()..].chars().next();
            let ok_start = !(self.bound_start && first && before.is_some_and(is_spaced_letter));
            let ok_end = !(self.bound_end && last && after.is_some_and(is_spaced_letter));
            ok_start && ok_end
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_whole_latin_words_and_attached_cjk() {
        let w = IncidentWords::from_list("en", &["outage*", "rca", "장애", "postmortem", "sự cố"]);
        assert!(w.find("Postmortem: API outages on March 4").is_some());
        assert!(w.find("RCA for the 3 June incident").is_some());
        assert!(w.find("Orcas in the bay").is_none());
        assert!(w.find("11월 7일 서비스 장애가 있었습니다").is_some());
        assert!(w.find("Báo cáo sự cố ngày 7/11").is_some());
        assert!(w.find("New pricing for teams").is_none());
    }

    #[test]
    fn every_language_file_has_incident_words() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("mappings/lang");
        let w = IncidentWords::load(&dir).unwrap();
        for lang in ["en", "ko", "vi", "ja", "zh", "de", "fr", "es", "pt"] {
            assert!(
                w.words.iter().any(|x| x.lang == lang),
                "mappings/lang/{lang}.toml has no [watch] incident_words"
            );
        }
        for title in [
            "Post-mortem of the checkout outage",
            "Incident report: 2024-11-12",
            "네트워크 장애 보고",
            "11月12日のシステム障害について",
            "关于11月12日服务故障的说明",
            "Störung im Rechenzentrum",
            "Retour sur la panne du 12 novembre",
            "Informe del incidente",
            "Relatório de falha",
            "Báo cáo sự cố",
        ] {
            assert!(w.find(title).is_some(), "{title}");
        }
        assert!(w.find("Introducing our new dashboard").is_none());
    }
}
