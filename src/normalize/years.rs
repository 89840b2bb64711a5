//! Years written as years in folded text ("2018년", "2018年", "2021-10-25"), found by a byte scan, and the page's own year.
//!
//! What the scan finds is exactly what the regular expression
//! `(?:^|[^0-9])((?:19|20)[0-9]{2})(?:\s*(년|年)|[-./][0-9]{1,2}[-./][0-9]{1,2})` finds with
//! `captures_iter` (a test holds the two together): the regex engine cannot skip ahead on a
//! literal there, so it stepped through every byte of every case, several times the scan's cost.
use std::collections::BTreeMap;

/// Year words that mark the number before them as a year.
const YEAR_WORDS: [char; 2] = ['년', '年'];
/// Separators of a written date ("2021-10-25", "2021.10.25", "2021/10/25").
const DATE_SEPARATORS: [u8; 3] = [b'-', b'.', b'/'];

/// The years of a text and the page's own year: the one it names most, the latest on a tie.
pub(super) struct Years {
    /// (folded byte offset, year) of each year written with a year word (년, 年).
    pub marked: Vec<(usize, u32)>,
    pub own: Option<u32>,
}

impl Years {
    pub fn find(f: &str) -> Self {
        let mut marked = Vec::new();
        let mut count: BTreeMap<u32, usize> = BTreeMap::new();
        for (at, year, word) in year_matches(f) {
            *count.entry(year).or_default() += 1;
            if word {
                marked.push((at, year));
            }
        }
        let own = count
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(b.0)))
            .map(|(y, _)| *y);
        Years { marked, own }
    }
}

/// (byte offset, year, written with a year word) of each year, in text order, as the regex's
/// successive matches give them: a match takes the char before its year and what follows it,
/// and the next match begins only after it ends.
fn year_matches(f: &str) -> Vec<(usize, u32, bool)> {
    let b = f.as_bytes();
    let mut out = Vec::new();
    // Where the last match ended: the next one's leading char starts here or later.
    let mut last_end = 0usize;
    for p in memchr::memchr2_iter(b'1', b'2', b) {
        if p < last_end || p + 4 > b.len() {
            continue;
        }
        let y = &b[p..p + 4];
        if !(matches!(&y[..2], b"19" | b"20") && y[2].is_ascii_digit() && y[3].is_ascii_digit()) {
            continue;
        }
        // The text's start, or one char that is not an ASCII digit, beginning at or after the
        // last match's end (`p` is a char boundary: its byte is ASCII).
        if p > 0 {
            let Some(before) = f[..p].chars().next_back() else {
                continue;
            };
            if before.is_ascii_digit() || p - before.len_utf8() < last_end {
                continue;
            }
        }
        let Some((end, word)) = year_end(f, p + 4) else {
            continue;
        };
        let year = y.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        out.push((p, year, word));
        last_end = end;
    }
    out
}

/// Where a match whose year ends at `q` ends, and whether it is a year word's: whitespace and
/// then 년 or 年, else a date's `[-./]` 1–2 digits `[-./]` 1–2 digits; None when neither follows.
fn year_end(f: &str, q: usize) -> Option<(usize, bool)> {
    let rest = &f[q..];
    let spaced = rest.trim_start_matches(char::is_whitespace);
    if let Some(c) = spaced.chars().next().filter(|c| YEAR_WORDS.contains(c)) {
        return Some((f.len() - spaced.len() + c.len_utf8(), true));
    }
    let b = rest.as_bytes();
    let digits_at = |i: usize| -> usize {
        match (b.get(i), b.get(i + 1)) {
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => 2,
            (Some(x), _) if x.is_ascii_digit() => 1,
            _ => 0,
        }
    };
    if !b.first().is_some_and(|c| DATE_SEPARATORS.contains(c)) {
        return None;
    }
    // A run of one or two digits must be followed by a separator; with two digits and no
    // separator after them, one digit leaves a digit next, so neither reading matches.
    let n = digits_at(1);
    if n == 0 || !b.get(1 + n).is_some_and(|c| DATE_SEPARATORS.contains(c)) {
        return None;
    }
    let m = digits_at(2 + n);
    if m == 0 {
        return None;
    }
    Some((q + 2 + n + m, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regex the scan stands for, as the labeller used it.
    fn by_regex(f: &str) -> Vec<(usize, u32, bool)> {
        let re = regex::Regex::new(
            r"(?:^|[^0-9])((?:19|20)[0-9]{2})(?:\s*(년|年)|[-./][0-9]{1,2}[-./][0-9]{1,2})",
        )
        .unwrap();
        re.captures_iter(f)
            .filter_map(|c| {
                let y = c.get(1)?;
                Some((y.start(), c[1].parse().ok()?, c.get(2).is_some()))
            })
            .collect()
    }

    #[test]
    fn finds_what_the_regex_finds() {
        let cases = [
            "2018년 화재",
            "지난 2018년 … 2019年 2021-10-25",
            "2018년2019년",
            "2018-1-12019년",
            "x2018 년 y1999.1.2 z2000/12/31 2001-123-4",
            "1999-12-3x 2020 . 1 . 2 20200-1-1 ab2024-01-011",
            "é2024年 \u{3000}2023\u{3000}年 2022\n년",
            "2018-10-25 2019년 20181년 12018년",
            "",
            "2019",
            "2019-",
            "2019-1",
            "2019-1-",
        ];
        for f in cases {
            assert_eq!(year_matches(f), by_regex(f), "{f:?}");
        }
    }

    #[test]
    fn finds_what_the_regex_finds_in_generated_text() {
        use proptest::prelude::*;
        let piece = prop::sample::select(vec![
            "19", "20", "2", "1", "0", "9", "5", "-", ".", "/", " ", "\n", "\u{3000}", "년", "年",
            "a", "é", "x",
        ]);
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(2000));
        runner
            .run(&prop::collection::vec(piece, 0..40), |parts| {
                let f: String = parts.concat();
                prop_assert_eq!(year_matches(&f), by_regex(&f), "{:?}", f);
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn the_own_year_is_the_one_named_most_the_latest_on_a_tie() {
        let f = "2019년 장애, 2018년 장애, 2019-03-01, 2018.1.2";
        let y = Years::find(f);
        assert_eq!(y.own, Some(2019));
        assert_eq!(y.marked, vec![(0, 2019), (f.find("2018년").unwrap(), 2018)]);
    }
}
