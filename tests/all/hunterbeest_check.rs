//! The generic checks of `fairyspec::check` applied to Bachelor Hunterbeest, whose armies are
//! rotations of each other (BHB-1.2, `Game::SYMMETRY`): the reference against the bitboard
//! generator along random playouts and on mutated positions, and the generic properties there.
//! (The game's own rule tests are in `hunterbeest_*.rs`.)

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::{differential, differential_walk, properties};
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::{Game, Generator, Position};
use proptest::prelude::*;

fn generators() -> (
    Box<dyn Generator<Hunterbeest>>,
    Box<dyn Generator<Hunterbeest>>,
) {
    let switches = Default::default();
    // No bitboard generator would leave the reference compared with itself: an error, not a pass.
    let other = Hunterbeest::bitboard(&switches).expect("Hunterbeest has a bitboard generator");
    (Hunterbeest::reference(&switches), other)
}

#[test]
fn start_position() {
    let (a, b) = generators();
    let start = Position::<Hunterbeest>::start();
    differential(&*a, &*b, &start).unwrap();
    properties::all(&*a, &start, 2).unwrap();
    properties::all(&*b, &start, 2).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generic_checks_on_playouts_and_mutations(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        choices in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let (a, b) = generators();
        let pos = arbitrary_position(&*a, &mut arbitrary::Unstructured::new(&bytes), &[])
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
