//! HTML → blocks: Readability's article and the page's main container, walked into structured blocks.
//!
//! Two candidates are built for every page:
//! - **article**: `dom_smoothie` (Readability) picks and cleans the article (from a copy of the
//!   parsed page, [`super::readable`]); its HTML is walked.
//! - **container**: the page's semantic main element (profile selector, `main`, `[role=main]`,
//!   a single `article`, `#content`…) walked with a boilerplate filter (nav, header, footer,
//!   aside, cookie/consent banners, share widgets, sidebars, bylines, "last edited" lines…).
//!
//! Readability is tuned for news: it keeps one dense subtree. Incident status pages spread
//! their content over sibling update rows ("Resolved", "Monitoring", each with a "Posted"
//! stamp), and Readability keeps only one of them. So the container wins only when it is made
//! of such records (at least [`MIN_RECORDS`] siblings sharing tag and first class, holding
//! [`MIN_RECORDS_SHARE`] of its text), holds [`MIN_CONTAINER_COVERAGE`] of the article's words
//! and is at most [`MAX_CONTAINER_GROWTH`] times longer; each record's title then becomes a
//! level-[`RECORD_TITLE_LEVEL`] heading. Otherwise the article wins (F1 0.965 on the
//! article-extraction benchmark; the container alone scores 0.84). A profile's main selector
//! always wins.
use super::blocks::{collapse, Builder, Inline, RawBlock};
use super::{meta, BlockKind, BlockLangs, Page};
use ego_tree::iter::Edge;
use ego_tree::NodeId;
use scraper::{ElementRef, Html, Node, Selector};
use serde::Deserialize;
use std::collections::HashSet;
use std::sync::LazyLock;

/// The container replaces Readability's article only if it is at most this many times longer
/// (in words) than the article.
pub const MAX_CONTAINER_GROWTH: f64 = 2.0;
/// … and holds at least this share of the article's distinct words.
pub const MIN_CONTAINER_COVERAGE: f64 = 0.9;
/// A paragraph made only of a short bold phrase (`<p><b>Timeline</b></p>`,
/// `<p><strong>概要</strong><br>…`) is a heading of this level (below any real heading).
pub const PSEUDO_HEADING_LEVEL: u8 = 6;
/// Bold phrases longer than this (in chars) are emphasis, not headings.
pub const PSEUDO_HEADING_MAX_CHARS: usize = 60;
/// A standalone bold phrase ending in "." or ":" is still a heading up to this many words.
pub const PSEUDO_HEADING_MAX_WORDS: usize = 6;
/// A bold lead-in ending in "." or ":" followed by text on the same line is a run-in heading
/// up to this many words.
pub const RUN_IN_HEADING_MAX_WORDS: usize = 4;
/// Chars that end a sentence: a bold phrase ending in one is not a heading.
const SENTENCE_END: &[char] = &['.', '。', '!', '?', '！', '？', ',', '，', ';', '；', '、'];

/// A container is made of records when at least this many siblings share tag and class …
pub const MIN_RECORDS: usize = 3;
/// … and hold at least this share of its text.
pub const MIN_RECORDS_SHARE: f64 = 0.5;
/// Status-update titles become headings of this level: above the headings inside an update
/// (a postmortem's "Timeline", "Root cause"), so its sections end where the next update begins.
pub const RECORD_TITLE_LEVEL: u8 = 2;
/// A record's first child is its title only up to this many chars.
pub const RECORD_TITLE_MAX_CHARS: usize = 40;
/// Pages with more elements than this skip Readability (its scoring is super-linear) and use
/// the container walk alone.
pub const MAX_READABILITY_ELEMENTS: usize = 60_000;
/// Pages nested deeper than this skip Readability too (its ancestor walks are quadratic in
/// depth; real pages stay far below).
pub const MAX_READABILITY_DEPTH: usize = 400;

