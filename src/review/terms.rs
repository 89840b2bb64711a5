//! The review page's labels grouped by term: one row per field and term, with its mentions.
use super::esc;
use serde_json::Value;

/// Assertions in the order the page lists them.
const ASSERTIONS: [&str; 4] = ["affirmed", "negated", "hypothetical", "historical"];

/// One term of one field and every label (mention) the draft found for it.
#[derive(Debug, Clone, PartialEq)]
pub struct TermRow {
    pub field: String,
    pub term: String,
    /// Indices into the review's `labels`, in the order the draft lists them.
    pub mentions: Vec<usize>,
    /// Mentions per assertion, in [`ASSERTIONS`] order, then any other assertion.
    pub mix: Vec<(String, usize)>,
    /// The highest confidence among the mentions.
    pub confidence: f64,
}

impl TermRow {
    /// "8 affirmed, 2 negated".
    pub fn mix_text(&self) -> String {
        self.mix
            .iter()
            .map(|(a, n)| format!("{n} {a}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether any mention is affirmed (only affirmed mentions become labels).
    pub fn affirmed(&self) -> bool {
        self.mix.iter().any(|(a, n)| a == "affirmed" && *n > 0)
    }
}

fn assertion_of(l: &Value) -> &str {
    l.get("assertion")
        .and_then(Value::as_str)
        .unwrap_or("affirmed")
}

/// Groups labels by field (in first-seen order) and term (first-seen order within the field).
pub fn group(labels: &[Value]) -> Vec<TermRow> {
    let mut rows: indexmap::IndexMap<(String, String), TermRow> = Default::default();
    for (i, l) in labels.iter().enumerate() {
        let field = l.get("field").and_then(Value::as_str).unwrap_or("other");
        let term = l.get("term").and_then(Value::as_str).unwrap_or("");
        let conf = l.get("confidence").and_then(Value::as_f64).unwrap_or(0.0);
        let row = rows
            .entry((field.to_string(), term.to_string()))
            .or_insert_with(|| TermRow {
                field: field.to_string(),
                term: term.to_string(),
                mentions: Vec::new(),
                mix: Vec::new(),
                confidence: 0.0,
            });
        row.mentions.push(i);
        row.confidence = row.confidence.max(conf);
        let a = assertion_of(l);
        match row.mix.iter_mut().find(|(x, _)| x == a) {
            Some((_, n)) => *n += 1,
            None => row.mix.push((a.to_string(), 1)),
        }
    }
    let mut out: Vec<TermRow> = rows.into_values().collect();
    for r in &mut out {
        r.mix.sort_by_key(|(a, _)| {
            ASSERTIONS
                .iter()
                .position(|x| x == a)
                .unwrap_or(ASSERTIONS.len())
        });
    }
    // Fields keep their first-seen order; the sort is stable.
    let order: Vec<String> = {
        let mut o: Vec<String> = Vec::new();
        for r in &out {
            if !o.contains(&r.field) {
                o.push(r.field.clone());
            }
        }
        o
    };
    out.sort_by_key(|r| order.iter().position(|f| *f == r.field));
    out
}

/// The labels section: a fieldset per field, one row per term with a tick, its count of
/// mentions, the assertion mix and numbered links that step through its evidence.
pub fn render(labels: &[Value], case: &Value, anchors: &[String]) -> String {
    let rows = group(labels);
    let mut html = String::new();
    let mut field: Option<&str> = None;
    for (k, r) in rows.iter().enumerate() {
        if field != Some(r.field.as_str()) {
            if field.is_some() {
                html.push_str("</fieldset>");
            }
            html.push_str(&format!(
                "<fieldset class=\"field f-{f}\"><legend>{f}</legend>",
                f = esc(&r.field)
            ));
            field = Some(r.field.as_str());
        }
        let in_case = match case.get(r.field.as_str()) {
            Some(Value::Array(a)) => a.iter().any(|v| v.as_str() == Some(r.term.as_str())),
            Some(Value::String(s)) => *s == r.term,
            _ => false,
        };
        let n = r.mentions.len();
        let mut links = String::new();
        for (j, i) in r.mentions.iter().enumerate() {
            let l = &labels[*i];
            let quote = l.get("quote").and_then(Value::as_str).unwrap_or("");
            links.push_str(&format!(
                " <a href=\"#{a}\" class=\"ev\" title=\"{q} ({s})\" aria-label=\"evidence {no} of {n} for {t}\">{no}</a>",
                a = anchors.get(*i).map(String::as_str).unwrap_or(""),
                q = esc(quote),
                s = esc(assertion_of(l)),
                no = j + 1,
                t = esc(&r.term),
            ));
        }
        html.push_str(&format!(
            "<div class=\"label term{struck}\" data-mentions=\"{n}\"><input type=\"checkbox\" id=\"term-{k}\" data-field=\"{f}\" data-term=\"{t}\"{c}> \
             <label for=\"term-{k}\">{t}</label> <span class=\"count\" title=\"mentions\">×{n}</span> \
             <span class=\"conf\">{conf:.2}</span> <span class=\"assert\">{mix}</span> \
             <span class=\"evlinks\">evidence:{links}</span></div>",
            struck = if r.affirmed() { "" } else { " a-negated" },
            f = esc(&r.field),
            t = esc(&r.term),
            c = if in_case { " checked" } else { "" },
            conf = r.confidence,
            mix = esc(&r.mix_text()),
        ));
    }
    if field.is_some() {
        html.push_str("</fieldset>");
    } else {
        html.push_str("<p class=\"none\">no labels</p>");
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn mentions_of_a_term_make_one_row_with_their_assertion_mix() {
        let mut labels = Vec::new();
        for i in 0..10 {
            let a = if i < 8 { "affirmed" } else { "negated" };
            labels.push(json!({"field": "symptoms", "term": "feature-degraded", "assertion": a, "confidence": 0.5}));
        }
        labels.push(json!({"field": "components", "term": "databases", "assertion": "affirmed", "confidence": 0.8}));
        labels.push(json!({"field": "symptoms", "term": "disk-full", "assertion": "negated", "confidence": 0.7}));
        let rows = group(&labels);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].term, "feature-degraded");
        assert_eq!(rows[0].mentions.len(), 10);
        assert_eq!(rows[0].mix_text(), "8 affirmed, 2 negated");
        // Fields stay together in first-seen order.
        assert_eq!(rows[1].term, "disk-full");
        assert!(!rows[1].affirmed());
        assert_eq!(rows[2].field, "components");
    }
}
