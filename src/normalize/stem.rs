//! Snowball stemming (en de fr es pt) of folded text word by word, with a map from stemmed bytes back to folded bytes.
use super::text::is_word_char;
use rust_stemmers::{Algorithm, Stemmer};
use std::collections::HashMap;

/// Words shorter than this (in bytes) are kept as they are: stemming them gains nothing and
/// costs a stemmer call for every "the", "and", "de".
const MIN_STEMMED_WORD_BYTES: usize = 4;

/// The Snowball algorithm for a language code, for the languages whose inflection a stemmer
/// undoes (Vietnamese does not inflect; Korean, Japanese and Chinese are not split into words).
pub fn algorithm(lang: &str) -> Option<Algorithm> {
    Some(match lang {
        "en" => Algorithm::English,
        "de" => Algorithm::German,
        "fr" => Algorithm::French,
        "es" => Algorithm::Spanish,
        "pt" => Algorithm::Portuguese,
        _ => return None,
    })
}

/// Folded text with every word replaced by its stem; everything between words is kept.
#[derive(Debug, Clone, Default)]
pub struct StemmedText {
    pub text: String,
    /// For each byte of `text`: the folded byte range `[start, end)` it came from (a whole word
    /// for the bytes of a stem).
    spans: Vec<(u32, u32)>,
}

impl StemmedText {
    /// Stems every word of `folded` (already lower case) with `algo`.
    pub fn new(folded: &str, algo: Algorithm) -> Self {
        let stemmer = Stemmer::create(algo);
        let mut text = String::with_capacity(folded.len());
        let mut spans = Vec::with_capacity(folded.len());
        let mut word_start: Option<usize> = None;
        // Words repeat: each distinct word is stemmed once per text.
        let mut cache: HashMap<&str, String> = HashMap::new();
        let mut flush = |text: &mut String, spans: &mut Vec<(u32, u32)>, s: usize, e: usize| {
            let word = &folded[s..e];
            let stem: &str = if word.len() < MIN_STEMMED_WORD_BYTES {
                word
            } else {
                cache.entry(word).or_insert_with(|| {
                    let st = stemmer.stem(word);
                    // A stem that came out empty keeps its word, so no text goes missing.
                    if st.is_empty() {
                        word.to_string()
                    } else {
                        st.into_owned()
                    }
                })
            };
            text.push_str(stem);
            spans.extend(std::iter::repeat_n((s as u32, e as u32), stem.len()));
        };
        for (i, c) in folded.char_indices() {
            if is_word_char(c) {
                if word_start.is_none() {
                    word_start = Some(i);
                }
                continue;
            }
            if let Some(s) = word_start.take() {
                flush(&mut text, &mut spans, s, i);
            }
            text.push(c);
            let e = i + c.len_utf8();
            spans.extend(std::iter::repeat_n((i as u32, e as u32), c.len_utf8()));
        }
        if let Some(s) = word_start {
            flush(&mut text, &mut spans, s, folded.len());
        }
        StemmedText { text, spans }
    }

    /// The folded byte range `[start, end)` of the stemmed byte range `[from, to)`.
    pub fn folded_range(&self, from: usize, to: usize) -> (usize, usize) {
        if self.spans.is_empty() || from >= to {
            return (0, 0);
        }
        let s = self.spans[from.min(self.spans.len() - 1)].0;
        let e = self.spans[(to - 1).min(self.spans.len() - 1)].1;
        (s as usize, e as usize)
    }
}

/// Stems a folded phrase word by word (the same way text is stemmed).
pub fn stem_phrase(folded: &str, algo: Algorithm) -> String {
    StemmedText::new(folded, algo).text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inflected_forms_share_a_stem_and_map_back_to_whole_words() {
        let f = "the databases were overloaded, servers crashed";
        let s = StemmedText::new(f, Algorithm::English);
        let p = stem_phrase("server crash", Algorithm::English);
        let at = s.text.find(&p).unwrap();
        let (a, b) = s.folded_range(at, at + p.len());
        assert_eq!(&f[a..b], "servers crashed");
    }

    #[test]
    fn french_plural_adjective_matches_singular_phrase() {
        let f = "des pannes électriques répétées";
        let s = StemmedText::new(f, Algorithm::French);
        let p = stem_phrase("panne électrique", Algorithm::French);
        let at = s.text.find(&p).unwrap();
        let (a, b) = s.folded_range(at, at + p.len());
        assert_eq!(&f[a..b], "pannes électriques");
    }

    #[test]
    fn non_word_text_is_kept_as_is() {
        let f = "5xx — 502/503; 장애";
        assert_eq!(StemmedText::new(f, Algorithm::English).text, f);
    }
}
