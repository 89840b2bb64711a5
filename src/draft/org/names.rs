//! Runs of capitalised words in a text ("Japan Post Bank", "National Stock Exchange of India",
//! "Files.com", "Tân Sơn Nhất"), found by a hand scan instead of a regex.
//!
//! The scan finds exactly what the regex
//! `W(?:[ \t]+(?:(?:of|de|du|des|da|do|del|der|von|für|y|e|&)[ \t]+)?W){0,4}` finds with
//! `find_iter` (leftmost-first, greedy), where `W` is
//! `\p{Lu}[\p{Latin}\p{M}\p{N}]*(?:[.&-][\p{Latin}\p{N}][\p{Latin}\p{M}\p{N}]*)*`. That regex
//! cost a one-page draft about a tenth of its CPU (compiling its Unicode classes five times
//! over, then its lazy DFA on the page); every part after the first capital is optional, so the
//! greedy path never backtracks and a forward scan gives the same matches. The character
//! classes come from regex-syntax's own Unicode tables, so they agree with the regex crate's.
use regex_syntax::hir::{Class, HirKind};
use std::sync::OnceLock;

/// Words that may join two capitalised words inside a name.
const JOINERS: [&str; 13] = [
    "of", "de", "du", "des", "da", "do", "del", "der", "von", "für", "y", "e", "&",
];
/// At most this many words after the first.
const MAX_MORE_WORDS: usize = 4;

/// A Unicode character class as sorted ranges, with an ASCII lookup table.
struct CharClass {
    ascii: [bool; 128],
    ranges: Vec<(char, char)>,
}

impl CharClass {
    fn new(pattern: &str) -> CharClass {
        let hir = regex_syntax::Parser::new()
            .parse(pattern)
            .expect("a valid character class");
        let ranges: Vec<(char, char)> = match hir.kind() {
            HirKind::Class(Class::Unicode(c)) => {
                c.ranges().iter().map(|r| (r.start(), r.end())).collect()
            }
            other => unreachable!("{pattern} is not a Unicode class: {other:?}"),
        };
        let mut ascii = [false; 128];
        for (b, slot) in ascii.iter_mut().enumerate() {
            let c = b as u8 as char;
            *slot = ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi);
        }
        CharClass { ascii, ranges }
    }

    fn contains(&self, c: char) -> bool {
        if c.is_ascii() {
            return self.ascii[c as usize];
        }
        self.ranges
            .binary_search_by(|&(lo, hi)| {
                if hi < c {
                    std::cmp::Ordering::Less
                } else if lo > c {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
}

struct Classes {
    /// `\p{Lu}`: a word's first letter.
    upper: CharClass,
    /// `[\p{Latin}\p{M}\p{N}]`: the rest of a word.
    rest: CharClass,
    /// `[\p{Latin}\p{N}]`: the first letter after `.`, `&` or `-` inside a word.
    after_joint: CharClass,
}

fn classes() -> &'static Classes {
    static C: OnceLock<Classes> = OnceLock::new();
    C.get_or_init(|| Classes {
        upper: CharClass::new(r"\p{Lu}"),
        rest: CharClass::new(r"[\p{Latin}\p{M}\p{N}]"),
        after_joint: CharClass::new(r"[\p{Latin}\p{N}]"),
    })
}

/// One run of capitalised words: its byte span in the text and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameMatch<'t> {
    start: usize,
    end: usize,
    text: &'t str,
}

impl<'t> NameMatch<'t> {
    pub fn start(&self) -> usize {
        self.start
    }
    pub fn end(&self) -> usize {
        self.end
    }
    pub fn as_str(&self) -> &'t str {
        self.text
    }
}

/// Every run of capitalised words in `text`, left to right, not overlapping.
pub fn find_iter(text: &str) -> impl Iterator<Item = NameMatch<'_>> {
    let c = classes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < text.len() {
            let ch = text[at..].chars().next()?;
            if let Some(end) = word_end(text, at, c) {
                let end = more_words(text, end, c);
                let m = NameMatch {
                    start: at,
                    end,
                    text: &text[at..end],
                };
                at = end;
                return Some(m);
            }
            at += ch.len_utf8();
        }
        None
    })
}

/// The end of the word `W` starting at byte `at`, if one starts there.
fn word_end(text: &str, at: usize, c: &Classes) -> Option<usize> {
    let mut chars = text[at..].char_indices().peekable();
    let (_, first) = chars.next()?;
    if !c.upper.contains(first) {
        return None;
    }
    let mut end = at + first.len_utf8();
    let rest_of = |from: usize| -> usize {
        let mut e = from;
        for ch in text[from..].chars() {
            if !c.rest.contains(ch) {
                break;
            }
            e += ch.len_utf8();
        }
        e
    };
    end = rest_of(end);
    // `(?:[.&-][\p{Latin}\p{N}][\p{Latin}\p{M}\p{N}]*)*`
    loop {
        let mut it = text[end..].chars();
        match (it.next(), it.next()) {
            (Some(j @ ('.' | '&' | '-')), Some(n)) if c.after_joint.contains(n) => {
                end = rest_of(end + j.len_utf8() + n.len_utf8());
            }
            _ => return Some(end),
        }
    }
}

