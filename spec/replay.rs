//! Replaying a game record move by move (STUB: being written; the signatures are the contract).

use crate::{Colour, Game, Generator, Outcome};
use serde::Serialize;
use std::fmt;

/// What a successful replay found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplaySummary {
    /// Number of half-moves played.
    pub plies: usize,
    /// FEN of the final position.
    pub final_fen: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// A draw the side to move could claim in the final position (fifty moves, threefold).
    pub claimable: Option<Outcome>,
}

/// The first move of a record that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move number as the record writes it (1 for `1. e2–e4 e7–e5`).
    pub move_number: u32,
    /// Who was to play it.
    pub side: Colour,
    /// The move as written.
    pub text: String,
    /// Why it is wrong, in words.
    pub cause: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.side == Colour::White {
            "."
        } else {
            "…"
        };
        write!(
            f,
            "move {}{} {}: {}",
            self.move_number, dots, self.text, self.cause
        )
    }
}

impl std::error::Error for ReplayError {}

/// Replays a game record of game `G` from its start position with `gen`.
///
/// # Errors
/// The first bad move, with its number and why.
pub fn replay<G: Game>(gen: &dyn Generator<G>, text: &str) -> Result<ReplaySummary, ReplayError> {
    let _ = (gen, text);
    Err(ReplayError {
        move_number: 0,
        side: Colour::White,
        text: String::new(),
        cause: "replay is not written yet".to_string(),
    })
}
