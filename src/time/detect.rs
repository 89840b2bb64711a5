//! Language of a text for the time parser: script shortcuts (Hangul, kana, Han, Vietnamese) then whatlang.
use whatlang::{Detector, Lang};

/// Share of letters a script needs before it decides the language on its own.
const SCRIPT_SHARE: f64 = 0.05;
/// Chars of the text given to whatlang (plenty for a language guess, cheap on long pages).
const WHATLANG_SAMPLE_CHARS: usize = 8_000;
/// Below this whatlang confidence an unreliable guess falls back to English.
const MIN_CONFIDENCE: f64 = 0.2;
/// The language assumed for Latin-script text whatlang cannot place.
const FALLBACK: &str = "en";
/// Vietnamese-only letters (beyond those shared with French, Portuguese, …) needed to call it Vietnamese.
const MIN_VIETNAMESE_LETTERS: usize = 3;

fn is_vietnamese_letter(c: char) -> bool {
    matches!(c, 'ơ' | 'ư' | 'ă' | 'đ' | 'Ơ' | 'Ư' | 'Ă' | 'Đ')
        || ('\u{1EA0}'..='\u{1EF9}').contains(&c)
}

/// The language code of `text` among en, ko, ja, zh, vi, de, fr, es, pt; None when unknown.
pub fn detect_language(text: &str) -> Option<&'static str> {
    let (mut hangul, mut kana, mut han, mut viet, mut letters) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    for c in text.chars().take(200_000) {
        if !c.is_alphabetic() {
            continue;
        }
        letters += 1;
        match c as u32 {
            0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F => hangul += 1,
            0x3040..=0x30FF => kana += 1,
            0x4E00..=0x9FFF | 0x3400..=0x4DBF => han += 1,
            _ if is_vietnamese_letter(c) => viet += 1,
            _ => {}
        }
    }
    if letters == 0 {
        return None;
    }
    let share = |n: usize| n as f64 / letters as f64;
    if share(hangul) >= SCRIPT_SHARE {
        return Some("ko");
    }
    if share(kana) >= SCRIPT_SHARE / 2.0 {
        return Some("ja");
    }
    if share(han) >= SCRIPT_SHARE {
        return Some("zh");
    }
    if viet >= MIN_VIETNAMESE_LETTERS {
        return Some("vi");
    }
    let detector =
        Detector::with_allowlist(vec![Lang::Eng, Lang::Deu, Lang::Fra, Lang::Spa, Lang::Por]);
    // letters only: digits, times and punctuation only confuse the trigram model
    let sample: String = text
        .chars()
        .take(WHATLANG_SAMPLE_CHARS)
        .map(|c| if c.is_alphabetic() { c } else { ' ' })
        .collect();
    let info = detector.detect(&sample)?;
    if !info.is_reliable() && info.confidence() < MIN_CONFIDENCE {
        return Some(FALLBACK);
    }
    Some(match info.lang() {
        Lang::Deu => "de",
        Lang::Fra => "fr",
        Lang::Spa => "es",
        Lang::Por => "pt",
        _ => "en",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_latin_languages() {
        assert_eq!(
            detect_language("오후 3시 반부터 약 55분 동안 장애"),
            Some("ko")
        );
        assert_eq!(detect_language("午後3時ごろに復旧しました"), Some("ja"));
        assert_eq!(detect_language("下午3点20分发起配置回滚"), Some("zh"));
        assert_eq!(detect_language("Sự cố kéo dài 2 giờ 15 phút"), Some("vi"));
        assert_eq!(
            detect_language("Die letzten betroffenen Systeme waren um 13:40 Uhr wieder erreichbar"),
            Some("de")
        );
        assert_eq!(detect_language(""), None);
        assert_eq!(
            detect_language("Between 14:05–15:40 UTC on March 4, 2025, it lasted 1 hour and 35 minutes. At 14:13 UTC paged."),
            Some("en")
        );
        assert_eq!(
            detect_language("L'incident a duré 2 heures et 21 minutes."),
            Some("fr")
        );
        assert_eq!(
            detect_language("El impacto total fue de 2:55 p. m. a 5:20 p. m."),
            Some("es")
        );
    }
}
