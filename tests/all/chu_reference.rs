//! The Chu Shogi reference generator (`spec/chu/rules.rs` and `rules/`) against lishogi's
//! published numbers, the test positions of lishogi's rules libraries and hand-counted
//! positions, one test per rule, named after the rule ID of SPEC.md.
//!
//! Where a test says "lishogi's test", the position and the verdict on each move come from the
//! tests of lishogi's TypeScript rules library (WandererXII/shogiops,
//! `test/rules/chushogi.test.ts`, GPL-3.0-or-later); positions of that file without Kings got a
//! King for each side in a corner where it changes nothing the test looks at (the reason is
//! given), because a side without a royal has lost (CHU-6.2). No expectation was copied from this
//! generator's output. Each position given to [`legal`] is also checked in its colour rotation
//! (board turned, colours swapped), which must have the rotated moves.

use fairyspec::chu::record::replay_usi;
use fairyspec::chu::rules::end::{forces_reduction, MUNSTER_HORIZON};
use fairyspec::chu::{
    BareKing, Chu, ChuKind, ChuSwitches, CounterStrike, LastRankPromotion, LionProtection,
    Repetition, SHAPE,
};
use fairyspec::perft::parse_perft_file;
use fairyspec::switches::SwitchValue;
use fairyspec::{
    Colour, Game, Generator, Move, Outcome, Position, PositionErrorKind, Reason, Square,
};

fn reference() -> Box<dyn Generator<Chu>> {
    Chu::reference(&ChuSwitches::default())
}

fn with(f: impl FnOnce(&mut ChuSwitches)) -> Box<dyn Generator<Chu>> {
    let mut switches = ChuSwitches::default();
    f(&mut switches);
    Chu::reference(&switches)
}

fn position(sfen: &str) -> Position<Chu> {
    Position::from_fen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse_usi(name, SHAPE).unwrap_or_else(|| panic!("not a square: {name}"))
}

fn texts(moves: &[Move<ChuKind>]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    t.sort();
    t
}

/// The move with every square turned by 180°.
fn rotate_move(mv: &Move<ChuKind>) -> Move<ChuKind> {
    let mut via = fairyspec::Via::EMPTY;
    for &s in mv.via.as_slice() {
        via.push(SHAPE.rotate(s));
    }
    Move {
        from: SHAPE.rotate(mv.from),
        via,
        to: SHAPE.rotate(mv.to),
        promotion: mv.promotion,
    }
}

/// The legal moves (as sorted text) of `pos` under `gen`, after checking that the colour
/// rotation of the position has exactly the rotated moves.
fn legal_in(gen: &dyn Generator<Chu>, pos: &Position<Chu>) -> Vec<String> {
    let moves = gen.legal_moves(pos);
    let twin =
        Chu::validate(pos.setup().rotated()).unwrap_or_else(|e| panic!("twin of {pos}: {e}"));
    let rotated: Vec<_> = moves.iter().map(rotate_move).collect();
    assert_eq!(
        texts(&gen.legal_moves(&twin)),
        texts(&rotated),
        "the rotation of {pos} ({twin}) has other moves"
    );
    texts(&moves)
}

fn legal_with(gen: &dyn Generator<Chu>, sfen: &str) -> Vec<String> {
    legal_in(gen, &position(sfen))
}

fn legal(sfen: &str) -> Vec<String> {
    legal_with(&*reference(), sfen)
}

fn has(moves: &[String], text: &str) -> bool {
    moves.iter().any(|m| m == text)
}

/// Asserts which of `moves` are legal (`true`) and which are not, in `sfen` under `gen`.
fn verdicts(gen: &dyn Generator<Chu>, sfen: &str, expected: &[(&str, bool)]) {
    let moves = legal_with(gen, sfen);
    for &(mv, legal) in expected {
        assert_eq!(has(&moves, mv), legal, "{mv} in {sfen}");
    }
}

/// Plays the moves given as USI text (each must be legal) and returns the position reached.
fn play_line(gen: &dyn Generator<Chu>, sfen: &str, line: &[&str]) -> Position<Chu> {
    let mut pos = position(sfen);
    for text in line {
        let mv = gen
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        pos = gen.play_unchecked(&pos, &mv);
    }
    pos
}

// ---------------------------------------------------------------------------------------------
// CHU-1.2, CHU-9 — perft
// ---------------------------------------------------------------------------------------------

/// CHU-1.2, CHU-9 — the start position, depth 1..3: 36 and 1296 (published by lishogi), 52599
/// (two independent programs, see corpus/chu/README.md).
#[test]
fn chu_1_2_start_position_perft() {
    let start = Position::<Chu>::start();
    let gen = reference();
    for (depth, nodes) in [(1, 36), (2, 1296), (3, 52599)] {
        assert_eq!(gen.perft(&start, depth), nodes, "depth {depth}");
    }
}

