//! Language of a page and of each block: script shortcuts (Hangul, kana, Han, Vietnamese letters), then whatlang.
//!
//! Scripts decide first because they are unambiguous and robust to quoted English: a Korean
//! page that quotes English log lines is still Korean as long as Hangul makes up
//! [`CJK_SHARE`] of its letters. Latin-script languages go to whatlang; a short or unreliable
//! block inherits the page's language.
use super::UNKNOWN_LANGUAGE;
use std::sync::LazyLock;
use whatlang::{Detector, Lang};

/// The languages a block can be given (the nine the library supports); restricting whatlang
/// to them keeps per-block detection fast and avoids exotic guesses on short text.
const BLOCK_LANGUAGES: [Lang; 9] = [
    Lang::Eng,
    Lang::Kor,
    Lang::Vie,
    Lang::Jpn,
    Lang::Cmn,
    Lang::Deu,
    Lang::Fra,
    Lang::Spa,
    Lang::Por,
];

static BLOCK_DETECTOR: LazyLock<Detector> =
    LazyLock::new(|| Detector::with_allowlist(BLOCK_LANGUAGES.to_vec()));

/// Share of letters in CJK scripts (Hangul, kana, Han) above which the text is CJK.
pub const CJK_SHARE: f64 = 0.2;
/// Share of CJK letters that must be kana for CJK text to be Japanese rather than Chinese.
pub const KANA_SHARE_OF_CJK: f64 = 0.05;
/// Share of Latin letters that must be Vietnamese-only letters (ơ, ư, đ, ă, ạ, ế, …) for vi.
pub const VIETNAMESE_SHARE: f64 = 0.02;
/// Minimum count of Vietnamese-only letters (so one stray "đ" does not make a block vi).
pub const VIETNAMESE_MIN: usize = 2;
/// Blocks with fewer words than this inherit the page's language unless a script decides.
pub const MIN_BLOCK_WORDS: usize = 4;
/// At most this many chars of a page are given to whatlang (it is linear in its input; a
/// sample is enough for a page).
pub const PAGE_SAMPLE_CHARS: usize = 4000;
/// At most this many chars of one block are given to whatlang.
pub const BLOCK_SAMPLE_CHARS: usize = 200;

/// Letter counts by script.
#[derive(Debug, Default, Clone, Copy)]
pub struct ScriptCounts {
    pub letters: usize,
    pub latin: usize,
    pub hangul: usize,
    pub kana: usize,
    pub han: usize,
    pub vietnamese: usize,
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{309F}' | '\u{30A0}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}')
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2A6DF}')
}

/// Letters only Vietnamese uses among the nine languages.
fn is_vietnamese(c: char) -> bool {
    matches!(
        c,
        '\u{1EA0}'
            ..='\u{1EF9}'
                | '\u{01A0}'
                | '\u{01A1}'
                | '\u{01AF}'
                | '\u{01B0}'
                | '\u{0110}'
                | '\u{0111}'
                | '\u{0102}'
                | '\u{0103}'
    )
}

/// Counts the letters of `text` by script.
pub fn count_scripts(text: &str) -> ScriptCounts {
    let mut s = ScriptCounts::default();
    for c in text.chars() {
        if !c.is_alphabetic() {
            continue;
        }
        s.letters += 1;
        if is_hangul(c) {
            s.hangul += 1;
        } else if is_kana(c) {
            s.kana += 1;
        } else if is_han(c) {
            s.han += 1;
        } else if c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(&c) {
            s.latin += 1;
        } else if is_vietnamese(c) {
            s.latin += 1;
        }
        if is_vietnamese(c) {
            s.vietnamese += 1;
        }
    }
    s
}

/// The language the scripts alone decide, if they do. `context` (the page language) settles
/// Han-only text on a Japanese page.
pub fn script_language(s: &ScriptCounts, context: Option<&str>) -> Option<&'static str> {
    if s.letters == 0 {
        return None;
    }
    let cjk = s.hangul + s.kana + s.han;
    if cjk as f64 >= s.letters as f64 * CJK_SHARE {
        if s.hangul >= s.kana + s.han {
            return Some("ko");
        }
        if s.kana as f64 >= (s.kana + s.han) as f64 * KANA_SHARE_OF_CJK {
            return Some("ja");
        }
        return Some(match context {
            Some("ja") => "ja",
            Some("ko") if s.hangul > 0 => "ko",
            _ => "zh",
        });
    }
    if s.vietnamese >= VIETNAMESE_MIN && s.vietnamese as f64 >= s.latin as f64 * VIETNAMESE_SHARE {
        return Some("vi");
    }
    None
}

