//! The Document every source becomes (URL, file or stdin), so downstream code is the same.
use super::profile::Profile;
use serde::Serialize;

/// What kind of content a document holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Html,
    Text,
    Markdown,
    Json,
}

/// Where an archived copy came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArchiveInfo {
    /// The URL that was archived.
    pub original: String,
    /// Capture time, RFC 3339 UTC.
    pub captured_at: String,
}

/// The site profile a document matched.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProfileRef {
    pub name: String,
    pub source_kind: String,
    pub lang: Option<String>,
    pub zone: Option<String>,
    pub selectors: super::profile::Selectors,
}

impl From<&Profile> for ProfileRef {
    fn from(p: &Profile) -> Self {
        ProfileRef {
            name: p.name.clone(),
            source_kind: p.source_kind.clone(),
            lang: p.lang.clone(),
            zone: p.zone.clone(),
            selectors: p.selectors.clone(),
        }
    }
}

/// One status update of an incident (Statuspage `incident_updates[]`, GCP `updates[]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Update {
    /// RFC 3339, as exact as the source gives it; None when only prose gives the time.
    pub timestamp: Option<String>,
    /// The update's status or heading ("Investigating", "Resolved", …).
    pub title: String,
    pub body: String,
    /// The time as the page printed it, when no machine timestamp was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown_time: Option<String>,
}

/// One incident from a status feed.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Incident {
    pub id: Option<String>,
    pub name: Option<String>,
    pub created_at: Option<String>,
    pub started_at: Option<String>,
    pub resolved_at: Option<String>,
    pub postmortem: Option<String>,
    /// Oldest first.
    pub updates: Vec<Update>,
    /// "statuspage-json", "statuspage-html" or "gcp-json".
    pub parsed_from: String,
}

/// A fetched or loaded source.
#[derive(Debug, Clone, Serialize)]
pub struct Document {
    /// The source as asked for (a URL, `file://…` for files, `stdin:` for stdin).
    pub url: String,
    pub final_url: String,
    /// HTTP status of the final response; None for files and stdin.
    pub status: Option<u16>,
    /// Every URL redirected to, in order.
    pub redirects: Vec<String>,
    /// The status of each redirect response, parallel to `redirects` (301, 302, 307, 308…).
    pub redirect_statuses: Vec<u16>,
    pub content_type: Option<String>,
    pub charset: Option<String>,
    /// Body size after decompression.
    pub bytes: u64,
    /// The body came from the conditional-GET cache (the server said 304).
    pub from_cache: bool,
    pub archive: Option<ArchiveInfo>,
    pub profile: Option<ProfileRef>,
    pub format: Format,
    /// The decoded body (HTML, text, Markdown or JSON).
    pub html: String,
    pub title: Option<String>,
    /// Plain text of the main content (the extractor's blocks joined by newlines).
    pub text: String,
    /// Plain text of the whole page, boilerplate included.
    pub full_text: String,
    /// The extracted page (blocks, sections, language), so drafting does not extract again.
    #[serde(skip)]
    pub page: Option<crate::extract::Page>,
    /// Incidents with exact update times, for status pages and feeds.
    pub incidents: Vec<Incident>,
    /// What a curator should know about the document (a PDF without a text layer, …).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

impl Document {
    /// The first incident's updates (a Statuspage incident page has exactly one incident).
    pub fn updates(&self) -> &[Update] {
        self.incidents
            .first()
            .map(|i| i.updates.as_slice())
            .unwrap_or(&[])
    }

    /// The `source_kind` term of the matched profile.
    pub fn source_kind(&self) -> Option<&str> {
        self.profile.as_ref().map(|p| p.source_kind.as_str())
    }
}
