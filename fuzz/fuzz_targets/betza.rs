//! Betza notation: no panic on any bytes; whatever the reader accepts prints and reads back the
//! same; whatever it rejects names a column inside the text. The body is
//! `fairyspec::check::targets::betza`, replayed on `corpus/fuzz/betza/` by `tests/all/fuzz_corpus.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = fairyspec::check::targets::betza(data) {
        panic!("{failure}");
    }
});
