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

/// A map from short lists of words (a search's failed states) to a number, the keys stored
/// end to end in one arena rather than one allocation per key: the table holds a hash and the
/// newest entry with it, and entries with the same hash are chained and compared word by
/// word, so the answer is exact whatever the collisions. Growing the table moves two numbers
/// per key, not the key; the arena grows by blocks, so no key is ever copied (one growing
/// `Vec` was copied whole at each doubling: a sixth of a 20-card search in perf).
#[derive(Default)]
pub(crate) struct WordMap {
    heads: HashMap<u64, u32, BuildHasherDefault<PassHasher>>,
    entries: Vec<Entry>,
    /// The keys' words, in blocks of [`BLOCK`] words; a key lies within one block.
    words: Vec<Vec<u16>>,
    /// The blocks in use: the others are empty, kept from an earlier search (see
    /// [`WordMap::take`]).
    filled: usize,
}

/// The most entries a [`WordMap`] may have held to be kept for the thread's next search
/// (about 3 MiB with its table and the arena's blocks); a bigger one is dropped.
const KEEP_ENTRIES: usize = 1 << 17;

thread_local! {
    /// A map a finished search on this thread gave back, cleared, with its storage.
    static SPARE: std::cell::RefCell<Option<WordMap>> = const { std::cell::RefCell::new(None) };
}

/// Words in one block of a [`WordMap`]'s arena (64 KiB); every key is far shorter.
const BLOCK: usize = 1 << 15;

/// One key of a [`WordMap`]: where its words are, its value, and the next entry with the
/// same hash.
struct Entry {
    /// The next entry with the same hash, or `u32::MAX`.
    next: u32,
    offset: u32,
    len: u32,
    value: u32,
}

impl WordMap {
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

    /// The entry holding `key`, if any.
    fn find(&self, hash: u64, key: &[u16]) -> Option<usize> {
        let mut at = self.heads.get(&hash).copied().unwrap_or(u32::MAX);
        while let Some(e) = self.entries.get(at as usize) {
            let (offset, len) = (e.offset as usize, e.len as usize);
            if self.words[offset / BLOCK][offset % BLOCK..offset % BLOCK + len] == *key {
                return Some(at as usize);
            }
            at = e.next;
        }
        None
    }

    /// The value kept with `key`.
    pub(crate) fn get(&self, key: &[u16]) -> Option<u32> {
        self.find(Self::hash(key), key)
            .map(|at| self.entries[at].value)
    }

    /// Keeps `value` with `key`, or the larger of it and the value kept already.
    pub(crate) fn raise(&mut self, key: &[u16], value: u32) {
        let hash = Self::hash(key);
        if let Some(at) = self.find(hash, key) {
            let kept = &mut self.entries[at].value;
            *kept = (*kept).max(value);
            return;
        }
        assert!(key.len() <= BLOCK, "a memo key longer than a block");
        if self.filled == 0 || self.words[self.filled - 1].len() + key.len() > BLOCK {
            if self.filled == self.words.len() {
                self.words.push(Vec::with_capacity(BLOCK));
            }
            self.filled += 1;
        }
        let block = self.filled - 1;
        let offset = block * BLOCK + self.words[block].len();
        let index = self.entries.len() as u32;
        let next = self.heads.insert(hash, index).unwrap_or(u32::MAX);
        self.entries.push(Entry {
            next,
            offset: offset as u32,
            len: key.len() as u32,
            value,
        });
        self.words[block].extend_from_slice(key);
    }

    /// An empty map for a search: the one this thread's last search gave back (its table
    /// and arena already allocated and their pages touched), or a new one. A solve of a few
    /// thousand nodes spent a tenth of its time growing a new map.
    pub(crate) fn take() -> WordMap {
        SPARE
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_default()
    }

    /// Clears the map and keeps it for this thread's next search, unless it grew too big
    /// to keep.
    pub(crate) fn give_back(mut self) {
        if self.entries.len() > KEEP_ENTRIES {
            return;
        }
        self.heads.clear();
        self.entries.clear();
        for block in &mut self.words[..self.filled] {
            block.clear();
        }
        self.filled = 0;
        SPARE.with(|spare| *spare.borrow_mut() = Some(self));
    }

    /// How many keys it holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

/// A set of short lists of words: a [`WordMap`] whose values do not matter.
#[derive(Default)]
pub(crate) struct WordSet(WordMap);

impl WordSet {
    /// Is `key` in the set?
    pub(crate) fn contains(&self, key: &[u16]) -> bool {
        self.0.get(key).is_some()
    }

