//! Link-rot checks for every source URL in the library, with history in SQLite and archive lookups.
