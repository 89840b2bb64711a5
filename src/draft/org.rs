//! The organisation a page is about: the site profile, the URL's registrable name, the page's
//! metadata and markup ([`super::meta`]), and the organisation the text names most.
//!
//! A site's own name (its host, `og:site_name`, logo) wins when the page names it too; a site
//! that never names itself in the article is a publisher writing about someone else, so the
//! text's most-named organisation comes first there. Stop words and per-language patterns
//! ("X's", "X said", "X 장애", "X障害") are data in the `[org]` table of `mappings/lang/<code>.toml`;
//! host rules are data in `sources/hosts/suffixes.toml`.
use super::meta::{self, Org, OrgClues, OrgWords};
use regex::Regex;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Runs of capitalised words ("Japan Post Bank"), scanned by hand: the regex cost a tenth of a
/// one-page draft.
mod names;
/// Literal prefilters of the `[org] patterns`.
pub(crate) mod required;

/// How many characters of the main text (after the title) count as "the first paragraphs".
const HEAD_CHARS: usize = 2500;
/// The least score a name from the text needs to stand as the organisation.
const MIN_TEXT_SCORE: f32 = 4.0;
/// Weight of a name captured by an organisation pattern ("X said"), against a plain mention.
const PATTERN_WEIGHT: f32 = 3.0;
/// First-person words ("we", "our") in the head that make a page its site's own.
const MIN_FIRST_PERSON: usize = 3;
/// Share of a "brand product" name's score that also counts for the brand alone.
const BRAND_SHARE: f32 = 0.5;
/// Extra weight of a name that appears in the title.
const TITLE_WEIGHT: f32 = 2.0;
/// The least length of a line that is the lead paragraph (shorter ones are headings, menus,
/// bylines).
const LEAD_MIN_CHARS: usize = 40;
/// Weight of the lead sentence's subject (`[org] patterns` marked `(?P<lead>)`).
const LEAD_SUBJECT_WEIGHT: f32 = 6.0;
/// How many prose lines after the title may hold the lead sentence (a subtitle or a caption
/// may come first).
const LEAD_LINES: usize = 3;
/// Share of its score a publisher's or an authority's name keeps (`[org] reporters`).
const REPORTER_SHARE: f32 = 0.25;
/// The least score a name the title writes needs to stand before an unconfirmed host (a page
/// that never writes its host's name is not its host's own).
const MIN_TITLE_SCORE: f32 = 3.0;
/// Most characters between the brackets of a name's other spelling ("카카오(Kakao)").
const MAX_PAIRED_CHARS: usize = 40;
/// Most capitals of a group's initials written before a native name ("KB국민은행").
const MAX_INITIALS: usize = 3;

/// Host rules from `sources/hosts/suffixes.toml`.
#[derive(Debug, Default, serde::Deserialize)]
struct HostRules {
    #[serde(default)]
    country_second_levels: Vec<String>,
    #[serde(default)]
    suffixes: Vec<String>,
    #[serde(default)]
    generic_labels: Vec<String>,
    /// Publishing platforms and portals whose host never names the organisation a page is about.
    #[serde(default)]
    platforms: Vec<String>,
    /// Generic words run into a registrable name (`acmetechblog`): the name without them
    /// comes first.
    #[serde(default)]
    generic_endings: Vec<String>,
    /// Business words a run-together host label ends with (`prontomarketing`): the name is
    /// written with a space before them ("Pronto Marketing") when the page never spells it.
    #[serde(default)]
    name_endings: Vec<String>,
    /// Words of a URL's path that mark a news article (`/news/`, `articleView`, `/noticias/`):
    /// its host is a publisher's, as if the page had a byline.
    #[serde(default)]
    article_paths: Vec<String>,
    /// Path segments of a help centre or documentation (`/hc/zh-cn/articles/…`): such a page is
    /// its site's own, whatever `article_paths` word its path also holds.
    #[serde(default)]
    help_paths: Vec<String>,
}

fn host_rules() -> &'static HostRules {
    static RULES: OnceLock<HostRules> = OnceLock::new();
    RULES.get_or_init(|| {
        let path = crate::paths::data_dir("sources").join("hosts/suffixes.toml");
        match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(&text).unwrap_or_else(|e| {
                tracing::warn!("{}: {e}; host names are read without it", path.display());
                HostRules::default()
            }),
            Err(_) => HostRules::default(),
        }
    })
}

/// The host's labels that may name its owner, strongest first: the registrable name
/// (`engineering.example.co.kr` → `example`), then the non-generic subdomains, nearest first.
pub fn host_names(host: &str) -> Vec<String> {
    host_names_with(host, host_rules())
}

fn host_names_with(host: &str, rules: &HostRules) -> Vec<String> {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    if labels.len() < 2 || host.parse::<std::net::IpAddr>().is_ok() {
        return vec![];
    }
    // A post on a platform (`blog.csdn.net/someone/…`, `zenn.dev/someone`) is not the platform's.
    if rules
        .platforms
        .iter()
        .any(|p| host == *p || host.ends_with(&format!(".{p}")))
    {
        return vec![];
    }
    // A platform's own address (`medium.com/publication/…`) names nobody either.
    if rules.suffixes.contains(&host) {
        return vec![];
    }
    // The longest listed suffix the host ends with; else a country code's second level; else one label.
    let mut suffix_len = 1;
    for s in &rules.suffixes {
        let n = s.split('.').count();
        if n > suffix_len && labels.len() > n && host.ends_with(&format!(".{s}")) {
            suffix_len = n;
        }
    }
    if suffix_len == 1 {
        let tld = labels[labels.len() - 1];
        let second = labels[labels.len() - 2];
        if tld.len() == 2
            && labels.len() > 2
            && rules.country_second_levels.iter().any(|l| l == second)
        {
            suffix_len = 2;
        }
    }
    let generic = |l: &str| rules.generic_labels.iter().any(|g| g == l);
    let rest = &labels[..labels.len() - suffix_len];
    let mut out: Vec<String> = Vec::new();
    // A platform's own part (`support.zendesk.com`, `status.statuspage.io`): a tenant label that
    // names a part of a site is the platform's, so the platform names the owner (`www.medium.com`
    // is the platform's bare address, which names nobody)
    if suffix_len > 1
        && rest.len() == 1
        && rules
            .suffixes
            .iter()
            .any(|s| host.ends_with(&format!(".{s}")))
    {
        let tenant = rest[0];
        if matches!(tenant, "www" | "www2" | "www3" | "m" | "mobile" | "amp") {
            return vec![];
        }
        if generic(tenant) {
            return vec![labels[labels.len() - suffix_len].to_string()];
        }
    }
    if let Some(reg) = rest.last() {
        // A name run together with a generic word (`examplecorptechblog`, `engblog-acme`):
        // the name alone first.
        if let Some(bare) = without_generic_part(reg, &rules.generic_endings) {
            out.push(bare);
        }
        out.push(reg.to_string());
    }
    for l in rest.iter().rev().skip(1) {
        if !generic(l) && l.len() >= 2 && !l.chars().all(|c| c.is_ascii_digit()) {
            out.push(l.to_string());
        }
    }
    out
}

/// A host label without a generic ending (`generic_endings`: `acmetechblog` → `acme`,
/// `acme-status` → `acme`), when at least three letters are left.
fn without_generic_part(label: &str, endings: &[String]) -> Option<String> {
    let mut words: Vec<&String> = endings.iter().filter(|g| !g.is_empty()).collect();
    words.sort_by_key(|g| std::cmp::Reverse(g.len()));
    let mut l = label.to_string();
    loop {
        let before = l.clone();
        for g in &words {
            if let Some(x) = l.strip_suffix(g.as_str()) {
                if x.trim_matches('-').len() >= 3 {
                    l = x.trim_matches('-').to_string();
                }
            }
        }
        if l == before {
            break;
        }
    }
    (l != label).then_some(l)
}

