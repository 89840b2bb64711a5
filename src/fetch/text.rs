//! A simple title + plain-text fallback until `crate::extract` provides main-content extraction.
use super::document::Format;
use super::profile::Selectors;
use scraper::{ElementRef, Html, Node, Selector};

/// Elements whose text is never content.
const SKIP_TAGS: &[&str] = &[
    "script", "style", "noscript", "template", "svg", "head", "iframe", "nav", "footer",
];
/// Elements that end a line of text.
const BLOCK_TAGS: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "article",
    "header",
    "main",
    "table",
    "ul",
    "ol",
    "pre",
    "blockquote",
    "dt",
    "dd",
    "hr",
];

/// Title and plain text of a document. The integrator can swap this for `crate::extract`.
pub fn title_and_text(
    body: &str,
    format: Format,
    selectors: &Selectors,
) -> (Option<String>, String) {
    match format {
        Format::Html => html_title_and_text(body, selectors),
        Format::Markdown => (markdown_title(body), body.trim().to_string()),
        Format::Text | Format::Json => (first_line(body), body.trim().to_string()),
    }
}

fn first_line(body: &str) -> Option<String> {
    body.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_string)
}

fn markdown_title(body: &str) -> Option<String> {
    body.lines()
        .find_map(|l| l.trim().strip_prefix("# ").map(|t| t.trim().to_string()))
        .or_else(|| first_line(body))
}

fn select_first<'a>(doc: &'a Html, css: Option<&str>) -> Option<ElementRef<'a>> {
    let sel = Selector::parse(css?).ok()?;
    doc.select(&sel).next()
}

/// Title (profile selector, `<title>`, first `<h1>`) and text (profile content selector or body).
pub fn html_title_and_text(html: &str, selectors: &Selectors) -> (Option<String>, String) {
    html_title_and_text_parsed(&Html::parse_document(html), selectors)
}

/// [`html_title_and_text`] of a page already parsed.
pub fn html_title_and_text_parsed(doc: &Html, selectors: &Selectors) -> (Option<String>, String) {
    let title = select_first(doc, selectors.title.as_deref())
        .or_else(|| select_first(doc, Some("title")))
        .or_else(|| select_first(doc, Some("h1")))
        .map(|e| collapse(&e.text().collect::<String>()))
        .filter(|t| !t.is_empty());
    let root = select_first(doc, selectors.content.as_deref())
        .or_else(|| select_first(doc, Some("body")))
        .unwrap_or_else(|| doc.root_element());
    (title, element_text(root))
}

/// Collapses whitespace runs to one space.
pub fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Text of an element, one line per block element, scripts and navigation skipped.
pub fn element_text(root: ElementRef) -> String {
    let mut out = String::new();
    walk(root, &mut out);
    out.lines()
        .map(collapse)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn walk(el: ElementRef, out: &mut String) {
    for child in el.children() {
        match child.value() {
            Node::Text(t) => out.push_str(t),
            Node::Element(e) => {
                let name = e.name();
                if SKIP_TAGS.contains(&name) {
                    continue;
                }
                let block = BLOCK_TAGS.contains(&name);
                if block {
                    out.push('\n');
                }
                if let Some(c) = ElementRef::wrap(child) {
                    walk(c, out);
                }
                if block {
                    out.push('\n');
                } else if matches!(name, "td" | "th") {
                    out.push('\t');
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_become_lines_and_scripts_vanish() {
        let (t, text) = html_title_and_text(
            "<html><head><title> A  title </title><script>x()</script></head><body><nav>menu</nav><p>One <b>two</b></p><p>three</p></body></html>",
            &Selectors::default(),
        );
        assert_eq!(t.as_deref(), Some("A title"));
        assert_eq!(text, "One two\nthree");
    }

    #[test]
    fn profile_selectors_pick_title_and_content() {
        let s = Selectors {
            title: Some("h1.x".into()),
            content: Some("main".into()),
            date: None,
        };
        let (t, text) = html_title_and_text(
            "<title>site</title><h1 class=x>Real</h1><div>chrome</div><main><p>body</p></main>",
            &s,
        );
        assert_eq!(t.as_deref(), Some("Real"));
        assert_eq!(text, "body");
    }
}
