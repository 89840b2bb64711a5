//! Inline ruby readings: pages that render a ruby annotation inline put a Han character's
//! pinyin in brackets right after it ("網(wǎng)絡(luò)故障"), which splits every word of the text
//! ("网络故障" is no longer found). Such a reading is no text of the page and is dropped.

/// Pinyin vowels with a tone mark: a bracketed run holds a reading only with one of them, so
/// ordinary bracketed Latin after a Han character ("系统(beta)", "机房(idc)") stays.
const TONED: &str = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ";
/// The longest pinyin syllable ("zhuàng", "chuǎng").
const MAX_SYLLABLE: usize = 6;

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// The byte length of a reading at the start of `rest` (just after its opening bracket), its
/// closing bracket included: 1–6 Latin letters with at least one tone mark.
fn reading_len(rest: &str) -> Option<usize> {
    let mut toned = false;
    for (n, (j, c)) in rest.char_indices().enumerate() {
        match c {
            ')' | '）' => return (toned && n > 0).then_some(j + c.len_utf8()),
            _ if n >= MAX_SYLLABLE => return None,
            'a'..='z' | 'ü' => {}
            _ if TONED.contains(c) => toned = true,
            _ => return None,
        }
    }
    None
}

/// `text` without the bracketed pinyin readings written right after Han characters, or None
/// when it has none (the common case: nothing is copied).
pub(crate) fn strip_inline_readings(text: &str) -> Option<String> {
    if !text.contains(['(', '（']) {
        return None;
    }
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut prev_han = false;
    let mut skip_to = 0;
    for (i, c) in text.char_indices() {
        if i < skip_to {
            continue;
        }
        if prev_han && (c == '(' || c == '（') {
            let open = i + c.len_utf8();
            if let Some(len) = reading_len(&text[open..]) {
                let o = out.get_or_insert_with(|| String::with_capacity(text.len()));
                o.push_str(&text[copied..i]);
                copied = open + len;
                skip_to = copied;
                prev_han = false;
                continue;
            }
        }
        prev_han = is_han(c);
    }
    out.map(|mut o| {
        o.push_str(&text[copied..]);
        o
    })
}

#[cfg(test)]
mod tests {
    use super::strip_inline_readings as strip;

    #[test]
    fn pinyin_after_han_characters_is_dropped() {
        assert_eq!(
            strip("支付系統(tǒng)所在機房的網(wǎng)絡(luò)出現故障").as_deref(),
            Some("支付系統所在機房的網絡出現故障")
        );
        assert_eq!(strip("報（bào）錯").as_deref(), Some("報錯"));
    }

    #[test]
    fn other_brackets_stay() {
        // No tone mark, no Han character before, or too long for a syllable.
        assert_eq!(strip("系统(beta)上线"), None);
        assert_eq!(strip("the café (façade) wǎng"), None);
        assert_eq!(strip("下单(wǎngzhàn)"), None);
        assert_eq!(strip("机房(IDC)故障"), None);
        assert_eq!(strip("没有括号"), None);
    }
}