/// CHU-9 — every depth-1 row of lishogi's data (corpus/chu, 288 positions: the start position,
/// scalashogi's 8 special positions, shogiops' 279 random positions).
#[test]
fn chu_9_lishogi_depth_one_rows() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/chu");
    let gen = reference();
    let mut rows = 0;
    for file in ["lishogi-perft.perft", "lishogi-perft-odd.perft"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for rec in parse_perft_file(&text).unwrap() {
            let pos = position(&rec.epd);
            for &(depth, nodes) in rec.counts.iter().filter(|(d, _)| *d == 1) {
                assert_eq!(gen.perft(&pos, depth), nodes, "{file} {}", rec.id);
                rows += 1;
            }
        }
    }
    assert_eq!(rows, 288);
}

// ---------------------------------------------------------------------------------------------
// CHU-2 — positions
// ---------------------------------------------------------------------------------------------

/// CHU-2.2, CHU-2.3, CHU-2.4 — what validation accepts and rejects.
#[test]
fn chu_2_validation() {
    // Dead pieces and two royals on one side are legal (CHU-2.2, CHU-2.3).
    position("1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1");
    position("k11/12/12/12/12/12/12/12/12/12/12/K+E10 b - 1");
    // A side without a royal: legal, the game is over (CHU-2.5).
    position("g11/12/12/12/12/12/12/12/12/12/12/K11 b - 1");
    // Neither side has one: rejected.
    let e = Position::<Chu>::from_fen("g11/12/12/12/12/12/12/12/12/12/12/G11 b - 1").unwrap_err();
    assert!(e.to_string().contains("no king"), "{e}");
    // The counter-strike square must not hold a piece of the side to move, nor a Lion (CHU-2.4).
    let base = "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K";
    position(&format!("{base} b 8j 1"));
    position(&format!("{base} b 7j 1")); // empty: after a Falcon's or Eagle's igui of a lion
    for bad in [format!("{base} b 6l 1"), format!("{base} b 3i 1")] {
        match Position::<Chu>::from_fen(&bad) {
            Err(fairyspec::FenError::Invalid(e)) => {
                assert!(
                    e.kinds
                        .iter()
                        .any(|k| matches!(k, PositionErrorKind::InvalidCounterStrike(_))),
                    "{bad}: {e}"
                )
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CHU-3.4 … CHU-3.6 — lion power
// ---------------------------------------------------------------------------------------------

/// CHU-3.4, CHU-3.6, CHU-5.2 — lishogi's "lion moves" test position 2 (Kings added on 12a and
/// 12l, away from every square the test looks at). Falcon on 3g (own Gold on 3f): no step, but
/// the jump. Eagle on 6i: jumps over its own Pawn, igui and hit-and-run on the Go-Between on 5h.
/// Eagle on 3d: double capture 2c then 1b, not in the other order. Falcon on 10j likewise. The
/// Lion on 9f and gote's Lion on 9d, protected by the Lance on 9a: no jump, no path through the
/// empty 9e or over the Go-Between on 10e (no bridge), but over the Leopard on 8e (a bridge).
#[test]
fn chu_3_4_lion_moves_lishogi_position_2() {
    let sfen = "k2l8/11p/10p1/3n5+D2/2i1f7/3N5G2/9+H2/2t2P1i4/2p3+D5/2+H9/12/K11 b - 1";
    verdicts(
        &*reference(),
        sfen,
        &[
            ("3g3e", true),
            ("3g3f", false),
            ("6i4g", true),
            ("6i8g", true),
            ("6i7h", false),
            ("6i5h", true),
            ("6i5h6i", true),
            ("6i5h4g", true),
            ("3d2c", true),
            ("3d1b", true),
            ("3d2c1b", true),
            ("3d1b2c", false),
            ("10j10i", true),
            ("10j10h", true),
            ("10j10i10h", true),
            ("10j10h10i", false),
            ("9f10e", true),
            ("9f8e", true),
            ("9f9d", false),
            ("9f10e9d", false),
            ("9f8e9d", true),
            ("9f9e9d", false),
        ],
    );
}

/// CHU-5.1, CHU-5.2 — lishogi's "lion moves" test position 3 (Kings added on 12a and 12l):
/// adjacent lions may always be taken, on either leg (L1); the lion on 1d is protected by the
/// Lance on 1a (no jump, no path); the lion on 11i is unprotected (jump and path).
#[test]
fn chu_5_1_adjacent_lions_lishogi_position_3() {
    let sfen = "k10l/6l5/5Nn5/11n/9N2/12/1N10/9n2/1n7N2/4r7/4nN6/K3r7 b - 1";
    verdicts(
        &*reference(),
        sfen,
        &[
            ("7c6c", true),
            ("7c6b6c", true),
            ("3e1d", false),
            ("3e2e1d", false),
            ("3i3h", true),
            ("3i3h3g", true),
            ("3i2h3h", true),
            ("7k8k", true),
            ("7k8j8k", true),
            ("7k8l8k", true),
            ("7k8k8j", true),
            ("7k8k8l", true),
            ("7k7j8k", true),
            ("11g11i", true),
            ("11g11h11i", true),
        ],
    );
}

/// CHU-5.2 — lishogi's "wiki lion moves" tests (Kings added on 12a and 1l). In each the verdict
/// turns on protection: x-ray through the lifted Lion (the Bishop on 5i behind 7g), a Pawn as
/// protector (7h under sente's Lion), a captured first-leg Pawn that still protects (8g), a
/// Silver bridge (5h) and a Go-Between that is none (7f), the promoted Kirin protected by a Rook.
#[test]
fn chu_5_2_protection_lishogi_wiki_positions() {
    let gen = reference();
    verdicts(
        &*gen,
        "k11/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1",
        &[("7g6f", true), ("7g6f5e", true), ("7g6f6e", true)],
    );
    let sfen = "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K";
    verdicts(
        &*gen,
        &format!("{sfen} b - 1"),
        &[("7g5h", false), ("7g5e", true), ("8e5h", true)],
    );
    verdicts(
        &*gen,
        &format!("{sfen} w - 1"),
        &[("5h7g", false), ("5h5j", true)],
    );
    let sfen = "k11/12/12/12/3n8/12/5N6/5P6/7b4/12/12/11K";
    verdicts(
        &*gen,
        &format!("{sfen} b - 1"),
        &[("7g9e", false), ("7g5i", true)],
    );
    verdicts(
        &*gen,
        &format!("{sfen} w - 1"),
        &[("9e7g", false), ("9e10e", true), ("5i7g", true)],
    );
    verdicts(
        &*gen,
        "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/11K b - 1",
        &[("7g9e", true), ("7g8f9e", false)],
    );
    verdicts(
        &*gen,
        "k11/12/12/12/12/4N7/4p7/4n7/12/12/12/11K b - 1",
        &[("8f8g", true), ("8f8h", false), ("8f8g8h", false)],
    );
    verdicts(
        &*gen,
        "k11/12/12/12/6+o1r3/4gi6/6N5/7s4/8n3/12/12/11K b - 1",
        &[
            ("6g4i", false),
            ("6g5h4i", true),
            ("6g6e", false),
            ("6g7f6e", false),
            ("6g6f6e", false),
            ("6g7f", true),
            ("6g7f8f", true),
        ],
    );
    // lishogi's position 8 (gote King added on 12a): the promoted Kirin on 4e protects 6f.
    verdicts(
        &*gen,
        "k11/12/3l8/12/3b4+o3/6n5/4N7/6R5/7K4/12/12/12 b - 1",
        &[("8g6f", false)],
    );
}

/// CHU-5.2, switch `lion-protection` — a Go-Between on 7f between sente's Lion (7g) and gote's
/// Lion (7e), which it protects. lishogi judges protection before the move, the Go-Between
/// taken on the first leg still counting: no capture of 7e at all. HaChu judges it after the
/// move: taking the Go-Between first leaves 7e unprotected, so 7g7f7e is legal; the jump and
/// the paths through the empty 6f and 8f still leave the Go-Between protecting.
#[test]
fn chu_5_2_lion_protection_switch() {
    let sfen = "k11/12/12/12/5n6/5i6/5N6/12/12/12/12/11K b - 1";
    let lishogi = legal(sfen);
    let hachu = legal_with(&*with(|s| s.lion_protection = LionProtection::Hachu), sfen);
    for mv in ["7g7e", "7g7f7e", "7g6f7e", "7g8f7e"] {
        assert!(!has(&lishogi, mv), "lishogi {mv}");
        assert_eq!(has(&hachu, mv), mv == "7g7f7e", "hachu {mv}");
    }
    assert_eq!(hachu.len(), lishogi.len() + 1);
}

// ---------------------------------------------------------------------------------------------
// CHU-5.3 — counter-strike
// ---------------------------------------------------------------------------------------------

/// CHU-5.3, CHU-2.4 — lishogi's position 7 (Kings added on 12a and 12l): after gote's Rook takes
/// the Lion on 8j, or the Kirin takes it (promoting or not), sente's Bishop may take back on 8j
/// but not the Lion on 3i; after a lion's move (a pass) it may. The counter-strike square is
/// written in the SFEN for one ply; the move number counts plies.
#[test]
fn chu_5_3_counter_strike_lishogi_position_7() {
    let gen = reference();
    let sfen = "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/K5B5 w - 1";
    for line in [["8f8j"], ["7i8j+"], ["7i8j"]] {
        let pos = play_line(&*gen, sfen, &line);
        assert_eq!(pos.setup().counter_strike, Some(sq("8j")), "{line:?}");
        assert!(pos.fen().ends_with(" b 8j 2"), "{}", pos.fen());
        let moves = legal_in(&*gen, &pos);
        assert!(has(&moves, "6l8j"), "{line:?}");
        assert!(!has(&moves, "6l3i"), "{line:?}");
    }
    let pos = play_line(&*gen, sfen, &["3i4i3i"]);
    assert_eq!(pos.setup().counter_strike, None);
    let moves = legal_in(&*gen, &pos);
    assert!(has(&moves, "6l3i"));
    assert!(has(&moves, "1j1i"));
    // After the counter-strike move the square is cleared again.
    let pos = play_line(&*gen, sfen, &["8f8j", "6l8j"]);
    assert_eq!(pos.setup().counter_strike, None);
}

/// CHU-5.3 — lishogi's position 5 (Kings added on 12a and 1l): a Falcon's igui of the Lion on
/// 8j sets the counter-strike square on 8j although the Falcon went back to 8i (the square is
/// then empty); as after the Falcon's or the Kirin's capture on 8j, the Bishop may not take the
/// Lion on 3i; it may go to 8j (empty, or taking the Falcon or the new lion there).
#[test]
fn chu_5_3_counter_strike_after_falcon_igui() {
    let gen = reference();
    let sfen = "k11/12/12/12/12/12/12/12/4+ho3n2/4N7/12/6B4K w - 1";
    for line in ["8i8j8i", "8i8j", "7i8j+"] {
        let pos = play_line(&*gen, sfen, &[line]);
        assert_eq!(pos.setup().counter_strike, Some(sq("8j")), "{line}");
        let moves = legal_in(&*gen, &pos);
        assert!(!has(&moves, "6l3i"), "{line}");
        assert!(has(&moves, "6l8j"), "{line}");
    }
}

/// CHU-5.3 — lishogi's "falcon/eagle second move" test: after sente's Pawn takes gote's Lion on
/// 6e, gote's Falcon (7h) or Eagle (5h) may still step, but not take sente's Lion on 7j with its
/// second leg (the counter-strike square is 6e).
#[test]
fn chu_5_3_counter_strike_binds_falcon_and_eagle() {
    let gen = reference();
    let pos = play_line(
        &*gen,
        "k11/12/12/12/6n5/6P5/12/5+h6/12/5N6/12/11K b - 1",
        &["6f6e"],
    );
    let moves = legal_in(&*gen, &pos);
    assert!(has(&moves, "7h7i"));
    assert!(!has(&moves, "7h7i7j"));
    let pos = play_line(
        &*gen,
        "k11/12/12/12/6n5/6P5/12/7+d4/12/5N6/12/11K b - 1",
        &["6f6e"],
    );
    let moves = legal_in(&*gen, &pos);
    assert!(has(&moves, "5h6i"));
    assert!(!has(&moves, "5h6i7j"));
}

/// CHU-5.3, switch `counter-strike` — scalashogi's special positions 7 and 8: with the square
/// 8j set, lishogi forbids the Bishop's capture of the Lion on 3i (7 moves instead of 8, the
/// published counts); the JCSA rule bans it only for a protected lion, and nothing of gote's
/// protects 3i, so there it is legal again.
#[test]
fn chu_5_3_counter_strike_switch() {
    let sfen = "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1";
    assert_eq!(legal(sfen).len(), 7);
    let jcsa = legal_with(&*with(|s| s.counter_strike = CounterStrike::Jcsa), sfen);
    assert_eq!(jcsa.len(), 8);
    assert!(has(&jcsa, "6l3i"));
    // A protected lion stays banned under JCSA: a gote Gold on 3h protects 3i.
    let sfen = "11k/12/12/12/12/4r7/12/9g2/9n2/4+o7/12/6B4K b 8j 1";
    let jcsa = legal_with(&*with(|s| s.counter_strike = CounterStrike::Jcsa), sfen);
    assert!(!has(&jcsa, "6l3i"));
}

/// CHU-5.3, the reading on `counter-strike=jcsa` — protection is L2's, under switch
/// `lion-protection`, without L2's bridge capture; checked on both generators, each position
/// counted by hand. Sente to move after gote's Rook took a lion on 8j.
///
/// 1. Soaring Eagle on 4d, gote's Gold on 5c and Lion on 6b, a gote Gold on 6a protecting 6b
///    (one step forward for gote): taking the Gold first is no bridge for a non-lion, so
///    `4d5c6b` and the jump `4d6b` stay banned; `4d5c` and the igui `4d5c4d` take no lion.
///    Without the Gold on 6a nothing of gote's reaches 6b (the Gold on 5c steps to 5b, 4c, 6c
///    and forward) and JCSA allows both captures; lishogi's rule never does.
/// 2. Horned Falcon on 6d, gote's Go-Between on 6c (it steps to 6b and 6d) and Lion on 6b: the
///    Go-Between taken by the first step still protects under `lion-protection=lishogi`, not
///    under `hachu` (after the move nothing of gote's reaches 6b); the jump `6d6b` leaves the
///    Go-Between standing, so it is banned under both.
#[test]
fn chu_5_3_jcsa_protection_is_l2s_without_the_bridge() {
    let protected = "k5g5/6n5/7g4/8+D3/12/12/12/12/12/4r7/12/11K b 8j 1";
    let unprotected = "k11/6n5/7g4/8+D3/12/12/12/12/12/4r7/12/11K b 8j 1";
    let go_between = "k11/6n5/6i5/6+H5/12/12/12/12/12/4r7/12/11K b 8j 1";
    for cs in [CounterStrike::Lishogi, CounterStrike::Jcsa] {
        for lp in [LionProtection::Lishogi, LionProtection::Hachu] {
            let switches = ChuSwitches {
                counter_strike: cs,
                lion_protection: lp,
                ..ChuSwitches::default()
            };
            let jcsa = cs == CounterStrike::Jcsa;
            for gen in [Chu::reference(&switches), Chu::bitboard(&switches)] {
                let gen = &*gen;
                verdicts(
                    gen,
                    protected,
                    &[
                        ("4d5c6b", false),
                        ("4d6b", false),
                        ("4d5c", true),
                        ("4d5c4d", true),
                    ],
                );
                verdicts(gen, unprotected, &[("4d5c6b", jcsa), ("4d6b", jcsa)]);
                let through_go_between = jcsa && lp == LionProtection::Hachu;
                verdicts(
                    gen,
                    go_between,
                    &[
                        ("6d6c6b", through_go_between),
                        ("6d6b", false),
                        ("6d6c", true),
                    ],
                );
            }
        }
    }
}

/// CHU-5.1 — a lion takes an adjacent lion, and the position after has no counter-strike
/// square (lishogi's position 4): gote's Bishop may take sente's Lion at once.
#[test]
fn chu_5_1_lion_trade_sets_no_counter_strike() {
    let gen = reference();
    let pos = play_line(
        &*gen,
        "11k/12/12/10bm/9N2/12/5n6/6N5/5r6/12/9K2/12 b - 1",
        &["6h7g"],
    );
    assert_eq!(pos.setup().counter_strike, None);
    assert!(has(&legal_in(&*gen, &pos), "2d3e"));
}

// ---------------------------------------------------------------------------------------------
// CHU-4 — promotion
// ---------------------------------------------------------------------------------------------

/// CHU-4.2, CHU-4.3 — lishogi's "valid promotions" test: a capture inside the zone may promote;
/// a non-capture inside it may not; a Pawn reaching the last rank may; entering the zone may; a
/// capture leaving the zone may. Each promotion is optional (both moves exist).
#[test]
fn chu_4_promotion_lishogi_test() {
    let sfen = "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1";
    verdicts(
        &*reference(),
        sfen,
        &[
            ("7c8b+", true),
            ("7c8b", true),
            ("7c6b+", false),
            ("7c6b", true),
            ("7b7a+", true),
            ("7b7a", true),
            ("5e5c+", true),
            ("5e5c", true),
            ("11c11f+", true),
            ("11c11f", true),
            // CHU-4.3: the Lance on 1b reaches the last rank without capture.
            ("1b1a+", true),
            ("1b1a", true),
        ],
    );
    // JCSA: only the Pawn gets the last-rank promotion.
    let pawn_only = with(|s| s.last_rank_promotion = LastRankPromotion::PawnOnly);
    verdicts(
        &*pawn_only,
        sfen,
        &[("1b1a+", false), ("1b1a", true), ("7b7a+", true)],
    );
    // CHU-4.5, CHU-2.3: the unpromoted Lance left on 1a is a dead piece; it has no move.
    let pos = play_line(&*reference(), sfen, &["1b1a", "1i1h"]);
    assert!(!legal_in(&*reference(), &pos)
        .iter()
        .any(|m| m.starts_with("1a")));
}

/// CHU-4.1, CHU-4.2 — promotion for gote, by the rotation: a gote Bishop entering rank i (its
/// zone) may promote; King, Lion and promoted pieces never (CHU-4.5).
#[test]
fn chu_4_5_who_never_promotes() {
    let moves = legal("k11/12/12/4b7/12/12/12/5n6/12/12/12/+R10K w - 1");
    assert!(has(&moves, "8d4h"));
    assert!(!has(&moves, "8d4h+"), "4h is outside gote's zone");
    assert!(has(&moves, "8d3i+"));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("7h") && m.ends_with('+')));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("12a") && m.ends_with('+')));
}

