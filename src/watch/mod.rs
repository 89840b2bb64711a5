//! `incidentlib watch`: poll status pages and blog feeds, draft each new incident write-up once.
//!
//! One run: every feed is polled concurrently through the fetch layer's polite client
//! ([`poll`]), its body read into items ([`items`], incident words from [`classify`]), every item
//! recorded in SQLite with the feed's validators in one transaction ([`state`]), then each item
//! waiting to be drafted is fetched and drafted ([`drafts`]) and committed on its own, so a
//! killed run loses at most the item in hand.
pub mod classify;
pub mod config;
pub mod drafts;
pub mod items;
pub mod known;
pub mod poll;
pub mod report;
pub mod state;

use crate::fetch::Client;
use anyhow::Result;
use chrono::{DateTime, Utc};
use futures::StreamExt;
pub use report::{DraftReport, FeedReport, Report};
use state::{outcome, Observed, Store};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What one run needs besides the client and the drafter.
pub struct Options {
    pub feeds: Vec<config::Feed>,
    /// Folder for drafts.
    pub out: PathBuf,
    /// Fixed time for the state and the drafts (`--now`).
    pub now: Option<DateTime<Utc>>,
    pub rules: items::Rules,
    /// The library's sources (`--library`).
    pub known: Option<known::Known>,
}

/// Everything a run shares between feeds.
pub struct Watcher {
    pub client: Client,
    pub drafter: Arc<drafts::LazyDrafter>,
    pub words: classify::IncidentWords,
    pub store: Arc<Mutex<Store>>,
    pub opts: Options,
    /// Set by SIGTERM / Ctrl-C: finish the item in hand, start nothing new.
    pub stop: Arc<AtomicBool>,
    writer: drafts::Writer,
}

/// A failure of the state database (or of loading the drafter's data): the run cannot go on (exit 2).
#[derive(Debug, thiserror::Error)]
#[error("{0:#}")]
pub struct StateError(pub anyhow::Error);

impl Watcher {
    pub fn new(
        client: Client,
        drafter: Arc<drafts::LazyDrafter>,
        words: classify::IncidentWords,
        store: Store,
        opts: Options,
        stop: Arc<AtomicBool>,
    ) -> Watcher {
        Watcher {
            writer: drafts::Writer::new(&opts.out),
            client,
            drafter,
            words,
            store: Arc::new(Mutex::new(store)),
            opts,
            stop,
        }
    }

    fn now(&self) -> DateTime<Utc> {
        self.opts.now.unwrap_or_else(Utc::now)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    fn db<T>(&self, f: impl FnOnce(&mut Store) -> Result<T>) -> Result<T, StateError> {
        let mut s = self.store.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut s).map_err(|e| StateError(e.context("watch state")))
    }

    /// Polls every feed once and drafts what is new; feeds run concurrently.
    pub async fn run_once(&self) -> Result<Report, StateError> {
        let width = self.client.config().concurrency.max(1);
        let results: Vec<_> = futures::stream::iter(self.opts.feeds.iter())
            .map(|f| self.watch_feed(f))
            .buffered(width)
            .collect()
            .await;
        let mut report = Report::default();
        for r in results {
            let (feed, drafts) = r?;
            report.feeds.push(feed);
            report.drafts.extend(drafts);
        }
        Ok(report)
    }

    async fn watch_feed(
        &self,
        feed: &config::Feed,
    ) -> Result<(FeedReport, Vec<DraftReport>), StateError> {
        let mut rep = FeedReport::new(&feed.url, feed.kind.as_str());
        let mut drafts = Vec::new();
        if self.stopped() {
            return Ok((rep, drafts));
        }
        let validators = self.db(|s| s.validators(&feed.url))?;
        rep.polled = true;
        match poll::poll(&self.client, &feed.url, &validators).await {
            Err(e) => {
                let msg = e.to_string();
                self.db(|s| s.feed_polled(&feed.url, self.now(), "failed", Some(&msg)))?;
                rep.error = Some(msg);
            }
            Ok(poll::Polled::NotModified) => {
                rep.not_modified = true;
                self.db(|s| s.feed_polled(&feed.url, self.now(), "not-modified", None))?;
            }
            Ok(poll::Polled::Body {
                final_url,
                content_type,
                body,
                validators,
            }) => {
                let parsed = items::parse(
                    feed.kind,
                    &final_url,
                    content_type.as_deref(),
                    &body,
                    &self.words,
                    self.opts.rules,
                );
                drop(body);
                match parsed {
                    Err(e) => {
                        let msg = format!("{}: {e}", feed.url);
                        self.db(|s| s.feed_polled(&feed.url, self.now(), "failed", Some(&msg)))?;
                        rep.error = Some(msg);
                    }
                    Ok(seen) => {
                        let observed =
                            self.db(|s| s.observe(&feed.url, &seen, &validators, self.now()))?;
                        for o in observed {
                            match o {
                                Observed::New => rep.new += 1,
                                Observed::Updated => rep.updated += 1,
                                Observed::Ignored => rep.skipped += 1,
                                Observed::Unchanged => {}
                            }
                        }
                    }
                }
            }
        }
        // Items waiting from this poll, or left by a killed or failed run.
        let pending = self.db(|s| s.pending(&feed.url))?;
        for item in pending {
            if self.stopped() {
                break;
            }
            self.draft_item(feed, item, &mut rep, &mut drafts).await?;
        }
        Ok((rep, drafts))
    }