/// Main-container selectors tried in order when no profile selector matches.
const CONTAINER_SELECTORS: &[&str] = &[
    "main",
    "[role=main]",
    "article",
    "#content",
    "#main-content",
    "#main",
    ".content",
    "#mw-content-text",
    "body",
];

/// Elements never part of the content (in any walk).
const ALWAYS_SKIPPED: &[&str] = &[
    "script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed",
    "canvas", "head", "title", "meta", "link", "button", "input", "select", "textarea", "option",
    "img", "video", "audio", "map",
];
/// Image captions: they repeat or decorate the text and are not part of the article (dropped
/// in every filtered walk).
const CAPTION_TAGS: &[&str] = &["figcaption"];
/// Class/id words that mark boilerplate even inside Readability's article: captions, photo
/// credits, share and social widgets, related links, newsletter and ad boxes, comments,
/// consent banners, breadcrumbs. (Narrower than [`BOILERPLATE_WORDS`]: words such as "author",
/// "tags" or "hidden" cost recall inside an article; measured with `cargo bench --bench extract`.)
const ARTICLE_BOILERPLATE_WORDS: &[&str] = &[
    "caption",
    "credit",
    "credits",
    "share",
    "sharing",
    "social",
    "related",
    "newsletter",
    "subscribe",
    "promo",
    "advert",
    "advertisement",
    "ads",
    "sponsor",
    "sponsored",
    "comment",
    "comments",
    "cookie",
    "consent",
    "breadcrumb",
    "breadcrumbs",
];
/// Elements that are page furniture rather than content (container walk only).
const FURNITURE_TAGS: &[&str] = &["nav", "aside", "footer", "menu", "dialog"];
/// ARIA roles of page furniture.
const FURNITURE_ROLES: &[&str] = &[
    "navigation",
    "banner",
    "contentinfo",
    "complementary",
    "dialog",
    "alertdialog",
    "search",
    "menu",
    "menubar",
    "toolbar",
];
/// Words of `class`/`id` values that mark boilerplate (a class is split at `-`, `_` and
/// case changes; any word matching drops the element in the container walk).
const BOILERPLATE_WORDS: &[&str] = &[
    "nav",
    "navbar",
    "navigation",
    "menu",
    "breadcrumb",
    "breadcrumbs",
    "cookie",
    "cookies",
    "consent",
    "gdpr",
    "share",
    "sharing",
    "social",
    "sidebar",
    "footer",
    "masthead",
    "comment",
    "comments",
    "related",
    "newsletter",
    "subscribe",
    "subscription",
    "signup",
    "promo",
    "advert",
    "advertisement",
    "ad",
    "ads",
    "sponsor",
    "sponsored",
    "toc",
    "tags",
    "categories",
    "catlinks",
    "pagination",
    "pager",
    "skip",
    "byline",
    "author",
    "lastmod",
    "popup",
    "modal",
    "hidden",
    "printfooter",
    "caption",
    "credit",
    "credits",
];
/// Whole `class`/`id` values that mark boilerplate although none of their words do.
const BOILERPLATE_NAMES: &[&str] = &[
    "last-edit",
    "last-edited",
    "lastedit",
    "last-modified",
    "post-info",
    "sr-only",
    "screen-reader-text",
    "visually-hidden",
    "top-bar",
    "topbar",
    "site-header",
    "page-footer",
    "edit-info",
    "post-meta",
    "entry-meta",
    "article-meta",
    "byline-meta",
];

/// CSS selectors from a site profile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
pub struct Selectors {
    /// The main-content container(s); the first selector that matches wins.
    #[serde(default)]
    pub main: Vec<String>,
    /// Parts to drop inside the content.
    #[serde(default)]
    pub drop: Vec<String>,
}

