//! The FIDE rules the chess-like reference generators share (`spec/mailbox/fide.rs`) on what the
//! perft data, the games and the games' own tests leave unpinned. Written while `cargo mutants`
//! measured the file (docs/mutants.md); every expectation is derived in its comment from SPEC.md,
//! chapter "Orthodox chess", never copied from a generator's output. Only the crate's public API
//! is used.
//!
//! A [`Setup`] has public fields and no invariants, and `chess::rules::legal_moves` takes one as
//! it is: there, unlike through a [`Position`], a castling right can outlive its King or Rook.

use pretty_assertions::assert_eq;

use fairyspec::chess::rules::legal_moves;
use fairyspec::chess::{Chess, ChessKind};
use fairyspec::{Colour, Piece, Position, Setup, Square};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

/// The setup of a valid FEN, to be changed by hand afterwards.
fn setup(fen: &str) -> Setup<ChessKind> {
    Position::<Chess>::from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .setup()
        .clone()
}

/// The reference's legal moves of `setup`, as sorted text (`e1g1`).
fn moves(setup: &Setup<ChessKind>) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(setup).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// `setup` with both of White's castling rights, whatever stands on e1, a1 and h1.
fn with_white_rights(mut setup: Setup<ChessKind>) -> Setup<ChessKind> {
    setup.castling[Colour::White].short = true;
    setup.castling[Colour::White].long = true;
    setup
}

/// CHESS-4.1, CHESS-4.2 — the test bed: White King e1, Rooks a1 and h1, Black King e8; nothing
/// attacks e1, c1, d1, f1 or g1 and the squares between King and Rooks are empty, so with both
/// rights White castles both ways (`e1g1`, `e1c1`, CHESS-4.1: written as the King's move). The
/// other tests take this bed and break one condition CHESS-2.5 asks of a right.
#[test]
fn chess_4_2_the_bed_castles_both_ways() {
    let bed = setup("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let all = moves(&bed);
    assert!(all.contains(&"e1g1".to_string()), "{all:?}");
    assert!(all.contains(&"e1c1".to_string()), "{all:?}");
}

/// CHESS-2.5, CHESS-4.1 — a castling is the King's move from e1: with the King on d1 instead, a
/// right kept in the setup (which CHESS-2.5 does not allow in a position) castles neither way.
/// The moves are exactly those of the same setup without the rights: King d1's steps and the two
/// Rooks' lines, none of them a castling (CHESS-4.2: the King must stand on its square).
#[test]
fn chess_4_2_no_castling_without_the_king_on_e1() {
    let no_rights = setup("4k3/8/8/8/8/8/8/R2K3R w - - 0 1");
    let rights = with_white_rights(no_rights.clone());
    assert_eq!(moves(&rights), moves(&no_rights));
    assert!(!moves(&rights).iter().any(|m| m.starts_with("e1")));
}

/// CHESS-2.5, CHESS-4.1 — the short castling's partner is a Rook on h1: with a White Knight
/// there, or a White Bishop, the kept short right gives no `e1g1`; the long one (Rook a1 at home)
/// still gives `e1c1`. Each time the moves are exactly those of the setup without the short right.
/// (Neither piece attacks e1, d1 or c1: the Knight on h1 reaches f2 and g3, the Bishop runs up
/// the long diagonal g2…a8.)
#[test]
fn chess_4_2_the_partner_is_the_side_s_own_rook() {
    for (what, piece) in [
        (
            "a White Knight on h1",
            Piece::new(Colour::White, ChessKind::Knight),
        ),
        (
            "a White Bishop on h1",
            Piece::new(Colour::White, ChessKind::Bishop),
        ),
    ] {
        let mut long_only = setup("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        long_only.set(sq("h1"), Some(piece));
        let both = with_white_rights(long_only.clone());
        let all = moves(&both);
        assert!(!all.contains(&"e1g1".to_string()), "{what}: {all:?}");
        assert!(all.contains(&"e1c1".to_string()), "{what}: {all:?}");
        assert_eq!(all, moves(&long_only), "{what}");
    }
}
