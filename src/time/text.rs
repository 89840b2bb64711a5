//! Small text helpers: case-insensitive phrase matching at a position, word boundaries, spaces.

/// Whether a char is part of a word that needs boundaries (Latin and other alphabetic scripts;
/// Hangul, kana and Han attach to neighbours freely).
pub fn is_boundary_char(c: char) -> bool {
    c.is_alphanumeric() && !is_cjk(c)
}

/// Hangul, kana, Han and full-width forms.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF | 0x2E80..=0x2FDF | 0x3000..=0x30FF | 0x3130..=0x318F | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF
        | 0x20000..=0x2FFFF)
}

fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    c.to_lowercase().next().unwrap_or(c)
}

/// If `hay` starts with `needle` (lower case) ignoring case, the byte length matched.
pub fn ci_prefix(hay: &str, needle: &str) -> Option<usize> {
    let mut hi = hay.char_indices();
    for n in needle.chars() {
        let (_, h) = hi.next()?;
        if lower(h) != n {
            return None;
        }
    }
    Some(hi.next().map(|(i, _)| i).unwrap_or(hay.len()))
}

/// If `hay` ends with `needle` (lower case) ignoring case, the byte index where the match starts.
pub fn ci_suffix(hay: &str, needle: &str) -> Option<usize> {
    let mut hi = hay.char_indices().rev();
    let mut start = hay.len();
    for n in needle.chars().rev() {
        let (i, h) = hi.next()?;
        if lower(h) != n {
            return None;
        }
        start = i;
    }
    Some(start)
}

/// Whether the match `text[start..end]` stands as a whole word where its ends are letters.
pub fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let first = text[start..end].chars().next();
    let last = text[start..end].chars().next_back();
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let left_ok = !(first.is_some_and(is_boundary_char) && before.is_some_and(is_boundary_char));
    let right_ok = !(last.is_some_and(is_boundary_char) && after.is_some_and(is_boundary_char));
    left_ok && right_ok
}

/// A letter of a script that separates words with spaces.
fn is_spaced_letter(c: char) -> bool {
    c.is_alphabetic() && !is_cjk(c)
}

/// Whether `text[start..end]` is not glued to letters on either side (digits may touch it:
/// "4pm", "5분", "10h").
fn free_word(text: &str, start: usize, end: usize) -> bool {
    let first = text[start..end].chars().next();
    let last = text[start..end].chars().next_back();
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let left_ok = !(first.is_some_and(is_spaced_letter) && before.is_some_and(is_spaced_letter));
    let right_ok = !(last.is_some_and(is_spaced_letter) && after.is_some_and(is_spaced_letter));
    left_ok && right_ok
}

/// The longest phrase (list sorted longest first) found at `pos`, as a whole word: its end.
pub fn phrase_at(text: &str, pos: usize, phrases: &[String]) -> Option<usize> {
    let hay = &text[pos..];
    // A phrase can only match if it starts with the text's first char, lower-cased (the
    // phrases are lower case): one comparison per phrase instead of a case mapping.
    let first = hay.chars().next().map(lower);
    phrases.iter().find_map(|p| {
        if first.is_some_and(|f| p.chars().next().is_some_and(|c| c != f)) {
            return None;
        }
        let len = ci_prefix(hay, p)?;
        free_word(text, pos, pos + len).then_some(pos + len)
    })
}

/// The longest phrase ending at `pos`, as a whole word: its start.
pub fn phrase_before(text: &str, pos: usize, phrases: &[String]) -> Option<usize> {
    let hay = &text[..pos];
    let last = hay.chars().next_back().map(lower);
    phrases.iter().find_map(|p| {
        if last.is_some_and(|l| p.chars().next_back().is_some_and(|c| c != l)) {
            return None;
        }
        let start = ci_suffix(hay, p)?;
        free_word(text, start, pos).then_some(start)
    })
}

/// Skips spaces and tabs (not line breaks) from `pos`, at most `max` chars.
pub fn skip_ws(text: &str, pos: usize, max: usize) -> usize {
    let mut p = pos;
    for (n, c) in text[pos..].chars().enumerate() {
        if n >= max || !(c == ' ' || c == '\t') {
            break;
        }
        p += c.len_utf8();
    }
    p
}