    async fn draft_item(
        &self,
        feed: &config::Feed,
        item: state::Item,
        rep: &mut FeedReport,
        drafts: &mut Vec<DraftReport>,
    ) -> Result<(), StateError> {
        let note = |outcome: &str, reason: String| report::ItemNote {
            url: item.url.clone(),
            title: item.title.clone(),
            outcome: outcome.to_string(),
            reason,
        };
        if let Some(case) = self.in_library(&item.url) {
            let reason = format!("in the library as {case}");
            self.db(|s| s.not_drafted(&item, outcome::IN_LIBRARY, &reason))?;
            rep.skipped += 1;
            rep.items.push(note(outcome::IN_LIBRARY, reason));
            return Ok(());
        }
        let doc = match self.client.get(&item.url).await {
            Ok(d) => d,
            Err(e) => {
                let reason = match &e {
                    crate::fetch::FetchError::Status {
                        status: 404 | 410, ..
                    } => format!("the item's page is gone: {e}"),
                    _ => e.to_string(),
                };
                self.db(|s| s.not_drafted(&item, outcome::FAILED, &reason))?;
                rep.failed += 1;
                rep.items.push(note(outcome::FAILED, reason));
                return Ok(());
            }
        };
        // A page that redirected to a source the library already has.
        if let Some(case) = self.in_library(&doc.final_url) {
            let reason = format!("in the library as {case} (via {})", doc.final_url);
            self.db(|s| s.not_drafted(&item, outcome::IN_LIBRARY, &reason))?;
            rep.skipped += 1;
            rep.items.push(note(outcome::IN_LIBRARY, reason));
            return Ok(());
        }
        let input = crate::draft::load::from_document(&doc, None);
        drop(doc);
        let opts = crate::draft::Options {
            lang: feed.lang.clone(),
            tz: feed.zone.clone(),
            now: self.opts.now,
        };
        let drafter = self.drafter.clone();
        let job =
            tokio::task::spawn_blocking(move || drafter.get().map(|d| d.draft(&input, &opts)));
        let draft = match job.await {
            Ok(Ok(d)) => d,
            Ok(Err(e)) => return Err(StateError(e)),
            Err(e) => {
                let reason = format!("drafting {} failed: {e}", item.url);
                self.db(|s| s.not_drafted(&item, outcome::FAILED, &reason))?;
                rep.failed += 1;
                rep.items.push(note(outcome::FAILED, reason));
                return Ok(());
            }
        };
        match self.writer.write(draft, &item) {
            Ok((path, id)) => {
                let p = path.display().to_string();
                self.db(|s| s.drafted(&item, &p, &id, self.now()))?;
                rep.drafted += 1;
                drafts.push(DraftReport {
                    feed: feed.url.clone(),
                    url: item.url.clone(),
                    title: item.title.clone(),
                    path: p,
                    id,
                    change: item.change.clone(),
                });
            }
            Err(e) => {
                let reason = format!("{e:#}");
                self.db(|s| s.not_drafted(&item, outcome::FAILED, &reason))?;
                rep.failed += 1;
                rep.items.push(note(outcome::FAILED, reason));
            }
        }
        Ok(())
    }

    fn in_library(&self, url: &str) -> Option<String> {
        self.opts
            .known
            .as_ref()
            .and_then(|k| k.case_for(url))
            .map(str::to_string)
    }
}