// ---------------------------------------------------------------------------------------------
// CHU-6 — royals and the end of the game
// ---------------------------------------------------------------------------------------------

fn outcome_after(gen: &dyn Generator<Chu>, sfen: &str, line: &[&str]) -> Option<Outcome> {
    gen.outcome(&play_line(gen, sfen, line))
}

/// CHU-6.1, CHU-6.2 — no check: a King may step next to the enemy King; taking the last royal
/// wins, and the side left without one has no moves.
#[test]
fn chu_6_2_royal_capture_wins() {
    let gen = reference();
    let sfen = "12/12/12/12/12/6k5/12/5K6/12/12/12/G10g b - 1";
    let moves = legal(sfen);
    assert!(has(&moves, "7h7g"), "a King may step into attack");
    assert!(!gen.is_check(&position(sfen)));
    let pos = play_line(&*gen, sfen, &["7h7g", "6f7g"]);
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::Black, Reason::RoyalCaptured))
    );
    assert!(gen.legal_moves(&pos).is_empty());
    // A Crown Prince is royal too: with one left (and a Gold, so that sente is not bare) the
    // game goes on.
    let pos = play_line(
        &*gen,
        "12/12/12/12/12/6k5/12/5K6/12/12/12/+EG9g b - 1",
        &["7h7g", "6f7g"],
    );
    assert_eq!(gen.outcome(&pos), None);
}

