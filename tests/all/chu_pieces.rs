//! CHU-3: the reference generator's piece moves against each piece's Betza string
//! ([`fairyspec::chu::BETZA`], the table of SPEC.md). `fairyspec::betza` turns the strings into
//! target squares without any Chu code; the reference's `piece_moves` must give exactly those
//! squares for every piece, both colours, every square, on the empty board and among random own
//! and enemy blockers. The two-step moves of the pieces with lion power (CHU-3.4 … CHU-3.6) are
//! not Betza: they are counted by hand below.

use fairyspec::betza::{self, Betza};
use fairyspec::chu::rules::piece_moves;
use fairyspec::chu::{Chu, ChuKind, BETZA, SHAPE};
use fairyspec::{Colour, Game, Kind, Piece, Position, Setup, Square};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The Betza string of `kind`, parsed (the data is a constant of the crate).
fn betza_of(kind: ChuKind) -> Betza {
    let (_, text) = BETZA
        .iter()
        .find(|(k, _)| *k == kind)
        .unwrap_or_else(|| panic!("no Betza string for {kind:?}"));
    betza::parse(text).unwrap_or_else(|e| panic!("{kind:?} {text:?}: {e}"))
}

/// `piece_moves` as a set; a square listed twice would be a duplicated move, so that fails too.
fn reference(setup: &Setup<ChuKind>, from: Square) -> BTreeSet<Square> {
    let moves = piece_moves(setup, from);
    let set: BTreeSet<Square> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "duplicate target in {moves:?}");
    set
}

fn names(set: &BTreeSet<Square>) -> String {
    set.iter()
        .map(|sq| sq.usi(SHAPE))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Puts a `colour` `kind` on `from` of `board` and compares the reference with the Betza
/// expansion.
fn compare(
    board: &Setup<ChuKind>,
    kind: ChuKind,
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
        "{} {:?} on {} ({})",
        colour,
        kind,
        from.usi(SHAPE),
        betza
    );
    Ok(())
}

/// Every square of the board, both colours.
fn compare_everywhere(board: &Setup<ChuKind>, kind: ChuKind) -> Result<(), TestCaseError> {
    let betza = betza_of(kind);
    for colour in Colour::ALL {
        for from in SHAPE.squares() {
            compare(board, kind, &betza, colour, from)?;
        }
    }
    Ok(())
}

/// Random boards: each square empty or holding a random piece of a random colour.
fn boards() -> impl Strategy<Value = Setup<ChuKind>> {
    let cell = (any::<bool>(), 0..ChuKind::ALL.len());
    (0.05f64..0.9)
        .prop_flat_map(move |density| {
            prop::collection::vec(prop::option::weighted(density, cell.clone()), SHAPE.len())
        })
        .prop_map(|cells| {
            let mut setup = Setup::empty(SHAPE);
            for (sq, cell) in SHAPE.squares().zip(cells) {
                let piece = cell.map(|(white, k)| {
                    let colour = if white { Colour::White } else { Colour::Black };
                    Piece::new(colour, ChuKind::ALL[k])
                });
                setup.set(sq, piece);
            }
            setup
        })
}

#[test]
fn chu_3_every_piece_moves_as_its_betza_string_on_the_empty_board() {
    assert_eq!(BETZA.len(), ChuKind::ALL.len());
    for &kind in ChuKind::ALL {
        assert_eq!(BETZA.iter().filter(|(k, _)| *k == kind).count(), 1);
        compare_everywhere(&Setup::empty(SHAPE), kind)
            .map_err(|e| e.to_string())
            .unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn chu_3_every_piece_moves_as_its_betza_string_among_blockers(board in boards()) {
        for &kind in ChuKind::ALL {
            compare_everywhere(&board, kind)?;
        }
    }
}

/// The moves of the piece on `from` (as USI text) in `sfen`, by the reference with the default
/// switches.
fn moves_from(sfen: &str, from: &str) -> Vec<String> {
    let pos = Position::<Chu>::from_fen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let from = Square::parse_usi(from, SHAPE).unwrap();
    let gen = Chu::reference(&Default::default());
    let mut moves: Vec<String> = gen
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    let distinct: BTreeSet<&String> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len(), "a USI string twice: {moves:?}");
    moves
}

