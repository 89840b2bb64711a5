//! Plain text (notes, pasted pages) → blocks: one block per line, headings by shape, bullets, tab/pipe rows.
//!
//! A line is a heading when it is short, does not end like a sentence, and either stands alone
//! between blank lines or names a section in the heading lexicon. Hard-wrapped paragraphs
//! (a long line running on into a line that starts in lower case) are joined with a space.
use super::blocks::{collapse, RawBlock};
use super::{BlockKind, HeadingLexicon};

/// Lines longer than this (in chars) are never headings.
pub const HEADING_MAX_CHARS: usize = 60;
/// The first line is the title when it is at most this long.
pub const TITLE_MAX_CHARS: usize = 150;
/// A line at least this long that runs on into a lower-case line was hard-wrapped.
pub const WRAP_MIN_CHARS: usize = 60;
/// Bullet markers that make a line a list item.
const BULLETS: &[&str] = &[
    "- ", "* ", "+ ", "• ", "· ", "– ", "— ", "‣ ", "◦ ", "▪ ", "・",
];
/// Chars that end a sentence (a line ending in one is not a heading).
const SENTENCE_END: &[char] = &['.', '。', '!', '?', '！', '？', ',', '，', ';', '；', '、'];

fn bullet_body(line: &str) -> Option<&str> {
    BULLETS
        .iter()
        .find_map(|b| line.strip_prefix(b))
        .map(str::trim_start)
}

fn pipe_cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('|')?.strip_suffix('|')?;
    let cells: Vec<String> = inner.split('|').map(collapse).collect();
    if cells
        .iter()
        .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
    {
        return Some(Vec::new()); // a separator row
    }
    Some(cells)
}

fn looks_like_heading(line: &str, standalone: bool, lex: &HeadingLexicon) -> bool {
    let n = line.chars().count();
    if n == 0 || n > HEADING_MAX_CHARS || line.ends_with(SENTENCE_END) {
        return false;
    }
    // A line that starts with a clock time is a timeline row, not a heading; so is one whose
    // clock follows a day word ("次日凌晨03:20核心数据库恢复…", "Next day 04:10 restored").
    let head: String = line.chars().take(ROW_CLOCK_CHARS).collect();
    if has_clock(&head) && !line.trim_end().ends_with(':') {
        return false;
    }
    standalone || lex.classify(line, "").is_some()
}

/// A clock this near a line's start makes the line a timeline row.
const ROW_CLOCK_CHARS: usize = 16;

/// Whether `text` holds a clock time written with a colon ("03:20", "9：05").
fn has_clock(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    c.windows(3).enumerate().any(|(i, w)| {
        w[0].is_ascii_digit()
            && matches!(w[1], ':' | '：')
            && w[2].is_ascii_digit()
            && c.get(i + 3).is_some_and(char::is_ascii_digit)
    })
}

/// Widest line read as a stamp of its own ("by Jane Doe on Mar 23, 2023 4:21:00 PM").
const STAMP_LINE_MAX_CHARS: usize = 60;

/// A short line writing a four-digit year and a clock time is a byline or a stamp of its own,
/// even when it starts in lower case under a long headline: no wrapped tail of the line above.
fn stamp_line(line: &str) -> bool {
    let c: Vec<char> = line.chars().collect();
    let year = c.windows(4).enumerate().any(|(i, w)| {
        w.iter().all(char::is_ascii_digit)
            && matches!((w[0], w[1]), ('1', '9') | ('2', '0'))
            && !i.checked_sub(1).is_some_and(|k| c[k].is_ascii_digit())
            && !c.get(i + 4).is_some_and(char::is_ascii_digit)
    });
    c.len() <= STAMP_LINE_MAX_CHARS && year && has_clock(line)
}

/// A line opening with a number runs on the line above when that line stops on a word
/// mid-sentence ("… précisait alors : ' Depuis" / "10 h 30, tous les clients …") and neither
/// is a row of their own (a timeline's rows each open with their time).
fn number_led_tail(para: &str, next: &str, row: bool) -> bool {
    !row && next.starts_with(|c: char| c.is_ascii_digit())
        && para.ends_with(char::is_alphabetic)
        && !has_clock(&next.chars().take(ROW_CLOCK_CHARS).collect::<String>())
}

fn is_underline(line: &str) -> bool {
    line.len() >= 3 && (line.chars().all(|c| c == '=') || line.chars().all(|c| c == '-'))
}

