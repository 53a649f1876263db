//! The end of a Chu Shogi game (`spec/chu/rules/end.rs`, SPEC.md CHU-6 and CHU-7) on small
//! hand-made positions, for what `chu_reference.rs` and the game records leave unpinned (found by
//! `cargo mutants`, docs/mutants.md). Every expectation is derived in its comment from SPEC.md;
//! none was copied from a generator. Where a position is judged, both generators judge it.
//!
//! Board notation as in SFEN: files 12 (left) to 1, ranks `a` (top) to `l`; upper case is sente
//! (Black in shogi's terms, `Colour::White` here: it moves first, up the board), lower case gote.

use fairyspec::chu::rules::end::outcome_rule;
use fairyspec::chu::rules::Reference;
use fairyspec::chu::{BareKing, Chu, ChuSwitches};
use fairyspec::trace::Recorder;
use fairyspec::{Colour, Game, Generator, Outcome, Position, Reason};

fn position(sfen: &str) -> Position<Chu> {
    Position::from_fen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Both generators, reading the rules with `switches`.
fn generators(switches: &ChuSwitches) -> Vec<Box<dyn Generator<Chu>>> {
    vec![Chu::reference(switches), Chu::bitboard(switches)]
}

/// Both generators under the bare-king reading `rule` (the other switches at their defaults).
fn under(rule: BareKing) -> Vec<Box<dyn Generator<Chu>>> {
    generators(&ChuSwitches {
        bare_king: rule,
        ..ChuSwitches::default()
    })
}

/// The outcome every generator of `gens` gives `sfen`, checked to be the same for all.
fn outcome(gens: &[Box<dyn Generator<Chu>>], sfen: &str) -> Option<Outcome> {
    let pos = position(sfen);
    let first = gens[0].outcome(&pos);
    for gen in &gens[1..] {
        assert_eq!(gen.outcome(&pos), first, "{sfen}: {} differs", gen.name());
    }
    first
}

/// CHU-6.7 with CHU-6.2, CHU-6.4, CHU-6.6 — a finished game has no moves, and the reference tells
/// its trace which rule of SPEC.md ended it (the rule `fairyspec explain` cites):
///
/// - sente to move with a Gold and no royal: it has lost its last royal, CHU-6.2;
/// - gote's lone King on 6e against sente's King (6h) and Gold (8g, two files from gote's King,
///   not next to it): lishogi's bare king, all five conditions of CHU-7.1 — the rule of the
///   formulation that gave the verdict, CHU-7.1 (CHU-6.4 names the switch);
/// - two lone Kings, on 6e and 6h (not adjacent): CHU-6.6.
///
/// The start position is no finished game and reports no end.
#[test]
fn chu_6_7_the_trace_names_the_rule_that_ended_the_game() {
    let reference = Reference::new(ChuSwitches::default());
    for (sfen, rule) in [
        ("12/12/12/12/12/6k5/12/12/12/12/12/G10g b - 1", "CHU-6.2"),
        ("12/12/12/12/6k5/12/4G7/6K5/12/12/12/12 w - 1", "CHU-7.1"),
        ("12/12/12/12/6k5/12/12/6K5/12/12/12/12 b - 1", "CHU-6.6"),
    ] {
        let mut rec = Recorder::default();
        let moves = reference.legal_moves_traced(&position(sfen), &mut rec);
        assert!(moves.is_empty(), "{sfen}: {} moves", moves.len());
        assert_eq!(rec.game_over, Some(rule), "{sfen}");
    }
    let mut rec = Recorder::default();
    let start = Position::<Chu>::start();
    assert!(!reference.legal_moves_traced(&start, &mut rec).is_empty());
    assert_eq!(rec.game_over, None);
}

/// CHU-6 — the rule of SPEC.md for each way a game ends (the headings of CHU-6.2 to CHU-6.6),
/// as the explanations cite it; the two ends no position alone shows (no legal move is the
/// generator's, repetition needs the history) included.
#[test]
fn chu_6_every_reason_has_its_rule() {
    for (reason, rule) in [
        (Reason::RoyalCaptured, "CHU-6.2"),
        (Reason::NoLegalMove, "CHU-6.3"),
        (Reason::BareKing, "CHU-6.4"),
        (Reason::Repetition, "CHU-6.5"),
        (Reason::InsufficientMaterial, "CHU-6.6"),
    ] {
        assert_eq!(outcome_rule(reason), rule, "{reason:?}");
    }
}

/// CHU-7.1 condition 5 — "Y has more than two counting pieces, or none of Y's counting pieces
/// stands next to X's royal". Gote's King on 6e is bare; sente has its King on 6h and two Golds,
/// one on 7f — next to gote's King — and one on 10j. Three counting pieces: the first half of
/// condition 5 holds, so the Gold next to gote's King does not save it, and conditions 1–4 hold
/// (sente's King is three ranks from gote's): gote loses at once. With only two counting pieces
/// and the Gold next to the King the verdict waits (`chu_reference.rs`, lishogi's test).
#[test]
fn chu_7_1_three_counting_pieces_bare_even_next_to_the_king() {
    let lishogi = under(BareKing::Lishogi);
    assert_eq!(
        outcome(&lishogi, "12/12/12/12/6k5/5G6/12/6K5/2G9/12/12/12 w - 1"),
        Some(Outcome::win(Colour::White, Reason::BareKing))
    );
    // The same without the far Gold: two counting pieces, one of them next to gote's King.
    assert_eq!(
        outcome(&lishogi, "12/12/12/12/6k5/5G6/12/6K5/12/12/12/12 w - 1"),
        None
    );
}

/// CHU-7.2 — the JCSA's bare king: X loses at once only when X is bare, the opponent Y has
/// exactly two counting pieces (Go-Betweens and unpromoted Pawns do not count), one of them a
/// royal, and X's royal attacks neither. Gote's King on 6e, sente's King on 6h (three ranks
/// away); each line changes one thing:
///
/// - a Gold on 8g (two files and two ranks from gote's King): gote loses;
/// - the same with a Go-Between on 3j besides: it does not count, gote still loses;
/// - a second Gold on 10j: three counting pieces, the game plays on (under lishogi's rule gote
///   loses: more than two counting pieces, CHU-7.1);
/// - the Gold on 7f instead, next to gote's King, which could take it: the game plays on;
/// - gote also has a Gold on 1a: gote is not bare, the game plays on.
#[test]
fn chu_7_2_the_jcsa_bare_king_needs_exactly_a_royal_and_one_piece_out_of_reach() {
    let jcsa = under(BareKing::Jcsa);
    let lishogi = under(BareKing::Lishogi);
    let gote_loses = Some(Outcome::win(Colour::White, Reason::BareKing));
    for (sfen, under_jcsa, under_lishogi) in [
        (
            "12/12/12/12/6k5/12/4G7/6K5/12/12/12/12 w - 1",
            gote_loses,
            gote_loses,
        ),
        (
            "12/12/12/12/6k5/12/4G7/6K5/9I2/12/12/12 w - 1",
            gote_loses,
            gote_loses,
        ),
        (
            "12/12/12/12/6k5/12/4G7/6K5/2G9/12/12/12 w - 1",
            None,
            gote_loses,
        ),
        ("12/12/12/12/6k5/5G6/12/6K5/12/12/12/12 w - 1", None, None),
        ("11g/12/12/12/6k5/12/4G7/6K5/12/12/12/12 w - 1", None, None),
    ] {
        assert_eq!(outcome(&jcsa, sfen), under_jcsa, "jcsa {sfen}");
        assert_eq!(outcome(&lishogi, sfen), under_lishogi, "lishogi {sfen}");
    }
}

/// CHU-7.3, CHU-7.4 — the Münster rule applies only when X is bared and Y is not ("the rule
/// applies when X is bared and the opponent Y is not"); two lone royals are CHU-6.6's business
/// under every reading of `bare-king`. Two lone Kings on 6e and 6h (not adjacent): a draw by
/// insufficient material, not a bare-king verdict. Side by side (6e and 6f): no verdict at all,
/// the side to move takes the other King (CHU-6.6, CHU-6.2) — it has not won by clause (c).
/// And with nobody bare (King and Gold each, the Golds face to face on 8f and 8g) the rule has
/// nothing to say, though sente could bare gote at once.
#[test]
fn chu_7_3_munster_leaves_two_lone_royals_to_chu_6_6() {
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        let gens = under(rule);
        assert_eq!(
            outcome(&gens, "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1"),
            None,
            "{rule:?}"
        );
        assert_eq!(
            outcome(&gens, "12/12/12/12/6k5/12/12/6K5/12/12/12/12 b - 1"),
            Some(Outcome::draw(Reason::InsufficientMaterial)),
            "{rule:?}"
        );
        let side_by_side = "12/12/12/12/6k5/6K5/12/12/12/12/12/12 b - 1";
        assert_eq!(outcome(&gens, side_by_side), None, "{rule:?}");
        let moves: Vec<String> = gens[0]
            .legal_moves(&position(side_by_side))
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert!(moves.contains(&"6f6e".to_string()), "{rule:?} {moves:?}");
    }
}

