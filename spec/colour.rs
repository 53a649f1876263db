//! The two sides and per-side data.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side. White (the FEN letter `w`) is the player whose pieces start on the low ranks.
///
/// In Chu Shogi the first player, sente, is traditionally called Black; there the spec maps the
/// shogi names onto these two values in its own chapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    pub const fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `+1` for White (forward = up the board), `-1` for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    pub fn fold_wb<T>(self, white: T, black: T) -> T {
        match self {
            Colour::White => white,
            Colour::Black => black,
        }
    }

    /// `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    pub const fn from_char(c: char) -> Option<Colour> {
        match c {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            _ => None,
        }
    }

    /// The rank index that is `n` ranks from this side's own back rank on a board of `ranks` ranks
    /// (`relative_rank(0)` is the own back rank).
    pub const fn relative_rank(self, n: u8, ranks: u8) -> u8 {
        match self {
            Colour::White => n,
            Colour::Black => ranks - 1 - n,
        }
    }
}

impl Not for Colour {
    type Output = Colour;
    fn not(self) -> Colour {
        self.other()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold_wb("White", "Black"))
    }
}

/// One value per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColour<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColour<T> {
    pub fn new_with(mut f: impl FnMut(Colour) -> T) -> ByColour<T> {
        ByColour {
            white: f(Colour::White),
            black: f(Colour::Black),
        }
    }

    /// The same values with the sides exchanged.
    pub fn swapped(self) -> ByColour<T> {
        ByColour {
            white: self.black,
            black: self.white,
        }
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        match c {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        }
    }
}
