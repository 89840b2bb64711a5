//! Main-content extraction: HTML/text/Markdown → blocks (headings, paragraphs, lists, table rows), language, sections.
