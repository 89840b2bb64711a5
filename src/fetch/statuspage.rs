//! Status feeds: Atlassian Statuspage incident JSON (and its HTML fallback) and Google Cloud-style incidents.json.
use super::document::{Incident, Update};
use super::text::{collapse, element_text};
use chrono::{DateTime, NaiveDateTime, SecondsFormat, TimeZone, Utc};
use scraper::{Html, Selector};
use serde_json::Value;

/// Printed update times on Statuspage HTML ("Mar 04, 2025 - 16:30 UTC"), tried in order.
const SHOWN_TIME_FORMATS: &[&str] = &["%b %d, %Y - %H:%M UTC", "%B %d, %Y - %H:%M UTC"];

/// `…/incidents/<code>` → `…/incidents/<code>.json`, for a Statuspage incident URL.
pub fn incident_json_url(url: &str) -> Option<String> {
    let mut u = url::Url::parse(url).ok()?;
    let segs: Vec<String> = u.path_segments()?.map(str::to_string).collect();
    let pos = segs.iter().rposition(|s| s == "incidents")?;
    let code = segs.get(pos + 1)?;
    if code.is_empty()
        || code.ends_with(".json")
        || !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        || segs.len() > pos + 2 && !segs[pos + 2].is_empty()
    {
        return None;
    }
    let path = format!("{}/{}.json", segs[..=pos].join("/"), code);
    u.set_path(&path);
    u.set_query(None);
    u.set_fragment(None);
    Some(u.to_string())
}

/// Whether HTML looks like a Statuspage incident page.
pub fn looks_like_statuspage(html: &str) -> bool {
    html.contains("update-row") && html.contains("update-title")
}

/// An RFC 3339 timestamp in a stable form (seconds, numeric offset); None if unparsable.
pub fn normalize_ts(s: &str) -> Option<String> {
    let dt = DateTime::parse_from_rfc3339(s.trim()).ok()?;
    Some(dt.to_rfc3339_opts(SecondsFormat::Secs, false))
}

fn ts_field(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).and_then(normalize_ts)
}

fn str_field(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn title_case(status: &str) -> String {
    status
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f
                    .to_uppercase()
                    .chain(c.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

fn sort_updates(updates: &mut [Update]) {
    // RFC 3339 strings with different offsets do not sort as text; compare instants.
    updates.sort_by_key(|u| {
        u.timestamp
            .as_deref()
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|d| d.timestamp())
    });
}

fn statuspage_incident(v: &Value) -> Incident {
    let mut updates: Vec<Update> = v
        .get("incident_updates")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|u| Update {
                    timestamp: ts_field(u, "display_at").or_else(|| ts_field(u, "created_at")),
                    title: title_case(&str_field(u, "status").unwrap_or_default()),
                    body: str_field(u, "body").unwrap_or_default(),
                    shown_time: None,
                })
                .collect()
        })
        .unwrap_or_default();
    sort_updates(&mut updates);
    Incident {
        id: str_field(v, "id"),
        name: str_field(v, "name"),
        created_at: ts_field(v, "created_at"),
        started_at: ts_field(v, "started_at"),
        resolved_at: ts_field(v, "resolved_at"),
        postmortem: str_field(v, "postmortem_body"),
        updates,
        parsed_from: "statuspage-json".into(),
    }
}

fn gcp_incident(v: &Value) -> Incident {
    let mut updates: Vec<Update> = v
        .get("updates")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|u| Update {
                    timestamp: ts_field(u, "when").or_else(|| ts_field(u, "created")),
                    title: title_case(&str_field(u, "status").unwrap_or_default()),
                    body: str_field(u, "text").unwrap_or_default(),
                    shown_time: None,
                })
                .collect()
        })
        .unwrap_or_default();
    sort_updates(&mut updates);
    Incident {
        id: str_field(v, "id").or_else(|| str_field(v, "number")),
        name: str_field(v, "external_desc").or_else(|| str_field(v, "name")),
        created_at: ts_field(v, "created"),
        started_at: ts_field(v, "begin"),
        resolved_at: ts_field(v, "end"),
        postmortem: None,
        updates,
        parsed_from: "gcp-json".into(),
    }
}

