//! Snowball stemming (en de fr es pt) of folded text word by word, with a map from stemmed bytes back to folded bytes.
use super::text::is_word_char;
use rust_stemmers::{Algorithm, Stemmer};
use std::cell::RefCell;
use std::collections::HashMap;

/// Words shorter than this (in bytes) are kept as they are: stemming them gains nothing and
/// costs a stemmer call for every "the", "and", "de".
const MIN_STEMMED_WORD_BYTES: usize = 4;
/// Distinct words whose stems a thread remembers per language, at most: a library repeats its
/// words from case to case, so most words are stemmed once per run. When full, the cache starts
/// over (a few MB per thread at most).
const MAX_CACHED_STEMS: usize = 100_000;

/// The languages [`algorithm`] knows, as an index into the per-thread stem caches.
fn slot(algo: Algorithm) -> usize {
    match algo {
        Algorithm::English => 0,
        Algorithm::German => 1,
        Algorithm::French => 2,
        Algorithm::Spanish => 3,
        Algorithm::Portuguese => 4,
        _ => 5,
    }
}

/// Words of at most this many bytes are cache keys packed into one integer (see [`StemCache`]).
const PACKED_WORD_BYTES: usize = 15;

/// Word → stem for one language. A word of up to [`PACKED_WORD_BYTES`] bytes (nearly every
/// word) is keyed by its bytes and its length packed into a `u128`: a lookup hashes and
/// compares one integer instead of hashing bytes and calling `memcmp`. Longer words are keyed
/// by their text.
#[derive(Default)]
struct StemCache {
    short: HashMap<u128, Box<str>, rustc_hash::FxBuildHasher>,
    long: HashMap<Box<str>, Box<str>, rustc_hash::FxBuildHasher>,
}

/// `word` packed into an integer key (its bytes, then its length in the last byte), when it is
/// short enough: no two such words share a key.
fn packed(word: &str) -> Option<u128> {
    let b = word.as_bytes();
    if b.len() > PACKED_WORD_BYTES {
        return None;
    }
    let mut buf = [0u8; PACKED_WORD_BYTES + 1];
    buf[..b.len()].copy_from_slice(b);
    buf[PACKED_WORD_BYTES] = b.len() as u8;
    Some(u128::from_le_bytes(buf))
}

impl StemCache {
    fn get(&self, word: &str) -> Option<&str> {
        match packed(word) {
            Some(k) => self.short.get(&k),
            None => self.long.get(word),
        }
        .map(|s| &**s)
    }

    fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    fn clear(&mut self) {
        self.short.clear();
        self.long.clear();
    }

    fn insert(&mut self, word: &str, stem: Box<str>) {
        match packed(word) {
            Some(k) => self.short.insert(k, stem),
            None => self.long.insert(word.into(), stem),
        };
    }
}

thread_local! {
    static STEMS: RefCell<[StemCache; 6]> = RefCell::new(Default::default());
    /// A stemmed text whose buffers the next [`with_stemmed`] on this thread reuses.
    static SPARE: RefCell<StemmedText> = RefCell::new(StemmedText::default());
}

/// Calls `f` with `folded` stemmed by `algo`, built in buffers this thread reuses from text to
/// text (a library run stems one case after another; the same text as [`StemmedText::new`]).
pub fn with_stemmed<R>(folded: &str, algo: Algorithm, f: impl FnOnce(&StemmedText) -> R) -> R {
    // Taken out of its cell while `f` runs, so `f` may stem words (or texts) itself.
    let mut st = SPARE.with(|c| std::mem::take(&mut *c.borrow_mut()));
    STEMS.with(|cell| st.restem(folded, algo, &mut cell.borrow_mut()[slot(algo)]));
    let r = f(&st);
    SPARE.with(|c| *c.borrow_mut() = st);
    r
}

/// Calls `f` with the stem of `word` (as the stemmer gives it, possibly empty), from this
/// thread's cache when it was stemmed before.
pub fn with_stem<R>(word: &str, algo: Algorithm, f: impl FnOnce(&str) -> R) -> R {
    STEMS.with(|cell| cached_stem(&mut cell.borrow_mut()[slot(algo)], word, algo, f))
}