/// How much of the page furniture a walk drops (hidden elements, scripts and styles always go).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// Nothing more (whole-page baseline).
    None,
    /// Captions, and elements whose whole class or id is a known boilerplate name
    /// ("last-edit", "post-meta", "sr-only"…) or holds a word of `ARTICLE_BOILERPLATE_WORDS`:
    /// for Readability's already-cleaned article.
    Names,
    /// Furniture tags and roles, and any boilerplate word in a class or id: for containers.
    Full,
}

/// Which candidate an extraction used (for the benchmark and for debugging).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Profile,
    Article,
    Container,
    Body,
}

/// Extracts a page (see module doc).
pub fn extract(html: &str, url: Option<&str>, selectors: Option<&Selectors>) -> Page {
    extract_parsed(
        &Html::parse_document(html),
        html,
        url,
        selectors,
        BlockLangs::Detect,
    )
}

/// [`extract`] of a page already parsed (`doc` is `html` parsed), for a caller that reads the
/// same document for more than its main content.
/// `block_langs` says whether each block gets a language of its own.
pub fn extract_parsed(
    doc: &Html,
    html: &str,
    url: Option<&str>,
    selectors: Option<&Selectors>,
    block_langs: BlockLangs,
) -> Page {
    let (head, raw, _) = extract_blocks_parsed(doc, html, url, selectors);
    Page::assemble_with(head.title, head.site_name, head.meta, raw, block_langs)
}

/// The blocks chosen for a page, its head info and which candidate won.
pub fn extract_blocks(
    html: &str,
    url: Option<&str>,
    selectors: Option<&Selectors>,
) -> (meta::HeadInfo, Vec<RawBlock>, Choice) {
    extract_blocks_parsed(&Html::parse_document(html), html, url, selectors)
}

/// [`extract_blocks`] of a page already parsed (`doc` is `html` parsed; only `doc` is read).
pub fn extract_blocks_parsed(
    doc: &Html,
    _html: &str,
    url: Option<&str>,
    selectors: Option<&Selectors>,
) -> (meta::HeadInfo, Vec<RawBlock>, Choice) {
    let head = meta::read(doc, url);
    let (raw, choice) = choose_blocks(doc, url, selectors);
    (head, raw, choice)
}

/// What a link check reads of a page: its title ([`meta::read_title`], as [`extract`] gives
/// it) and the same blocks as [`extract_blocks`], without the rest of the head.
pub fn title_and_blocks(
    html: &str,
    url: Option<&str>,
    selectors: Option<&Selectors>,
) -> (Option<String>, Vec<RawBlock>) {
    let doc = Html::parse_document(html);
    let title = meta::read_title(&doc);
    (title, choose_blocks(&doc, url, selectors).0)
}

/// The blocks chosen for a page and which candidate won (see module doc).
fn choose_blocks(
    doc: &Html,
    url: Option<&str>,
    selectors: Option<&Selectors>,
) -> (Vec<RawBlock>, Choice) {
    let drop = selectors
        .map(|s| matched_ids(doc, &s.drop))
        .unwrap_or_default();
    if let Some(main) = selectors.and_then(|s| first_match(doc, &s.main)) {
        let mut b = Builder::default();
        for el in main {
            walk(el, Filter::Full, &drop, &mut b);
        }
        return (b.out, Choice::Profile);
    }
    let (element_count, depth) = shape(doc);
    let article = if element_count <= MAX_READABILITY_ELEMENTS && depth <= MAX_READABILITY_DEPTH {
        article_blocks_parsed(doc, url)
    } else {
        None
    };
    let container = container_element(doc);
    let (raw, choice) = match article {
        Some(a) if !a.is_empty() => {
            // The container is walked only when it is made of records (cheap check first).
            let c = container
                .and_then(|el| Some((el, records(el)?)))
                .map(|(el, recs)| {
                    let mut b = Builder::default();
                    walk_marked(el, Filter::Full, &drop, &record_titles(&recs), &mut b);
                    b.out
                })
                .filter(|c| prefer_container(&a, c));
            match c {
                Some(c) => (c, Choice::Container),
                None => (a, Choice::Article),
            }
        }
        _ => match container.map(|el| walk_blocks(el, Filter::Full, &drop)) {
            Some(c) if !c.is_empty() => (c, Choice::Container),
            _ => (
                walk_blocks(doc.root_element(), Filter::Full, &drop),
                Choice::Body,
            ),
        },
    };
    (raw, choice)
}

