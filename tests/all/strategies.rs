//! Issue 30: `fairyspec::strategy`, proptest strategies for random legal positions of every game,
//! under every reading of its rules. Each value is a valid position of the game (its FEN reads
//! back as the same position), the readings vary where the game has switches, and shrinking ends
//! at the start position.

use fairyspec::check::CheckGame;
use fairyspec::chess::Chess;
use fairyspec::chu::Chu;
use fairyspec::congo::Congo;
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;
use fairyspec::strategy::{played, position, reading_and_position};
use fairyspec::switches::Switches;
use fairyspec::{Game, Position};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

/// Samples of [`reading_and_position`] for game `G`: each position valid and reached under its
/// reading; more than one reading where the game has switches; many positions, not only starts.
fn samples_are_valid_positions<G: CheckGame>() {
    let mut runner = TestRunner::deterministic();
    let strategy = reading_and_position::<G>();
    let mut readings: Vec<G::Switches> = Vec::new();
    let mut fens: Vec<String> = Vec::new();
    for _ in 0..48 {
        let (switches, pos) = strategy.new_tree(&mut runner).expect("a value").current();
        let fen = pos.fen();
        let back = Position::<G>::from_fen(&fen)
            .unwrap_or_else(|e| panic!("{}: {fen:?} does not read back: {e}", G::NAME));
        assert_eq!(back, pos, "{}: {fen}", G::NAME);
        // Its legal moves under the reading can be played (one step of a game under it).
        let reference = G::reference(&switches);
        if let Some(m) = reference.legal_moves(&pos).first() {
            reference.play(&pos, m).expect("a legal move plays");
        }
        if !readings.contains(&switches) {
            readings.push(switches);
        }
        if !fens.contains(&fen) {
            fens.push(fen);
        }
    }
    if G::Switches::combinations() > 1 {
        assert!(readings.len() > 1, "{}: only {readings:?}", G::NAME);
    } else {
        assert_eq!(readings, [G::Switches::default()], "{}", G::NAME);
    }
    assert!(
        fens.len() > 24,
        "{}: {} distinct positions",
        G::NAME,
        fens.len()
    );
}

#[test]
fn every_game_s_strategy_gives_valid_positions_under_its_readings() {
    samples_are_valid_positions::<Kuma>();
    samples_are_valid_positions::<Chess>();
    samples_are_valid_positions::<Congo>();
    samples_are_valid_positions::<Hunterbeest>();
    samples_are_valid_positions::<Chu>();
}

/// Shrinking a failing case ends at the simplest value: no moves, no edits — the start position.
fn shrinks_to_the_start<G: CheckGame>() {
    let mut runner = TestRunner::deterministic();
    let mut tree = position::<G>().new_tree(&mut runner).expect("a value");
    for _ in 0..10_000 {
        if !tree.simplify() {
            break;
        }
    }
    assert_eq!(tree.current(), Position::<G>::start(), "{}", G::NAME);
}

#[test]
fn positions_shrink_to_the_start_position() {
    shrinks_to_the_start::<Kuma>();
    shrinks_to_the_start::<Chu>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `played`: positions reached by legal play only — at most one ply here, so the start
    /// position or one of its children.
    #[test]
    fn played_positions_are_reached_by_legal_moves(pos in played::<Chu>(Default::default(), 1)) {
        let start = Position::<Chu>::start();
        let reference = Chu::reference(&Default::default());
        let children: Vec<Position<Chu>> = reference
            .legal_moves(&start)
            .iter()
            .map(|m| reference.play_unchecked(&start, m))
            .collect();
        prop_assert!(pos == start || children.contains(&pos));
    }
}
