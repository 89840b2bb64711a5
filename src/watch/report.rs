//! What a watch run did, per feed and per draft: the `--json` object and the stderr summary.
use serde::Serialize;

/// One item that was not drafted for a reason worth reporting (failed, in the library…).
#[derive(Debug, Clone, Serialize)]
pub struct ItemNote {
    pub url: String,
    pub title: Option<String>,
    pub outcome: String,
    pub reason: String,
}

/// One feed's part of a run.
#[derive(Debug, Clone, Serialize)]
pub struct FeedReport {
    pub feed: String,
    pub kind: &'static str,
    /// A request was made (false when the run stopped first).
    pub polled: bool,
    /// The server answered 304: nothing changed since the last poll.
    pub not_modified: bool,
    /// Items first seen that are incidents to draft.
    pub new: usize,
    /// Items drafted before whose content changed.
    pub updated: usize,
    pub drafted: usize,
    /// Items not drafted on purpose: not incident write-ups, unresolved, in the library.
    pub skipped: usize,
    /// Items whose page could not be fetched or drafted (retried next run).
    pub failed: usize,
    /// Why the feed itself could not be read (the run went on with the other feeds).
    pub error: Option<String>,
    pub items: Vec<ItemNote>,
}

impl FeedReport {
    pub fn new(feed: &str, kind: &'static str) -> Self {
        FeedReport {
            feed: feed.to_string(),
            kind,
            polled: false,
            not_modified: false,
            new: 0,
            updated: 0,
            drafted: 0,
            skipped: 0,
            failed: 0,
            error: None,
            items: Vec::new(),
        }
    }

    /// One line for stderr.
    pub fn summary(&self) -> String {
        let head = if !self.polled {
            "not polled (stopped)".to_string()
        } else if let Some(e) = &self.error {
            format!("FAILED: {e}")
        } else if self.not_modified {
            "not modified".to_string()
        } else {
            "polled".to_string()
        };
        format!(
            "{}: {head}; {} new, {} updated, {} drafted, {} skipped, {} failed",
            self.feed, self.new, self.updated, self.drafted, self.skipped, self.failed
        )
    }
}

/// One draft written.
#[derive(Debug, Clone, Serialize)]
pub struct DraftReport {
    pub feed: String,
    pub url: String,
    pub title: Option<String>,
    pub path: String,
    pub id: String,
    /// "new" (first draft of the item) or "updated" (its content changed since it was drafted).
    pub change: String,
}

/// A whole run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    pub feeds: Vec<FeedReport>,
    pub drafts: Vec<DraftReport>,
}

impl Report {
    /// Exit status for cron: 0 every feed was read, 1 a feed failed.
    pub fn exit_code(&self) -> i32 {
        if self.feeds.iter().any(|f| f.error.is_some()) {
            1
        } else {
            0
        }
    }
}