/// CHU-6.3 — a side to move without a legal move loses: sente's King in the corner 12a, boxed
/// in by its own Pawns on 11a (dead), 12b and 11b (each blocked by the piece in front of it).
#[test]
fn chu_6_3_no_legal_move_loses() {
    let sfen = "KP10/PP10/12/12/12/12/12/12/12/12/12/10gk b - 1";
    let gen = reference();
    let pos = position(sfen);
    assert!(gen.legal_moves(&pos).is_empty());
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::Black, Reason::NoLegalMove))
    );
}

/// CHU-6.4, CHU-7.1 — lishogi's "bare king" tests, with the default switches.
#[test]
fn chu_6_4_bare_king_lishogi_tests() {
    let gen = reference();
    let sfen = "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1";
    assert_eq!(gen.outcome(&position(sfen)), None);
    assert_eq!(
        outcome_after(&*gen, sfen, &["8g8f"]),
        Some(Outcome::win(Colour::White, Reason::BareKing))
    );
    // A Go-Between does not count: King and Go-Between against a lone King play on, until it
    // promotes (+I counts).
    let sfen = "12/12/12/12/3I2k5/12/12/5+pK5/12/12/12/12 b - 1";
    assert_eq!(gen.outcome(&position(sfen)), None);
    assert_eq!(outcome_after(&*gen, sfen, &["6h7h"]), None);
    assert_eq!(outcome_after(&*gen, sfen, &["6h7h", "6e7d"]), None);
    assert_eq!(
        outcome_after(&*gen, sfen, &["6h7h", "6e7d", "9e9d+"]),
        Some(Outcome::win(Colour::White, Reason::BareKing))
    );
    // Condition (5): the Gold next to the bared King — play on; taking it leaves two lone Kings
    // (a draw, CHU-6.6); walking away loses.
    let sfen = "12/12/12/12/6k5/5g6/4G7/6K5/12/12/12/12 b - 1";
    assert_eq!(outcome_after(&*gen, sfen, &["8g7f"]), None);
    assert_eq!(
        outcome_after(&*gen, sfen, &["8g7f", "6e7f"]),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
    assert_eq!(
        outcome_after(&*gen, sfen, &["8g7f", "6e6d"]),
        Some(Outcome::win(Colour::White, Reason::BareKing))
    );
    // Condition (4): gote's lone King attacks sente's King — no verdict, either side to move.
    let sfen = "12/12/12/12/6k5/5K6/12/4G7/12/12/12/12";
    assert_eq!(gen.outcome(&position(&format!("{sfen} w - 1"))), None);
    assert_eq!(gen.outcome(&position(&format!("{sfen} b - 1"))), None);
}

/// CHU-6.6, CHU-2.3 — two lone Kings, dead Pawns and Lances besides: a draw (lishogi's test).
#[test]
fn chu_6_6_lone_royals_draw() {
    let pos = position("1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1");
    let gen = reference();
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
    assert!(gen.legal_moves(&pos).is_empty());
}

// ---------------------------------------------------------------------------------------------
// CHU-7 — the bare-king question: the two examples of the 1999 discussion under every switch
// ---------------------------------------------------------------------------------------------

const SEED_EXAMPLE_1: &str = "sfen 12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1\n";
const SEED_EXAMPLE_2: &str = "sfen 12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1\n";

fn bare_king(rule: BareKing) -> Box<dyn Generator<Chu>> {
    with(|s| s.bare_king = rule)
}

/// Replays `record` under `rule`; the number of moves played and the outcome, or the error.
fn replay_under(rule: BareKing, record: &str) -> Result<(usize, Option<Outcome>), String> {
    replay_usi(&*bare_king(rule), record)
        .map(|s| (s.plies, s.outcome))
        .map_err(|e| e.to_string())
}

/// CHU-7.6 — example 1 (gote to move: Free King takes the tokin, King takes Free King, King
/// takes King). Münster as written: after 1. FK×+g sente is bare, but can bare gote at once by
/// taking the Free King (clause a): a draw, declared there. Emended: gote could then take
/// sente's bare King with its very next move, so (a) does not help; nor does (b) (every sente
/// move puts its King next to the Free King or takes it); gote wins at once. lishogi: no
/// verdict after the first move (the Free King stands next to sente's King, condition 5), none
/// after the second (one counting piece each), gote takes the King: gote wins by capture. JCSA:
/// sente's King can take the Free King back, so play goes on: the same as lishogi.
#[test]
fn chu_7_6_seed_example_1_under_every_formulation() {
    let all = format!("{SEED_EXAMPLE_1}10j11k 12l11k 10l11k\n");
    let first = format!("{SEED_EXAMPLE_1}10j11k\n");
    let gote_wins_by_capture = Ok((3, Some(Outcome::win(Colour::Black, Reason::RoyalCaptured))));
    assert_eq!(replay_under(BareKing::Lishogi, &all), gote_wins_by_capture);
    assert_eq!(replay_under(BareKing::Jcsa, &all), gote_wins_by_capture);
    assert_eq!(
        replay_under(BareKing::Munster1997, &first),
        Ok((1, Some(Outcome::draw(Reason::BareKing))))
    );
    assert_eq!(
        replay_under(BareKing::Munster1997Emended, &first),
        Ok((1, Some(Outcome::win(Colour::Black, Reason::BareKing))))
    );
    // Under both Münster readings the game is over after the first move.
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        let err = replay_under(rule, &all).unwrap_err();
        assert!(err.contains("already over"), "{err}");
    }
}

