//! Why a long algebraic move text is false in a position: one variant per claim of the text
//! (KUMA-8.2), and the error of either stage of reading.

use super::{CastleSide, Mark, ParseLanError};
use crate::{Kind, Outcome, Piece, Square};
use std::fmt;

/// A move text that reads correctly but is false in the position at hand: each variant is one
/// claim of the text that the position refutes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanMoveError<K> {
    /// The game has already ended; no move can follow.
    GameOver(Outcome),
    /// The from-square is empty.
    NoPiece { square: Square },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece { square: Square, piece: Piece<K> },
    /// The letter (or its absence, which means a Pawn) does not name the piece on the
    /// from-square.
    WrongPiece {
        square: Square,
        written: Option<K>,
        found: K,
    },
    /// The piece cannot make this move here (not its move, blocked, or it would leave its King
    /// attacked).
    Illegal { square: Square, kind: K, to: Square },
    /// The castling is not legal here.
    CastlingIllegal(CastleSide),
    /// More than one legal King move fits the castling text.
    CastlingAmbiguous(CastleSide),
    /// The move promotes but no promotion letter is written; `options` are the kinds it may
    /// become.
    MissingPromotion { options: Vec<K> },
    /// The written promotion letter is not one the move can become.
    WrongPromotion { written: K, options: Vec<K> },
    /// A promotion letter on a move that does not promote.
    NotAPromotion { written: K },
    /// The move captures but has no capture mark.
    MissingCaptureMark,
    /// A capture mark on a move that captures nothing.
    SpuriousCaptureMark,
    /// The final mark does not match what the move does. `outcome` is how the game ends after
    /// the move, if it does.
    WrongMark {
        written: Mark,
        expected: Mark,
        outcome: Option<Outcome>,
    },
}

fn kind_list<K: Kind>(kinds: &[K]) -> String {
    let names: Vec<String> = kinds
        .iter()
        .map(|k| format!("{} ({})", k.name(), k.letter()))
        .collect();
    names.join(" or ")
}

fn mark_name(mark: Mark) -> String {
    match mark {
        Mark::None => "no mark".to_string(),
        m => format!("`{m}`"),
    }
}

impl<K: Kind> fmt::Display for LanMoveError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LanMoveError::*;
        match self {
            GameOver(o) => write!(f, "the game is already over ({o})"),
            NoPiece { square } => write!(f, "no piece on {square}"),
            NotYourPiece { square, piece } => write!(
                f,
                "the {} on {square} is {}'s, but {} is to move",
                piece.kind.name(),
                piece.colour,
                piece.colour.other()
            ),
            WrongPiece {
                square,
                written: Some(k),
                found,
            } => write!(
                f,
                "no {} on {square} (the piece there is a {}, letter {})",
                k.name(),
                found.name(),
                found.letter()
            ),
            WrongPiece {
                square,
                written: None,
                found,
            } => write!(
                f,
                "no letter means a Pawn, but {square} holds a {} (letter {})",
                found.name(),
                found.letter()
            ),
            Illegal { square, kind, to } => write!(
                f,
                "the {} on {square} cannot move to {to} in this position",
                kind.name()
            ),
            CastlingIllegal(side) => write!(
                f,
                "castling {} is not legal in this position",
                match side {
                    CastleSide::Short => "short (0–0)",
                    CastleSide::Long => "long (0–0–0)",
                }
            ),
            CastlingAmbiguous(side) => {
                write!(f, "more than one King move fits castling {side:?}")
            }
            MissingPromotion { options } => write!(
                f,
                "the move promotes: write the letter of the piece it becomes ({})",
                kind_list(options)
            ),
            WrongPromotion { written, options } => write!(
                f,
                "the move cannot promote to a {} ({}); it becomes a {}",
                written.name(),
                written.letter(),
                kind_list(options)
            ),
            NotAPromotion { written } => write!(
                f,
                "the move does not promote, yet the promotion letter {} is written",
                written.letter()
            ),
            MissingCaptureMark => write!(f, "the move captures but has no capture mark `:`"),
            SpuriousCaptureMark => {
                write!(
                    f,
                    "the capture mark `:` is written but the move captures nothing"
                )
            }
            WrongMark {
                written,
                expected,
                outcome,
            } => {
                let does = match (expected, outcome) {
                    (Mark::Check, _) => "gives check".to_string(),
                    (Mark::Checkmate, _) => "checkmates".to_string(),
                    (_, Some(o)) => format!("ends the game ({o})"),
                    (_, None) => "neither gives check nor ends the game".to_string(),
                };
                write!(
                    f,
                    "the move {does}, so it takes {}, but {} is written",
                    mark_name(*expected),
                    mark_name(*written)
                )
            }
        }
    }
}

impl<K: Kind> std::error::Error for LanMoveError<K> {}

/// Either stage of reading a long algebraic move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanError<K> {
    Parse(ParseLanError),
    Move(LanMoveError<K>),
}

impl<K: Kind> fmt::Display for LanError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LanError::Parse(e) => write!(f, "{e}"),
            LanError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl<K: Kind> std::error::Error for LanError<K> {}