/// The number of elements of a document and its greatest element depth.
fn shape(doc: &Html) -> (usize, usize) {
    let (mut count, mut depth, mut max) = (0usize, 0usize, 0usize);
    for edge in doc.root_element().traverse() {
        match edge {
            Edge::Open(n) if n.value().is_element() => {
                count += 1;
                depth += 1;
                max = max.max(depth);
            }
            Edge::Close(n) if n.value().is_element() => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (count, max)
}

/// Readability's article, walked into blocks (None when it finds nothing).
pub fn article_blocks(html: &str, url: Option<&str>) -> Option<Vec<RawBlock>> {
    // Readability drops scripts and styles before it reads the page: it is not given their bodies.
    let lean = super::lean::lean_html(html);
    readability_blocks(dom_query::Document::from(&*lean), url)
}

/// [`article_blocks`] of a page already parsed: Readability gets a copy of its tree
/// ([`super::readable`]) instead of parsing the page again.
pub fn article_blocks_parsed(doc: &Html, url: Option<&str>) -> Option<Vec<RawBlock>> {
    readability_blocks(super::readable::to_dom_query(doc), url)
}

fn readability_blocks(doc: dom_query::Document, url: Option<&str>) -> Option<Vec<RawBlock>> {
    let url = url.filter(|u| url::Url::parse(u).is_ok());
    let config = dom_smoothie::Config {
        keep_classes: true,
        ..Default::default()
    };
    let mut r = dom_smoothie::Readability::with_document(doc, url, Some(config)).ok()?;
    let article = r.parse().ok()?;
    let frag = Html::parse_fragment(&article.content);
    let mut b = Builder::default();
    walk(frag.root_element(), Filter::Names, &HashSet::new(), &mut b);
    Some(b.out).filter(|v| !v.is_empty())
}

/// The page's semantic main container, walked with the boilerplate filter.
pub fn container_blocks(doc: &Html, drop: &HashSet<NodeId>) -> Option<Vec<RawBlock>> {
    container_element(doc)
        .map(|el| walk_blocks(el, Filter::Full, drop))
        .filter(|b| !b.is_empty())
}

/// The records of `root`, if it holds a run of them: at least [`MIN_RECORDS`] sibling elements with the same
/// tag and first class, each with at least two child elements (a status page's update rows: title,
/// body, stamp), which together hold at least [`MIN_RECORDS_SHARE`] of the text?
fn records(root: ElementRef) -> Option<Vec<ElementRef>> {
    let text_len = |el: ElementRef| el.text().map(str::len).sum::<usize>();
    let mut total: Option<usize> = None;
    for parent in root.descendent_elements() {
        // Count candidate records per (tag, first class) without touching their text.
        let mut groups: Vec<((&str, &str), Vec<ElementRef>)> = Vec::new();
        for child in parent.child_elements() {
            let e = child.value();
            if !matches!(e.name(), "div" | "section" | "article" | "li") {
                continue;
            }
            // Records share their first class ("update-row" and "update-row postmortem").
            let Some(class) = e.attr("class").and_then(|c| c.split_whitespace().next()) else {
                continue;
            };
            if child.child_elements().take(2).count() < 2 {
                continue;
            }
            match groups.iter_mut().find(|(k, _)| *k == (e.name(), class)) {
                Some((_, v)) => v.push(child),
                None => groups.push(((e.name(), class), vec![child])),
            }
        }
        for (_, members) in groups.iter().filter(|(_, v)| v.len() >= MIN_RECORDS) {
            let total = *total.get_or_insert_with(|| text_len(root).max(1));
            let len: usize = members.iter().map(|m| text_len(*m)).sum();
            if len as f64 >= total as f64 * MIN_RECORDS_SHARE {
                return Some(members.clone());
            }
        }
    }
    None
}

/// The title of each record: its first child element when that is short and is not the whole
/// record ("Resolved", "Investigating", "해결됨", "Postmortem").
fn record_titles(records: &[ElementRef]) -> HashSet<NodeId> {
    records
        .iter()
        .filter_map(|r| {
            let first = r.child_elements().next()?;
            let text = collapse(&first.text().collect::<String>());
            let n = text.chars().count();
            (n > 0 && n <= RECORD_TITLE_MAX_CHARS && !text.ends_with(SENTENCE_END))
                .then(|| first.id())
        })
        .collect()
}

/// The page's semantic main container (the first of [`CONTAINER_SELECTORS`] that matches
/// exactly one element with text).
fn container_element<'a>(doc: &'a Html) -> Option<ElementRef<'a>> {
    static SELECTORS: LazyLock<Vec<Selector>> = LazyLock::new(|| {
        CONTAINER_SELECTORS
            .iter()
            .filter_map(|s| Selector::parse(s).ok())
            .collect()
    });
    for sel in SELECTORS.iter() {
        let mut found = doc.select(sel);
        // Several <article>s means a listing, not one article.
        if let (Some(el), None) = (found.next(), found.next()) {
            if el.text().any(|t| !t.trim().is_empty()) {
                return Some(el);
            }
        }
    }
    None
}

