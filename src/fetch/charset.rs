//! Bytes → text: BOM, then the Content-Type charset, then `<meta>` in the head, then chardetng.
use encoding_rs::Encoding;
use regex::bytes::Regex;
use std::sync::OnceLock;

/// How far into a document a `<meta charset>` is looked for (HTML says 1024; pages overshoot).
pub const META_PRESCAN_BYTES: usize = 4096;

/// Where the charset came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CharsetSource {
    Bom,
    Header,
    Meta,
    Detected,
}

/// Decoded text with the encoding used.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    pub charset: &'static str,
    pub source: CharsetSource,
    /// Some bytes were not valid in that encoding and became U+FFFD.
    pub had_errors: bool,
}

/// The `charset=` parameter of a Content-Type value.
pub fn charset_param(content_type: &str) -> Option<&str> {
    content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| v.trim().trim_matches(|c| c == '"' || c == '\''))
    })
}

fn meta_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r#"(?i)<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)"#).expect("regex")
    })
}

/// The charset a `<meta charset>` or `<meta http-equiv content="…charset=…">` declares.
pub fn meta_charset(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = &bytes[..bytes.len().min(META_PRESCAN_BYTES)];
    let label = meta_regex().captures(head)?.get(1)?.as_bytes();
    let enc = Encoding::for_label(label)?;
    // A page that says UTF-16 in ASCII is not UTF-16 (WHATWG rule).
    if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
        return Some(encoding_rs::UTF_8);
    }
    Some(enc)
}

/// Decodes `bytes` choosing the encoding in the order BOM, header, meta (for HTML), detection.
/// Invalid sequences become U+FFFD; never panics.
pub fn decode(bytes: &[u8], content_type: Option<&str>, is_html: bool) -> Decoded {
    let (enc, source, body) = if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        (enc, CharsetSource::Bom, &bytes[bom_len..])
    } else if let Some(enc) = content_type
        .and_then(charset_param)
        .and_then(|l| Encoding::for_label(l.as_bytes()))
    {
        (enc, CharsetSource::Header, bytes)
    } else if let Some(enc) = is_html.then(|| meta_charset(bytes)).flatten() {
        (enc, CharsetSource::Meta, bytes)
    } else {
        let mut det = chardetng::EncodingDetector::new();
        det.feed(bytes, true);
        (det.guess(None, true), CharsetSource::Detected, bytes)
    };
    let (text, had_errors) = enc.decode_without_bom_handling(body);
    // windows-1258 writes Vietnamese tones as combining marks; compose them as UTF-8 pages do.
    let text = if enc == encoding_rs::WINDOWS_1258 {
        use unicode_normalization::UnicodeNormalization;
        text.nfc().collect()
    } else {
        text.into_owned()
    };
    Decoded {
        text,
        charset: enc.name(),
        source,
        had_errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_beats_meta_and_bom_beats_header() {
        let (euc, _, _) = encoding_rs::EUC_KR.encode("장애 보고서");
        let d = decode(&euc, Some("text/html; charset=EUC-KR"), true);
        assert_eq!(d.text, "장애 보고서");
        assert_eq!(d.source, CharsetSource::Header);
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice("déjà".as_bytes());
        let d = decode(&with_bom, Some("text/html; charset=iso-8859-1"), true);
        assert_eq!(d.text, "déjà");
        assert_eq!(d.source, CharsetSource::Bom);
    }

    #[test]
    fn meta_http_equiv_is_read() {
        let mut page =
            br#"<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><body>"#.to_vec();
        let (sj, _, _) = encoding_rs::SHIFT_JIS.encode("障害が発生しました");
        page.extend_from_slice(&sj);
        let d = decode(&page, Some("text/html"), true);
        assert_eq!(d.charset, "Shift_JIS");
        assert!(d.text.contains("障害が発生しました"));
    }

    #[test]
    fn gb18030_and_windows_1258_decode() {
        let (gb, _, _) = encoding_rs::GB18030.encode("服务中断两个半小时");
        let d = decode(&gb, Some("text/plain; charset=gb18030"), false);
        assert_eq!(d.text, "服务中断两个半小时");
        // windows-1258 spells tones as combining marks: ư + dot below, ô + acute.
        let vi = b"s\xFD\xF2 c\xF4\xEC";
        let d = decode(vi, Some("text/html; charset=windows-1258"), true);
        assert_eq!(d.text, "sự cố");
    }

    #[test]
    fn invalid_bytes_never_panic() {
        let d = decode(
            b"ok \xff\xfe\xc3 end",
            Some("text/html; charset=utf-8"),
            true,
        );
        assert!(d.had_errors);
        assert!(d.text.starts_with("ok "));
        let d = decode(&[0x80, 0xff, 0x00, 0xc0], None, true);
        assert!(!d.text.is_empty());
    }
}
