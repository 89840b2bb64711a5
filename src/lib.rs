//! incidentlib: turn public incident write-ups into draft case records for a curated library.
pub mod case;
pub mod cli;
pub mod draft;
pub mod extract;
pub mod fetch;
pub mod ledger;
pub mod library;
pub mod links;
pub mod normalize;
pub mod paths;
pub mod review;
pub mod time;
pub mod validate;
pub mod vocab;
pub mod watch;
