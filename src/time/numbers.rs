//! Text normalisation (full-width forms, spaces) and numbers: digits, locale decimals, CJK numerals, words.
use std::collections::BTreeMap;

/// Characters read as CJK numerals when a lexicon enables them.
pub const CJK_NUMERAL_CHARS: &str = "〇零一二两兩三四五六七八九十百千";

/// Maps each char to a plain form of the same count: full-width ASCII → ASCII, no-break and
/// other spaces → ' ', ideographic colon → ':'. Char offsets stay valid for the original.
pub fn normalize(text: &str) -> String {
    if !text
        .chars()
        .any(|c| normalize_char(c) != c || is_prime(c) || c == '…')
    {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    // a suspense ellipsis between a word and a number ("peu avant… 18 heures") is a space, so
    // the cue word reaches its clock
    let suspense = |i: usize| {
        chars[i] == '…'
            && i > 0
            && chars[i - 1].is_alphabetic()
            && chars
                .get(i + 1..)
                .and_then(|r| r.iter().find(|c| **c != ' '))
                .is_some_and(char::is_ascii_digit)
    };
    // a minute mark after a clock ("16h30’ chiều 29/9", "9:15′") is a space, so the clock
    // reaches the part of the day and the date after it
    let mut out = String::with_capacity(text.len());
    let mut tail: [char; 4] = [' '; 4];
    for (i, c) in text.chars().enumerate() {
        let c = if suspense(i) { ' ' } else { normalize_char(c) };
        let after_clock = tail[2].is_ascii_digit()
            && tail[3].is_ascii_digit()
            && matches!(tail[1], 'h' | 'H' | 'g' | ':')
            && tail[0].is_ascii_digit();
        let c = if is_prime(c) && after_clock { ' ' } else { c };
        out.push(c);
        tail = [tail[1], tail[2], tail[3], c];
    }
    out
}

/// Marks written after minutes ("16h30’", "16h30'", "9:15′").
fn is_prime(c: char) -> bool {
    matches!(c, '’' | '′' | '\'')
}

fn normalize_char(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{00A0}' | '\u{2007}' | '\u{202F}' | '\u{2009}' | '\u{200A}' | '\u{3000}' => ' ',
        '∶' => ':',
        // a Kangxi or supplement radical written for its ideograph ("3⽉27⽇": fonts and web
        // pages copied from PDFs map 月 and 日 to the radicals): the ideograph, same UTF-8 width
        '\u{2E80}'..='\u{2FDF}' => radical_ideograph(c).unwrap_or(c),
        _ => c,
    }
}

/// The one unified ideograph a Kangxi or supplement radical (U+2E80–U+2FDF) stands for (its
/// NFKC form, the same UTF-8 width), when it has one. The PDF reader unifies with it too.
pub fn radical_ideograph(c: char) -> Option<char> {
    if !('\u{2E80}'..='\u{2FDF}').contains(&c) {
        return None;
    }
    use unicode_normalization::UnicodeNormalization;
    let mut it = std::iter::once(c).nfkc();
    let one = it
        .next()
        .filter(|u| *u != c && u.len_utf8() == c.len_utf8())?;
    it.next().is_none().then_some(one)
}

/// Value of one CJK numeral digit.
fn cjk_digit(c: char) -> Option<u64> {
    Some(match c {
        '〇' | '零' => 0,
        '一' => 1,
        '二' | '两' | '兩' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// Parses a CJK numeral such as 十五, 二十, 一百二十, 两 (or digit-by-digit 二〇二五).
pub fn parse_cjk(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let has_unit = s.chars().any(|c| matches!(c, '十' | '百' | '千'));
    if !has_unit {
        let mut v: u64 = 0;
        for c in s.chars() {
            v = v.checked_mul(10)?.checked_add(cjk_digit(c)?)?;
        }
        return Some(v);
    }
    let mut total = 0u64;
    let mut current: Option<u64> = None;
    for c in s.chars() {
        let unit = match c {
            '十' => 10,
            '百' => 100,
            '千' => 1000,
            _ => {
                current = Some(cjk_digit(c)?);
                continue;
            }
        };
        total += current.unwrap_or(1) * unit;
        current = None;
    }
    Some(total + current.unwrap_or(0))
}

/// Parses a number as written: "52", "1,5" (decimal comma), "1.5", "123.45", a CJK numeral, or a
/// number word of the lexicon. Thousands separators ("1,234") are read as integers.
pub fn parse_number(s: &str, words: &BTreeMap<String, f64>) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        return t.parse().ok();
    }
    if t.chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    {
        let sep_count = t.chars().filter(|c| *c == '.' || *c == ',').count();
        if sep_count != 1 {
            return None;
        }
        let (a, b) = t.split_once(['.', ',']).unwrap_or((t, ""));
        if b.len() == 3 && !a.is_empty() && a != "0" {
            // 1,234 or 1.234: thousands
            return format!("{a}{b}").parse().ok();
        }
        return format!("{a}.{b}").parse().ok();
    }
    if t.chars().all(|c| CJK_NUMERAL_CHARS.contains(c)) {
        return parse_cjk(t).map(|v| v as f64);
    }
    words.get(&t.to_lowercase()).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radicals_written_for_ideographs_read_as_them_at_the_same_offsets() {
        let t = "3\u{2F49}27\u{2F47}午前10時20分";
        let n = normalize(t);
        assert_eq!(n, "3月27日午前10時20分");
        assert_eq!(n.len(), t.len());
    }

    #[test]
    fn cjk_numerals() {
        assert_eq!(parse_cjk("十"), Some(10));
        assert_eq!(parse_cjk("十五"), Some(15));
        assert_eq!(parse_cjk("二十"), Some(20));
        assert_eq!(parse_cjk("四"), Some(4));
        assert_eq!(parse_cjk("两"), Some(2));
        assert_eq!(parse_cjk("一百二十"), Some(120));
        assert_eq!(parse_cjk("二〇二五"), Some(2025));
    }

    #[test]
    fn locale_decimals_and_thousands() {
        let w = BTreeMap::new();
        assert_eq!(parse_number("1,5", &w), Some(1.5));
        assert_eq!(parse_number("123.45", &w), Some(123.45));
        assert_eq!(parse_number("1,234", &w), Some(1234.0));
        assert_eq!(parse_number("1.234", &w), Some(1234.0));
    }

    #[test]
    fn normalize_keeps_char_count() {
        let s = "１０時２３分\u{a0}ＪＳＴ";
        let n = normalize(s);
        assert_eq!(n, "10時23分 JST");
        assert_eq!(n.chars().count(), s.chars().count());
    }
}
