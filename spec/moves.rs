//! [`Move`]: what a player does in one turn, and its textual form.
//!
//! The text of a move is its from-square, any intermediate landing squares (a Congo monkey chain,
//! a Chu lion's two-step move), its to-square and, for a promotion, the lower-case letter of the
//! piece promoted to: `e2e4`, `a7a8m`, `c3e3e5c3`. Castling is written as the King's move
//! (`e1g1`). Each game may print and read moves differently at its edges; this is the default.

use crate::{Kind, MoveNotation, Shape, Square};
use serde::{Serialize, Serializer};
use std::fmt;

/// The most intermediate squares a move can have. A Congo monkey can jump each of the (at most
/// fourteen non-lion, plus the lion) enemy pieces once, so a chain has at most 15 jumps, i.e. 14
/// intermediate landings; Chu's lion moves have one.
pub const MAX_VIA: usize = 15;

/// The intermediate landing squares of a multi-step move, stored inline (no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Via {
    len: u8,
    squares: [Square; MAX_VIA],
}

impl Via {
    pub const EMPTY: Via = Via {
        len: 0,
        squares: [Square::new(0, 0); MAX_VIA],
    };

    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a square; returns `false` (and changes nothing) when full.
    pub fn push(&mut self, sq: Square) -> bool {
        if (self.len as usize) < MAX_VIA {
            self.squares[self.len as usize] = sq;
            self.len += 1;
            true
        } else {
            false
        }
    }

    pub fn pop(&mut self) -> Option<Square> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.squares[self.len as usize])
        }
    }

    pub fn from_slice(squares: &[Square]) -> Option<Via> {
        let mut via = Via::EMPTY;
        for &sq in squares {
            if !via.push(sq) {
                return None;
            }
        }
        Some(via)
    }
}

impl Default for Via {
    fn default() -> Via {
        Via::EMPTY
    }
}

impl fmt::Debug for Via {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move of one game (`K` is the game's piece kind).
///
/// Moves are plain data: whether one is legal is a question for a position and a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move<K> {
    pub from: Square,
    /// Intermediate landing squares, in order (empty for ordinary moves).
    pub via: Via,
    pub to: Square,
    /// The kind a piece becomes by this move, if it promotes.
    pub promotion: Option<K>,
}

impl<K: Kind> Move<K> {
    /// A plain move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move<K> {
        Move {
            from,
            via: Via::EMPTY,
            to,
            promotion: None,
        }
    }

    /// A move that promotes to `kind`.
    pub const fn promoting(from: Square, to: Square, kind: K) -> Move<K> {
        Move {
            from,
            via: Via::EMPTY,
            to,
            promotion: Some(kind),
        }
    }

    /// Every square the move lands on in order: from, the intermediate squares, to.
    pub fn path(&self) -> Vec<Square> {
        let mut p = vec![self.from];
        p.extend_from_slice(self.via.as_slice());
        p.push(self.to);
        p
    }

    /// Reads move text in the game's notation ([`Kind::MOVE_NOTATION`]): the default form
    /// (`e2e4`, `a7a8m`, `c3e3e5c3`) for every game but Chu Shogi, which writes USI (`7g7f`,
    /// `7g6f7g`). Text whose meaning depends on the position (Chu's promotion mark `+`) is read by
    /// [`crate::Game::read_move`] instead.
    ///
    /// # Errors
    /// [`ParseMoveError`] if the text is not a move in the notation.
    pub fn parse(text: &str) -> Result<Move<K>, ParseMoveError> {
        match K::MOVE_NOTATION {
            MoveNotation::Algebraic => Move::parse_algebraic(text),
            MoveNotation::Usi(shape) => match Move::parse_usi(text, shape)? {
                (_, true) => Err(ParseMoveError::PromotionNeedsPosition {
                    text: text.to_string(),
                }),
                (mv, false) => Ok(mv),
            },
        }
    }

    /// Reads a USI move on a board of `shape` ([`MoveNotation::Usi`]): two squares (`7g7f`, a
    /// step, slide or jump) or three (`7g6f5e`, a two-step move; `7g6f7g`, igui or a pass), then
    /// an optional `+`. Returns the move without its promotion, and whether the text asks for one.
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything else: a square off the board, one or more than three
    /// squares, text after the `+`.
    pub fn parse_usi(text: &str, shape: Shape) -> Result<(Move<K>, bool), ParseMoveError> {
        let bytes = text.as_bytes();
        let mut squares = Vec::new();
        let mut i = 0;
        while i < bytes.len() && bytes[i] != b'+' {
            match Square::parse_usi_prefix(&bytes[i..], shape) {
                Some((sq, n)) => {
                    squares.push(sq);
                    i += n;
                }
                None => {
                    return Err(ParseMoveError::BadSquare {
                        text: text.to_string(),
                        column: i,
                    })
                }
            }
        }
        let promotes = i < bytes.len();
        if promotes && i + 1 != bytes.len() {
            return Err(ParseMoveError::Syntax {
                text: text.to_string(),
                column: i + 1,
            });
        }
        match squares[..] {
            [from, to] => Ok((Move::new(from, to), promotes)),
            [from, mid, to] => Ok((
                Move {
                    via: Via::from_slice(&[mid]).unwrap_or_default(),
                    ..Move::new(from, to)
                },
                promotes,
            )),
            [] | [_] => Err(ParseMoveError::TooFewSquares {
                text: text.to_string(),
            }),
            _ => Err(ParseMoveError::TooLong {
                text: text.to_string(),
            }),
        }
    }

