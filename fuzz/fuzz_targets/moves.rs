//! Move text: no panic on any bytes; accepted move text prints and reads back as the same move,
//! in the abstract and as a legal move of the corpus positions. The body is
//! `fairyspec::check::targets::moves`, replayed on `corpus/fuzz/moves/` by
//! `tests/all/fuzz_corpus.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::moves(data) {
        panic!("{failure}");
    }
});
