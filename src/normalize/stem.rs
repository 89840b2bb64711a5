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

/// A remembered stem: packed like a key (its bytes, then its length in the last byte) when it
/// is short enough, which nearly every stem is, so it is copied out as one 16-byte store;
/// otherwise boxed.
enum Stem {
    Packed(u128),
    Boxed(Box<str>),
}

/// Word → stem for one language. A word of up to [`PACKED_WORD_BYTES`] bytes (nearly every
/// word) is keyed by its bytes and its length packed into a `u128`: a lookup hashes and
/// compares one integer instead of hashing bytes and calling `memcmp`. Longer words are keyed
/// by their text.
#[derive(Default)]
struct StemCache {
    short: HashMap<u128, Stem, rustc_hash::FxBuildHasher>,
    long: HashMap<Box<str>, Stem, rustc_hash::FxBuildHasher>,
    /// In front of `short`: a direct-mapped table of packed word → packed stem, one slot per
    /// hash, the last word seen there (a key of 0 is an empty slot: a packed key never is 0).
    /// A hit costs one multiply and one compare instead of a hash table probe. Allocated on the
    /// first text of the language.
    front: Vec<(u128, u128)>,
}

/// Slots of [`StemCache::front`] (a power of two): 32 KB per language and thread.
const FRONT_SLOTS_LOG2: u32 = 11;

/// The slot of packed word `k` in [`StemCache::front`].
#[inline]
fn front_slot(k: u128) -> usize {
    let h = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - FRONT_SLOTS_LOG2)) as usize
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

/// [`packed`] of `bytes[s..e]` (at most [`PACKED_WORD_BYTES`] bytes), read as one 16-byte load
/// with the bytes past the word masked off when the text has 16 bytes from `s` (no copy loop).
#[inline]
fn packed_at(bytes: &[u8], s: usize, e: usize) -> u128 {
    let n = e - s;
    debug_assert!(n <= PACKED_WORD_BYTES);
    let v = match bytes.get(s..s + PACKED_WORD_BYTES + 1) {
        Some(w) => {
            let w: [u8; PACKED_WORD_BYTES + 1] = w.try_into().expect("16 bytes");
            u128::from_le_bytes(w) & ((1u128 << (8 * n)) - 1)
        }
        None => {
            let mut buf = [0u8; PACKED_WORD_BYTES + 1];
            buf[..n].copy_from_slice(&bytes[s..e]);
            u128::from_le_bytes(buf)
        }
    };
    v | ((n as u128) << (8 * PACKED_WORD_BYTES))
}

/// The length of the text packed in `p` (see [`packed`]).
#[inline]
fn packed_len(p: u128) -> usize {
    (p >> (8 * PACKED_WORD_BYTES)) as usize
}

/// Appends the text packed in `p` (a whole str packed by [`packed`] or [`packed_at`]) to `text`
/// with one fixed-size copy; returns its length.
#[inline]
fn push_packed(text: &mut String, p: u128) -> usize {
    let n = packed_len(p);
    let bytes = p.to_le_bytes();
    // SAFETY: `bytes[..n]` are the bytes of a whole str (a word or stem packed with its length),
    // so they are valid UTF-8; the 16 - n bytes after them are cut off again before the vector
    // is used as a String.
    let v = unsafe { text.as_mut_vec() };
    let len = v.len();
    v.extend_from_slice(&bytes);
    v.truncate(len + n);
    n
}

impl Stem {
    fn new(stem: &str) -> Self {
        match packed(stem) {
            Some(p) => Stem::Packed(p),
            None => Stem::Boxed(stem.into()),
        }
    }

    /// Calls `f` with the stem as text.
    fn with<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        match self {
            Stem::Packed(p) => {
                let bytes = p.to_le_bytes();
                f(std::str::from_utf8(&bytes[..packed_len(*p)]).expect("a packed stem is a str"))
            }
            Stem::Boxed(s) => f(s),
        }
    }
}

impl StemCache {
    fn get(&self, word: &str) -> Option<&Stem> {
        match packed(word) {
            Some(k) => self.short.get(&k),
            None => self.long.get(word),
        }
    }

    fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    fn clear(&mut self) {
        self.short.clear();
        self.long.clear();
        self.front.iter_mut().for_each(|e| *e = (0, 0));
    }

