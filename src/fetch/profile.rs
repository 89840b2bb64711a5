//! Site profiles from `sources/*.toml`: host pattern → source kind, language, zone, selectors.
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Optional CSS selectors for the parts of a page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Selectors {
    pub title: Option<String>,
    pub content: Option<String>,
    pub date: Option<String>,
}

/// One site profile, as written in `sources/<name>.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// Host patterns: `example.com`, `*.example.com` (any subdomain, not the apex), `status.*`.
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Substrings of a page that identify it when no host pattern matched (e.g. a generator tag).
    #[serde(default)]
    pub markers: Vec<String>,
    /// A `source_kind` vocabulary term.
    pub source_kind: String,
    pub lang: Option<String>,
    pub zone: Option<String>,
    /// A special parser for this kind of site: "statuspage" or "wayback".
    pub parser: Option<String>,
    #[serde(default)]
    pub selectors: Selectors,
}

/// A file in `sources/` that is not a site profile: the watch list (`incidentlib watch`).
pub const NOT_PROFILES: &str = "watch.toml";

/// All profiles, in file-name order (earlier wins).
#[derive(Debug, Clone, Default)]
pub struct Profiles {
    pub profiles: Vec<Profile>,
}

/// Whether `host` matches one pattern (ASCII case-insensitive; asked for every fetched page,
/// so it compares in place rather than building lower-cased copies).
pub fn host_matches(pattern: &str, host: &str) -> bool {
    let (p, h) = (pattern.as_bytes(), host.as_bytes());
    if let Some(suffix) = p.strip_prefix(b"*.") {
        // `.{suffix}` ends the host.
        h.len() > suffix.len()
            && h[h.len() - suffix.len() - 1] == b'.'
            && h[h.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
    } else if let Some(prefix) = p.strip_suffix(b".*") {
        // `{prefix}.` starts the host.
        h.len() > prefix.len()
            && h[prefix.len()] == b'.'
            && h[..prefix.len()].eq_ignore_ascii_case(prefix)
    } else {
        h.eq_ignore_ascii_case(p)
    }
}

impl Profiles {
    /// Loads every `*.toml` in `dir` but [`NOT_PROFILES`]; a missing folder means no profiles. A bad file is an error
    /// naming it (profiles are curated data; a typo should not silently disable one).
    pub fn load(dir: &Path) -> Result<Profiles> {
        let mut profiles = Vec::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(Profiles::default());
        };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .filter(|p| !p.ends_with(NOT_PROFILES))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading site profile {}", path.display()))?;
            let p: Profile = toml::from_str(&text)
                .with_context(|| format!("parsing site profile {}", path.display()))?;
            profiles.push(p);
        }
        Ok(Profiles { profiles })
    }

    /// The first profile whose host pattern matches.
    pub fn for_host(&self, host: &str) -> Option<&Profile> {
        self.profiles
            .iter()
            .find(|p| p.hosts.iter().any(|pat| host_matches(pat, host)))
    }

    /// The first profile with a marker found in the page.
    pub fn for_page(&self, html: &str) -> Option<&Profile> {
        self.profiles
            .iter()
            .find(|p| p.markers.iter().any(|m| html.contains(m.as_str())))
    }

    pub fn by_name(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_patterns() {
        assert!(host_matches("*.statuspage.io", "acme.statuspage.io"));
        assert!(!host_matches("*.statuspage.io", "statuspage.io"));
        assert!(host_matches("status.*", "status.example.com"));
        assert!(!host_matches("status.*", "mystatus.example.com"));
        assert!(host_matches("Web.Archive.org", "web.archive.org"));
        assert!(host_matches("*.Example.COM", "a.b.example.com"));
        assert!(!host_matches("*.example.com", "aexample.com"));
        assert!(!host_matches("*.example.com", ".example.co"));
        assert!(host_matches("STATUS.*", "status.x"));
        assert!(!host_matches("status.*", "status"));
        assert!(!host_matches("status.*", "statusx.io"));
        assert!(!host_matches("example.com", "example.co"));
        assert!(!host_matches("*.é.com", "a.É.com"));
        assert!(host_matches("*.é.com", "a.é.com"));
    }

    #[test]
    fn shipped_profiles_load_and_match() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sources");
        let p = Profiles::load(&dir).expect("shipped profiles parse");
        assert_eq!(
            p.for_host("status.example.com").map(|p| p.name.as_str()),
            Some("statuspage")
        );
        assert_eq!(
            p.for_host("web.archive.org").map(|p| p.name.as_str()),
            Some("wayback")
        );
        assert_eq!(
            p.for_host("en.wikipedia.org").map(|p| p.name.as_str()),
            Some("mediawiki")
        );
        assert_eq!(
            p.for_page(r#"<meta name="generator" content="MediaWiki 1.41">"#)
                .map(|p| p.name.as_str()),
            Some("mediawiki")
        );
        // Every profile's source kind is a vocabulary term; a vocabulary that fails to load fails.
        let mappings = Path::new(env!("CARGO_MANIFEST_DIR")).join("mappings");
        let v = crate::vocab::Vocabulary::load(&mappings).unwrap_or_else(|e| {
            panic!(
                "the shipped vocabulary {} must load: {e:#}",
                mappings.display()
            )
        });
        for prof in &p.profiles {
            assert!(
                v.contains("source_kind", &prof.source_kind),
                "{}: {}",
                prof.name,
                prof.source_kind
            );
        }
    }
}
