//! KUMA-3: the reference generator's piece moves against the seed's two piece descriptions.
//!
//! The seed describes every piece twice: as a Betza string ([`fairyspec::kuma::BETZA`]) and as a
//! 3×3 diagram ([`fairyspec::kuma::DIAGRAMS`]). `fairyspec::betza` turns both into target
//! squares without any Kuma code; here the reference's `piece_moves` must give exactly those
//! squares for every piece, both colours, every square, on the empty board and among random
//! own and enemy blockers.

use fairyspec::betza::{self, Betza, Diagram};
use fairyspec::kuma::rules::piece_moves;
use fairyspec::kuma::{KumaKind, BETZA, DIAGRAMS};
use fairyspec::{Colour, Kind, Piece, Setup, Shape, Square};
use proptest::prelude::*;
use std::collections::BTreeSet;

const SHAPE: Shape = Shape::new(8, 8);

/// The seed's Betza string of `kind`, parsed (the data is a constant of the crate).
fn betza_of(kind: KumaKind) -> Betza {
    let (_, text) = BETZA
        .iter()
        .find(|(k, _)| *k == kind)
        .unwrap_or_else(|| panic!("no Betza string for {kind:?}"));
    betza::parse(text).unwrap_or_else(|e| panic!("{kind:?} {text:?}: {e}"))
}

/// `piece_moves` as a set; a square listed twice would be a duplicated move, so that fails too.
fn reference(setup: &Setup<KumaKind>, from: Square) -> BTreeSet<Square> {
    let moves = piece_moves(setup, from);
    let set: BTreeSet<Square> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "duplicate target in {moves:?}");
    set
}

