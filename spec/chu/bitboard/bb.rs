//! [`Bb`]: a set of squares of the 12×12 board.
//!
//! Why three words of 48 bits. A Chu board has 144 squares, more than a `u64` and more than a
//! `u128`. 144 = 3 × 48, so three `u64` words of 48 bits each hold four whole ranks per word
//! (square `12 * rank + file` is bit `sq % 48` of word `sq / 48`): a rank never straddles two
//! words, a population count is three `popcnt`s, and the first or last square of a ray is one
//! `tzcnt`/`lzcnt` on the first non-empty word. The alternative of a `u128` for the first 128
//! squares plus a small word for the remaining 16 makes rank 10 straddle the two parts and every
//! operation handle two unlike halves. Sliders need no shifting at all (rays come from tables,
//! see [`super::tables`]), so there is no padding column: the board stays 144 bits.
//!
//! Measured (release build, one core of a shared 2-core machine, CPU time, `cargo bench --bench
//! chu`): start perft(5) = 109,394,035 leaves in 1.0–1.1 s (about 100 M leaves/s). Three things
//! were measured on the way: the first version (every slide a ray walk with a bit scan) took
//! 1.5 s; counting slides at the last ply by line-occupancy lookups (see
//! [`super::lines::LINE_ATT`]) took 1.9 s in a run on a busier machine, so it gained nothing
//! measurable on the start position (where most pieces are blocked; it was kept, being as fast
//! and branch-free); the large gain was the population count: Rust's x86-64
//! baseline has no `POPCNT`, and a software count was most of the counting time (perf), so
//! counting is compiled a second time with `POPCNT` and chosen at run time (1.9 s → 1.0 s).
//! The u128-plus-remainder layout was not built, so it was not measured.
//!
//! Later (issue 22), counting every piece's steps at once by direction (`super::steps`) took
//! the start position's perft(4) from 448 M to 318 M instructions (valgrind's callgrind, which
//! counts the same on a loaded machine), and skipping the bare-king tests while neither side can
//! be bare to 305 M, and letting a slider visit only the line types it slides along to 252 M (the
//! reference: 10.28 G). `cargo bench --bench chu` then gave start perft(5) in 0.54 s of CPU
//! (204 M leaves/s) and 32.9x the reference's speed over its rows (22.2x before), on a machine
//! with a load average of 7.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The 48 bits of a word that stand for squares.
pub const WORD: u64 = (1 << 48) - 1;

/// A set of squares: bit `sq % 48` of word `sq / 48` for square index `sq = 12 * rank + file`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Bb(pub [u64; 3]);

impl Bb {
    pub const EMPTY: Bb = Bb([0; 3]);
    pub const FULL: Bb = Bb([WORD; 3]);

    /// The set holding only square `sq` (< 144).
    #[inline(always)]
    pub const fn bit(sq: usize) -> Bb {
        let mut w = [0; 3];
        w[sq / 48] = 1 << (sq % 48);
        Bb(w)
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: usize) -> Bb {
        let mut w = self.0;
        w[sq / 48] |= 1 << (sq % 48);
        Bb(w)
    }

    #[inline(always)]
    pub const fn union(self, o: Bb) -> Bb {
        Bb([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }

    #[inline(always)]
    pub const fn intersect(self, o: Bb) -> Bb {
        Bb([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }

    #[inline(always)]
    pub const fn has(self, sq: usize) -> bool {
        self.0[sq / 48] >> (sq % 48) & 1 != 0
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    #[inline(always)]
    pub const fn nonempty(self) -> bool {
        !self.is_empty()
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// `self` without the squares of `o`.
    #[inline(always)]
    pub const fn minus(self, o: Bb) -> Bb {
        Bb([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }

    /// The lowest square (the nearest one of a ray in a direction that increases the index).
    /// Must not be empty.
    #[inline(always)]
    pub fn lsb(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            48 + self.0[1].trailing_zeros() as usize
        } else {
            96 + self.0[2].trailing_zeros() as usize
        }
    }

    /// The highest square. Must not be empty.
    #[inline(always)]
    pub fn msb(self) -> usize {
        if self.0[2] != 0 {
            96 + 63 - self.0[2].leading_zeros() as usize
        } else if self.0[1] != 0 {
            48 + 63 - self.0[1].leading_zeros() as usize
        } else {
            63 - self.0[0].leading_zeros() as usize
        }
    }

    /// Whether the set has exactly one square.
    #[inline(always)]
    pub fn is_single(self) -> bool {
        self.count() == 1
    }
}

impl Iterator for Bb {
    type Item = usize;

    /// Removes and returns the lowest square.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        let w = &mut self.0;
        if w[0] != 0 {
            let b = w[0].trailing_zeros() as usize;
            w[0] &= w[0] - 1;
            Some(b)
        } else if w[1] != 0 {
            let b = w[1].trailing_zeros() as usize;
            w[1] &= w[1] - 1;
            Some(48 + b)
        } else if w[2] != 0 {
            let b = w[2].trailing_zeros() as usize;
            w[2] &= w[2] - 1;
            Some(96 + b)
        } else {
            None
        }
    }
}

/// `for_squares!(sq in set => { ... })`: the body for every square of `set`, lowest first, word
/// by word (`continue` goes on with the next square). A loop rather than a closure: the perft
/// walk is compiled with the `POPCNT` instruction (`target_feature`), and a closure is compiled
/// apart from the function it is written in, without it.
macro_rules! for_squares {
    ($sq:ident in $set:expr => $body:block) => {{
        let set: $crate::chu::bitboard::bb::Bb = $set;
        for word_index in 0..3 {
            let mut bits = set.0[word_index];
            while bits != 0 {
                let $sq = 48 * word_index + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                $body
            }
        }
    }};
}
pub(crate) use for_squares;

impl BitAnd for Bb {
    type Output = Bb;
    #[inline(always)]
    fn bitand(self, o: Bb) -> Bb {
        Bb([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Bb {
    type Output = Bb;
    #[inline(always)]
    fn bitor(self, o: Bb) -> Bb {
        self.union(o)
    }
}

impl BitXor for Bb {
    type Output = Bb;
    #[inline(always)]
    fn bitxor(self, o: Bb) -> Bb {
        Bb([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
}

impl Not for Bb {
    type Output = Bb;
    #[inline(always)]
    fn not(self) -> Bb {
        Bb([!self.0[0] & WORD, !self.0[1] & WORD, !self.0[2] & WORD])
    }
}

impl BitAndAssign for Bb {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Bb) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bb {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Bb) {
        *self = *self | o;
    }
}

impl BitXorAssign for Bb {
    #[inline(always)]
    fn bitxor_assign(&mut self, o: Bb) {
        *self = *self ^ o;
    }
}

impl std::fmt::Debug for Bb {
    /// The board drawn with rank `a` (index 11) on top, `1` for a square in the set.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..12).rev() {
            for file in 0..12 {
                f.write_str(if self.has(rank * 12 + file) { "1" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