    fn insert(&mut self, word: &str, stem: Stem) {
        match packed(word) {
            Some(k) => self.short.insert(k, stem),
            None => self.long.insert(word.into(), stem),
        };
    }

    /// The stem of the word `folded[s..e]`, stemming and remembering it on a miss: packed
    /// (`Ok`), or as text when it is too long to pack. The word's key is read straight from the
    /// text (see [`packed_at`]).
    #[inline]
    fn stem_at(&mut self, folded: &str, s: usize, e: usize, algo: Algorithm) -> Result<u128, &str> {
        let word = || &folded[s..e];
        let stem = || Stem::new(&Stemmer::create(algo).stem(word()));
        if e - s > PACKED_WORD_BYTES {
            // (Looked up twice on a hit: a key is boxed only for a word not seen yet.)
            if !self.long.contains_key(word()) {
                if self.len() >= MAX_CACHED_STEMS {
                    self.clear();
                }
                self.long.insert(word().into(), stem());
            }
            return match &self.long[word()] {
                Stem::Packed(p) => Ok(*p),
                Stem::Boxed(b) => Err(b),
            };
        }
        let k = packed_at(folded.as_bytes(), s, e);
        if self.front.is_empty() {
            self.front = vec![(0, 0); 1 << FRONT_SLOTS_LOG2];
        }
        let slot = front_slot(k);
        if self.front[slot].0 == k {
            return Ok(self.front[slot].1);
        }
        if self.len() >= MAX_CACHED_STEMS && !self.short.contains_key(&k) {
            self.clear();
        }
        match self.short.entry(k).or_insert_with(stem) {
            Stem::Packed(p) => {
                self.front[slot] = (k, *p);
                Ok(*p)
            }
            Stem::Boxed(b) => Err(b),
        }
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
        return st.with(f);
    }
    if cache.len() >= MAX_CACHED_STEMS {
        cache.clear();
    }
    let st = Stem::new(&Stemmer::create(algo).stem(word));
    let r = st.with(f);
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
        let bytes = folded.as_bytes();
        let mut flush = |text: &mut String, spans: &mut Vec<(u32, u32)>, s: usize, e: usize| {
            let n = if e - s < MIN_STEMMED_WORD_BYTES {
                push_packed(text, packed_at(bytes, s, e))
            } else {
                match cache.stem_at(folded, s, e, algo) {
                    // A stem that came out empty keeps its word, so no text goes missing.
                    Ok(p) if packed_len(p) > 0 => push_packed(text, p),
                    Err(st) if !st.is_empty() => {
                        text.push_str(st);
                        st.len()
                    }
                    _ => {
                        text.push_str(&folded[s..e]);
                        e - s
                    }
                }
            };
            spans.extend(std::iter::repeat_n((s as u32, e as u32), n));
        };
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
    fn stemmed_text_is_each_words_own_stem_however_the_cache_holds_it() {
        // Short words, words of 15 and 16+ bytes (packed and boxed keys), non-ASCII words, and
        // words within 16 bytes of the text's end (read without the 16-byte load); each text
        // twice, the second time from the cache.
        let texts = [
            "the servers crashed; internationalization of the responsibilities failed",
            "connectivity outages: overloaded databases, störungen, pannes électriques",
            "incomprehensibilities",
            "ab abc abcd",
        ];
        for _ in 0..2 {
            for t in texts {
                let mut want = String::new();
                let mut word = String::new();
                let flush = |word: &mut String, want: &mut String| {
                    if word.len() < MIN_STEMMED_WORD_BYTES {
                        want.push_str(word);
                    } else {
                        let st = Stemmer::create(Algorithm::English).stem(word).into_owned();
                        want.push_str(if st.is_empty() { word } else { &st });
                    }
                    word.clear();
                };
                for c in t.chars() {
                    if is_word_char(c) {
                        word.push(c);
                    } else {
                        flush(&mut word, &mut want);
                        want.push(c);
                    }
                }
                flush(&mut word, &mut want);
                assert_eq!(StemmedText::new(t, Algorithm::English).text, want, "{t}");
            }
        }
    }

    #[test]
    fn non_word_text_is_kept_as_is() {
        let f = "5xx — 502/503; 장애";
        assert_eq!(StemmedText::new(f, Algorithm::English).text, f);
    }
}
