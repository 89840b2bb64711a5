//! Multilingual times and durations: scan text in nine languages, resolve zones, anchor partial times.
