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
            }
        }
        pos += len;
    }
    if let Some(last) = out.last_mut() {
        last.end = pos;
    }
    out
}
