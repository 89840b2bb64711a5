//! Text folding for matching (NFKC, case fold, full-width → half-width, whitespace) with a map back to original char offsets.
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Text folded for matching, with each folded byte mapped to the original chars it came from.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    /// The folded text: NFKC, lower case, typographic quotes and dashes made plain, one space
    /// per whitespace run (one `\n` when the run held a line break).
    pub text: String,
    /// For each byte of `text`: the original char offsets `[start, end)` of the cluster it came
    /// from. Empty for all-ASCII text, which `shifts` maps instead.
    spans: Vec<(u32, u32)>,
    /// For all-ASCII text, where folded byte `j` is original char `j + d` alone: `(j, d)` wherever
    /// `d` grows (after whitespace the fold dropped; `d` is 0 before the first), in order. A few
    /// entries per text instead of one per byte.
    shifts: Vec<(u32, u32)>,
}

impl Folded {
    /// Folds `original` and remembers where every folded byte came from.
    pub fn new(original: &str) -> Self {
        let mut f = Folded::default();
        f.refold(original);
        f
    }

    /// Folds `original` into this value's buffers (their memory is reused: a run that folds
    /// one text after another allocates them once), as [`Folded::new`] would.
    pub fn refold(&mut self, original: &str) {
        let Folded {
            text,
            spans,
            shifts,
        } = self;
        text.clear();
        spans.clear();
        shifts.clear();
        text.reserve(original.len());
        // All-ASCII text (most case records): byte by byte, no run copies, no char decoding,
        // and no map entry per byte.
        if original.is_ascii() {
            fold_ascii(original.as_bytes(), text, shifts);
            return;
        }
        spans.reserve(original.len());
        self.refold_any(original);
    }

    /// [`Folded::refold`] for text of any script (buffers already cleared).
    fn refold_any(&mut self, original: &str) {
        let Folded { text, spans, .. } = self;
        let mut buf = String::new();
        let bytes = original.as_bytes();
        let mut at = 0;
        let mut pos: u32 = 0;
        let mut last_space = true;
        while at < bytes.len() {
            // A run of ASCII chars that are not whitespace, copied and lower-cased at once. Its
            // last char stays out when a non-ASCII char follows it (maybe a combining mark that
            // folds with it: the general path below reads those two together).
            let mut run = at;
            while run < bytes.len() && bytes[run].is_ascii() && !is_ascii_space(bytes[run]) {
                run += 1;
            }
            if run < bytes.len() && !bytes[run].is_ascii() {
                run = run.saturating_sub(1).max(at);
            }
            if run > at {
                let from = text.len();
                text.push_str(&original[at..run]);
                text[from..].make_ascii_lowercase();
                spans.extend((pos..pos + (run - at) as u32).map(|p| (p, p + 1)));
                pos += (run - at) as u32;
                at = run;
                last_space = false;
                continue;
            }
            let b = bytes[at];
            // An ASCII char (most chars of most texts), read as a byte. A combining mark can
            // only follow it when the next byte is not ASCII; then the general path below reads it.
            if b.is_ascii() && bytes.get(at + 1).is_none_or(u8::is_ascii) {
                let start = pos;
                pos += 1;
                at += 1;
                if (b as char).is_whitespace() {
                    if !last_space {
                        text.push(if b == b'\n' { '\n' } else { ' ' });
                        spans.push((start, pos));
                        last_space = true;
                    } else if b == b'\n' && text.ends_with(' ') {
                        // A run of whitespace that holds a line break folds to the line break.
                        text.pop();
                        text.push('\n');
                    }
                } else {
                    last_space = false;
                    text.push(b.to_ascii_lowercase() as char);
                    spans.push((start, pos));
                }
                continue;
            }
            let mut chars = original[at..].chars().peekable();
            let Some(c) = chars.next() else {
                break;
            };
            at += c.len_utf8();
            let start = pos;
            pos += 1;
            if c.is_whitespace() {
                if !last_space {
                    text.push(if c == '\n' { '\n' } else { ' ' });
                    spans.push((start, pos));
                    last_space = true;
                } else if c == '\n' && text.ends_with(' ') {
                    text.pop();
                    text.push('\n');
                }
                continue;
            }
            last_space = false;
            // An ASCII char after it is never a combining mark: the common case skips the lookup.
            // A Hangul syllable, kana or ideograph folds to itself (see [`folds_to_itself`]).
            if (c.is_ascii() || folds_to_itself(c))
                && !chars
                    .peek()
                    .is_some_and(|&m| !m.is_ascii() && is_combining_mark(m))
            {
                if !c.is_ascii() {
                    text.push(c);
                    for _ in 0..c.len_utf8() {
                        spans.push((start, pos));
                    }
                    continue;
                }
                let l = c.to_ascii_lowercase();
                text.push(l);
                spans.push((start, pos));
                continue;
            }
            // A base char and the combining marks after it fold together (decomposed Vietnamese).
            buf.clear();
            buf.push(c);
            while let Some(&m) = chars.peek() {
                if is_combining_mark(m) {
                    buf.push(m);
                    chars.next();
                    at += m.len_utf8();
                    pos += 1;
                } else {
                    break;
                }
            }
            let before = text.len();
            for f in buf.nfkc() {
                push_folded(text, f);
            }
            for _ in before..text.len() {
                spans.push((start, pos));
            }
        }
    }