fn walk_blocks(el: ElementRef, filter: Filter, drop: &HashSet<NodeId>) -> Vec<RawBlock> {
    let mut b = Builder::default();
    walk(el, filter, drop, &mut b);
    b.out
}

fn words(blocks: &[RawBlock]) -> Vec<&str> {
    blocks
        .iter()
        .flat_map(|b| super::metric::word_iter(&b.text))
        .collect()
}

/// Does the container hold the article and not much more? (see module doc)
fn prefer_container(article: &[RawBlock], container: &[RawBlock]) -> bool {
    let a = words(article);
    let c = words(container);
    if a.is_empty() {
        return !c.is_empty();
    }
    if c.len() as f64 > a.len() as f64 * MAX_CONTAINER_GROWTH {
        return false;
    }
    let in_c: HashSet<&str> = c.into_iter().collect();
    let distinct: HashSet<&str> = a.into_iter().collect();
    let covered = distinct.iter().filter(|w| in_c.contains(*w)).count();
    covered as f64 >= distinct.len() as f64 * MIN_CONTAINER_COVERAGE
}

/// A profile's selector, parsed once per thread (a link check or a bulk draft reads the same
/// few profile selectors for every page); None when it does not parse.
fn parsed_selector(s: &str) -> Option<Selector> {
    thread_local! {
        static PARSED: std::cell::RefCell<std::collections::HashMap<String, Option<Selector>>> =
            Default::default();
    }
    PARSED.with(|m| {
        m.borrow_mut()
            .entry(s.to_string())
            .or_insert_with(|| Selector::parse(s).ok())
            .clone()
    })
}

/// The elements matched by the first selector (of `list`) that matches anything.
fn first_match<'a>(doc: &'a Html, list: &[String]) -> Option<Vec<ElementRef<'a>>> {
    list.iter()
        .filter_map(|s| parsed_selector(s))
        .map(|sel| doc.select(&sel).collect::<Vec<_>>())
        .find(|v| !v.is_empty())
}

fn matched_ids(doc: &Html, list: &[String]) -> HashSet<NodeId> {
    list.iter()
        .filter_map(|s| parsed_selector(s))
        .flat_map(|sel| doc.select(&sel).map(|e| e.id()).collect::<Vec<_>>())
        .collect()
}

