//! The review page's source text with evidence spans highlighted, and the SVG time axis.
use super::esc;
use crate::draft::Review;
use serde_json::Value;

/// Width of the time axis in SVG units.
const AXIS_WIDTH: f64 = 640.0;

/// Anchor ids of each label's and event's first highlighted span.
#[derive(Debug, Default)]
pub struct Anchors {
    pub label: Vec<String>,
    pub event: Vec<String>,
}

struct Span {
    start: usize,
    end: usize,
    class: String,
    title: String,
    id: String,
}

/// Renders `text` as escaped HTML with nested `<span>`s for every label, time and duration.
pub fn render_text(text: &str, r: &Review) -> (String, Anchors) {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let mut spans: Vec<Span> = Vec::new();
    let mut anchors = Anchors::default();
    for (i, l) in r.labels.iter().enumerate() {
        let s = l.get("start").and_then(Value::as_u64).unwrap_or(0) as usize;
        let e = l.get("end").and_then(Value::as_u64).unwrap_or(0) as usize;
        let field = l.get("field").and_then(Value::as_str).unwrap_or("");
        let term = l.get("term").and_then(Value::as_str).unwrap_or("");
        let assertion = l
            .get("assertion")
            .and_then(Value::as_str)
            .unwrap_or("affirmed");
        let id = format!("l-{i}");
        anchors.label.push(id.clone());
        spans.push(Span {
            start: s.min(n),
            end: e.min(n),
            class: format!("lab f-{} a-{}", css_ident(field), css_ident(assertion)),
            title: format!("{field}: {term} ({assertion})"),
            id,
        });
    }
    for (i, ev) in r.events.iter().enumerate() {
        let id = format!("e-{i}");
        anchors.event.push(id.clone());
        spans.push(Span {
            start: ev.start.min(n),
            end: ev.end.min(n),
            class: "time".into(),
            title: format!(
                "{}{}",
                ev.at,
                if ev.approximate { " (approximate)" } else { "" }
            ),
            id,
        });
    }
    for (i, d) in r.durations.iter().enumerate() {
        spans.push(Span {
            start: d.start.min(n),
            end: d.end.min(n),
            class: format!("dur about-{}", css_ident(&d.about)),
            title: format!("duration {} ({})", d.value, d.about),
            id: format!("d-{i}"),
        });
    }
    spans.retain(|s| s.start < s.end);
    let mut cuts: Vec<usize> = spans.iter().flat_map(|s| [s.start, s.end]).collect();
    cuts.push(0);
    cuts.push(n);
    cuts.sort_unstable();
    cuts.dedup();
    let mut started = vec![false; spans.len()];
    let mut out = String::with_capacity(text.len() + spans.len() * 64);
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let active: Vec<usize> = (0..spans.len())
            .filter(|i| spans[*i].start <= a && spans[*i].end >= b)
            .collect();
        for &i in &active {
            let s = &spans[i];
            let id = if started[i] {
                String::new()
            } else {
                started[i] = true;
                format!(" id=\"{}\"", s.id)
            };
            out.push_str(&format!(
                "<span class=\"{}\" title=\"{}\"{}>",
                s.class,
                esc(&s.title),
                id
            ));
        }
        let seg: String = chars[a..b].iter().collect();
        out.push_str(&esc(&seg));
        for _ in &active {
            out.push_str("</span>");
        }
    }
    (out, anchors)
}

/// Class-safe identifier: ASCII letters, digits and dashes.
fn css_ident(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// A small SVG axis: every event as a tick, the window as a band, detection marked.
pub fn axis_svg(r: &Review) -> String {
    use chrono::DateTime;
    let parse = |s: &str| DateTime::parse_from_rfc3339(s).ok();
    let mut times: Vec<i64> = r
        .events
        .iter()
        .filter_map(|e| parse(&e.at).map(|t| t.timestamp()))
        .collect();
    let ws = r
        .window
        .start
        .as_deref()
        .and_then(parse)
        .map(|t| t.timestamp());
    let we = r
        .window
        .end
        .as_deref()
        .and_then(parse)
        .map(|t| t.timestamp());
    times.extend(ws);
    times.extend(we);
    let (Some(&lo), Some(&hi)) = (times.iter().min(), times.iter().max()) else {
        return "<p class=\"none\">no times to draw</p>".into();
    };
    let span = (hi - lo).max(60) as f64;
    let x = |t: i64| 20.0 + (t - lo) as f64 / span * (AXIS_WIDTH - 40.0);
    let mut svg = format!(
        "<svg viewBox=\"0 0 {AXIS_WIDTH} 70\" role=\"img\" aria-label=\"timeline axis\" class=\"axis\">\
         <line x1=\"20\" y1=\"40\" x2=\"{}\" y2=\"40\" class=\"base\"/>",
        AXIS_WIDTH - 20.0
    );
    if let (Some(s), Some(e)) = (ws, we) {
        svg.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"30\" width=\"{:.1}\" height=\"20\" class=\"window\"><title>impact window</title></rect>",
            x(s),
            (x(e) - x(s)).max(1.0)
        ));
    }
    for e in &r.events {
        if let Some(t) = parse(&e.at) {
            svg.push_str(&format!(
                "<line x1=\"{0:.1}\" y1=\"28\" x2=\"{0:.1}\" y2=\"52\" class=\"tick\"><title>{1}</title></line>",
                x(t.timestamp()),
                esc(&format!("{} {}", e.at, e.quote))
            ));
        }
    }
    if let Some(s) = ws {
        if let Some(d) = detection_offset(r) {
            svg.push_str(&format!(
                "<circle cx=\"{:.1}\" cy=\"40\" r=\"5\" class=\"detect\"><title>detected</title></circle>",
                x(s + d)
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"20\" class=\"lbl\">start</text>",
            x(s)
        ));
    }
    if let Some(e) = we {
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"66\" class=\"lbl\">end</text>",
            x(e)
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// Seconds from the window's start to detection, read back from the review's evidence.
fn detection_offset(r: &Review) -> Option<i64> {
    let q = &r.fields.get("timeline.detected_after")?.quote;
    let s = chrono::DateTime::parse_from_rfc3339(r.window.start.as_deref()?).ok()?;
    r.events
        .iter()
        .filter(|e| q.contains(&e.quote))
        .filter_map(|e| chrono::DateTime::parse_from_rfc3339(&e.at).ok())
        .map(|t| (t - s).num_seconds())
        .find(|d| *d >= 0)
}