/// Calls `f` with the stem of `word` from `cache` (stemming and remembering it on a miss).
fn cached_stem<R>(
    cache: &mut StemCache,
    word: &str,
    algo: Algorithm,
    f: impl FnOnce(&str) -> R,
) -> R {
    if let Some(st) = cache.get(word) {
        return f(st);
    }
    if cache.len() >= MAX_CACHED_STEMS {
        cache.clear();
    }
    let st: Box<str> = Stemmer::create(algo).stem(word).into();
    let r = f(&st);
    cache.insert(word, st);
    r
}

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

/// `u8::is_ascii_alphanumeric` as a table: one load per byte of the word scan instead of
/// three range tests.
const ASCII_ALNUM: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    t
};

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
        // The thread's cache is borrowed once for the whole text, not once per word.
        let mut st = StemmedText::default();
        STEMS.with(|cell| st.restem(folded, algo, &mut cell.borrow_mut()[slot(algo)]));
        st
    }

    /// Stems `folded` into this value's buffers (cleared first; their memory is kept).
    fn restem(&mut self, folded: &str, algo: Algorithm, cache: &mut StemCache) {
        let StemmedText { text, spans } = self;
        text.clear();
        spans.clear();
        text.reserve(folded.len());
        spans.reserve(folded.len());
        let mut word_start: Option<usize> = None;
        // Words repeat: each distinct word is stemmed once per thread (see [`with_stem`]).
        let mut flush = |text: &mut String, spans: &mut Vec<(u32, u32)>, s: usize, e: usize| {
            let word = &folded[s..e];
            let n = if word.len() < MIN_STEMMED_WORD_BYTES {
                text.push_str(word);
                word.len()
            } else {
                cached_stem(cache, word, algo, |stem| {
                    // A stem that came out empty keeps its word, so no text goes missing.
                    let stem = if stem.is_empty() { word } else { stem };
                    text.push_str(stem);
                    stem.len()
                })
            };
            spans.extend(std::iter::repeat_n((s as u32, e as u32), n));
        };
        let bytes = folded.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            // ASCII first (most bytes of most texts): a run of letters and digits is a word or
            // part of one, read at once; any other ASCII byte is copied as it is.
            let b = bytes[i];
            if ASCII_ALNUM[usize::from(b)] {
                word_start.get_or_insert(i);
                i += 1;
                while i < bytes.len() && ASCII_ALNUM[usize::from(bytes[i])] {
                    i += 1;
                }
                continue;
            }
            if b.is_ascii() {
                if let Some(s) = word_start.take() {
                    flush(text, spans, s, i);
                }
                text.push(char::from(b));
                spans.push((i as u32, i as u32 + 1));
                i += 1;
                continue;
            }
            // Other chars are decoded.
            let (c, len) = match bytes[i] {
                b if b.is_ascii() => (b as char, 1),
                _ => {
                    let c = folded[i..].chars().next().unwrap_or_default();
                    (c, c.len_utf8())
                }
            };
            if is_word_char(c) {
                if word_start.is_none() {
                    word_start = Some(i);
                }
                i += len;
                continue;
            }
            if let Some(s) = word_start.take() {
                flush(text, spans, s, i);
            }
            text.push(c);
            let e = i + len;
            spans.extend(std::iter::repeat_n((i as u32, e as u32), len));
            i = e;
        }
        if let Some(s) = word_start {
            flush(text, spans, s, folded.len());
        }
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
    fn cached_stems_are_the_stemmers_own() {
        // The same words twice (the second time from the cache), in two languages.
        for _ in 0..2 {
            for (w, algo) in [
                ("crashed", Algorithm::English),
                ("overloaded", Algorithm::English),
                ("pannes", Algorithm::French),
                ("störungen", Algorithm::German),
            ] {
                let want = Stemmer::create(algo).stem(w).into_owned();
                assert_eq!(with_stem(w, algo, str::to_string), want, "{w}");
            }
        }
    }

    #[test]
    fn non_word_text_is_kept_as_is() {
        let f = "5xx — 502/503; 장애";
        assert_eq!(StemmedText::new(f, Algorithm::English).text, f);
    }
}
