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

/// What the organisation finder looks at.
#[derive(Debug, Default)]
pub struct OrgClues<'a> {
    pub profile_org: Option<&'a str>,
    pub site_name: Option<&'a str>,
    pub title: Option<&'a str>,
    /// The main text.
    pub text: &'a str,
    /// The raw document (HTML, Markdown or text), for logos and label rows outside the article.
    pub raw: &'a str,
    pub is_html: bool,
    pub url: Option<&'a str>,
}

/// The language data the finder uses (from the `[org]` tables).
#[derive(Debug, Default)]
pub struct OrgWords<'a> {
    pub labels: &'a [String],
    pub strip: &'a [String],
    /// A name ending in a legal form ([`legal_name_pattern`]); None to skip that rule.
    pub legal_name: Option<&'a Regex>,
    /// Words that are never an organisation (navigation, "Logo", "장애보고"); see [`super::org`].
    pub stop: &'a [String],
    /// Patterns whose `name` group is an organisation ("X said", "X 장애"); see [`super::org`].
    pub patterns: &'a super::words::OrgPatterns,
    /// First-person words ("we", "our", "저희"): a page that uses them is its site's own.
    pub first_person: &'a [String],
    /// Words before a place ("in", "em"): a name after them is not an organisation.
    pub locative: &'a [String],
}

/// Separators between a site's name and the rest of a title or logo.
const NAME_SEPARATORS: [&str; 7] = [" | ", " – ", " — ", " - ", " · ", ": ", "："];

/// Removes strip words from either end of a name, longest first, with or without a space
/// (CJK names carry them without one: "青禾云技术博客").
pub fn strip_name(name: &str, strip: &[String]) -> String {
    let mut words: Vec<&String> = strip.iter().filter(|w| !w.trim().is_empty()).collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    let mut n = name.trim().to_string();
    loop {
        let before = n.clone();
        for w in &words {
            let lower = n.to_lowercase();
            let wl = w.to_lowercase();
            if lower.ends_with(&wl) && lower.len() > wl.len() {
                n = n[..n.len() - w.len()].trim_end().to_string();
            }
            let lower = n.to_lowercase();
            if lower.starts_with(&wl) && lower.len() > wl.len() {
                n = n[w.len()..].trim_start().to_string();
            }
        }
        n = n
            .trim_matches(|c: char| c.is_whitespace() || "-–—|·:：".contains(c))
            .to_string();
        if n == before {
            return n;
        }
    }
}

/// The part of a "Site - Page" title or logo that is the site: the part a strip word was
/// removed from, else the last part (titles put the site last), else the whole.
fn site_part(title: &str, strip: &[String]) -> Option<String> {
    for sep in NAME_SEPARATORS {
        if let Some((a, b)) = title.split_once(sep) {
            for part in [a, b] {
                let stripped = strip_name(part, strip);
                if stripped != part.trim() && !stripped.is_empty() {
                    return Some(stripped);
                }
            }
        }
    }
    let stripped = strip_name(title, strip);
    (stripped != title.trim() && !stripped.is_empty()).then_some(stripped)
}

/// The pattern of a name ending in one of `forms` ("Nordwerk Hosting GmbH"); None without forms.
pub fn legal_name_pattern(forms: &[String]) -> Option<Regex> {
    let alts: Vec<String> = forms
        .iter()
        .filter(|f| !f.trim().is_empty())
        .map(|f| regex::escape(f))
        .collect();
    if alts.is_empty() {
        return None;
    }
    Regex::new(&format!(
        r"\b((?:\p{{Lu}}[\p{{L}}\p{{N}}&'-]*\s){{1,4}})({})(?:\s|[.,;)]|$)",
        alts.join("|")
    ))
    .ok()
}

fn legal_name(text: &str, re: &Regex) -> Option<(String, String)> {
    let c = re.captures(text)?;
    let name = format!("{}{}", &c[1], &c[2]);
    let line = text[..c.get(0)?.start()]
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .to_string()
        + &c[0];
    Some((name.trim().to_string(), line.trim().to_string()))
}

/// Text of the page's logo or brand element (or its image's alt text).
fn logo_text(doc: &scraper::Html) -> Option<String> {
    let sel = scraper::Selector::parse(
        "header [class*=logo], header [class*=brand], [class*=logo], [class*=brand], #siteSub",
    )
    .ok()?;
    let img = scraper::Selector::parse("img[alt]").ok()?;
    for el in doc.select(&sel).take(4) {
        let text: String = el.text().collect::<Vec<_>>().join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() && text.chars().count() <= 80 {
            return Some(text);
        }
        if let Some(alt) = el.select(&img).next().and_then(|i| i.value().attr("alt")) {
            if !alt.trim().is_empty() {
                return Some(alt.trim().to_string());
            }
        }
    }
    None
}

