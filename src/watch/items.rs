//! A feed body → its items: Statuspage and GCP incident JSON (the fetch layer's parser), RSS/Atom/JSON Feed (feed-rs).
use super::classify::IncidentWords;
use super::config::Kind;
use super::state::{Eligibility, Seen};
use crate::fetch::statuspage;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Why a feed body could not be read, for the report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BodyError(pub String);

/// How items are judged.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// Draft incidents that are not resolved yet.
    pub unresolved: bool,
}

fn hash(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0u8]);
    }
    hex::encode(&h.finalize()[..16])
}

fn sniff(body: &[u8]) -> String {
    let start = body
        .iter()
        .position(|b| !b.is_ascii_whitespace() && !matches!(b, 0xEF | 0xBB | 0xBF))
        .unwrap_or(body.len());
    String::from_utf8_lossy(&body[start..body.len().min(start + 256)]).to_ascii_lowercase()
}

fn looks_like_html(body: &[u8]) -> bool {
    let head = sniff(body);
    head.starts_with("<!doctype html") || head.starts_with("<html") || head.starts_with("<head")
}

/// Reads a feed body into items; `feed_url` is the final URL the body came from.
pub fn parse(
    kind: Kind,
    feed_url: &str,
    content_type: Option<&str>,
    body: &[u8],
    words: &IncidentWords,
    rules: Rules,
) -> Result<Vec<Seen>, BodyError> {
    if looks_like_html(body) {
        return Err(BodyError(format!(
            "the feed URL returned an HTML page ({}), not a feed; point url at the feed itself",
            content_type.unwrap_or("no Content-Type")
        )));
    }
    let is_json = sniff(body).starts_with(['{', '[']);
    match kind {
        Kind::Statuspage | Kind::Gcp if is_json => incidents_json(kind, feed_url, body, rules),
        // Statuspage's history.atom, incident.io and instatus feeds: every entry is an incident.
        Kind::Statuspage => feed_entries(feed_url, body, None),
        Kind::Gcp => Err(BodyError(
            "not JSON; a gcp feed is an incidents.json list".into(),
        )),
        Kind::Feed => feed_entries(feed_url, body, Some(words)),
    }
}