/// The position after gote's `10c10j` in issue 31's finding 1: gote's Rook has taken sente's last
/// Gold, and sente has its King on 12l and an unpromoted Pawn on 1a — its last rank, a dead piece
/// (CHU-2.3). Gote: King 7a, Rook 10j, Gold 3c.
const DEAD_PAWN: &str = "5k5P/12/2r6g2/12/12/12/12/12/12/2G9/12/K11 w - 1";

/// CHU-7.3 — the dead piece under Münster's rule. As written, dead pieces ignored (the default
/// reading of its words), sente is bared by `10c10j` and, to move, has no exception: its King
/// can neither take gote's (7a is far) nor bare gote at once nor within three moves (gote has a
/// Rook and a Gold to take): sente loses, `0-1 bare king` — emended likewise. Read literally,
/// "only one piece on the board", sente has two pieces, the King and the dead Pawn, and is not
/// bared: the game goes on, under both `-all-pieces` readings. Both generators.
#[test]
fn chu_7_3_a_dead_piece_counts_only_under_the_literal_reading() {
    let after = {
        let reference = Chu::reference(&ChuSwitches::default());
        let pos = position(DEAD_PAWN);
        let mv = reference.parse_move(&pos, "10c10j").expect("10c10j");
        reference.play_unchecked(&pos, &mv).fen()
    };
    let gote_wins = Some(Outcome::win(Colour::Black, Reason::BareKing));
    for rule in [BareKing::Munster1997, BareKing::Munster1997Emended] {
        assert_eq!(outcome(&under(rule), &after), gote_wins, "{rule:?}");
    }
    for rule in [
        BareKing::Munster1997AllPieces,
        BareKing::Munster1997EmendedAllPieces,
    ] {
        let gens = under(rule);
        assert_eq!(outcome(&gens, &after), None, "{rule:?}");
        for gen in &gens {
            // Sente's King in the corner: 11l, 11k, 12k; the dead Pawn cannot move.
            assert_eq!(
                gen.legal_moves(&position(&after)).len(),
                3,
                "{rule:?} {}",
                gen.name()
            );
        }
    }
}

