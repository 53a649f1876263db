//! BHB-3: the reference generator's piece moves against the pieces' Betza strings.
//!
//! [`fairyspec::hunterbeest::BETZA`] holds every piece's movement as a Betza string (from the
//! seed's words and the rules brief's table). `fairyspec::betza` turns a string into target
//! squares without any Hunterbeest code; here the reference's `piece_moves` must give exactly
//! those squares for every piece, both colours, every square of the 9 × 8 board, on the empty
//! board and among random own and enemy blockers.

use fairyspec::betza::{self, Betza};
use fairyspec::hunterbeest::rules::piece_moves;
use fairyspec::hunterbeest::{HunterbeestKind, BETZA};
use fairyspec::{Colour, Kind, Offset, Piece, Setup, Shape, Square};
use proptest::prelude::*;
use std::collections::BTreeSet;

const SHAPE: Shape = Shape::new(9, 8);

/// The Betza string of `kind`, parsed (the data is a constant of the crate).
fn betza_of(kind: HunterbeestKind) -> Betza {
    let (_, text) = BETZA
        .iter()
        .find(|(k, _)| *k == kind)
        .unwrap_or_else(|| panic!("no Betza string for {kind:?}"));
    betza::parse(text).unwrap_or_else(|e| panic!("{kind:?} {text:?}: {e}"))
}

/// `piece_moves` as a set; a square listed twice would be a duplicated move, so that fails too.
fn reference(setup: &Setup<HunterbeestKind>, from: Square) -> BTreeSet<Square> {
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

/// Puts a `colour` `kind` on `from` of `board` and compares the reference with the Betza
/// expansion.
fn compare(
    board: &Setup<HunterbeestKind>,
    kind: HunterbeestKind,
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

fn compare_everywhere(
    board: &Setup<HunterbeestKind>,
    kind: HunterbeestKind,
) -> Result<(), TestCaseError> {
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
fn boards() -> impl Strategy<Value = Setup<HunterbeestKind>> {
    let cell = (any::<bool>(), 0..HunterbeestKind::ALL.len());
    (0.05f64..0.9)
        .prop_flat_map(move |density| {
            prop::collection::vec(prop::option::weighted(density, cell.clone()), SHAPE.len())
        })
        .prop_map(|cells| {
            let mut setup = Setup::empty(SHAPE);
            for (sq, cell) in SHAPE.squares().zip(cells) {
                let piece = cell.map(|(white, k)| {
                    let colour = if white { Colour::White } else { Colour::Black };
                    Piece::new(colour, HunterbeestKind::ALL[k])
                });
                setup.set(sq, piece);
            }
            setup
        })
}

macro_rules! piece_rule_tests {
    ($($rule:ident => $kind:expr;)*) => {$(
        mod $rule {
            use super::*;

            #[test]
            fn moves_as_its_betza_string_on_the_empty_board() {
                compare_everywhere(&Setup::empty(SHAPE), $kind).map_err(|e| e.to_string()).unwrap();
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
                #[test]
                fn moves_as_its_betza_string_among_blockers(board in boards()) {
                    compare_everywhere(&board, $kind)?;
                }
            }
        }
    )*};
}

piece_rule_tests! {
    bhb_3_2_king => HunterbeestKind::King;
    bhb_3_3_queen => HunterbeestKind::Queen;
    bhb_3_4_pawn => HunterbeestKind::Pawn;
    bhb_3_5_hunter => HunterbeestKind::Hunter;
    bhb_3_6_hawker => HunterbeestKind::Hawker;
    bhb_3_7_huntress => HunterbeestKind::Huntress;
    bhb_3_8_hawkress => HunterbeestKind::Hawkress;
    bhb_3_9_gnu => HunterbeestKind::Gnu;
    bhb_3_10_hartebeest => HunterbeestKind::Hartebeest;
    bhb_3_11_cohartebeest => HunterbeestKind::Cohartebeest;
    bhb_3_12_hinny => HunterbeestKind::Hinny;
    bhb_3_13_cohinny => HunterbeestKind::Cohinny;
}

#[test]
fn bhb_3_every_piece_has_one_betza_string() {
    for &kind in HunterbeestKind::ALL {
        let n = BETZA.iter().filter(|(k, _)| *k == kind).count();
        assert_eq!(n, 1, "{kind:?}");
    }
}

/// BHB-3.10 … 3.13, against the rules brief's offset lists (typed in here from the brief, not
/// from the Betza parser): the Betza strings of the four oblique leapers select exactly these
/// leaps, owner-relative (positive rank = forward).
#[test]
fn bhb_3_leaper_strings_select_the_briefs_offsets() {
    let brief: [(HunterbeestKind, [(i8, i8); 8]); 4] = [
        // T: (±1,±3) and (±2,±1).
        (
            HunterbeestKind::Hartebeest,
            [
                (1, 3),
                (-1, 3),
                (1, -3),
                (-1, -3),
                (2, 1),
                (-2, 1),
                (2, -1),
                (-2, -1),
            ],
        ),
        // C: (±1,±2) and (±3,±1).
        (
            HunterbeestKind::Cohartebeest,
            [
                (1, 2),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (3, 1),
                (-3, 1),
                (3, -1),
                (-3, -1),
            ],
        ),
        // Y: (±1,+3) (±2,+1); (±1,−2) (±3,−1).
        (
            HunterbeestKind::Hinny,
            [
                (1, 3),
                (-1, 3),
                (2, 1),
                (-2, 1),
                (1, -2),
                (-1, -2),
                (3, -1),
                (-3, -1),
            ],
        ),
        // O: (±1,+2) (±3,+1); (±1,−3) (±2,−1).
        (
            HunterbeestKind::Cohinny,
            [
                (1, 2),
                (-1, 2),
                (3, 1),
                (-3, 1),
                (1, -3),
                (-1, -3),
                (2, -1),
                (-2, -1),
            ],
        ),
    ];
    for (kind, offsets) in brief {
        let expected: BTreeSet<Offset> = offsets.iter().map(|&(f, r)| Offset::new(f, r)).collect();
        let selected: BTreeSet<Offset> = betza_of(kind)
            .parts()
            .iter()
            .flat_map(|p| p.leaps().iter().copied())
            .collect();
        assert_eq!(selected, expected, "{kind:?}");
    }
}

/// BHB-3.12, by hand: a White Hinny on e4 of the empty board reaches d7 f7 (forward Camel),
/// c5 g5 (forward wide Knight), d2 f2 (backward narrow Knight), b3 h3 (backward wide Camel);
/// a Black one (forward = down) reaches d1 f1, c3 g3, d6 f6, b5 h5.
#[test]
fn bhb_3_12_hinny_on_e4_by_hand() {
    let e4 = Square::new(4, 3);
    for (colour, expected) in [
        (Colour::White, "d2 f2 b3 h3 c5 g5 d7 f7"),
        (Colour::Black, "d1 f1 c3 g3 b5 h5 d6 f6"),
    ] {
        let mut setup = Setup::<HunterbeestKind>::empty(SHAPE);
        setup.set(e4, Some(Piece::new(colour, HunterbeestKind::Hinny)));
        assert_eq!(names(&reference(&setup, e4)), expected, "{colour}");
    }
}
