//! Perft with a transposition table (`fairyspec perft --hash MB`): a table of (position, depth)
//! → leaf count shared by every thread, so that a position reached again by another order of
//! moves is counted once.
//!
//! **Keys: 128 bits.** A position's key is computed from scratch from everything that decides the
//! tree below it (the board, the side to move, castling rights, the en-passant square, Chu's
//! counter-strike square; not the move counters, which perft ignores), by [`KeyHasher`]: two
//! independent 64-bit lanes, each a chain of bijective multiply–xorshift steps over the position's
//! words with its own constants and seed, each finished by an avalanche. One lane picks the bucket, the other
//! (64 bits) is stored and compared, together with the depth. A wrong count needs two different
//! positions whose stored lanes agree in all 64 bits *and* whose other lanes pick the same bucket:
//! about one chance in 2^64 ÷ 4 per probe (four entries per bucket). A deep run probes the
//! table some 10^9–10^11 times, so the expected number of false hits in a run is below 10^-8: not
//! a practical risk, and far below the chance of a hardware fault in the same hours. (Chess
//! programs that use 64-bit keys for both index and check see collisions in runs this long;
//! that is why the check alone has 64 bits here.)
//!
//! **Memory** is what `--hash` says, rounded down to a power of two of 64-byte buckets; the
//! table is allocated once. A bucket holds four entries of 16 bytes: the check lane XOR the
//! data word, and the data word (count << 8 | depth). The XOR lets threads write without locks:
//! an entry torn by two writers fails its check and reads as a miss (Hyatt and Mann's
//! "lockless transposition table"). Replacement: the same position and depth is overwritten,
//! else the shallowest entry of the bucket.
//!
//! Depth 1 is never stored: counting one ply is cheaper than a probe that misses the cache.

//!
//! The table, its keys, and the walk any generator takes through it ([`perft_positions`]) are
//! defined beside [`crate::Generator`] (whose provided [`crate::Generator::perft_hashed`] uses
//! them) and re-exported here; this module adds what a bitboard generator needs to walk its own
//! boards through the table: [`HashNode`] and [`perft_node`].

pub use crate::game::generator::{perft_positions, position_key};
pub use crate::game::table::{Key, KeyHasher, PerftTable};

/// A bitboard generator's position as the hashed perft walks it: its key, its children, and
/// its leaves one ply deep counted the fast way. `Ctx` is what the walk needs besides the
/// position (the rule switches, the counting).
pub trait HashNode: Sized {
    type Ctx: Sync;
    /// Writes every part of the position that decides the tree below it.
    fn write_key(&self, h: &mut KeyHasher);
    /// The number of children (perft 1); 0 in a finished game.
    fn count(&self, ctx: &Self::Ctx) -> u64;
    /// Calls `f` on each child (none in a finished game).
    fn children(&self, ctx: &Self::Ctx, f: impl FnMut(&Self));
}

/// Perft of `node` through `table`.
pub fn perft_node<N: HashNode>(node: &N, ctx: &N::Ctx, depth: u32, table: &PerftTable) -> u64 {
    match depth {
        0 => 1,
        1 => node.count(ctx),
        _ => {
            let mut h = table.hasher();
            node.write_key(&mut h);
            let key = h.finish();
            if let Some(n) = table.probe(key, depth) {
                return n;
            }
            let mut n = 0;
            node.children(ctx, |c| n += perft_node(c, ctx, depth - 1, table));
            table.store(key, depth, n);
            n
        }
    }
}
