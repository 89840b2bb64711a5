//! Wayback Machine: capture URLs (raw `id_` mode), capture times, and the closest-capture lookup.
use super::client::Client;
use super::error::FetchError;
use chrono::{NaiveDateTime, SecondsFormat, TimeZone, Utc};
use regex::Regex;
use serde::Serialize;
use std::sync::OnceLock;

/// Hosts always recognised as the Wayback Machine, besides the configured one.
pub const WAYBACK_HOSTS: &[&str] = &["web.archive.org", "wayback.archive.org"];

/// A `web/<timestamp>[flags]/<original>` URL taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaybackUrl {
    /// `scheme://host[:port]` of the archive.
    pub origin: String,
    pub timestamp: String,
    pub original: String,
}

/// One archived copy of a URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Capture {
    /// The capture's Wayback URL (`…/web/<timestamp>/<original>`), as a curator would cite it.
    pub url: String,
    pub original: String,
    pub timestamp: String,
    /// RFC 3339 UTC.
    pub captured_at: String,
}

fn path_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"^/web/(\d{4,14})(?:[a-z]{2}_|\*)?/(.+)$").expect("regex"))
}

fn origin_of(u: &url::Url) -> String {
    u.origin().ascii_serialization()
}

/// Parses a capture URL on a Wayback host (`web.archive.org` or the configured `wayback_url`).
pub fn parse_wayback(raw: &str, wayback_url: &str) -> Option<WaybackUrl> {
    // Every capture URL holds "/web/" (see `path_regex`): the rest need not parse two URLs.
    if !raw.contains("/web/") {
        return None;
    }
    let u = url::Url::parse(raw).ok()?;
    let host = u.host_str()?;
    let configured = url::Url::parse(wayback_url).ok();
    let on_archive = WAYBACK_HOSTS.contains(&host)
        || configured
            .as_ref()
            .is_some_and(|c| origin_of(c) == origin_of(&u));
    if !on_archive {
        return None;
    }
    let origin = origin_of(&u);
    // Take the rest of the raw string, not the parsed path: the original URL keeps its `//`.
    let rest = raw.get(raw.find(u.authority())? + u.authority().len()..)?;
    let caps = path_regex().captures(rest)?;
    let mut original = caps[2].to_string();
    // Some clients collapse `https://` to `https:/`.
    for scheme in ["http:/", "https:/"] {
        if original.starts_with(scheme) && !original.starts_with(&format!("{scheme}/")) {
            original.insert(scheme.len(), '/');
        }
    }
    Some(WaybackUrl {
        origin,
        timestamp: caps[1].to_string(),
        original,
    })
}

impl WaybackUrl {
    /// The raw-mode URL: the archived bytes without the archive's toolbar or rewriting.
    pub fn raw_url(&self) -> String {
        format!(
            "{}/web/{}id_/{}",
            self.origin, self.timestamp, self.original
        )
    }

    pub fn capture(&self) -> Capture {
        Capture {
            url: format!("{}/web/{}/{}", self.origin, self.timestamp, self.original),
            original: self.original.clone(),
            timestamp: self.timestamp.clone(),
            captured_at: timestamp_to_rfc3339(&self.timestamp).unwrap_or_default(),
        }
    }
}

/// `20241015213313` (or a prefix of it) → `2024-10-15T21:33:13+00:00`.
pub fn timestamp_to_rfc3339(ts: &str) -> Option<String> {
    if !(4..=14).contains(&ts.len()) || !ts.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Pad a partial timestamp with the earliest valid values: month/day 01, time 00.
    let pad = "00000101000000";
    let full = format!("{ts}{}", &pad[ts.len()..]);
    let n = NaiveDateTime::parse_from_str(&full, "%Y%m%d%H%M%S").ok()?;
    Some(
        Utc.from_utc_datetime(&n)
            .to_rfc3339_opts(SecondsFormat::Secs, false),
    )
}

/// A date (`YYYY-MM-DD`, RFC 3339 or a Wayback timestamp) → a 14-digit Wayback timestamp.
pub fn to_wayback_timestamp(date: &str) -> Option<String> {
    let d = date.trim();
    if d.bytes().all(|b| b.is_ascii_digit()) && (4..=14).contains(&d.len()) {
        return Some(d.to_string());
    }
    if let Ok(dt) = chrono::DateTime::parse_from_rfc3339(d) {
        return Some(dt.with_timezone(&Utc).format("%Y%m%d%H%M%S").to_string());
    }
    let day = chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()?;
    Some(day.format("%Y%m%d").to_string() + "120000")
}

