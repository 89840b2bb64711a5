//! Pretty JSON nested deeper as it is written: serde_json's pretty layout with a fixed indent before every line but the first.
//!
//! The case reports of `reprocess --json` sit inside the document's `"cases"` list; writing
//! them with the extra indentation gives what re-indenting the finished text would, without a
//! second pass and copy of every report, and with every byte still written straight into a
//! `Vec` (a wrapping writer that looked for line breaks cost more than the pass it saved).
use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Indentation per nesting level, as `serde_json::to_writer_pretty` writes it.
const LEVEL: &[u8] = b"  ";

/// serde_json's `PrettyFormatter` (the same bytes, method for method) with `base` written
/// after each line break.
struct Nested {
    /// `,\n`, the base indent, then [`LEVEL`] once per level reached so far: every line break
    /// (with its comma or without) and its indentation is one slice of it, written at once.
    breaks: Vec<u8>,
    /// Bytes of `breaks` before the first level's indent.
    base_end: usize,
    current_indent: usize,
    has_value: bool,
}

impl Nested {
    fn newline<W: ?Sized + Write>(&mut self, w: &mut W, with_comma: bool) -> io::Result<()> {
        let end = self.base_end + self.current_indent * LEVEL.len();
        while self.breaks.len() < end {
            self.breaks.extend_from_slice(LEVEL);
        }
        let start = if with_comma { 0 } else { 1 };
        w.write_all(&self.breaks[start..end])
    }

    /// Opens an array or object one level deeper.
    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.current_indent += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    /// Closes an array or object, on a line of its own when it held a value.
    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.current_indent = self.current_indent.saturating_sub(1);
        if self.has_value {
            self.newline(w, false)?;
        }
        w.write_all(bracket)
    }
}

impl Formatter for Nested {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.newline(w, !first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.newline(w, !first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Appends `value` to `out` as `serde_json::to_writer_pretty` writes it, with `base` after
/// every line break.
pub fn write_nested<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    base: &[u8],
) -> serde_json::Result<()> {
    let mut breaks = Vec::with_capacity(2 + base.len() + 8 * LEVEL.len());
    breaks.extend_from_slice(b",\n");
    breaks.extend_from_slice(base);
    let f = Nested {
        base_end: breaks.len(),
        breaks,
        current_indent: 0,
        has_value: false,
    };
    value.serialize(&mut serde_json::Serializer::with_formatter(out, f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_as_re_indenting_the_text_does() {
        let values = [
            serde_json::json!({"a": [1, {"b": "x\ny"}], "c": {}, "d": [], "e": "\n", "f": [[], [{}]]}),
            serde_json::json!([]),
            serde_json::json!("plain"),
            serde_json::json!({"id": "X", "changes": [{"field": "symptoms", "added": ["a"], "removed": [], "evidence": [{"term": "a", "quote": "q", "section": null}]}], "proposals": []}),
        ];
        for v in values {
            let want = serde_json::to_string_pretty(&v)
                .unwrap()
                .replace('\n', "\n    ");
            let mut out = Vec::new();
            write_nested(&mut out, &v, b"    ").unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }
}
