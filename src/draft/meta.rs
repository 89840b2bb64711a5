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

/// The native name before a romanisation, from the match's words: a first word the match cut
/// out of a longer one ("장애는" gives "는") is dropped, and so is a description the page's
/// boundary words end ("사이버 보안 업체 크라우드스트라이크" is the company "크라우드스트라이크").
fn native_name_words(hay: &str, at: std::ops::Range<usize>, boundary: &[String]) -> String {
    let mut native = hay[at.clone()].trim().to_string();
    let cut_in_word = hay[..at.start]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    if cut_in_word {
        if let Some((_, rest)) = native.split_once(char::is_whitespace) {
            native = rest.trim().to_string();
        }
    }
    if let Some(end) = boundary
        .iter()
        .filter(|b| !b.trim().is_empty())
        .filter_map(|b| native.rfind(b.as_str()).map(|i| i + b.len()))
        .max()
    {
        if !native[end..].trim().is_empty() {
            native = native[end..].trim().to_string();
        }
    }
    native
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
    /// `raw` parsed, when the caller has parsed it already (else it is parsed here).
    pub doc: Option<&'a scraper::Html>,
}

/// The language data the finder uses (from the `[org]` tables).
#[derive(Debug, Default)]
pub struct OrgWords<'a> {
    pub labels: &'a [String],
    pub strip: &'a [String],
    /// A name ending in a legal form ([`legal_name_pattern`]); None to skip that rule.
    pub legal_name: Option<&'a LegalName>,
    /// Words that are never an organisation (navigation, "Logo", "장애보고"); see [`super::org`].
    pub stop: &'a [String],
    /// Patterns whose `name` group is an organisation ("X said", "X 장애"); see [`super::org`].
    pub patterns: &'a super::words::OrgPatterns,
    /// First-person words ("we", "our", "저희"): a page that uses them is its site's own.
    pub first_person: &'a [String],
    /// Words before a place ("in", "em"): a name after them is not an organisation.
    pub locative: &'a [String],
    /// Particles cut from the end of a CJK name ("카카오는" → 카카오) when the text also
    /// writes the name without them.
    pub particles: &'a [String],
    /// Words cut from the start of a CJK name (times of day, "昨日", "이날").
    pub lead: &'a [String],
    /// Words cut from the end of a CJK name ("官方", "突发", "方面").
    pub trail: &'a [String],
    /// Words that never sit inside a CJK name ("从", "据", "で"): a name starts after them.
    pub boundary: &'a [String],
    /// Endings of organisation names ("银行", "公司", "銀行", "은행"): they end a name inside a
    /// longer run of Han or kana and find names no pattern reaches.
    pub suffixes: &'a [String],
    /// Endings of the names of publishers and authorities that write about someone else's
    /// outage ("일보", "日报", "新聞", "부", "省"): such a name weighs a quarter.
    pub reporters: &'a [String],
    /// Forms a name is written with or without ("㈜", "그룹", "Inc.", "AG"): its spellings
    /// with and without one add their votes.
    pub variants: &'a [String],
    /// Bylines and datelines (regexes): blanked before names are counted; one in the opening
    /// paragraphs marks a news report, whose site is its publisher, not the organisation.
    pub byline: &'a [Regex],
    /// Copyright and credit lines (regexes): blanked before names are counted.
    pub credits: &'a [Regex],
}

/// Separators between a site's name and the rest of a title or logo.
const NAME_SEPARATORS: [&str; 7] = [" | ", " – ", " — ", " - ", " · ", ": ", "："];

/// Removes strip words from either end of a name, longest first, with or without a space
/// (CJK names carry them without one: "青禾云技术博客").
/// Whether a line's head holds a year, a date or a clock ("date 2017-11 Update 11h00",
/// "Mise à jour 14:05"): a stamp, not a name.
fn dated_head(head: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(r"(?:^|\D)(?:19|20)\d{2}(?:\D|$)|\d{1,2}\s?[:hH]\s?\d{2}(?:\D|$)")
            .expect("dated head pattern")
    })
    .is_match(head)
}

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
/// removed from, else the last part (titles put the site last), else the whole. A part that is
/// a stop word as written ("나무위키", "维基百科": a wiki's own name) is nobody's site.
fn site_part(title: &str, strip: &[String], stop: &[String]) -> Option<String> {
    let is_stop = |p: &str| {
        let p = p.trim();
        stop.iter().any(|s| s.eq_ignore_ascii_case(p))
            || p.split([',', '，', '、']).any(|x| {
                let x = x.trim();
                !x.is_empty() && stop.iter().any(|s| s.eq_ignore_ascii_case(x))
            })
    };
    for sep in NAME_SEPARATORS {
        if let Some((a, b)) = title.split_once(sep) {
            if is_stop(a) || is_stop(b) {
                return None;
            }
            for part in [a, b] {
                let stripped = strip_name(part, strip);
                if stripped != part.trim() && !stripped.is_empty() {
                    return Some(stripped);
                }
            }
        }
    }
    if is_stop(title) {
        return None;
    }
    let stripped = strip_name(title, strip);
    (stripped != title.trim() && !stripped.is_empty()).then_some(stripped)
}