/// CHU-7.6 — example 2 (sente to move: 1. K×11l leaves gote's King bare against King and
/// tokin). lishogi: gote loses at once (its King is not next to the tokin on 10i, condition 5).
/// JCSA: King and one piece against a lone King that cannot take it back: gote loses. Münster
/// (either reading): (a) and (c) fail (nothing within reach); the claimed clause (b) is decided
/// by the bounded search: after 1…K–11j the tokin simply steps away (10i–10h, 9h or 9i; sente's
/// King may also come to guard it), and no sequence of MUNSTER_HORIZON = 3 gote moves catches a
/// tokin that is free to run and be protected — so within the horizon gote cannot demonstrate
/// the reduction, (b) does not apply, and gote loses at once. (The seed's author himself left
/// open whether the position "should be considered a draw".)
#[test]
fn chu_7_6_seed_example_2_under_every_formulation() {
    let record = format!("{SEED_EXAMPLE_2}12k11l\n");
    for &rule in <BareKing as SwitchValue>::ALL {
        assert_eq!(
            replay_under(rule, &record),
            Ok((1, Some(Outcome::win(Colour::White, Reason::BareKing)))),
            "{rule:?}"
        );
    }
    // The search itself, from the position after 1. K×11l, for every horizon up to 3.
    let gen = reference();
    let pos = play_line(
        &*gen,
        "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1",
        &["12k11l"],
    );
    assert_eq!(MUNSTER_HORIZON, 3);
    for n in 1..=MUNSTER_HORIZON {
        for emended in [false, true] {
            assert!(!forces_reduction(
                pos.setup(),
                Colour::Black,
                n,
                emended,
                &ChuSwitches::default()
            ));
        }
    }
}

