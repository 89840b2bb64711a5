//! The review that travels with a draft: where every filled value came from, and every guess.
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// How the page's time zone was settled: the time parser's own verdict (stated, inferred,
/// given, unknown).
pub use crate::time::ZoneHow;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneReview {
    pub zone: Option<String>,
    pub how: ZoneHow,
}

/// Customer impact, start to end, as RFC 3339 with offset.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Window {
    pub start: Option<String>,
    pub end: Option<String>,
}

/// A clock time the page mentions, resolved to an instant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub at: String,
    pub approximate: bool,
    /// The time as written on the page.
    pub quote: String,
    /// What happened: the sentence or table row around the time.
    pub text: String,
    /// Char offsets of the quote in the page text (the draft's `.txt`).
    pub start: usize,
    pub end: usize,
}

/// A duration the page states.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DurationNote {
    pub quote: String,
    pub value: String,
    /// "incident" when it is the length of the impact window, else "other".
    pub about: String,
    /// Char offsets of the quote in the page text.
    pub start: usize,
    pub end: usize,
}

/// Evidence for one filled field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldEvidence {
    pub quote: String,
    pub rule: String,
}

/// The `*.review.json` beside a draft.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub language: String,
    pub timezone: ZoneReview,
    pub window: Window,
    pub events: Vec<Event>,
    pub durations: Vec<DurationNote>,
    pub labels: Vec<serde_json::Value>,
    pub fields: IndexMap<String, FieldEvidence>,
    pub warnings: Vec<String>,
}
