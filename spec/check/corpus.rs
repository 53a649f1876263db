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

/// Chu Shogi positions (CHU-…), in lishogi's SFEN. Every one is valid (a test checks it); what
/// each exercises is said beside it.
pub const CHU: &[(&str, &str)] = &[
    // CHU-1.2.
    (
        "start",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    ),
    // CHU-5.2: sente's Lion on 7g, gote's Lion on 5h two squares away. Gote's Lance on 5e
    // protects its Lion (no 7g5h), sente's Silver on 8f protects sente's (no 5h7g for gote);
    // sente's Bishop may take the Lion (8e5h). lishogi's L2 test.
    (
        "lion-protection",
        "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1",
    ),
    // CHU-5.2: lions two squares apart. 7g9e is allowed (gote's Lion is unprotected), 7g8f9e
    // is not: with the Pawn on 8f taken and the Lion lifted, gote's Bishop on 5i protects 9e
    // through both squares (x-ray), and a Pawn is no bridge. (shogiops' test, with a sente King
    // added on 1l.)
    (
        "lions-in-contact",
        "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/11K b - 1",
    ),
    // CHU-5.3, CHU-2.4: a gote Kirin just took a lion on 8j and promoted; sente's Bishop may
    // take the new lion there but not the Lion on 3i (scalashogi's special position #8).
    (
        "counter-strike-set",
        "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1",
    ),
    // The same without the counter-strike square (scalashogi's #7).
    (
        "counter-strike-clear",
        "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1",
    ),
    // CHU-5.3 in a game: a gote Pawn just took a lion on 5h (lishogi's random position 152).
    (
        "counter-strike-midgame",
        "lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115",
    ),
    // CHU-3.6: a gote Horned Falcon on 7h and a sente Lion; lishogi's falcon test.
    (
        "falcon",
        "k11/12/12/12/6n5/6P5/12/5+h6/12/5N6/12/11K b - 1",
    ),
    // CHU-3.6: a gote Soaring Eagle on 5h.
    (
        "eagle",
        "k11/12/12/12/6n5/6P5/12/7+d4/12/5N6/12/11K b - 1",
    ),
    // CHU-4: promotions by entering the zone, capturing in and out of it, Pawn and Lance on the
    // last rank (lishogi's promotion test).
    (
        "promotions",
        "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1",
    ),
    // CHU-7.6: the first example of the 1999 bare-king discussion (gote's Free King takes the
    // tokin next).
    (
        "bare-king-example-1",
        "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1",
    ),
    // CHU-7.6: the second example (sente's King takes the tokin on 11l next).
    (
        "bare-king-example-2",
        "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1",
    ),
    // CHU-6.4 condition (5): gote's lone King next to sente's King; sente has a Gold too.
    (
        "bare-king-adjacent",
        "12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 w - 1",
    ),
    // CHU-6.4: sente's Gold about to take gote's last Gold (lishogi's bare-king test).
    (
        "bare-king-next",
        "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1",
    ),
    // CHU-6.6, CHU-2.3: two lone Kings and only dead pieces besides: a finished draw.
    (
        "lone-royals-dead-pieces",
        "1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1",
    ),
    // A middle game of lishogi's random set (position 278): every kind of move at once.
    (
        "middlegame",
        "l2ft2nv3/3qb4t1l/a+Pv4k1s1f/6er3c/3r3TPDp1/1GP3sF4/1R2b4BP1/M4p1X4/2F1N1CS1DG1/AV1S1TH5/L2O1KE3V1/2C9 b - 373",
    ),
];

/// The corpus of the game named `game` ([`Game::NAME`]); empty for a game without one.
pub fn fens(game: &str) -> &'static [(&'static str, &'static str)] {
    match game {
        "kuma" => KUMA,
        "chess" => CHESS,
        "chu" => CHU,
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
