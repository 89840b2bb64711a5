//! The library's case record as serde types; unknown keys are captured so nothing is dropped.
use super::duration::Duration;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Text in several languages: language code (en, ko, vi, …) → text, in the record's order.
/// Hashed with FxHash: its keys are a record's own few language codes, and a library run builds
/// a dozen of these maps per case (SipHash's cost is for keys an adversary picks).
pub type LangText = IndexMap<String, String, rustc_hash::FxBuildHasher>;

/// Keys a case record must carry (null is allowed where the type says so).
pub const REQUIRED_KEYS: &[&str] = &[
    "id",
    "org",
    "date",
    "title",
    "domain",
    "review",
    "sources",
    "severity",
    "symptoms",
    "timeline",
    "date_kind",
    "components",
    "root_cause",
    "contributing",
];

/// One incident case, as stored in the library.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Case {
    pub id: String,
    pub org: String,
    /// Local date of the start of impact, `YYYY-MM-DD`.
    pub date: String,
    pub docs: Option<Vec<Value>>,
    pub title: LangText,
    pub domain: Vec<String>,
    pub impact: Option<Impact>,
    pub review: Review,
    pub lessons: Option<LangText>,
    pub related: Option<Vec<Value>>,
    pub sources: Vec<Source>,
    pub summary: Option<LangText>,
    pub trigger: Option<LangText>,
    pub severity: String,
    pub symptoms: Vec<String>,
    pub timeline: Timeline,
    pub date_kind: String,
    pub detection: Option<LangText>,
    pub components: Vec<String>,
    pub root_cause: String,
    pub remediation: Option<Vec<TextItem>>,
    pub action_items: Option<Vec<TextItem>>,
    pub contributing: Vec<String>,
    pub recurrence_of: Option<Value>,
    pub symptoms_text: Option<LangText>,
    pub updated_at: Option<String>,
    pub url: Option<String>,
    pub org_slug: Option<String>,
    /// Keys this version does not know; kept and written back unchanged.
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Impact {
    pub scope: Option<String>,
    pub users: Option<String>,
    pub region: Option<String>,
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

/// Who wrote the case and whether a curator has reviewed it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Review {
    pub written_by: Option<String>,
    pub reviewed_at: Option<String>,
    pub reviewed_by: Option<String>,
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

/// A source document of the case.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Source {
    pub url: String,
    /// A `source_kind` term.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<String>,
    #[serde(default)]
    pub archived: Option<String>,
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Timeline {
    /// Time from the start of impact to the first alert or detection.
    pub detected_after: Option<Duration>,
    /// Time from the start of impact to its end.
    pub resolved_after: Option<Duration>,
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

/// A remediation step or action item.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct TextItem {
    pub text: LangText,
    #[serde(flatten)]
    #[schemars(skip)]
    pub extra: Map<String, Value>,
}

impl Case {
    /// Whether a curator has reviewed this case (then its labels are the curator's).
    pub fn is_reviewed(&self) -> bool {
        self.review.reviewed_at.is_some()
    }
}
