//! Byte-preserving edits of case files: set `sources[i].archived` without touching anything else.
use anyhow::{bail, Context, Result};
use std::path::Path;

/// An object member: key text (without quotes), value start, value end.
type Member = (String, usize, usize);

struct Scan<'a> {
    b: &'a [u8],
}

impl Scan<'_> {
    fn ws(&self, mut i: usize) -> usize {
        while i < self.b.len() && matches!(self.b[i], b' ' | b'\t' | b'\n' | b'\r') {
            i += 1;
        }
        // A UTF-8 byte order mark at the start counts as space.
        if self.b[i..].starts_with(b"\xEF\xBB\xBF") {
            return self.ws(i + 3);
        }
        i
    }

    fn string(&self, i: usize) -> Result<usize> {
        if self.b.get(i) != Some(&b'"') {
            bail!("expected a string at byte {i}");
        }
        let mut j = i + 1;
        while j < self.b.len() {
            match self.b[j] {
                b'\\' => j += 2,
                b'"' => return Ok(j + 1),
                _ => j += 1,
            }
        }
        bail!("unterminated string at byte {i}")
    }

    /// End of the value starting at `i`.
    fn value(&self, i: usize) -> Result<usize> {
        match self.b.get(i) {
            Some(b'"') => self.string(i),
            Some(b'{') | Some(b'[') => {
                let (open, close) = if self.b[i] == b'{' {
                    (b'{', b'}')
                } else {
                    (b'[', b']')
                };
                let mut depth = 0usize;
                let mut j = i;
                while j < self.b.len() {
                    match self.b[j] {
                        b'"' => {
                            j = self.string(j)?;
                            continue;
                        }
                        c if c == open => depth += 1,
                        c if c == close => {
                            depth -= 1;
                            if depth == 0 {
                                return Ok(j + 1);
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                bail!("unterminated container at byte {i}")
            }
            Some(_) => {
                let mut j = i;
                while j < self.b.len()
                    && !matches!(self.b[j], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
                {
                    j += 1;
                }
                Ok(j)
            }
            None => bail!("unexpected end of record"),
        }
    }

    /// Members of the object at `i`: (key text without quotes, value start, value end); and the
    /// position of its closing brace.
    fn members(&self, i: usize) -> Result<(Vec<Member>, usize)> {
        if self.b.get(i) != Some(&b'{') {
            bail!("expected an object at byte {i}");
        }
        let mut out = Vec::new();
        let mut j = self.ws(i + 1);
        if self.b.get(j) == Some(&b'}') {
            return Ok((out, j));
        }
        loop {
            let kend = self.string(j)?;
            let key = String::from_utf8_lossy(&self.b[j + 1..kend - 1]).into_owned();
            j = self.ws(kend);
            if self.b.get(j) != Some(&b':') {
                bail!("expected ':' at byte {j}");
            }
            let vs = self.ws(j + 1);
            let ve = self.value(vs)?;
            out.push((key, vs, ve));
            j = self.ws(ve);
            match self.b.get(j) {
                Some(b',') => j = self.ws(j + 1),
                Some(b'}') => return Ok((out, j)),
                _ => bail!("expected ',' or '}}' at byte {j}"),
            }
        }
    }

    fn elements(&self, i: usize) -> Result<Vec<(usize, usize)>> {
        if self.b.get(i) != Some(&b'[') {
            bail!("expected an array at byte {i}");
        }
        let mut out = Vec::new();
        let mut j = self.ws(i + 1);
        if self.b.get(j) == Some(&b']') {
            return Ok(out);
        }
        loop {
            let e = self.value(j)?;
            out.push((j, e));
            j = self.ws(e);
            match self.b.get(j) {
                Some(b',') => j = self.ws(j + 1),
                Some(b']') => return Ok(out),
                _ => bail!("expected ',' or ']' at byte {j}"),
            }
        }
    }
}

/// Sets `sources[index].archived` to `archived` in one record's JSON text when it is missing, null
/// or empty. Returns None when the source already has an archived value (never replaced).
pub fn set_archived(
    record: &str,
    index: usize,
    url: &str,
    archived: &str,
) -> Result<Option<String>> {
    let s = Scan {
        b: record.as_bytes(),
    };
    let start = s.ws(0);
    let (members, _) = s.members(start)?;
    let Some((_, vs, _)) = members.iter().find(|(k, _, _)| k == "sources") else {
        bail!("record has no sources array");
    };
    let elems = s.elements(*vs)?;
    let Some(&(es, _)) = elems.get(index) else {
        bail!("record has no sources[{index}]");
    };
    let (fields, close) = s.members(es)?;
    let url_ok = fields.iter().any(|(k, a, b)| {
        k == "url" && serde_json::from_str::<String>(&record[*a..*b]).is_ok_and(|u| u.trim() == url)
    });
    if !url_ok {
        bail!("sources[{index}].url is no longer {url}");
    }
    let quoted = serde_json::to_string(archived)?;
    let mut out = String::with_capacity(record.len() + quoted.len() + 16);
    if let Some((_, a, b)) = fields.iter().find(|(k, _, _)| k == "archived") {
        let current = &record[*a..*b];
        if current != "null" && current != "\"\"" {
            return Ok(None);
        }
        out.push_str(&record[..*a]);
        out.push_str(&quoted);
        out.push_str(&record[*b..]);
    } else {
        let spaced = record[es..close].contains("\": ");
        let sep = if fields.is_empty() {
            ""
        } else if spaced {
            ", "
        } else {
            ","
        };
        let colon = if spaced { ": " } else { ":" };
        // Right after the last member's value, so the object's own spacing stays as it was.
        let at = fields.last().map_or(es + 1, |(_, _, end)| *end);
        out.push_str(&record[..at]);
        out.push_str(&format!("{sep}\"archived\"{colon}{quoted}"));
        out.push_str(&record[at..]);
    }
    Ok(Some(out))
}

/// One wanted edit: record at `line` (1-based; 1 for `.json`), `sources[index]`.
#[derive(Debug, Clone)]
pub struct ArchivedEdit {
    pub line: usize,
    pub index: usize,
    pub url: String,
    pub archived: String,
}

/// Applies edits to one case file atomically; returns how many sources changed.
pub fn apply_to_file(path: &Path, edits: &[ArchivedEdit]) -> Result<usize> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let jsonl = path.extension().is_some_and(|e| e == "jsonl");
    let mut changed = 0;
    let new = if jsonl {
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        for e in edits {
            let Some(l) = lines.get_mut(e.line.saturating_sub(1)) else {
                continue;
            };
            if let Some(n) = set_archived(l, e.index, &e.url, &e.archived)
                .with_context(|| format!("{}:{}", path.display(), e.line))?
            {
                *l = n;
                changed += 1;
            }
        }
        lines.join("\n")
    } else {
        let mut t = text.clone();
        for e in edits {
            if let Some(n) = set_archived(&t, e.index, &e.url, &e.archived)
                .with_context(|| format!("{}", path.display()))?
            {
                t = n;
                changed += 1;
            }
        }
        t
    };
    if changed > 0 {
        crate::case::io::write_atomic(path, new.as_bytes())?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_archived_is_filled_and_nothing_else_moves() {
        let r = r#"{"id":"X","sources":[{"url":"https://a/","kind":"blog","archived":null},{"url":"https://b/"}],"z":"\"}"}"#;
        let out = set_archived(
            r,
            0,
            "https://a/",
            "https://web.archive.org/web/1/https://a/",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            out,
            r#"{"id":"X","sources":[{"url":"https://a/","kind":"blog","archived":"https://web.archive.org/web/1/https://a/"},{"url":"https://b/"}],"z":"\"}"}"#
        );
        let out = set_archived(&out, 1, "https://b/", "W").unwrap().unwrap();
        assert!(out.contains(r#"{"url":"https://b/","archived":"W"}"#));
    }

    #[test]
    fn an_existing_archive_is_never_replaced_and_spacing_is_kept() {
        let r = "{\n  \"sources\": [ { \"url\": \"https://a/\", \"archived\": \"old\" } ]\n}";
        assert!(set_archived(r, 0, "https://a/", "new").unwrap().is_none());
        let r = "{\n  \"sources\": [ { \"url\": \"https://a/\" } ]\n}";
        let out = set_archived(r, 0, "https://a/", "new").unwrap().unwrap();
        assert_eq!(
            out,
            "{\n  \"sources\": [ { \"url\": \"https://a/\", \"archived\": \"new\" } ]\n}"
        );
    }
}