fn heading_level(name: &str) -> Option<u8> {
    match name {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

fn is_block_level(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "body"
            | "center"
            | "dd"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "form"
            | "header"
            | "hgroup"
            | "hr"
            | "html"
            | "li"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "p"
            | "pre"
            | "section"
            | "summary"
            | "table"
            | "tbody"
            | "thead"
            | "tfoot"
            | "tr"
            | "td"
            | "th"
            | "ul"
            | "caption"
            | "legend"
    )
}

/// Splits a class or id value into lower-case words at `-`, `_`, spaces and case changes.
fn name_words(value: &str) -> impl Iterator<Item = String> + '_ {
    value
        .split(|c: char| c == '-' || c == '_' || c.is_whitespace())
        .flat_map(|part| {
            let mut out = Vec::new();
            let mut cur = String::new();
            let mut prev_lower = false;
            for c in part.chars() {
                if c.is_uppercase() && prev_lower && !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                prev_lower = c.is_lowercase();
                cur.extend(c.to_lowercase());
            }
            if !cur.is_empty() {
                out.push(cur);
            }
            out
        })
}

fn is_boilerplate_name(value: &str) -> bool {
    value.split_whitespace().any(|v| {
        let lower = v.to_ascii_lowercase();
        BOILERPLATE_NAMES.contains(&lower.as_str())
            || name_words(v).any(|w| BOILERPLATE_WORDS.contains(&w.as_str()))
    })
}

/// Is `el` hidden or (when `filter`) page furniture?
fn skipped(el: ElementRef, filter: Filter) -> bool {
    let e = el.value();
    let name = e.name();
    if ALWAYS_SKIPPED.contains(&name) {
        return true;
    }
    if e.attr("hidden").is_some() || e.attr("aria-hidden") == Some("true") {
        return true;
    }
    if let Some(style) = e.attr("style") {
        let s: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if s.contains("display:none") || s.contains("visibility:hidden") {
            return true;
        }
    }
    match filter {
        Filter::None => return false,
        Filter::Names => {
            if CAPTION_TAGS.contains(&name) {
                return true;
            }
            let cap = |v: Option<&str>| {
                v.is_some_and(|v| {
                    name_words(v).any(|w| ARTICLE_BOILERPLATE_WORDS.contains(&w.as_str()))
                })
            };
            if cap(e.attr("class")) || cap(e.attr("id")) {
                return true;
            }
            let named = |v: Option<&str>| {
                v.is_some_and(|v| {
                    v.split_whitespace()
                        .any(|w| BOILERPLATE_NAMES.contains(&w.to_ascii_lowercase().as_str()))
                })
            };
            return named(e.attr("class")) || named(e.attr("id"));
        }
        Filter::Full => {}
    }
    if FURNITURE_TAGS.contains(&name) || CAPTION_TAGS.contains(&name) {
        return true;
    }
    if name == "header" && !el.ancestors().any(|a| is_named(a, &["article", "main"])) {
        return true;
    }
    if e.attr("role").is_some_and(|r| FURNITURE_ROLES.contains(&r)) {
        return true;
    }
    // Never drop the document's own wrappers on a class name.
    if matches!(name, "html" | "body" | "main" | "article") {
        return false;
    }
    e.attr("class").is_some_and(is_boilerplate_name)
        || e.attr("id").is_some_and(is_boilerplate_name)
}

fn is_named(node: ego_tree::NodeRef<Node>, names: &[&str]) -> bool {
    node.value()
        .as_element()
        .is_some_and(|e| names.contains(&e.name()))
}

/// A `<tr>` whose cells hold only inline content is a data row; layout tables (cells holding
/// paragraphs, lists or tables) are walked as ordinary blocks.
fn is_data_row(tr: ElementRef) -> bool {
    !tr.descendent_elements().skip(1).any(|d| {
        let n = d.value().name();
        matches!(
            n,
            "table" | "p" | "div" | "ul" | "ol" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "pre"
        )
    })
}

