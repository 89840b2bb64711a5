//! Readability's input built from the page as already parsed: the `scraper` tree copied into a `dom_query` document.
//!
//! Readability (dom_smoothie) works on a `dom_query::Document`; given HTML, it parses the page a
//! second time (a seventh of a bulk draft's CPU). Both trees come from the same html5ever, so
//! the parsed page is copied node by node through `dom_query`'s own tree-builder interface
//! (`TreeSink`): no tokenizing, no insertion modes, and text and attribute values are shared
//! (reference-counted), not copied.
//!
//! One difference stays: `scraper` parses with scripting on (a `<noscript>` holds its markup as
//! text) where Readability's own parse has it off (that markup becomes elements). Readability
//! removes every `noscript` before it scores anything, and what it reads inside one first is an
//! image to swap for a lazy-loaded one; images are not part of the blocks. On the 181 pages of
//! the article-extraction benchmark and both eval corpora the drafts are byte-identical.
use html5ever::interface::{ElementFlags, NodeOrText, TreeSink};
use html5ever::{ns, Attribute};
use scraper::{Html, Node};

/// `doc` as a `dom_query` document (see module doc).
pub fn to_dom_query(doc: &Html) -> dom_query::Document {
    let sink = dom_query::Document::default();
    sink.set_quirks_mode(doc.quirks_mode);
    let root = sink.get_document();
    // (scraper node, dom_query parent) pairs, depth first in document order: the copy's node ids
    // follow document order.
    let mut stack: Vec<(ego_tree::NodeRef<Node>, dom_query::NodeId)> = doc
        .tree
        .root()
        .children()
        .rev()
        .map(|c| (c, root))
        .collect();
    while let Some((node, parent)) = stack.pop() {
        let children_parent = match node.value() {
            Node::Element(e) => {
                let template = e.name.ns == ns!(html) && &*e.name.local == "template";
                let attrs = e
                    .attrs
                    .iter()
                    .map(|(name, value)| Attribute {
                        name: name.clone(),
                        value: value.clone(),
                    })
                    .collect();
                let mut flags = ElementFlags::default();
                flags.template = template;
                let id = sink.create_element(e.name.clone(), attrs, flags);
                sink.append(&parent, NodeOrText::AppendNode(id));
                if template {
                    // scraper keeps a template's contents under a fragment child; dom_query
                    // keeps them in the element's own (parentless) fragment
                    let contents = sink.get_template_contents(&id);
                    for c in node.children().rev() {
                        if matches!(c.value(), Node::Fragment) {
                            stack.extend(c.children().rev().map(|g| (g, contents)));
                        } else {
                            stack.push((c, id));
                        }
                    }
                    continue;
                }
                Some(id)
            }
            Node::Text(t) => {
                sink.append(&parent, NodeOrText::AppendText(t.text.clone()));
                None
            }
            Node::Comment(c) => {
                let id = sink.create_comment(c.comment.clone());
                sink.append(&parent, NodeOrText::AppendNode(id));
                None
            }
            Node::Doctype(d) => {
                sink.append_doctype_to_document(
                    d.name.clone(),
                    d.public_id.clone(),
                    d.system_id.clone(),
                );
                None
            }
            Node::ProcessingInstruction(p) => {
                let id = sink.create_pi(p.target.clone(), p.data.clone());
                sink.append(&parent, NodeOrText::AppendNode(id));
                None
            }
            Node::Document | Node::Fragment => Some(parent),
        };
        if let Some(p) = children_parent {
            stack.extend(node.children().rev().map(|c| (c, p)));
        }
    }
    sink.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copy serialises as Readability's own parse of the same page does (scripting aside).
    #[test]
    fn copy_is_the_parsed_tree() {
        for html in [
            "<!DOCTYPE html><html lang=en><head><title>T &amp; U</title></head>\
             <body class=x id=y><p>a<b>b</p>c<!-- note --><table><tr><td>1<td>2</table>\
             <svg viewBox='0 0 1 1'><path d=M0/></svg><template><p>t</p></template></body></html>",
            "<p>unclosed <i>italic <p>next</i> para",
            "<table><p>foster</p><tr><td>x</td></tr></table>",
        ] {
            let ours = to_dom_query(&Html::parse_document(html));
            let theirs = dom_query::Document::from(html);
            assert_eq!(ours.html(), theirs.html(), "{html}");
        }
    }

    /// Where the two parses differ (`<noscript>`: text here, markup in Readability's own
    /// parse, which also lets a head's `<noscript><img>` open the body), the article is the same.
    #[test]
    fn noscript_markup_does_not_change_the_article() {
        let para = "The database failover took eleven minutes because the replica was behind, \
                    and every write in that time was refused with a clear error to clients. ";
        let html = format!(
            "<html><head><title>Outage</title><noscript><img src=pixel.gif></noscript>\
             <meta name=x content=y></head><body><nav>Home</nav><article><h1>Outage</h1>\
             <p>{p}</p><img src=lazy.gif><noscript><img src=real.jpg></noscript>\
             <p>{p}{p}</p><noscript><p>Enable scripts &amp; reload</p></noscript><p>{p}</p>\
             </article></body></html>",
            p = para
        );
        let given_html = super::super::html::article_blocks(&html, None);
        let given_tree =
            super::super::html::article_blocks_parsed(&Html::parse_document(&html), None);
        assert!(given_html.as_ref().is_some_and(|b| b.len() >= 3));
        assert_eq!(given_html, given_tree);
    }
}