fn names(set: &BTreeSet<Square>) -> String {
    set.iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Puts a `colour` `kind` on `from` of `board` (over whatever stood there) and compares the
/// reference with the Betza expansion.
fn compare(
    board: &Setup<KumaKind>,
    kind: KumaKind,
    betza: &Betza,
    colour: Colour,
    from: Square,
) -> Result<(), TestCaseError> {
    let mut setup = board.clone();
    setup.set(from, Some(Piece::new(colour, kind)));
    let expected = betza::expand_on(betza, &setup, from);
    let actual = reference(&setup, from);
    prop_assert_eq!(
        names(&actual),
        names(&expected),
        "{} {:?} on {} ({}), board {:?}",
        colour,
        kind,
        from,
        betza,
        setup
            .pieces()
            .map(|(sq, p)| format!("{}{}", p.fen_symbol(), sq))
            .collect::<Vec<_>>()
    );
    Ok(())
}

/// Every square of the board, both colours.
fn compare_everywhere(board: &Setup<KumaKind>, kind: KumaKind) -> Result<(), TestCaseError> {
    let betza = betza_of(kind);
    for colour in Colour::ALL {
        for from in SHAPE.squares() {
            compare(board, kind, &betza, colour, from)?;
        }
    }
    Ok(())
}

/// Random boards: each square empty or holding a random piece of a random colour, with a random
/// density from nearly empty to nearly full.
fn boards() -> impl Strategy<Value = Setup<KumaKind>> {
    let cell = (any::<bool>(), 0..KumaKind::ALL.len());
    (0.05f64..0.9)
        .prop_flat_map(move |density| {
            prop::collection::vec(prop::option::weighted(density, cell.clone()), SHAPE.len())
        })
        .prop_map(|cells| {
            let mut setup = Setup::empty(SHAPE);
            for (sq, cell) in SHAPE.squares().zip(cells) {
                let piece = cell.map(|(white, k)| {
                    let colour = if white { Colour::White } else { Colour::Black };
                    Piece::new(colour, KumaKind::ALL[k])
                });
                setup.set(sq, piece);
            }
            setup
        })
}

/// One module per piece, named after its rule: the empty board exhaustively, then random
/// blockers (every square, both colours, on each random board).
macro_rules! piece_rule_tests {
    ($($rule:ident => $kind:expr;)*) => {$(
        mod $rule {
            use super::*;

            #[test]
            fn moves_as_its_betza_string_on_the_empty_board() {
                compare_everywhere(&Setup::empty(SHAPE), $kind).map_err(|e| e.to_string()).unwrap();
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
                #[test]
                fn moves_as_its_betza_string_among_blockers(board in boards()) {
                    compare_everywhere(&board, $kind)?;
                }
            }
        }
    )*};
}

piece_rule_tests! {
    kuma_3_2_pawn => KumaKind::Pawn;
    kuma_3_3_king => KumaKind::King;
    kuma_3_4_bears_eyes => KumaKind::BearsEyes;
    kuma_3_5_blind_bear => KumaKind::BlindBear;
    kuma_3_6_violent_bear => KumaKind::ViolentBear;
    kuma_3_7_great_bear => KumaKind::GreatBear;
    kuma_3_8_upright_bear => KumaKind::UprightBear;
    kuma_3_9_running_bear => KumaKind::RunningBear;
    kuma_3_10_dashing_bear => KumaKind::DashingBear;
    kuma_3_11_bear_soldier => KumaKind::BearSoldier;
    kuma_3_12_mighty_bear => KumaKind::MightyBear;
}

#[test]
fn kuma_3_every_piece_has_one_betza_string_and_all_but_the_pawn_a_diagram() {
    for &kind in KumaKind::ALL {
        assert_eq!(
            BETZA.iter().filter(|(k, _)| *k == kind).count(),
            1,
            "{kind:?}"
        );
        let diagrams = DIAGRAMS.iter().filter(|(k, _)| *k == kind).count();
        assert_eq!(diagrams, usize::from(kind != KumaKind::Pawn), "{kind:?}");
    }
}

#[test]
fn kuma_3_1_seed_diagrams_agree_with_the_betza_strings() {
    for (kind, rows) in DIAGRAMS {
        let drawn = betza::diagram::parse(*rows).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        let from_betza = Diagram::from_betza(&betza_of(*kind))
            .unwrap_or_else(|e| panic!("{kind:?} has no diagram: {e}"));
        assert_eq!(
            drawn.to_string(),
            from_betza.to_string(),
            "{kind:?}: the seed's diagram (left) and its Betza string (right) differ"
        );
        assert_eq!(drawn, from_betza);
    }
}

#[test]
fn kuma_3_1_seed_diagrams_agree_with_the_reference_on_the_empty_board() {
    let empty = Setup::<KumaKind>::empty(SHAPE);
    for (kind, rows) in DIAGRAMS {
        let diagram = betza::diagram::parse(*rows).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        for colour in Colour::ALL {
            for from in SHAPE.squares() {
                let mut setup = empty.clone();
                setup.set(from, Some(Piece::new(colour, *kind)));
                let expected = diagram.expand(SHAPE, colour, from, |_| None);
                assert_eq!(
                    names(&reference(&setup, from)),
                    names(&expected),
                    "{colour} {kind:?} on {from}, diagram {diagram}"
                );
            }
        }
    }
}

/// KUMA-3.13, by hand (no Betza involved): a range-two move needs the first square empty. Each
/// case: a White piece on e4, the square next to it, the square behind that.
#[test]
fn kuma_3_13_range_two_moves_are_blockable() {
    let sq = |name: &str| Square::parse(name).unwrap_or_else(|| panic!("{name}"));
    let cases = [
        (KumaKind::ViolentBear, "f5", "g6"), // fF2
        (KumaKind::ViolentBear, "d5", "c6"),
        (KumaKind::UprightBear, "d4", "c4"), // sW2
        (KumaKind::UprightBear, "f4", "g4"),
        (KumaKind::RunningBear, "d4", "c4"), // sW2
        (KumaKind::BearSoldier, "f4", "g4"), // sW2
        (KumaKind::MightyBear, "e3", "e2"),  // bW2
    ];
    let e4 = sq("e4");
    for (kind, first, second) in cases {
        let (first, second) = (sq(first), sq(second));
        let mut setup = Setup::<KumaKind>::empty(SHAPE);
        setup.set(e4, Some(Piece::new(Colour::White, kind)));
        let open = reference(&setup, e4);
        assert!(
            open.contains(&first) && open.contains(&second),
            "{kind:?} open: {}",
            names(&open)
        );
        for blocker in Colour::ALL {
            setup.set(first, Some(Piece::new(blocker, KumaKind::Pawn)));
            let blocked = reference(&setup, e4);
            assert!(
                !blocked.contains(&second),
                "{kind:?} jumps {first}: {}",
                names(&blocked)
            );
            assert_eq!(
                blocked.contains(&first),
                blocker == Colour::Black,
                "{kind:?} {blocker}"
            );
            // The Betza oracle reads fF2/sW2/bW2 the same way.
            let expanded = betza::expand_on(&betza_of(kind), &setup, e4);
            assert_eq!(names(&expanded), names(&blocked), "{kind:?}");
        }
    }
}