/// CHU-7.3, CHU-7.5 — clause (b) can hold: gote's bare King on 10c against sente's King (far
/// away on 1l) and a Go-Between on 12a. After 1…K–11b the Go-Between is attacked and has only
/// 12b to go to, also next to the King; sente's King is too far to help: gote takes it on its
/// second move. Not at once (a fails), but within two moves (b): a draw under both Münster
/// readings (sente's King is far, so the emendation changes nothing). lishogi and JCSA: a
/// Go-Between does not count, so there is no bare-king verdict at all.
#[test]
fn chu_7_5_munster_clause_b_forced_reduction() {
    let sfen = "I11/12/2k9/12/12/12/12/12/12/12/12/11K w - 1";
    let pos = position(sfen);
    let x = Colour::Black;
    let switches = ChuSwitches::default();
    assert!(!forces_reduction(pos.setup(), x, 1, false, &switches));
    assert!(forces_reduction(pos.setup(), x, 2, false, &switches));
    assert!(forces_reduction(pos.setup(), x, 2, true, &switches));
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        assert_eq!(
            bare_king(rule).outcome(&pos),
            Some(Outcome::draw(Reason::BareKing)),
            "{rule:?}"
        );
    }
    for rule in [BareKing::Lishogi, BareKing::Jcsa] {
        assert_eq!(bare_king(rule).outcome(&pos), None, "{rule:?}");
    }
}

