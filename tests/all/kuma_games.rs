//! KUMA-8.2 — the seed's two sample games (corpus/kuma/games, copied byte for byte from the seed)
//! replayed by the reference generator, and the same records mutated so that each claim of the
//! notation fails in turn.

use fairyspec::kuma::Kuma;
use fairyspec::notation::long_algebraic;
use fairyspec::notation::record::{tokenize, RecordToken};
use fairyspec::replay::{replay, ReplayError, ReplaySummary};
use fairyspec::{Colour, Game, Generator, Outcome, Position, Reason};

const GAME1: &str = include_str!("../../corpus/kuma/games/game1.txt");
const GAME2: &str = include_str!("../../corpus/kuma/games/game2.txt");

fn reference() -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&Default::default())
}

fn replayed(record: &str) -> Result<ReplaySummary, ReplayError> {
    replay(&*reference(), record)
}

/// The record with the one occurrence of `old` replaced by `new`.
fn mutate(record: &str, old: &str, new: &str) -> String {
    assert_eq!(record.matches(old).count(), 1, "{old:?} must occur once");
    record.replacen(old, new, 1)
}

/// Replays `record`, which must fail, and returns (move number, side, move text, cause).
fn failure(record: &str) -> (u32, Colour, String, String) {
    match replayed(record) {
        Err(e) => (e.move_number, e.side, e.text, e.cause),
        Ok(summary) => panic!("the mutated record replayed: {summary:?}"),
    }
}

