//! Chu Shogi, reference against bitboard generator: bytes → one of the 192 switch readings, a
//! mutated corpus position, move choices; both generators compared at every node of a walk that
//! keeps the game's history (repetition, CHU-6.5), and the generic properties at its start. The body is
//! `fairyspec::chu::fuzz::chu_differential`, which `tests/all/fuzz_corpus.rs` replays on every
//! file of `corpus/fuzz/chu_differential/`.
//! When libFuzzer exits it prints how often each switch reading and each rare path was reached
//! (`fairyspec::check::reach`).
#![no_main]

#[path = "reach.rs"]
mod reach;

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: reach::print_at_exit("chu_differential"),
    |data: &[u8]| {
        let result = reach::with(|r| fairyspec::chu::fuzz::chu_differential_counted(data, r));
        if let Err(failure) = result {
            panic!("{failure}");
        }
    }
);
