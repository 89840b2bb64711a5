//! The HTTP client: one request with timeouts and a streamed body cap, retries, redirects, robots, cache.
use super::archive::parse_wayback;
use super::cache::{Cache, CacheMeta};
use super::config::{secs, Config};
use super::document::{ArchiveInfo, Document};
use super::error::{from_reqwest, FetchError, TimeoutPhase};
use super::politeness::{host_key, HostState, Politeness, RobotsRule};
use super::profile::Profiles;
use super::retry::{
    backoff, is_host_failure, parse_retry_after, should_retry, Attempt, RetryBudget,
};
use reqwest::header::{self, HeaderMap, HeaderValue};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, SystemTime};
use tokio::time::Instant;

/// The product token robots.txt rules are matched against.
pub const ROBOTS_AGENT: &str = "incidentlib";
/// Largest robots.txt read (Google reads 500 KiB).
pub const MAX_ROBOTS_BYTES: u64 = 512 * 1024;

/// One HTTP response, body read (or not) within the limits.
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub url: String,
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn header(&self, name: header::HeaderName) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    }
}

struct Inner {
    config: Config,
    http: reqwest::Client,
    politeness: Politeness,
    budget: RetryBudget,
    profiles: Profiles,
    cache: Option<Cache>,
}

/// A polite HTTP client for one run; cheap to clone, share it between tasks.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

fn attempt_of(r: &Result<RawResponse, FetchError>) -> Attempt {
    match r {
        Ok(resp) => Attempt::Status(resp.status),
        Err(FetchError::Connection { .. }) => Attempt::ConnectionFailed,
        Err(FetchError::Timeout {
            phase: TimeoutPhase::Connect,
            ..
        }) => Attempt::ConnectionFailed,
        Err(_) => Attempt::Other,
    }
}

fn is_http(u: &url::Url) -> bool {
    matches!(u.scheme(), "http" | "https") && u.host_str().is_some()
}

fn parse_http_url(source: &str) -> Result<url::Url, FetchError> {
    let u = url::Url::parse(source).map_err(|e| FetchError::InvalidSource {
        source_text: source.to_string(),
        reason: format!("not a URL: {e}"),
    })?;
    if !is_http(&u) {
        return Err(FetchError::InvalidSource {
            source_text: source.to_string(),
            reason: "only http and https URLs can be fetched".into(),
        });
    }
    Ok(u)
}

impl Client {
    pub fn new(config: Config) -> anyhow::Result<Client> {
        super::tls::install_provider();
        let mut builder = reqwest::Client::builder();
        if !config.resolve.is_empty() {
            builder =
                builder.dns_resolver(Arc::new(super::resolve::Overrides::new(&config.resolve)));
        }
        let builder = builder
            .user_agent(config.user_agent())
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(secs(config.connect_timeout_secs))
            .pool_idle_timeout(Duration::from_secs(30))
            // reqwest 0.13 sets TCP keep-alive (15 s, every 15 s, 3 probes) and a 30 s
            // TCP_USER_TIMEOUT on every socket: four more setsockopt calls per connection (about
            // 2% of a link check's CPU, where nearly every URL is a new connection). Neither can
            // act here: a pooled connection is dropped after 30 s idle, before keep-alive could
            // find a dead peer (15 s + 3 × 15 s), and a request that waits on its peer is cut
            // by the first-byte and total timeouts (`once`).
            .tcp_keepalive(None)
            .tcp_keepalive_interval(None)
            .tcp_keepalive_retries(None);
        #[cfg(any(target_os = "android", target_os = "fuchsia", target_os = "linux"))]
        let builder = builder.tcp_user_timeout(None);
        let http = builder.build()?;
        let profiles = Profiles::load(&config.sources_dir())?;
        Ok(Client {
            inner: Arc::new(Inner {
                cache: config.cache_dir.as_deref().map(Cache::new),
                politeness: Politeness::new(&config),
                budget: RetryBudget::default(),
                profiles,
                http,
                config,
            }),
        })
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }
    pub fn politeness(&self) -> &Politeness {
        &self.inner.politeness
    }
    pub fn budget(&self) -> &RetryBudget {
        &self.inner.budget
    }
    pub fn profiles(&self) -> &Profiles {
        &self.inner.profiles
    }

