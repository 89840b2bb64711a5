//! One conditional GET of a feed through the fetch layer's polite client (ETag / Last-Modified → 304).
use super::state::Validators;
use crate::fetch::{Client, FetchError};
use reqwest::header::{self, HeaderMap, HeaderValue};

/// What polling a feed gave.
#[derive(Debug)]
pub enum Polled {
    /// 304: the feed has not changed since the validators were stored.
    NotModified,
    /// A 2xx body, decompressed and within the fetch layer's caps.
    Body {
        final_url: String,
        content_type: Option<String>,
        body: Vec<u8>,
        validators: Validators,
    },
}

/// Why a poll failed, naming the feed.
#[derive(Debug, thiserror::Error)]
pub enum PollError {
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error("{url}: HTTP {status}")]
    Status { url: String, status: u16 },
    #[error("{url}: redirect without a usable Location")]
    BadRedirect { url: String },
    #[error("{url}: more than {limit} redirects")]
    TooManyRedirects { url: String, limit: usize },
}

/// GETs `url` with `If-None-Match` / `If-Modified-Since` from `v`, following redirects, with the
/// client's politeness, robots.txt, retries, timeouts and body cap.
pub async fn poll(client: &Client, url: &str, v: &Validators) -> Result<Polled, PollError> {
    let mut headers = HeaderMap::new();
    if let Some(e) = v
        .etag
        .as_deref()
        .and_then(|e| HeaderValue::from_str(e).ok())
    {
        headers.insert(header::IF_NONE_MATCH, e);
    }
    if let Some(m) = v
        .last_modified
        .as_deref()
        .and_then(|m| HeaderValue::from_str(m).ok())
    {
        headers.insert(header::IF_MODIFIED_SINCE, m);
    }
    headers.insert(
        header::ACCEPT,
        HeaderValue::from_static(
            "application/json, application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        ),
    );
    let limit = client.config().max_redirects;
    let mut current = url.to_string();
    for _ in 0..=limit {
        let r = client.request(&current, headers.clone(), true).await?;
        match r.status {
            304 => return Ok(Polled::NotModified),
            200..=299 => {
                return Ok(Polled::Body {
                    final_url: current,
                    content_type: r.header(header::CONTENT_TYPE),
                    validators: Validators {
                        etag: r.header(header::ETAG),
                        last_modified: r.header(header::LAST_MODIFIED),
                    },
                    body: r.body,
                })
            }
            300..=399 => {
                let next = r
                    .header(header::LOCATION)
                    .and_then(|l| url::Url::parse(&current).ok()?.join(&l).ok())
                    .ok_or_else(|| PollError::BadRedirect {
                        url: current.clone(),
                    })?;
                current = next.to_string();
            }
            status => {
                return Err(PollError::Status {
                    url: current,
                    status,
                })
            }
        }
    }
    Err(PollError::TooManyRedirects {
        url: url.to_string(),
        limit,
    })
}
