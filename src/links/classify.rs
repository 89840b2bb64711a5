//! The link classes and how a fetch result becomes exactly one of them, with evidence.
use crate::fetch::{Document, FetchError};
use serde::{Deserialize, Serialize};

/// Similarity to the last good fingerprint under which the page no longer holds the incident.
pub const DRIFT_BELOW: f64 = 0.25;
/// Similarity to a random sibling URL's response at or above which a page is a soft 404.
pub const SIBLING_SAME_AT: f64 = 0.9;
/// HTTP statuses that mean "you may not", not "it is gone" (999: LinkedIn-style bot wall).
pub const BLOCKED_STATUSES: &[u16] = &[401, 403, 429, 451, 999];
pub const GONE_STATUSES: &[u16] = &[404, 410];

/// Exactly one class per checked URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    Ok,
    Redirected,
    Gone,
    #[serde(rename = "soft-404")]
    Soft404,
    ContentDrift,
    Blocked,
    ServerError,
    Timeout,
    DnsError,
    TlsError,
    ConnectionError,
}

pub const ALL_CLASSES: &[Class] = &[
    Class::Ok,
    Class::Redirected,
    Class::Gone,
    Class::Soft404,
    Class::ContentDrift,
    Class::Blocked,
    Class::ServerError,
    Class::Timeout,
    Class::DnsError,
    Class::TlsError,
    Class::ConnectionError,
];

impl Class {
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Ok => "ok",
            Class::Redirected => "redirected",
            Class::Gone => "gone",
            Class::Soft404 => "soft-404",
            Class::ContentDrift => "content-drift",
            Class::Blocked => "blocked",
            Class::ServerError => "server-error",
            Class::Timeout => "timeout",
            Class::DnsError => "dns-error",
            Class::TlsError => "tls-error",
            Class::ConnectionError => "connection-error",
        }
    }

    pub fn parse(s: &str) -> Option<Class> {
        ALL_CLASSES.iter().copied().find(|c| c.as_str() == s)
    }

    /// Counts towards rot. `blocked` is unknown (neither counts nor resets); ok/redirected reset.
    pub fn is_failure(self) -> bool {
        !matches!(self, Class::Ok | Class::Redirected | Class::Blocked)
    }

    pub fn is_success(self) -> bool {
        matches!(self, Class::Ok | Class::Redirected)
    }
}

/// Phrases of "not found" pages, per language, from `sources/links/not-found.toml`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct NotFoundPhrases {
    #[serde(default)]
    pub phrases: std::collections::BTreeMap<String, Vec<String>>,
    /// Every phrase in one automaton, built by [`NotFoundPhrases::load`]: a page that holds
    /// none of them (nearly every page) is answered by one pass instead of a search per phrase.
    #[serde(skip)]
    any: Option<aho_corasick::AhoCorasick>,
}

impl NotFoundPhrases {
    pub fn load(path: &std::path::Path) -> anyhow::Result<Self> {
        use anyhow::Context;
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading not-found phrases {}", path.display()))?;
        let mut p: NotFoundPhrases =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        // Lower-cased once here, not once per page.
        for list in p.phrases.values_mut() {
            for phrase in list.iter_mut() {
                *phrase = phrase.to_lowercase();
            }
        }
        p.any = aho_corasick::AhoCorasick::new(p.phrases.values().flatten()).ok();
        Ok(p)
    }

    /// The phrase found in a title or the start of the text, if any (the first in file order).
    pub fn find(&self, title: Option<&str>, text: &str) -> Option<String> {
        let head_end = text.char_indices().nth(600).map_or(text.len(), |(i, _)| i);
        let head = text[..head_end].to_lowercase();
        let title = title.unwrap_or("").to_lowercase();
        if let Some(any) = &self.any {
            if !any.is_match(&title) && !any.is_match(&head) {
                return None;
            }
        }
        self.phrases
            .values()
            .flatten()
            .find(|p| title.contains(p.as_str()) || head.contains(p.as_str()))
            .cloned()
    }
}

/// Evidence kept with every result.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Evidence {
    /// Statuses along the redirect chain, ending with the final one.
    pub status_chain: Vec<u16>,
    pub final_url: Option<String>,
    pub reason: String,
}

/// A classification.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub class: Class,
    pub http_status: Option<u16>,
    pub fingerprint: Option<String>,
    /// A new URL to cite (permanent redirect).
    pub suggestion: Option<String>,
    pub evidence: Evidence,
}

/// What the checker knows besides the fetch result.
#[derive(Debug, Default)]
pub struct Context<'a> {
    pub good_fingerprint: Option<&'a str>,
    /// The response to a random sibling URL on the same host: (final URL, fingerprint).
    pub sibling: Option<(&'a str, Option<&'a str>)>,
    pub not_found: Option<&'a NotFoundPhrases>,
}

fn path_is_home(u: &str) -> bool {
    url::Url::parse(u).is_ok_and(|u| matches!(u.path(), "" | "/") && u.query().is_none())
}

/// Classifies a fetch result of `url`.
pub fn classify(url: &str, result: &Result<Document, FetchError>, ctx: &Context) -> Verdict {
    match result {
        Ok(doc) => classify_doc(url, doc, ctx),
        Err(e) => {
            let class = match e {
                FetchError::Timeout { .. } => Class::Timeout,
                FetchError::Dns { .. } => Class::DnsError,
                FetchError::Tls { .. } => Class::TlsError,
                FetchError::Connection { .. } => Class::ConnectionError,
                FetchError::RedirectLoop { .. } | FetchError::TooManyRedirects { .. } => {
                    Class::ServerError
                }
                FetchError::TooLarge { .. } => Class::Ok,
                _ => Class::Blocked,
            };
            Verdict {
                class,
                http_status: None,
                fingerprint: None,
                suggestion: None,
                evidence: Evidence {
                    status_chain: vec![],
                    final_url: None,
                    reason: e.to_string(),
                },
            }
        }
    }
}

