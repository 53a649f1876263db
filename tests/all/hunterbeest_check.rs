//! The generic checks of `fairyspec::check` applied to Bachelor Hunterbeest, whose armies are
//! rotations of each other (BHB-1.2, `Game::SYMMETRY`): the reference against the bitboard
//! generator on every start of the check corpus (under both readings of the switch), along random
//! playouts and on positions mutated from those starts, and the generic properties there.
//! (The game's own rule tests are in `hunterbeest_*.rs`.)

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::{corpus, differential, differential_walk, properties};
use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator};
use proptest::prelude::*;

fn generators() -> (
    Box<dyn Generator<Hunterbeest>>,
    Box<dyn Generator<Hunterbeest>>,
) {
    let switches = Default::default();
    let other = Hunterbeest::bitboard(&switches);
    (Hunterbeest::reference(&switches), other)
}

/// Every start of the check corpus (`CheckGame::STARTS` of Bachelor Hunterbeest: the start position and the
/// positions taken from the corpus files and game records), under both readings of the switch.
#[test]
fn corpus_positions() {
    for switches in &HunterbeestSwitches::every_combination() {
        let (a, b) = (
            Hunterbeest::reference(switches),
            Hunterbeest::bitboard(switches),
        );
        for pos in corpus::positions::<Hunterbeest>() {
            differential(&*a, &*b, &pos).unwrap_or_else(|d| panic!("{d}"));
            for gen in [&*a, &*b] {
                properties::all(gen, &pos, 2).unwrap_or_else(|f| panic!("{f}"));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generic_checks_on_playouts_and_mutations(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        choices in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let (a, b) = generators();
        let starts = corpus::positions::<Hunterbeest>();
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
