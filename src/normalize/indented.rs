//! Pretty JSON nested deeper as it is written: an `io::Write` that indents after every line break.
//!
//! JSON strings hold no raw line breaks (serde_json escapes them), so every `\n` a pretty
//! printer writes starts a new line of the document: following it with the extra indentation
//! gives what re-indenting the finished text would, without a second pass and copy.
use std::io::Write;

/// Appends what it is given to `out`, with `by` after each `\n`.
pub struct Indented<'a> {
    pub out: &'a mut Vec<u8>,
    pub by: &'a [u8],
}

impl Write for Indented<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            self.out.extend_from_slice(&rest[..=i]);
            self.out.extend_from_slice(self.by);
            rest = &rest[i + 1..];
        }
        self.out.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_as_re_indenting_the_text_does() {
        let v = serde_json::json!({"a": [1, {"b": "x\ny"}], "c": {}, "d": [], "e": "\n"});
        let pretty = serde_json::to_string_pretty(&v).unwrap();
        let want = pretty.replace('\n', "\n    ");
        let mut out = Vec::new();
        serde_json::to_writer_pretty(
            Indented {
                out: &mut out,
                by: b"    ",
            },
            &v,
        )
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }
}
