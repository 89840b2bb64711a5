//! The literals one of which every match of a pattern holds: a page whose text holds none of them cannot match, so the pattern is not run.
//!
//! The `[org] patterns` are run over the head of every page that gets that far; most start
//! with a name class and a Unicode `\b`, which keeps the regex engine on its slowest path
//! (the PikeVM) on any page with a non-ASCII char. Most also require a word such as "said",
//! "selon ", "에 따르면": one substring search for those words tells whether running the
//! pattern can find anything. The result is exactly the pattern's: a match holds one of the
//! literals, so where none occurs there is no match.
use aho_corasick::AhoCorasick;
use regex_syntax::hir::{Hir, HirKind};

/// Literal sets whose shortest literal is shorter than this are not worth a search (" ", "s").
const MIN_LITERAL_BYTES: usize = 3;

/// A searcher for the literals one of which every match of `pattern` holds; None when the
/// pattern has no such set worth a search (then it is always run).
pub fn filter(pattern: &str) -> Option<AhoCorasick> {
    let hir = regex_syntax::Parser::new().parse(pattern).ok()?;
    let set = required(&hir)?;
    AhoCorasick::new(set).ok()
}

/// A set of literals (UTF-8 bytes) one of which every match of `hir` holds, if one is known.
fn required(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    let set = match hir.kind() {
        HirKind::Literal(l) => vec![l.0.to_vec()],
        HirKind::Capture(c) => return required(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => return required(&r.sub),
        HirKind::Concat(parts) => {
            // any part's set will do: take the one with the longest shortest literal
            return parts
                .iter()
                .filter_map(required)
                .max_by_key(|s| s.iter().map(Vec::len).min().unwrap_or(0));
        }
        HirKind::Alternation(alts) => {
            let mut all = Vec::new();
            for a in alts {
                all.extend(required(a)?);
            }
            all
        }
        _ => return None,
    };
    (set.iter().map(Vec::len).min().unwrap_or(0) >= MIN_LITERAL_BYTES).then_some(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(p: &str) -> Option<Vec<String>> {
        let hir = regex_syntax::Parser::new().parse(p).ok()?;
        let mut v: Vec<String> = required(&hir)?
            .into_iter()
            .map(|b| String::from_utf8(b).unwrap())
            .collect();
        v.sort();
        Some(v)
    }

    #[test]
    fn a_required_word_is_found_and_optional_parts_give_none() {
        assert_eq!(
            words(r"\b(?P<name>\p{Lu}\w+) (?:said|says|confirmed)\b"),
            Some(vec!["confirmed".into(), "said".into(), "says".into()])
        );
        assert_eq!(
            words(r"\bselon (?P<name>\p{Lu}\w+)"),
            Some(vec!["selon ".into()])
        );
        assert_eq!(words(r"(?P<name>\p{Lu}\w+)['’]s\b"), None);
        assert_eq!(words(r"(?:according to)?(?P<name>\w+)"), None);
        assert_eq!(words(r"(?i)said (?P<name>\w+)"), None);
        assert_eq!(
            words(r"(?P<name>\p{Hangul}{2,8})에 따르면"),
            Some(vec!["에 따르면".into()])
        );
    }

    #[test]
    fn a_pattern_runs_only_where_its_words_are() {
        let f = filter(r"\b(?P<name>\p{Lu}\w+) (?:said|apologised)\b").unwrap();
        assert!(f.is_match("Acme apologised on Monday"));
        assert!(!f.is_match("Acme wrote on Monday — ünïcode"));
    }
}

#[cfg(test)]
mod fixtures {
    use super::*;

    /// Over every language's `[org] patterns` and every text fixture: wherever a pattern
    /// matches, its filter lets it run.
    #[test]
    fn a_filter_never_hides_a_match() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = Vec::new();
        for e in walkdir::WalkDir::new(root.join("tests/fixtures"))
            .into_iter()
            .flatten()
        {
            if let Ok(t) = std::fs::read_to_string(e.path()) {
                texts.push(t);
            }
        }
        let (mut filtered, mut matched) = (0, 0);
        for e in std::fs::read_dir(root.join("mappings/lang"))
            .unwrap()
            .flatten()
        {
            if e.path().extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let src = std::fs::read_to_string(e.path()).unwrap();
            let table: toml::Table = toml::from_str(&src).unwrap();
            let patterns = table
                .get("org")
                .and_then(|o| o.get("patterns"))
                .and_then(|p| p.as_array())
                .cloned()
                .unwrap_or_default();
            for p in patterns.iter().filter_map(|p| p.as_str()) {
                let re = crate::draft::org::compile_pattern(p).unwrap();
                let Some(f) = filter(re.as_str()) else {
                    continue;
                };
                filtered += 1;
                for t in &texts {
                    if re.is_match(t) {
                        matched += 1;
                        assert!(f.is_match(t), "{p}");
                    }
                }
            }
        }
        assert!(filtered >= 20, "only {filtered} patterns have a filter");
        assert!(matched > 0);
    }
}
