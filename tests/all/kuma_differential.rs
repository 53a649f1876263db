//! Differential tests of Kuma Chess: the reference generator against the bitboard generator, on the corpus positions and on
//! random playouts and mutated positions; and the harness itself against deliberately broken
//! generators, to show that it notices each kind of difference and says where.

use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::differential::sorted_moves;
use fairyspec::check::{corpus, CheckGame};
use fairyspec::check::{differential, differential_walk, Difference, Divergence};
use fairyspec::kuma::{Kuma, KumaKind, KumaSwitches};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator, Outcome, Position, Reason};
use proptest::prelude::*;

use crate::common::{corpus_position, Broken, Bug};

/// The generator the reference is compared with: the bitboard one (without it the reference would
/// only be compared with itself, so its absence is an error).
fn other(switches: &KumaSwitches) -> Box<dyn Generator<Kuma>> {
    Kuma::bitboard(switches)
}

fn fen(text: &str) -> Position<Kuma> {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn generators_agree_on_every_corpus_position() {
    for switches in &KumaSwitches::every_combination() {
        let (a, b) = (Kuma::reference(switches), other(switches));
        for (name, text) in Kuma::STARTS {
            if let Err(d) = differential(&*a, &*b, &fen(text)) {
                panic!("{name}: {d}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The harness against broken generators.

/// The divergence the reference and `Broken::new(bug)` show on `pos`.
fn divergence(bug: Bug, pos: &Position<Kuma>) -> Divergence {
    let reference = Kuma::reference(&KumaSwitches::default());
    match differential(&*reference, &Broken::new(bug), pos) {
        Ok(()) => panic!("{bug:?} not detected in {pos}"),
        Err(d) => d,
    }
}

#[test]
fn harness_finds_a_dropped_move() {
    // The 16 start moves sorted by text end with h2h4.
    let d = divergence(Bug::DropsLastMove, &Position::start());
    assert_eq!(
        d.difference,
        Difference::LegalMoves {
            only_a: vec!["h2h4".to_string()],
            only_b: vec![]
        }
    );
    assert_eq!(d.fen, Position::<Kuma>::start().fen());
    assert!(d.path.is_empty());
    assert_eq!(
        d.generators[1],
        "broken KumaSwitches { blind_bear: NeedsLegalMove }"
    );
}

#[test]
fn harness_finds_a_missing_en_passant() {
    let d = divergence(Bug::ForgetsEnPassant, &corpus_position("en-passant"));
    assert_eq!(
        d.difference,
        Difference::LegalMoves {
            only_a: vec!["d5e6".to_string()],
            only_b: vec![]
        }
    );
}

#[test]
fn harness_finds_a_wrong_child() {
    // Black is in check from the Bear's Eyes on e7, which covers d7, f7, d8 and f8 too: the only
    // legal move is Kxe7, a capture, so the half-move clock 7 must become 0 (KUMA-7.5); the
    // broken generator makes it 8.
    let black = fen("4k3/4E3/8/8/8/8/8/K7 b - - 7 30");
    let d = divergence(Bug::KeepsClockOnCapture, &black);
    assert_eq!(
        d.difference,
        Difference::Child {
            mv: "e8e7".to_string(),
            fen_a: "8/4k3/8/8/8/8/8/K7 w - - 0 31".to_string(),
            fen_b: "8/4k3/8/8/8/8/8/K7 w - - 8 31".to_string(),
        }
    );
    // Without captures the bug is invisible.
    let quiet = fen("4k3/8/8/8/8/8/4E3/4K3 w - - 7 30");
    let reference = Kuma::reference(&KumaSwitches::default());
    assert!(differential(&*reference, &Broken::new(Bug::KeepsClockOnCapture), &quiet).is_ok());
}

#[test]
fn harness_finds_a_wrong_check() {
    let d = divergence(Bug::NeverInCheck, &corpus_position("in-check"));
    assert_eq!(d.difference, Difference::Check { a: true, b: false });
}

#[test]
fn harness_finds_a_wrong_outcome() {
    // Back-rank mate: Black's Mighty Bear slides along the first rank (fsR) to h1; g2 and h2
    // are White's own pawns, g1 is attacked too, and nothing can capture or block on b1-g1.
    let mate = fen("4k3/8/8/8/8/8/6PP/m6K w - - 0 1");
    let d = divergence(Bug::MateIsStalemate, &mate);
    assert_eq!(
        d.difference,
        Difference::Outcome {
            a: Some(Outcome::win(fairyspec::Colour::Black, Reason::Checkmate)),
            b: Some(Outcome::draw(Reason::Stalemate)),
        }
    );
}

#[test]
fn harness_finds_a_wrong_perft_and_the_root_move_under_it() {
    // White's Blind Bear on b7 steps to a8 or c8 and wins at once (KUMA-7.4): those two children
    // are terminal, so perft(2) differs, first under b7a8 (0 against 1).
    let d = divergence(
        Bug::CountsTerminalLeaves,
        &corpus_position("blind-bears-near-home"),
    );
    match d.difference {
        Difference::Perft {
            depth: 2,
            a,
            b,
            first_child: Some(c),
        } => {
            assert_eq!(b, a + 2, "two terminal children counted once each");
            assert_eq!((c.mv.as_str(), c.a, c.b), ("b7a8", 0, 1));
        }
        other => panic!("expected a perft difference, got {other}"),
    }
}

/// The indices into the sorted legal moves that play `line` from `start`.
fn choices_for(start: &Position<Kuma>, line: &[&str]) -> Vec<usize> {
    let reference = Kuma::reference(&KumaSwitches::default());
    let mut pos = start.clone();
    let mut out = Vec::new();
    for text in line {
        let moves = sorted_moves(&*reference, &pos);
        let i = moves
            .iter()
            .position(|(t, _)| t == text)
            .unwrap_or_else(|| panic!("{text} not legal in {pos}"));
        out.push(i);
        pos = reference.play_unchecked(&pos, &moves[i].1);
    }
    out
}

#[test]
fn walk_reports_the_line_that_leads_to_a_divergence() {
    let start = Position::<Kuma>::start();
    let line = ["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"];
    let choices = choices_for(&start, &line);
    let reference = Kuma::reference(&KumaSwitches::default());
    let broken = Broken::new(Bug::ForgetsEnPassant);
    // With perft(2) at every node the walk notices one ply early, after e4e5: the subtree of
    // d7d5 lacks the capture.
    let early = differential_walk(&*reference, &broken, &start, &choices, 2)
        .expect_err("the e.p. capture on d6 is missing");
    assert_eq!(early.path, ["e2e4", "a7a6", "e4e5"]);
    match early.difference {
        Difference::Perft {
            depth: 2,
            a,
            b,
            first_child: Some(c),
        } => {
            // Two Black double steps allow an e.p. capture by the Pawn on e5: d7d5 and f7f5.
            assert_eq!(a, b + 2);
            assert_eq!((c.mv.as_str(), c.a, c.b), ("d7d5", c.b + 1, c.b));
        }
        other => panic!("expected a perft difference, got {other}"),
    }
    // Comparing moves only, it stops where the capture is missing.
    let d = differential_walk(&*reference, &broken, &start, &choices, 0)
        .expect_err("the e.p. capture on d6 is missing");
    assert_eq!(d.path, ["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert_eq!(
        d.fen,
        "ubvskvbr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/UBVSKVBR w KQkq d6 0 3"
    );
    assert_eq!(
        d.difference,
        Difference::LegalMoves {
            only_a: vec!["e5d6".to_string()],
            only_b: vec![]
        }
    );
    let text = d.to_string();
    assert!(text.contains("reached from"), "{text}");
    assert!(text.contains("e2e4 a7a6 e4e5 d7d5"), "{text}");
    let json = serde_json::to_value(&d).unwrap();
    assert_eq!(json["difference"]["what"], "legal-moves");
    assert_eq!(json["difference"]["only_a"][0], "e5d6");
    assert_eq!(json["path"][3], "d7d5");

    // The same walk between two correct generators reaches the end of the line.
    let end = differential_walk(
        &*reference,
        &*other(&KumaSwitches::default()),
        &start,
        &choices,
        2,
    )
    .expect("no divergence");
    assert_eq!(
        end.piece_at(fairyspec::Square::new(3, 5)).map(|p| p.kind),
        Some(KumaKind::Pawn)
    );
}

// ---------------------------------------------------------------------------------------------
// Random play.

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random playouts from the corpus positions, compared at every ply (perft(1) at each node,
    /// perft(2) at the end).
    #[test]
    fn generators_agree_along_random_playouts(
        start in 0usize..64,
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        exposed in any::<bool>(),
    ) {
        let switches = KumaSwitches::combination(exposed as usize);
        let (a, b) = (Kuma::reference(&switches), other(&switches));
        let starts = corpus::positions::<Kuma>();
        let start = &starts[start % starts.len()];
        let choices: Vec<usize> = choices.into_iter().map(usize::from).collect();
        let end = differential_walk(&*a, &*b, start, &choices, 1)
            .map_err(|d| TestCaseError::fail(d.to_string()))?;
        differential(&*a, &*b, &end).map_err(|d| TestCaseError::fail(d.to_string()))?;
    }

    /// Mutated positions (pieces set and removed, rights toggled, e.p. squares, moves), then a
    /// short walk.
    #[test]
    fn generators_agree_on_mutated_positions(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        choices in proptest::collection::vec(any::<u8>(), 0..8),
        exposed in any::<bool>(),
    ) {
        let switches = KumaSwitches::combination(exposed as usize);
        let (a, b) = (Kuma::reference(&switches), other(&switches));
        let starts = corpus::positions::<Kuma>();
        let pos = arbitrary_position(&*a, &mut arbitrary::Unstructured::new(&bytes), &starts)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let choices: Vec<usize> = choices.into_iter().map(usize::from).collect();
        differential_walk(&*a, &*b, &pos, &choices, 2)
            .map_err(|d| TestCaseError::fail(d.to_string()))?;
    }
}
