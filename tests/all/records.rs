//! Game records across the games (CORE-1.6): every record numbers its first move `1.`, and each
//! game's final marks mean what SPEC.md's table says.

use fairyspec::chess::Chess;
use fairyspec::congo::Congo;
use fairyspec::kuma::Kuma;
use fairyspec::replay::replay;
use fairyspec::{Colour, Game, Reason};

/// The Fool's mate, the shortest checkmate of orthodox chess: 1. f3 e5 2. g4 Qh4#.
const FOOLS_MATE: &str = "1. f2-f3 e7-e5 2. g2-g4 Qd8-h4";

#[test]
fn chess_records_take_hash_for_checkmate() {
    let gen = Chess::reference(&Default::default());
    for mark in ["#", "×"] {
        let summary = replay(&*gen, &format!("{FOOLS_MATE}{mark} 0-1"))
            .unwrap_or_else(|e| panic!("{mark}: {e}"));
        assert_eq!(summary.plies, 4);
        let outcome = summary.outcome.expect("the game is over");
        assert_eq!(outcome.winner, Some(Colour::Black));
        assert_eq!(outcome.reason, Reason::Checkmate);
    }
    // Mate must still be marked: `+` claims a check after which the game goes on.
    let err = replay(&*gen, &format!("{FOOLS_MATE}+")).unwrap_err();
    assert_eq!((err.move_number, err.side), (2, Colour::Black), "{err}");
    // And `#` on a move that does not mate is false.
    let err = replay(&*gen, "1. e2-e4#").unwrap_err();
    assert_eq!((err.move_number, err.side), (1, Colour::White), "{err}");
}

#[test]
fn kuma_hash_is_not_checkmate() {
    // KUMA-8.2: `#` is the Blind Bear's win; the seed's first sample game ends in checkmate,
    // written `Dc6–a8×`. Written with `#` the claim is false.
    let game1 = include_str!("../../corpus/kuma/games/game1.txt");
    let gen = Kuma::reference(&Default::default());
    assert!(replay(&*gen, game1).is_ok());
    let hashed = game1.replace("Dc6–a8×", "Dc6–a8#");
    let err = replay(&*gen, &hashed).unwrap_err();
    assert_eq!((err.move_number, err.side), (46, Colour::White), "{err}");
}

#[test]
fn congo_records_start_at_one() {
    // CONGO-8.1: from the start a2a3 is one of White's pawn steps; a6a5 one of Black's. The FEN
    // counter of the start position is 0 (CONGO-7.3), but the record numbers the first move 1.
    let gen = Congo::reference(&Default::default());
    let summary = replay(&*gen, "1. a2a3 a6a5 2. b2b3 b6b5").expect("a record from 1.");
    assert_eq!(summary.plies, 4);
    assert!(summary.final_fen.ends_with(" w 2"), "{}", summary.final_fen);
    let err = replay(&*gen, "0. a2a3 a6a5").unwrap_err();
    assert_eq!((err.move_number, err.side), (1, Colour::White), "{err}");
    assert!(err.to_string().contains("it is move 1."), "{err}");
    // Black's first move is `1…`.
    assert!(replay(&*gen, "1. a2a3 1... a6a5 2. b2b3").is_ok());
}