/// Names of countries, cities and regions (`[places]`, `[regions]`, `[cities]` of `mappings/zones.toml`,
/// lower case): a place is never the organisation a page is about ("aeroporto de Lisboa").
fn places() -> &'static std::collections::HashSet<String> {
    static PLACES: OnceLock<std::collections::HashSet<String>> = OnceLock::new();
    PLACES.get_or_init(|| {
        #[derive(serde::Deserialize)]
        struct Zones {
            #[serde(default)]
            places: std::collections::BTreeMap<String, String>,
            #[serde(default)]
            regions: std::collections::BTreeMap<String, String>,
            #[serde(default)]
            cities: std::collections::BTreeMap<String, String>,
        }
        let dir = std::env::var_os("INCIDENTLIB_MAPPINGS")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| crate::paths::data_dir("mappings"));
        let path = dir.join("zones.toml");
        std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| toml::from_str::<Zones>(&t).ok())
            .map(|z| {
                z.places
                    .into_keys()
                    .chain(z.regions.into_keys())
                    .chain(z.cities.into_keys())
                    .map(|k| k.to_lowercase())
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// A Han, kana or Hangul name runs into the place that follows it ("阿里云香港可用区C"): the
/// name ends where a known place begins (a place that starts or ends the name stays:
/// "香港电讯", "ＮＴＴ西日本").
fn cut_at_place(name: &str, places: &std::collections::HashSet<String>) -> String {
    if name.is_ascii() {
        return name.to_string();
    }
    let cut = places
        .iter()
        .filter(|p| !p.is_ascii())
        .filter_map(|p| name.find(p.as_str()).map(|i| (i, i + p.len())))
        // A place that ends the name is part of it ("ＮＴＴ西日本"); one in the middle is not.
        .filter(|&(i, e)| i > 0 && e < name.len() && name[..i].chars().count() >= 2)
        .map(|(i, _)| i)
        .min();
    match cut {
        Some(i) => name[..i].to_string(),
        None => name.to_string(),
    }
}

/// The words of a URL's path, lower case (`/noticias/visa-suffers-an-outage` → visa, suffers,
/// an, outage): a news site's address usually carries its headline.
fn slug_words(url: Option<&str>) -> Vec<String> {
    let Some(u) = url.and_then(|u| url::Url::parse(u).ok()) else {
        return vec![];
    };
    let path = percent_encoding::percent_decode_str(u.path()).decode_utf8_lossy();
    path.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether every word of `name` occurs, in order and side by side, among `words`.
fn in_words(name: &str, words: &[String]) -> bool {
    let parts: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    !parts.is_empty() && words.windows(parts.len()).any(|w| w == parts.as_slice())
}

/// Whether a URL's path marks a news article (`article_paths`, compared with the path's
/// segments and their words, case-insensitively: `/news/articleView.html`, `/noticias/pais/…`).
fn is_article_path(url: Option<&str>, rules: &HostRules) -> bool {
    let Some(u) = url.and_then(|u| url::Url::parse(u).ok()) else {
        return false;
    };
    let path = u.path().to_ascii_lowercase();
    let segments: Vec<&str> = path
        .split(['/', '.', '?'])
        .filter(|x| !x.is_empty())
        .collect();
    if segments
        .iter()
        .any(|s| rules.help_paths.iter().any(|h| h.eq_ignore_ascii_case(s)))
    {
        return false;
    }
    rules.article_paths.iter().any(|a| {
        let a = a.to_ascii_lowercase();
        segments.iter().any(|s| {
            *s == a
                || s.split(['-', '_'])
                    .any(|w| w == a && !a.contains(['-', '_']))
        })
    })
}

/// Whether a host is a subdomain on a publishing platform (`someone.blogspot.com`): its owner
/// is a person writing there, not an organisation.
fn on_platform(host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    let rules = host_rules();
    rules.suffixes.iter().any(|s| {
        // (the platform's own part, `support.zendesk.com`, is the platform's)
        host.strip_suffix(&format!(".{s}"))
            .is_some_and(|tenant| !rules.generic_labels.iter().any(|g| g == tenant))
    })
}

/// Lower-case letters and digits only: "Beyond Hosting" and "beyondhosting" compare equal.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn is_stop(name: &str, stop: &[String]) -> bool {
    let n = name.trim();
    n.is_empty() || stop.iter().any(|s| s.eq_ignore_ascii_case(n))
}

/// Removes stop words from either end of a multi-word name ("The National Stock Exchange").
pub(super) fn trim_stop_words(name: &str, stop: &[String]) -> String {
    let mut words: Vec<&str> = name.split_whitespace().collect();
    while words.first().is_some_and(|w| is_stop(w, stop)) {
        words.remove(0);
    }
    while words.last().is_some_and(|w| is_stop(w, stop)) {
        words.pop();
    }
    words.join(" ")
}

/// A capitalised word in Latin script (CJK letters never continue it).
const LATIN_WORD: &str =
    r"\p{Lu}[\p{Latin}\p{M}\p{N}]*(?:[.&-][\p{Latin}\p{N}][\p{Latin}\p{M}\p{N}]*)*";

/// Compiles an `[org] patterns` entry, expanding its placeholders: `{name}` a capitalised Latin
/// name of up to four words, `{hangul}`, `{kanji}` (Han, katakana, full-width Latin) and `{han}`.
pub fn compile_pattern(p: &str) -> Result<Regex, regex::Error> {
    Regex::new(&expand_pattern(p))
}

/// Checks an `[org] patterns` entry's syntax without compiling it (parsing costs a fraction of
/// compiling, so loading checks every language's patterns and compiles only the page's).
pub fn check_pattern(p: &str) -> Result<(), Box<regex_syntax::Error>> {
    // The placeholders' expansions are fixed and valid; a plain group stands in for each, so
    // the check does not build their Unicode letter classes (most of a check's cost).
    regex_syntax::Parser::new()
        .parse(&with_stand_ins(p))
        .map(|_| ())
        .map_err(Box::new)
}

/// `p` with each placeholder that [`expand_pattern`] expands (`{name}`, `{hangul}`, …) replaced
/// by a plain named group; anything else is left for the parser to judge.
fn with_stand_ins(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    let mut rest = p;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let len = tail[1..]
            .find(|c: char| !(c.is_ascii_lowercase() || c == '_'))
            .map(|n| n + 1);
        match len {
            Some(n) if n > 1 && tail[n..].starts_with('}') => {
                let ph = &tail[..=n];
                if expand_pattern(ph) != ph {
                    out.push_str("(?P<name>x)");
                } else {
                    out.push_str(ph);
                }
                rest = &tail[n + 1..];
            }
            _ => {
                out.push('{');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// An `[org] patterns` entry with its placeholders expanded.
fn expand_pattern(p: &str) -> String {
    let name = format!(r"(?P<name>{LATIN_WORD}(?:[ ]{LATIN_WORD}){{0,3}})");
    p.replace("{name}", &name)
        .replace("{hangul}", r"(?P<name>[\p{Hangul}A-Za-z0-9]{2,12})")
        .replace(
            "{kanji}",
            r"(?P<name>[\p{Han}\p{Katakana}ーＡ-Ｚａ-ｚA-Za-z0-9０-９]{2,14})",
        )
        .replace("{han}", r"(?P<name>[\p{Han}A-Za-z0-9]{2,10}?)")
}

/// A number followed by a CJK date or clock unit ("3月", "5日", "9시"): part of a date, not a name.
fn date_inside() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"[0-9０-９]\s*[年月日时時点點号號년월일시분]").expect("valid regex")
    })
}

/// A date or clock written before a CJK name in the same run ("11月12日晚阿里云", "3일"): the
/// name starts after the last one.
fn date_prefix() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"^.*[0-9０-９]\s*[年月日号號时時点點分년월일시분]").expect("valid regex")
    })
}

/// The byte offset just after the last of `words` in `name` that leaves at least two
/// characters after it (0 when none does).
fn cut_after_last(name: &str, words: &[String]) -> usize {
    let mut cut = 0;
    for b in words.iter().filter(|b| !b.is_empty()) {
        for (i, _) in name.match_indices(b.as_str()) {
            let e = i + b.len();
            if e > cut && name[e..].chars().count() >= 2 {
                cut = e;
            }
        }
    }
    cut
}

/// Whether `hay` writes `base` at least once without `particle` right after it.
fn written_without(hay: &str, base: &str, particle: &str) -> bool {
    hay.match_indices(base)
        .any(|(i, _)| !hay[i + base.len()..].starts_with(particle))
}