/// Is this bold element, just closed, a heading? It must be the whole of its block so far,
/// short, and either stand alone (followed by a line break or nothing) or be a run-in heading
/// ("<b>Cause.</b> Each server…") of at most [`RUN_IN_HEADING_MAX_WORDS`] words.
fn is_pseudo_heading(node: ego_tree::NodeRef<Node>, b: &Builder) -> bool {
    let text = b.pending();
    let n = text.chars().count();
    // Times and dates in bold ("<b>14:05</b> — …") are timeline rows, not headings.
    if n == 0
        || n > PSEUDO_HEADING_MAX_CHARS
        || text.starts_with(|c: char| c.is_numeric())
        || !text.chars().any(char::is_alphabetic)
    {
        return false;
    }
    let Some(el) = ElementRef::wrap(node) else {
        return false;
    };
    if collapse(&el.text().collect::<String>()) != text {
        return false;
    }
    let words = text.split_whitespace().count();
    let ends_label = text.ends_with(['.', ':', '：']);
    let next = node.next_siblings().find(|s| match s.value() {
        Node::Text(t) => !t.trim().is_empty(),
        Node::Comment(_) => false,
        _ => true,
    });
    let alone = match next {
        None => node
            .parent()
            .and_then(|p| p.value().as_element().map(|e| is_block_level(e.name())))
            .unwrap_or(false),
        Some(s) => s.value().as_element().is_some_and(|e| e.name() == "br"),
    };
    if alone {
        !text.ends_with(SENTENCE_END) || (ends_label && words <= PSEUDO_HEADING_MAX_WORDS)
    } else {
        ends_label && words <= RUN_IN_HEADING_MAX_WORDS && next.is_some_and(|s| s.value().is_text())
    }
}

/// Trims blank lines around preformatted text and trailing spaces on each line.
fn clean_pre(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim_end).collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    match (first, last) {
        (Some(f), Some(l)) => lines[f..=l]
            .join("\n")
            .chars()
            .filter(|c| !super::blocks::is_invisible(*c))
            .collect(),
        _ => String::new(),
    }
}

/// Walks `root` (iteratively, so deep nesting cannot overflow the stack) into blocks.
/// `filter` says how much boilerplate to drop; `drop` holds elements a profile drops.
pub fn walk(root: ElementRef, filter: Filter, drop: &HashSet<NodeId>, b: &mut Builder) {
    walk_marked(root, filter, drop, &HashSet::new(), b);
}

