//! Bachelor Hunterbeest, reference against bitboard generator: bytes → the stalemate reading, a
//! mutated position and move choices; both generators compared at every node of the walk, and the
//! generic properties at its start.
//! The body is `fairyspec::check::targets::differential_target::<Hunterbeest>`, which `tests/all/fuzz_corpus.rs` replays on every
//! file of `corpus/fuzz/hunterbeest_differential/`.
//! When libFuzzer exits it prints how often each switch reading and each rare path was reached
//! (`fairyspec::check::reach`).
#![no_main]

#[path = "reach.rs"]
mod reach;

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: reach::print_at_exit("hunterbeest_differential"),
    |data: &[u8]| {
        let result = reach::with(|r| fairyspec::check::targets::differential_target_counted::<fairyspec::hunterbeest::Hunterbeest>(data, r));
        if let Err(failure) = result {
            panic!("{failure}");
        }
    }
);
