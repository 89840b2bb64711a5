//! Page metadata from the HTML head: title, site name, publication date, lang attribute, canonical URL.
use super::blocks::collapse;
use super::Meta;
use scraper::{Html, Selector};
use std::sync::LazyLock;

/// `<meta>` properties/names that carry the site's name, best first.
const SITE_NAME_KEYS: &[&str] = &["og:site_name", "application-name", "twitter:site"];
/// `<meta>` properties/names that carry the page title, best first.
const TITLE_KEYS: &[&str] = &["og:title", "twitter:title"];
/// `<meta>` properties/names that carry the publication date, best first.
const PUBLISHED_KEYS: &[&str] = &[
    "article:published_time",
    "og:published_time",
    "datePublished",
    "date",
    "dc.date",
    "dc.date.issued",
    "pubdate",
];
/// JSON-LD keys that carry the publication date.
const JSON_LD_DATE_KEY: &str = "\"datePublished\"";

static META: LazyLock<Selector> = LazyLock::new(|| sel("meta"));
static TITLE: LazyLock<Selector> = LazyLock::new(|| sel("title"));
static H1: LazyLock<Selector> = LazyLock::new(|| sel("h1"));
static HTML: LazyLock<Selector> = LazyLock::new(|| sel("html"));
static CANONICAL: LazyLock<Selector> = LazyLock::new(|| sel("link[rel~=canonical]"));
static TIME: LazyLock<Selector> = LazyLock::new(|| sel("time[datetime]"));
static JSON_LD: LazyLock<Selector> = LazyLock::new(|| sel("script[type=\"application/ld+json\"]"));

fn sel(s: &str) -> Selector {
    Selector::parse(s).expect("static selector is valid")
}

/// The page's title: `og:title`/`twitter:title`, else `<title>`, or the first `<h1>` when the
/// `<title>` repeats it with the site's name around it ("Lumora Cloud Status - Elevated API
/// error rates…").
pub fn read_title(doc: &Html) -> Option<String> {
    let h1 = doc
        .select(&H1)
        .next()
        .map(|t| collapse(&t.text().collect::<String>()))
        .filter(|t| !t.is_empty());
    let head_title = doc
        .select(&TITLE)
        .next()
        .map(|t| collapse(&t.text().collect::<String>()))
        .filter(|t| !t.is_empty());
    meta_content(doc, TITLE_KEYS).or(match (head_title, h1) {
        (Some(t), Some(h)) if t.contains(&h) => Some(h),
        (Some(t), _) => Some(t),
        (None, h) => h,
    })
}

/// Head metadata of a parsed document.
pub struct HeadInfo {
    pub title: Option<String>,
    pub site_name: Option<String>,
    pub meta: Meta,
}

/// The first `<meta>` content whose property or name equals one of `keys` (in `keys` order).
fn meta_content(doc: &Html, keys: &[&str]) -> Option<String> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for m in doc.select(&META) {
        let e = m.value();
        let key = e.attr("property").or(e.attr("name")).or(e.attr("itemprop"));
        let (Some(key), Some(content)) = (key, e.attr("content")) else {
            continue;
        };
        if let Some(rank) = keys.iter().position(|k| k.eq_ignore_ascii_case(key)) {
            let v = collapse(content);
            if !v.is_empty() {
                found.push((rank, v));
            }
        }
    }
    found.sort_by_key(|(rank, _)| *rank);
    found.into_iter().next().map(|(_, v)| v)
}

fn json_ld_published(doc: &Html) -> Option<String> {
    for s in doc.select(&JSON_LD) {
        let text: String = s.text().collect();
        let Some(at) = text.find(JSON_LD_DATE_KEY) else {
            continue;
        };
        let rest = &text[at + JSON_LD_DATE_KEY.len()..];
        let rest = rest.trim_start().strip_prefix(':')?.trim_start();
        let rest = rest.strip_prefix('"')?;
        let end = rest.find('"')?;
        return Some(rest[..end].to_string());
    }
    None
}

/// Reads the head of `doc`; `url` is the fallback canonical URL.
pub fn read(doc: &Html, url: Option<&str>) -> HeadInfo {
    let title = read_title(doc);
    let site_name = meta_content(doc, SITE_NAME_KEYS);
    let published = meta_content(doc, PUBLISHED_KEYS)
        .or_else(|| json_ld_published(doc))
        .or_else(|| {
            doc.select(&TIME)
                .next()
                .and_then(|t| t.value().attr("datetime"))
                .map(|s| s.trim().to_string())
        });
    let lang_attr = doc
        .select(&HTML)
        .next()
        .and_then(|h| h.value().attr("lang").or(h.value().attr("xml:lang")))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    let canonical_url = doc
        .select(&CANONICAL)
        .next()
        .and_then(|l| l.value().attr("href"))
        .map(|s| s.trim().to_string())
        .or_else(|| meta_content(doc, &["og:url"]))
        .filter(|s| !s.is_empty())
        .map(|href| resolve(url, &href))
        .or_else(|| url.map(str::to_string));
    HeadInfo {
        title,
        site_name,
        meta: Meta {
            published,
            lang_attr,
            canonical_url,
        },
    }
}

/// `href` made absolute against `base` when both parse; else `href` as written.
fn resolve(base: Option<&str>, href: &str) -> String {
    base.and_then(|b| url::Url::parse(b).ok())
        .and_then(|b| b.join(href).ok())
        .map(|u| u.to_string())
        .unwrap_or_else(|| href.to_string())
}
