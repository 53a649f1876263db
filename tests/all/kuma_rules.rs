//! The Kuma Chess reference generator (`spec/kuma/rules.rs`) on what the published perft data,
//! the sample games and the hand-counted positions of `kuma_reference.rs` leave unpinned: what
//! the reference tells a trace (the text of `fairyspec explain`, the diagrams), its public
//! helpers, its name and switches. Written while `cargo mutants` measured the file
//! (docs/mutants.md); every expectation is derived in its comment from SPEC.md, chapter "Kuma
//! Chess", never copied from a generator's output. Only the crate's public API is used.

use pretty_assertions::assert_eq;

use fairyspec::kuma::rules::{piece_moves_traced, Reference};
use fairyspec::kuma::{BlindBearWin, Kuma, KumaSwitches};
use fairyspec::trace::{NoTrace, Recorder};
use fairyspec::{Game, Generator, Position, Square};

fn position(fen: &str) -> Position<Kuma> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

fn names(squares: &[Square]) -> Vec<String> {
    let mut v: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// KUMA-3.2 — `piece_moves_traced` (what `fairyspec explain` and the diagrams walk) is the
/// piece's own movement plus the Pawn's double step, for that Pawn only and only when it belongs
/// to the side to move. In the start position (White to move): the Pawn on e2 steps to e3 and,
/// from its second rank over the empty e3, double-steps to e4 — not to the squares of the seven
/// other Pawns' double steps; Black's Pawn on e7 steps to e6 only (its double step is not
/// Black's move now); the Violent Bear on c1 is shut in (its forward step and both diagonal
/// range-two lines start on a Pawn, its sideways steps on its own Blind Bear and Bear Soldier).
#[test]
fn kuma_3_2_piece_moves_traced_adds_only_this_pawn_s_double_step() {
    let start = Position::<Kuma>::start();
    let setup = start.setup();
    let traced = |from: &str| names(&piece_moves_traced(setup, sq(from), &mut NoTrace));
    assert_eq!(traced("e2"), sorted(&["e3", "e4"]));
    assert_eq!(traced("e7"), sorted(&["e6"]));
    assert_eq!(traced("c1"), Vec::<String>::new());
    // An empty square has no moves.
    assert_eq!(traced("e4"), Vec::<String>::new());
}

/// KUMA-3.2 … KUMA-3.12 — every line of a piece's movement is reported to the trace under the
/// rule of that piece (SPEC.md's list: Pawn 3.2, King 3.3, Bear's Eyes 3.4, Blind Bear 3.5,
/// Violent Bear 3.6, Great Bear 3.7, Upright Bear 3.8, Running Bear 3.9, Dashing Bear 3.10, Bear
/// Soldier 3.11, Mighty Bear 3.12). Each piece stands alone (beside the two Kings) on d4.
#[test]
fn kuma_3_every_piece_s_lines_cite_its_rule() {
    for (letter, rule) in [
        ('P', "KUMA-3.2"),
        ('E', "KUMA-3.4"),
        ('B', "KUMA-3.5"),
        ('V', "KUMA-3.6"),
        ('G', "KUMA-3.7"),
        ('U', "KUMA-3.8"),
        ('R', "KUMA-3.9"),
        ('D', "KUMA-3.10"),
        ('S', "KUMA-3.11"),
        ('M', "KUMA-3.12"),
    ] {
        let fen = format!("4k3/8/8/8/3{letter}4/8/8/4K3 w - - 0 1");
        let pos = position(&fen);
        let mut rec = Recorder::default();
        piece_moves_traced(pos.setup(), sq("d4"), &mut rec);
        assert!(!rec.lines.is_empty(), "{fen}: no lines");
        for line in &rec.lines {
            assert_eq!(line.rule, rule, "{fen}: {line:?}");
        }
    }
    // The King on e1.
    let pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let mut rec = Recorder::default();
    piece_moves_traced(pos.setup(), sq("e1"), &mut rec);
    assert_eq!(rec.lines.len(), 8, "W and F: eight steps");
    assert!(rec.lines.iter().all(|l| l.rule == "KUMA-3.3"));
}

/// The reference names itself `reference` (serve's JSON and conform's reports print the name)
/// and keeps the reading of KUMA-7.4 it was made with.
#[test]
fn kuma_7_4_the_reference_keeps_its_switches_and_its_name() {
    for blind_bear in [BlindBearWin::NeedsLegalMove, BlindBearWin::EvenIfExposed] {
        let switches = KumaSwitches { blind_bear };
        let reference = Reference::new(switches);
        assert_eq!(reference.name(), "reference");
        assert_eq!(reference.switches().blind_bear, blind_bear);
        let boxed = Kuma::reference(&switches);
        assert_eq!(boxed.name(), "reference");
        assert_eq!(boxed.switches().blind_bear, blind_bear);
    }
}

/// Plays `line` (each move legal) from `fen` with the reference and returns the FEN reached.
fn fen_after(fen: &str, line: &[&str]) -> String {
    let reference = Reference::new(KumaSwitches::default());
    let mut pos = position(fen);
    for text in line {
        let mv = reference
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        pos = reference.play_unchecked(&pos, &mv);
    }
    pos.fen()
}

/// KUMA-6.1 — only a Pawn's double step makes an en-passant square; a bear moving two ranks does
/// not, be it straight along its file like a double step (the Running Bear's `fR` a1–a3, Black's
/// a8–a6) or diagonally (the Violent Bear's `fF2` c1–e3). Each FEN reads `-` for the e.p. square,
/// with the half-move clock counting up (no Pawn move, no capture: KUMA-7.5).
#[test]
fn kuma_6_1_no_ep_square_after_a_bear_s_two_rank_move() {
    let white = "4k3/8/8/8/8/8/8/R1V1K3 w - - 0 1";
    assert_eq!(
        fen_after(white, &["a1a3"]),
        "4k3/8/8/8/8/R7/8/2V1K3 b - - 1 1"
    );
    assert_eq!(
        fen_after(white, &["c1e3"]),
        "4k3/8/8/8/8/4V3/8/R3K3 b - - 1 1"
    );
    assert_eq!(
        fen_after("r3k3/8/8/8/8/8/8/4K3 b - - 0 1", &["a8a6"]),
        "4k3/8/r7/8/8/8/8/4K3 w - - 1 2"
    );
}
