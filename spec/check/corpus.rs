//! Positions that reach corners of the rules quickly: the starting points of the property tests,
//! the mutation fuzzer ([`super::arbitrary::arbitrary_position`]) and the differential walks.
//! Each game lists its own in its folder ([`CheckGame::STARTS`], `spec/<game>/check.rs`), each
//! entry `(name, FEN)`, the names saying what the position is for and where it comes from
//! (hand-made, a corpus file, a game record).

use super::differential::SortedMoves;
use super::reach::{self, Reach};
use crate::switches::Switches;
use crate::{Game, Outcome, Position};
use ::arbitrary::{Arbitrary, Unstructured};

/// What the checks need to know of a game beyond [`Game`]; each game implements it in its own
/// folder (`spec/<game>/check.rs`).
pub trait CheckGame: Game {
    /// Positions that reach corners of the rules quickly, `(name, FEN)`. Every one is valid (the
    /// game's tests check it); why each is legal and what it exercises is said beside it.
    const STARTS: &'static [(&'static str, &'static str)];

    /// What the game's differential fuzz target counts at each node of a walk
    /// ([`super::reach`]): by default what every game counts ([`reach::common`]).
    fn reach(
        pos: &Position<Self>,
        moves: &SortedMoves<Self::Kind>,
        outcome: Option<Outcome>,
        switches: &Self::Switches,
        reach: &mut Reach,
    ) {
        let _ = (pos, switches);
        reach::common::<Self>(moves, outcome, reach);
    }

    /// The switch readings the `fen` fuzz target checks a valid position of the game under
    /// ([`super::targets::fen`], given the text): by default every combination.
    fn fen_switches(text: &str) -> Vec<Self::Switches> {
        let _ = text;
        Self::Switches::every_combination()
    }

    /// The switch readings a fuzz input's first bytes pick (the differential targets, the reason
    /// checker's): by default [`read_switches`], one byte. A game may number its readings
    /// otherwise, so long as every stored input keeps the readings it was found under (Chu
    /// Shogi's: [`crate::chu::ChuSwitches::from_fuzz_bytes`]).
    fn fuzz_switches(u: &mut Unstructured<'_>) -> Self::Switches {
        read_switches::<Self::Switches>(u)
    }
}

/// The reading of a fuzz target's switches: combination number `byte`
/// ([`Switches::combination`], modulo their number) of the input's first byte, when the game has
/// more than one combination; no byte is read for a game without switches (orthodox chess).
pub fn read_switches<S: Switches>(u: &mut Unstructured<'_>) -> S {
    if S::combinations() <= 1 {
        return S::default();
    }
    S::combination(usize::from(u8::arbitrary(u).unwrap_or(0)))
}

/// The positions of [`CheckGame::STARTS`] of game `G` that validate, the start position first.
pub fn positions<G: CheckGame>() -> Vec<Position<G>> {
    let mut out = vec![Position::<G>::start()];
    for (_, fen) in G::STARTS {
        if let Ok(pos) = Position::<G>::from_fen(fen) {
            if !out.contains(&pos) {
                out.push(pos);
            }
        }
    }
    out
}
