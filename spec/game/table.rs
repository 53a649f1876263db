//! The transposition table of a hashed perft: [`PerftTable`], its 128-bit [`Key`]s and the
//! [`KeyHasher`] that makes them. Documented, and re-exported, as [`crate::perft::hash`] (how the
//! keys are built, the odds of a false hit, the memory); it lives beside [`crate::Generator`],
//! whose provided [`crate::Generator::perft_hashed`] takes a table, so that the generator does not
//! import [`crate::perft`].

use std::sync::atomic::{AtomicU64, Ordering};

/// Builds a 128-bit key from a position's words. Seeded, so that two runs with different seeds
/// use unrelated keys: a second run checks the table and the keys (a false hit would not repeat
/// with other keys), not the move generator both runs walk.
#[derive(Clone, Copy, Debug)]
pub struct KeyHasher {
    a: u64,
    b: u64,
}

const LANE_A: u64 = 0x9e37_79b9_7f4a_7c15;
const LANE_B: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// MurmurHash3's 64-bit finaliser: a bijection in which every input bit flips every output bit
/// with probability about one half.
#[inline(always)]
const fn avalanche(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl KeyHasher {
    /// A hasher whose two lanes start from `seed`.
    #[inline(always)]
    pub const fn new(seed: u64) -> KeyHasher {
        KeyHasher {
            a: avalanche(seed ^ LANE_A),
            b: avalanche(seed.rotate_left(32) ^ LANE_B),
        }
    }

    /// Adds one word. Each lane: xor, multiply by an odd constant, xorshift (every step a
    /// bijection of the lane, so two words that differ always leave different lanes).
    #[inline(always)]
    pub fn write(&mut self, w: u64) {
        let a = (self.a ^ w).wrapping_mul(0x87c3_7b91_1142_53d5);
        self.a = a ^ (a >> 29);
        let b = (self.b ^ w.rotate_left(31)).wrapping_mul(0x4cf5_ad43_2745_937f);
        self.b = b ^ (b >> 31);
    }

    /// The key: both lanes avalanched.
    #[inline(always)]
    pub fn finish(self) -> Key {
        Key {
            index: avalanche(self.a),
            check: avalanche(self.b ^ LANE_A),
        }
    }
}

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        KeyHasher::finish(*self).check
    }

    /// Bytes eight at a time (the last word padded with zeros and the length).
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0; 8];
            w.copy_from_slice(c);
            KeyHasher::write(self, u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        let mut w = [0; 8];
        w[..rest.len()].copy_from_slice(rest);
        KeyHasher::write(self, u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
    }

    fn write_u64(&mut self, w: u64) {
        KeyHasher::write(self, w);
    }
}

/// A position's 128-bit key: one lane picks the bucket, the other is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub index: u64,
    pub check: u64,
}

/// One table entry: `check ^ data` and `data` (count << 8 | depth; 0 = empty).
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const WAYS: usize = 4;

/// Four entries on one 64-byte cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// The largest count an entry holds (56 bits); a larger one is simply not stored.
const MAX_COUNT: u64 = (1 << 56) - 1;

/// The transposition table of a hashed perft: shared by every thread of a run.
pub struct PerftTable {
    buckets: Box<[Bucket]>,
    mask: u64,
    seed: u64,
}

impl PerftTable {
    /// The bytes of one bucket.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table of at most `mib` MiB (at least one bucket), its keys seeded with `seed`.
    ///
    /// # Errors
    /// The memory cannot be had.
    pub fn new(mib: usize, seed: u64) -> Result<PerftTable, std::collections::TryReserveError> {
        let bytes = mib.saturating_mul(1 << 20);
        let mut n = (bytes / Self::BUCKET_BYTES).max(1);
        n = 1 << (usize::BITS - 1 - n.leading_zeros());
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n)?;
        buckets.extend(std::iter::repeat_with(Bucket::default).take(n));
        Ok(PerftTable {
            buckets: buckets.into_boxed_slice(),
            mask: n as u64 - 1,
            seed,
        })
    }

    /// The bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * Self::BUCKET_BYTES
    }

    /// A fresh hasher with this table's seed.
    #[inline(always)]
    pub fn hasher(&self) -> KeyHasher {
        KeyHasher::new(self.seed)
    }

    #[inline(always)]
    fn bucket(&self, key: Key) -> &Bucket {
        &self.buckets[(key.index & self.mask) as usize]
    }

    /// The stored count of the position with `key` at `depth`, if any.
    #[inline]
    pub fn probe(&self, key: Key, depth: u32) -> Option<u64> {
        for e in &self.bucket(key).0 {
            let data = e.data.load(Ordering::Relaxed);
            if data & 0xff == u64::from(depth)
                && e.check.load(Ordering::Relaxed) ^ data == key.check
            {
                return Some(data >> 8);
            }
        }
        None
    }

    /// Stores `count` for the position with `key` at `depth` (1 < depth < 256).
    #[inline]
    pub fn store(&self, key: Key, depth: u32, count: u64) {
        if count > MAX_COUNT || depth > 255 {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut shallowest = u64::MAX;
        for e in &bucket.0 {
            let d = e.data.load(Ordering::Relaxed);
            if d & 0xff == u64::from(depth) && e.check.load(Ordering::Relaxed) ^ d == key.check {
                victim = e;
                break;
            }
            if d & 0xff < shallowest {
                shallowest = d & 0xff;
                victim = e;
            }
        }
        victim.check.store(key.check ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_keeps_what_it_stores_by_depth() {
        let t = PerftTable::new(1, 7).unwrap();
        assert_eq!(t.bytes(), 1 << 20);
        let mut h = t.hasher();
        h.write(42);
        let k = h.finish();
        assert_eq!(t.probe(k, 3), None);
        t.store(k, 3, 1234);
        assert_eq!(t.probe(k, 3), Some(1234));
        assert_eq!(t.probe(k, 4), None);
        let mut other = k;
        other.check ^= 1;
        assert_eq!(t.probe(other, 3), None);
        t.store(k, 3, 99);
        assert_eq!(t.probe(k, 3), Some(99));
    }

    #[test]
    fn keys_differ_by_word_order_and_seed() {
        let key = |seed, words: &[u64]| {
            let mut h = KeyHasher::new(seed);
            words.iter().for_each(|&w| h.write(w));
            h.finish()
        };
        assert_ne!(key(0, &[1, 2]), key(0, &[2, 1]));
        assert_ne!(key(0, &[0, 0]), key(0, &[0]));
        assert_ne!(key(0, &[5]), key(1, &[5]));
        assert_eq!(key(3, &[5, 6]), key(3, &[5, 6]));
    }

    #[test]
    fn a_tiny_table_still_answers_right() {
        // One bucket: every store competes for four entries.
        let t = PerftTable::new(0, 0).unwrap();
        assert_eq!(t.bytes(), PerftTable::BUCKET_BYTES);
        let keys: Vec<Key> = (0..10u64)
            .map(|i| {
                let mut h = t.hasher();
                h.write(i);
                h.finish()
            })
            .collect();
        for (i, k) in keys.iter().enumerate() {
            t.store(*k, 2, i as u64 + 100);
        }
        for (i, k) in keys.iter().enumerate() {
            if let Some(n) = t.probe(*k, 2) {
                assert_eq!(n, i as u64 + 100);
            }
        }
    }
}
