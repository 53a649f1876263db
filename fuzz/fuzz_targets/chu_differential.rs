//! Chu Shogi, reference against bitboard generator: bytes → one of the 32 switch readings, a
//! mutated corpus position, move choices; both generators compared at every node of the walk,
//! and the generic properties at its start. The body is
//! `fairyspec::check::targets::chu_differential`, which `tests/fuzz_corpus.rs` replays on every
//! file of `corpus/fuzz/chu_differential/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::chu_differential(data) {
        panic!("{failure}");
    }
});