    /// Adds `key` (once).
    pub(crate) fn insert(&mut self, key: &[u16]) {
        self.0.raise(key, 0);
    }
}

/// A memo key of at most `N` words, built on the stack: a search makes one per node, and a
/// list on the heap for each, kept in a hash table, cost a third of a search in allocation
/// and in growing the table. Kept in a [`WordSet`] or a [`WordMap`].
#[derive(Clone, Copy)]
pub(crate) struct Key<const N: usize> {
    words: [u16; N],
    len: usize,
    /// More words than fit were pushed: the key is unusable.
    overflow: bool,
}

impl<const N: usize> Default for Key<N> {
    fn default() -> Self {
        Key {
            words: [0; N],
            len: 0,
            overflow: false,
        }
    }
}

impl<const N: usize> Key<N> {
    pub(crate) fn push(&mut self, word: u16) {
        if self.len < N {
            self.words[self.len] = word;
            self.len += 1;
        } else {
            self.overflow = true;
        }
    }

    pub(crate) fn extend(&mut self, words: impl IntoIterator<Item = u16>) {
        for w in words {
            self.push(w);
        }
    }

    /// The words pushed so far.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The key's words, or `None` where more were pushed than fit (such a state is searched
    /// without the memo).
    pub(crate) fn words(&self) -> Option<&[u16]> {
        (!self.overflow).then(|| &self.words[..self.len])
    }

    /// Sorts the words pushed since `from`, so that their order does not matter.
    pub(crate) fn sort_from(&mut self, from: usize) {
        self.words[from..self.len].sort_unstable();
    }

    /// Sorts the words pushed since `from` as pairs (each pair one item), so that the items'
    /// order does not matter.
    pub(crate) fn sort_pairs_from(&mut self, from: usize) {
        self.words[from..self.len]
            .as_chunks_mut::<2>()
            .0
            .sort_unstable();
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
        assert_eq!(set.0.len(), unique.len());
        // Two keys that share a hash are told apart word by word.
        let mut forced = WordMap::default();
        forced.heads.insert(7, 0);
        forced.entries.push(Entry {
            next: u32::MAX,
            offset: 0,
            len: 2,
            value: 0,
        });
        forced.words.push(vec![1, 2]);
        assert_eq!(forced.find(7, &[1, 2]), Some(0));
        assert_eq!(forced.find(7, &[2, 1]), None);
    }

    #[test]
    fn a_word_map_keeps_the_largest_value_raised_for_each_key() {
        let mut map = WordMap::default();
        assert_eq!(map.get(&[3, 4]), None);
        map.raise(&[3, 4], 2);
        map.raise(&[3, 4], 1);
        map.raise(&[4, 3], 5);
        map.raise(&[], 7);
        assert_eq!(map.get(&[3, 4]), Some(2));
        assert_eq!(map.get(&[4, 3]), Some(5));
        assert_eq!(map.get(&[]), Some(7));
        map.raise(&[3, 4], 6);
        assert_eq!(map.get(&[3, 4]), Some(6));
        assert_eq!(map.len(), 3);
    }

    #[test]
    fn a_word_map_keeps_keys_across_the_blocks_of_its_arena_and_is_reused_empty() {
        let mut map = WordMap::default();
        let key = |i: u32| -> Vec<u16> { (0..7).map(|j| (i * 7 + j) as u16 ^ 0x5a5a).collect() };
        // Seven words each: more than three blocks, and keys that do not fit a block's end.
        let keys = 3 * BLOCK as u32 / 7 + 100;
        for i in 0..keys {
            map.raise(&key(i), i);
        }
        assert!(map.words.len() >= 4);
        assert!(map.words.iter().all(|b| b.len() <= BLOCK));
        for i in 0..keys {
            assert_eq!(map.get(&key(i)), Some(i), "key {i}");
        }
        assert_eq!(map.get(&key(keys)), None);
        // Given back and taken again on this thread: empty, its blocks kept and reused.
        let blocks = map.words.len();
        map.give_back();
        let mut again = WordMap::take();
        assert_eq!(
            (again.len(), again.filled, again.words.len()),
            (0, 0, blocks)
        );
        assert_eq!(again.get(&key(0)), None);
        again.raise(&key(1), 9);
        assert_eq!(again.get(&key(1)), Some(9));
        assert_eq!(again.get(&key(2)), None);
    }
}
