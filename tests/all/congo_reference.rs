//! The Congo reference generator (`spec/congo/rules.rs`) on small hand-made positions, one test
//! per rule, named after the rule ID of SPEC.md, for what the data of `congo_data.rs` and the
//! perft corpus leave unpinned (found by `cargo mutants`, docs/mutants.md). Every expectation is
//! derived in its comment from SPEC.md, chapter "Congo"; none was copied from a generator.

use fairyspec::congo::rules::{piece_moves, piece_moves_traced, Reference};
use fairyspec::congo::{Congo, CongoKind, CongoSwitches, MonkeyReentry};
use fairyspec::trace::{Line, Modality, Movement, Recorder, Stop};
use fairyspec::{Game, Move, Offset, Position, Square};

fn position(fen: &str) -> Position<Congo> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(moves: &[Move<CongoKind>]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    t.sort();
    t
}

/// CONGO-6.1, CONGO-6.4, CONGO-6.6 — a finished game has no moves, and the reference tells its
/// trace which rule ended it (the rule `fairyspec explain` would cite): CONGO-6.1 when the side
/// to move has no lion (White's lion took Black's on d7), CONGO-6.4 when only the two lions are
/// left and the side to move cannot take the other (c2 and d7 share no file or diagonal).
#[test]
fn congo_6_the_trace_names_the_rule_that_ended_the_game() {
    let reference = Reference::new(CongoSwitches::default());
    for (fen, rule) in [
        ("3L3/7/7/7/7/7/7 b", "CONGO-6.1"),
        ("3l3/7/7/7/7/2L4/7 w", "CONGO-6.4"),
    ] {
        let mut rec = Recorder::default();
        let moves = reference.legal_moves_traced(&position(fen), &mut rec);
        assert!(moves.is_empty(), "{fen}: {:?}", texts(&moves));
        assert_eq!(rec.game_over, Some(rule), "{fen}");
    }
    // A game that goes on reports no end.
    let mut rec = Recorder::default();
    let start = Position::<Congo>::start();
    assert_eq!(reference.legal_moves_traced(&start, &mut rec).len(), 24);
    assert_eq!(rec.game_over, None);
}

/// CONGO-3.2 — the flying capture, as the reference reports it to a trace (what `fairyspec
/// explain` and the diagrams draw): the lion on d2 looks along the six lines of a file or
/// diagonal (up, down and the four diagonals; never a rank), each reported once; the one up the
/// open d-file reaches Black's lion on d6 and captures it, the five others reach nothing.
#[test]
fn congo_3_2_the_flying_capture_looks_along_every_line() {
    let pos = position("7/3l3/7/7/7/3L3/7 w");
    let d2 = Square::parse("d2").expect("square");
    let d6 = Square::parse("d6").expect("square");
    let mut rec = Recorder::default();
    let moves = piece_moves_traced(pos.setup(), d2, &mut rec);
    assert!(texts(&moves).contains(&"d2d6".to_string()), "{moves:?}");
    let flying: Vec<&Line> = rec
        .lines
        .iter()
        .filter(|l| l.movement == Movement::Slide && l.modality == Modality::CaptureOnly)
        .collect();
    assert_eq!(flying.len(), 6, "{flying:?}");
    for line in flying {
        assert_eq!(line.rule, "CONGO-3.2");
        if line.dir == Offset::new(0, 1) {
            assert_eq!(line.reached, [d6]);
            assert_eq!(line.stop, Stop::Captures(d6));
        } else {
            assert!(line.reached.is_empty(), "{line:?}");
        }
    }
}

/// CONGO-4.1 — the monkey's first jumps as the reference reports them to a trace: one line per
/// direction, each a jump of two squares. The monkey on b2 may jump Black's Pawn on b3 to the
/// empty b4 (it captures b3, reaching b4); Black's Pawn on c3 has Black's Elephant behind it on
/// d4 (the landing square is occupied); its own Pawn on c2 is nothing to capture; the five jumps
/// towards the a-file or rank 1 leave the board.
#[test]
fn congo_4_1_the_monkey_s_first_jumps_as_traced() {
    let pos = position("7/3l3/7/3e3/1pp4/1MP4/3L3 w");
    let sq = |name: &str| Square::parse(name).expect("square");
    let mut rec = Recorder::default();
    let moves = piece_moves_traced(pos.setup(), sq("b2"), &mut rec);
    assert!(texts(&moves).contains(&"b2b4".to_string()), "{moves:?}");
    let jumps: Vec<&Line> = rec
        .lines
        .iter()
        .filter(|l| l.movement == Movement::Jump)
        .collect();
    assert_eq!(jumps.len(), 8, "{jumps:?}");
    for line in jumps {
        assert_eq!(line.rule, "CONGO-4.1");
        let (reached, stop): (Vec<Square>, Stop) = match (line.dir.file, line.dir.rank) {
            (0, 2) => (vec![sq("b4")], Stop::Captures(sq("b3"))),
            (2, 2) => (vec![], Stop::Occupied(sq("d4"))),
            (2, 0) => (vec![], Stop::NothingToCapture(sq("c2"))),
            _ => (vec![], Stop::Edge),
        };
        assert_eq!((&line.reached, line.stop), (&reached, stop), "{line:?}");
    }
}

/// CONGO-3.5 via `piece_moves`: the giraffe on a1 of the start position has only its two leaps,
/// to a3 and c3 (CONGO-8.1's hand count); its steps are all onto its own pieces and the leap to
/// c1 lands on its own Elephant.
#[test]
fn congo_3_5_piece_moves_of_the_start_giraffe() {
    let start = Position::<Congo>::start();
    let a1 = Square::parse("a1").expect("square");
    assert_eq!(texts(&piece_moves(start.setup(), a1)), ["a1a3", "a1c3"]);
}

/// CONGO-5.4's switch, and the generator's name, as the reference reports them (the trait
/// `Generator` promises `"reference"` or `"bitboard"`; `fairyspec serve` sends it in its JSON
/// and the conformance reports print it): a reference made with `monkey-reentry=survives` says
/// so, and is called `"reference"`.
#[test]
fn congo_5_4_the_reference_keeps_its_switches_and_its_name() {
    for reading in [MonkeyReentry::Drowns, MonkeyReentry::Survives] {
        let switches = CongoSwitches {
            monkey_reentry: reading,
            ..CongoSwitches::default()
        };
        let reference = Congo::reference(&switches);
        assert_eq!(reference.switches().monkey_reentry, reading);
        assert_eq!(reference.name(), "reference");
    }
}
