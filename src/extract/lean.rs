//! Lean HTML for Readability: the page with the bodies of its `<script>` and `<style>` elements emptied.
//!
//! Given HTML ([`super::html::article_blocks`]; the draft and fetch paths hand it the parsed
//! page instead, [`super::readable`]), Readability (dom_smoothie) parses the page itself and,
//! before it scores anything, removes every `script`, `noscript` and `style` element; on the
//! article-extraction benchmark the bodies of those elements are half the bytes of a page, all
//! tokenized for nothing. So the
//! HTML handed to it keeps every element (tags and attributes as written) and drops only the
//! text inside `<script>…</script>` and `<style>…</style>`: the tree it builds is the same
//! once those elements are gone. Scripts whose start tag mentions JSON (JSON-LD metadata,
//! which Readability reads for the title) are kept whole.
//!
//! The scan follows the HTML tokenizer where it matters: comments, bogus comments, quoted
//! attribute values, RCDATA/RAWTEXT elements (`title`, `textarea`, `xmp`, `iframe`, `noembed`,
//! `noframes`; `noscript` is markup, as Readability parses with scripting off) and foreign
//! content (`svg`, `math`: nothing is emptied inside them). A script body holding `<!--` (the
//! tokenizer's escaped states) is kept whole, and on anything unexpected the rest of the page is
//! kept as it is.
use std::borrow::Cow;

/// Elements whose text runs to their end tag without markup (scripting off).
const RAW_TEXT: &[&str] = &["title", "textarea", "xmp", "iframe", "noembed", "noframes"];

/// `html` with the bodies of its scripts (JSON ones excepted) and styles emptied (see module doc).
pub fn lean_html(html: &str) -> Cow<'_, str> {
    let cuts = cuts(html.as_bytes());
    if cuts.is_empty() {
        return Cow::Borrowed(html);
    }
    let removed: usize = cuts.iter().map(|(a, b)| b - a).sum();
    let mut out = String::with_capacity(html.len() - removed);
    let mut at = 0;
    for (a, b) in cuts {
        // every cut starts after a '>' and ends before a '<': both are char boundaries
        out.push_str(&html[at..a]);
        at = b;
    }
    out.push_str(&html[at..]);
    Cow::Owned(out)
}

/// Byte ranges of the script and style bodies to drop, in order.
fn cuts(s: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    // depth of svg/math elements (foreign content)
    let mut foreign = 0usize;
    while let Some(off) = memchr_lt(&s[i..]) {
        let lt = i + off;
        let rest = &s[lt + 1..];
        match rest.first() {
            Some(b'!') => {
                i = if rest.starts_with(b"!--") {
                    comment_end(s, lt + 4)
                } else if foreign > 0 && rest.starts_with(b"![CDATA[") {
                    find(s, lt + 9, b"]]>").map_or(s.len(), |e| e + 3)
                } else {
                    find_byte(s, lt + 2, b'>').map_or(s.len(), |e| e + 1)
                };
            }
            Some(b'?') => i = find_byte(s, lt + 2, b'>').map_or(s.len(), |e| e + 1),
            Some(b'/') => {
                let Some(tag) = tag(s, lt + 2) else {
                    // "</>" is dropped, "</ x" is a bogus comment
                    i = find_byte(s, lt + 2, b'>').map_or(s.len(), |e| e + 1);
                    continue;
                };
                if foreign > 0 && (tag.name_is(s, "svg") || tag.name_is(s, "math")) {
                    foreign -= 1;
                }
                i = tag.end;
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let Some(tag) = tag(s, lt + 1) else {
                    return out; // unterminated start tag: keep the rest
                };
                i = tag.end;
                if tag.name_is(s, "svg") || tag.name_is(s, "math") {
                    if !tag.self_closing {
                        foreign += 1;
                    }
                    continue;
                }
                if foreign > 0 {
                    continue;
                }
                if tag.name_is(s, "plaintext") {
                    return out;
                }
                let raw = ["script", "style"]
                    .into_iter()
                    .chain(RAW_TEXT.iter().copied())
                    .find(|n| tag.name_is(s, n));
                let Some(name) = raw else { continue };
                let Some(end) = end_tag(s, tag.end, name) else {
                    return out; // runs to the end of the page
                };
                let body = &s[tag.end..end];
                let json = contains_ci(&s[lt..tag.end], b"json");
                let escaped = name == "script" && find(body, 0, b"<!--").is_some();
                if matches!(name, "script" | "style") && !json && !escaped && end > tag.end {
                    out.push((tag.end, end));
                }
                i = end;
            }
            _ => i = lt + 1,
        }
    }
    out
}

/// A tag: where its name is and where the tag ends (just past its `>`).
struct Tag {
    name: (usize, usize),
    end: usize,
    self_closing: bool,
}