/// The end of the match after up to four more words, each after spaces or tabs and an optional
/// joining word ("of", "de", "&"…).
fn more_words(text: &str, mut end: usize, c: &Classes) -> usize {
    let blanks = |from: usize| -> usize {
        from + text[from..]
            .bytes()
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count()
    };
    for _ in 0..MAX_MORE_WORDS {
        let gap = blanks(end);
        if gap == end {
            return end;
        }
        let rest = &text[gap..];
        let joined = JOINERS.iter().find_map(|j| {
            let after = rest.strip_prefix(j)?;
            let next = gap + j.len();
            let word_at = blanks(next);
            (after.starts_with([' ', '\t']))
                .then(|| word_end(text, word_at, c))
                .flatten()
        });
        match joined.or_else(|| word_end(text, gap, c)) {
            Some(e) => end = e,
            None => return end,
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regex this scan stands for.
    fn regex() -> regex::Regex {
        let word = r"\p{Lu}[\p{Latin}\p{M}\p{N}]*(?:[.&-][\p{Latin}\p{N}][\p{Latin}\p{M}\p{N}]*)*";
        regex::Regex::new(&format!(
            r"{word}(?:[ \t]+(?:(?:of|de|du|des|da|do|del|der|von|für|y|e|&)[ \t]+)?{word}){{0,4}}"
        ))
        .unwrap()
    }

    fn same_as_regex(re: &regex::Regex, text: &str) {
        let want: Vec<(usize, usize)> = re.find_iter(text).map(|m| (m.start(), m.end())).collect();
        let got: Vec<(usize, usize)> = find_iter(text).map(|m| (m.start(), m.end())).collect();
        if want != got {
            let first = want
                .iter()
                .zip(&got)
                .position(|(a, b)| a != b)
                .unwrap_or(want.len().min(got.len()));
            panic!(
                "differs from the regex at match {first}: regex {:?}, scan {:?}",
                want.get(first).map(|&(s, e)| &text[s..e]),
                got.get(first).map(|&(s, e)| &text[s..e])
            );
        }
    }

    #[test]
    fn finds_names_with_joining_words_and_inner_punctuation() {
        let names: Vec<&str> = find_iter(
            "The National Stock Exchange of India and Files.com said; AT&T, Tân Sơn Nhất, \
             Banco de  Chile y Otros Más Nombres Aquí Ya. iPhone 4 May",
        )
        .map(|m| m.as_str())
        .collect();
        assert_eq!(
            names,
            [
                "The National Stock Exchange of India",
                "Files.com",
                "AT&T",
                "Tân Sơn Nhất",
                "Banco de  Chile y Otros Más Nombres",
                "Aquí Ya",
                "Phone",
                "May",
            ]
        );
    }

    #[test]
    fn matches_the_regex_on_tricky_text() {
        let re = regex();
        for text in [
            "",
            "A",
            "A.",
            "A.b",
            "A-",
            "A- B",
            "A de",
            "A de ",
            "A de b",
            "A de B",
            "A des B",
            "A desB",
            "A &  B",
            "A\t\tof\tB",
            "A of of B",
            "A B C D E F G H",
            "Ünïcode Ωmega Straße Łódź ÉCOLE",
            "Ǆemal ǅ Ⅻ Ⅷ Σ ΣΑ Ab\u{301}c D\u{301}",
            "A.\u{301}B",
            "X-Ray-1 Y.2 Z&3",
            "日本 Post 銀行 Tokyo-駅 Café",
            "e E e E",
            "A für B von C y D e E & F",
        ] {
            same_as_regex(&re, text);
        }
    }

    #[test]
    fn matches_the_regex_on_every_fixture_and_corpus_page() {
        let re = regex();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs = vec![root.join("tests/fixtures")];
        // The shared corpora when present (not required: the fixtures cover every language).
        for d in ["../shared/real-corpus", "../shared/dev-corpus"] {
            dirs.push(root.join(d));
        }
        let mut read = 0;
        for dir in dirs {
            for e in walkdir::WalkDir::new(dir).into_iter().flatten() {
                if !e.file_type().is_file() {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(e.path()) else {
                    continue;
                };
                same_as_regex(&re, &text);
                read += 1;
            }
        }
        assert!(read > 50, "only {read} files read");
    }
}