/// A Han, kana or Hangul name cut to the organisation's own name: after a date or a boundary
/// word ("5日从云帆银行" → 云帆银行), without time words before it or filler after it
/// (`[org] lead`, `trail`), ending at a known name ending inside a longer run
/// ("云帆银行手机银行" → 云帆银行), and without a particle the text also leaves off
/// ("다온텔레콤은" → 다온텔레콤).
fn clean_cjk(name: &str, hay: &str, w: &OrgWords) -> String {
    if name.is_ascii() {
        return name.to_string();
    }
    let mut n = name.trim().to_string();
    if let Some(m) = date_prefix().find(&n) {
        if n[m.end()..].trim().chars().count() >= 2 {
            n = n[m.end()..].trim().to_string();
        }
    }
    let cut = cut_after_last(&n, w.boundary);
    n = n[cut..].trim().to_string();
    let longest_first = |words: &[String]| {
        let mut v: Vec<String> = words.iter().filter(|x| !x.is_empty()).cloned().collect();
        v.sort_by_key(|x| std::cmp::Reverse(x.chars().count()));
        v
    };
    let (lead, trail) = (longest_first(w.lead), longest_first(w.trail));
    loop {
        let before = n.clone();
        for l in &lead {
            if n.starts_with(l.as_str()) && n[l.len()..].trim().chars().count() >= 2 {
                n = n[l.len()..].trim_start().to_string();
            }
        }
        for t in &trail {
            if n.ends_with(t.as_str()) && n[..n.len() - t.len()].trim().chars().count() >= 2 {
                n = n[..n.len() - t.len()].trim_end().to_string();
            }
        }
        if n == before {
            break;
        }
    }
    // The first known ending with a name of two characters or more before it ends the name.
    let mut end = n.len();
    for sfx in w.suffixes.iter().filter(|x| !x.is_empty() && !x.is_ascii()) {
        for (i, _) in n.match_indices(sfx.as_str()) {
            let e = i + sfx.len();
            if e < end && n[..i].chars().count() >= 2 {
                end = e;
            }
        }
    }
    n.truncate(end);
    for p in longest_first(w.particles) {
        if let Some(base) = n.strip_suffix(p.as_str()) {
            if base.chars().count() >= 2 && written_without(hay, base, &p) {
                n = base.to_string();
                break;
            }
        }
    }
    n
}

/// Whether an `[org] patterns` entry finds the lead sentence's subject (it holds `(?P<lead>)`).
fn is_lead_pattern(re: &Regex) -> bool {
    re.capture_names().any(|n| n == Some("lead"))
}

/// Quoted speech (“…”, "…", 「…」) blanked by spaces of the same length: a quote's subject is
/// not the sentence's.
fn blank_quotes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut close: Option<char> = None;
    for c in s.chars() {
        match close {
            Some(e) if c == e => {
                close = None;
                out.push(' ');
            }
            Some(_) => out.extend(std::iter::repeat_n(' ', c.len_utf8())),
            None => {
                close = match c {
                    '“' => Some('”'),
                    '"' => Some('"'),
                    '「' => Some('」'),
                    _ => None,
                };
                if close.is_some() {
                    out.push(' ');
                } else {
                    out.push(c);
                }
            }
        }
    }
    // An unclosed quote runs to the end: keep the sentence as written then.
    if close.is_some() {
        return s.to_string();
    }
    out
}

/// The first sentence of a line: up to the first sentence end (". ", "。", "! ", "? ").
fn first_sentence(line: &str) -> &str {
    let mut end = line.len();
    for pat in [". ", "。", "! ", "? ", "！", "？"] {
        if let Some(i) = line.find(pat) {
            end = end.min(i + pat.len());
        }
    }
    &line[..end]
}

/// The subject of the lead: in the first sentence of each of the first prose lines after the
/// title (quotes blanked), the first `(?P<lead>)` pattern, in list order, whose earliest match
/// `keep` accepts (it returns the name as cleaned); with the match's offset in `hay`.
fn lead_subject(
    hay: &str,
    title: &str,
    w: &OrgWords,
    keep: &dyn Fn(&str) -> Option<String>,
) -> Option<(String, usize)> {
    let lead: Vec<&Regex> = w
        .patterns
        .into_iter()
        .filter(|r| is_lead_pattern(r))
        .collect();
    if lead.is_empty() {
        return None;
    }
    let mut offset = 0;
    let mut lines = Vec::new();
    for (i, line) in hay.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if i > 0 && t.chars().count() >= LEAD_MIN_CHARS && t != title.trim() {
            lines.push((offset + (line.len() - line.trim_start().len()), t));
        }
        offset += line.len();
        if lines.len() >= LEAD_LINES {
            break;
        }
    }
    for (at, line) in lines {
        let sentence = blank_quotes(first_sentence(line));
        for re in &lead {
            // Every start, overlapping ones too: a pattern may hold the rest of its clause
            // ("[^,]*$": the main clause's subject), and a match `keep` refuses ("오전에는")
            // must not hide a later one.
            let mut pos = 0;
            while let Some(c) = re.captures_at(&sentence, pos) {
                let Some(m) = c.name("name") else {
                    break;
                };
                if let Some(name) = keep(m.as_str()) {
                    return Some((name, at + m.start()));
                }
                pos = m.start() + m.as_str().chars().next().map_or(1, char::len_utf8);
            }
        }
    }
    None
}

/// Whether a name is a publisher's or an authority's (`[org] reporters`): a Han, kana or
/// Hangul name that ends with one of the words ("새벽일보", "과기정통부"), a Latin name that is
/// one of them or starts or ends with one as a word ("YTN", "ZDNet Korea").
fn is_reporter(name: &str, reporters: &[String]) -> bool {
    reporters.iter().filter(|r| !r.is_empty()).any(|r| {
        if r.is_ascii() {
            let (n, r) = (name.to_lowercase(), r.to_lowercase());
            n == r || n.starts_with(&format!("{r} ")) || n.ends_with(&format!(" {r}"))
        } else {
            !name.is_ascii() && name.ends_with(r.as_str())
        }
    })
}

/// Whether a character may be part of a Han, kana or Hangul name (with Latin letters and
/// digits: "KB국민은행", "ＮＴＴ西日本").
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == 'ー'
}

/// `text` with every byline, credit and copyright span (`[org] byline`) blanked by spaces of
/// the same length (so offsets stay valid), and whether there was one (a news page's mark).
fn blank_bylines(text: &str, byline: &[Regex]) -> (String, bool) {
    blank_spans(text, byline, &[])
}

/// [`blank_bylines`] for bylines and credits: whether a byline (not a credit) was blanked.
fn blank_spans(text: &str, byline: &[Regex], credits: &[Regex]) -> (String, bool) {
    let (mut out, any) = blank_each(text, byline);
    if !credits.is_empty() {
        out = blank_each(&out, credits).0;
    }
    (out, any)
}

fn blank_each(text: &str, byline: &[Regex]) -> (String, bool) {
    let mut out = text.to_string();
    let mut any = false;
    for re in byline {
        let spans: Vec<(usize, usize)> = re
            .find_iter(&out)
            .map(|m| (m.start(), m.end()))
            .filter(|(s, e)| e > s)
            .collect();
        for (s, e) in spans {
            any = true;
            out.replace_range(s..e, &" ".repeat(e - s));
        }
    }
    (out, any)
}

/// How often the head of the text speaks as "we" (first-person words as whole words).
/// Words inside quotation marks speak for whoever is quoted ("“We apologize,” the carrier
/// said"), not for the page.
fn first_person_count(text: &str, words: &[String]) -> usize {
    let head =
        crate::time::text::outside_quotes(&text.chars().take(HEAD_CHARS).collect::<String>());
    words
        .iter()
        .filter(|w| !w.trim().is_empty())
        .map(|w| {
            // Hangul, kana and Han words attach to their neighbours; Latin ones stand alone,
            // in lower case or capitalised ("we", "We"; never "US").
            if w.chars().next().is_some_and(|c| (c as u32) >= 0x2E80) {
                head.matches(w.as_str()).count()
            } else {
                count_mentions(&head, w) + count_mentions(&head, &capitalise(w))
            }
        })
        .sum()
}

/// Where a name occurs in the head text and whether each occurrence starts a sentence.
fn starts_sentence(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches([' ', '\t']);
    match before.chars().last() {
        None => true,
        Some(c) => "\n.!?:;\"“”«»「」『』()（）[]-–—|/·•*#>".contains(c),
    }
}

/// Whether the text right after a Latin run (`rest`) continues it as a name in another script
/// ("LG|유플러스는", "NTT|ドコモは"): a run of Hangul, Han or kana that keeps two characters or
/// more once it is cut at a boundary word ("によると") and its particles are stripped ("는"),
/// and that is no stop word ("KT|관계자는" is KT's).
fn glued_to_native_name(rest: &str, w: &OrgWords) -> bool {
    let run: String = rest
        .chars()
        .take_while(|c| is_name_char(*c) && !c.is_ascii())
        .collect();
    if run.is_empty() {
        return false;
    }
    let mut n = run.as_str();
    for b in w.boundary.iter().filter(|b| !b.is_empty()) {
        if let Some(i) = n.find(b.as_str()) {
            n = &n[..i];
        }
    }
    loop {
        let before = n;
        for p in w.particles.iter().filter(|p| !p.is_empty()) {
            if let Some(x) = n.strip_suffix(p.as_str()) {
                n = x;
            }
        }
        if n == before {
            break;
        }
    }
    n.chars().count() >= 2 && !is_stop(n, w.stop) && !w.suffixes.iter().any(|x| x == n)
}

