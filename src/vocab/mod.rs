//! The controlled vocabulary in `mappings/<field>.toml`: loading, version hash, lookup, suggestions.
use anyhow::{bail, Context, Result};
use indexmap::IndexMap;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub mod toml_cache;

/// Folder (inside the vocabulary folder) of per-language assertion triggers.
const ASSERTIONS_DIR: &str = "assertions";
/// A suggestion is offered only when the closest term is at least this similar (Jaro-Winkler).
const MIN_SUGGESTION_SIMILARITY: f64 = 0.7;

/// How many terms a field holds in a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cardinality {
    /// Exactly one term (`root_cause`, `severity`, `sources[].kind`).
    One,
    /// Zero or more terms (`symptoms`, `components`, …).
    Many,
}

/// One term of a field, with its definition and the phrases that express it per language.
#[derive(Debug, Clone, Deserialize)]
pub struct Term {
    pub definition: String,
    /// Language code → literal phrases (matched case-insensitively after normalisation).
    #[serde(default)]
    pub phrases: BTreeMap<String, Vec<String>>,
    /// Language code → regular expressions, for what a phrase list cannot express.
    #[serde(default)]
    pub patterns: BTreeMap<String, Vec<String>>,
    /// Further per-term settings owned by the normaliser (weights, exclusions, …).
    #[serde(flatten)]
    pub extra: toml::Table,
}

/// One field's file: `mappings/<field>.toml`.
#[derive(Debug, Clone, Deserialize)]
pub struct Field {
    pub field: String,
    pub cardinality: Cardinality,
    #[serde(default)]
    pub terms: IndexMap<String, Term>,
    /// Old term → the term that replaced it, for terms renamed in a vocabulary change.
    #[serde(default)]
    pub renamed: BTreeMap<String, String>,
}

/// A `*.toml` file of the vocabulary folder as read: a field's file when it has `field`.
#[derive(Debug, Deserialize)]
struct FieldFile {
    field: Option<String>,
    cardinality: Option<Cardinality>,
    #[serde(default)]
    terms: IndexMap<String, Term>,
    #[serde(default)]
    renamed: BTreeMap<String, String>,
}

/// All fields of the vocabulary, with a content hash that identifies this version.
#[derive(Debug, Clone)]
pub struct Vocabulary {
    pub dir: PathBuf,
    /// Shared, so a clone (the normaliser keeps one) copies no terms; `Arc::make_mut` to edit.
    pub fields: std::sync::Arc<IndexMap<String, Field>>,
    version: String,
}

impl Vocabulary {
    /// Loads every `*.toml` directly in `dir` that declares a `field` (the `lang/` folder and
    /// other data are left to their own loaders).
    pub fn load(dir: &Path) -> Result<Self> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| {
                format!(
                    "reading the vocabulary folder {} (set --mappings or INCIDENTLIB_HOME)",
                    dir.display()
                )
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
            .collect();
        paths.sort();
        let mut hasher = Sha256::new();
        let mut fields = IndexMap::new();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            // Parsed straight into the field (not into a table first, then converted: that was
            // a tenth of a one-page draft's CPU); other data files' keys are skipped unread.
            let file: FieldFile =
                toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
            let Some(name) = file.field else {
                continue;
            };
            let Some(cardinality) = file.cardinality else {
                bail!(
                    "parsing {}: missing field `cardinality` (\"one\" or \"many\")",
                    path.display()
                );
            };
            // Terms in name order, as they always were (a TOML table is sorted by key): ties
            // between terms are broken in this order.
            let mut terms = file.terms;
            terms.sort_keys();
            let field = Field {
                field: name,
                cardinality,
                terms,
                renamed: file.renamed,
            };
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            if field.field != stem {
                bail!(
                    "{}: declares field = {:?} but the file is named for {:?}; make them agree",
                    path.display(),
                    field.field,
                    stem
                );
            }
            hasher.update(field.field.as_bytes());
            hasher.update([0]);
            hasher.update(text.as_bytes());
            hasher.update([0]);
            fields.insert(field.field.clone(), field);
        }
        if fields.is_empty() {
            bail!(
                "no vocabulary files (mappings/<field>.toml with a `field` key) in {}",
                dir.display()
            );
        }
        // The assertion triggers change which labels the vocabulary yields, so they are part of
        // its version too.
        let mut extra: Vec<PathBuf> = std::fs::read_dir(dir.join(ASSERTIONS_DIR))
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        extra.sort();
        for path in extra {
            if let Ok(text) = std::fs::read(&path) {
                hasher.update(path.file_name().unwrap_or_default().as_encoded_bytes());
                hasher.update([0]);
                hasher.update(&text);
                hasher.update([0]);
            }
        }
        let digest = hasher.finalize();
        let version = format!("sha256:{}", &hex::encode(digest)[..16]);
        Ok(Vocabulary {
            dir: dir.to_path_buf(),
            fields: std::sync::Arc::new(fields),
            version,
        })
    }

    /// Loads the vocabulary from the default `mappings/` folder.
    pub fn load_default() -> Result<Self> {
        Self::load(&crate::paths::data_dir("mappings"))
    }

    /// A short content hash of the vocabulary files: changes whenever any term or phrase does.
    pub fn version(&self) -> &str {
        &self.version
    }

    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.get(name)
    }

    /// Whether `term` is a term of `field`.
    pub fn contains(&self, field: &str, term: &str) -> bool {
        self.field(field)
            .is_some_and(|f| f.terms.contains_key(term))
    }

    /// The term to propose instead of an unknown one: its rename target, else the closest term.
    pub fn suggest(&self, field: &str, term: &str) -> Option<String> {
        let f = self.field(field)?;
        if let Some(new) = f.renamed.get(term) {
            return Some(new.clone());
        }
        f.terms
            .keys()
            .map(|k| (strsim::jaro_winkler(k, &term.to_lowercase()), k))
            .filter(|(s, _)| *s >= MIN_SUGGESTION_SIMILARITY)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, k)| k.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab() -> Vocabulary {
        Vocabulary::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mappings")).unwrap()
    }

    #[test]
    fn loads_every_field_of_the_library() {
        let v = vocab();
        for f in [
            "symptoms",
            "root_cause",
            "contributing",
            "components",
            "domain",
            "severity",
            "source_kind",
        ] {
            assert!(v.field(f).is_some(), "missing field {f}");
        }
        assert!(v.contains("symptoms", "oom-killed"));
        assert!(!v.contains("symptoms", "oom"));
        assert_eq!(v.field("root_cause").unwrap().cardinality, Cardinality::One);
        assert!(v.version().starts_with("sha256:"));
    }

    #[test]
    fn terms_come_in_name_order() {
        // Ties between terms are broken in this order; it was a TOML table's (sorted) order.
        let v = vocab();
        for f in v.fields.values() {
            let keys: Vec<&String> = f.terms.keys().collect();
            let mut sorted = keys.clone();
            sorted.sort();
            assert_eq!(keys, sorted, "{}", f.field);
        }
    }

    #[test]
    fn suggests_the_closest_term() {
        let v = vocab();
        assert_eq!(
            v.suggest("symptoms", "oom-kill").as_deref(),
            Some("oom-killed")
        );
        assert_eq!(
            v.suggest("components", "api-gateways").as_deref(),
            Some("api-gateway")
        );
        assert_eq!(v.suggest("symptoms", "zzzzzzzzzzzz"), None);
    }
}