/// CHU-7.3 clause (c) — the bared side that can take the opponent's sole King at once wins: gote
/// bare on 11j next to sente's King on 11k (which has a Gold far away).
#[test]
fn chu_7_3_munster_clause_c() {
    let pos = position("12/12/12/12/12/12/12/12/12/1k10/1K10/10G1 w - 1");
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        assert_eq!(
            bare_king(rule).outcome(&pos),
            Some(Outcome::win(Colour::Black, Reason::BareKing))
        );
    }
}

/// Both Münster readings for both generators.
fn munster_generators() -> Vec<(BareKing, Box<dyn Generator<Chu>>)> {
    let mut out = Vec::new();
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        let switches = ChuSwitches {
            bare_king: rule,
            ..ChuSwitches::default()
        };
        out.push((rule, Chu::reference(&switches)));
        let bitboard = Chu::bitboard(&switches);
        out.push((rule, bitboard));
    }
    out
}

/// CHU-7.4, CHU-7.5 — inside clause (b)'s search, taking Y's last royal is more than a reduction:
/// the game is over (CHU-6.2) and Y has no "very next move" with which to take X's royal, so the
/// emendation's condition does not apply.
///
/// Sente's King on 12a and Pawn on 12c against gote's bare King on 10b, gote to move. Gote plays
/// 11c; then 12a12b is met by 11c12b, taking the King on a square the Pawn guards (the game is
/// over), 12a11b by 11c11b, 12a11a by 11c12c (sente bare, its King not next to gote's), and
/// 12c12b by 11c10b, after which sente's King must step next to gote's (the Pawn is blocked by
/// it) and is taken. As written, 12c12b 11c12b already bares sente at gote's second move; emended
/// that does not count (sente's King would take gote's), so the forced line is three moves long
/// — and one of its branches takes the King on a guarded square. The bitboard generator asked,
/// emended, that no piece of Y attack X's royal even after Y's last royal was taken, and gave
/// sente the win (issue 20); `examples/chu/munster_search.mjs` (shogiops' moves) agrees with
/// this count: as written yes from horizon 2, emended yes at horizon 3.
#[test]
fn chu_7_5_taking_the_last_royal_is_more_than_a_reduction() {
    let pos = position("K11/2k9/P11/12/12/12/12/12/12/12/12/12 w - 1");
    let gote = Colour::Black;
    let switches = ChuSwitches::default();
    for (n, written, emended) in [(1, false, false), (2, true, false), (3, true, true)] {
        assert_eq!(
            forces_reduction(pos.setup(), gote, n, false, &switches),
            written,
            "{n}"
        );
        assert_eq!(
            forces_reduction(pos.setup(), gote, n, true, &switches),
            emended,
            "{n}"
        );
    }
    for (rule, gen) in munster_generators() {
        assert_eq!(
            gen.outcome(&pos),
            Some(Outcome::draw(Reason::BareKing)),
            "{} {rule:?}",
            gen.name()
        );
    }
}