    /// The original char range `[start, end)` of the folded byte range `[from, to)`.
    pub fn original_range(&self, from: usize, to: usize) -> (usize, usize) {
        if self.text.is_empty() || from >= to {
            return (0, 0);
        }
        let last = self.text.len() - 1;
        let (start, end) = (self.span(from.min(last)).0, self.span((to - 1).min(last)).1);
        (start as usize, end as usize)
    }

    /// The original char offsets `[start, end)` folded byte `j` (of the text) came from.
    fn span(&self, j: usize) -> (u32, u32) {
        if !self.spans.is_empty() {
            return self.spans[j];
        }
        // All-ASCII text: the last shift at or before `j`.
        let i = self.shifts.partition_point(|&(at, _)| at as usize <= j);
        let d = i.checked_sub(1).map_or(0, |i| self.shifts[i].1);
        let c = j as u32 + d;
        (c, c + 1)
    }
}

/// How many bytes at the start of `s` are above a space (up to the first byte `<= b' '`, or
/// all of them), eight at a time: in a word of eight bytes, the lowest byte below 0x21 is the
/// lowest one whose top bit `(x - 0x21..21) & !x & 0x80..80` sets (the subtraction borrows only
/// out of such a byte, so the bytes before it are left alone; a byte of 0x80 or more has its
/// top bit cleared by `!x`).
#[inline]
fn bytes_above_space(s: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = 0;
    while let Some(w) = s.get(i..i + 8) {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        let low = x.wrapping_sub(ONES * 0x21) & !x & (ONES * 0x80);
        if low != 0 {
            return i + (low.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + s[i..]
        .iter()
        .position(|&b| b <= b' ')
        .unwrap_or(s.len() - i)
}

/// What [`Folded::refold_any`] makes of all-ASCII text, faster: each char lower-cased, a run of
/// whitespace one space (one line break when it holds one) and none at the start, each folded
/// byte mapped to its one char through `shifts` (see [`Folded`]).
fn fold_ascii(bytes: &[u8], text: &mut String, shifts: &mut Vec<(u32, u32)>) {
    // The whole text copied lower-cased at once; then the whitespace that the fold drops is
    // squeezed out, moving each stretch between drops once.
    let mut out: Vec<u8> = std::mem::take(text).into_bytes();
    out.extend_from_slice(bytes);
    out.make_ascii_lowercase();
    let n = out.len();
    // Folded bytes so far (where the next kept stretch goes), and original bytes read so far.
    let (mut w, mut r) = (0, 0);
    let mut last_space = true;
    let mut i = 0;
    while i < n {
        // Whitespace is at most a space: a stretch of greater bytes is skipped at once.
        let stretch = bytes_above_space(&out[i..]);
        if stretch > 0 {
            last_space = false;
            i += stretch;
            continue;
        }
        let b = out[i];
        i += 1;
        if !is_ascii_space(b) {
            last_space = false;
            continue;
        }
        if !last_space {
            out[i - 1] = if b == b'\n' { b'\n' } else { b' ' };
            last_space = true;
            continue;
        }
        // Dropped: the bytes kept since the last drop move to their place first.
        out.copy_within(r..i - 1, w);
        w += i - 1 - r;
        r = i;
        if b == b'\n' && w > 0 && out[w - 1] == b' ' {
            // A run of whitespace that holds a line break folds to the line break.
            out[w - 1] = b'\n';
        }
        // Folded byte `w` on is original char `w + (r - w)`.
        match shifts.last_mut() {
            Some(last) if last.0 as usize == w => last.1 = (r - w) as u32,
            _ => shifts.push((w as u32, (r - w) as u32)),
        }
    }
    out.copy_within(r..n, w);
    out.truncate(w + (n - r));
    // Only ASCII bytes were put in the (emptied) buffer, so it is UTF-8.
    *text = String::from_utf8(out).unwrap_or_default();
}

/// Chars that NFKC, lower-casing and [`push_folded`] all leave as they are (Hangul syllables,
/// hiragana, katakana, CJK unified ideographs; a test checks every one): when no combining mark
/// follows one, it is its own fold, without the normaliser.
fn folds_to_itself(c: char) -> bool {
    matches!(c as u32, 0xAC00..=0xD7A3 | 0x3041..=0x3096 | 0x30A1..=0x30FA | 0x4E00..=0x9FFF)
}

/// Whether ASCII byte `b` is a whitespace char (what `char::is_whitespace` says of it).
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// Folds one normalised char: lower case, plain quotes and dashes.
fn push_folded(out: &mut String, c: char) {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{FF07}' => out.push('\''),
        '\u{201C}' | '\u{201D}' | '\u{00AB}' | '\u{00BB}' => out.push('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => out.push('-'),
        c if c.is_whitespace() => out.push(' '),
        c => out.extend(c.to_lowercase()),
    }
}

/// Folds a phrase or trigger the way text is folded (no offsets kept), trimmed.
pub fn fold(s: &str) -> String {
    Folded::new(s.trim()).text.trim().to_string()
}

/// Whether `c` belongs to a script written with spaces between words (Latin, Cyrillic, Greek, digits…).
/// Hangul, kana and CJK ideographs are not: their phrases match inside longer runs.
pub fn is_word_char(c: char) -> bool {
    // ASCII (most chars of most texts) is never CJK: skip the range checks.
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    c.is_alphanumeric() && !is_cjk(c)
}

/// Han, kana, Hangul and other scripts with no spaces between words.
pub fn is_cjk(c: char) -> bool {
    // Below the first range (Latin, Greek, Cyrillic…): one comparison instead of nine.
    if (c as u32) < 0x1100 {
        return false;
    }
    matches!(c as u32,
        0x1100..=0x11FF | 0x3040..=0x30FF | 0x3130..=0x318F | 0x3400..=0x4DBF |
        0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F |
        0x20000..=0x2FFFF)
}

/// Byte offsets of the non-overlapping occurrences of `needle` in `hay`, leftmost first: what
/// `str::match_indices` finds, without building a searcher (for the short windows and sentences
/// the label rules look in, building one costs more than the scan). An empty needle finds nothing.
pub fn occurrences<'a>(hay: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let mut i = 0;
    std::iter::from_fn(move || {
        let first = *n.first()?;
        while i + n.len() <= h.len() {
            let at = i + memchr::memchr(first, &h[i..=h.len() - n.len()])?;
            if h[at..].starts_with(n) {
                i = at + n.len();
                return Some(at);
            }
            i = at + 1;
        }
        None
    })
}

/// Slices `s` by char offsets `[start, end)`.
pub fn char_slice(s: &str, start: usize, end: usize) -> &str {
    let mut it = s
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()));
    let b = it.by_ref().nth(start).unwrap_or(s.len());
    let e = if end > start {
        it.nth(end - start - 1).unwrap_or(s.len())
    } else {
        b
    };
    &s[b..e]
}