/// Finds the organisation: the site profile, a labelled row ("Organisation: X"), a legal name
/// ("X Hosting GmbH"), the logo, og:site_name, a native name with its romanisation, the
/// title's site part, a notes title ("X: …"), and last the URL's host (flagged as a guess).
pub fn find_org(c: &OrgClues, w: &OrgWords) -> Option<Org> {
    let org = |name: String, quote: &str, rule: &'static str| {
        (!name.trim().is_empty()).then(|| Org {
            name: name.trim().to_string(),
            quote: quote.trim().to_string(),
            rule,
        })
    };
    if let Some(o) = c
        .profile_org
        .and_then(|o| org(o.to_string(), o, "site profile"))
    {
        return Some(o);
    }
    // Labelled rows: "| **Organisation** | Harborline Logistics |", "**Organização:** Jabuti".
    for line in c.raw.lines().chain(c.text.lines()).take(400) {
        let cells: Vec<&str> = line
            .split(['\t', '|', ':', '：'])
            .map(|x| x.trim().trim_matches('*').trim())
            .filter(|x| !x.is_empty())
            .collect();
        if cells.len() >= 2 && w.labels.iter().any(|l| l.eq_ignore_ascii_case(cells[0])) {
            let name = strip_name(&cells[1].replace('（', " (").replace('）', ")"), w.strip);
            if let Some(o) = org(name, line, "organisation row") {
                return Some(o);
            }
        }
    }
    let plain = if c.is_html { None } else { Some(c.raw) };
    if let Some(re) = w.legal_name {
        for hay in [Some(c.text), plain].into_iter().flatten() {
            if let Some((name, quote)) = legal_name(hay, re) {
                return org(name, &quote, "legal name");
            }
        }
    }
    if c.is_html {
        let doc = scraper::Html::parse_document(c.raw);
        if let Some(re) = w.legal_name {
            let doc_text: String = doc.root_element().text().collect::<Vec<_>>().join(" ");
            if let Some((name, quote)) = legal_name(&doc_text, re) {
                return org(name, &quote, "legal name");
            }
        }
        if let Some(logo) = logo_text(&doc) {
            let name = site_part(&logo, w.strip).unwrap_or_else(|| strip_name(&logo, w.strip));
            if let Some(o) = org(name, &logo, "logo") {
                return Some(o);
            }
        }
        // The document's own <title> keeps the site name the extracted title may have lost.
        let title_sel = scraper::Selector::parse("title").ok();
        if let Some(t) = title_sel.as_ref().and_then(|s| doc.select(s).next()) {
            let t: String = t.text().collect();
            if let Some(site) = site_part(t.trim(), w.strip) {
                if let Some(o) = org(site, &t, "title's site part") {
                    return Some(o);
                }
            }
        }
    }
    if let Some(s) = c.site_name {
        if let Some(o) = org(strip_name(s, w.strip), s, "og:site_name") {
            return Some(o);
        }
    }
    let head: String = c.text.chars().take(4000).collect();
    // "이 글의 모든 시각은 한국 표준시 (KST)" is a zone, not a romanised name.
    let romanised = native_with_latin()
        .captures(&head)
        .filter(|m| !w.stop.iter().any(|s| s.eq_ignore_ascii_case(&m[2])));
    if let Some(m) = romanised {
        return org(
            format!("{} ({})", m[1].trim(), &m[2]),
            &m[0],
            "name with its romanisation",
        );
    }
    if let Some(t) = c.title {
        if let Some(site) = site_part(t, w.strip) {
            return org(site, t, "title's site part");
        }
    }
    // Notes and pasted text: "Trạm Xanh: …", "Canva incident report: …".
    if let Some(first) = c.text.lines().find(|l| !l.trim().is_empty()) {
        if let Some((head, _)) = first.split_once(": ") {
            let name = strip_name(head, w.strip);
            if (1..=4).contains(&name.split_whitespace().count()) {
                return org(name, first, "title before its colon");
            }
        }
    }
    let host = c
        .url
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
    org(name, &host, "URL host (a guess)")
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
        let clues = OrgClues {
            text: "누리솔 (Nurisol) 장애 보고
요약",
            ..Default::default()
        };
        let o = find_org(&clues, &OrgWords::default()).unwrap();
        assert_eq!(o.name, "누리솔 (Nurisol)");
    }

    #[test]
    fn site_names_lose_their_strip_words() {
        let strip: Vec<String> = [
            "기술 블로그",
            "技术博客",
            "Trạng thái hệ thống",
            "État des services",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(strip_name("다온마켓 기술 블로그", &strip), "다온마켓");
        assert_eq!(strip_name("青禾云技术博客", &strip), "青禾云");
        assert_eq!(strip_name("Trạng thái hệ thống Chợ Lá", &strip), "Chợ Lá");
        assert_eq!(
            site_part("Nuage Lavande – État des services", &strip).unwrap(),
            "Nuage Lavande"
        );
    }

    #[test]
    fn legal_names_are_found_in_footers() {
        let re = legal_name_pattern(&["GmbH".to_string(), "Foundation".to_string()]).unwrap();
        let (name, _) = legal_name("© 2025 Nordwerk Hosting GmbH · Impressum", &re).unwrap();
        assert_eq!(name, "Nordwerk Hosting GmbH");
        let (name, _) =
            legal_name("the operations wiki of the Kestrelwiki Foundation", &re).unwrap();
        assert_eq!(name, "Kestrelwiki Foundation");
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