/// CHU-7.5 — a Y that has no legal answer inside the search has lost (CHU-6.3): more than a
/// reduction. Gote's bare King on 11c (its Pawn on 1l is dead); sente to move (gote bared itself),
/// its King on 12a boxed in by its dead Pawn on 11a and its Pawn on 11b (blocked by that dead
/// Pawn), and a Pawn on 12c. Sente has two moves: 12a12b, and gote takes the King there; or
/// 12c12b, and after gote's next move (11c10d) nothing of sente can move. So the search holds
/// from two moves of gote (sente's missing answer comes after gote's first), under both readings.
#[test]
fn chu_7_5_no_legal_answer_is_more_than_a_reduction() {
    let pos = position("KP10/1P10/Pk10/12/12/12/12/12/12/12/12/11p b - 1");
    let gote = Colour::Black;
    assert_eq!(legal_in(&*reference(), &pos), ["12a12b", "12c12b"]);
    for emended in [false, true] {
        let switches = ChuSwitches::default();
        assert!(!forces_reduction(pos.setup(), gote, 1, emended, &switches));
        assert!(forces_reduction(pos.setup(), gote, 2, emended, &switches));
    }
    for (rule, gen) in munster_generators() {
        assert_eq!(
            gen.outcome(&pos),
            Some(Outcome::draw(Reason::BareKing)),
            "{} {rule:?}",
            gen.name()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// CHU-6.5 — repetition
// ---------------------------------------------------------------------------------------------

/// CHU-6.5 — lishogi's rule: sente's Rook shuttles 2l–2k, attacking gote's Gold on 2a at every
/// move, while gote's King shuttles 1a–1b attacking nothing. After 12 plies the start position
/// stands for the fourth time: sente attacked throughout, so sente loses. Under the Western rule
/// the fourth ply (recreating the start) is already illegal.
#[test]
fn chu_6_5_repetition() {
    let sfen = "sfen 10gk/12/12/12/12/12/12/12/12/12/12/K9R1 b - 1\n";
    let cycle = "2l2k 1a1b 2k2l 1b1a\n";
    let record = format!("{sfen}{cycle}{cycle}{cycle}");
    let summary = replay_usi(&*reference(), &record).unwrap();
    assert_eq!(summary.plies, 12);
    assert_eq!(
        summary.outcome,
        Some(Outcome::win(Colour::Black, Reason::PerpetualAttack))
    );
    let err = replay_usi(&*reference(), &format!("{record}2l2k\n")).unwrap_err();
    assert!(err.to_string().contains("already over"), "{err}");
    // Both sides shuttling without attacking: a draw.
    let quiet = "sfen 10gk/12/12/12/12/12/12/12/12/12/12/K10G b - 1\n";
    let cycle = "12l12k 1a1b 12k12l 1b1a\n";
    let summary = replay_usi(&*reference(), &format!("{quiet}{cycle}{cycle}{cycle}")).unwrap();
    assert_eq!(summary.outcome, Some(Outcome::draw(Reason::Repetition)));
    // Western: recreating a position is illegal.
    let western = with(|s| s.repetition = Repetition::Western);
    let err = replay_usi(&*western, &format!("{sfen}{}", "2l2k 1a1b 2k2l 1b1a")).unwrap_err();
    assert!(err.to_string().contains("recreates"), "{err}");
}

/// CHU-8.3 — the record format: comments, the `sfen` line, a stated result that must fit.
#[test]
fn chu_8_3_record_format() {
    let gen = reference();
    let record = "# a comment\n7i7h 6d6e # after a move\n";
    let summary = replay_usi(&*gen, record).unwrap();
    assert_eq!(summary.plies, 2);
    assert!(
        summary.final_fen.ends_with(" b - 3"),
        "{}",
        summary.final_fen
    );
    let finished = format!("{SEED_EXAMPLE_2}12k11l 1-0\n");
    assert_eq!(replay_usi(&*gen, &finished).unwrap().plies, 1);
    let wrong = format!("{SEED_EXAMPLE_2}12k11l 0-1\n");
    assert!(replay_usi(&*gen, &wrong).is_err());
    assert!(replay_usi(&*gen, "7i7h 7i7h").is_err());
    assert!(replay_usi(&*gen, "sfen nonsense\n7i7h").is_err());
}
