//! Raw blocks before offsets and languages are assigned, and the whitespace-collapsing builder.
use super::BlockKind;

/// A block as a splitter produced it: kind and text only.
#[derive(Debug, Clone, PartialEq)]
pub struct RawBlock {
    pub kind: BlockKind,
    pub text: String,
}

/// Is `c` white space for the purpose of collapsing (includes no-break and other Unicode spaces)?
pub fn is_space(c: char) -> bool {
    c.is_whitespace()
}

/// Chars dropped from text altogether: zero-width spaces and joiners, soft hyphens, BOMs.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}'
    ) || (c.is_control() && !c.is_whitespace())
}

/// Collapses runs of white space to one ASCII space and trims; drops invisible chars.
pub fn collapse(s: &str) -> String {
    let mut b = Inline::default();
    b.push(s);
    b.finish()
}

/// Accumulates inline text with HTML-style white-space collapsing.
#[derive(Debug, Default)]
pub struct Inline {
    buf: String,
    pending_space: bool,
}

impl Inline {
    pub fn push(&mut self, s: &str) {
        for c in s.chars() {
            if is_space(c) {
                self.pending_space = true;
            } else if !is_invisible(c) {
                if self.pending_space && !self.buf.is_empty() {
                    self.buf.push(' ');
                }
                self.pending_space = false;
                self.buf.push(c);
            }
        }
    }

    /// Forces a word break (for `<br>` inside cells and headings, or between cells).
    pub fn space(&mut self) {
        self.pending_space = true;
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The collapsed text; leaves the accumulator empty.
    pub fn finish(&mut self) -> String {
        self.pending_space = false;
        std::mem::take(&mut self.buf)
    }
}

/// Collects blocks: inline text goes to a buffer that becomes a block when a block boundary is
/// reached.
#[derive(Debug, Default)]
pub struct Builder {
    pub out: Vec<RawBlock>,
    inline: Inline,
}

impl Builder {
    pub fn text(&mut self, s: &str) {
        self.inline.push(s);
    }

    /// The text of the block being built (collapsed so far).
    pub fn pending(&self) -> &str {
        &self.inline.buf
    }

    /// Ends the current block (if it has text) as `kind`.
    pub fn flush(&mut self, kind: BlockKind) {
        if !self.inline.is_empty() {
            let text = self.inline.finish();
            self.out.push(RawBlock { kind, text });
        }
    }

    /// Adds a complete block (empty text is ignored).
    pub fn push(&mut self, kind: BlockKind, text: String) {
        if !text.trim().is_empty() {
            self.out.push(RawBlock { kind, text });
        }
    }
}
