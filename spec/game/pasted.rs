//! [`Position::from_pasted`]: a position read from text as the game's players paste it — for Chu
//! Shogi lishogi's lenient SFEN, a USI `position` line or a KIF record (CHU-8.4), for the other
//! games a FEN — with the moves the text holds played, and a note for everything that was
//! normalised on the way. [`Position::from_fen`] stays strict; this is what the command line's
//! `--fen`, the page's position box and the API's `fen` read.

use super::{Game, PositionText};
use crate::{FenError, Move, MoveTextError, Position};
use std::fmt;

/// Position text as pasted, read and played ([`Position::from_pasted`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pasted<G: Game> {
    /// The position the text gives, before its moves.
    pub start: Position<G>,
    /// The moves the text holds (a USI `position … moves …` line, a KIF record), in the order
    /// played.
    pub moves: Vec<Move<G::Kind>>,
    /// The position reached: `start` with the moves played.
    pub position: Position<G>,
    /// What was normalised on the way, in words (none for strict text).
    pub notes: Vec<String>,
}

/// Why pasted text gives no position.
#[derive(Debug)]
pub enum PastedError<G: Game> {
    /// The text cannot be read as any form the game takes (in words).
    Text(String),
    /// It was read, but the position it gives is none of the game's: the strict FEN it was
    /// written as, and why.
    Fen { fen: String, error: FenError<G> },
    /// Move number `index` (from 0) of the text, `text`, cannot be played in the position
    /// `fen`.
    Move {
        index: usize,
        text: String,
        fen: String,
        error: Box<MoveTextError>,
    },
}

impl<G: Game> fmt::Display for PastedError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PastedError::Text(message) => f.write_str(message),
            PastedError::Fen { fen, error } => write!(f, "{fen:?}: {error}"),
            PastedError::Move {
                index,
                text,
                fen,
                error,
            } => write!(f, "move {} ({text:?}) in {fen}: {error}", index + 1),
        }
    }
}

impl<G: Game> std::error::Error for PastedError<G> {}

impl<G: Game> Position<G> {
    /// Reads position text as the game's players paste it ([`Game::read_position_text`]): for
    /// Chu Shogi lishogi's lenient SFEN (`startpos`; `_` between the fields; the side, the
    /// counter-strike field or the move number left out), a USI `position startpos|sfen …
    /// [moves …]` line, or a lishogi KIF record (CHU-8.4); for the other games a FEN, with or
    /// without its move counters. The moves the text holds are played (with the reference
    /// generator under the spec's reading).
    ///
    /// ```
    /// use fairyspec::{chu::Chu, Game, Position};
    ///
    /// // As lishogi's URLs write it: `_` between the fields, no counter-strike field.
    /// let pasted = Position::<Chu>::from_pasted(
    ///     "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
    ///      PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL_b_1",
    /// )
    /// .unwrap();
    /// assert_eq!(pasted.position, Position::start());
    /// assert!(!pasted.notes.is_empty());
    /// // The strict reader refuses it.
    /// assert!(Position::<Chu>::from_fen("startpos").is_err());
    ///
    /// // A USI line: the moves are played.
    /// let usi = Position::<Chu>::from_pasted("position startpos moves 7i7h").unwrap();
    /// assert_eq!(usi.moves.len(), 1);
    /// assert_ne!(usi.position, usi.start);
    /// ```
    ///
    /// # Errors
    /// [`PastedError`]: text that is no form of the game's, a position that is none of the
    /// game's, or a move that cannot be played.
    pub fn from_pasted(text: &str) -> Result<Pasted<G>, PastedError<G>> {
        let PositionText { fen, moves, notes } =
            G::read_position_text(text).map_err(PastedError::Text)?;
        let start =
            Position::<G>::from_fen(&fen).map_err(|error| PastedError::Fen { fen, error })?;
        let gen = G::reference(&G::Switches::default());
        let mut position = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (index, text) in moves.into_iter().enumerate() {
            let mv = gen
                .parse_move(&position, &text)
                .map_err(|error| PastedError::Move {
                    index,
                    fen: position.fen(),
                    text,
                    error: Box::new(error),
                })?;
            position = gen.play_unchecked(&position, &mv);
            played.push(mv);
        }
        Ok(Pasted {
            start,
            moves: played,
            position,
            notes,
        })
    }
}