/// The moves of a record as written.
fn moves(record: &str) -> Vec<&str> {
    tokenize(record)
        .tokens
        .into_iter()
        .filter_map(|t| match t {
            RecordToken::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

#[test]
fn kuma_8_2_the_corpus_holds_the_seed_lines() {
    for record in [GAME1, GAME2] {
        assert!(record.starts_with("Zillions of Games—Zillions of Games 1. c2–c4 c7–c6 "));
    }
    assert!(GAME1
        .trim_end()
        .ends_with("45. Mg6–b1+ Kb4–a3 46. Dc6–a8×."));
    assert!(GAME2
        .trim_end()
        .ends_with("49. Rg5:g4+ Ke4–d3 50. f5:e6 Bd2–c1#."));
}

#[test]
fn kuma_7_2_game1_ends_in_checkmate_after_46_dc6_a8() {
    let summary = replayed(GAME1).map_err(|e| e.to_string());
    let Ok(summary) = summary else {
        panic!("{summary:?}")
    };
    // 46 White moves and 45 Black moves, counted from the record's numbering.
    assert_eq!(summary.plies, 91);
    assert_eq!(
        summary.outcome,
        Some(Outcome::win(Colour::White, Reason::Checkmate))
    );
    assert_eq!(summary.claimable, None);
    assert_eq!(moves(GAME1).last(), Some(&"Dc6–a8×"));
    // The mated King is the Black one on a3 (45… Kb4–a3), Black to move.
    assert!(summary.final_fen.contains(" b "));
    assert!(summary.final_fen.contains("/k"));
}

#[test]
fn kuma_7_4_game2_ends_by_the_blind_bear_after_50_bd2_c1() {
    let summary = replayed(GAME2).map_err(|e| e.to_string());
    let Ok(summary) = summary else {
        panic!("{summary:?}")
    };
    // 50 moves each.
    assert_eq!(summary.plies, 100);
    assert_eq!(
        summary.outcome,
        Some(Outcome::win(Colour::Black, Reason::BlindBear))
    );
    assert_eq!(moves(GAME2).last(), Some(&"Bd2–c1#"));
    // Black's Blind Bear stands on c1, White to move (and without moves).
    assert!(summary.final_fen.starts_with("5G2/"));
    assert!(summary.final_fen.contains("/2b2K2 w "));
}

/// Walks a record and checks, move by move, that `+` is written exactly on the moves after which
/// the side to move is in check and the game goes on, and `:` exactly on the moves that remove
/// an enemy piece. Returns the numbers of checks and captures seen.
fn checks_and_captures(record: &str) -> (usize, usize) {
    let gen = reference();
    let mut pos = Position::<Kuma>::start();
    let (mut checks, mut captures) = (0, 0);
    for text in moves(record) {
        let mv = long_algebraic::read(text, &pos, &*gen).map_err(|e| format!("{text}: {e}"));
        let Ok(mv) = mv else { panic!("{mv:?}") };
        let after = gen.play_unchecked(&pos, &mv);
        let check = gen.is_check(&after) && gen.outcome(&after).is_none();
        assert_eq!(text.ends_with('+'), check, "{text}");
        checks += usize::from(check);
        let enemies = |p: &Position<Kuma>| {
            p.setup()
                .pieces()
                .filter(|(_, piece)| piece.colour != pos.turn())
                .count()
        };
        let capture = enemies(&after) < enemies(&pos);
        assert_eq!(text.contains(':'), capture, "{text}");
        captures += usize::from(capture);
        pos = after;
    }
    (checks, captures)
}

#[test]
fn kuma_8_2_every_plus_is_a_check_and_every_colon_a_capture() {
    // Hand count of the seed's text: game 1 has `+` on 22. 24. 31. 33. 34. 36. 40… 42. 43. 44.
    // 45. (11), game 2 on 10… 17. 43. 46. 49. (5); each game writes `:` 20 times.
    assert_eq!(checks_and_captures(GAME1), (11, 20));
    assert_eq!(checks_and_captures(GAME2), (5, 20));
}

#[test]
fn kuma_8_2_ascii_forms_replay_too() {
    let ascii = GAME1
        .replace('–', "-")
        .replace(':', "x")
        .replace("0-0-0", "O-O-O")
        .replace("0-0", "O-O");
    let summary = replayed(&ascii).map_err(|e| e.to_string());
    assert_eq!(
        summary.map(|s| (s.plies, s.outcome)),
        Ok((91, Some(Outcome::win(Colour::White, Reason::Checkmate))))
    );
}

#[test]
fn kuma_8_1_plain_move_text_records_replay() {
    // 1. c2–c4 c7–c6 2. Bb1–c2 Bb8–c7 as plain move text, with and without numbers. The final
    // position by hand: the Blind Bears on c2 and c7, the c-Pawns on c4 and c6; two quiet bear
    // moves since the last Pawn move; White's third move.
    let fen = "u1vskvbr/ppbppppp/2p5/8/2P5/8/PPBPPPPP/U1VSKVBR w KQkq - 2 3";
    for record in [
        "c2c4 c7c6 b1c2 b8c7",
        "1. c2c4 c7c6 2. b1c2 b8c7 *",
        "1. c2–c4 c7–c6 2. Bb1–c2 Bb8–c7.",
    ] {
        let summary = replayed(record).map_err(|e| e.to_string());
        assert_eq!(
            summary.map(|s| (s.plies, s.final_fen, s.outcome)),
            Ok((4, fen.to_string(), None)),
            "{record}"
        );
    }
    assert_eq!(
        failure("c2c4 c7c6 b1c3"),
        (
            2,
            Colour::White,
            "b1c3".to_string(),
            "not a legal move in this position".to_string()
        )
    );
}

#[test]
fn kuma_8_2_wrong_letter_names_move_side_and_piece() {
    let record = mutate(GAME1, "21. Ve5–e6 Bb8–c7", "21. Ve5–e6 Vb8–c7");
    let (n, side, text, cause) = failure(&record);
    assert_eq!((n, side, text.as_str()), (21, Colour::Black, "Vb8–c7"));
    assert!(cause.starts_with("no Violent Bear on b8"), "{cause}");
    let record = mutate(GAME2, "12. f2–f4", "12. Pf2–f4");
    assert!(replayed(&record).is_ok(), "an explicit P names the Pawn");
    let record = mutate(GAME2, "12. f2–f4", "12. Bf2–f4");
    let (n, side, _, cause) = failure(&record);
    assert_eq!((n, side), (12, Colour::White));
    assert!(cause.starts_with("no Blind Bear on f2"), "{cause}");
    let e = replayed(&mutate(GAME1, "2. Bb1–c2", "2. b1–c2"));
    let e = e.map_err(|e| e.to_string());
    assert_eq!(
        e,
        Err("move 2. b1–c2: no letter means a Pawn, but b1 holds a Blind Bear (letter B)".into())
    );
}

#[test]
fn kuma_8_2_capture_marks_must_be_right() {
    let (n, side, text, cause) = failure(&mutate(GAME1, "4. c4:d5", "4. c4–d5"));
    assert_eq!((n, side, text.as_str()), (4, Colour::White, "c4–d5"));
    assert!(
        cause.contains("captures but has no capture mark"),
        "{cause}"
    );
    let (n, side, _, cause) = failure(&mutate(GAME2, "Sb2:c1M+", "Sb2–c1M+"));
    assert_eq!((n, side), (10, Colour::Black));
    assert!(cause.contains("no capture mark"), "{cause}");
    let (n, side, _, cause) = failure(&mutate(GAME1, "3. e2–e4", "3. e2:e4"));
    assert_eq!((n, side), (3, Colour::White));
    assert!(cause.contains("captures nothing"), "{cause}");
}

#[test]
fn kuma_8_2_check_marks_must_be_right() {
    // A check without its `+`.
    let (n, side, text, cause) = failure(&mutate(GAME1, "22. Ve6:d7+", "22. Ve6:d7"));
    assert_eq!((n, side, text.as_str()), (22, Colour::White, "Ve6:d7"));
    assert_eq!(
        cause,
        "the move gives check, so it takes `+`, but no mark is written"
    );
    // A `+` on a quiet move.
    let (n, side, _, cause) = failure(&mutate(GAME1, "13. Sd1–c2 ", "13. Sd1–c2+ "));
    assert_eq!((n, side), (13, Colour::White));
    assert_eq!(
        cause,
        "the move neither gives check nor ends the game, so it takes no mark, but `+` is written"
    );
    // Black's check in game 1.
    let (n, side, _, _) = failure(&mutate(GAME1, "Vc5:e3+", "Vc5:e3"));
    assert_eq!((n, side), (40, Colour::Black));
}

#[test]
fn kuma_8_2_final_marks_must_be_right() {
    let (n, side, _, cause) = failure(&mutate(GAME1, "Dc6–a8×", "Dc6–a8+"));
    assert_eq!((n, side), (46, Colour::White));
    assert_eq!(
        cause,
        "the move checkmates, so it takes `×`, but `+` is written"
    );
    let (_, _, _, cause) = failure(&mutate(GAME1, "Dc6–a8×", "Dc6–a8#"));
    assert_eq!(
        cause,
        "the move checkmates, so it takes `×`, but `#` is written"
    );
    // In this seed `#` is the Blind Bear's win, not checkmate.
    let (n, side, _, cause) = failure(&mutate(GAME2, "Bd2–c1#", "Bd2–c1×"));
    assert_eq!((n, side), (50, Colour::Black));
    assert_eq!(
        cause,
        "the move ends the game (0-1 blind bear reached the last rank), so it takes `#`, but `×` is written"
    );
    let (_, _, _, cause) = failure(&mutate(GAME2, "Bd2–c1#", "Bd2–c1"));
    assert!(
        cause.ends_with("so it takes `#`, but no mark is written"),
        "{cause}"
    );
}

#[test]
fn kuma_8_2_illegal_moves_are_named() {
    // 5. Bc2–d3 becomes a Blind Bear move straight forward, which it does not have (KUMA-3.5).
    let (n, side, text, cause) = failure(&mutate(GAME1, "5. Bc2–d3", "5. Bc2–c3"));
    assert_eq!((n, side, text.as_str()), (5, Colour::White, "Bc2–c3"));
    assert_eq!(
        cause,
        "the Blind Bear on c2 cannot move to c3 in this position"
    );
    // Castling long at move 39 (the Upright Bear left a1 at move 14).
    let (n, side, _, cause) = failure(&mutate(GAME1, "39. 0–0 ", "39. 0–0–0 "));
    assert_eq!((n, side), (39, Colour::White));
    assert_eq!(cause, "castling long (0–0–0) is not legal in this position");
    // A promotion to the wrong piece, and a missing promotion letter.
    let (n, _, _, cause) = failure(&mutate(GAME1, "38. c7–c8E", "38. c7–c8M"));
    assert_eq!(n, 38);
    assert!(
        cause.starts_with("the move cannot promote to a Mighty Bear"),
        "{cause}"
    );
    let (n, _, _, cause) = failure(&mutate(GAME1, "40. Rf1–f8D", "40. Rf1–f8"));
    assert_eq!(n, 40);
    assert!(cause.starts_with("the move promotes"), "{cause}");
    // An empty from-square, and the opponent's piece.
    let (_, _, _, cause) = failure(&mutate(GAME1, "1. c2–c4", "1. c3–c4"));
    assert_eq!(cause, "no piece on c3");
    let (_, _, _, cause) = failure(&mutate(GAME1, "1. c2–c4", "1. c7–c5"));
    assert_eq!(cause, "the Pawn on c7 is Black's, but White is to move");
}

#[test]
fn kuma_7_7_no_move_after_the_end() {
    let record = mutate(GAME1, "46. Dc6–a8×.", "46. Dc6–a8× Ka3–b4.");
    let (n, side, text, cause) = failure(&record);
    assert_eq!((n, side, text.as_str()), (46, Colour::Black, "Ka3–b4"));
    assert_eq!(cause, "the game is already over (1-0 checkmate)");
    let record = mutate(GAME2, "50. f5:e6 Bd2–c1#.", "50. f5:e6 Bd2–c1# 51. Kf1–e1");
    let (n, side, _, cause) = failure(&record);
    assert_eq!((n, side), (51, Colour::White));
    assert_eq!(
        cause,
        "the game is already over (0-1 blind bear reached the last rank)"
    );
}

#[test]
fn kuma_8_2_move_numbers_and_results_are_checked() {
    let (n, side, text, cause) = failure(&mutate(GAME1, "13. Sd1–c2", "14. Sd1–c2"));
    assert_eq!((n, side, text.as_str()), (13, Colour::White, "14."));
    assert_eq!(
        cause,
        "the record numbers this move 14., but it is move 13."
    );
    // A Black move number where White is to move.
    let (n, side, _, _) = failure(&mutate(GAME1, "13. Sd1–c2", "13… Sd1–c2"));
    assert_eq!((n, side), (13, Colour::White));
    // Explicit Black numbers are fine where they fit.
    assert!(replayed(&mutate(GAME1, " Ud8–d7 ", " 14... Ud8–d7 ")).is_ok());
    // Results.
    assert!(replayed(&format!("{} 1-0", GAME1.trim_end())).is_ok());
    assert!(replayed(&format!("{} 0–1", GAME2.trim_end())).is_ok());
    let (n, side, text, cause) = failure(&format!("{} 0-1", GAME1.trim_end()));
    assert_eq!((n, side, text.as_str()), (46, Colour::Black, "0-1"));
    assert_eq!(
        cause,
        "the record states the result 0-1, but the game ended 1-0 checkmate"
    );
    let (_, _, _, cause) = failure(&format!("{} *", GAME2.trim_end()));
    assert!(
        cause.starts_with("the record states the result *"),
        "{cause}"
    );
    let (_, _, text, cause) = failure("1. c2–c4 1-0 c7–c6");
    assert_eq!(
        (text.as_str(), cause.as_str()),
        ("c7–c6", "text after the result 1-0")
    );
    let (_, _, text, cause) = failure("1. c2–c4 c7–c6 2.");
    assert_eq!(
        (text.as_str(), cause.as_str()),
        ("2.", "a move number with no move after it")
    );
}

#[test]
fn kuma_8_2_unreadable_text_is_an_error_not_a_panic() {
    for record in [
        "1. c2–c4 Zz9",
        "1. ¿",
        "1. c2–c4 c7–c6..",
        "9999999999999999999. c2–c4",
        "1. 0–0–0–0",
        "1.. c2–c4",
    ] {
        assert!(replayed(record).is_err(), "{record}");
    }
    // An empty record is the start position; leading text alone is read as moves (a record
    // without move numbers has no leading text).
    assert_eq!(replayed("").map(|s| s.plies), Ok(0));
    let (n, side, text, _) = failure("Zillions of Games");
    assert_eq!((n, side, text.as_str()), (1, Colour::White, "Zillions"));
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Any text is a summary (whose final position is valid) or a typed error, never a panic.
        #[test]
        fn kuma_8_2_replay_any_text(text in "\\PC{0,40}") {
            if let Ok(summary) = replayed(&text) {
                prop_assert!(Position::<Kuma>::from_fen(&summary.final_fen).is_ok());
            }
        }

        /// Text from the alphabet of records, so that numbers and moves are often recognised.
        #[test]
        fn kuma_8_2_replay_record_alphabet(text in "[0-9.…KBVSUa-h1-8–:x+×#* \n-]{0,40}") {
            if let Ok(summary) = replayed(&text) {
                prop_assert!(Position::<Kuma>::from_fen(&summary.final_fen).is_ok());
            }
        }
    }
}

/// A record cut after any word is still a record: cut after a move it replays, cut after a move
/// number it fails on that number.
#[test]
fn kuma_8_2_cut_records() {
    let start = GAME2.find("1.").unwrap_or(0);
    let spaces: Vec<usize> = GAME2
        .char_indices()
        .filter(|&(i, c)| c == ' ' && i > start)
        .map(|(i, _)| i)
        .collect();
    // Every seventh cut keeps the test fast and still meets both kinds of word.
    for &cut in spaces.iter().step_by(7) {
        let prefix = &GAME2[..cut];
        let last_word = prefix.rsplit(' ').next().unwrap_or("");
        let result = replayed(prefix).map_err(|e| e.cause);
        if last_word.ends_with('.') {
            assert_eq!(
                result.map(|s| s.plies),
                Err("a move number with no move after it".to_string()),
                "{prefix}"
            );
        } else {
            assert!(result.is_ok(), "{prefix}: {result:?}");
        }
    }
}

/// KUMA-7.4 and its switch, through the notation: after `49. Rg5:g4+` Black is in check, so
/// `49… Bd2–c1` is illegal under the default reading and an immediate win under `EvenIfExposed`.
#[test]
fn kuma_7_4_blind_bear_switch_in_game2() {
    use fairyspec::kuma::{BlindBearWin, KumaSwitches};
    let cut = GAME2.find(" Ke4–d3").unwrap_or(GAME2.len());
    let record = format!("{} Bd2–c1#.", &GAME2[..cut]);
    let (n, side, text, cause) = failure(&record);
    assert_eq!((n, side, text.as_str()), (49, Colour::Black, "Bd2–c1#"));
    assert_eq!(
        cause,
        "the Blind Bear on d2 cannot move to c1 in this position"
    );
    let exposed = Kuma::reference(&KumaSwitches {
        blind_bear: BlindBearWin::EvenIfExposed,
    });
    let summary = replay(&*exposed, &record).map_err(|e| e.to_string());
    assert_eq!(
        summary.map(|s| (s.plies, s.outcome)),
        Ok((98, Some(Outcome::win(Colour::Black, Reason::BlindBear))))
    );
    // The recorded games do not depend on the reading.
    for (game, plies) in [(GAME1, 91), (GAME2, 100)] {
        assert_eq!(replay(&*exposed, game).map(|s| s.plies), Ok(plies));
    }
}