/// A scored name from the text.
#[derive(Debug, Clone)]
struct Candidate {
    /// Spellings seen, with their counts (the most frequent is shown).
    spellings: HashMap<String, usize>,
    score: f32,
    /// The part of `score` the title, the lead and the address give (counted once when two
    /// spellings are merged).
    bonus: f32,
    /// Whether the title writes the name.
    in_title: bool,
    /// Mentions that do not start a sentence, plus pattern hits.
    solid: usize,
    quote: String,
    /// Both spellings, as the page pairs them ("카카오 (Kakao)"), when it writes the name
    /// with its transliteration.
    paired: Option<String>,
}

impl Candidate {
    fn name(&self) -> String {
        let mut v: Vec<(&String, &usize)> = self.spellings.iter().collect();
        // Most frequent; ties go to the spelling with more capitals' context (longer first).
        v.sort_by(|a, b| {
            b.1.cmp(a.1)
                .then(b.0.len().cmp(&a.0.len()))
                .then(a.0.cmp(b.0))
        });
        v.first().map(|(s, _)| s.to_string()).unwrap_or_default()
    }

    /// The name as a draft gives it: both spellings when the page pairs them, else
    /// [`Candidate::name`].
    fn shown(&self) -> String {
        self.paired.clone().unwrap_or_else(|| self.name())
    }

    /// Takes `other`'s spellings and votes (the title's and lead's weight once).
    fn absorb(&mut self, other: Candidate) {
        for (s, n) in other.spellings {
            *self.spellings.entry(s).or_insert(0) += n;
        }
        self.score += other.score - self.bonus.min(other.bonus);
        self.bonus = self.bonus.max(other.bonus);
        self.solid += other.solid;
        self.in_title |= other.in_title;
        if self.paired.is_none() {
            self.paired = other.paired;
        }
    }
}

/// Whether a spelling that `before` ends with starts a word there (a Latin name is not the end
/// of a longer word).
fn starts_word(before: &str, spelling: &str) -> bool {
    let at = before.len() - spelling.len();
    !spelling.starts_with(|c: char| c.is_ascii_alphanumeric())
        || !before[..at]
            .chars()
            .last()
            .is_some_and(char::is_alphanumeric)
}

/// Pairs of candidates (keys) the text writes as one organisation's two spellings: a name and
/// its transliteration side by side, one in Latin letters and one not ("카카오(Kakao)",
/// "Kakao (카카오)", "ミナトペイ（MinatoPay）"); the first key is the one before the bracket.
/// Also a romanised part written inside a name ("엘지(LG)유플러스"): the native name's key
/// with its other spelling when no rule found that one.
#[allow(clippy::type_complexity)]
fn paired_spellings(
    hay: &str,
    found: &HashMap<String, Candidate>,
) -> (Vec<(String, String)>, Vec<(String, String)>) {
    let mut out = Vec::new();
    // A candidate (key) and its other spelling that no rule found ("엘지유플러스", "LG유플러스").
    let mut inline = Vec::new();
    for (i, open) in hay.match_indices(['(', '（']) {
        let from = i + open.len();
        let Some(len) = hay[from..].find([')', '）', '(', '（', '\n']) else {
            continue;
        };
        if !hay[from + len..].starts_with([')', '）']) {
            continue;
        }
        let inner = hay[from..from + len].trim();
        if inner.chars().count() > MAX_PAIRED_CHARS {
            continue;
        }
        // "엘지(LG)유플러스": the name goes on after the bracket; each spelling with the rest.
        let after = from + len + hay[from + len..].chars().next().map_or(1, char::len_utf8);
        let rest: String = hay[after..]
            .chars()
            .take_while(|c| is_name_char(*c) && !c.is_ascii())
            .collect();
        if !rest.is_empty() {
            let head: String = hay[..i]
                .chars()
                .rev()
                .take_while(|c| is_name_char(*c) && !c.is_ascii())
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            // The longest part of the rest that makes a candidate of the native spelling.
            let ends: Vec<usize> = rest.char_indices().map(|(j, c)| j + c.len_utf8()).collect();
            if let Some(native) = ends
                .iter()
                .rev()
                .map(|&e| squash(&format!("{head}{}", &rest[..e])))
                .find(|k| !head.is_empty() && found.contains_key(k))
            {
                let e = ends
                    .iter()
                    .rev()
                    .find(|&&e| squash(&format!("{head}{}", &rest[..e])) == native)
                    .copied()
                    .unwrap_or(0);
                let latin = squash(&format!("{inner}{}", &rest[..e]));
                if found.contains_key(&latin) {
                    out.push((native, latin));
                } else {
                    inline.push((native, format!("{inner}{}", &rest[..e])));
                }
                continue;
            }
        }
        let right = squash(inner);
        if !found.contains_key(&right) {
            continue;
        }
        let before = hay[..i].trim_end();
        // The longest spelling of another candidate that the text before the bracket ends with.
        let left = found
            .iter()
            .filter(|(k, _)| **k != right)
            .filter_map(|(k, c)| {
                c.spellings
                    .keys()
                    .filter(|s| before.ends_with(s.as_str()) && starts_word(before, s))
                    .map(String::len)
                    .max()
                    .map(|l| (l, k.clone()))
            })
            .max();
        if let Some((_, left)) = left {
            if left.is_ascii() != right.is_ascii() {
                out.push((left, right));
            }
        }
    }
    (out, inline)
}

