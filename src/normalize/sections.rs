//! A crude section split for raw text: short heading lines that name a section kind (from the assertion files).
use super::assertions::Assertions;
use super::matcher::at_boundaries;
use super::text::fold;
use super::SectionSpan;

/// A heading line is at most this many chars once list and heading marks are stripped.
const MAX_HEADING_CHARS: usize = 60;

/// Splits `text` at heading lines that name a section kind in `lang` (or English); each section
/// runs to the next such heading. Text before the first heading belongs to no section.
pub fn guess_sections(text: &str, assertions: &Assertions, lang: &str) -> Vec<SectionSpan> {
    let mut words: Vec<&(String, String)> = Vec::new();
    for l in [lang, "en"] {
        if let Some(h) = assertions.headings.get(l) {
            words.extend(h.iter());
        }
    }
    let mut out: Vec<SectionSpan> = Vec::new();
    let mut pos = 0usize;
    for line in text.split_inclusive('\n') {
        let len = line.chars().count();
        let stripped = line.trim().trim_start_matches(|c: char| {
            c == '#'
                || c == '*'
                || c == '='
                || c.is_ascii_digit()
                || c == '.'
                || c == ')'
                || c.is_whitespace()
        });
        let stripped = stripped.trim_end_matches(['*', '#', ':', '=', ' ']);
        let n = stripped.chars().count();
        if n > 0 && n <= MAX_HEADING_CHARS && !stripped.ends_with(['.', '。']) {
            let f = fold(stripped);
            let kind = words
                .iter()
                .filter(|(_, w)| {
                    f.match_indices(w.as_str())
                        .any(|(i, _)| at_boundaries(&f, i, i + w.len(), true, true))
                })
                .max_by_key(|(_, w)| w.len())
                .map(|(k, _)| k.clone());
            if let Some(kind) = kind {
                if let Some(last) = out.last_mut() {
                    last.end = pos;
                }
                out.push(SectionSpan {
                    kind,
                    start: pos,
                    end: usize::MAX,
                });
                pos += len;
                continue;
            }
        }
        // A labelled line of any length ("Root Cause: In the maintenance window, …", "원인 :
        // …") is that section for its own line; the section around it goes on after it.
        if let Some(kind) = label_kind(stripped, &words) {
            // Only an open section goes on after the line (a labelled line before is closed).
            let around = out
                .last_mut()
                .filter(|last| last.end == usize::MAX)
                .map(|last| {
                    last.end = pos;
                    last.kind.clone()
                });
            out.push(SectionSpan {
                kind,
                start: pos,
                end: pos + len,
            });
            if let Some(kind) = around {
                out.push(SectionSpan {
                    kind,
                    start: pos + len,
                    end: usize::MAX,
                });
            }
        }
        pos += len;
    }
    if let Some(last) = out.last_mut().filter(|last| last.end == usize::MAX) {
        last.end = pos;
    }
    out
}

/// The section kind a line names as its label: a heading word right at its start, then a colon
/// (spaces allowed before it, as French writes "Cause : …"), then the text.
fn label_kind(stripped: &str, words: &[&(String, String)]) -> Option<String> {
    let f = fold(stripped);
    words
        .iter()
        .filter(|(_, w)| {
            !w.is_empty()
                && f.starts_with(w.as_str())
                && at_boundaries(&f, 0, w.len(), true, true)
                && f[w.len()..]
                    .trim_start()
                    .strip_prefix([':', '\u{FF1A}'])
                    .is_some_and(|rest| !rest.trim().is_empty())
        })
        .max_by_key(|(_, w)| w.len())
        .map(|(k, _)| k.clone())
}
