//! Congo, reference against bitboard generator: bytes → the monkey re-entry reading, a mutated
//! position and move choices; both generators compared at every node of the walk, and the generic
//! properties at its start.
//! The body is `fairyspec::check::targets::congo_differential`, which `tests/all/fuzz_corpus.rs` replays on every
//! file of `corpus/fuzz/congo_differential/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::congo_differential(data) {
        panic!("{failure}");
    }
});
