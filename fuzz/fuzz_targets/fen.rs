//! FEN text: no panic on any bytes; whatever parses writes and reads back unchanged; whatever
//! validates as a Kuma position round-trips and satisfies the generic properties. The body is
//! `fairyspec::check::targets::fen`, replayed on `corpus/fuzz/fen/` by `tests/all/fuzz_corpus.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::fen(data) {
        panic!("{failure}");
    }
});