impl Client {
    /// The capture of `url` closest to `date`: the `web/<timestamp>/<url>` redirect probe first,
    /// the availability API as a fallback. `Ok(None)` means "unknown", not "never archived".
    pub async fn closest_capture(
        &self,
        url: &str,
        date: &str,
    ) -> Result<Option<Capture>, FetchError> {
        let ts = to_wayback_timestamp(date).ok_or_else(|| FetchError::InvalidSource {
            source_text: date.to_string(),
            reason: "not a date (use YYYY-MM-DD, RFC 3339 or a Wayback timestamp)".into(),
        })?;
        let base = self.config().wayback_url.trim_end_matches('/').to_string();
        let probe = format!("{base}/web/{ts}/{url}");
        let probe_result = self.probe_no_follow(&probe).await;
        if let Ok((status, location)) = &probe_result {
            let wb = &self.config().wayback_url;
            let found = match (status, location) {
                (300..=399, Some(loc)) => parse_wayback(loc, wb),
                (200, _) => parse_wayback(&probe, wb),
                _ => None,
            };
            if let Some(w) = found {
                return Ok(Some(w.capture()));
            }
        }
        match self.availability(url, &ts).await {
            Ok(found) => Ok(found),
            // The probe's error says more about why nothing is known.
            Err(e) => match probe_result {
                Err(pe) => Err(pe),
                Ok(_) => Err(e),
            },
        }
    }

    async fn availability(&self, url: &str, ts: &str) -> Result<Option<Capture>, FetchError> {
        let mut api = url::Url::parse(&format!(
            "{}/wayback/available",
            self.config().archive_api_url.trim_end_matches('/')
        ))
        .map_err(|e| FetchError::InvalidSource {
            source_text: self.config().archive_api_url.clone(),
            reason: format!("archive API URL: {e}"),
        })?;
        api.query_pairs_mut()
            .append_pair("url", url)
            .append_pair("timestamp", ts);
        let doc = self.fetch_any(api.as_str()).await?;
        if doc.status != Some(200) {
            return Ok(None);
        }
        let v: serde_json::Value = match serde_json::from_str(&doc.html) {
            Ok(v) => v,
            Err(_) => return Ok(None),
        };
        let closest = &v["archived_snapshots"]["closest"];
        if closest["available"].as_bool() == Some(false) {
            return Ok(None);
        }
        let Some(cap_url) = closest["url"].as_str() else {
            return Ok(None);
        };
        let parsed = parse_wayback(cap_url, &self.config().wayback_url).or_else(|| {
            let t = closest["timestamp"].as_str()?;
            Some(WaybackUrl {
                origin: self.config().wayback_url.trim_end_matches('/').to_string(),
                timestamp: t.to_string(),
                original: url.to_string(),
            })
        });
        Ok(parsed.map(|w| w.capture()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_urls_parse_with_flags_and_queries() {
        let w = parse_wayback(
            "https://web.archive.org/web/20261015213313/https://www.canva.dev/blog/x?a=1&b=2",
            "https://web.archive.org",
        )
        .unwrap();
        assert_eq!(w.timestamp, "20261015213313");
        assert_eq!(w.original, "https://www.canva.dev/blog/x?a=1&b=2");
        assert_eq!(
            w.raw_url(),
            "https://web.archive.org/web/20261015213313id_/https://www.canva.dev/blog/x?a=1&b=2"
        );
        let w = parse_wayback(
            "http://127.0.0.1:9/web/2024if_/http:/example.com/",
            "http://127.0.0.1:9",
        )
        .unwrap();
        assert_eq!(w.original, "http://example.com/");
        assert_eq!(w.capture().captured_at, "2024-01-01T00:00:00+00:00");
        assert!(
            parse_wayback("https://example.com/web/2024/x", "https://web.archive.org").is_none()
        );
    }

    #[test]
    fn dates_become_wayback_timestamps() {
        assert_eq!(
            to_wayback_timestamp("2024-11-12").unwrap(),
            "20241112120000"
        );
        assert_eq!(
            to_wayback_timestamp("2024-11-12T09:08:00+09:00").unwrap(),
            "20241112000800"
        );
        assert!(to_wayback_timestamp("last week").is_none());
        assert_eq!(
            timestamp_to_rfc3339("20261015213313").unwrap(),
            "2026-10-15T21:33:13+00:00"
        );
    }
}