/// Splits `text` into blocks; returns the title (the first line, when short) too.
pub fn blocks_with(text: &str, lex: &HeadingLexicon) -> (Option<String>, Vec<RawBlock>) {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let blank = |i: usize| lines.get(i).is_none_or(|l| l.trim().is_empty());
    let mut out: Vec<RawBlock> = Vec::new();
    let mut title = None;
    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let line = raw.trim();
        if line.is_empty() || is_underline(line) {
            i += 1;
            continue;
        }
        if line.contains('\t') {
            let cells: Vec<String> = line.split('\t').map(collapse).collect();
            out.push(RawBlock {
                kind: BlockKind::TableRow,
                text: cells.join("\t"),
            });
            i += 1;
            continue;
        }
        if let Some(cells) = pipe_cells(line) {
            if !cells.is_empty() {
                out.push(RawBlock {
                    kind: BlockKind::TableRow,
                    text: cells.join("\t"),
                });
            }
            i += 1;
            continue;
        }
        if let Some(body) = bullet_body(line) {
            out.push(RawBlock {
                kind: BlockKind::ListItem,
                text: collapse(body),
            });
            i += 1;
            continue;
        }
        if title.is_none() && out.is_empty() && line.chars().count() <= TITLE_MAX_CHARS {
            title = Some(collapse(line));
            out.push(RawBlock {
                kind: BlockKind::Heading(1),
                text: collapse(line),
            });
            i += 1;
            continue;
        }
        let underlined = lines.get(i + 1).is_some_and(|n| is_underline(n.trim()));
        let standalone = (i == 0 || blank(i - 1)) && blank(i + 1);
        if underlined || looks_like_heading(line, standalone, lex) {
            out.push(RawBlock {
                kind: BlockKind::Heading(2),
                text: collapse(line),
            });
            i += 1;
            continue;
        }
        // A paragraph, joined over hard wraps.
        let mut para = collapse(line);
        let mut prev_len = line.chars().count();
        // a paragraph that is itself a row (it opens with a number) takes no number-led tail
        let row = line.trim().starts_with(|c: char| c.is_ascii_digit());
        while let Some(next) = lines.get(i + 1).map(|l| l.trim()) {
            let wrapped = prev_len >= WRAP_MIN_CHARS
                && !para.ends_with(SENTENCE_END)
                && (next.chars().next().is_some_and(char::is_lowercase)
                    || number_led_tail(&para, next, row))
                && bullet_body(next).is_none()
                && !stamp_line(next);
            if !wrapped {
                break;
            }
            para.push(' ');
            para.push_str(&collapse(next));
            prev_len = next.chars().count();
            i += 1;
        }
        out.push(RawBlock {
            kind: BlockKind::Paragraph,
            text: para,
        });
        i += 1;
    }
    (title, out)
}

/// [`blocks_with`] using the installation's heading lexicon.
pub fn blocks(text: &str) -> (Option<String>, Vec<RawBlock>) {
    blocks_with(text, HeadingLexicon::global())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(BlockKind, String)> {
        blocks_with(text, &HeadingLexicon::default())
            .1
            .into_iter()
            .map(|b| (b.kind, b.text))
            .collect()
    }

    #[test]
    fn standalone_short_lines_are_headings() {
        let k = kinds(
            "Title line\n\n2. What happened\n\n16:02 - A change is merged.\n16:04 - Pushed.\n",
        );
        assert_eq!(k[1], (BlockKind::Heading(2), "2. What happened".into()));
        assert_eq!(k[2].0, BlockKind::Paragraph);
        assert_eq!(k[3].1, "16:04 - Pushed.");
    }

    #[test]
    fn a_lower_case_stamp_under_a_long_headline_is_a_line_of_its_own() {
        // a long headline runs into a lower-case line: wrapped prose, unless that line is a
        // short stamp with a year and a clock ("by … on Mar 23, 2023 4:21:00 PM")
        let long = "Resolver latency on our anycast network and what we are changing";
        let k = kinds(&format!(
            "Share\n{long}\nby the Ops Team on Mar 23, 2023 4:21:00 PM\nText.\n"
        ));
        assert_eq!(k[1].1, long);
        assert_eq!(k[2].1, "by the Ops Team on Mar 23, 2023 4:21:00 PM");
        let k = kinds(&format!("Share\n{long}\nand how the fix went out.\n"));
        assert_eq!(k[1].1, format!("{long} and how the fix went out."));
    }

    #[test]
    fn a_number_led_line_runs_on_a_line_cut_mid_sentence() {
        // "… précisait alors : ' Depuis" / "10 h 30, tous les clients …" is one sentence; a
        // timeline's rows, each opening with its time, stay rows
        let long = "Dans un deuxième communiqué, l'opérateur indiquait alors : ' Depuis";
        let k = kinds(&format!(
            "T\n{long}\n10 h 30, tous les clients pouvaient appeler.\n"
        ));
        assert_eq!(
            k[1].1,
            format!("{long} 10 h 30, tous les clients pouvaient appeler.")
        );
        let row = "10:02 We started to look at the errors on the login service now";
        let k = kinds(&format!(
            "T\n{row}\n10:30 The fix went out to every region.\n"
        ));
        assert_eq!(k.len(), 3, "{k:?}");
        let k =
            kinds("T\n3 Rollback of the change that broke the login service here\n4 Tell users\n");
        assert_eq!(k.len(), 3, "{k:?}");
    }

    #[test]
    fn tabs_make_table_rows_and_bullets_list_items() {
        let k = kinds("T\n\n시각\t일어난 일\n22:30\tautoheal 재시작\n• 고친 것 하나\n");
        assert_eq!(k[1], (BlockKind::TableRow, "시각\t일어난 일".into()));
        assert_eq!(k[3], (BlockKind::ListItem, "고친 것 하나".into()));
    }

    #[test]
    fn time_rows_are_not_headings_even_alone() {
        let k = kinds("T\n\n14:05 UTC\n\nmore text here.\n");
        assert_eq!(k[1].0, BlockKind::Paragraph);
    }

    #[test]
    fn a_clock_after_a_day_word_makes_a_row_not_a_heading() {
        let k = kinds("T\n\n次日凌晨03:20数据库恢复\n\nNext day 04:10 restored\n\nmore text.\n");
        assert_eq!(k[1].0, BlockKind::Paragraph);
        assert_eq!(k[2].0, BlockKind::Paragraph);
    }
}