/// Pairs of candidates (keys) that differ by one of the forms a name is written with or
/// without (`[org] variants`: "카카오그룹" and "카카오", "Acme Inc." and "Acme").
fn variant_spellings(
    found: &HashMap<String, Candidate>,
    variants: &[String],
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (key, c) in found {
        for s in c.spellings.keys() {
            for v in variants.iter().filter(|v| !v.trim().is_empty()) {
                let v = v.trim();
                let latin = v.is_ascii();
                let mut bases = Vec::new();
                if let Some(b) = s.strip_suffix(v) {
                    // A Latin form is a word of its own ("Acme Inc.", "Acme, Inc.").
                    if !latin || b.ends_with([' ', ',']) {
                        bases.push(b.trim_end_matches([' ', ',']));
                    }
                }
                if let Some(b) = s.strip_prefix(v) {
                    if !latin || b.starts_with(' ') {
                        bases.push(b.trim_start());
                    }
                }
                for b in bases {
                    let k = squash(b);
                    if b.chars().count() >= 2 && k != *key && found.contains_key(&k) {
                        out.push((key.clone(), k));
                    }
                }
            }
        }
    }
    // A group's initials before a native name ("KB국민은행" and "국민은행").
    for (key, c) in found {
        for s in c.spellings.keys() {
            let initials = s.chars().take_while(|c| c.is_ascii_uppercase()).count();
            let rest = &s[initials..];
            if (1..=MAX_INITIALS).contains(&initials)
                && rest.chars().count() >= 2
                && !rest.starts_with(|c: char| c.is_ascii())
            {
                let k = squash(rest);
                if k != *key && found.contains_key(&k) {
                    out.push((key.clone(), k));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Latin candidates that only abbreviate a term the page spells out in its own script
/// ("무정전전원장치(UPS)", "域名系统（DNS）"): an acronym in brackets after a native run at least
/// twice its length that names no candidate is a term, not an organisation.
fn spelled_out_acronyms(hay: &str, found: &HashMap<String, Candidate>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, open) in hay.match_indices(['(', '（']) {
        let from = i + open.len();
        let Some(len) = hay[from..].find([')', '）', '\n']) else {
            continue;
        };
        let inner = hay[from..from + len].trim();
        let acronym = (2..=6).contains(&inner.len())
            && inner
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && inner.chars().any(|c| c.is_ascii_uppercase());
        let key = squash(inner);
        if !acronym || !found.contains_key(&key) {
            continue;
        }
        let native: String = hay[..i]
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() && !c.is_ascii())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if native.chars().count() < 2 * inner.len() {
            continue;
        }
        // A candidate's name written there ("카카오뱅크(KB)") makes it a pair, not a term.
        let names_one = found.iter().any(|(k, c)| {
            *k != key
                && c.spellings
                    .keys()
                    .any(|s| !s.is_ascii() && native.ends_with(s.as_str()))
        });
        if !names_one {
            out.push(key);
        }
    }
    out
}

/// Merges the candidates each pair names as one organisation (the higher score keeps its
/// key); a name paired with its transliteration shows both ("카카오 (Kakao)": native first).
fn merge_spellings(found: &mut HashMap<String, Candidate>, hay: &str, w: &OrgWords) {
    let (paired, inline) = paired_spellings(hay, found);
    for (key, other) in inline {
        if let Some(c) = found.get_mut(&key) {
            if c.paired.is_none() {
                c.paired = Some(format!("{} ({other})", c.name()));
            }
        }
    }
    let mut pairs: Vec<(String, String, bool)> =
        paired.into_iter().map(|(a, b)| (a, b, true)).collect();
    // A native name with and without its known ending ("키움증권" and "키움") is one too.
    let forms: Vec<String> = w
        .variants
        .iter()
        .chain(w.suffixes.iter().filter(|x| !x.is_ascii()))
        .cloned()
        .collect();
    pairs.extend(
        variant_spellings(found, &forms)
            .into_iter()
            .map(|(a, b)| (a, b, false)),
    );
    // Where a merged key went.
    let mut moved: HashMap<String, String> = HashMap::new();
    let resolve = |moved: &HashMap<String, String>, k: &str| {
        let mut k = k.to_string();
        while let Some(n) = moved.get(&k) {
            k = n.clone();
        }
        k
    };
    for (a, b, is_pair) in pairs {
        let (a, b) = (resolve(&moved, &a), resolve(&moved, &b));
        if a == b {
            continue;
        }
        let (Some(ca), Some(cb)) = (found.get(&a), found.get(&b)) else {
            continue;
        };
        let shown = is_pair.then(|| {
            let (na, nb) = (ca.name(), cb.name());
            if na.is_ascii() && !nb.is_ascii() {
                format!("{nb} ({na})")
            } else {
                format!("{na} ({nb})")
            }
        });
        let (keep, gone) = if ca.score >= cb.score { (a, b) } else { (b, a) };
        let Some(other) = found.remove(&gone) else {
            continue;
        };
        if let Some(c) = found.get_mut(&keep) {
            c.absorb(other);
            if shown.is_some() {
                c.paired = shown;
            }
        }
        moved.insert(gone, keep);
    }
}

fn line_of(text: &str, at: usize) -> String {
    let start = text[..at].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let end = text[at..].find('\n').map(|i| at + i).unwrap_or(text.len());
    let line = &text[start..end];
    if line.chars().count() > 200 {
        line.chars().take(200).collect::<String>() + "…"
    } else {
        line.to_string()
    }
}

/// Counts how often `name` occurs in `hay` as a whole word (CJK names as substrings).
fn count_mentions(hay: &str, name: &str) -> usize {
    if name.is_empty() {
        return 0;
    }
    let latin_edges = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        || name
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric());
    let mut n = 0;
    for (i, _) in hay.match_indices(name) {
        if latin_edges {
            let before = hay[..i].chars().last();
            let after = hay[i + name.len()..].chars().next();
            if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric)
            {
                continue;
            }
        }
        n += 1;
    }
    n
}

/// The organisation the title and first paragraphs name most, with its score.
fn text_org(title: &str, text: &str, url: Option<&str>, w: &OrgWords) -> Option<Candidate> {
    let head: String = text.chars().take(HEAD_CHARS).collect();
    let slug = slug_words(url);
    let places = places();
    let (hay, _) = blank_spans(&format!("{title}\n{head}"), w.byline, w.credits);
    let hay = hay.as_str();
    let mut found: HashMap<String, Candidate> = HashMap::new();
    let add = |found: &mut HashMap<String, Candidate>,
               name: &str,
               at: usize,
               weight: f32,
               solid: bool|
     -> Option<String> {
        let name = trim_stop_words(name.trim_matches(|c: char| !c.is_alphanumeric()), w.stop);
        let name = clean_cjk(&name, hay, w);
        let name = trim_stop_words(&name, w.stop);
        let name = cut_at_place(&name, places);
        // A name ending alone ("银行", "은행") is nobody's name.
        if w.suffixes.iter().any(|s| s == &name) {
            return None;
        }
        // "7일", "3月": a number starts a date or a count, not a name; nor is a name with a
        // date inside it ("关于3月5日").
        let numeric =
            name.chars().next().is_some_and(|c| c.is_numeric()) || date_inside().is_match(&name);
        if name.chars().count() < 2
            || numeric
            || is_stop(&name, w.stop)
            || places.contains(&name.to_lowercase())
        {
            return None;
        }
        let key = squash(&name);
        let c = found.entry(key.clone()).or_insert_with(|| Candidate {
            spellings: HashMap::new(),
            score: 0.0,
            bonus: 0.0,
            in_title: false,
            solid: 0,
            quote: line_of(hay, at),
            paired: None,
        });
        *c.spellings.entry(name).or_insert(0) += 1;
        c.score += weight;
        if solid {
            c.solid += 1;
        }
        Some(key)
    };
    for m in names::find_iter(hay) {
        let (s, e) = (m.start(), m.end());
        // A name next to a number is a date ("May 10", "10 May") or a model, not an organisation.
        let before = hay[..s].trim_end_matches([' ', '\t']).chars().last();
        let after = hay[e..].trim_start_matches([' ', '\t']).chars().next();
        if before.is_some_and(|c| c.is_ascii_digit()) || after.is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        // "em Lisboa", "in Riverton": a place, not an organisation.
        let prev = hay[..s]
            .trim_end_matches([' ', '\t'])
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("")
            .to_lowercase();
        if !prev.is_empty() && w.locative.contains(&prev) {
            continue;
        }
        // "LG유플러스", "NTTドコモ": Latin letters that start a longer name in another script
        // are that name's, found below.
        if glued_to_native_name(&hay[e..], w) {
            continue;
        }
        let initial = starts_sentence(hay, s);
        add(
            &mut found,
            m.as_str(),
            s,
            if initial { 0.5 } else { 1.0 },
            !initial,
        );
    }
    // Names the page gives itself (`own` patterns): never a publisher writing about others.
    let mut own_keys: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Names an organisation pattern or a known ending found (not only the capitalised-run scan).
    let mut ruled: std::collections::HashSet<String> = std::collections::HashSet::new();
    for re in w.patterns.may_match(hay) {
        // A pattern marked `(?P<lead>)` finds the lead sentence's subject (below) only.
        if is_lead_pattern(re) {
            continue;
        }
        // A pattern marked `(?P<own>)` is how a page names itself (greeting, sign-off, legal
        // name): it weighs double.
        let own = re.capture_names().any(|n| n == Some("own"));
        let weight = if own {
            PATTERN_WEIGHT * 2.0
        } else {
            PATTERN_WEIGHT
        };
        for c in re.captures_iter(hay) {
            let Some(m) = c.name("name").or_else(|| c.get(1)) else {
                continue;
            };
            let name = m.as_str().trim();
            // Latin names from patterns must be capitalised like a name.
            if name
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() && c.is_lowercase())
            {
                continue;
            }
            ruled.extend(add(&mut found, name, m.start(), weight, true));
            if own {
                let clean = clean_cjk(&trim_stop_words(name, w.stop), hay, w);
                own_keys.insert(squash(&clean));
            }
        }
    }
    // Names with a known ending ("云帆银行", "あさぎ銀行", "새봄은행"): the run of name
    // characters before the ending, cut at a date or boundary word.
    for sfx in w.suffixes.iter().filter(|x| !x.is_empty() && !x.is_ascii()) {
        for (i, _) in hay.match_indices(sfx.as_str()) {
            let start = hay[..i]
                .char_indices()
                .rev()
                .take_while(|(_, c)| is_name_char(*c))
                .take(10)
                .last()
                .map(|(j, _)| j)
                .unwrap_or(i);
            // An ending with no name before it ("银行业") names nobody.
            if start == i {
                continue;
            }
            ruled.extend(add(
                &mut found,
                &hay[start..i + sfx.len()],
                start,
                1.0,
                true,
            ));
        }
    }
    // The subject of the lead sentence ("카카오가 15일 …", "あさぎ銀行は…", "星河音乐App无法
    // 登录"): whom the report is about, where names in passing (partners, rivals, the venue,
    // the regulator) are not.
    if let Some((name, at)) = lead_subject(hay, title, w, &|n| {
        let n = cut_at_place(&trim_stop_words(&clean_cjk(n, hay, w), w.stop), places);
        let numeric =
            n.chars().next().is_some_and(|c| c.is_numeric()) || date_inside().is_match(&n);
        let ok = n.chars().count() >= 2
            && !numeric
            && !is_stop(&n, w.stop)
            && !w.suffixes.iter().any(|s| s == &n)
            && !places.contains(&n.to_lowercase())
            && !is_reporter(&n, w.reporters);
        ok.then_some(n)
    }) {
        // Only a name a pattern or a known ending found too: the lead's subject may be a thing
        // ("크롤러가") or a word the capitalised-run scan took for a name.
        if ruled.contains(&squash(&name)) {
            add(&mut found, &name, at, LEAD_SUBJECT_WEIGHT, true);
        }
    }
    // CJK names are not split by the capitalised-run scan: each plain mention that no pattern
    // or ending counted counts once.
    for c in found.values_mut() {
        let name = c.name();
        // Latin names are counted by the capitalised-run scan; mixed ones ("KB국민은행") are not.
        if name.is_ascii() && name.chars().any(|ch| ch.is_ascii_alphabetic()) {
            continue;
        }
        let counted: usize = c.spellings.values().sum();
        let extra = count_mentions(hay, &name).saturating_sub(counted);
        c.score += extra as f32;
    }
    // A brand named with its product ("Microsoft Azure", "Google Cloud") is a mention of the
    // brand too, when the text also names the brand alone.
    let heads: Vec<(String, f32, usize)> = found
        .values()
        .filter_map(|c| {
            let name = c.name();
            let first = name.split_whitespace().next()?;
            (first.len() < name.len()).then(|| (squash(first), c.score, c.solid))
        })
        .collect();
    for (key, score, solid) in heads {
        if let Some(brand) = found.get_mut(&key) {
            brand.score += score * BRAND_SHARE;
            brand.solid += solid;
        }
    }
    for (key, c) in found.iter_mut() {
        // A publisher or an authority reporting on the outage, not the one it hit (unless the
        // page names itself so: "안녕하세요, 미리내닷컴입니다").
        if !own_keys.contains(key) && is_reporter(&c.name(), w.reporters) {
            c.score *= REPORTER_SHARE;
        }
    }
    // The lead: the first paragraph of prose after the title (a news report's first sentence
    // names whom the outage hit), which counts like the title.
    let lead = squash(
        hay.lines()
            .skip(1)
            .map(str::trim)
            .find(|l| l.chars().count() >= LEAD_MIN_CHARS && l.trim() != title.trim())
            .unwrap_or(""),
    );
    for (key, c) in found.iter_mut() {
        if squash(title).contains(key.as_str()) {
            c.score += TITLE_WEIGHT;
            c.bonus += TITLE_WEIGHT;
            c.in_title = true;
        }
        if !lead.is_empty() && lead.contains(key.as_str()) {
            c.score += TITLE_WEIGHT;
            c.bonus += TITLE_WEIGHT;
        }
        // A name the address's headline words also write is a name, even where the page
        // only writes it at the start of a sentence ("Acmebank sufre una caída" at
        // `/acmebank-sufre-caida`).
        let in_slug = in_words(&c.name(), &slug);
        if in_slug {
            c.solid += 1;
        }
        // The address's headline words count like the title's (pages without a title).
        if !title.is_empty() && squash(title).contains(key.as_str()) {
            continue;
        }
        if in_slug {
            c.score += TITLE_WEIGHT;
            c.bonus += TITLE_WEIGHT;
        }
    }
    // A term's acronym the page spells out ("무정전전원장치(UPS)") names nobody.
    for key in spelled_out_acronyms(hay, &found) {
        found.remove(&key);
    }
    // One organisation written two ways ("카카오(Kakao)", "Acme" and "Acme Inc.") counts once.
    merge_spellings(&mut found, hay, w);
    if tracing::enabled!(tracing::Level::DEBUG) {
        let mut all: Vec<&Candidate> = found.values().collect();
        all.sort_by(|a, b| b.score.total_cmp(&a.score));
        for c in all.iter().take(6) {
            tracing::debug!(
                "org candidate {:?}: score {:.1}, solid {}",
                c.name(),
                c.score,
                c.solid
            );
        }
    }
    // A tie in score and length goes to the name first in alphabetical order: the map's order
    // is random, and the same page must give the same draft in every run.
    found.into_values().filter(|c| c.solid > 0).max_by(|a, b| {
        a.score
            .total_cmp(&b.score)
            .then(b.name().len().cmp(&a.name().len()).reverse())
            .then_with(|| b.name().cmp(&a.name()))
    })
}

