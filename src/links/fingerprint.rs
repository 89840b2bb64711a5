//! Page fingerprints: a MinHash of word shingles, stable across runs and Rust versions, for drift and soft-404s.

/// Number of MinHash slots; similarity resolution is 1/SLOTS.
pub const SLOTS: usize = 32;
/// Words per shingle.
pub const SHINGLE_WORDS: usize = 3;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a_step(h: u64, b: u8) -> u64 {
    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
}

#[cfg(test)]
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, b| fnv1a_step(h, *b))
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A fingerprint of text (lower-cased words), as a hex string; None for text without words.
///
/// Each shingle is hashed as the FNV-1a of its words joined by single spaces, fed word by word
/// (no joined string is built: this runs once per checked page).
pub fn fingerprint(text: &str) -> Option<String> {
    // Lower-cased words, end to end in one buffer, with their ranges.
    let mut buf = String::with_capacity(text.len());
    let mut words: Vec<(usize, usize)> = Vec::new();
    for w in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let start = buf.len();
        if w.is_ascii() {
            buf.push_str(w);
            buf[start..].make_ascii_lowercase();
        } else {
            buf.push_str(&w.to_lowercase());
        }
        words.push((start, buf.len()));
    }
    if words.is_empty() {
        return None;
    }
    let bytes = buf.as_bytes();
    // Slot i hashes `h ^ i·K`; the 32 multiples of K are the same for every shingle.
    const SALTS: [u64; SLOTS] = {
        let mut s = [0u64; SLOTS];
        let mut i = 0;
        while i < SLOTS {
            s[i] = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            i += 1;
        }
        s
    };
    let mut mins = [u64::MAX; SLOTS];
    let n = SHINGLE_WORDS.min(words.len());
    for win in words.windows(n) {
        let mut h: u64 = FNV_OFFSET;
        for (k, &(a, b)) in win.iter().enumerate() {
            if k > 0 {
                h = fnv1a_step(h, b' ');
            }
            for &byte in &bytes[a..b] {
                h = fnv1a_step(h, byte);
            }
        }
        for (m, salt) in mins.iter_mut().zip(SALTS) {
            *m = (*m).min(mix(h ^ salt));
        }
    }
    // Each slot's top 32 bits as 8 lower-case hex digits (`{:08x}`), without the formatter.
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(SLOTS * 8);
    for m in mins {
        let top = (m >> 32) as u32;
        out.extend((0..8).rev().map(|k| HEX[((top >> (k * 4)) & 0xf) as usize]));
    }
    String::from_utf8(out).ok()
}

/// Estimated Jaccard similarity of two fingerprints (0.0 when they are not comparable).
pub fn similarity(a: &str, b: &str) -> f64 {
    if a.len() != b.len() || a.len() != SLOTS * 8 {
        return 0.0;
    }
    let same = (0..SLOTS)
        .filter(|i| a[i * 8..i * 8 + 8] == b[i * 8..i * 8 + 8])
        .count();
    same as f64 / SLOTS as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_matches_and_different_text_does_not() {
        let a = fingerprint("At 14:05 UTC the intermediate certificate expired and sign-ins failed for 95 minutes across the region").unwrap();
        let b = fingerprint("At 14:05 UTC the intermediate certificate expired and sign-ins failed for 95 minutes across the region").unwrap();
        let c = fingerprint("Buy our new product today with a discount on annual plans for every team in your company now").unwrap();
        assert_eq!(similarity(&a, &b), 1.0);
        assert!(similarity(&a, &c) < 0.2);
        assert!(fingerprint("  ,. ").is_none());
    }

    /// The fingerprint as first written (shingles joined into strings): stored histories hold
    /// these, so the faster one must give the same hex.
    fn reference(text: &str) -> Option<String> {
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.is_empty() {
            return None;
        }
        let mut mins = [u64::MAX; SLOTS];
        for win in words.windows(SHINGLE_WORDS.min(words.len())) {
            let h = fnv1a(win.join(" ").as_bytes());
            for (i, m) in mins.iter_mut().enumerate() {
                *m = (*m).min(mix(h ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            }
        }
        Some(
            mins.iter()
                .map(|m| format!("{:08x}", (m >> 32) as u32))
                .collect(),
        )
    }

    #[test]
    fn fingerprints_are_unchanged_from_the_stored_format() {
        for t in [
            "At 14:05 UTC the certificate for pool 7 expired; sign-ins failed for 95 minutes.",
            "ÉTAT des SERVICES — Straße İstanbul ΣΊΣΥΦΟΣ",
            "서비스 장애 보고 2024년 11월 12일 障害 報告",
            "one",
            "two words",
            "",
        ] {
            assert_eq!(fingerprint(t), reference(t), "{t:?}");
        }
    }
}
