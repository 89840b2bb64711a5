//! The link report for humans (Markdown) and for `links status`.
use super::check::Report;
use super::store::UrlState;
use std::fmt::Write;

/// A Markdown report: newly rotten first, then suggestions, then the summary.
pub fn markdown(r: &Report, now: &str) -> String {
    let mut s = format!("# Link check {now}\n\n");
    let _ = writeln!(
        s,
        "{} URLs checked, {} skipped (checked within the last hour), {} newly rotten.\n",
        r.checked, r.skipped, r.newly_rotten
    );
    let newly: Vec<_> = r.urls.iter().filter(|u| u.newly_rotten).collect();
    s.push_str("## Newly rotten\n\n");
    if newly.is_empty() {
        s.push_str("None.\n\n");
    } else {
        s.push_str(
            "| URL | cases | class | failures since | archived copy |\n|---|---|---|---|---|\n",
        );
        for u in newly {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                u.url,
                u.cases.join(", "),
                u.class.as_str(),
                u.first_failure.as_deref().unwrap_or("-"),
                u.archived.as_deref().unwrap_or("none found")
            );
        }
        s.push('\n');
    }
    let sugg: Vec<_> = r.urls.iter().filter(|u| u.suggestion.is_some()).collect();
    s.push_str("## Suggestions\n\n");
    if sugg.is_empty() {
        s.push_str("None.\n\n");
    }
    for u in sugg {
        let _ = writeln!(
            s,
            "- {} ({}): {}",
            u.url,
            u.cases.join(", "),
            u.suggestion.as_deref().unwrap_or("")
        );
    }
    s.push_str("\n## Summary\n\n| class | URLs |\n|---|---|\n");
    for (c, n) in &r.summary {
        let _ = writeln!(s, "| {c} | {n} |");
    }
    if !r.problems.is_empty() {
        s.push_str("\n## Problems\n\n");
        for p in &r.problems {
            let _ = writeln!(s, "- {p}");
        }
    }
    s
}

/// `links status` as JSON: counts per last class, rotten URLs.
pub fn status_json(states: &[UrlState]) -> serde_json::Value {
    let mut summary = std::collections::BTreeMap::<&str, usize>::new();
    for s in states {
        *summary.entry(s.last_class.as_str()).or_default() += 1;
    }
    let rotten: Vec<_> = states
        .iter()
        .filter(|s| s.rotten)
        .map(|s| {
            serde_json::json!({
                "url": s.url, "class": s.last_class, "since": s.first_failure_at.map(super::store::ts),
                "consecutive_failures": s.consecutive_failures, "last_checked_at": super::store::ts(s.last_checked_at),
            })
        })
        .collect();
    serde_json::json!({"urls": states.len(), "summary": summary, "rotten": rotten})
}