/// ISO 639-1 code of a whatlang language (ISO 639-3 for those without a mapping here).
pub fn iso639_1(lang: Lang) -> String {
    let code = match lang {
        Lang::Eng => "en",
        Lang::Kor => "ko",
        Lang::Vie => "vi",
        Lang::Jpn => "ja",
        Lang::Cmn => "zh",
        Lang::Deu => "de",
        Lang::Fra => "fr",
        Lang::Spa => "es",
        Lang::Por => "pt",
        Lang::Rus => "ru",
        Lang::Ukr => "uk",
        Lang::Ita => "it",
        Lang::Nld => "nl",
        Lang::Pol => "pl",
        Lang::Tur => "tr",
        Lang::Swe => "sv",
        Lang::Dan => "da",
        Lang::Nob => "nb",
        Lang::Fin => "fi",
        Lang::Ces => "cs",
        Lang::Ara => "ar",
        Lang::Heb => "he",
        Lang::Hin => "hi",
        Lang::Tha => "th",
        Lang::Ind => "id",
        other => other.code(),
    };
    code.to_string()
}

/// The primary subtag of a `lang` attribute, lower-cased (`ko-KR` → `ko`).
pub fn primary_subtag(attr: &str) -> Option<String> {
    let p = attr.split(['-', '_']).next()?.trim().to_ascii_lowercase();
    (p.len() >= 2 && p.len() <= 3 && p.chars().all(|c| c.is_ascii_alphabetic())).then_some(p)
}

fn sample(text: &str, max_chars: usize) -> &str {
    match text.char_indices().nth(max_chars) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// The language of a whole page's text; `lang_attr` is used when the text does not decide.
pub fn page_language(text: &str, lang_attr: Option<&str>) -> String {
    let attr = lang_attr.and_then(primary_subtag);
    if let Some(code) = script_language(&count_scripts(text), attr.as_deref()) {
        return code.to_string();
    }
    let detected = whatlang::detect(sample(text, PAGE_SAMPLE_CHARS));
    match (detected, attr) {
        (Some(info), _) if info.is_reliable() => iso639_1(info.lang()),
        (_, Some(attr)) => attr,
        (Some(info), None) => iso639_1(info.lang()),
        (None, None) => UNKNOWN_LANGUAGE.to_string(),
    }
}

/// The language of one block; short or undecided blocks take `page_lang`.
pub fn block_language(text: &str, page_lang: &str) -> String {
    if let Some(code) = script_language(&count_scripts(text), Some(page_lang)) {
        return code.to_string();
    }
    if super::metric::word_iter(text).take(MIN_BLOCK_WORDS).count() < MIN_BLOCK_WORDS {
        return page_lang.to_string();
    }
    match BLOCK_DETECTOR.detect(sample(text, BLOCK_SAMPLE_CHARS)) {
        Some(info) if info.is_reliable() => iso639_1(info.lang()),
        _ => page_lang.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korean_page_quoting_english_logs_is_korean() {
        let text = "장애 보고서입니다. 로그에 다음 줄이 찍혔습니다: ERROR connection refused \
                    while reading response header from upstream server backend-01";
        assert_eq!(page_language(text, Some("en")), "ko");
    }

    #[test]
    fn kana_makes_japanese_and_han_alone_makes_chinese() {
        assert_eq!(
            page_language("認証サーバーの負荷が平常に戻る。", None),
            "ja"
        );
        assert_eq!(
            page_language("下午3点20分，支付服务开始出现大量超时。", None),
            "zh"
        );
        assert_eq!(block_language("障害報告書", "ja"), "ja");
    }

    #[test]
    fn vietnamese_diacritics_make_vietnamese() {
        assert_eq!(
            page_language(
                "Sự cố kéo dài khoảng 52 phút, người dùng không thể đăng nhập.",
                None
            ),
            "vi"
        );
    }

    #[test]
    fn short_block_inherits_page_language() {
        assert_eq!(block_language("14:05 UTC", "de"), "de");
    }

    #[test]
    fn lang_attr_primary_subtag() {
        assert_eq!(primary_subtag("ko-KR").as_deref(), Some("ko"));
        assert_eq!(primary_subtag("").as_deref(), None);
    }
}