/// CHU-7.3 — with nothing dead on the board the literal reading is the written one: Adams's
/// example 1 after `10j11k` is a draw by clause (a) under both, and emended a win for gote.
#[test]
fn chu_7_3_without_dead_pieces_all_pieces_reads_as_written() {
    const EX1_AFTER: &str = "12/12/12/12/12/12/12/12/12/12/1q10/K1k9 b - 2";
    for (rule, verdict) in [
        (
            BareKing::Munster1997AllPieces,
            Outcome::draw(Reason::BareKing),
        ),
        (
            BareKing::Munster1997EmendedAllPieces,
            Outcome::win(Colour::Black, Reason::BareKing),
        ),
    ] {
        assert_eq!(outcome(&under(rule), EX1_AFTER), Some(verdict), "{rule:?}");
    }
}

/// CHU-7.7 — the instantaneous reading, on Adams's two examples. Example 1 after `10j11k`: sente's
/// King (12l) is bare the moment the Free King takes the tokin, and gote wins at once — "White
/// wins at the moment he plays FK x +g" — although under lishogi's rule the Free King next to
/// sente's King delays the verdict (CHU-7.1 condition 5). Example 2 after `12k11l`: gote's King is
/// bare, sente has King and tokin: sente wins. A side that is not bare gets no verdict: the
/// example positions themselves play on. Both generators.
#[test]
fn chu_7_7_instantaneous_bares_at_once() {
    const EX1: &str = "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1";
    const EX1_AFTER: &str = "12/12/12/12/12/12/12/12/12/12/1q10/K1k9 b - 2";
    const EX2: &str = "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1";
    const EX2_AFTER: &str = "12/12/12/12/12/12/12/12/k1+P9/12/12/1K10 w - 2";
    let gens = under(BareKing::Instantaneous);
    assert_eq!(outcome(&gens, EX1), None);
    assert_eq!(outcome(&gens, EX2), None);
    assert_eq!(
        outcome(&gens, EX1_AFTER),
        Some(Outcome::win(Colour::Black, Reason::BareKing))
    );
    assert_eq!(
        outcome(&gens, EX2_AFTER),
        Some(Outcome::win(Colour::White, Reason::BareKing))
    );
    assert_eq!(outcome(&under(BareKing::Lishogi), EX1_AFTER), None);
    // Two bare sides: no verdict, CHU-6.6 decides (two lone Kings apart: a draw).
    assert_eq!(
        outcome(&gens, "12/12/12/12/6k5/12/12/6K5/12/12/12/12 b - 1"),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
}

/// corpus/chu/readings.perft — the positions that tell the new bare-king readings apart, with the
/// counts its comments derive by hand under each reading: the dead Pawn (perft(2) 32 under
/// lishogi's rule and as written, 35 under both `-all-pieces` readings) and the Gold next to the
/// bared King (72 under lishogi's rule, 64 instantaneous). perft(1) is 9 under every reading.
/// Both generators.
#[test]
fn chu_7_readings_corpus_counts_by_hand() {
    const DEAD: &str = "P10k/12/12/12/6g5/6P5/12/12/12/12/12/K11 w - 1";
    const GOLD: &str = "11k/12/12/12/6g5/6P5/5K6/12/12/12/12/12 w - 1";
    for (sfen, rule, perft2) in [
        (DEAD, BareKing::Lishogi, 32),
        (DEAD, BareKing::Munster1997, 32),
        (DEAD, BareKing::Munster1997AllPieces, 35),
        (DEAD, BareKing::Munster1997EmendedAllPieces, 35),
        (GOLD, BareKing::Lishogi, 72),
        (GOLD, BareKing::Instantaneous, 64),
    ] {
        for gen in under(rule) {
            let pos = position(sfen);
            assert_eq!(gen.perft(&pos, 1), 9, "{sfen} {rule:?} {}", gen.name());
            assert_eq!(gen.perft(&pos, 2), perft2, "{sfen} {rule:?} {}", gen.name());
        }
    }
}