/// Moves back over spaces and tabs before `pos`, at most `max` chars.
pub fn skip_ws_back(text: &str, pos: usize, max: usize) -> usize {
    let mut p = pos;
    for (n, c) in text[..pos].chars().rev().enumerate() {
        if n >= max || !(c == ' ' || c == '\t') {
            break;
        }
        p -= c.len_utf8();
    }
    p
}

/// Lower-cases, drops empties and sorts phrases longest first (for leftmost-longest matching).
pub fn sorted_phrases<'a>(lists: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    let mut v: Vec<String> = lists
        .into_iter()
        .map(|s| s.to_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    v.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then(a.cmp(b)));
    v.dedup();
    v
}

/// A regex alternation of phrases (escaped, longest first); spaces match runs of spaces.
pub fn alternation(phrases: &[String]) -> String {
    phrases
        .iter()
        .map(|p| regex::escape(p).replace(' ', "[ \\t]+"))
        .collect::<Vec<_>>()
        .join("|")
}

/// How many earlier spans `overlaps_sorted` looks back over (spans rarely nest).
const OVERLAP_LOOKBACK: usize = 4;

/// Whether `[s, e)` overlaps any of `spans` (sorted by start, rarely nested), in log time.
pub fn overlaps_sorted(spans: &[(usize, usize)], s: usize, e: usize) -> bool {
    let idx = spans.partition_point(|x| x.0 < e);
    spans[..idx]
        .iter()
        .rev()
        .take(OVERLAP_LOOKBACK)
        .any(|x| x.1 > s)
}

/// Byte offsets → char offsets, for offsets given in any order.
pub fn char_offsets(text: &str, bytes: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..bytes.len()).collect();
    order.sort_by_key(|&i| bytes[i]);
    let mut out = vec![0; bytes.len()];
    let mut chars = 0usize;
    let mut byte = 0usize;
    let mut it = text.char_indices();
    for i in order {
        let target = bytes[i];
        while byte < target {
            match it.next() {
                Some((b, c)) => {
                    byte = b + c.len_utf8();
                    chars += 1;
                }
                None => break,
            }
        }
        out[i] = chars;
    }
    out
}

/// Byte ranges in `text` of char ranges (the inverse of [`char_offsets`], for spans).
pub fn byte_ranges(text: &str, chars: &[std::ops::Range<usize>]) -> Vec<std::ops::Range<usize>> {
    if chars.is_empty() {
        return Vec::new();
    }
    let byte_at = |c: usize| text.char_indices().nth(c).map_or(text.len(), |(b, _)| b);
    chars
        .iter()
        .map(|r| byte_at(r.start)..byte_at(r.end))
        .collect()
}

/// Whether the char at char index `k` of `line` stands between quotation marks
/// ([`outside_quotes`] blanks it).
pub fn quoted_at(line: &str, k: usize) -> bool {
    match (line.chars().nth(k), outside_quotes(line).chars().nth(k)) {
        (Some(c), Some(o)) => c != o,
        _ => false,
    }
}

/// `text` with what stands between quotation marks (“ ”, « », „ “, 「 」, 『 』, or a pair of
/// '"' on one line) blanked to spaces; an opening mark left open at a line's end blanks nothing.
pub fn outside_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let chars: Vec<char> = line.chars().collect();
        let mut keep = vec![true; chars.len()];
        let mut i = 0;
        while i < chars.len() {
            let close = match chars[i] {
                '“' => Some(['”', '"']),
                '„' => Some(['“', '”']),
                '«' => Some(['»', '»']),
                '「' => Some(['」', '」']),
                '『' => Some(['』', '』']),
                '"' => Some(['"', '"']),
                _ => None,
            };
            if let Some(close) = close {
                if let Some(j) = (i + 1..chars.len()).find(|&j| close.contains(&chars[j])) {
                    keep[i + 1..j].iter_mut().for_each(|k| *k = false);
                    i = j + 1;
                    continue;
                }
            }
            i += 1;
        }
        out.extend(
            chars
                .iter()
                .zip(&keep)
                .map(|(c, k)| if *k { *c } else { ' ' }),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_match_whole_words_ignoring_case() {
        let p = sorted_phrases(&["about".to_string(), "약".to_string()]);
        assert_eq!(phrase_at("About 16:30", 0, &p), Some(5));
        assert_eq!(phrase_at("Aboutx", 0, &p), None);
        assert_eq!(phrase_before("xx 약 55분", 6, &p), Some(3));
        assert_eq!(char_offsets("약 55분", &[0, 4, 9]), vec![0, 2, 5]);
    }
}