/// CHU-3.4, CHU-3.5 — a lone Lion on 7g of an empty board (gote's King and Gold and sente's King far away in the corners, so that nobody is bare):
/// 8 steps + 16 jumps to the squares at distance two + 8 × 8 two-step moves (each of the 8
/// first steps onto an empty square, then each of the 8 squares around it: 7 new squares and the
/// start square, which is the pass) = 88 moves. lishogi's test counts the same ("24 + 8 * 8").
#[test]
fn chu_3_4_lion_power_counted_by_hand() {
    let sfen = "kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1";
    let moves = moves_from(sfen, "7g");
    assert_eq!(moves.len(), 8 + 16 + 8 * 8);
    let one_leg = moves.iter().filter(|m| m.len() == 4).count();
    assert_eq!(one_leg, 8 + 16);
    // The 8 passes: out to each empty neighbour and back.
    let passes = moves
        .iter()
        .filter(|m| m.len() == 6 && m.starts_with("7g") && m.ends_with("7g"))
        .count();
    assert_eq!(passes, 8);
    // The promoted Kirin moves the same (CHU-3.3).
    let kirin = moves_from(&sfen.replace('N', "+O"), "7g");
    assert_eq!(kirin, moves);
}

/// CHU-3.6 — a lone Horned Falcon on 7g (file index 5, rank index 5 of 0–11): slides on the four
/// diagonals 6 + 5 + 5 + 5 = 21, sideways 5 + 6 = 11, straight back 5; lion power forward: the
/// step 7f, the jump 7e, 7f-then-7e and the pass 7f-then-7g = 4. Total 41 (lishogi's test: 41).
#[test]
fn chu_3_6_horned_falcon_counted_by_hand() {
    let moves = moves_from("kg10/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1", "7g");
    assert_eq!(moves.len(), 21 + 11 + 5 + 4);
    for two_step in ["7g7f7e", "7g7f7g"] {
        assert!(moves.iter().any(|m| m == two_step), "{two_step}");
    }
    // No turn off the ray: 7f then 6e is not a move.
    assert!(!moves.iter().any(|m| m == "7g7f6e"));
}

/// CHU-3.6 — a lone Soaring Eagle on 7g: slides orthogonally 6 + 5 + 5 + 6 = 22 and diagonally
/// back 5 + 5 = 10; on each forward diagonal the step, the jump, the two-step move out and the
/// pass = 4, twice = 8. Total 40 (lishogi's test: 40).
#[test]
fn chu_3_6_soaring_eagle_counted_by_hand() {
    let moves = moves_from("kg10/12/12/12/12/12/5+D6/12/12/12/12/11K b - 1", "7g");
    assert_eq!(moves.len(), 22 + 10 + 8);
    for two_step in ["7g8f9e", "7g8f7g", "7g6f5e", "7g6f7g"] {
        assert!(moves.iter().any(|m| m == two_step), "{two_step}");
    }
    assert!(!moves.iter().any(|m| m == "7g8f8e"));
}

/// CHU-3.5 — the pass needs an empty adjacent square: a Lion boxed in by its own pieces on
/// every neighbouring square has no pass (and no two-step move at all), only its jumps.
#[test]
fn chu_3_5_no_pass_without_an_empty_neighbour() {
    // Sente's Lion on 7g, sente Pawns on all 8 squares around it.
    let sfen = "kg10/12/12/12/12/4PPP5/4PNP5/4PPP5/12/12/12/11K b - 1";
    let moves = moves_from(sfen, "7g");
    assert_eq!(moves.len(), 16, "the 16 jumps only: {moves:?}");
    assert!(moves.iter().all(|m| m.len() == 4));
}
