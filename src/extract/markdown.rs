//! Markdown → blocks with pulldown-cmark: `#` headings, list items, pipe-table rows, code blocks, front-matter title.
use super::blocks::{Builder, Inline, RawBlock};
use super::BlockKind;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The front-matter key that holds the document title.
const FRONT_MATTER_TITLE: &str = "title:";

fn level(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn front_matter_title(meta: &str) -> Option<String> {
    meta.lines().find_map(|l| {
        let v = l.trim().strip_prefix(FRONT_MATTER_TITLE)?.trim();
        let v = v.trim_matches(|c| c == '"' || c == '\'');
        (!v.is_empty()).then(|| v.to_string())
    })
}

/// Splits Markdown into blocks; the title is the front matter's `title:` or the first `#` heading.
pub fn blocks(md: &str) -> (Option<String>, Vec<RawBlock>) {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_TASKLISTS;
    let mut b = Builder::default();
    let mut title: Option<String> = None;
    let mut depth = 0usize;
    let mut heading: Option<u8> = None;
    let mut code: Option<String> = None;
    let mut meta: Option<String> = None;
    let mut row: Option<Vec<String>> = None;
    let mut cell: Option<Inline> = None;
    let current = |depth: usize| {
        if depth > 0 {
            BlockKind::ListItem
        } else {
            BlockKind::Paragraph
        }
    };
    for event in Parser::new_ext(md, options) {
        match event {
            Event::Start(tag) => match tag {
                Tag::Heading { level: l, .. } => {
                    b.flush(current(depth));
                    heading = Some(level(l));
                }
                Tag::Paragraph | Tag::BlockQuote(_) => b.flush(current(depth)),
                Tag::Item => {
                    b.flush(current(depth));
                    depth += 1;
                }
                Tag::CodeBlock(_) => {
                    b.flush(current(depth));
                    code = Some(String::new());
                }
                Tag::MetadataBlock(_) => meta = Some(String::new()),
                Tag::TableHead | Tag::TableRow => {
                    b.flush(current(depth));
                    row = Some(Vec::new());
                }
                Tag::TableCell => cell = Some(Inline::default()),
                _ => {}
            },
            Event::End(tag) => match tag {
                TagEnd::Heading(_) => {
                    let l = heading.take().unwrap_or(2);
                    let before = b.out.len();
                    b.flush(BlockKind::Heading(l));
                    if l == 1 && title.is_none() && b.out.len() > before {
                        title = b.out.last().map(|h| h.text.clone());
                    }
                }
                TagEnd::Paragraph | TagEnd::BlockQuote(_) => b.flush(current(depth)),
                TagEnd::Item => {
                    b.flush(BlockKind::ListItem);
                    depth = depth.saturating_sub(1);
                }
                TagEnd::CodeBlock => {
                    if let Some(text) = code.take() {
                        b.push(BlockKind::Pre, text.trim_end().to_string());
                    }
                }
                TagEnd::MetadataBlock(_) => {
                    if let Some(m) = meta.take() {
                        title = title.or_else(|| front_matter_title(&m));
                    }
                }
                TagEnd::TableCell => {
                    if let (Some(mut c), Some(r)) = (cell.take(), row.as_mut()) {
                        r.push(c.finish());
                    }
                }
                TagEnd::TableHead | TagEnd::TableRow => {
                    if let Some(cells) = row.take() {
                        if cells.iter().any(|c| !c.is_empty()) {
                            b.push(BlockKind::TableRow, cells.join("\t"));
                        }
                    }
                }
                _ => {}
            },
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                if let Some(m) = meta.as_mut() {
                    m.push_str(&t);
                } else if let Some(c) = code.as_mut() {
                    c.push_str(&t);
                } else if let Some(c) = cell.as_mut() {
                    c.push(&t);
                } else {
                    b.text(&t);
                }
            }
            Event::SoftBreak => {
                if let Some(c) = cell.as_mut() {
                    c.space();
                } else {
                    b.text(" ");
                }
            }
            Event::HardBreak => {
                if heading.is_none() && cell.is_none() {
                    b.flush(current(depth));
                }
            }
            Event::Rule => b.flush(current(depth)),
            _ => {}
        }
    }
    b.flush(current(depth));
    (title, b.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_lists_and_pipe_tables_keep_structure() {
        let md = "# Report\n\n| 項目 | 内容 |\n|---|---|\n| 影響時間 | 21:03〜21:58 |\n\n## タイムライン\n\n- **21:00** ジョブ開始。\n- **21:05** アラート発報。\n";
        let (title, blocks) = blocks(md);
        assert_eq!(title.as_deref(), Some("Report"));
        let k: Vec<_> = blocks.iter().map(|b| (b.kind, b.text.as_str())).collect();
        assert_eq!(k[1], (BlockKind::TableRow, "項目\t内容"));
        assert_eq!(k[2], (BlockKind::TableRow, "影響時間\t21:03〜21:58"));
        assert_eq!(k[3], (BlockKind::Heading(2), "タイムライン"));
        assert_eq!(k[4], (BlockKind::ListItem, "21:00 ジョブ開始。"));
    }

    #[test]
    fn front_matter_title_wins() {
        let (title, _) = blocks("---\ntitle: \"Outage\"\n---\n\n# Other\n");
        assert_eq!(title.as_deref(), Some("Outage"));
    }
}
