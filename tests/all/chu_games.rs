//! CHU-8.3, CHU-7.6 — the Chu Shogi game records of corpus/chu/games replayed by the reference.
//!
//! The expected results come from outside fairyspec: the generated games from lishogi's rules
//! library shogiops, which played them and ended them (its `outcome()`, written into each record's
//! comments); the two positions of Colin Paul Adams' post "Chu shogi rules question" (6 November
//! 1999) from the post itself — his Münster 1997 rule as written makes example 1 a draw ("According
//! to that formulation, the position you indicate would indeed be a draw"), the emended rule a win
//! for White ("a win for White, with the sequence: FK x +g, K x FK, K x K") — and from lishogi's
//! and the JCSA's rules as SPEC.md CHU-7.6 works them out by hand.

use fairyspec::chu::repetition::replay_usi;
use fairyspec::chu::{BareKing, Chu, ChuSwitches};
use fairyspec::replay::{ReplayError, ReplaySummary};
use fairyspec::{Colour, Game, Outcome, Reason};

const SEED1: &str = include_str!("../../corpus/chu/games/shogiops-playout-seed1.txt");
const SEED6: &str = include_str!("../../corpus/chu/games/shogiops-playout-seed6.txt");
const SEED7: &str = include_str!("../../corpus/chu/games/shogiops-playout-seed7.txt");
const ADAMS1: &str = include_str!("../../corpus/chu/games/adams1999-example1.txt");
const ADAMS2: &str = include_str!("../../corpus/chu/games/adams1999-example2.txt");

/// Black = sente = the first player is the crate's White (CHU-1.3).
const SENTE: Colour = Colour::White;
const GOTE: Colour = Colour::Black;

fn replayed(record: &str, bare_king: BareKing) -> Result<ReplaySummary, ReplayError> {
    let switches = ChuSwitches {
        bare_king,
        ..ChuSwitches::default()
    };
    replay_usi(&*Chu::reference(&switches), record)
}

fn ended(record: &str, bare_king: BareKing) -> (usize, Option<Outcome>) {
    let s = replayed(record, bare_king).unwrap_or_else(|e| panic!("{bare_king:?}: {e:?}"));
    (s.plies, s.outcome)
}

#[test]
fn chu_8_3_generated_games_end_as_shogiops_ended_them() {
    // Plies and outcome as shogiops 0.18.0 reported them (the records' comments).
    for (record, plies, outcome) in [
        (SEED1, 92, Outcome::win(GOTE, Reason::RoyalCaptured)), // kingslost, winner gote
        (SEED6, 395, Outcome::win(SENTE, Reason::BareKing)),    // bareking, winner sente
        (SEED7, 243, Outcome::win(SENTE, Reason::RoyalCaptured)), // kingslost, winner sente
    ] {
        assert_eq!(
            ended(record, BareKing::Lishogi),
            (plies, Some(outcome)),
            "{}",
            record.lines().next().unwrap_or_default()
        );
    }
}

#[test]
fn chu_7_6_example_1_under_every_formulation() {
    // 10j11k (FK x +g), 12l11k (K x FK), 10l11k (K x K).
    let white_takes_the_king = (3, Some(Outcome::win(GOTE, Reason::RoyalCaptured)));
    assert_eq!(ended(ADAMS1, BareKing::Lishogi), white_takes_the_king);
    assert_eq!(ended(ADAMS1, BareKing::Jcsa), white_takes_the_king);
    // Münster 1997: the verdict falls when Black is bared, after the first move; the record's
    // second move is then refused as played after the end of the game.
    for (rule, verdict) in [
        (BareKing::Munster1997, Outcome::draw(Reason::BareKing)),
        (
            BareKing::Munster1997Emended,
            Outcome::win(GOTE, Reason::BareKing),
        ),
    ] {
        let first_move_only = ADAMS1.replace("10j11k 12l11k 10l11k", "10j11k");
        assert_eq!(
            ended(&first_move_only, rule),
            (1, Some(verdict)),
            "{rule:?}"
        );
        let e = replayed(ADAMS1, rule).expect_err("the game ended after 10j11k");
        assert_eq!(
            (e.side, e.text.as_str()),
            (SENTE, "12l11k"),
            "{rule:?}: {e:?}"
        );
    }
}

#[test]
fn chu_7_6_example_2_under_every_formulation() {
    // 12k11l (K x +p) bares White under every formulation; Adams' reply 12i11j is never played.
    for rule in [
        BareKing::Lishogi,
        BareKing::Jcsa,
        BareKing::Munster1997,
        BareKing::Munster1997Emended,
    ] {
        assert_eq!(
            ended(ADAMS2, rule),
            (1, Some(Outcome::win(SENTE, Reason::BareKing))),
            "{rule:?}"
        );
        let with_reply = ADAMS2.replace("\n12k11l\n", "\n12k11l 12i11j\n");
        assert_ne!(with_reply, ADAMS2);
        let e = replayed(&with_reply, rule).expect_err("the game ended after 12k11l");
        assert_eq!(
            (e.side, e.text.as_str()),
            (GOTE, "12i11j"),
            "{rule:?}: {e:?}"
        );
    }
}
