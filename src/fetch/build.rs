//! Bytes + what is known about them → a Document: format, charset, profile, title, text, incidents.
use super::charset;
use super::document::{ArchiveInfo, Document, Format, ProfileRef, Update};
use super::profile::Profiles;
use super::statuspage;

/// What the caller knows besides the bytes.
#[derive(Debug, Clone)]
pub struct Meta {
    pub url: String,
    pub final_url: String,
    pub status: Option<u16>,
    pub redirects: Vec<String>,
    pub redirect_statuses: Vec<u16>,
    pub content_type: Option<String>,
    pub from_cache: bool,
    pub archive: Option<ArchiveInfo>,
    /// File name, for formats known by extension.
    pub path_hint: Option<String>,
}

/// The format from the Content-Type, the file extension, then a look at the bytes.
pub fn detect_format(content_type: Option<&str>, path: Option<&str>, bytes: &[u8]) -> Format {
    let ct = content_type
        .map(|c| {
            c.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    match ct.as_str() {
        "text/html" | "application/xhtml+xml" => return Format::Html,
        "text/markdown" | "text/x-markdown" => return Format::Markdown,
        "application/json" => return Format::Json,
        c if c.ends_with("+json") => return Format::Json,
        _ => {}
    }
    if let Some(ext) = path
        .and_then(|p| std::path::Path::new(p).extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        match ext.as_str() {
            "html" | "htm" | "xhtml" => return Format::Html,
            "md" | "markdown" => return Format::Markdown,
            "json" => return Format::Json,
            "txt" | "text" => return Format::Text,
            _ => {}
        }
    }
    let head: Vec<u8> = bytes
        .iter()
        .skip_while(|b| b.is_ascii_whitespace() || **b == 0xEF || **b == 0xBB || **b == 0xBF)
        .take(512)
        .map(u8::to_ascii_lowercase)
        .collect();
    let has = |n: &[u8]| head.windows(n.len()).any(|w| w == n);
    if head.first() == Some(&b'<')
        && (has(b"<html")
            || has(b"<!doctype")
            || has(b"<head")
            || has(b"<body")
            || has(b"<div")
            || has(b"<p"))
    {
        Format::Html
    } else if matches!(head.first(), Some(b'{') | Some(b'[')) {
        Format::Json
    } else if ct == "text/plain" {
        Format::Text
    } else if head.starts_with(b"# ") {
        Format::Markdown
    } else {
        Format::Text
    }
}

fn render_updates(name: Option<&str>, updates: &[Update], postmortem: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(n) = name {
        out.push_str(n);
        out.push('\n');
    }
    for u in updates {
        let when = u
            .timestamp
            .as_deref()
            .or(u.shown_time.as_deref())
            .unwrap_or("");
        out.push_str(&format!("{} — {}\n{}\n", u.title, when, u.body.trim()));
    }
    if let Some(p) = postmortem {
        out.push_str("Postmortem\n");
        out.push_str(p.trim());
        out.push('\n');
    }
    out.trim().to_string()
}

/// A profile's content selector loses to the extractor's own choice when it holds less than
/// this share of the extractor's words (a teaser, a sidebar, a related-posts box).
const HINT_MIN_SHARE: f64 = 0.5;

/// The page's main content. A profile matched by host gives its content selector as a hint the
/// extractor overrules when the selected part holds much less text than the extractor's own
/// main content; a profile matched only by a generic page marker (`<article`) never narrows the
/// extractor, so it can never do worse than no profile.
fn main_content(
    doc: &scraper::Html,
    html: &str,
    url: &str,
    content: Option<&str>,
    by_host: bool,
) -> crate::extract::Page {
    // (the page goes to the draft, which reads only the page's language, not each block's)
    let free = crate::extract::extract_html_parsed(doc, html, Some(url), None);
    let Some(css) = content.filter(|_| by_host) else {
        return free;
    };
    let sel = crate::extract::Selectors {
        main: vec![css.to_string()],
        drop: vec![],
    };
    let hinted = crate::extract::extract_html_parsed(doc, html, Some(url), Some(&sel));
    let words = |p: &crate::extract::Page| crate::extract::metric::word_iter(p.text()).count();
    if (words(&hinted) as f64) < HINT_MIN_SHARE * words(&free) as f64 {
        free
    } else {
        hinted
    }
}

/// Builds a Document from bytes; never fails (bad bytes decode with U+FFFD).
pub fn from_bytes(meta: Meta, bytes: &[u8], profiles: &Profiles) -> Document {
    if super::pdf::is_pdf(
        meta.content_type.as_deref(),
        meta.path_hint.as_deref(),
        bytes,
    ) {
        return from_pdf(meta, bytes, profiles);
    }
    let format = detect_format(
        meta.content_type.as_deref(),
        meta.path_hint.as_deref(),
        bytes,
    );
    let decoded = charset::decode(bytes, meta.content_type.as_deref(), format == Format::Html);
    let host_of = |u: &str| {
        url::Url::parse(u)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
    };
    let page_url = meta
        .archive
        .as_ref()
        .map(|a| a.original.clone())
        .unwrap_or_else(|| meta.final_url.clone());
    let by_host = host_of(&page_url).and_then(|h| profiles.for_host(&h));
    let profile = by_host
        .or_else(|| {
            (format == Format::Html)
                .then(|| profiles.for_page(&decoded.text))
                .flatten()
        })
        .or_else(|| {
            meta.archive
                .as_ref()
                .and_then(|_| profiles.by_name("wayback"))
        });
    let selectors = profile.map(|p| p.selectors.clone()).unwrap_or_default();
    // The whole page's text: the profile's title selector, never its content selector.
    let whole = super::profile::Selectors {
        content: None,
        ..selectors.clone()
    };
    // An HTML page is parsed once, for its whole text and its main content.
    let doc = (format == Format::Html).then(|| scraper::Html::parse_document(&decoded.text));
    let (mut title, full_text) = match &doc {
        Some(doc) => super::text::html_title_and_text_parsed(doc, &whole),
        None => super::text::title_and_text(&decoded.text, format, &whole),
    };
    let mut text = full_text.clone();
    // Main content: the extractor's blocks, for every format but status JSON. A profile's
    // content selector is a hint (see [`main_content`]).
    let page = match format {
        Format::Html => doc.as_ref().map(|doc| {
            main_content(
                doc,
                &decoded.text,
                &page_url,
                selectors.content.as_deref(),
                by_host.is_some(),
            )
        }),
        Format::Markdown => Some(crate::extract::extract_markdown(&decoded.text)),
        Format::Text => Some(crate::extract::extract_text(&decoded.text)),
        Format::Json => None,
    };
    if let Some(p) = &page {
        text = p.text().to_string();
        if p.title.is_some() {
            title = p.title.clone();
        }
    }
    let mut incidents = Vec::new();
    match format {
        Format::Json => {
            if let Some(list) = serde_json::from_str(&decoded.text)
                .ok()
                .and_then(|v| statuspage::parse_json(&v))
            {
                if let Some(first) = list.first() {
                    title = first.name.clone().or(title);
                }
                text = list
                    .iter()
                    .map(|i| render_updates(i.name.as_deref(), &i.updates, i.postmortem.as_deref()))
                    .collect::<Vec<_>>()
                    .join("\n\n");
                incidents = list;
            }
        }
        Format::Html => {
            let sp = profile.is_some_and(|p| p.parser.as_deref() == Some("statuspage"))
                || statuspage::looks_like_statuspage(&decoded.text);
            if sp {
                if let Some(inc) = statuspage::parse_html(&decoded.text) {
                    incidents.push(inc);
                }
            }
        }
        _ => {}
    }
    Document {
        charset: Some(decoded.charset.to_string()),
        bytes: bytes.len() as u64,
        profile: profile.map(ProfileRef::from),
        format,
        html: decoded.text,
        title,
        text,
        full_text,
        page,
        incidents,
        ..bare(meta)
    }
}

/// A PDF report: its text (pages separated by form feeds) drafted as plain text, its title and
/// creation date from the document's metadata.
fn from_pdf(meta: Meta, bytes: &[u8], profiles: &Profiles) -> Document {
    let pdf = super::pdf::read(bytes);
    let page_url = meta
        .archive
        .as_ref()
        .map(|a| a.original.clone())
        .unwrap_or_else(|| meta.final_url.clone());
    let profile = url::Url::parse(&page_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .and_then(|h| profiles.for_host(&h));
    let mut page = crate::extract::extract_text(&pdf.text);
    if pdf.title.is_some() {
        page.title = pdf.title.clone();
    }
    if page.meta.published.is_none() {
        page.meta.published = pdf.created.clone();
    }
    let text = page.text().to_string();
    // The whole document is never shorter than its main content.
    let full_text = if pdf.text.chars().count() >= text.chars().count() {
        pdf.text.clone()
    } else {
        text.clone()
    };
    let content_type = meta.content_type.clone().or(Some("application/pdf".into()));
    Document {
        content_type,
        bytes: bytes.len() as u64,
        profile: profile.map(ProfileRef::from),
        html: pdf.text.clone(),
        title: page.title.clone(),
        full_text,
        text,
        page: Some(page),
        warnings: pdf.warnings,
        ..bare(meta)
    }
}

/// Builds the Document a link check needs: status, URLs, title, the main-content `text` (the
/// same text [`from_bytes`] gives, so fingerprints in the links history stay comparable) and
/// the HTML; no language, sections, whole-page text or status-page incidents, which a link
/// check never reads and which cost most of its CPU. Non-HTML bodies take [`from_bytes`].
/// A status outside 2xx/304 is classified by its status (and a 5xx by its HTML, for bot
/// challenges), never by its text: such a Document keeps the decoded HTML and no title or text.
pub fn for_link_check(meta: Meta, bytes: &[u8], profiles: &Profiles) -> Document {
    let format = detect_format(
        meta.content_type.as_deref(),
        meta.path_hint.as_deref(),
        bytes,
    );
    let status = meta.status.unwrap_or(0);
    if !(200..300).contains(&status) && status != 304 {
        let decoded = charset::decode(bytes, meta.content_type.as_deref(), format == Format::Html);
        return Document {
            charset: Some(decoded.charset.to_string()),
            bytes: bytes.len() as u64,
            format,
            html: decoded.text,
            title: None,
            text: String::new(),
            ..bare(meta)
        };
    }
    if format != Format::Html {
        return from_bytes(meta, bytes, profiles);
    }
    let decoded = charset::decode(bytes, meta.content_type.as_deref(), true);
    let page_url = meta
        .archive
        .as_ref()
        .map(|a| a.original.clone())
        .unwrap_or_else(|| meta.final_url.clone());
    let profile = url::Url::parse(&page_url)
        .ok()
        .and_then(|u| u.host_str().and_then(|h| profiles.for_host(h)))
        .or_else(|| profiles.for_page(&decoded.text))
        .or_else(|| {
            meta.archive
                .as_ref()
                .and_then(|_| profiles.by_name("wayback"))
        });
    let selectors = profile.map(|p| p.selectors.clone()).unwrap_or_default();
    let sel = selectors
        .content
        .as_ref()
        .map(|c| crate::extract::Selectors {
            main: vec![c.clone()],
            drop: vec![],
        });
    let (head_title, raw) =
        crate::extract::html::title_and_blocks(&decoded.text, Some(&page_url), sel.as_ref());
    let text = raw
        .iter()
        .map(|b| b.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    // The page's own title first, as `from_bytes` does; the whole-page parse only without one.
    let title =
        head_title.or_else(|| super::text::title_and_text(&decoded.text, format, &selectors).0);
    Document {
        charset: Some(decoded.charset.to_string()),
        bytes: bytes.len() as u64,
        profile: profile.map(ProfileRef::from),
        format,
        html: decoded.text,
        title,
        text,
        ..bare(meta)
    }
}

/// A Document with what `meta` says and nothing read from a body; the other builders fill in
/// what they read and take the rest from here.
fn bare(meta: Meta) -> Document {
    Document {
        url: meta.url,
        final_url: meta.final_url,
        status: meta.status,
        redirects: meta.redirects,
        redirect_statuses: meta.redirect_statuses,
        content_type: meta.content_type,
        charset: None,
        bytes: 0,
        from_cache: meta.from_cache,
        archive: meta.archive,
        profile: None,
        format: Format::Text,
        html: String::new(),
        title: None,
        text: String::new(),
        full_text: String::new(),
        page: None,
        incidents: Vec::new(),
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_type_extension_and_sniffing() {
        assert_eq!(
            detect_format(Some("text/html; charset=utf-8"), None, b""),
            Format::Html
        );
        assert_eq!(detect_format(None, Some("a.md"), b"x"), Format::Markdown);
        assert_eq!(detect_format(None, None, b"  {\"a\":1}"), Format::Json);
        assert_eq!(
            detect_format(None, None, b"<!DOCTYPE html><html>"),
            Format::Html
        );
        assert_eq!(detect_format(None, None, b"plain words"), Format::Text);
    }
}