    /// Reads the default text form (`e2e4`, `a7a8m`, `c3e3e5c3`): squares followed by at most one
    /// promotion letter.
    ///
    /// # Errors
    /// [`ParseMoveError`] if the text is not squares followed by at most one letter.
    pub fn parse_algebraic(text: &str) -> Result<Move<K>, ParseMoveError> {
        let bytes = text.as_bytes();
        let mut squares = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match Square::parse_prefix(&bytes[i..]) {
                Some((sq, n)) => {
                    squares.push(sq);
                    i += n;
                }
                None => break,
            }
        }
        let mut promotion = None;
        if i < bytes.len() {
            let rest = &text[i..];
            let mut chars = rest.chars();
            let c = chars.next().unwrap_or(' ');
            if chars.next().is_some() || !c.is_ascii_alphabetic() {
                return Err(ParseMoveError::Syntax {
                    text: text.to_string(),
                    column: i,
                });
            }
            let kind = K::from_symbol(&c.to_ascii_uppercase().to_string()).ok_or_else(|| {
                ParseMoveError::UnknownPromotion {
                    text: text.to_string(),
                    letter: c,
                }
            })?;
            promotion = Some(kind);
        }
        if squares.len() < 2 {
            return Err(ParseMoveError::TooFewSquares {
                text: text.to_string(),
            });
        }
        let via = Via::from_slice(&squares[1..squares.len() - 1]).ok_or_else(|| {
            ParseMoveError::TooLong {
                text: text.to_string(),
            }
        })?;
        Ok(Move {
            from: squares[0],
            via,
            to: squares[squares.len() - 1],
            promotion,
        })
    }
}

impl<K: Kind> fmt::Display for Move<K> {
    /// The move in its game's notation ([`Kind::MOVE_NOTATION`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match K::MOVE_NOTATION {
            MoveNotation::Algebraic => self.write_algebraic(f),
            MoveNotation::Usi(shape) => self.write_usi(f, shape),
        }
    }
}

impl<K: Kind> Move<K> {
    /// Writes the default text form: every square of the path, then the lower-case letter of the
    /// promoted kind (`e2e4`, `a7a8m`, `c3e3e5c3`).
    pub fn write_algebraic(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for sq in self.via.as_slice() {
            write!(f, "{sq}")?;
        }
        write!(f, "{}", self.to)?;
        if let Some(k) = self.promotion {
            write!(f, "{}", k.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl<K: Kind> Move<K> {
    /// Writes USI on a board of `shape` ([`MoveNotation::Usi`]): the squares of the path by their
    /// USI names, then `+` for a promotion (`7g7f`, `7g6f5e`, `8h7g+`).
    pub fn write_usi(&self, f: &mut fmt::Formatter<'_>, shape: Shape) -> fmt::Result {
        f.write_str(&self.from.usi(shape))?;
        for sq in self.via.as_slice() {
            f.write_str(&sq.usi(shape))?;
        }
        f.write_str(&self.to.usi(shape))?;
        if self.promotion.is_some() {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl<K: Kind> Serialize for Move<K> {
    /// A move serializes as its text (`e2e4`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Move text that is not a move in the notation (independent of any position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Unexpected character at `column` (0-based; the message counts from 1).
    Syntax { text: String, column: usize },
    /// Fewer than two squares.
    TooFewSquares { text: String },
    /// More squares than any move can have.
    TooLong { text: String },
    /// The promotion letter is no piece of this game.
    UnknownPromotion { text: String, letter: char },
    /// A square that is not on this game's board, or not a square name of its notation.
    BadSquare { text: String, column: usize },
    /// The text promotes (`+`) but which kind it promotes to depends on the piece that moves:
    /// read it against a position ([`crate::Game::read_move`]).
    PromotionNeedsPosition { text: String },
    /// The text promotes (`+`) a piece that cannot promote, or names no piece.
    CannotPromote { text: String, reason: String },
    /// The text is a legal move written in another notation (SAN `Nf3`, `e2-e4`, `E2E4`):
    /// `written` is the move as the game writes it (`g1f3`).
    OtherNotation {
        text: String,
        notation: &'static str,
        written: String,
    },
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax { text, column } => {
                write!(
                    f,
                    "cannot read move {text:?}: unexpected text at column {}",
                    column + 1
                )
            }
            ParseMoveError::TooFewSquares { text } => {
                write!(
                    f,
                    "cannot read move {text:?}: a move names at least two squares"
                )
            }
            ParseMoveError::TooLong { text } => {
                write!(
                    f,
                    "cannot read move {text:?}: more than {} intermediate squares",
                    MAX_VIA
                )
            }
            ParseMoveError::UnknownPromotion { text, letter } => {
                write!(
                    f,
                    "cannot read move {text:?}: {letter:?} is no piece of this game"
                )
            }
            ParseMoveError::BadSquare { text, column } => {
                write!(
                    f,
                    "cannot read move {text:?}: no square of this board at column {column}"
                )
            }
            ParseMoveError::PromotionNeedsPosition { text } => {
                write!(
                    f,
                    "cannot read move {text:?} without a position: what '+' promotes to depends on the piece"
                )
            }
            ParseMoveError::CannotPromote { text, reason } => {
                write!(f, "cannot read move {text:?}: {reason}")
            }
            ParseMoveError::OtherNotation {
                text,
                notation,
                written,
            } => write!(
                f,
                "{text:?} is written in another notation ({notation}); write the move from square to square: {written}"
            ),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// A syntactically valid move that is not legal in the position at hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move as the user wrote it.
    pub text: String,
    /// The FEN of the position.
    pub fen: String,
    /// Why, in words (e.g. "no piece on e3", "leaves the King in check", "not a move of the Violent Bear").
    pub reason: String,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move {}: {} (position {})",
            self.text, self.reason, self.fen
        )
    }
}

impl std::error::Error for IllegalMoveError {}