/// How the page writes a site's name (`beyondhosting` → "Beyond Hosting"), when it does.
/// Bylines and credits (`byline`) do not count: a news site names itself there.
fn mention_of(
    site: &str,
    title: &str,
    text: &str,
    byline: &[Regex],
    credits: &[Regex],
) -> Option<(String, String)> {
    let key = squash(site);
    if key.chars().count() < 2 {
        return None;
    }
    let head: String = text.chars().take(HEAD_CHARS * 2).collect();
    let (hay, _) = blank_spans(&format!("{title}\n{head}"), byline, credits);
    for m in names::find_iter(&hay) {
        // Any run of words whose letters spell the site's name ("Pronto Marketing", "IST").
        let words: Vec<&str> = m.as_str().split_whitespace().collect();
        for i in 0..words.len() {
            for j in i + 1..=words.len() {
                let phrase = words[i..j].join(" ");
                let sq = squash(&phrase);
                if sq == key || (sq.starts_with(&key) && sq.len() <= key.len() + 4 && j - i == 1) {
                    // No stop list here: the host itself vouches for the name ("IST").
                    return Some((phrase, line_of(&hay, m.start())));
                }
            }
        }
    }
    // A name in any script, written as the site writes it ("GMX", "tedomum" in lower case).
    if !site.is_ascii() && count_mentions(&hay, site) > 0 {
        return Some((site.to_string(), line_of(&hay, hay.find(site)?)));
    }
    None
}

/// How `text` (all of it) writes a host label as a run of capitalised words whose letters
/// spell it ("Host Europe" for `hosteurope`), when it does.
fn spelled_in(label: &str, text: &str) -> Option<String> {
    let key = squash(label);
    if key.chars().count() < 3 {
        return None;
    }
    for m in names::find_iter(text) {
        let words: Vec<&str> = m.as_str().split_whitespace().collect();
        for i in 0..words.len() {
            for j in i + 1..=words.len() {
                let phrase = words[i..j].join(" ");
                if squash(&phrase) == key {
                    return Some(phrase);
                }
            }
        }
    }
    None
}

/// How `text` writes a host label in any case, spaced or joined by hyphens or dots
/// ("united-domains", "HOST EUROPE", "Acme.io" for `acmeio`), when it writes it other than as
/// its letters run together in lower case; never inside an address (after `.`, `/`, `@`,
/// before `.x`).
fn written_any_case(label: &str, text: &str) -> Option<String> {
    let key: Vec<char> = squash(label).chars().collect();
    if key.len() < 3 {
        return None;
    }
    let bare: String = key.iter().collect();
    for (i, first) in text.char_indices() {
        if first.to_lowercase().ne(std::iter::once(key[0])) {
            continue;
        }
        let before = text[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || "./@".contains(c)) {
            continue;
        }
        let (mut k, mut end) = (0, i);
        let mut gap = false;
        for (j, c) in text[i..].char_indices() {
            if k == key.len() {
                break;
            }
            if c.is_alphanumeric() {
                if c.to_lowercase().ne(std::iter::once(key[k])) {
                    break;
                }
                k += 1;
                gap = false;
                end = i + j + c.len_utf8();
            } else if " -.".contains(c) && k > 0 && !gap {
                gap = true;
            } else {
                break;
            }
        }
        if k < key.len() {
            continue;
        }
        let mut after = text[end..].chars();
        let next = after.next();
        if next.is_some_and(char::is_alphanumeric)
            || (next == Some('.') && after.next().is_some_and(char::is_alphanumeric))
        {
            continue;
        }
        let written = &text[i..end];
        if written != bare {
            return Some(written.to_string());
        }
    }
    None
}

/// A host label as a name: its hyphenated words capitalised and spaced (`lumora-pay` →
/// "Lumora Pay").
fn host_label_name(label: &str) -> String {
    host_label_name_with(label, &host_rules().name_endings)
}

