//! The review page's warnings, each shown once: identical ones and two wordings of one fact.

/// Warnings that say the same thing in other words share one of these openings (lower case);
/// the most detailed wording of each is kept.
const SAME_MEANING: [&[&str]; 3] = [
    &["no time zone stated", "no time zone is stated"],
    &["no source url"],
    &["date unknown", "the page gives no date"],
];

/// What a warning is about: its group in [`SAME_MEANING`], else its text without case,
/// punctuation and spacing differences.
fn key(w: &str) -> String {
    let lower = w.trim().to_lowercase();
    for (i, group) in SAME_MEANING.iter().enumerate() {
        if group.iter().any(|p| lower.starts_with(p)) {
            return format!("#{i}");
        }
    }
    lower
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each warning once, in first-seen order; of two wordings the longer (more detailed) stays.
pub fn dedupe(warnings: &[String]) -> Vec<String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for w in warnings {
        let w = w.trim();
        if w.is_empty() {
            continue;
        }
        let k = key(w);
        match out.iter_mut().find(|(ok, _)| *ok == k) {
            Some((_, kept)) => {
                if w.chars().count() > kept.chars().count() {
                    *kept = w.to_string();
                }
            }
            None => out.push((k, w.to_string())),
        }
    }
    out.into_iter().map(|(_, w)| w).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_wordings_of_no_time_zone_show_once() {
        let w = vec![
            "no time zone stated; assumed Asia/Seoul from the page language (ko); pass --tz to override".to_string(),
            "no time zone is stated on the page; Asia/Seoul was inferred from the page's language (ko): check it".to_string(),
            "no source URL: pass --url so the case can cite its source".to_string(),
            "No source URL: pass --url so the case can cite its source.".to_string(),
        ];
        let d = dedupe(&w);
        assert_eq!(d.len(), 2, "{d:?}");
        assert!(d[0].contains("inferred"));
    }
}
