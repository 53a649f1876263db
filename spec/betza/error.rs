//! Betza text that cannot be read: the column and what was wrong there.

use super::MAX_RANGE;
use std::fmt;

/// Betza text that cannot be read.
///
/// `column` is the 0-based byte offset in the input where the problem was found (the end of the
/// text if it ended too early), as in [`crate::fen::ParseFenError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    column: usize,
    kind: BetzaErrorKind,
}

impl BetzaError {
    pub(super) fn new(column: usize, kind: BetzaErrorKind) -> BetzaError {
        BetzaError { column, kind }
    }

    /// The 0-based byte offset of the problem.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    pub fn kind(&self) -> &BetzaErrorKind {
        &self.kind
    }
}

/// What is wrong with a Betza string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetzaErrorKind {
    /// A character (or the end of the text, `found: None`) where something else was expected.
    Unexpected {
        found: Option<char>,
        expected: Expected,
    },
    /// A range that is `0`, has a leading zero or exceeds [`MAX_RANGE`].
    BadRange { text: String },
    /// A second `m` or `c` in one prefix.
    TwoModalities,
    /// A direction letter that could either narrow the letters before it or add to them
    /// (`sfF`: the forward diagonals, or all four?).
    AmbiguousDirection { letter: char },
    /// A direction letter whose moves are already selected by other letters (`ffW`, `fsF`).
    RedundantDirection { letter: char },
}

/// What the parser was looking for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The start of a part: a prefix letter (`f b l r v s m c`) or an atom.
    Part,
    /// More prefix letters or the atom that ends the prefix.
    Atom,
    /// After an atom: its range, `+`, the next part, or the end of the text.
    AfterAtom,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Part => {
                "a direction (f b l r v s), m, c or an atom (W F D N A H C Z G R B Q K)"
            }
            Expected::Atom => {
                "an atom (W F D N A H C Z G R B Q K) or another prefix letter (f b l r v s m c)"
            }
            Expected::AfterAtom => "a range (1-15), '+', the next part or the end",
        })
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = self.column;
        match &self.kind {
            BetzaErrorKind::Unexpected {
                found: Some(c),
                expected,
            } => write!(f, "unexpected {c:?} at column {column}: expected {expected}"),
            BetzaErrorKind::Unexpected {
                found: None,
                expected,
            } => write!(f, "Betza text ends at column {column}: expected {expected}"),
            BetzaErrorKind::BadRange { text } => write!(
                f,
                "range {text:?} at column {column} is not a number from 1 to {MAX_RANGE}"
            ),
            BetzaErrorKind::TwoModalities => {
                write!(f, "second m/c at column {column}: one part is m, c or neither")
            }
            BetzaErrorKind::AmbiguousDirection { letter } => write!(
                f,
                "direction {letter:?} at column {column} is ambiguous: it may narrow or widen the letters before it"
            ),
            BetzaErrorKind::RedundantDirection { letter } => write!(
                f,
                "direction {letter:?} at column {column} is redundant with another direction of the same part"
            ),
        }
    }
}

impl std::error::Error for BetzaError {}
