//! The library's case record: types, the duration type, faithful JSON and atomic file I/O.
pub mod duration;
pub mod io;
pub mod json;
pub mod record;

pub use duration::{Duration, DurationError};
pub use record::{Case, Impact, LangText, Review, Source, TextItem, Timeline, REQUIRED_KEYS};

use serde_json::Value;

/// A case together with the JSON it was read from, so writing it back changes only what changed.
#[derive(Debug, Clone)]
pub struct Stored {
    pub case: Case,
    pub original: Option<Value>,
}

impl Stored {
    /// Parses one record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        let original: Value = serde_json::from_str(text)?;
        let case: Case = serde_json::from_value(original.clone())?;
        Ok(Stored {
            case,
            original: Some(original),
        })
    }

    /// A record that was never stored (a new draft).
    pub fn new(case: Case) -> Self {
        Stored {
            case,
            original: None,
        }
    }

    /// The record as a JSON value, in its file's key order (or the library's for new records).
    pub fn to_value(&self) -> Value {
        let mut v = serde_json::to_value(&self.case).expect("case serialises to JSON");
        match &self.original {
            Some(t) => json::follow_template(&mut v, t),
            None => json::library_key_order(&mut v),
        }
        v
    }

    /// Compact JSON, as the library stores records.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_value()).expect("JSON value serialises")
    }
}

/// Compact JSON for a new case, in the library's key order.
pub fn to_json(case: &Case) -> String {
    Stored::new(case.clone()).to_json()
}
