//! Link-rot checks for every source URL in the library, with history in SQLite and archive lookups.
pub mod check;
pub mod classify;
pub mod collect;
pub mod edit;
pub mod fingerprint;
pub mod report;
pub mod store;

pub use check::{run, Options, Report, UrlResult};
pub use classify::Class;
pub use store::{RotRules, Store};
