//! The searches' memo tables: hash sets and maps with a quick hasher for their keys (short
//! arrays of small counts, hashed at every search node). A child of the solver; std only.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A quick hasher for the searches' memo keys (short arrays of small counts, hashed at every
/// node): std's SipHash spent a third of a search's time on them. Keys come from the hand
/// alone, and the node budget and the stop signal bound a search whatever its collisions.
#[derive(Default)]
pub(crate) struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }

    fn write_u16(&mut self, n: u16) {
        self.add(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // The table picks buckets by the low bits: bring the well-mixed high ones down.
        self.0.rotate_left(26)
    }
}

/// A map from memo keys hashed with [`QuickHasher`].
pub(crate) type QuickMap<K, V> = HashMap<K, V, BuildHasherDefault<QuickHasher>>;

/// A hasher for keys that are already well-mixed hashes: passes them through.
#[derive(Default)]
pub(crate) struct PassHasher(u64);

impl Hasher for PassHasher {
    fn write(&mut self, bytes: &[u8]) {
        // Only `u64`s are hashed with it; anything else is folded in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of short lists of words (a search's failed states), stored end to end in one arena
/// rather than one allocation per key: the table holds a hash and the newest entry with it,
/// and entries with the same hash are chained and compared word by word, so the answer is
/// exact whatever the collisions. Growing the table moves two numbers per key, not the key.
#[derive(Default)]
pub(crate) struct WordSet {
    heads: HashMap<u64, u32, BuildHasherDefault<PassHasher>>,
    /// (next entry with the same hash or `u32::MAX`, offset in `words`, length).
    entries: Vec<(u32, u32, u32)>,
    words: Vec<u16>,
}

impl WordSet {
    fn hash(key: &[u16]) -> u64 {
        let mut h = QuickHasher::default();
        // Four words at a time: one multiplication each.
        let mut chunks = key.chunks_exact(4);
        for c in &mut chunks {
            h.add(
                u64::from(c[0])
                    | u64::from(c[1]) << 16
                    | u64::from(c[2]) << 32
                    | u64::from(c[3]) << 48,
            );
        }
        let mut last = key.len() as u64;
        for (i, &w) in chunks.remainder().iter().enumerate() {
            last |= u64::from(w) << (16 * (i + 1));
        }
        h.add(last);
        h.finish()
    }

    fn find(&self, hash: u64, key: &[u16]) -> bool {
        let mut at = self.heads.get(&hash).copied().unwrap_or(u32::MAX);
        while let Some(&(next, offset, len)) = self.entries.get(at as usize) {
            let (offset, len) = (offset as usize, len as usize);
            if self.words[offset..offset + len] == *key {
                return true;
            }
            at = next;
        }
        false
    }

    /// Is `key` in the set?
    pub(crate) fn contains(&self, key: &[u16]) -> bool {
        self.find(Self::hash(key), key)
    }

    /// Adds `key` (once).
    pub(crate) fn insert(&mut self, key: &[u16]) {
        let hash = Self::hash(key);
        if self.find(hash, key) {
            return;
        }
        let index = self.entries.len() as u32;
        let next = self.heads.insert(hash, index).unwrap_or(u32::MAX);
        self.entries
            .push((next, self.words.len() as u32, key.len() as u32));
        self.words.extend_from_slice(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_set_holds_each_key_exactly_once_whatever_the_hashes() {
        let mut set = WordSet::default();
        let keys: Vec<Vec<u16>> = (0..2000u16)
            .map(|i| (0..(i % 7)).map(|j| i.wrapping_mul(31) ^ j).collect())
            .collect();
        for k in keys.iter().step_by(2) {
            set.insert(k);
            set.insert(k);
        }
        for (i, k) in keys.iter().enumerate() {
            // Keys may repeat in the list: a key is in the set if any copy was inserted.
            let inserted = keys.iter().step_by(2).any(|x| x == k);
            assert_eq!(set.contains(k), inserted, "key {i}: {k:?}");
        }
        let unique: std::collections::HashSet<&Vec<u16>> = keys.iter().step_by(2).collect();
        assert_eq!(set.entries.len(), unique.len());
        // Two keys that share a hash are told apart word by word.
        let mut forced = WordSet::default();
        forced.heads.insert(7, 0);
        forced.entries.push((u32::MAX, 0, 2));
        forced.words.extend([1, 2]);
        assert!(forced.find(7, &[1, 2]));
        assert!(!forced.find(7, &[2, 1]));
    }
}