    /// One attempt: timeouts on connect, first byte and the whole body; body capped as it streams.
    async fn once(
        &self,
        url: &str,
        parsed: &url::Url,
        headers: HeaderMap,
        read_body: bool,
    ) -> Result<RawResponse, FetchError> {
        let c = &self.inner.config;
        let total = secs(c.total_timeout_secs);
        let ttfb = secs(c.first_byte_timeout_secs).min(total);
        let deadline = Instant::now() + total;
        let to = |phase, s| FetchError::Timeout {
            url: url.to_string(),
            phase,
            secs: s,
        };
        // The parsed URL, so reqwest does not parse the string again.
        let send = self.inner.http.get(parsed.clone()).headers(headers).send();
        let mut resp = match tokio::time::timeout(ttfb, send).await {
            Err(_) if ttfb < total => {
                return Err(to(TimeoutPhase::FirstByte, c.first_byte_timeout_secs))
            }
            Err(_) => return Err(to(TimeoutPhase::Total, c.total_timeout_secs)),
            Ok(Err(e)) if e.is_timeout() => {
                return Err(to(TimeoutPhase::Connect, c.connect_timeout_secs))
            }
            Ok(Err(e)) => return Err(from_reqwest(url, &e)),
            Ok(Ok(r)) => r,
        };
        let status = resp.status().as_u16();
        let mut body = Vec::new();
        if read_body {
            if resp.content_length().is_some_and(|n| n > c.max_bytes) {
                return Err(FetchError::TooLarge {
                    url: url.to_string(),
                    limit: c.max_bytes,
                });
            }
            loop {
                match tokio::time::timeout_at(deadline, resp.chunk()).await {
                    Err(_) => return Err(to(TimeoutPhase::Total, c.total_timeout_secs)),
                    Ok(Err(e)) => return Err(from_reqwest(url, &e)),
                    Ok(Ok(None)) => break,
                    Ok(Ok(Some(chunk))) => {
                        if (body.len() + chunk.len()) as u64 > c.max_bytes {
                            return Err(FetchError::TooLarge {
                                url: url.to_string(),
                                limit: c.max_bytes,
                            });
                        }
                        body.extend_from_slice(&chunk);
                    }
                }
            }
        }
        Ok(RawResponse {
            url: url.to_string(),
            status,
            headers: resp.headers().clone(),
            body,
        })
    }

    async fn robots_for(&self, u: &url::Url, host: &HostState) -> RobotsRule {
        host.robots
            .get_or_init(|| async {
                let robots_url = format!("{}/robots.txt", u.origin().ascii_serialization());
                let _slot = self.inner.politeness.acquire(host).await;
                let mut h = HeaderMap::new();
                h.insert(header::ACCEPT, HeaderValue::from_static("text/plain"));
                let fetched = match url::Url::parse(&robots_url) {
                    Ok(parsed) => self.once(&robots_url, &parsed, h, true).await,
                    Err(e) => Err(FetchError::InvalidSource {
                        source_text: robots_url.clone(),
                        reason: format!("not a URL: {e}"),
                    }),
                };
                let rule = match fetched {
                    Ok(r) if (200..300).contains(&r.status) => {
                        let body = &r.body[..r.body.len().min(MAX_ROBOTS_BYTES as usize)];
                        match texting_robots::Robot::new(ROBOTS_AGENT, body) {
                            Ok(robot) => RobotsRule::Rules(Arc::new(robot)),
                            Err(_) => RobotsRule::AllowAll,
                        }
                    }
                    Ok(r) if r.status >= 500 => RobotsRule::Unavailable(r.status),
                    _ => RobotsRule::AllowAll,
                };
                if let Some(d) = rule.crawl_delay() {
                    self.inner.politeness.apply_crawl_delay(host, d);
                }
                rule
            })
            .await
            .clone()
    }

    /// One URL with politeness, robots.txt, retries (`should_retry`), `Retry-After`, the retry
    /// budget and the circuit breaker. Any HTTP status is `Ok`; redirects are not followed.
    pub async fn request(
        &self,
        url: &str,
        headers: HeaderMap,
        read_body: bool,
    ) -> Result<RawResponse, FetchError> {
        let u = parse_http_url(url)?;
        self.request_parsed(url, &u, headers, read_body).await
    }