fn is_gcp(v: &Value) -> bool {
    v.get("begin").is_some() || (v.get("updates").is_some() && v.get("external_desc").is_some())
}

/// Incidents from any supported JSON shape; None when the JSON is none of them.
pub fn parse_json(v: &Value) -> Option<Vec<Incident>> {
    if let Some(inc) = v.get("incident").filter(|i| i.is_object()) {
        return Some(vec![statuspage_incident(inc)]);
    }
    if let Some(list) = v.get("incidents").and_then(Value::as_array) {
        return Some(
            list.iter()
                .map(|i| {
                    if is_gcp(i) {
                        gcp_incident(i)
                    } else {
                        statuspage_incident(i)
                    }
                })
                .collect(),
        );
    }
    if v.get("incident_updates").is_some() {
        return Some(vec![statuspage_incident(v)]);
    }
    if is_gcp(v) {
        return Some(vec![gcp_incident(v)]);
    }
    if let Some(list) = v.as_array() {
        if !list.is_empty() && list.iter().all(|i| i.is_object() && is_gcp(i)) {
            return Some(list.iter().map(gcp_incident).collect());
        }
    }
    None
}

fn shown_time_to_rfc3339(s: &str) -> Option<String> {
    let s = collapse(s);
    let s = s.trim_start_matches("Posted").trim();
    SHOWN_TIME_FORMATS.iter().find_map(|f| {
        NaiveDateTime::parse_from_str(s, f).ok().map(|n| {
            Utc.from_utc_datetime(&n)
                .to_rfc3339_opts(SecondsFormat::Secs, false)
        })
    })
}

fn unix_ms_to_rfc3339(ms: &str) -> Option<String> {
    let ms: i64 = ms.trim().parse().ok()?;
    // Statuspage writes milliseconds; tolerate seconds.
    let secs = if ms > 100_000_000_000 { ms / 1000 } else { ms };
    Utc.timestamp_opt(secs, 0)
        .single()
        .map(|d| d.to_rfc3339_opts(SecondsFormat::Secs, false))
}