/// The legal-name pattern ([`legal_name_pattern`]) with a literal finder for its forms: the
/// pattern's Unicode `\b` keeps the regex engine off its fast automata on non-ASCII text, so it
/// runs only on small windows around the places a form is written (same matches, see
/// [`legal_name`]).
#[derive(Debug, Clone)]
pub struct LegalName {
    /// The pattern's source, compiled the first time a form is written after a space (most
    /// pages write none: compiling it was about 4% of a one-page draft).
    source: String,
    re: std::sync::OnceLock<Option<Regex>>,
    forms: aho_corasick::AhoCorasick,
    /// Longest form, in bytes.
    max_form: usize,
    /// Whether a form holds whitespace (then one form can start inside another after a space,
    /// and every occurrence is looked at, overlapping ones too).
    spaced: bool,
}

/// The pattern of a name ending in one of `forms` ("Nordwerk Hosting GmbH"); None without forms.
pub fn legal_name_pattern(forms: &[String]) -> Option<LegalName> {
    let forms: Vec<&String> = forms.iter().filter(|f| !f.trim().is_empty()).collect();
    let alts: Vec<String> = forms.iter().map(|f| regex::escape(f)).collect();
    if alts.is_empty() {
        return None;
    }
    let source = format!(
        r"\b((?:\p{{Lu}}[\p{{L}}\p{{N}}&'-]*\s){{1,4}})({})(?:\s|[.,;)]|$)",
        alts.join("|")
    );
    let spaced = forms.iter().any(|f| f.contains(char::is_whitespace));
    // It scans the whole document's text (script included). Without spaced forms the scan is
    // leftmost-first, which has a SIMD prefilter and still reports every form that starts
    // after whitespace (a match of a form without whitespace never covers a whitespace char);
    // overlapping scans need the standard semantics, then as a DFA.
    let forms_ac = if spaced {
        aho_corasick::AhoCorasick::builder()
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(&forms)
    } else {
        aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(&forms)
    };
    Some(LegalName {
        source,
        re: std::sync::OnceLock::new(),
        forms: forms_ac.ok()?,
        max_form: forms.iter().map(|f| f.len()).max().unwrap_or(0),
        spaced,
    })
}

impl LegalName {
    /// The compiled pattern (None if it does not compile: then no name is found by it).
    fn re(&self) -> Option<&Regex> {
        self.re
            .get_or_init(|| Regex::new(&self.source).ok())
            .as_ref()
    }
}

/// Words (each followed by one whitespace char) the legal-name pattern allows before its form.
const LEGAL_NAME_MAX_WORDS: usize = 4;

/// The first match of the legal-name pattern in `text`, found as the regex alone would find it
/// but searched only near the forms. A match holds 1–4 words, each a run of non-space chars
/// and one whitespace char, then a form written right after whitespace, then at most one char:
/// so it starts after the 5th whitespace char (or the last char no word holds) before its form
/// and ends within `max_form` + 4
/// bytes of the form's start. Forms whose windows overlap are searched together; the first
/// group with a match holds the text's first match (a window's start only grows with its form).
fn legal_name_match<'t>(text: &'t str, ln: &LegalName) -> Option<regex::Captures<'t>> {
    let after_space = |f: &usize| {
        text[..*f]
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace)
    };
    // Without spaced forms, a form starting inside another's match follows a non-space char
    // and could never match: the non-overlapping scan (faster) finds every start needed.
    let mut forms: Vec<usize> = if ln.spaced {
        ln.forms
            .find_overlapping_iter(text)
            .map(|m| m.start())
            .filter(after_space)
            .collect()
    } else {
        ln.forms
            .find_iter(text)
            .map(|m| m.start())
            .filter(after_space)
            .collect()
    };
    forms.sort_unstable();
    forms.dedup();
    // Back from the form to the 5th whitespace char or to a char no word holds (a superset of
    // the pattern's `[\p{L}\p{N}&'-]`, so the window is never too short).
    let window_start = |f: usize| {
        let mut spaces = 0;
        for (i, c) in text[..f].char_indices().rev() {
            if c.is_whitespace() {
                spaces += 1;
                if spaces > LEGAL_NAME_MAX_WORDS {
                    return i;
                }
            } else if !(c.is_alphabetic() || c.is_numeric() || matches!(c, '&' | '\'' | '-')) {
                return i;
            }
        }
        0
    };
    let window_end = |f: usize| {
        let mut e = (f + ln.max_form + 4).min(text.len());
        while !text.is_char_boundary(e) {
            e += 1;
        }
        e
    };
    let mut i = 0;
    while i < forms.len() {
        let start = window_start(forms[i]);
        let mut end = window_end(forms[i]);
        i += 1;
        while i < forms.len() && window_start(forms[i]) <= end {
            end = end.max(window_end(forms[i]));
            i += 1;
        }
        // `captures_at` sees the text before `start`, so `\b` is judged as on the whole text;
        // no form ends at `end` unless it is the text's end, so `$` cannot match early.
        if let Some(c) = ln.re()?.captures_at(&text[..end], start) {
            return Some(c);
        }
    }
    None
}

