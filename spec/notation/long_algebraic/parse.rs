//! Reading the syntax of a long algebraic move (KUMA-8.2): text to [`LanMove`], or a
//! [`ParseLanError`] that names the column.

use super::{CastleSide, LanBody, LanMove, Mark, CAPTURE, DASH};
use crate::{Game, Kind, Square, Via};
use std::fmt;

/// Why a text is not a move in long algebraic notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLanError {
    /// The text that was read.
    pub text: String,
    /// Where the problem was found: 0-based, counted in characters (an en dash is one).
    pub column: usize,
    pub kind: ParseLanErrorKind,
}

/// The kinds of [`ParseLanError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseLanErrorKind {
    /// The text is empty.
    Empty,
    /// A square was expected here.
    ExpectedSquare,
    /// A square name whose rank is malformed (`a0`, `a01`, `b99`).
    BadSquare,
    /// A square that is not on this game's board.
    OffBoard(Square),
    /// A dash (`–`, `-`) or capture mark (`:`, `x`) was expected after a square.
    ExpectedSeparator,
    /// An upper-case letter that is no piece of this game.
    UnknownPiece(char),
    /// Castling text that is neither `0–0` nor `0–0–0` (nor their ASCII forms).
    BadCastling,
    /// More squares than any move can have.
    TooManySquares,
    /// Text after the move and its mark.
    TrailingText,
}

impl fmt::Display for ParseLanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseLanErrorKind::*;
        write!(
            f,
            "cannot read move {:?} at column {}: ",
            self.text, self.column
        )?;
        match &self.kind {
            Empty => write!(f, "no move"),
            ExpectedSquare => write!(f, "expected a square"),
            BadSquare => write!(f, "malformed square name"),
            OffBoard(sq) => write!(f, "{sq} is not on the board"),
            ExpectedSeparator => {
                write!(f, "expected a dash `{DASH}` or a capture mark `{CAPTURE}`")
            }
            UnknownPiece(c) => write!(f, "{c:?} is no piece of this game"),
            BadCastling => write!(f, "castling is written 0{DASH}0 or 0{DASH}0{DASH}0"),
            TooManySquares => write!(f, "too many squares for one move"),
            TrailingText => write!(f, "unexpected text after the move"),
        }
    }
}

impl std::error::Error for ParseLanError {}

fn is_dash(c: char) -> bool {
    c == DASH || c == '-'
}

fn is_capture_mark(c: char) -> bool {
    c == CAPTURE || c == 'x'
}

/// A character cursor that reports columns in characters.
struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn error(&self, column: usize, kind: ParseLanErrorKind) -> ParseLanError {
        ParseLanError {
            text: self.text.to_string(),
            column,
            kind,
        }
    }

    /// A square of `G`'s board: a file letter and a 1- or 2-digit rank.
    fn square<G: Game>(&mut self) -> Result<Square, ParseLanError> {
        let start = self.pos;
        match self.peek() {
            Some(c) if ('a'..='p').contains(&c) => {}
            _ => return Err(self.error(start, ParseLanErrorKind::ExpectedSquare)),
        }
        let mut name = String::new();
        name.extend(self.peek());
        self.pos += 1;
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            name.push(d);
            self.pos += 1;
        }
        if name.len() == 1 {
            return Err(self.error(self.pos, ParseLanErrorKind::ExpectedSquare));
        }
        let sq =
            Square::parse(&name).ok_or_else(|| self.error(start, ParseLanErrorKind::BadSquare))?;
        if !G::SHAPE.contains(sq) {
            return Err(self.error(start, ParseLanErrorKind::OffBoard(sq)));
        }
        Ok(sq)
    }

    /// An upper-case piece letter of `G`, if one is next.
    fn letter<G: Game>(&mut self) -> Result<Option<G::Kind>, ParseLanError> {
        match self.peek() {
            Some(c) if c.is_ascii_uppercase() => {
                let kind = G::Kind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.letter() == c)
                    .ok_or_else(|| self.error(self.pos, ParseLanErrorKind::UnknownPiece(c)))?;
                self.pos += 1;
                Ok(Some(kind))
            }
            _ => Ok(None),
        }
    }

    /// `0–0` or `0–0–0` (or with `O` and `-`), the reader standing on the first `0`/`O`.
    fn castling(&mut self) -> Result<CastleSide, ParseLanError> {
        let start = self.pos;
        let zero = self.peek();
        let mut zeros = 0;
        loop {
            if self.peek() != zero {
                return Err(self.error(self.pos, ParseLanErrorKind::BadCastling));
            }
            self.pos += 1;
            zeros += 1;
            match (self.peek(), self.peek_at(1)) {
                (Some(d), Some(z)) if is_dash(d) && Some(z) == zero => self.pos += 1,
                _ => break,
            }
        }
        match zeros {
            2 => Ok(CastleSide::Short),
            3 => Ok(CastleSide::Long),
            _ => Err(self.error(start, ParseLanErrorKind::BadCastling)),
        }
    }
}

/// Reads a move of game `G` in long algebraic notation (syntax only; see [`resolve`](super::resolve)).
///
/// # Errors
/// [`ParseLanError`] naming the first column that does not fit the notation.
///
/// ```
/// use fairyspec::notation::long_algebraic::{self, ParseLanErrorKind};
/// use fairyspec::kuma::Kuma;
///
/// let err = long_algebraic::parse::<Kuma>("Bb1–z2").unwrap_err();
/// assert_eq!((err.column, err.kind), (4, ParseLanErrorKind::ExpectedSquare));
/// let err = long_algebraic::parse::<Kuma>("Qd1–d2").unwrap_err();
/// assert_eq!(err.kind, ParseLanErrorKind::UnknownPiece('Q'));
/// ```
pub fn parse<G: Game>(text: &str) -> Result<LanMove<G::Kind>, ParseLanError> {
    let mut r = Reader {
        text,
        chars: text.chars().collect(),
        pos: 0,
    };
    let body = match (r.peek(), r.peek_at(1)) {
        (None, _) => return Err(r.error(0, ParseLanErrorKind::Empty)),
        (Some('0'), _) => LanBody::Castle(r.castling()?),
        (Some('O'), Some(d)) if is_dash(d) => LanBody::Castle(r.castling()?),
        _ => {
            let letter = r.letter::<G>()?;
            let mut squares = vec![r.square::<G>()?];
            let mut capture = false;
            loop {
                match r.peek() {
                    Some(c) if is_dash(c) || is_capture_mark(c) => {
                        capture |= is_capture_mark(c);
                        r.pos += 1;
                        squares.push(r.square::<G>()?);
                    }
                    _ if squares.len() < 2 => {
                        return Err(r.error(r.pos, ParseLanErrorKind::ExpectedSeparator))
                    }
                    _ => break,
                }
            }
            let promotion = r.letter::<G>()?;
            let (from, rest) = (squares[0], &squares[1..]);
            let (to, between) = match rest.split_last() {
                Some((&to, between)) => (to, between),
                None => return Err(r.error(r.pos, ParseLanErrorKind::ExpectedSeparator)),
            };
            let via = Via::from_slice(between)
                .ok_or_else(|| r.error(0, ParseLanErrorKind::TooManySquares))?;
            LanBody::Piece {
                letter,
                from,
                via,
                to,
                capture,
                promotion,
            }
        }
    };
    let mut mark = Mark::None;
    if let Some(m) = r.peek().and_then(Mark::from_char) {
        mark = m;
        r.pos += 1;
    }
    if r.peek().is_some() {
        return Err(r.error(r.pos, ParseLanErrorKind::TrailingText));
    }
    Ok(LanMove { body, mark })
}
