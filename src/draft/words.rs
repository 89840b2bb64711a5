//! The drafter's per-language words (`[events]` and `[org]` tables of `mappings/lang/<code>.toml`).
use super::window::EventWords;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::Path;

/// Words the drafter reads for one language.
#[derive(Debug, Clone, Default)]
pub struct DraftWords {
    pub events: EventWords,
    /// Row labels that name the organisation ("Organisation", "Unternehmen", "기관").
    pub org_labels: Vec<String>,
    /// Words removed from either end of a site name ("Engineering", "Blog", "서비스 상태").
    pub strip: Vec<String>,
    /// Legal forms that end an organisation's full name ("GmbH", "Foundation").
    pub legal_forms: Vec<String>,
    /// Whether a legal name ("X GmbH") outranks the logo; false for native-script pages.
    pub legal_name_first: bool,
}

/// The drafter's words for every language with a lexicon file.
#[derive(Debug, Clone, Default)]
pub struct WordsRegistry {
    by_lang: BTreeMap<String, DraftWords>,
}

fn list(table: Option<&toml::Value>, key: &str) -> Vec<String> {
    table
        .and_then(|t| t.get(key))
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl WordsRegistry {
    /// Reads `[events]` and `[org]` from every `<code>.toml` in `dir` (the `lang/` folder).
    pub fn load(dir: &Path) -> Result<Self> {
        let mut by_lang = BTreeMap::new();
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(_) => return Ok(WordsRegistry::default()),
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let code = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let table: toml::Table =
                toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
            let ev = table.get("events");
            let org = table.get("org");
            by_lang.insert(
                code,
                DraftWords {
                    events: EventWords {
                        start: list(ev, "start"),
                        detection: list(ev, "detection"),
                        resolution: list(ev, "resolution"),
                        lasted: list(ev, "lasted"),
                        start_labels: list(ev, "start_labels"),
                        end_labels: list(ev, "end_labels"),
                    },
                    org_labels: list(org, "labels"),
                    strip: list(org, "strip"),
                    legal_forms: list(org, "legal_forms"),
                    legal_name_first: org
                        .and_then(|t| t.get("legal_name_first"))
                        .and_then(|v| v.as_bool())
                        .unwrap_or(true),
                },
            );
        }
        Ok(WordsRegistry { by_lang })
    }

    /// The page language's words plus English (pages mix in English terms and log lines).
    pub fn for_page(&self, lang: &str) -> DraftWords {
        let mut out = DraftWords {
            legal_name_first: self.by_lang.get(lang).is_none_or(|w| w.legal_name_first),
            ..Default::default()
        };
        for code in [lang, "en"] {
            if let Some(w) = self.by_lang.get(code) {
                out.events.start.extend(w.events.start.iter().cloned());
                out.events
                    .detection
                    .extend(w.events.detection.iter().cloned());
                out.events
                    .resolution
                    .extend(w.events.resolution.iter().cloned());
                out.events.lasted.extend(w.events.lasted.iter().cloned());
                out.events
                    .start_labels
                    .extend(w.events.start_labels.iter().cloned());
                out.events
                    .end_labels
                    .extend(w.events.end_labels.iter().cloned());
                out.org_labels.extend(w.org_labels.iter().cloned());
                out.strip.extend(w.strip.iter().cloned());
                out.legal_forms.extend(w.legal_forms.iter().cloned());
            }
            if lang == "en" {
                break;
            }
        }
        out
    }
}