/// [`host_label_name`] with the business words (`name_endings`) to split off a run-together
/// label (`prontomarketing` → "Pronto Marketing").
fn host_label_name_with(label: &str, endings: &[String]) -> String {
    label
        .split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let split = endings
                .iter()
                .filter(|e| !e.is_empty() && e.is_ascii())
                .filter_map(|e| {
                    let e = e.to_ascii_lowercase();
                    lower
                        .strip_suffix(e.as_str())
                        .filter(|rest| rest.len() >= 3)
                        .map(|rest| (rest.len(), e.len()))
                })
                // The longest business word ("networks" before "works").
                .min();
            match split {
                Some((at, _)) => format!("{} {}", capitalise(&w[..at]), capitalise(&w[at..])),
                None => capitalise(w),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn capitalise(label: &str) -> String {
    let mut c = label.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Finds the organisation, strongest evidence first (see the module documentation).
pub fn find_org(c: &OrgClues, w: &OrgWords) -> Option<Org> {
    let org = |name: String, quote: String, rule: &'static str| Org {
        name: name.trim().to_string(),
        quote: quote.trim().to_string(),
        rule,
    };
    // A name without a letter or digit ("…", "»") names nobody.
    let named = |o: &Org| o.name.chars().any(char::is_alphanumeric);
    if let Some(p) = c.profile_org.filter(|p| !p.trim().is_empty()) {
        return Some(org(p.to_string(), p.to_string(), "site profile"));
    }
    let title = c.title.unwrap_or("");
    let host = c
        .url
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_string));
    let hosts = host.as_deref().map(host_names).unwrap_or_default();
    let head: String = c.text.chars().take(HEAD_CHARS).collect();
    // A news report's site (host, logo, site name) is its publisher's.
    let news = blank_bylines(&head, w.byline).1 || is_article_path(c.url, host_rules());
    let (text_b, _) = blank_spans(c.text, w.byline, w.credits);
    // 1. The URL's host, when the page names it.
    for h in hosts.iter().filter(|_| !news) {
        if let Some((name, quote)) = mention_of(h, title, c.text, w.byline, w.credits) {
            // "Acme Tech Blog" → Acme.
            let bare = meta::strip_name(&name, w.strip);
            let name = if bare.is_empty() { name } else { bare };
            return Some(org(name, quote, "URL host, as the page writes it"));
        }
    }
    // 2. The page's markup and metadata (labelled rows, legal names, logo, og:site_name, …).
    let marked = meta::find_org(
        &OrgClues {
            url: None,
            profile_org: None,
            ..*c
        },
        w,
    )
    .filter(|o| !is_stop(&o.name, w.stop) && named(o));
    if let Some(m) = &marked {
        // Names read from the site's furniture count when the article names them too; a
        // "title before its colon" comes from the text itself and proves nothing by that.
        let from_site = matches!(m.rule, "logo" | "og:site_name" | "title's site part");
        let named = (from_site
            && !news
            && (mention_of(&m.name, title, c.text, w.byline, w.credits).is_some()
                || count_mentions(&text_b, &m.name) > 0))
            || (m.rule == "title before its colon" && count_mentions(c.text, &m.name) >= 2);
        let strong = matches!(
            m.rule,
            "organisation row" | "legal name" | "name with its romanisation"
        );
        if named || strong {
            return marked;
        }
    }
    // 3. A page that speaks as "we" is its site's own: the markup's name, else the name it
    // gives itself in its own script ("안녕하세요, 누리솔입니다" on nurisol.co.kr), else the host.
    // A news report (it has a byline) quotes others' "we".
    if !news && first_person_count(&text_b, w.first_person) >= MIN_FIRST_PERSON {
        if let Some(m) = marked {
            return Some(m);
        }
        if let Some(t) = text_org(title, c.text, c.url, w)
            .filter(|t| t.score >= MIN_TEXT_SCORE && !t.name().is_ascii())
        {
            return Some(org(
                t.shown(),
                t.quote.clone(),
                "the name the page gives itself",
            ));
        }
        if let (Some(h), Some(host)) = (hosts.first(), &host) {
            if !on_platform(host) {
                // As the page writes it further down or in its markup ("Ihr Host Europe
                // Team", "© ALL-INKL.COM"), else the label itself.
                let written = [c.text, c.raw]
                    .iter()
                    .find_map(|t| spelled_in(h, t))
                    .or_else(|| written_any_case(h, c.text))
                    .unwrap_or_else(|| host_label_name(h));
                // ("status-centron.de" → "Status Centron" → Centron)
                let bare = meta::strip_name(&written, w.strip);
                let written = if bare.is_empty() { written } else { bare };
                return Some(org(
                    written,
                    host.clone(),
                    "URL host (the page speaks as its owner)",
                ));
            }
        }
    }
    // 4. The organisation the text names most.
    let text = text_org(title, c.text, c.url, w);
    if let Some(t) = text.as_ref().filter(|t| t.score >= MIN_TEXT_SCORE) {
        return Some(org(
            t.shown(),
            t.quote.clone(),
            "most-named organisation in the text",
        ));
    }
    // 5. What the markup says, then a name the title writes (the page never writes its host's
    // name: step 1), then the host, unconfirmed (a news report's neither: its publisher's).
    if marked.is_some() && !news {
        return marked;
    }
    if let (Some(h), Some(host), false) = (hosts.first(), &host, news) {
        if let Some(t) = text
            .as_ref()
            .filter(|t| t.in_title && t.score >= MIN_TITLE_SCORE)
        {
            return Some(org(
                t.shown(),
                t.quote.clone(),
                "organisation the title names (the page never names its host)",
            ));
        }
        let written = written_any_case(h, c.text).unwrap_or_else(|| host_label_name(h));
        return Some(org(written, host.clone(), "URL host (a guess)"));
    }
    text.map(|t| {
        org(
            t.shown(),
            t.quote.clone(),
            "most-named organisation in the text (weak)",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> HostRules {
        HostRules {
            country_second_levels: vec!["co".into(), "or".into(), "com".into()],
            suffixes: vec!["blogspot.com".into()],
            generic_labels: vec![
                "www".into(),
                "status".into(),
                "engineering".into(),
                "blog".into(),
            ],
            platforms: vec![],
            generic_endings: vec!["techblog".into(), "blog".into()],
            name_endings: vec![],
            article_paths: vec![],
            help_paths: vec![],
        }
    }

    #[test]
    fn registrable_names_skip_public_suffixes() {
        let r = rules();
        assert_eq!(host_names_with("status.heroku.com", &r), vec!["heroku"]);
        assert_eq!(host_names_with("heroku.com", &r), vec!["heroku"]);
        assert_eq!(
            host_names_with("engineering.example.co.kr", &r),
            vec!["example"]
        );
        assert_eq!(host_names_with("someone.blogspot.com", &r), vec!["someone"]);
        assert_eq!(
            host_names_with("ist.example.ca", &r),
            vec!["example", "ist"]
        );
        assert!(host_names_with("127.0.0.1", &r).is_empty());
        assert_eq!(
            host_names_with("acmetechblog.com", &r),
            vec!["acme", "acmetechblog"]
        );
        assert!(host_names_with("blogspot.com", &r).is_empty());
        // the platform's own part of a hosting suffix is the platform's; its bare address
        // names nobody
        assert_eq!(host_names_with("blog.blogspot.com", &r), vec!["blogspot"]);
        assert!(host_names_with("www.blogspot.com", &r).is_empty());
    }

    #[test]
    fn platform_hosts_name_nobody_and_hyphens_become_spaces() {
        let r = HostRules {
            platforms: vec!["csdn.net".into(), "zenn.dev".into()],
            ..rules()
        };
        assert!(host_names_with("blog.csdn.net", &r).is_empty());
        assert!(host_names_with("zenn.dev", &r).is_empty());
        assert_eq!(host_names_with("status.heroku.com", &r), vec!["heroku"]);
        assert_eq!(host_label_name("lumora-pay"), "Lumora Pay");
    }

    #[test]
    fn news_article_addresses_and_reporters_are_told_by_data() {
        let r = HostRules {
            article_paths: vec![
                "articleview".into(),
                "noticias".into(),
                "tin-tuc".into(),
                "zh-cn".into(),
            ],
            help_paths: vec!["hc".into()],
            ..rules()
        };
        let art = |u: &str| is_article_path(Some(u), &r);
        assert!(art("https://x.example.kr/news/articleView.html?idxno=1"));
        assert!(art("https://x.example.cl/noticias/pais/abc"));
        assert!(art("https://x.example.vn/tin-tuc/abc-123.html"));
        assert!(!art("https://status.example.com/incidents/abc"));
        assert!(!art("https://help.example.com/hc/en-us/articles/123"));
        // a help centre's article in a language the news list names is still the site's own
        assert!(art("https://news.example.cn/zh-cn/abc"));
        assert!(!art("https://help.example.com/hc/zh-cn/articles/123"));
        let rep: Vec<String> = ["일보", "YTN", "ZDNet"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(is_reporter("새벽일보", &rep));
        assert!(is_reporter("YTN", &rep));
        assert!(is_reporter("ZDNet Korea", &rep));
        assert!(!is_reporter("YTNS", &rep));
        assert!(!is_reporter("일보테크놀로지", &rep));
    }

    #[test]
    fn a_run_together_host_label_is_spaced_before_a_business_word() {
        let e: Vec<String> = ["marketing", "networks", "works"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            host_label_name_with("prontomarketing", &e),
            "Pronto Marketing"
        );
        assert_eq!(host_label_name_with("acmenetworks", &e), "Acme Networks");
        // Too little left before the word: one name.
        assert_eq!(host_label_name_with("admarketing", &e), "Admarketing");
        assert_eq!(host_label_name_with("lumora-pay", &e), "Lumora Pay");
    }

    #[test]
    fn quotes_are_blanked_and_the_lead_subject_is_the_main_clauses() {
        let q = blank_quotes("가나다는 \"라마바가 사과했다\"고 밝혔다.");
        assert_eq!(q.len(), "가나다는 \"라마바가 사과했다\"고 밝혔다.".len());
        assert!(q.starts_with("가나다는 ") && !q.contains("라마바"));
        assert_eq!(first_sentence("A fell. B rose. "), "A fell. ");
        let re: crate::draft::words::OrgPatterns = vec![Regex::new(
            r"(?P<lead>)(?:^|\s)(?P<name>[\p{Hangul}]{2,12}?)(?:이|가|은|는|의)\s[^,]*$",
        )
        .unwrap()]
        .into();
        let w = OrgWords {
            patterns: &re,
            ..Default::default()
        };
        let hay = "제목\n어제는 별빛뱅크의 앱이 멈췄는데, 오늘은 가람은행의 모바일 뱅킹이 멈췄습니다. 끝.";
        let keep = |n: &str| (!["오늘", "어제"].contains(&n)).then(|| n.to_string());
        let (name, at) = lead_subject(hay, "제목", &w, &keep).unwrap();
        assert_eq!(name, "가람은행");
        assert!(hay[at..].starts_with("가람은행"));
    }

    #[test]
    fn a_host_label_is_found_as_the_text_spells_it() {
        let text = "Lorem.\n\nIhr Team von Wolken Hafen und Partnern";
        assert_eq!(
            spelled_in("wolkenhafen", text).as_deref(),
            Some("Wolken Hafen")
        );
        assert_eq!(spelled_in("wolkenhafen", "nothing here"), None);
    }

    #[test]
    fn the_host_is_taken_as_the_page_writes_it() {
        let got = mention_of(
            "beyondhosting",
            "",
            "Our team at Beyond Hosting saw errors.",
            &[],
            &[],
        );
        assert_eq!(got.unwrap().0, "Beyond Hosting");
    }

    #[test]
    fn the_most_named_organisation_wins_over_places_and_sentence_starts() {
        let stop: Vec<String> = ["The", "On"].iter().map(|s| s.to_string()).collect();
        let w = OrgWords {
            stop: &stop,
            ..Default::default()
        };
        let text = "On Monday, about 70 % of the clients of Acmetel in Uruguay lost service.\n\
                    The outage at Acmetel lasted two hours, and Acmetel apologised.";
        let t = text_org("Outage hits Acmetel", text, None, &w).unwrap();
        assert_eq!(t.name(), "Acmetel");
    }

    #[test]
    fn cjk_names_are_cut_at_dates_boundaries_endings_and_particles() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let (boundary, lead, trail) = (s(&["从", "据"]), s(&["昨日", "下午"]), s(&["官方", "App"]));
        let (suffixes, particles) = (s(&["银行", "云"]), s(&["은", "의", "이"]));
        let w = OrgWords {
            boundary: &boundary,
            lead: &lead,
            trail: &trail,
            suffixes: &suffixes,
            particles: &particles,
            ..Default::default()
        };
        assert_eq!(clean_cjk("5日从云帆银行", "", &w), "云帆银行");
        assert_eq!(clean_cjk("昨日下午青禾云", "", &w), "青禾云");
        assert_eq!(clean_cjk("星河音乐App", "", &w), "星河音乐");
        assert_eq!(clean_cjk("云帆银行手机银行", "", &w), "云帆银行");
        let ko = "다온텔레콤은 밝혔다. 다온텔레콤의 인터넷";
        assert_eq!(clean_cjk("다온텔레콤은", ko, &w), "다온텔레콤");
        // A name that ends like a particle keeps it when the text never writes it without.
        let pay = "한결페이는 사과했다. 한결페이가 밝혔다";
        assert_eq!(clean_cjk("한결페이", pay, &w), "한결페이");
    }

    #[test]
    fn bylines_are_blanked_in_place() {
        let re = vec![Regex::new(r"[（(]记者[^）)\n]{0,30}[）)]").unwrap()];
        let text = "本报讯（记者 王晓明）星河音乐崩了";
        let (out, any) = blank_bylines(text, &re);
        assert!(any);
        assert_eq!(out.len(), text.len());
        assert!(!out.contains("记者") && out.ends_with("星河音乐崩了"));
    }

    #[test]
    fn the_syntax_check_stands_in_for_placeholders_only() {
        assert_eq!(
            with_stand_ins(r"\b{name} (?:said|says)\b \d{2}{hangul}{x}"),
            r"\b(?P<name>x) (?:said|says)\b \d{2}(?P<name>x){x}"
        );
        assert!(check_pattern(r"{name}['’]s\b").is_ok());
        assert!(check_pattern(r"\blaut ({name}").is_err());
        assert!(check_pattern(r"{nope} said").is_err());
    }

    fn cand(name: &str, score: f32) -> Candidate {
        Candidate {
            spellings: HashMap::from([(name.to_string(), 1)]),
            score,
            bonus: 0.0,
            in_title: false,
            solid: 1,
            quote: String::new(),
            paired: None,
        }
    }

    fn found_of(names: &[(&str, f32)]) -> HashMap<String, Candidate> {
        names
            .iter()
            .map(|(n, s)| (squash(n), cand(n, *s)))
            .collect()
    }

    #[test]
    fn spellings_side_by_side_or_with_a_form_are_one_organisation() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let variants = s(&["Inc.", "그룹"]);
        let w = OrgWords {
            variants: &variants,
            ..Default::default()
        };
        let hay = "가람(GARAM)의 앱이 멈췄다. GARAM은 사과했다. 가람그룹 측은 밝혔다.";
        let mut found = found_of(&[
            ("가람", 3.0),
            ("GARAM", 4.0),
            ("가람그룹", 1.0),
            ("미리내", 6.0),
        ]);
        merge_spellings(&mut found, hay, &w);
        assert_eq!(found.len(), 2);
        let c = found.get("garam").expect("the higher score keeps its key");
        assert_eq!(c.score, 8.0);
        assert_eq!(c.shown(), "가람 (GARAM)");
        // A romanised part inside a name: the native name shows the other spelling.
        let hay = "엘지(LG)유플러스 인터넷망에서 장애가 났다.";
        let mut found = found_of(&[("엘지유플러스", 5.0)]);
        merge_spellings(&mut found, hay, &w);
        assert_eq!(found["엘지유플러스"].shown(), "엘지유플러스 (LG유플러스)");
        // A Latin legal form is a word of its own: "Acmeinc." is no "Acme".
        let mut found = found_of(&[("Acme Inc.", 1.0), ("Acme", 2.0)]);
        merge_spellings(&mut found, "", &w);
        assert_eq!(found.len(), 1);
        assert_eq!(found["acme"].score, 3.0);
        let mut found = found_of(&[("Acmeinc.", 1.0), ("Acme", 2.0)]);
        merge_spellings(&mut found, "", &w);
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn an_acronym_the_page_spells_out_is_a_term() {
        let found = found_of(&[("UPS", 3.0), ("KT", 3.0), ("케이티", 2.0)]);
        let hay = "무정전전원장치(UPS)가 멈췄다. 케이티(KT)는 밝혔다.";
        assert_eq!(spelled_out_acronyms(hay, &found), vec!["ups".to_string()]);
    }

    #[test]
    fn latin_initials_glued_to_a_native_name_are_the_names() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let (particles, stop, boundary) = (
            s(&["는", "가", "에서"]),
            s(&["관계자"]),
            s(&["の", "によると"]),
        );
        let w = OrgWords {
            particles: &particles,
            stop: &stop,
            boundary: &boundary,
            ..Default::default()
        };
        assert!(glued_to_native_name("유플러스는 밝혔다", &w));
        assert!(glued_to_native_name("ドコモは", &w));
        assert!(!glued_to_native_name("가 밝혔다", &w));
        assert!(!glued_to_native_name("관계자는", &w));
        assert!(!glued_to_native_name("によると", &w));
        assert!(!glued_to_native_name(" 측은", &w));
    }

    #[test]
    fn a_host_label_is_found_in_any_case_but_not_in_an_address() {
        let text = "Kunden von united-domains und support@wolkenhafen.de schrieben.";
        assert_eq!(
            written_any_case("united-domains", text).as_deref(),
            Some("united-domains")
        );
        assert_eq!(written_any_case("wolkenhafen", text), None);
        assert_eq!(
            written_any_case("hosteurope", "Das Team von HOST EUROPE.").as_deref(),
            Some("HOST EUROPE")
        );
        assert_eq!(written_any_case("acme", "acme wrote"), None);
    }

    #[test]
    fn cjk_names_come_from_patterns() {
        let re: crate::draft::words::OrgPatterns =
            vec![
                Regex::new(r"(?P<name>[\p{Hangul}A-Za-z0-9]{2,12})(?:에 따르면|은 |는 )").unwrap(),
            ]
            .into();
        let w = OrgWords {
            patterns: &re,
            ..Default::default()
        };
        let text = "가나다에 따르면 어제 거래가 멈췄다. 가나다는 사과했다.";
        let t = text_org("가나다 거래 정지", text, None, &w).unwrap();
        assert_eq!(t.name(), "가나다");
    }
}