fn legal_name(text: &str, ln: &LegalName) -> Option<(String, String)> {
    let c = legal_name_match(text, ln)?;
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
    // parsed once per process, not once per page
    static SELECTORS: std::sync::LazyLock<Option<(scraper::Selector, scraper::Selector)>> =
        std::sync::LazyLock::new(|| {
            let sel = scraper::Selector::parse(
                "header [class*=logo], header [class*=brand], [class*=logo], [class*=brand], #siteSub",
            )
            .ok()?;
            Some((sel, scraper::Selector::parse("img[alt]").ok()?))
        });
    let (sel, img) = SELECTORS.as_ref()?;
    for el in doc.select(sel).take(4) {
        let text: String = el.text().collect::<Vec<_>>().join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() && text.chars().count() <= 80 {
            return Some(text);
        }
        if let Some(alt) = el.select(img).next().and_then(|i| i.value().attr("alt")) {
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
    // A name without a letter or digit ("…", "»") names nobody.
    let org = |name: String, quote: &str, rule: &'static str| {
        name.chars().any(char::is_alphanumeric).then(|| Org {
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
        // only the first two cells count (no list of every cell of a minified page's lines)
        let mut cells = line
            .split(['\t', '|', ':', '：'])
            .map(|x| x.trim().trim_matches('*').trim())
            .filter(|x| !x.is_empty());
        let labelled = cells
            .next()
            .is_some_and(|first| w.labels.iter().any(|l| l.eq_ignore_ascii_case(first)));
        if let Some(second) = labelled.then(|| cells.next()).flatten() {
            let name = strip_name(&second.replace('（', " (").replace('）', ")"), w.strip);
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
        let parsed;
        let doc = match c.doc {
            Some(d) => d,
            None => {
                parsed = scraper::Html::parse_document(c.raw);
                &parsed
            }
        };
        if let Some(re) = w.legal_name {
            let doc_text: String = doc.root_element().text().collect::<Vec<_>>().join(" ");
            if let Some((name, quote)) = legal_name(&doc_text, re) {
                return org(name, &quote, "legal name");
            }
        }
        if let Some(logo) = logo_text(doc) {
            let name =
                site_part(&logo, w.strip, w.stop).unwrap_or_else(|| strip_name(&logo, w.strip));
            if let Some(o) = org(name, &logo, "logo") {
                return Some(o);
            }
        }
        // The document's own <title> keeps the site name the extracted title may have lost.
        let title_sel = scraper::Selector::parse("title").ok();
        if let Some(t) = title_sel.as_ref().and_then(|s| doc.select(s).next()) {
            let t: String = t.text().collect();
            if let Some(site) = site_part(t.trim(), w.strip, w.stop) {
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
    // "무정전전원장치(UPS)", "솔바람 클라우드의 관리형 쿠버네티스(SKS)" spell out an acronym:
    // a romanised name has lower-case letters, and a native name has no word ending in a
    // particle before its last word ("…의 …").
    let romanised = native_with_latin().captures_iter(&head).find(|m| {
        let native: Vec<&str> = m[1].split_whitespace().collect();
        let particle_inside = native.iter().rev().skip(1).any(|word| {
            w.particles
                .iter()
                .any(|p| !p.is_empty() && word.ends_with(p.as_str()) && word.len() > p.len())
        });
        !w.stop.iter().any(|s| s.eq_ignore_ascii_case(&m[2]))
            && m[2].chars().any(|c| c.is_lowercase())
            && !particle_inside
    });
    if let Some(m) = romanised {
        let native = native_name_words(&head, m.get(1).map_or(0..0, |g| g.range()), w.boundary);
        return org(
            format!("{native} ({})", &m[2]),
            &m[0],
            "name with its romanisation",
        );
    }
    if let Some(t) = c.title {
        if let Some(o) = site_part(t, w.strip, w.stop).and_then(|s| org(s, t, "title's site part"))
        {
            return Some(o);
        }
    }
    // Notes and pasted text: "Trạm Xanh: …", "Canva incident report: …".
    if let Some(first) = c.text.lines().find(|l| !l.trim().is_empty()) {
        if let Some((head, _)) = first.split_once(": ") {
            let name = strip_name(head, w.strip);
            // "Update 11h00: …" is an update's stamp, not a name: the head's words less the
            // stop words at either end must still make a name, one that is no number or time.
            let kept = super::org::trim_stop_words(&name, w.stop);
            let named = !kept.is_empty()
                && !kept.starts_with(|c: char| c.is_ascii_digit())
                && !dated_head(&name);
            if named && (1..=4).contains(&name.split_whitespace().count()) {
                if let Some(o) = org(name, first, "title before its colon") {
                    return Some(o);
                }
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
    fn a_romanised_names_native_part_drops_a_cut_word_and_a_description() {
        // the pattern's native part ran back into "장애는" and a description ("보안 업체")
        let hay = "이번 대규모 장애는 사이버 보안 업체 루멘볼트(Lumenvault)가 배포한";
        let m = native_with_latin().captures(hay).unwrap();
        let at = m.get(1).unwrap().range();
        assert!(!hay[at.clone()].starts_with("이번"), "{}", &hay[at.clone()]);
        let boundary = vec!["업체 ".to_string()];
        assert_eq!(native_name_words(hay, at.clone(), &boundary), "루멘볼트");
        // without boundary words only the cut word goes
        let kept = native_name_words(hay, at, &[]);
        assert!(kept.ends_with("보안 업체 루멘볼트"), "{kept}");
        assert!(
            !hay[..hay.find(&kept).unwrap()].ends_with(char::is_alphanumeric),
            "{kept}"
        );
    }

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
            site_part("Nuage Lavande – État des services", &strip, &[]).unwrap(),
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

    /// The windowed search finds exactly what the pattern alone finds on the whole text.
    #[test]
    fn legal_names_are_found_as_the_whole_text_regex_finds_them() {
        use proptest::prelude::*;
        let forms: Vec<String> = ["GmbH", "AG", "Inc.", "Inc", "Corp.", "S.A.", "e.V."]
            .map(String::from)
            .to_vec();
        let ln = legal_name_pattern(&forms).unwrap();
        let whole = |t: &str| {
            ln.re().unwrap().captures(t).map(|c| {
                (
                    c.get(0).unwrap().range(),
                    c[1].to_string(),
                    c[2].to_string(),
                )
            })
        };
        let windowed = |t: &str| {
            legal_name_match(t, &ln).map(|c| {
                (
                    c.get(0).unwrap().range(),
                    c[1].to_string(),
                    c[2].to_string(),
                )
            })
        };
        for t in [
            "Acme GmbH Holding AG",
            "éNordwerk GmbH",
            "Über Nordwerk GmbH, Berlin",
            "(c) Big Blue Sky Cloud Corp Inc.",
            "One Two Three Four Five Six Inc",
            "Straße Äpfel Öl-Werk & Söhne AG)",
            "学 Nordwerk GmbH.",
            "Nordwerk\nHosting\tGmbH;",
            "Inc Inc Inc",
            "",
        ] {
            assert_eq!(windowed(t), whole(t), "{t:?}");
        }
        let token = prop_oneof![
            Just("GmbH"),
            Just("AG"),
            Just("Inc."),
            Just("Inc"),
            Just("S.A."),
            Just("Nord"),
            Just("Werk"),
            Just("Öl"),
            Just("é"),
            Just("x"),
            Just("学"),
            Just(" "),
            Just("\n"),
            Just(","),
            Just("."),
            Just(")"),
            Just("-"),
        ];
        let spaced =
            legal_name_pattern(&["Co. KG".to_string(), "KG".to_string(), "AG".to_string()])
                .unwrap();
        assert!(spaced.spaced && !ln.spaced);
        let whole_spaced = |t: &str| {
            spaced
                .re()
                .unwrap()
                .captures(t)
                .map(|c| c.get(0).unwrap().range())
        };
        let windowed_spaced =
            |t: &str| legal_name_match(t, &spaced).map(|c| c.get(0).unwrap().range());
        proptest!(ProptestConfig::with_cases(3000), |(parts in proptest::collection::vec(token, 0..24))| {
            let t = parts.concat();
            prop_assert_eq!(windowed(&t), whole(&t), "{:?}", t);
            let t = t.replace("Nord", "Co.").replace("Werk", "KG");
            prop_assert_eq!(windowed_spaced(&t), whole_spaced(&t), "{:?}", t);
        });
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
