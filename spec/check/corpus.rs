//! Hand-made positions that reach corners of the rules quickly: the starting points of the
//! property tests, the mutation fuzzer ([`super::arbitrary::arbitrary_position`]) and the
//! differential walks. Each entry is `(name, FEN)`; the names say what the position is for.

use crate::{Game, Position};

/// Kuma Chess positions (KUMA-…). Every one is valid (a test checks it); why each is legal and
/// what it exercises is said beside it.
pub const KUMA: &[(&str, &str)] = &[
    // KUMA-1.2.
    (
        "start",
        "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1",
    ),
    // KUMA-4.1/4.2: both castlings open for both sides.
    (
        "castling-open",
        "u3k2r/pppppppp/8/8/8/8/PPPPPPPP/U3K2R w KQkq - 0 1",
    ),
    // KUMA-4.2: the Dashing Bear on b5 sees f1 along b5-c4-d3-e2-f1, so White may castle long
    // (the King passes d1 and lands on c1) but not short (it would pass f1).
    (
        "castling-through-attack",
        "u3k2r/8/8/1d6/8/8/8/U3K2R w KQkq - 0 1",
    ),
    // KUMA-5.1: White's R, P, V, U, S on the seventh rank, Black pieces on the eighth to capture
    // while promoting.
    ("promotions-white", "kr1d4/1RP1V1US/8/8/8/8/8/4K3 w - - 0 1"),
    // The same for Black (the colour mirror of the previous one).
    ("promotions-black", "4k3/8/8/8/8/8/1rp1v1us/KR1D4 b - - 0 1"),
    // KUMA-7.4: a Blind Bear of each side one step from its last rank.
    ("blind-bears-near-home", "4k3/1B6/8/8/8/8/6b1/4K3 w - - 0 1"),
    // KUMA-7.4 switch: the Blind Bear on d7 is pinned by the Running Bear on d8 (fbR down the
    // d-file to the King on d1). Under NeedsLegalMove it may not move; under EvenIfExposed its
    // steps to c8 and e8 win.
    ("blind-bear-pinned", "3r3k/3B4/8/8/8/8/8/3K4 w - - 0 1"),
    // KUMA-7.4, KUMA-7.7: White's Blind Bear has arrived on a8; Black to move, the game is over.
    ("blind-bear-home", "B3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    // KUMA-6.1: e7-e5 was just played; dxe6 e.p. is legal.
    ("en-passant", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"),
    // KUMA-6.1, KUMA-7.1: the same capture would open the fifth rank from the Mighty Bear on h5
    // (fsR slides sideways) to the King on a5, so it is illegal.
    ("en-passant-pinned", "4k3/8/8/K2Pp2m/8/8/8/8 w - e6 0 2"),
    // KUMA-7.1: White in check from the Upright Bear on e2 (Black's fR points down the file).
    ("in-check", "4k3/8/8/8/8/8/4u3/4K3 w - - 0 1"),
    // A middle game with every kind of Bear, castling rights on one wing each, Black to move.
    (
        "middlegame",
        "u2mk2r/pp1g1ppp/2s1e3/3pP3/2E4d/3G1S2/PP3PPP/U3K2R b Kq - 3 14",
    ),
    // Bare Kings.
    ("bare-kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
];

/// Orthodox chess positions: the start and two of the Chess Programming Wiki's perft positions
/// ("Kiwipete", position 3), used by the chess tests once that game exists.
pub const CHESS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("cpw-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

/// The corpus of the game named `game` ([`Game::NAME`]); empty for a game without one.
pub fn fens(game: &str) -> &'static [(&'static str, &'static str)] {
    match game {
        "kuma" => KUMA,
        "chess" => CHESS,
        _ => &[],
    }
}

/// The corpus positions of game `G` that validate, the start position first; just the start
/// position for a game without a corpus.
pub fn positions<G: Game>() -> Vec<Position<G>> {
    let mut out = vec![Position::<G>::start()];
    for (_, fen) in fens(G::NAME) {
        if let Ok(pos) = Position::<G>::from_fen(fen) {
            if !out.contains(&pos) {
                out.push(pos);
            }
        }
    }
    out
}