/// Updates from a Statuspage incident page's HTML (`.update-row` / `.update-title` / `.update-body`,
/// `data-datetime-unix`), for when the JSON is missing.
pub fn parse_html(html: &str) -> Option<Incident> {
    let doc = Html::parse_document(html);
    let sel = |s: &str| Selector::parse(s).expect("static selector");
    let (row_s, title_s, body_s) = (
        sel(".update-row"),
        sel(".update-title"),
        sel(".update-body"),
    );
    let (unix_s, shown_s) = (sel("[data-datetime-unix]"), sel(".update-timestamp, small"));
    let mut inc = Incident {
        name: doc
            .select(&sel(".incident-name, h1"))
            .next()
            .map(|e| collapse(&e.text().collect::<String>())),
        parsed_from: "statuspage-html".into(),
        ..Incident::default()
    };
    for row in doc.select(&row_s) {
        let title = row
            .select(&title_s)
            .next()
            .map(|e| collapse(&e.text().collect::<String>()))
            .unwrap_or_default();
        let body = row
            .select(&body_s)
            .next()
            .map(element_text)
            .unwrap_or_default();
        if row.value().classes().any(|c| c == "postmortem") {
            inc.postmortem = Some(body);
            continue;
        }
        let shown = row
            .select(&shown_s)
            .next()
            .map(|e| collapse(&e.text().collect::<String>()));
        let timestamp = row
            .select(&unix_s)
            .next()
            .and_then(|e| e.value().attr("data-datetime-unix"))
            .and_then(unix_ms_to_rfc3339)
            .or_else(|| shown.as_deref().and_then(shown_time_to_rfc3339));
        inc.updates.push(Update {
            shown_time: if timestamp.is_none() { shown } else { None },
            timestamp,
            title,
            body,
        });
    }
    if inc.updates.is_empty() && inc.postmortem.is_none() {
        return None;
    }
    if inc.updates.iter().all(|u| u.timestamp.is_some()) {
        sort_updates(&mut inc.updates);
    } else {
        inc.updates.reverse(); // pages list newest first
    }
    Some(inc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incident_json_url_from_page_url() {
        assert_eq!(
            incident_json_url("https://status.example.com/incidents/0l5rw6nppv2s?u=1#x").as_deref(),
            Some("https://status.example.com/incidents/0l5rw6nppv2s.json")
        );
        assert_eq!(
            incident_json_url("https://status.example.com/history"),
            None
        );
        assert_eq!(
            incident_json_url("https://status.example.com/incidents/abc.json"),
            None
        );
    }

    #[test]
    fn api_v2_shape_gives_sorted_exact_updates() {
        let v: Value = serde_json::from_str(
            r#"{"incidents":[{"id":"abc","name":"API errors","created_at":"2025-03-04T14:20:11.000Z",
            "started_at":"2025-03-04T14:05:00.000Z","resolved_at":"2025-03-04T16:30:00-00:00",
            "postmortem_body":"We are sorry.",
            "incident_updates":[
              {"status":"resolved","body":"Fixed.","created_at":"2025-03-04T16:30:00.000Z"},
              {"status":"investigating","body":"Looking.","created_at":"2025-03-04T15:20:11.000+01:00"}]}]}"#,
        )
        .unwrap();
        let inc = &parse_json(&v).unwrap()[0];
        assert_eq!(inc.started_at.as_deref(), Some("2025-03-04T14:05:00+00:00"));
        assert_eq!(inc.postmortem.as_deref(), Some("We are sorry."));
        assert_eq!(inc.updates[0].title, "Investigating");
        assert_eq!(
            inc.updates[0].timestamp.as_deref(),
            Some("2025-03-04T15:20:11+01:00")
        );
        assert_eq!(inc.updates[1].title, "Resolved");
    }

    #[test]
    fn gcp_feed_shape() {
        let v: Value = serde_json::from_str(
            r#"[{"id":"x1","number":"123","begin":"2024-01-02T03:04:05+00:00","end":"2024-01-02T05:00:00+00:00",
            "created":"2024-01-02T03:20:00+00:00","external_desc":"GCE errors",
            "updates":[{"created":"2024-01-02T03:20:00+00:00","when":"2024-01-02T03:20:00+00:00","text":"We are investigating.","status":"SERVICE_OUTAGE"}]}]"#,
        )
        .unwrap();
        let inc = &parse_json(&v).unwrap()[0];
        assert_eq!(inc.parsed_from, "gcp-json");
        assert_eq!(inc.name.as_deref(), Some("GCE errors"));
        assert_eq!(
            inc.resolved_at.as_deref(),
            Some("2024-01-02T05:00:00+00:00")
        );
        assert_eq!(inc.updates[0].title, "Service Outage");
    }

    #[test]
    fn html_fallback_reads_rows_and_unix_times() {
        let html = r#"<h1 class="incident-name">Outage</h1>
        <div class="row update-row"><div class="update-title">Resolved</div><div class="update-body"><p>Done.</p></div>
        <small>Posted <span class="ago" data-datetime-unix="1741105800000"></span></small></div>
        <div class="row update-row"><div class="update-title">Investigating</div><div class="update-body">Looking.</div>
        <small>Posted <span class="ago" data-datetime-unix="1741097100000"></span></small></div>"#;
        let inc = parse_html(html).unwrap();
        assert_eq!(inc.name.as_deref(), Some("Outage"));
        assert_eq!(inc.updates[0].title, "Investigating");
        assert_eq!(
            inc.updates[0].timestamp.as_deref(),
            Some("2025-03-04T14:05:00+00:00")
        );
        assert_eq!(inc.updates[1].body, "Done.");
    }
}
