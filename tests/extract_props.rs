//! Bad input never panics the extractor: empty, binary, one 5 MB line, malformed HTML, mixed languages, arbitrary strings.
use incidentlib::extract::{self, Page};
use proptest::prelude::*;

/// Size of the one-line stress input.
const ONE_LINE_BYTES: usize = 5 * 1024 * 1024;
/// Size of the one-line input the regular (debug) suite uses.
const LONG_LINE_BYTES: usize = 256 * 1024;
/// Nesting depth of the deep-HTML input (a recursive walker would overflow well before).
const DEEP_NESTING: usize = 3_000;

fn check_invariants(page: &Page) {
    let chars: Vec<char> = page.text().chars().collect();
    let mut prev_end = 0;
    for b in &page.blocks {
        assert!(b.start >= prev_end && b.end <= chars.len() && b.start <= b.end);
        assert_eq!(chars[b.start..b.end].iter().collect::<String>(), b.text);
        prev_end = b.end;
    }
    for s in &page.sections {
        assert!(s.blocks.end <= page.blocks.len() && s.heading_block < s.blocks.start);
    }
}

fn all_three(input: &str) {
    check_invariants(&extract::extract_html(input, Some("not a url"), None));
    check_invariants(&extract::extract_text(input));
    check_invariants(&extract::extract_markdown(input));
}

#[test]
fn empty_input_gives_an_empty_page() {
    let page = extract::extract_html("", None, None);
    assert!(page.blocks.is_empty() && page.text().is_empty());
    assert_eq!(page.language, extract::UNKNOWN_LANGUAGE);
    all_three("");
}

#[test]
fn binary_garbage_does_not_panic() {
    let bytes: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    all_three(&String::from_utf8_lossy(&bytes));
}

fn one_long_line(bytes: usize) {
    let line = "incident at 14:05 UTC ".repeat(bytes / 22);
    check_invariants(&extract::extract_text(&line));
    check_invariants(&extract::extract_markdown(&line));
    let html = format!("<html><body><p>{line}</p></body></html>");
    let page = extract::extract_html(&html, None, None);
    check_invariants(&page);
    assert!(!page.blocks.is_empty());
}

#[test]
fn long_single_line_does_not_panic() {
    one_long_line(LONG_LINE_BYTES);
}

/// The full 5 MB case takes ~20 s in a debug build; run it with
/// `cargo test --release --test extract_props -- --ignored` (the benchmark also times it).
#[test]
#[ignore]
fn five_megabytes_on_one_line_does_not_panic() {
    one_long_line(ONE_LINE_BYTES);
}

#[test]
fn malformed_and_deeply_nested_html_does_not_panic() {
    all_three("<html><body><h2>Timeline<p>14:05 <b>start <table><tr><td>a<td>b</table></ul></li>");
    let deep = format!(
        "{}text{}",
        "<div><span>".repeat(DEEP_NESTING),
        "</span></div>".repeat(3)
    );
    check_invariants(&extract::extract_html(&deep, None, None));
}

#[test]
fn three_languages_mixed_keep_per_block_languages() {
    let html = "<html><body><main>\
        <h2>타임라인</h2><p>오후 3시 반부터 약 55분 동안 글 저장과 로그인이 되지 않았습니다. 원인은 디스크 부족이었습니다.</p>\
        <p>The database server ran out of disk space because binary logs were never purged by the job.</p>\
        <p>Ứng dụng không thể đăng nhập trong khoảng 52 phút vì máy chủ cơ sở dữ liệu hết dung lượng.</p>\
        </main></body></html>";
    let page = extract::extract_html(html, None, None);
    check_invariants(&page);
    let langs: Vec<&str> = page.blocks.iter().map(|b| b.lang.as_str()).collect();
    assert_eq!(langs, ["ko", "ko", "en", "vi"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,400}") {
        all_three(&s);
    }

    #[test]
    fn arbitrary_tag_soup_never_panics(parts in proptest::collection::vec(
        prop_oneof![
            Just("<p>".to_string()), Just("</p>".to_string()), Just("<li>".to_string()),
            Just("<table><tr><td>".to_string()), Just("</td><td>".to_string()),
            Just("<h2>".to_string()), Just("</h2>".to_string()), Just("<b>".to_string()),
            Just("</b>".to_string()), Just("<br>".to_string()), Just("<pre>".to_string()),
            Just("<nav>".to_string()), Just("<!--".to_string()), Just("<script>".to_string()),
            "[a-z가-힣 :0-9.]{0,20}",
        ], 0..60)) {
        let html = parts.concat();
        check_invariants(&extract::extract_html(&html, None, None));
        check_invariants(&extract::extract_markdown(&html));
    }
}