/// [`walk`], with `titles`: elements that are headings of level [`RECORD_TITLE_LEVEL`]
/// (status-update titles), so that sections end where the next update begins.
fn walk_marked(
    root: ElementRef,
    filter: Filter,
    drop: &HashSet<NodeId>,
    titles: &HashSet<NodeId>,
    b: &mut Builder,
) {
    let mut skip: Option<NodeId> = None;
    let mut list_depth = 0usize;
    let mut heading: Option<(NodeId, u8)> = None;
    let mut pre: Option<(NodeId, String)> = None;
    let mut row: Option<(NodeId, Vec<String>)> = None;
    let mut cell: Option<(NodeId, Inline)> = None;
    let current = |depth: usize| {
        if depth > 0 {
            BlockKind::ListItem
        } else {
            BlockKind::Paragraph
        }
    };
    for edge in root.traverse() {
        match edge {
            Edge::Open(node) => {
                if skip.is_some() {
                    continue;
                }
                match node.value() {
                    Node::Text(t) => {
                        if let Some((_, p)) = pre.as_mut() {
                            p.push_str(t);
                        } else if let Some((_, c)) = cell.as_mut() {
                            c.push(t);
                        } else if row.is_none() {
                            b.text(t);
                        }
                    }
                    Node::Element(e) => {
                        let Some(el) = ElementRef::wrap(node) else {
                            continue;
                        };
                        if node.id() != root.id()
                            && (drop.contains(&node.id()) || skipped(el, filter))
                        {
                            skip = Some(node.id());
                            continue;
                        }
                        let name = e.name();
                        if let Some((_, p)) = pre.as_mut() {
                            if name == "br" {
                                p.push('\n');
                            }
                            continue;
                        }
                        if let Some((_, c)) = cell.as_mut() {
                            if name == "br" || is_block_level(name) {
                                c.space();
                            }
                            continue;
                        }
                        if heading.is_some() {
                            if name == "br" || is_block_level(name) {
                                b.text(" ");
                            }
                            continue;
                        }
                        if row.is_some() {
                            if matches!(name, "td" | "th") {
                                cell = Some((node.id(), Inline::default()));
                            }
                            continue;
                        }
                        if titles.contains(&node.id()) {
                            b.flush(current(list_depth));
                            heading = Some((node.id(), RECORD_TITLE_LEVEL));
                        } else if name == "br" {
                            b.flush(current(list_depth));
                        } else if name == "pre" {
                            b.flush(current(list_depth));
                            pre = Some((node.id(), String::new()));
                        } else if let Some(level) = heading_level(name) {
                            b.flush(current(list_depth));
                            heading = Some((node.id(), level));
                        } else if name == "tr" && is_data_row(el) {
                            b.flush(current(list_depth));
                            row = Some((node.id(), Vec::new()));
                        } else if name == "li" {
                            b.flush(current(list_depth));
                            list_depth += 1;
                        } else if is_block_level(name) {
                            b.flush(current(list_depth));
                        }
                    }
                    _ => {}
                }
            }
            Edge::Close(node) => {
                if let Some(s) = skip {
                    if s == node.id() {
                        skip = None;
                    }
                    continue;
                }
                let Node::Element(e) = node.value() else {
                    continue;
                };
                let id = node.id();
                if pre.as_ref().is_some_and(|(p, _)| *p == id) {
                    if let Some((_, text)) = pre.take() {
                        b.push(BlockKind::Pre, clean_pre(&text));
                    }
                    continue;
                }
                if pre.is_some() {
                    continue;
                }
                if cell.as_ref().is_some_and(|(c, _)| *c == id) {
                    if let (Some((_, mut c)), Some((_, cells))) = (cell.take(), row.as_mut()) {
                        cells.push(c.finish());
                    }
                    continue;
                }
                if cell.is_some() {
                    continue;
                }
                if row.as_ref().is_some_and(|(r, _)| *r == id) {
                    if let Some((_, cells)) = row.take() {
                        if cells.iter().any(|c| !c.is_empty()) {
                            b.push(BlockKind::TableRow, cells.join("\t"));
                        }
                    }
                    continue;
                }
                if row.is_some() {
                    continue;
                }
                if let Some((h, level)) = heading {
                    if h == id {
                        b.flush(BlockKind::Heading(level));
                        heading = None;
                    }
                    continue;
                }
                let name = e.name();
                if matches!(name, "strong" | "b") && list_depth == 0 && is_pseudo_heading(node, b) {
                    b.flush(BlockKind::Heading(PSEUDO_HEADING_LEVEL));
                } else if name == "li" {
                    b.flush(BlockKind::ListItem);
                    list_depth = list_depth.saturating_sub(1);
                } else if is_block_level(name) {
                    b.flush(current(list_depth));
                }
            }
        }
    }
    b.flush(current(list_depth));
}

/// The whole page's visible text as blocks, without any filtering (a baseline for the benchmark).
pub fn whole_page_blocks(html: &str) -> Vec<RawBlock> {
    let doc = Html::parse_document(html);
    let mut b = Builder::default();
    walk(doc.root_element(), Filter::None, &HashSet::new(), &mut b);
    b.out
}

/// Collapsed text of an element (for tests and profile tooling).
pub fn element_text(el: ElementRef) -> String {
    collapse(&el.text().collect::<String>())
}