    /// [`Client::request`] for a URL already parsed (and checked to be http or https) as `u`:
    /// a link check parses each URL once, not once per layer.
    async fn request_parsed(
        &self,
        url: &str,
        u: &url::Url,
        headers: HeaderMap,
        read_body: bool,
    ) -> Result<RawResponse, FetchError> {
        let c = &self.inner.config;
        let pol = &self.inner.politeness;
        let host = pol.host(&host_key(u));
        if let Some(failures) = pol.paused(&host) {
            return Err(FetchError::HostPaused {
                url: url.to_string(),
                host: host_key(u),
                failures,
            });
        }
        if c.robots {
            match self.robots_for(u, &host).await.allowed(url) {
                Ok(()) => {}
                Err(0) => return Err(FetchError::RobotsDisallowed { url: url.into() }),
                Err(status) => {
                    return Err(FetchError::RobotsUnavailable {
                        url: url.into(),
                        status,
                    })
                }
            }
        }
        self.inner.budget.record_first_attempt();
        let max_attempts = c.max_attempts.max(1);
        let mut attempt = 1;
        loop {
            let result = {
                let _slot = pol.acquire(&host).await;
                self.once(url, u, headers.clone(), read_body).await
            };
            let kind = attempt_of(&result);
            pol.record(&host, is_host_failure(kind));
            if !should_retry(kind) || attempt >= max_attempts || pol.paused(&host).is_some() {
                return result;
            }
            let retry_after = result
                .as_ref()
                .ok()
                .and_then(|r| r.header(header::RETRY_AFTER))
                .and_then(|v| parse_retry_after(&v, SystemTime::now()));
            if let Some(wait) = retry_after {
                let max = secs(c.retry_after_max_secs);
                if wait > max {
                    return Err(FetchError::Deferred {
                        url: url.into(),
                        wait_secs: wait.as_secs(),
                        max_secs: max.as_secs(),
                    });
                }
            }
            if !self.inner.budget.try_spend(c) {
                tracing::info!("{url}: retry budget for this run spent; not retrying");
                return result;
            }
            match retry_after {
                Some(wait) => pol.hold_host(&host, wait),
                None => tokio::time::sleep(backoff(c, attempt - 1)).await,
            }
            tracing::debug!("{url}: retrying (attempt {})", attempt + 1);
            attempt += 1;
        }
    }

    /// GET without following redirects: (status, Location resolved against the URL).
    pub async fn probe_no_follow(&self, url: &str) -> Result<(u16, Option<String>), FetchError> {
        let r = self.request(url, HeaderMap::new(), false).await?;
        let loc = r
            .header(header::LOCATION)
            .and_then(|l| url::Url::parse(url).ok()?.join(&l).ok())
            .map(|u| u.to_string());
        Ok((r.status, loc))
    }

    /// Fetches a URL, following redirects, whatever the final status.
    /// Wayback capture URLs are fetched in raw mode; the conditional-GET cache is used.
    pub async fn fetch_any(&self, source: &str) -> Result<Document, FetchError> {
        self.fetch_built(source, None, super::build::from_bytes)
            .await
    }

    /// [`Client::fetch_any`] for a link check: the Document holds what a check reads (status,
    /// URLs, title, main-content text, HTML) and skips the rest of the page analysis.
    pub async fn fetch_for_check(&self, source: &str) -> Result<Document, FetchError> {
        self.fetch_built(source, None, super::build::for_link_check)
            .await
    }

    /// [`Client::fetch_for_check`] with `source` already parsed (`parsed` is
    /// `url::Url::parse(source)`), so the URL is not parsed again on the way down.
    pub async fn fetch_for_check_parsed(
        &self,
        source: &str,
        parsed: &url::Url,
    ) -> Result<Document, FetchError> {
        self.fetch_built(source, Some(parsed), super::build::for_link_check)
            .await
    }

