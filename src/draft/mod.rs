//! Drafting (temporary stub while the time and extract modules land).
pub mod review;
pub use review::{DurationNote, Event, FieldEvidence, Review, Window, ZoneHow, ZoneReview};