/// Traditional Chinese characters in folded text replaced by their simplified forms, in place.
/// The table maps three-byte chars to three-byte chars, so every byte offset (and the map back
/// to the original text) stays valid; a text the table would change in length is left as it was.
pub fn simplify_chinese(folded: &mut String) {
    // Only text with a char outside ASCII can hold a Han char.
    if folded.is_ascii() {
        return;
    }
    let simplified = fast2s::convert(folded);
    if simplified.len() == folded.len() {
        *folded = simplified;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_above_space_stops_where_the_byte_scan_does() {
        // Every byte value at every place of texts up to 20 bytes long, among letters and
        // high bytes, so each place of the eight-byte words and the tail is tried.
        for len in 0..20 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s: Vec<u8> =
                        (0..len).map(|k| [b'a', 0xC3, b'~', 0x80][k % 4]).collect();
                    s[at] = b;
                    let want = s.iter().position(|&c| c <= b' ').unwrap_or(s.len());
                    assert_eq!(bytes_above_space(&s), want, "{s:?}");
                }
            }
            let plain = vec![b'x'; len];
            assert_eq!(bytes_above_space(&plain), len);
        }
    }

    #[test]
    fn folds_width_case_and_space_and_maps_back() {
        let original = "Ｔｉｍｅｏｕｔ\n\n  ERRORS  in １０時";
        let f = Folded::new(original);
        assert_eq!(f.text, "timeout\nerrors in 10時");
        let at = f.text.find("errors").unwrap();
        let (s, e) = f.original_range(at, at + "errors".len());
        assert_eq!(char_slice(original, s, e), "ERRORS");
        let (s, e) = f.original_range(0, 7);
        assert_eq!(char_slice(original, s, e), "Ｔｉｍｅｏｕｔ");
    }

    #[test]
    fn decomposed_vietnamese_matches_composed() {
        let decomposed: String = "mất dữ liệu".nfd().collect();
        let f = Folded::new(&decomposed);
        assert_eq!(f.text, "mất dữ liệu");
        let (s, e) = f.original_range(0, f.text.len());
        assert_eq!(char_slice(&decomposed, s, e), decomposed);
    }

    #[test]
    fn occurrences_are_match_indices() {
        for (hay, needle) in [
            ("aaaa", "aa"),
            ("abcabcab", "abc"),
            ("", "a"),
            ("a", "ab"),
            ("장애 장애장애", "장애"),
            ("ünter über", "über"),
        ] {
            let want: Vec<usize> = hay.match_indices(needle).map(|(i, _)| i).collect();
            assert_eq!(
                occurrences(hay, needle).collect::<Vec<_>>(),
                want,
                "{hay:?} {needle:?}"
            );
        }
        assert_eq!(occurrences("abc", "").count(), 0);
    }

    #[test]
    fn refolding_reuses_buffers_and_folds_the_same() {
        let texts = [
            "Ｔｉｍｅｏｕｔ\n\n  ERRORS  in １０時",
            "e\u{301}te\u{301} \t\r\n MẤT dữ liệu",
            "plain ASCII, Tabs\tand\u{b}marks \u{1}!",
            "",
        ];
        let mut f = Folded::default();
        for t in texts.iter().chain(texts.iter().rev()) {
            f.refold(t);
            let fresh = Folded::new(t);
            assert_eq!(f.text, fresh.text);
            assert_eq!(f.spans, fresh.spans);
            assert_eq!(f.shifts, fresh.shifts);
        }
        assert_eq!(Folded::new("e\u{301} X").text, "é x");
        assert_eq!(
            Folded::new("Ab\u{301}C d").text,
            "ab\u{301}c d".nfc().collect::<String>()
        );
        for b in 0u8..128 {
            assert_eq!(is_ascii_space(b), (b as char).is_whitespace(), "{b}");
        }
    }

    #[test]
    fn ascii_text_folds_as_the_general_path_folds_it() {
        let texts = [
            "",
            "  \n Lead space\tand  TABS\r\n\n x \x0b\x0c y\n",
            "Plain, ASCII: 50% of HTTP 5xx (in US-East-1)!\n\n  - item\n",
            " \n",
            "a\n \nb \n c",
            "\u{1}ctl\u{7f} x",
            "Two  drops   in\t\tone LINE \n\n\n end  ",
        ];
        for t in texts {
            let mut fast = Folded::default();
            fast.refold(t);
            let mut general = Folded::default();
            general.refold_any(t);
            assert_eq!(fast.text, general.text, "{t:?}");
            assert!(fast.spans.is_empty());
            // Every folded range maps back to the same original chars.
            let n = fast.text.len();
            for from in 0..=n + 1 {
                for to in from..=n + 1 {
                    assert_eq!(
                        fast.original_range(from, to),
                        general.original_range(from, to),
                        "{t:?} {from}..{to}"
                    );
                }
            }
        }
    }

    #[test]
    fn chars_that_fold_to_themselves_do() {
        for c in ('\u{3041}'..='\u{D7A3}').filter(|&c| folds_to_itself(c)) {
            let mut folded = String::new();
            for f in c.to_string().nfkc() {
                push_folded(&mut folded, f);
            }
            assert_eq!(folded, c.to_string(), "U+{:04X}", c as u32);
        }
        // Through the whole fold too, next to ASCII and a combining mark.
        assert_eq!(Folded::new("A장애 発生が。").text, "a장애 発生が。");
        assert_eq!(Folded::new("か\u{3099}x").text, "がx");
    }

    #[test]
    fn typographic_quotes_fold() {
        assert_eq!(fold("n’a pas"), "n'a pas");
        assert_eq!(fold("  Out Of Memory "), "out of memory");
    }
}
