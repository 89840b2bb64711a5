//! The watched feeds: `sources/watch.toml` (`--watch FILE`), one `[[feed]]` table per feed.
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// File name of the watch list inside the `sources/` data folder.
pub const WATCH_FILE: &str = crate::fetch::profile::NOT_PROFILES;

/// What a feed's body is and how its items become incidents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Atlassian Statuspage `/api/v2/incidents.json` (or its `history.atom`): every item is an incident.
    Statuspage,
    /// RSS, Atom or JSON Feed: an item is an incident write-up when its words say so.
    Feed,
    /// Google Cloud-style `incidents.json`: every item is an incident.
    Gcp,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Statuspage => "statuspage",
            Kind::Feed => "feed",
            Kind::Gcp => "gcp",
        }
    }
}

/// One `[[feed]]` table.
#[derive(Debug, Clone, Deserialize)]
pub struct Feed {
    pub url: String,
    pub kind: Kind,
    /// Language hint for the drafts (ISO 639-1).
    pub lang: Option<String>,
    /// Time zone hint for the drafts (IANA name or +HH:MM).
    pub zone: Option<String>,
    /// A name for reports (default: the URL).
    pub name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct File {
    #[serde(default)]
    feed: Vec<Feed>,
}

/// The default watch list: `sources/watch.toml` in the data folder.
pub fn default_path() -> PathBuf {
    crate::paths::data_dir("sources").join(WATCH_FILE)
}

/// Reads and checks a watch list; every problem names the file and the feed.
pub fn load(path: &Path) -> Result<Vec<Feed>> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "reading the watch list {} (give another with --watch FILE)",
            path.display()
        )
    })?;
    parse(&text).with_context(|| format!("in the watch list {}", path.display()))
}

/// Parses watch-list TOML: `[[feed]]` tables with `url` and `kind` (statuspage | feed | gcp).
pub fn parse(text: &str) -> Result<Vec<Feed>> {
    let f: File = toml::from_str(text).context(
        "expected [[feed]] tables with url and kind = \"statuspage\" | \"feed\" | \"gcp\"",
    )?;
    let mut seen = std::collections::HashSet::new();
    for (i, feed) in f.feed.iter().enumerate() {
        let u = url::Url::parse(&feed.url)
            .with_context(|| format!("feed {}: url {:?} is not a URL", i + 1, feed.url))?;
        if !matches!(u.scheme(), "http" | "https") {
            bail!("feed {}: url {:?} must be http or https", i + 1, feed.url);
        }
        if !seen.insert(feed.url.as_str()) {
            bail!("feed {}: url {:?} is listed twice", i + 1, feed.url);
        }
    }
    Ok(f.feed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feeds_parse_and_bad_ones_are_named() {
        let feeds = parse(
            "[[feed]]\nurl = \"https://status.example.com/api/v2/incidents.json\"\nkind = \"statuspage\"\n\
             [[feed]]\nurl = \"https://blog.example.com/rss\"\nkind = \"feed\"\nlang = \"ko\"\n",
        )
        .unwrap();
        assert_eq!(feeds.len(), 2);
        assert_eq!(feeds[1].kind, Kind::Feed);
        assert_eq!(feeds[1].lang.as_deref(), Some("ko"));
        let e = format!(
            "{:#}",
            parse("[[feed]]\nurl = \"https://x.example\"\nkind = \"rss\"\n").unwrap_err()
        );
        assert!(e.contains("rss"), "{e}");
        let e = format!(
            "{:#}",
            parse("[[feed]]\nurl = \"ftp://x.example/f\"\nkind = \"feed\"\n").unwrap_err()
        );
        assert!(e.contains("feed 1") && e.contains("http"), "{e}");
    }
}
