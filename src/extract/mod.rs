//! Main-content extraction: HTML/text/Markdown → blocks (headings, paragraphs, lists, table rows), language, sections.
//!
//! Choice of tools: `dom_smoothie` (a port of Readability.js) picks the article from a copy of
//! the tree `scraper` parsed ([`readable`]: each page is parsed once); `scraper`
//! then walks its cleaned article HTML (and, for status pages, the page's main container) into
//! structured blocks: headings, list items, table rows with their cells, which Readability's
//! plain text loses. See [`html`] for when the container replaces the article. Text and
//! Markdown have their own block splitters ([`plain`], [`markdown`] with pulldown-cmark).
//! Languages: [`lang`]; sections: [`sections`] (phrases from `mappings/lang/<code>.toml`).
use serde::Serialize;
use std::ops::Range;

pub mod blocks;
pub mod html;
pub mod lang;
mod lean;
pub mod markdown;
mod meta;
pub mod metric;
pub mod plain;
mod readable;
mod ruby;
pub mod sections;

pub use html::Selectors;
pub use sections::{HeadingLexicon, SectionKind};

/// What a block is; headings keep their level (1–6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    Heading(u8),
    Paragraph,
    ListItem,
    /// One table row; its cells are joined by a tab in [`Block::text`].
    TableRow,
    /// Preformatted text (code, logs); may hold newlines.
    Pre,
}

/// One unit of main content with its language and its place in [`Page::text`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    pub kind: BlockKind,
    pub text: String,
    /// ISO 639-1 code for the nine supported languages (else whatlang's ISO 639-3 code); empty
    /// when the caller did not ask for block languages ([`extract_html_parsed`]).
    pub lang: String,
    /// Char offset of the block's first char in [`Page::text`].
    pub start: usize,
    /// Char offset just past the block's last char in [`Page::text`].
    pub end: usize,
}

/// Page metadata found in the HTML head (or front matter).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Meta {
    /// Publication date as written by the page (`article:published_time`, JSON-LD, `<time>`).
    pub published: Option<String>,
    /// The `lang` attribute of `<html>` (as written, e.g. `ko-KR`).
    pub lang_attr: Option<String>,
    /// `<link rel=canonical>` or `og:url`, else the URL given to the extractor.
    pub canonical_url: Option<String>,
}

/// A part of the page under a heading recognised as one of the section kinds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    pub kind: SectionKind,
    /// The heading as written.
    pub heading: String,
    /// Index of the heading block in [`Page::blocks`].
    pub heading_block: usize,
    /// The blocks under the heading (heading excluded), up to the next heading of the same or a
    /// higher level.
    pub blocks: Range<usize>,
}

/// The main content of one document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Page {
    pub title: Option<String>,
    /// `og:site_name` or `application-name`.
    pub site_name: Option<String>,
    pub meta: Meta,
    pub blocks: Vec<Block>,
    /// The page's language (ISO 639-1 for the nine supported languages; "und" when unknown).
    pub language: String,
    pub sections: Vec<Section>,
    #[serde(skip)]
    text: String,
}

/// Whether an extraction gives each block a language of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockLangs {
    Detect,
    /// Blocks keep an empty `lang` (the page's language is still detected).
    Skip,
}

/// The language code used when nothing can be detected.
pub const UNKNOWN_LANGUAGE: &str = "und";

impl Page {
    /// Builds a page from raw blocks: sets offsets, languages and sections.
    fn assemble(
        title: Option<String>,
        site_name: Option<String>,
        meta: Meta,
        raw: Vec<blocks::RawBlock>,
    ) -> Page {
        Page::assemble_with(title, site_name, meta, raw, BlockLangs::Detect)
    }