fn str_of(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The page an incident of a Statuspage API lives on: `<base>/incidents/<id>`, where base is the
/// feed URL before `/api/v2/` (or its origin).
fn statuspage_page(feed_url: &str, id: &str) -> String {
    let base = match feed_url.find("/api/v2/") {
        Some(i) => feed_url[..i].to_string(),
        None => url::Url::parse(feed_url)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_default(),
    };
    format!("{}/incidents/{id}", base.trim_end_matches('/'))
}

fn gcp_page(feed_url: &str, raw: &Value, id: &str) -> String {
    let base = url::Url::parse(feed_url).ok();
    str_of(raw, "uri")
        .and_then(|u| base.as_ref()?.join(&u).ok())
        .or_else(|| base.as_ref()?.join(&format!("incidents/{id}")).ok())
        .map(|u| u.to_string())
        .unwrap_or_default()
}

fn incidents_json(
    kind: Kind,
    feed_url: &str,
    body: &[u8],
    rules: Rules,
) -> Result<Vec<Seen>, BodyError> {
    let v: Value =
        serde_json::from_slice(body).map_err(|e| BodyError(format!("malformed JSON: {e}")))?;
    let raw: Vec<&Value> = match (&v, v.get("incidents")) {
        (_, Some(Value::Array(a))) => a.iter().collect(),
        (Value::Array(a), _) => a.iter().collect(),
        _ => vec![],
    };
    let parsed = statuspage::parse_json(&v).ok_or_else(|| {
        BodyError(format!(
            "JSON is not a {} incident list (expected {})",
            kind.as_str(),
            if kind == Kind::Gcp {
                "a list of incidents with begin/end/updates"
            } else {
                "{\"incidents\": [...]} as /api/v2/incidents.json gives"
            }
        ))
    })?;
    let mut out = Vec::new();
    for (inc, raw) in parsed.iter().zip(raw) {
        let Some(id) = inc.id.clone() else { continue };
        let url = match kind {
            Kind::Gcp => gcp_page(feed_url, raw, &id),
            _ => statuspage_page(feed_url, &id),
        };
        if url.is_empty() {
            continue;
        }
        let status = str_of(raw, "status").unwrap_or_default().to_lowercase();
        let resolved = inc.resolved_at.is_some()
            || matches!(status.as_str(), "resolved" | "postmortem" | "completed");
        let eligibility = if resolved || rules.unresolved {
            Eligibility::Incident
        } else {
            Eligibility::Unresolved
        };
        out.push(Seen {
            id,
            url,
            title: inc.name.clone(),
            hash: hash(&[&raw.to_string()]),
            eligibility,
        });
    }
    Ok(out)
}

fn feed_entries(
    feed_url: &str,
    body: &[u8],
    words: Option<&IncidentWords>,
) -> Result<Vec<Seen>, BodyError> {
    let feed = feed_rs::parser::parse(body)
        .map_err(|e| BodyError(format!("malformed feed (not RSS, Atom or JSON Feed): {e}")))?;
    let base = url::Url::parse(feed_url).ok();
    let mut out = Vec::new();
    for e in &feed.entries {
        let link = e
            .links
            .iter()
            .find(|l| l.rel.as_deref().is_none_or(|r| r == "alternate"))
            .or(e.links.first())
            .map(|l| l.href.clone())
            .or_else(|| crate::fetch::is_url(&e.id).then(|| e.id.clone()));
        let Some(url) = link
            .and_then(|l| match &base {
                Some(b) => b.join(l.trim()).ok(),
                None => url::Url::parse(l.trim()).ok(),
            })
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .map(|u| u.to_string())
        else {
            continue;
        };
        let title = e.title.as_ref().map(|t| t.content.trim().to_string());
        let eligibility = match words {
            None => Eligibility::Incident,
            Some(w) => {
                let mut text = title.clone().unwrap_or_default();
                for c in &e.categories {
                    text.push('\n');
                    text.push_str(&c.term);
                    if let Some(l) = &c.label {
                        text.push('\n');
                        text.push_str(l);
                    }
                }
                text.push('\n');
                // The link's path, with its separators as spaces ("/2024/11/outage-report").
                let path = url::Url::parse(&url)
                    .map(|u| u.path().replace(['/', '-', '_', '.'], " "))
                    .unwrap_or_default();
                text.push_str(&percent_decode(&path));
                if w.find(&text).is_some() {
                    Eligibility::Incident
                } else {
                    Eligibility::NotIncident
                }
            }
        };
        let when = e.updated.or(e.published).map(|d| d.to_rfc3339());
        let summary = e.summary.as_ref().map(|s| s.content.as_str());
        let content = e.content.as_ref().and_then(|c| c.body.as_deref());
        let id = if e.id.trim().is_empty() {
            url.clone()
        } else {
            e.id.trim().to_string()
        };
        out.push(Seen {
            hash: hash(&[
                title.as_deref().unwrap_or(""),
                when.as_deref().unwrap_or(""),
                summary.unwrap_or(""),
                content.unwrap_or(""),
                &url,
            ]),
            id,
            url,
            title,
            eligibility,
        });
    }
    Ok(out)
}

fn percent_decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> IncidentWords {
        IncidentWords::from_list("en", &["postmortem*", "outage*", "장애"])
    }

    #[test]
    fn statuspage_incidents_link_to_their_pages_and_only_resolved_ones_count() {
        let body = br#"{"page":{"id":"p"},"incidents":[
          {"id":"aaa","name":"API errors","status":"resolved","resolved_at":"2025-03-04T16:30:00Z","incident_updates":[]},
          {"id":"bbb","name":"Slow builds","status":"investigating","resolved_at":null,"incident_updates":[]}]}"#;
        let items = parse(
            Kind::Statuspage,
            "https://status.example.com/api/v2/incidents.json",
            Some("application/json"),
            body,
            &words(),
            Rules::default(),
        )
        .unwrap();
        assert_eq!(items[0].url, "https://status.example.com/incidents/aaa");
        assert_eq!(items[0].eligibility, Eligibility::Incident);
        assert_eq!(items[1].eligibility, Eligibility::Unresolved);
    }

    #[test]
    fn feed_items_are_incidents_by_their_words_and_html_is_refused() {
        let rss = r#"<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title>
          <item><title>새 기능 출시</title><link>https://blog.example.kr/p/1</link><guid>1</guid></item>
          <item><title>11월 7일 서비스 장애 보고</title><link>/p/2</link><guid>2</guid></item>
          <item><title>Weekly notes</title><link>https://blog.example.kr/2024/postmortem-db</link><guid>3</guid></item>
          </channel></rss>"#;
        let items = parse(
            Kind::Feed,
            "https://blog.example.kr/rss",
            None,
            rss.as_bytes(),
            &words(),
            Rules::default(),
        )
        .unwrap();
        let e: Vec<_> = items.iter().map(|i| i.eligibility.clone()).collect();
        assert_eq!(
            e,
            [
                Eligibility::NotIncident,
                Eligibility::Incident,
                Eligibility::Incident
            ]
        );
        assert_eq!(items[1].url, "https://blog.example.kr/p/2");
        let err = parse(
            Kind::Feed,
            "https://x.example/",
            Some("text/html"),
            b"<!DOCTYPE html><html><body>hi</body></html>",
            &words(),
            Rules::default(),
        )
        .unwrap_err();
        assert!(err.0.contains("HTML"), "{err}");
        assert!(parse(
            Kind::Feed,
            "https://x.example/",
            None,
            b"<rss><channel><item><title>x</ti",
            &words(),
            Rules::default()
        )
        .is_err());
    }
}
