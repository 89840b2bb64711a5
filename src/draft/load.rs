//! Turns a SOURCE argument (URL, file or `-`) into a drafter [`Input`] via the fetch layer.
use super::{Format, Input};
use crate::fetch::{self, Config, Document};
use anyhow::Result;

/// Fetches or reads one source politely (the fetch layer's client) and maps it to an input.
pub fn load(source: &str, url: Option<&str>, config: &Config) -> Result<Input> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let doc = rt
        .block_on(fetch::load_source(source, config))
        .map_err(anyhow::Error::from)?;
    // A document with nothing to read (a scanned PDF) is reported, not drafted empty.
    if !doc.warnings.is_empty() && doc.text.chars().filter(|c| c.is_alphabetic()).count() < 20 {
        anyhow::bail!("{}", doc.warnings.join("; "));
    }
    Ok(from_document(&doc, url))
}

/// Maps a fetched document to the drafter's input; `url` (from `--url`) names the source
/// when the document is a local file.
pub fn from_document(doc: &Document, url: Option<&str>) -> Input {
    let format = match doc.format {
        fetch::Format::Html => Format::Html,
        fetch::Format::Markdown => Format::Markdown,
        fetch::Format::Text => Format::Text,
        // Status feeds: the fetch layer renders their updates as text.
        fetch::Format::Json => Format::Text,
    };
    let body = if doc.format == fetch::Format::Json {
        doc.text.clone()
    } else {
        doc.html.clone()
    };
    let mut input = Input::new(body, format);
    input.full_text = Some(doc.full_text.clone());
    input.page = doc.page.clone();
    let is_web = |u: &str| fetch::is_url(u);
    input.url = match (url, &doc.archive) {
        (Some(u), _) => Some(u.to_string()),
        (None, Some(a)) => Some(a.original.clone()),
        (None, None) if is_web(&doc.url) => Some(doc.url.clone()),
        _ => None,
    };
    if input.url.is_none() {
        input.local_source = Some(doc.url.clone());
    }
    if doc.archive.is_some() {
        input.archived = Some(doc.url.clone());
    }
    if let Some(p) = &doc.profile {
        input.profile_kind = Some(p.source_kind.clone());
        input.profile_lang = p.lang.clone();
        input.profile_zone = p.zone.clone();
        input.content_selector = p.selectors.content.clone();
    }
    input
}