    /// [`Page::assemble`]; with [`BlockLangs::Skip`] the blocks' `lang` stays empty (whatlang
    /// on every block is a twentieth of a draft's CPU, and a draft reads only the page's language).
    fn assemble_with(
        title: Option<String>,
        site_name: Option<String>,
        meta: Meta,
        raw: Vec<blocks::RawBlock>,
        block_langs: BlockLangs,
    ) -> Page {
        let mut text = String::new();
        let mut blocks = Vec::with_capacity(raw.len());
        let mut offset = 0usize;
        for (i, b) in raw.into_iter().enumerate() {
            if i > 0 {
                text.push('\n');
                offset += 1;
            }
            // Inline ruby readings ("網(wǎng)絡(luò)") are no text of the page.
            let b_text = ruby::strip_inline_readings(&b.text).unwrap_or(b.text);
            let len = b_text.chars().count();
            text.push_str(&b_text);
            blocks.push(Block {
                kind: b.kind,
                text: b_text,
                lang: String::new(),
                start: offset,
                end: offset + len,
            });
            offset += len;
        }
        // Script counts are made once per block; the page's are their sum.
        let counts: Vec<lang::ScriptCounts> = blocks
            .iter()
            .map(|b| lang::count_scripts(&b.text))
            .collect();
        let mut page_counts = lang::ScriptCounts::default();
        for c in &counts {
            page_counts += *c;
        }
        let language = lang::page_language_counted(&text, &page_counts, meta.lang_attr.as_deref());
        if block_langs == BlockLangs::Detect {
            for (b, c) in blocks.iter_mut().zip(&counts) {
                b.lang = lang::block_language_counted(&b.text, c, &language);
            }
        }
        let sections = sections::find_sections(&blocks, &language, HeadingLexicon::global());
        Page {
            title,
            site_name,
            meta,
            blocks,
            language,
            sections,
            text,
        }
    }

    /// All blocks joined by "\n"; block offsets are char offsets into this text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The index of the block holding char offset `at` of [`Page::text`] (None on a separator
    /// or past the end).
    pub fn block_at_char(&self, at: usize) -> Option<usize> {
        let i = self.blocks.partition_point(|b| b.end <= at);
        self.blocks.get(i).filter(|b| b.start <= at).map(|_| i)
    }

    /// The text of every section of `kind` (heading excluded), sections joined by "\n";
    /// None when the page has no such section or it is empty.
    pub fn section_text(&self, kind: SectionKind) -> Option<String> {
        let parts: Vec<String> = self
            .sections
            .iter()
            .filter(|s| s.kind == kind && !s.blocks.is_empty())
            .map(|s| {
                self.blocks[s.blocks.clone()]
                    .iter()
                    .map(|b| b.text.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join("\n"))
    }

    /// The first section of `kind`, if any.
    pub fn section(&self, kind: SectionKind) -> Option<&Section> {
        self.sections.iter().find(|s| s.kind == kind)
    }
}

/// Extracts the main content of an HTML page. `url` resolves the canonical URL; a site
/// profile's `selectors` name the main container and extra parts to drop.
pub fn extract_html(html: &str, url: Option<&str>, profile_selectors: Option<&Selectors>) -> Page {
    html::extract(html, url, profile_selectors)
}

/// [`extract_html`] without per-block languages (each block's `lang` is empty; [`Page::language`]
/// is set as always): for callers that read only the page's language, such as the fetch layer,
/// whose page goes to the draft.
pub fn extract_html_page_lang(
    html: &str,
    url: Option<&str>,
    profile_selectors: Option<&Selectors>,
) -> Page {
    html::extract_parsed(
        &scraper::Html::parse_document(html),
        html,
        url,
        profile_selectors,
        BlockLangs::Skip,
    )
}

/// [`extract_html`] of a page the caller has parsed (`doc` is `html` parsed with
/// `scraper::Html::parse_document`), so a caller that reads the document again parses it once.
/// This is the draft's extraction: its blocks get no language of their own (`lang` is empty;
/// [`Page::language`] is set as always).
pub fn extract_html_parsed(
    doc: &scraper::Html,
    html: &str,
    url: Option<&str>,
    profile_selectors: Option<&Selectors>,
) -> Page {
    html::extract_parsed(doc, html, url, profile_selectors, BlockLangs::Skip)
}

/// Splits plain text (notes, pasted pages) into blocks: short standalone lines become headings,
/// bullets list items, tab-separated lines table rows.
pub fn extract_text(text: &str) -> Page {
    let (title, raw) = plain::blocks(text);
    Page::assemble(title, None, Meta::default(), raw)
}

/// Splits Markdown into blocks: `#` headings, list items, pipe-table rows, code blocks.
pub fn extract_markdown(md: &str) -> Page {
    let (title, raw) = markdown::blocks(md);
    Page::assemble(title, None, Meta::default(), raw)
}