    async fn fetch_built(
        &self,
        source: &str,
        parsed: Option<&url::Url>,
        build: fn(super::build::Meta, &[u8], &Profiles) -> Document,
    ) -> Result<Document, FetchError> {
        let c = &self.inner.config;
        let source_url = match parsed {
            Some(u) if is_http(u) => u.clone(),
            _ => parse_http_url(source)?,
        };
        let wayback = parse_wayback(source, &c.wayback_url);
        let (first, mut current_url) = match &wayback {
            Some(w) => {
                let raw = w.raw_url();
                let u = parse_http_url(&raw)?;
                (raw, u)
            }
            None => (source.to_string(), source_url),
        };
        let cached = self.inner.cache.as_ref().and_then(|ca| ca.load(source));
        let mut current = first;
        let mut chain: Vec<String> = Vec::new();
        let mut chain_statuses: Vec<u16> = Vec::new();
        let mut seen: HashSet<String> = HashSet::from([current.clone()]);
        let resp = loop {
            let mut headers = HeaderMap::new();
            if let Some((meta, _)) = cached.as_ref().filter(|(m, _)| m.final_url == current) {
                if let Some(v) = meta
                    .etag
                    .as_deref()
                    .and_then(|v| HeaderValue::from_str(v).ok())
                {
                    headers.insert(header::IF_NONE_MATCH, v);
                }
                if let Some(v) = meta
                    .last_modified
                    .as_deref()
                    .and_then(|v| HeaderValue::from_str(v).ok())
                {
                    headers.insert(header::IF_MODIFIED_SINCE, v);
                }
            }
            let r = self
                .request_parsed(&current, &current_url, headers, true)
                .await?;
            let location = r.header(header::LOCATION);
            match (r.status, location) {
                (300..=399, Some(loc)) if r.status != 304 => {
                    let next = current_url
                        .join(&loc)
                        .map_err(|e| FetchError::InvalidSource {
                            source_text: loc.clone(),
                            reason: format!("bad redirect Location from {current}: {e}"),
                        })?
                        .to_string();
                    chain.push(next.clone());
                    chain_statuses.push(r.status);
                    if !seen.insert(next.clone()) {
                        return Err(FetchError::RedirectLoop {
                            url: source.into(),
                            chain,
                        });
                    }
                    if chain.len() > c.max_redirects {
                        return Err(FetchError::TooManyRedirects {
                            url: source.into(),
                            limit: c.max_redirects,
                            chain,
                        });
                    }
                    current_url = parse_http_url(&next)?;
                    current = next;
                }
                _ => break r,
            }
        };
        let mut resp = resp;
        let (status, body, content_type, from_cache) = match (resp.status, &cached) {
            (304, Some((meta, body))) => (200, body.clone(), meta.content_type.clone(), true),
            // The body moves out (the response's headers are all that is read from here on).
            _ => (
                resp.status,
                std::mem::take(&mut resp.body),
                resp.header(header::CONTENT_TYPE),
                false,
            ),
        };
        if let (Some(cache), false, 200) = (&self.inner.cache, from_cache, status) {
            cache.store(
                &CacheMeta {
                    url: source.to_string(),
                    etag: resp.header(header::ETAG),
                    last_modified: resp.header(header::LAST_MODIFIED),
                    final_url: current.clone(),
                    content_type: content_type.clone(),
                    redirects: chain.clone(),
                },
                &body,
            );
        }
        let archive = parse_wayback(&current, &c.wayback_url)
            .or(wayback)
            .map(|w| {
                let cap = w.capture();
                ArchiveInfo {
                    original: cap.original,
                    captured_at: cap.captured_at,
                }
            });
        let mut doc = build(
            super::build::Meta {
                url: source.to_string(),
                final_url: current,
                status: Some(status),
                redirects: chain,
                redirect_statuses: chain_statuses,
                content_type,
                from_cache,
                archive,
                path_hint: None,
            },
            &body,
            &self.inner.profiles,
        );
        if from_cache {
            doc.status = Some(304);
        }
        Ok(doc)
    }

    /// Fetches a source (URL, file or `-` for stdin) into a Document. A final HTTP status outside
    /// 2xx is an error. Statuspage incident pages are upgraded with the incident's JSON.
    pub async fn get(&self, source: &str) -> Result<Document, FetchError> {
        if !super::is_url(source) {
            return super::local::load_local(source, &self.inner.profiles);
        }
        let mut doc = self.fetch_any(source).await?;
        let status = doc.status.unwrap_or(0);
        if !(200..300).contains(&status) && status != 304 {
            return Err(FetchError::Status {
                url: doc.url,
                final_url: doc.final_url,
                status,
                redirects: doc.redirects,
            });
        }
        self.upgrade_statuspage(&mut doc).await;
        Ok(doc)
    }

    /// For a Statuspage incident page, replaces HTML-scraped updates with the JSON's exact ones.
    async fn upgrade_statuspage(&self, doc: &mut Document) {
        let is_sp = doc.profile.as_ref().is_some_and(|p| p.name == "statuspage")
            || super::statuspage::looks_like_statuspage(&doc.html);
        if !is_sp || doc.format != super::document::Format::Html {
            return;
        }
        let page = doc
            .archive
            .as_ref()
            .map(|a| a.original.clone())
            .unwrap_or_else(|| doc.final_url.clone());
        let Some(json_url) = super::statuspage::incident_json_url(&page) else {
            return;
        };
        let json_url = match &doc.archive {
            // An archived page: ask the archive for the JSON near the same time.
            Some(_) => match parse_wayback(&doc.final_url, &self.inner.config.wayback_url) {
                Some(w) => format!("{}/web/{}id_/{}", w.origin, w.timestamp, json_url),
                None => json_url,
            },
            None => json_url,
        };
        match self.fetch_any(&json_url).await {
            Ok(j) if j.status == Some(200) || j.status == Some(304) => {
                if let Some(incidents) = serde_json::from_str(&j.html)
                    .ok()
                    .and_then(|v| super::statuspage::parse_json(&v))
                {
                    doc.incidents = incidents;
                }
            }
            Ok(j) => tracing::info!(
                "{json_url}: HTTP {:?}; using the page's HTML updates",
                j.status
            ),
            Err(e) => tracing::info!("{e}; using the page's HTML updates"),
        }
    }
}
