//! Congo against public data (corpus/congo/README.md): the Wits University course's 4,000
//! move-generation lists and 100 make-move cases, and a complete Zillions of Games self-play
//! game, each through both generators.

use fairyspec::congo::{zillions, Congo, CongoKind, CongoSwitches};
use fairyspec::{Colour, Game, Generator, Outcome, Position, Reason};
use serde::Deserialize;

fn generators() -> Vec<Box<dyn Generator<Congo>>> {
    let switches = CongoSwitches::default();
    let mut gens = vec![Congo::reference(&switches)];
    gens.push(Congo::bitboard(&switches));
    assert_eq!(gens.len(), 2, "both generators exist");
    gens
}

fn corpus(name: &str) -> String {
    let path = format!("{}/corpus/congo/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[derive(Deserialize)]
struct MoveGenRecord {
    id: String,
    fen: String,
    piece: String,
    moves: Vec<String>,
}

fn kind_of(piece: &str) -> CongoKind {
    match piece {
        "lion" => CongoKind::Lion,
        "zebra" => CongoKind::Zebra,
        "elephant" => CongoKind::Elephant,
        "pawn" => CongoKind::Pawn,
        other => panic!("unexpected piece kind {other:?} in the data"),
    }
}

/// The moves of `kind` pieces of the side to move, as sorted text.
fn moves_of_kind(
    gen: &dyn Generator<Congo>,
    pos: &Position<Congo>,
    kind: CongoKind,
) -> Vec<String> {
    let mut moves: Vec<String> = gen
        .legal_moves(pos)
        .iter()
        .filter(|m| pos.piece_at(m.from).map(|p| p.kind) == Some(kind))
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

/// The lions' moves with the bare-lions draw lifted: the course lists the lions' moves in
/// positions that SPEC.md ends as a draw (CONGO-6.4). Adding a white crocodile on a4 and a black
/// one on g4 makes the position a normal one without changing the lions' moves: those squares
/// are outside both castles and off every file and diagonal that joins two castle squares (the
/// c–e files and the diagonals through c3–e5 and e3–c5).
fn lion_moves_without_bare_lions_draw(gen: &dyn Generator<Congo>, fen: &str) -> Vec<String> {
    let mut setup = Position::<Congo>::from_fen(fen)
        .expect("valid")
        .into_setup();
    let a4 = fairyspec::Square::parse("a4").expect("square");
    let g4 = fairyspec::Square::parse("g4").expect("square");
    setup.set(
        a4,
        Some(fairyspec::Piece::new(Colour::White, CongoKind::Crocodile)),
    );
    setup.set(
        g4,
        Some(fairyspec::Piece::new(Colour::Black, CongoKind::Crocodile)),
    );
    let pos = Congo::validate(setup).expect("still valid");
    moves_of_kind(gen, &pos, CongoKind::Lion)
}

/// CONGO-3: all 4,000 move lists (1,000 positions × lion, zebra, elephant, pawn).
#[test]
fn congo_3_wits_move_generation_lists() {
    let text = corpus("wits-movegen.jsonl");
    for gen in generators() {
        let mut checked = 0;
        let mut bare_lions = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let rec: MoveGenRecord = serde_json::from_str(line).expect("a JSON record");
            let pos =
                Position::<Congo>::from_fen(&rec.fen).unwrap_or_else(|e| panic!("{}: {e}", rec.id));
            let kind = kind_of(&rec.piece);
            let got = match gen.outcome(&pos) {
                None => moves_of_kind(gen.as_ref(), &pos, kind),
                Some(Outcome {
                    reason: Reason::BareLions,
                    ..
                }) => {
                    // CONGO-6.4: a finished game has no moves.
                    assert!(gen.legal_moves(&pos).is_empty(), "{}", rec.id);
                    bare_lions += 1;
                    if kind == CongoKind::Lion {
                        lion_moves_without_bare_lions_draw(gen.as_ref(), &rec.fen)
                    } else {
                        Vec::new()
                    }
                }
                Some(o) => panic!("{}: unexpected finished game ({o})", rec.id),
            };
            assert_eq!(got, rec.moves, "{} ({}) {}", rec.id, gen.name(), rec.fen);
            checked += 1;
        }
        assert_eq!(checked, 4000, "{}", gen.name());
        // 12 of the 1,000 positions are two bare lions; in 4 the side to move has the flying
        // capture (c2c5, e3e6, d2d5, e3e5 in the course's lists), the other 8 are draws.
        assert_eq!(bare_lions, 8 * 4, "{}", gen.name());
    }
}

#[derive(Deserialize)]
struct MakeMoveRecord {
    id: String,
    fen: String,
    #[serde(rename = "move")]
    mv: String,
    expected_fen: String,
    result: String,
    #[serde(default)]
    ignores_promotion: bool,
    expected_fen_promoted: Option<String>,
}

/// CONGO-3, CONGO-5, CONGO-6.1: the 100 make-move cases (8 corrected for promotion, CONGO-3.9).
#[test]
fn congo_5_wits_make_move_cases() {
    let text = corpus("wits-makemove.jsonl");
    for gen in generators() {
        let mut checked = 0;
        let mut promoted = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let rec: MakeMoveRecord = serde_json::from_str(line).expect("a JSON record");
            let pos =
                Position::<Congo>::from_fen(&rec.fen).unwrap_or_else(|e| panic!("{}: {e}", rec.id));
            let mv = gen
                .parse_move(&pos, &rec.mv)
                .unwrap_or_else(|e| panic!("{} ({}): {e}", rec.id, gen.name()));
            let after = gen.play_unchecked(&pos, &mv);
            let expected = if rec.ignores_promotion {
                promoted += 1;
                rec.expected_fen_promoted.clone().expect("corrected FEN")
            } else {
                rec.expected_fen.clone()
            };
            assert_eq!(after.fen(), expected, "{} ({})", rec.id, gen.name());
            let outcome = gen.outcome(&after);
            let want = match rec.result.as_str() {
                "Continue" => None,
                "White wins" => Some(Outcome::win(Colour::White, Reason::LionCaptured)),
                "Black wins" => Some(Outcome::win(Colour::Black, Reason::LionCaptured)),
                other => panic!("{}: unknown result {other:?}", rec.id),
            };
            assert_eq!(outcome, want, "{} ({})", rec.id, gen.name());
            checked += 1;
        }
        assert_eq!((checked, promoted), (100, 8), "{}", gen.name());
    }
}

/// CONGO-7.2: the Zillions self-play game replays move by move through both generators: every
/// ply legal and as recorded (captures, promotions, removed squares), White wins at ply 175 by
/// the lion's flying capture.
#[test]
fn congo_7_2_zillions_game_replays() {
    let text = corpus("games/zillions-stock-3min-1.zsg");
    let plies = zillions::parse_zillions(&text).expect("the record reads");
    assert_eq!(plies.len(), 175);
    assert_eq!(plies.iter().filter(|p| p.promotes).count(), 2);
    let last = plies.last().expect("plies");
    assert_eq!(
        (
            last.number,
            last.kind,
            last.to_move().map(|m| m.to_string())
        ),
        (88, CongoKind::Lion, Some("d1d6".to_string()))
    );
    for gen in generators() {
        let summary = zillions::replay_zillions(gen.as_ref(), &text)
            .unwrap_or_else(|e| panic!("{}: {e}", gen.name()));
        assert_eq!(summary.plies, 175);
        assert_eq!(
            summary.outcome,
            Some(Outcome::win(Colour::White, Reason::LionCaptured)),
            "{}",
            gen.name()
        );
    }
    // The lion's last move is the flying capture along the open d-file (CONGO-3.2): from d1 to
    // d6, five ranks, no king step; the white lion ends in Black's castle, Black has none.
    let gen = Congo::reference(&CongoSwitches::default());
    let summary = zillions::replay_zillions(gen.as_ref(), &text).expect("replays");
    let last = Position::<Congo>::from_fen(&summary.final_fen).expect("a valid finished position");
    let d6 = fairyspec::Square::parse("d6").expect("square");
    assert_eq!(
        last.piece_at(d6),
        Some(fairyspec::Piece::new(Colour::White, CongoKind::Lion))
    );
    assert!(last
        .setup()
        .pieces()
        .all(|(_, p)| p != fairyspec::Piece::new(Colour::Black, CongoKind::Lion)));
}

/// corpus/congo/games/expected.txt: `<file> <result> <reason>` for each stored game (`#` comments
/// and blank lines skipped, as `fairyspec verify` skips them).
#[test]
fn congo_7_2_games_end_as_expected() {
    let expected = corpus("games/expected.txt");
    let gen = Congo::reference(&CongoSwitches::default());
    let mut n = 0;
    for line in expected
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    {
        let (file, rest) = line.split_once(' ').expect("<file> <result> <reason>");
        let text = corpus(&format!("games/{file}"));
        let summary = zillions::replay_zillions(gen.as_ref(), &text).expect("replays");
        let outcome = summary.outcome.expect("the game ended");
        assert_eq!(
            format!("{} {}", outcome.result(), outcome.reason),
            rest,
            "{file}"
        );
        n += 1;
    }
    assert_eq!(n, 1);
}

/// A record that breaks the rules is refused at the right ply, with a reason.
#[test]
fn congo_7_2_zillions_replay_reports_the_first_bad_ply() {
    let text = corpus("games/zillions-stock-3min-1.zsg");
    // Ply 3 (White's second move) `Zebra G1 - F3` turned into a zebra move to an occupied square.
    let broken = text.replacen("2. Zebra G1 - F3", "2. Zebra G1 - E2", 1);
    let gen = Congo::reference(&CongoSwitches::default());
    let err = zillions::replay_zillions(gen.as_ref(), &broken).expect_err("refused");
    assert_eq!((err.move_number, err.side), (2, Colour::White), "{err}");
    // A capture that the record does not mark.
    let broken = text.replacen("8. Giraffe A5 x A3", "8. Giraffe A5 - A3", 1);
    let err = zillions::replay_zillions(gen.as_ref(), &broken).expect_err("refused");
    assert_eq!((err.move_number, err.side), (8, Colour::Black), "{err}");
    // Garbage.
    assert!(zillions::parse_zillions("1. Dragon A1 - A2").is_err());
    assert!(zillions::parse_zillions("1. Pawn A2 ~ A3").is_err());
}
