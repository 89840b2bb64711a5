//! Page fingerprints: a MinHash of word shingles, stable across runs and Rust versions, for drift and soft-404s.

/// Number of MinHash slots; similarity resolution is 1/SLOTS.
pub const SLOTS: usize = 32;
/// Words per shingle.
pub const SHINGLE_WORDS: usize = 3;

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A fingerprint of text (lower-cased words), as a hex string; None for text without words.
pub fn fingerprint(text: &str) -> Option<String> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        return None;
    }
    let mut mins = [u64::MAX; SLOTS];
    let n = SHINGLE_WORDS.min(words.len());
    for win in words.windows(n) {
        let h = fnv1a(win.join(" ").as_bytes());
        for (i, m) in mins.iter_mut().enumerate() {
            let v = mix(h ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            if v < *m {
                *m = v;
            }
        }
    }
    Some(
        mins.iter()
            .map(|m| format!("{:08x}", (m >> 32) as u32))
            .collect(),
    )
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
}
