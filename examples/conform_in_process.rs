//! `fairyspec conform` inside a Rust test suite: a move generator in this process, held to the
//! specification over the game's built-in corpus, with the whole report — the first position
//! where its moves differ, and the spec's explanation of each move only one side has.
//!
//! ```sh
//! cargo run --example conform_in_process    # prints the report; exits 1, as `conform` does
//! ```
//!
//! The generator here is deliberately wrong: a Kuma Chess generator that forgets castling long
//! (the King's move e1→c1 with the Upright Bear, KUMA-4.1). To have a generator to break, it
//! borrows the specification's own and drops that move; yours would be your engine's, called
//! through its own position type. In a test of your own, the last lines are
//! `assert!(report.passed(), "{}", report.text())`.

use fairyspec::conform::{conform_implementation, Implementation, Report, Settings};
use fairyspec::kuma::Kuma;
use fairyspec::{Game, Position};
use std::process::ExitCode;

/// The implementation under test: one method, the legal moves of a FEN in your move text.
pub struct ForgetsLongCastling;

impl Implementation for ForgetsLongCastling {
    fn name(&self) -> String {
        "a Kuma generator that forgets castling long".to_string()
    }

    fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
        let pos = Position::<Kuma>::from_fen(fen).map_err(|e| e.to_string())?;
        let moves = Kuma::bitboard(&Default::default()).legal_moves(&pos);
        Ok(moves
            .iter()
            .map(|m| m.to_string())
            // The bug: no King move from e1 to c1 (or e8 to c8), that is no long castling.
            .filter(|m| m != "e1c1" && m != "e8c8")
            .collect())
    }
}

/// The run: the built-in Kuma corpus, every position at depth 2 (a quick test; the corpus lists
/// deeper counts too).
pub fn run() -> Report {
    let settings = Settings::<Kuma> {
        depth: Some(2),
        ..Settings::default()
    };
    match conform_implementation(&mut ForgetsLongCastling, &settings) {
        Ok(report) => report,
        // The built-in corpus is always readable; another corpus might not be.
        Err(e) => panic!("the run could not start: {e}"),
    }
}

fn main() -> ExitCode {
    let report = run();
    print!("{}", report.text());
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
