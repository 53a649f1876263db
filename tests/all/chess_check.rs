//! The generic checks of `fairyspec::check` applied to orthodox chess: the reference against the
//! bitboard generator on the check corpus (start, Kiwipete, CPW position 3), along random
//! playouts and on mutated positions, and the generic properties there.

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::{corpus, differential, differential_walk, properties, CheckGame};
use fairyspec::chess::Chess;
use fairyspec::{Game, Generator};
use proptest::prelude::*;

fn generators() -> (Box<dyn Generator<Chess>>, Box<dyn Generator<Chess>>) {
    let switches = Default::default();
    // No bitboard generator would leave the reference compared with itself: an error, not a pass.
    let other = Chess::bitboard(&switches);
    (Chess::reference(&switches), other)
}

#[test]
fn corpus_positions() {
    let (a, b) = generators();
    assert_eq!(corpus::positions::<Chess>().len(), Chess::STARTS.len());
    for pos in corpus::positions::<Chess>() {
        differential(&*a, &*b, &pos).unwrap_or_else(|d| panic!("{d}"));
        for gen in [&*a, &*b] {
            properties::all(gen, &pos, 2).unwrap_or_else(|f| panic!("{f}"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn generic_checks_on_playouts_and_mutations(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        choices in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let (a, b) = generators();
        let starts = corpus::positions::<Chess>();
        let pos = arbitrary_position(&*a, &mut arbitrary::Unstructured::new(&bytes), &starts)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let choices: Vec<usize> = choices.into_iter().map(usize::from).collect();
        let end = differential_walk(&*a, &*b, &pos, &choices, 1)
            .map_err(|d| TestCaseError::fail(d.to_string()))?;
        for gen in [&*a, &*b] {
            properties::all(gen, &pos, 2).map_err(|f| TestCaseError::fail(f.to_string()))?;
            properties::all(gen, &end, 2).map_err(|f| TestCaseError::fail(f.to_string()))?;
        }
    }
}
