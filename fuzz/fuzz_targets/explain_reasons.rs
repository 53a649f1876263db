//! The reason checker on fuzzer bytes: a game (first byte), its switch readings, a position
//! mutated from the game's starting points, and extra move texts; every reason `explain` gives
//! for an illegal move there must hold (issue 31). The body is
//! `fairyspec::explain::check::fuzz::explain_reasons`, which `tests/all/fuzz_corpus.rs` replays
//! on every file of `corpus/fuzz/explain_reasons/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// SPEC.md, for the rules' subjects (the cited rule must concern the piece or the situation).
const SPEC_MD: &str = include_str!("../../SPEC.md");

fuzz_target!(|data: &[u8]| {
    if let Err(false_reason) = fairyspec::explain::check::fuzz::explain_reasons(data, SPEC_MD) {
        panic!("{false_reason}");
    }
});
