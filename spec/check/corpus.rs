//! Positions that reach corners of the rules quickly: the starting points of the property tests,
//! the mutation fuzzer ([`super::arbitrary::arbitrary_position`]) and the differential walks.
//! Each entry is `(name, FEN)`; the names say what the position is for and where it comes from
//! (hand-made, a corpus file, a game record). One list per game, found by [`fens`]; a new game
//! adds its list there.

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
    // The sample games of Derzhanski's page (corpus/kuma/games/) cut after the given full move,
    // as in corpus/kuma/positions.perft.
    (
        "game1-after-13",
        "2ku1v1r/ppb1p1pp/6b1/4sv2/4B3/3V4/PPSP1BPP/U3KV1R w KQ - 6 14",
    ),
    (
        "game1-after-25",
        "5v1r/Spk1p1pp/2b5/5b2/8/8/PP1P1BPP/2U1K2R w K - 1 26",
    ),
    (
        "game1-after-38",
        "2E3M1/4p1pp/3k4/2v5/8/4B3/P2P2PP/4K2R w K - 1 39",
    ),
    (
        "game2-after-9",
        "u1v1kvbr/ppb1p1pp/5p2/8/4B3/1V1V4/Ps1P1PPP/U2SK1BR w KQkq - 0 10",
    ),
    (
        "game2-after-37",
        "3u4/7p/1bp2pkP/p4p2/P1V2PpR/4v1P1/3P4/5K2 w - - 0 38",
    ),
    (
        "game2-after-48",
        "5G2/7p/2p1dp1P/p4PR1/4k1p1/6P1/3b4/5K2 w - - 3 49",
    ),
    // corpus/kuma/positions.perft: every promotion at once, a Blind Bear race.
    ("promotions-all", "8/PVURS3/8/7k/8/8/8/4K3 w - - 0 1"),
    ("blind-bear-race", "8/1B4k1/8/8/8/8/4b3/K7 w - - 0 1"),
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
    // corpus/chess/perft.perft (its sources are named there): the Chess Programming Wiki's
    // positions 4 to 6 and the tricky positions of shakmaty's and python-chess's suites.
    (
        "cpw-4",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    ),
    (
        "cpw-5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "cpw-6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    ("ep-evasion", "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1"),
    (
        "prison",
        "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1",
    ),
    ("king-walk", "8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1"),
    (
        "two-pawn-checkers",
        "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - - 0 1",
    ),
    (
        "two-stepper-checkers",
        "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2 b - - 0 1",
    ),
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
    // CHU-7.4, CHU-7.5: sente's King and Pawn in the corner against gote's bare King, gote to
    // move; gote forces the King's capture or a bare King, one line taking the King on a square
    // the Pawn guards: a draw under both Münster readings.
    (
        "munster-last-royal",
        "K11/2k9/P11/12/12/12/12/12/12/12/12/12 w - 1",
    ),
    // CHU-7.5: gote bare (its Pawn on 1l is dead), sente to move with its King boxed in on 12a;
    // gote takes the King, or sente soon has no legal answer: a draw under both Münster readings.
    (
        "munster-no-answer",
        "KP10/1P10/Pk10/12/12/12/12/12/12/12/12/11p b - 1",
    ),
    // CHU-7.5: clause (b) holds — gote's bare King catches the Go-Between on 12a in two moves.
    (
        "munster-clause-b",
        "I11/12/2k9/12/12/12/12/12/12/12/12/11K w - 1",
    ),
    // CHU-7.3 (c): gote's bare King next to sente's sole King takes it.
    (
        "munster-clause-c",
        "12/12/12/12/12/12/12/12/12/1k10/1K10/10G1 w - 1",
    ),
    // CHU-7.1 condition (3): sente's King and Crown Prince against gote's bare King.
    (
        "bare-king-two-royals",
        "5k6/12/12/12/12/12/12/12/12/12/12/5K+EG4 w - 1",
    ),
    // CHU-6.5: sente's Rook shuttles 2l-2k attacking gote's Gold, gote's King 1a-1b: the fourth
    // occurrence of the start comes after 12 plies.
    (
        "repetition-shuttle",
        "10gk/12/12/12/12/12/12/12/12/12/12/K9R1 b - 1",
    ),
];

