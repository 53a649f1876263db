//! The generic checks of `fairyspec::check` applied to Congo: the reference against the bitboard
//! generator on every start of the check corpus (under both readings of the switch), along random
//! playouts and on positions mutated from those starts, and the generic properties there.
//! (Congo's own rule properties are in `congo_properties.rs`.)

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::{corpus, differential, differential_walk, properties};
use fairyspec::congo::{Congo, CongoSwitches};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator, Position};
use proptest::prelude::*;

fn generators() -> (Box<dyn Generator<Congo>>, Box<dyn Generator<Congo>>) {
    let switches = Default::default();
    // No bitboard generator would leave the reference compared with itself: an error, not a pass.
    let other = Congo::bitboard(&switches);
    (Congo::reference(&switches), other)
}

/// Every start of the check corpus (`CheckGame::STARTS` of Congo: the start position and the
/// positions taken from the corpus files and game records), under both readings of the switch.
#[test]
fn corpus_positions() {
    for switches in &CongoSwitches::every_combination() {
        let (a, b) = (Congo::reference(switches), Congo::bitboard(switches));
        for pos in corpus::positions::<Congo>() {
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
        let starts = corpus::positions::<Congo>();
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

/// CONGO-2.7: found by the generic FEN round-trip property — a hand-built setup with an e.p.
/// square and a castling right used to validate, print without them and make the two generators
/// disagree on the hidden fields.
#[test]
fn congo_2_7_chess_state_is_rejected() {
    use fairyspec::{PositionErrorKind, Square};
    let mut setup = Position::<Congo>::start().into_setup();
    setup.ep_square = Some(Square::new(0, 2));
    setup.castling.white.short = true;
    setup.halfmove_clock = 7;
    let err = Congo::validate(setup.clone()).expect_err("e.p. square and castling right in Congo");
    assert!(err.has(PositionErrorKind::InvalidEpSquare), "{err}");
    assert!(
        err.has(PositionErrorKind::InvalidCastlingRights(
            fairyspec::Colour::White
        )),
        "{err}"
    );
    // A stray half-move clock alone is ignored: the position validates with the clock at 0.
    setup.ep_square = None;
    setup.castling.white.short = false;
    let pos = Congo::validate(setup).expect("a clock alone is harmless");
    assert_eq!(pos.halfmove_clock(), 0);
    assert!(properties::fen_round_trip(&pos).is_ok());
}
