//! PDF reports: text in reading order (pdf-extract, which reads CID fonts through their ToUnicode
//! maps, so Korean, Japanese and Chinese come out as text) with a form feed between pages, and
//! the document's metadata (title, author, creation date) from lopdf.
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Page separator in the extracted text (a form feed on its own line, as `pdftotext` writes).
pub const PAGE_BREAK: &str = "\n\u{000C}\n";

/// Fewer letters than this over the whole document means there is no text layer (a scan).
const MIN_LETTERS: usize = 20;

/// What a PDF gives.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PdfText {
    pub text: String,
    pub pages: usize,
    pub title: Option<String>,
    pub author: Option<String>,
    /// Creation date as `YYYY-MM-DD`, a dating clue.
    pub created: Option<String>,
    /// Problems a curator should know about (no text layer, unreadable file).
    pub warnings: Vec<String>,
}

/// Whether the bytes are a PDF: by content type, file extension or the `%PDF-` signature.
pub fn is_pdf(content_type: Option<&str>, path: Option<&str>, bytes: &[u8]) -> bool {
    let ct = content_type
        .and_then(|c| c.split(';').next())
        .map(|c| c.trim().to_ascii_lowercase());
    if ct.as_deref() == Some("application/pdf") {
        return true;
    }
    if path.is_some_and(|p| p.to_ascii_lowercase().ends_with(".pdf")) {
        return true;
    }
    let head = &bytes[..bytes.len().min(1024)];
    head.windows(5).any(|w| w == b"%PDF-")
}

/// Reads a PDF's text and metadata; never panics (a broken file gives a warning).
pub fn read(bytes: &[u8]) -> PdfText {
    let mut out = PdfText::default();
    let pages = catch_unwind(AssertUnwindSafe(|| {
        pdf_extract::extract_text_from_mem_by_pages(bytes)
    }));
    match pages {
        Ok(Ok(pages)) => {
            out.pages = pages.len();
            out.text = pages
                .iter()
                .map(|p| tidy(p))
                .collect::<Vec<_>>()
                .join(PAGE_BREAK);
        }
        Ok(Err(e)) => out.warnings.push(format!(
            "the PDF could not be read ({e}); is it damaged or encrypted?"
        )),
        Err(_) => out
            .warnings
            .push("the PDF could not be read (its text extractor failed)".into()),
    }
    if let Ok(Ok(doc)) = catch_unwind(AssertUnwindSafe(|| lopdf::Document::load_mem(bytes))) {
        if let Some(info) = info_dict(&doc) {
            out.title = text_entry(&doc, info, b"Title");
            out.author = text_entry(&doc, info, b"Author");
            out.created = text_entry(&doc, info, b"CreationDate").and_then(|d| pdf_date(&d));
        }
    }
    let letters = out.text.chars().filter(|c| c.is_alphabetic()).count();
    if out.warnings.is_empty() && letters < MIN_LETTERS {
        out.warnings.push(format!(
            "the PDF has no text layer ({} page(s), {letters} letters): it is probably a scan; \
             run OCR on it (e.g. ocrmypdf) and draft the result",
            out.pages
        ));
    }
    out
}

/// Kangxi radicals and CJK radical supplements (U+2E80–U+2FDF) as their unified ideographs:
/// fonts often map 月, 日, 支 to the radical code points ("2025年12⽉29⽇"), which no reader
/// (nor the time parser) takes for the ideograph.
fn unify_radicals(s: &str) -> String {
    s.chars()
        .map(|c| crate::time::numbers::radical_ideograph(c).unwrap_or(c))
        .collect()
}

/// Trims trailing spaces and collapses runs of more than one blank line.
fn tidy(page: &str) -> String {
    let page = unify_radicals(page);
    let mut out = String::new();
    let mut blank = 0;
    for line in page.lines() {
        let l = line.trim_end();
        if l.trim().is_empty() {
            blank += 1;
            if blank == 1 && !out.is_empty() {
                out.push('\n');
            }
            continue;
        }
        blank = 0;
        out.push_str(l);
        out.push('\n');
    }
    out.trim().to_string()
}

fn info_dict(doc: &lopdf::Document) -> Option<&lopdf::Dictionary> {
    let info = doc.trailer.get(b"Info").ok()?;
    match info {
        lopdf::Object::Reference(id) => doc.get_object(*id).ok()?.as_dict().ok(),
        lopdf::Object::Dictionary(d) => Some(d),
        _ => None,
    }
}

fn text_entry(doc: &lopdf::Document, dict: &lopdf::Dictionary, key: &[u8]) -> Option<String> {
    let mut obj = dict.get(key).ok()?;
    if let lopdf::Object::Reference(id) = obj {
        obj = doc.get_object(*id).ok()?;
    }
    let bytes = match obj {
        lopdf::Object::String(b, _) => b,
        _ => return None,
    };
    let s = decode_text_string(bytes);
    let s = s.trim().trim_matches('\0').to_string();
    (!s.is_empty()).then_some(s)
}

/// A PDF text string: UTF-16BE with its byte-order mark, UTF-8 with its mark, else
/// PDFDocEncoding (read as Latin-1, which it matches for letters).
fn decode_text_string(b: &[u8]) -> String {
    if let Some(rest) = b.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = rest
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        return String::from_utf16_lossy(&units);
    }
    if let Some(rest) = b.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return String::from_utf8_lossy(rest).into_owned();
    }
    b.iter().map(|&c| c as char).collect()
}

/// `D:20240312093000+09'00'` → `2024-03-12`.
fn pdf_date(s: &str) -> Option<String> {
    let d = s.trim().strip_prefix("D:").unwrap_or(s.trim());
    let digits: String = d.chars().take(8).collect();
    if digits.len() < 8 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let date = format!("{}-{}-{}", &digits[..4], &digits[4..6], &digits[6..8]);
    chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").ok()?;
    Some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdfs_are_known_by_type_extension_or_signature() {
        assert!(is_pdf(Some("application/pdf; qs=1"), None, b""));
        assert!(is_pdf(None, Some("/tmp/Report.PDF"), b""));
        assert!(is_pdf(None, None, b"%PDF-1.7\n..."));
        assert!(!is_pdf(Some("text/html"), Some("a.html"), b"<html>"));
    }

    #[test]
    fn radicals_become_ideographs() {
        assert_eq!(
            unify_radicals("2025年12⽉29⽇ 星桥⽀付"),
            "2025年12月29日 星桥支付"
        );
    }

    #[test]
    fn metadata_strings_and_dates_decode() {
        assert_eq!(
            decode_text_string(&[0xFE, 0xFF, 0xC7, 0xA5, 0xC5, 0x60]),
            "장애"
        );
        assert_eq!(
            pdf_date("D:20240312093000+09'00'").as_deref(),
            Some("2024-03-12")
        );
        assert_eq!(pdf_date("yesterday"), None);
    }

    #[test]
    fn garbage_gives_a_warning_not_a_panic() {
        let t = read(b"%PDF-1.4\nthis is not really a pdf");
        assert!(t.text.is_empty());
        assert!(!t.warnings.is_empty());
    }
}