/// Congo positions (CONGO-…): the start, the positions of corpus/congo/start.perft (monkey
/// chains and the river re-entry of CONGO-5.4), positions of the Wits University course data
/// (corpus/congo/wits-*.jsonl, named by their ids: lions, zebras, elephants and pawns in every
/// part of the board, Black to move in some) and of the Zillions of Games record.
pub const CONGO: &[(&str, &str)] = &[
    ("start", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"),
    ("monkey-ring", "3l3/7/7/7/3z3/2gLe2/2Me3 w 0"),
    (
        "wikipedia-monkey-chain",
        "4l2/7/1p1p1p1/5z1/M6/pppp3/3L3 w 0",
    ),
    ("monkey-river-reentry", "3l2z/7/2p1p2/1M5/7/3L3/7 w 0"),
    (
        "wits-makemovestest-00",
        "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
    ),
    (
        "wits-makemovestest-09",
        "z6/1PlZP1p/1p1p2p/4P1p/4P2/5p1/2L4 w 39",
    ),
    (
        "wits-makemovestest-27",
        "7/1p4Z/4l1p/1z5/Ep2P2/Eep2p1/4L2 w 10",
    ),
    (
        "wits-makemovestest-45",
        "7/4p1z/Ep2lp1/4p2/p1p4/E3e1p/4L2 b 48",
    ),
    (
        "wits-movegen50-04",
        "2z4/3p3/p1Pl1ep/p4P1/2p4/3LP2/2E4 b 37",
    ),
    (
        "wits-movegen50-22",
        "Z6/1pl1p2/Pp1P2P/3p3/E6/p1z1L1p/7 w 44",
    ),
    (
        "wits-movegen50-40",
        "7/P2e2p/p1p1lPP/2P4/pep4/P2P1p1/3L3 w 12",
    ),
    // The Zillions of Games record (corpus/congo/games/zillions-stock-3min-1.zsg) after the given
    // ply: giraffes, monkeys, crocodiles in and out of the river, superpawns.
    (
        "zillions-ply-30",
        "3l3/1mppe1c/ppzppp1/7/PPPPPPP/2MZEC1/3L3 w 15",
    ),
    (
        "zillions-ply-45",
        "3l3/1mp2e1/ppzp1p1/7/PP2EPP/2M4/3LC2 b 22",
    ),
    ("zillions-ply-90", "3le2/m1p4/z2p3/4E2/6P/2M1C2/3L3 w 45"),
    ("zillions-ply-105", "3le2/1mpz1E1/3p1P1/7/7/2M1LC1/7 b 52"),
    ("zillions-ply-125", "3l1S1/7/2mp3/1p3C1/7/3L3/7 b 62"),
    ("zillions-ply-135", "3l3/7/2mS3/3p3/1C5/s2L3/7 b 67"),
];

/// Bachelor Hunterbeest positions (BHB-…): the start and the hand-counted rule positions of
/// corpus/hunterbeest/rules.perft (castling on both wings, promotion to ten pieces, en passant,
/// the Gnu's taming, a marriage that must also block a check), and a stalemate.
pub const HUNTERBEEST: &[(&str, &str)] = &[
    (
        "start",
        "stfckohye/ppppppppp/9/9/9/9/PPPPPPPPP/EYHOKCFTS w KQkq - 0 1",
    ),
    ("castling-both-wings", "4k4/9/9/9/9/9/9/E3K3S w KQ - 0 1"),
    ("promotion-ten-choices", "k2h5/4P4/9/9/9/9/9/4K4 w - - 0 1"),
    ("en-passant", "8k/9/9/3pP4/9/9/9/K8 w - d6 0 1"),
    ("gnu-tames", "4k4/9/9/9/9/9/9/G3K4 w - - 0 1"),
    ("check-marriage-block", "4k4/9/9/9/4q4/9/Q8/4K4 w - - 0 1"),
    (
        "castling-and-en-passant",
        "s3k3e/ppp2pppp/9/3pP4/9/9/PPPP1PPPP/E3K3S w KQkq d6 0 1",
    ),
    // BHB-6.4: Black's King on a8, not in check, has no move (a7 is the Pawn's, b7 and b8 the
    // King's): stalemate, a draw or a win for White as the switch says.
    ("stalemate", "k8/2K6/1P7/9/9/9/9/9 b - - 0 1"),
];

/// The corpus of the game named `game` ([`Game::NAME`]); empty for a game without one (a new
/// game adds its list here).
pub fn fens(game: &str) -> &'static [(&'static str, &'static str)] {
    match game {
        "kuma" => KUMA,
        "chess" => CHESS,
        "congo" => CONGO,
        "hunterbeest" => HUNTERBEEST,
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