impl Tag {
    fn name_is(&self, s: &[u8], name: &str) -> bool {
        s[self.name.0..self.name.1].eq_ignore_ascii_case(name.as_bytes())
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// Reads a tag whose name starts at `at` (after `<` or `</`), attributes and quoted values
/// included; None when its name does not start with a letter or the page ends inside it.
fn tag(s: &[u8], at: usize) -> Option<Tag> {
    if !s.get(at)?.is_ascii_alphabetic() {
        return None;
    }
    let mut i = at;
    while i < s.len() && !is_space(s[i]) && s[i] != b'/' && s[i] != b'>' {
        i += 1;
    }
    let name = (at, i);
    // attributes: a value opened by a quote right after '=' (spaces allowed) runs to that quote
    let mut after_eq = false;
    let mut last = 0u8;
    while i < s.len() {
        let c = s[i];
        match c {
            b'>' => {
                return Some(Tag {
                    name,
                    end: i + 1,
                    self_closing: last == b'/',
                })
            }
            b'"' | b'\'' if after_eq => {
                i = find_byte(s, i + 1, c)?;
                after_eq = false;
            }
            b'=' => after_eq = true,
            c if is_space(c) => {}
            _ => {
                if after_eq {
                    // an unquoted value runs to a space or '>'
                    while i + 1 < s.len() && !is_space(s[i + 1]) && s[i + 1] != b'>' {
                        i += 1;
                    }
                }
                after_eq = false;
            }
        }
        if !is_space(c) {
            last = c;
        }
        i += 1;
    }
    None
}

/// Where the end tag `</name` (followed by a space, `/` or `>`) starts, from `from` on.
fn end_tag(s: &[u8], from: usize, name: &str) -> Option<usize> {
    let mut i = from;
    while let Some(p) = find(s, i, b"</") {
        let after = p + 2 + name.len();
        if s.len() >= after
            && s[p + 2..after].eq_ignore_ascii_case(name.as_bytes())
            && s.get(after)
                .is_some_and(|c| is_space(*c) || *c == b'/' || *c == b'>')
        {
            return Some(p);
        }
        i = p + 2;
    }
    None
}

/// Just past the end of a comment whose text starts at `at` ("<!-->" and "<!--->" end at once).
fn comment_end(s: &[u8], at: usize) -> usize {
    if s.get(at) == Some(&b'>') {
        return at + 1;
    }
    if s.get(at..at + 2) == Some(b"->") {
        return at + 2;
    }
    // "-->" or "--!>", whichever comes first (one forward scan: a page has many comments)
    let mut i = at;
    while let Some(p) = find(s, i, b"--") {
        match (s.get(p + 2), s.get(p + 3)) {
            (Some(b'>'), _) => return p + 3,
            (Some(b'!'), Some(b'>')) => return p + 4,
            _ => i = p + 1,
        }
    }
    s.len()
}

fn memchr_lt(s: &[u8]) -> Option<usize> {
    memchr::memchr(b'<', s)
}

fn find_byte(s: &[u8], from: usize, b: u8) -> Option<usize> {
    memchr::memchr(b, s.get(from..)?).map(|p| p + from)
}

fn find(s: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(s.get(from..)?, needle).map(|p| p + from)
}

fn contains_ci(s: &[u8], needle: &[u8]) -> bool {
    s.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_and_style_bodies_go_and_their_tags_stay() {
        let html = "<html><head><style>p{color:red}</style><script src=a.js></script>\
                    <script type=\"application/ld+json\">{\"headline\":\"T\"}</script></head>\
                    <body><p>Hi<script>if (a < b) { x = '</p>'; }</script> there</p></body></html>";
        assert_eq!(
            lean_html(html),
            "<html><head><style></style><script src=a.js></script>\
             <script type=\"application/ld+json\">{\"headline\":\"T\"}</script></head>\
             <body><p>Hi<script></script> there</p></body></html>"
        );
    }

    #[test]
    fn markup_that_only_looks_like_a_script_is_kept() {
        for html in [
            "<!-- <script>x</script> --><p>a</p>",
            "<a title='<script>x</script>'>a</a>",
            "<textarea><script>x</script></textarea>",
            "<title><style>x</style></title>",
            "<svg><style>x</style><script>y</script></svg>",
            "<script>a<!--<script>b</script>c--></script>",
            "<script>unterminated",
            "<p>3 < 4 <3 </ p> <!---> <script>",
            "<!-- a --!> <!-- b ---> <!-- <style>x</style>",
        ] {
            assert_eq!(lean_html(html), html, "{html}");
        }
    }

    #[test]
    fn after_foreign_content_scripts_go_again() {
        assert_eq!(
            lean_html("<svg><g/></svg><SCRIPT>x</SCRIPT ><style>y</style\n>"),
            "<svg><g/></svg><SCRIPT></SCRIPT ><style></style\n>"
        );
    }

    #[test]
    fn never_panics_on_cut_pages_and_multibyte_text() {
        let html = "<p>장애 <script>let s = \"é\";</script>報告<style>";
        for end in 0..=html.len() {
            if let Some(h) = html.get(..end) {
                let _ = lean_html(h);
            }
        }
        assert_eq!(lean_html(html), "<p>장애 <script></script>報告<style>");
    }
}