fn classify_doc(url: &str, doc: &Document, ctx: &Context) -> Verdict {
    let status = doc.status.unwrap_or(0);
    let mut chain = doc.redirect_statuses.clone();
    chain.push(status);
    // Computed when a rule reads it (a 404 never does).
    let fp_cell = std::cell::OnceCell::new();
    let fingerprint = || {
        fp_cell
            .get_or_init(|| super::fingerprint::fingerprint(&doc.text))
            .as_deref()
    };
    let mut v = Verdict {
        class: Class::Ok,
        http_status: Some(status),
        fingerprint: None,
        suggestion: None,
        evidence: Evidence {
            status_chain: chain,
            final_url: Some(doc.final_url.clone()),
            reason: String::new(),
        },
    };
    let set = |v: &mut Verdict, c: Class, reason: String| {
        v.class = c;
        v.evidence.reason = reason;
    };
    if GONE_STATUSES.contains(&status) {
        set(&mut v, Class::Gone, format!("HTTP {status}"));
    } else if BLOCKED_STATUSES.contains(&status) {
        set(&mut v, Class::Blocked, format!("HTTP {status}: access refused (not rot; unknown)"));
    } else if status >= 500 {
        let challenge = doc.html.contains("cf-challenge") || doc.html.contains("Just a moment...");
        if challenge {
            set(&mut v, Class::Blocked, format!("HTTP {status} with a bot challenge page"));
        } else {
            set(&mut v, Class::ServerError, format!("HTTP {status}"));
        }
    } else if status >= 400 {
        set(&mut v, Class::Gone, format!("HTTP {status}"));
    } else if !(200..300).contains(&status) && status != 304 {
        set(&mut v, Class::ServerError, format!("HTTP {status} without a usable redirect"));
    } else if !doc.redirects.is_empty() && path_is_home(&doc.final_url) && !path_is_home(url) {
        set(&mut v, Class::Soft404, format!("redirected to the site's home page {}", doc.final_url));
    } else if let Some(p) = ctx.not_found.and_then(|n| n.find(doc.title.as_deref(), &doc.text)) {
        set(&mut v, Class::Soft404, format!("HTTP {status} but the page says {p:?}"));
    } else if let Some((sib_final, sib_fp)) = ctx.sibling.filter(|(sf, sfp)| {
        (*sf == doc.final_url && !doc.redirects.is_empty())
            || matches!((sfp, fingerprint()), (Some(a), Some(b)) if super::fingerprint::similarity(a, b) >= SIBLING_SAME_AT)
    }) {
        let _ = sib_fp;
        set(
            &mut v,
            Class::Soft404,
            format!("indistinguishable from a random sibling URL's response ({sib_final})"),
        );
    } else if let (Some(good), Some(now)) = (ctx.good_fingerprint, fingerprint()) {
        let sim = super::fingerprint::similarity(good, now);
        if sim < DRIFT_BELOW {
            set(
                &mut v,
                Class::ContentDrift,
                format!("only {:.0}% like the page at its last good check", sim * 100.0),
            );
        }
    }
    if v.class == Class::Ok && !doc.redirects.is_empty() {
        let permanent = doc.redirect_statuses.iter().all(|s| matches!(s, 301 | 308));
        if permanent && doc.final_url != url {
            v.class = Class::Redirected;
            v.suggestion = Some(doc.final_url.clone());
            v.evidence.reason = format!("permanently moved to {}", doc.final_url);
        } else {
            v.evidence.reason = "temporary redirect; the URL still works".into();
        }
    }
    if v.class == Class::Ok && v.evidence.reason.is_empty() {
        v.evidence.reason = format!("HTTP {status}");
    }
    if v.class.is_success() {
        v.fingerprint = fingerprint().map(str::to_string);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::NotFoundPhrases;

    #[test]
    fn not_found_phrases_are_found_in_the_title_or_the_opening_only() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("nf.toml");
        std::fs::write(
            &f,
            "[phrases]\nen = [\"Page Not Found\", \"404 not found\"]\nde = [\"Seite nicht gefunden\"]\n",
        )
        .unwrap();
        let p = NotFoundPhrases::load(&f).unwrap();
        // Case-insensitive, title or text; the first phrase in file order (languages sorted).
        assert_eq!(
            p.find(Some("PAGE NOT FOUND"), "").as_deref(),
            Some("page not found")
        );
        assert_eq!(
            p.find(None, "Fehler: Seite nicht gefunden. 404 Not Found")
                .as_deref(),
            Some("seite nicht gefunden")
        );
        assert_eq!(
            p.find(Some("Outage report"), "All systems recovered."),
            None
        );
        // Only the first 600 characters of the text count (characters, not bytes).
        let late = format!("{} page not found", "é".repeat(600));
        assert_eq!(p.find(None, &late), None);
        let early = format!("{} page not found", "é".repeat(580));
        assert_eq!(p.find(None, &early).as_deref(), Some("page not found"));
        // Built by hand (no automaton): the same answers.
        let plain = NotFoundPhrases {
            phrases: p.phrases.clone(),
            ..Default::default()
        };
        assert_eq!(
            plain.find(Some("page not found"), "").as_deref(),
            Some("page not found")
        );
        assert_eq!(plain.find(None, "fine"), None);
    }
}
