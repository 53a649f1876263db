//! Bachelor Hunterbeest, reference against bitboard generator: bytes → the stalemate reading, a
//! mutated position and move choices; both generators compared at every node of the walk, and the
//! generic properties at its start.
//! The body is `fairyspec::check::targets::hunterbeest_differential`, which `tests/all/fuzz_corpus.rs` replays on every
//! file of `corpus/fuzz/hunterbeest_differential/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::hunterbeest_differential(data) {
        panic!("{failure}");
    }
});
