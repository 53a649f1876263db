//! The generic properties of `fairyspec::check::properties` for Kuma Chess: on every corpus
//! position, on random playouts and on mutated positions, for the reference generator and (once
//! it exists) the bitboard generator, under both readings of the Blind Bear win (KUMA-7.4). And
//! each property against a generator with a planted bug, to show that it can fail.

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::properties::{self, PropertyFailure};
use fairyspec::check::{corpus, CheckGame};
use fairyspec::kuma::{BlindBearWin, Kuma, KumaSwitches};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator, Position};
use proptest::prelude::*;

use crate::common::{corpus_position, Broken, Bug};

/// The generators under test: the reference and, once it exists, the bitboard generator.
fn generators(switches: &KumaSwitches) -> Vec<Box<dyn Generator<Kuma>>> {
    let mut gens = vec![Kuma::reference(switches)];
    gens.push(Kuma::bitboard(switches));
    gens
}

#[test]
fn every_corpus_position_is_valid() {
    for (name, fen) in Kuma::STARTS {
        if let Err(e) = Position::<Kuma>::from_fen(fen) {
            panic!("corpus position {name} ({fen}) is rejected: {e}");
        }
    }
    // `positions` keeps them all (the start position appears once).
    assert_eq!(corpus::positions::<Kuma>().len(), Kuma::STARTS.len());
}

#[test]
fn properties_hold_on_every_corpus_position() {
    for switches in &KumaSwitches::every_combination() {
        for gen in generators(switches) {
            for (name, fen) in Kuma::STARTS {
                let pos = Position::<Kuma>::from_fen(fen).unwrap();
                if let Err(f) = properties::all(&*gen, &pos, 2) {
                    panic!("{name}: {f}");
                }
            }
        }
    }
}

/// KUMA-7.4 under both readings, seen through the properties: with the pinned Blind Bear the
/// EvenIfExposed reading has two more moves (b… to c8 and e8), and those children are valid
/// positions only because validation exempts a finished Blind Bear win from KUMA-2.4.
#[test]
fn pinned_blind_bear_children_are_valid_under_both_readings() {
    let pos = corpus_position("blind-bear-pinned");
    let strict = Kuma::reference(&KumaSwitches {
        blind_bear: BlindBearWin::NeedsLegalMove,
    });
    let loose = Kuma::reference(&KumaSwitches {
        blind_bear: BlindBearWin::EvenIfExposed,
    });
    // The King on d1 has c1, c2, d2, e1, e2 (five steps); the Bear may not leave the d-file
    // under the default reading, and has c8 and e8 (winning) besides under the other.
    assert_eq!(strict.legal_moves(&pos).len(), 5);
    assert_eq!(loose.legal_moves(&pos).len(), 7);
    properties::legal_moves_leave_king_safe(&*loose, &pos).unwrap();
    properties::colour_symmetry(&*loose, &pos, 2).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Each property can fail.

fn fails(result: Result<(), PropertyFailure>, property: &str) -> PropertyFailure {
    match result {
        Ok(()) => panic!("{property} did not notice the planted bug"),
        Err(f) => {
            assert_eq!(f.property, property);
            f
        }
    }
}

#[test]
fn colour_symmetry_notices_a_one_sided_bug() {
    let pos = corpus_position("castling-open");
    let f = fails(
        properties::colour_symmetry(&Broken::new(Bug::WhiteCannotCastle), &pos, 1),
        "colour_symmetry",
    );
    // The twin (Black to move) still castles: e8g8 and e8c8 have no White counterpart.
    assert!(f.detail.contains("e8c8 e8g8"), "{f}");
}

#[test]
fn king_safety_notices_a_king_walking_into_check() {
    // The King on e1 in check from the Upright Bear on e2, which also covers d2 and f2 (sW2).
    let pos = corpus_position("in-check");
    let f = fails(
        properties::legal_moves_leave_king_safe(&Broken::new(Bug::KingIntoCheck), &pos),
        "legal_moves_leave_king_safe",
    );
    assert!(matches!(f.mv.as_deref(), Some("e1d2" | "e1f2")), "{f}");
    // A generator other than the reference is judged by the reference's attack test.
    assert!(
        f.detail
            .contains("the reference generator's attack test finds White's King attacked"),
        "{f}"
    );
}

#[test]
fn king_safety_of_the_reference_is_judged_by_the_bitboard_generator() {
    // The same planted bug in a generator that calls itself the reference: it is not judged by
    // the reference's own attack test (which `Game::validate` uses) but by the bitboard
    // generator's.
    let pos = corpus_position("in-check");
    let f = fails(
        properties::legal_moves_leave_king_safe(
            &Broken::posing_as_reference(Bug::KingIntoCheck),
            &pos,
        ),
        "legal_moves_leave_king_safe",
    );
    assert!(matches!(f.mv.as_deref(), Some("e1d2" | "e1f2")), "{f}");
    assert!(
        f.detail
            .contains("the bitboard generator's attack test finds White's King attacked"),
        "{f}"
    );
}

#[test]
fn perft_sum_notices_a_miscounted_leaf() {
    // A finished game has no children: perft(1) must be 0, the planted bug says 1.
    let pos = corpus_position("blind-bear-home");
    fails(
        properties::perft_is_sum_of_children(&Broken::new(Bug::CountsTerminalLeaves), &pos, 1),
        "perft_is_sum_of_children",
    );
}

#[test]
fn outcome_property_notices_a_missing_outcome() {
    let pos = corpus_position("blind-bear-home");
    fails(
        properties::outcome_iff_no_moves(&Broken::new(Bug::NeverOver), &pos),
        "outcome_iff_no_moves",
    );
}

#[test]
fn fen_round_trip_normalises_missing_counters() {
    // KUMA-8.3: the two move counters may be left out; they read as 0 and 1 and are written.
    let pos = Position::<Kuma>::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    properties::fen_round_trip(&pos).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

// ---------------------------------------------------------------------------------------------
// Random positions.

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every property at the end of a random playout from a corpus position.
    #[test]
    fn properties_hold_after_random_playouts(
        start in 0usize..64,
        choices in proptest::collection::vec(any::<u16>(), 0..60),
        exposed in any::<bool>(),
    ) {
        let switches = KumaSwitches::combination(exposed as usize);
        for gen in generators(&switches) {
            let starts = corpus::positions::<Kuma>();
            let mut pos = starts[start % starts.len()].clone();
            for &c in &choices {
                let moves = fairyspec::check::differential::sorted_moves(&*gen, &pos);
                if moves.is_empty() {
                    break;
                }
                pos = gen.play_unchecked(&pos, &moves[c as usize % moves.len()].1);
            }
            properties::all(&*gen, &pos, 2).map_err(|f| TestCaseError::fail(f.to_string()))?;
        }
    }

    /// Every property on a mutated position.
    #[test]
    fn properties_hold_on_mutated_positions(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        exposed in any::<bool>(),
    ) {
        let switches = KumaSwitches::combination(exposed as usize);
        let starts = corpus::positions::<Kuma>();
        for gen in generators(&switches) {
            let pos = arbitrary_position(&*gen, &mut arbitrary::Unstructured::new(&bytes), &starts)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            properties::all(&*gen, &pos, 2).map_err(|f| TestCaseError::fail(f.to_string()))?;
        }
    }
}
