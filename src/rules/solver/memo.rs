//! The searches' memo tables: hash sets and maps with a quick hasher for their keys (short
//! arrays of small counts, hashed at every search node). A child of the solver; std only.

use std::collections::{HashMap, HashSet};
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

/// A set of memo keys hashed with [`QuickHasher`].
pub(crate) type QuickSet<K> = HashSet<K, BuildHasherDefault<QuickHasher>>;
/// A map from memo keys hashed with [`QuickHasher`].
pub(crate) type QuickMap<K, V> = HashMap<K, V, BuildHasherDefault<QuickHasher>>;
