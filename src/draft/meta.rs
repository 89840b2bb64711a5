//! Who and what a page is about: organisation, its slug, the title, the draft id, severity.
use regex::Regex;
use std::sync::OnceLock;

/// Longest title we keep before cutting at a word boundary.
const MAX_TITLE_CHARS: usize = 200;

/// An organisation name with the rule that found it.
#[derive(Debug, Clone, PartialEq)]
pub struct Org {
    pub name: String,
    pub quote: String,
    pub rule: &'static str,
}

fn native_with_latin() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    // A name in a non-Latin script followed by its romanisation in parentheses:
    // "누리솔 (Nurisol)", "青禾云 (Qinghe Cloud)", "ミナトペイ (MinatoPay)".
    RE.get_or_init(|| {
        Regex::new(r"([\p{Hangul}\p{Han}\p{Hiragana}\p{Katakana}ー][\p{Hangul}\p{Han}\p{Hiragana}\p{Katakana}ー ]{0,20}?)\s?\(([A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*){0,3})\)")
            .expect("valid regex")
    })
}

/// Finds the organisation: the site profile, then og:site_name, then a native name with its
/// romanisation, then "Label: Org" rows (from the language data), then the title's site suffix,
/// then the URL's host.
pub fn find_org(
    profile_org: Option<&str>,
    site_name: Option<&str>,
    title: Option<&str>,
    text: &str,
    org_labels: &[String],
    strip_words: &[String],
    url: Option<&str>,
) -> Option<Org> {
    let clean = |s: &str| -> String {
        let mut words: Vec<&str> = s.split_whitespace().collect();
        while words.len() > 1
            && words
                .last()
                .is_some_and(|w| strip_words.iter().any(|x| x.eq_ignore_ascii_case(w)))
        {
            words.pop();
        }
        words.join(" ")
    };
    if let Some(o) = profile_org.filter(|s| !s.trim().is_empty()) {
        return Some(Org {
            name: o.trim().to_string(),
            quote: o.to_string(),
            rule: "site profile",
        });
    }
    if let Some(s) = site_name.filter(|s| !s.trim().is_empty()) {
        return Some(Org {
            name: clean(s.trim()),
            quote: s.to_string(),
            rule: "og:site_name",
        });
    }
    let head: String = text.chars().take(4000).collect();
    if let Some(c) = native_with_latin().captures(&head) {
        let native = c[1].trim();
        // Keep the last word of the native run: "… 누리솔 (Nurisol)" → "누리솔".
        let name = format!("{} ({})", native, &c[2]);
        return Some(Org {
            name,
            quote: c[0].trim().to_string(),
            rule: "name with its romanisation",
        });
    }
    for line in head.lines().take(60) {
        let cells: Vec<&str> = line
            .split(['\t', '|', ':'])
            .map(|c| c.trim().trim_matches('*').trim())
            .filter(|c| !c.is_empty())
            .collect();
        if cells.len() >= 2 && org_labels.iter().any(|l| l.eq_ignore_ascii_case(cells[0])) {
            return Some(Org {
                name: cells[1].to_string(),
                quote: line.trim().to_string(),
                rule: "organisation row",
            });
        }
    }
    if let Some(t) = title {
        for sep in [" | ", " – ", " — ", " - ", " · "] {
            if let Some((_, site)) = t.rsplit_once(sep) {
                let name = clean(site.trim());
                if !name.is_empty() && name.chars().count() <= 60 {
                    return Some(Org {
                        name,
                        quote: t.to_string(),
                        rule: "title's site suffix",
                    });
                }
            }
        }
        // Status pages: "Incident Report for X", "X Status".
        if let Some(rest) = t.split_once(" for ").map(|x| x.1) {
            if t.to_lowercase().contains("incident") {
                return Some(Org {
                    name: rest.trim().to_string(),
                    quote: t.to_string(),
                    rule: "incident report title",
                });
            }
        }
    }
    let host = url
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_string))?;
    let labels: Vec<&str> = host.split('.').collect();
    let skip = [
        "www",
        "status",
        "blog",
        "engineering",
        "wiki",
        "web",
        "en",
        "docs",
    ];
    let label = labels
        .iter()
        .rev()
        .skip(1)
        .find(|l| !skip.contains(l))
        .copied()?;
    let mut name: String = label.to_string();
    if let Some(f) = name.get_mut(0..1) {
        f.make_ascii_uppercase();
    }
    Some(Org {
        name,
        quote: host.clone(),
        rule: "URL host (a guess)",
    })
}

/// A URL- and file-safe slug: ASCII letters and digits, dashes between words; a native name
/// with a romanisation uses the romanisation.
pub fn slug(org: &str) -> String {
    let basis = match (org.find('('), org.rfind(')')) {
        (Some(a), Some(b)) if b > a => &org[a + 1..b],
        _ => org,
    };
    let mut out = String::new();
    for c in basis.chars() {
        let c = deunicode_char(c);
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_string();
    if out.is_empty() {
        "unknown".to_string()
    } else {
        out
    }
}

/// Strips Latin diacritics (Vietnamese, French, German, …) for slugs.
fn deunicode_char(c: char) -> char {
    use unicode_normalization::UnicodeNormalization;
    if c == 'đ' || c == 'Đ' {
        return 'd';
    }
    c.to_string().nfd().find(|x| x.is_ascii()).unwrap_or(c)
}

/// The page title without the site's suffix, cut to a readable length.
pub fn clean_title(title: &str, org: Option<&str>) -> String {
    let mut t = title.trim().to_string();
    for sep in [" | ", " – ", " — ", " - ", " · "] {
        if let Some((head, site)) = t.rsplit_once(sep) {
            let site_l = site.to_lowercase();
            if org.is_some_and(|o| {
                let o = o.split(" (").next().unwrap_or(o).to_lowercase();
                site_l.contains(&o) || o.contains(&site_l)
            }) {
                t = head.trim().to_string();
            }
        }
    }
    if t.chars().count() > MAX_TITLE_CHARS {
        let cut: String = t.chars().take(MAX_TITLE_CHARS).collect();
        t = match cut.rsplit_once(' ') {
            Some((h, _)) => format!("{h}…"),
            None => format!("{cut}…"),
        };
    }
    t
}

/// A severity the page states ("SEV-2", "SEV1", "P1"), mapped to the vocabulary's sev1–sev4.
pub fn stated_severity(text: &str) -> Option<(String, String)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re =
        RE.get_or_init(|| Regex::new(r"(?i)\bsev(?:erity)?[\s-]?([1-4])\b").expect("valid regex"));
    let c = re.captures(text)?;
    Some((format!("sev{}", &c[1]), c[0].to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_use_the_romanisation_and_strip_diacritics() {
        assert_eq!(slug("누리솔 (Nurisol)"), "nurisol");
        assert_eq!(slug("Đom Đóm Tech"), "dom-dom-tech");
        assert_eq!(slug("Nordwerk Hosting GmbH"), "nordwerk-hosting-gmbh");
        assert_eq!(slug("青禾云"), "unknown");
    }

    #[test]
    fn native_name_with_romanisation_is_the_org() {
        let o = find_org(
            None,
            None,
            None,
            "누리솔 (Nurisol) 장애 보고\n요약",
            &[],
            &[],
            None,
        )
        .unwrap();
        assert_eq!(o.name, "누리솔 (Nurisol)");
    }

    #[test]
    fn severity_only_when_stated() {
        assert_eq!(
            stated_severity("Severity: SEV-3 (minor)").unwrap().0,
            "sev3"
        );
        assert_eq!(stated_severity("several users"), None);
    }
}
