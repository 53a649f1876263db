//! Board geometry: the [`Shape`] of a board (files × ranks, 7×7 up to 16×16), its [`Square`]s and
//! the [`Offset`]s between them.
//!
//! A square is named by file letter and rank number, `a1` being the lower-left corner seen from
//! White (the first player). Ranks above 9 take two digits (`a10`, `l12`). Nothing here assumes 8×8.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The size of a board: `files` columns (a, b, …) by `ranks` rows (1, 2, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
}

impl Shape {
    /// Largest supported width and height.
    pub const MAX: u8 = 16;

    pub const fn new(files: u8, ranks: u8) -> Shape {
        Shape { files, ranks }
    }

    /// Number of squares.
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file < self.files && sq.rank < self.ranks
    }

    /// The mailbox index of a square: `rank * files + file` (a1 = 0, b1 = 1, …).
    ///
    /// # Panics
    /// Debug builds panic if the square is off the board.
    pub fn index(self, sq: Square) -> usize {
        debug_assert!(self.contains(sq), "{sq} is not on a {self} board");
        sq.rank as usize * self.files as usize + sq.file as usize
    }

    /// The square with mailbox index `index`, if it is on the board.
    pub fn square(self, index: usize) -> Option<Square> {
        if index < self.len() {
            Some(Square::new(
                (index % self.files as usize) as u8,
                (index / self.files as usize) as u8,
            ))
        } else {
            None
        }
    }

    /// Every square, in mailbox order (a1, b1, …, a2, …).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Square::new(f, r)))
    }

    /// The square reached from `sq` by `offset`, if it is on the board.
    pub fn offset(self, sq: Square, offset: Offset) -> Option<Square> {
        let f = sq.file as i16 + offset.file as i16;
        let r = sq.rank as i16 + offset.rank as i16;
        if f >= 0 && r >= 0 && f < self.files as i16 && r < self.ranks as i16 {
            Some(Square::new(f as u8, r as u8))
        } else {
            None
        }
    }

    /// The last rank index (`ranks - 1`).
    pub const fn last_rank(self) -> u8 {
        self.ranks - 1
    }

    /// The index of `colour`'s last rank, the one farthest from it (`ranks - 1` for White, 0
    /// for Black).
    pub const fn last_rank_of(self, colour: crate::Colour) -> u8 {
        colour.relative_rank(self.last_rank(), self.ranks)
    }

    /// The square seen from the other side of the board (rotated 180°).
    pub const fn rotate(self, sq: Square) -> Square {
        Square::new(self.files - 1 - sq.file, self.ranks - 1 - sq.rank)
    }

    /// The square with its rank flipped (mirror across the middle rank).
    pub const fn flip_rank(self, sq: Square) -> Square {
        Square::new(sq.file, self.ranks - 1 - sq.rank)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.files, self.ranks)
    }
}

/// A square, as zero-based file and rank (`a1` = file 0, rank 0).
///
/// Squares order by rank, then file (a1 < b1 < … < a2), which is mailbox order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Field order gives the derived Ord: rank first.
    rank: u8,
    file: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { rank, file }
    }

    pub const fn file(self) -> u8 {
        self.file
    }

    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The file letter, `a` for file 0.
    pub fn file_char(self) -> char {
        (b'a' + self.file) as char
    }

    /// Parses a square name such as `e4` or `l12` at the start of `text`; returns the square and
    /// the number of bytes read. Rank numbers are 1-based and have no leading zero.
    pub fn parse_prefix(text: &[u8]) -> Option<(Square, usize)> {
        let &f = text.first()?;
        if !f.is_ascii_lowercase() || f - b'a' >= Shape::MAX {
            return None;
        }
        let digits = text[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || text[1] == b'0' {
            return None;
        }
        let mut rank: u32 = 0;
        for &d in &text[1..1 + digits] {
            rank = rank * 10 + (d - b'0') as u32;
        }
        if rank == 0 || rank > Shape::MAX as u32 {
            return None;
        }
        Some((Square::new(f - b'a', (rank - 1) as u8), 1 + digits))
    }

    /// Parses a whole square name (`e4`).
    pub fn parse(text: &str) -> Option<Square> {
        match Square::parse_prefix(text.as_bytes()) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }
}

/// USI square names (shogi, Chu Shogi): the file as a number counted from the right-hand edge
/// as the first player sees the board (`12` … `1` on a 12-file board), the rank as a letter
/// counted from the top (`a` is the highest rank). On a 12×12 board `12l` is the lower-left corner
/// (file 0, rank 0), `1a` the upper-right one. A [`Square`] stays `file`/`rank` from the lower
/// left; these functions only name it.
impl Square {
    /// The USI name of the square on a board of `shape` (`7g`, `12l`).
    pub fn usi(self, shape: Shape) -> String {
        let file = shape.files as u32 - self.file as u32;
        let rank = (b'a' + (shape.ranks - 1 - self.rank)) as char;
        format!("{file}{rank}")
    }

    /// Parses a USI square name at the start of `text` for a board of `shape`; returns the
    /// square and the number of bytes read. The file number has one or two digits and no
    /// leading zero; both coordinates must lie on the board.
    pub fn parse_usi_prefix(text: &[u8], shape: Shape) -> Option<(Square, usize)> {
        let digits = text.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || text[0] == b'0' {
            return None;
        }
        let mut file: u32 = 0;
        for &d in &text[..digits] {
            file = file * 10 + (d - b'0') as u32;
        }
        let &letter = text.get(digits)?;
        if file == 0 || file > shape.files as u32 || !letter.is_ascii_lowercase() {
            return None;
        }
        let from_top = letter - b'a';
        if from_top >= shape.ranks {
            return None;
        }
        Some((
            Square::new(shape.files - file as u8, shape.ranks - 1 - from_top),
            digits + 1,
        ))
    }

    /// Parses a whole USI square name (`7g`) for a board of `shape`.
    pub fn parse_usi(text: &str, shape: Shape) -> Option<Square> {
        match Square::parse_usi_prefix(text.as_bytes(), shape) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank as u32 + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Square::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a square name: {text:?}")))
    }
}

/// A displacement in board coordinates: `file` to the right, `rank` upwards, both as seen from
/// White. Owner-relative directions are made with [`crate::Colour::forward`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offset {
    pub file: i8,
    pub rank: i8,
}

impl Offset {
    pub const fn new(file: i8, rank: i8) -> Offset {
        Offset { file, rank }
    }

    /// This offset as seen by the owner of a piece: Black's "forward" is White's "down".
    pub const fn for_colour(self, colour: crate::Colour) -> Offset {
        match colour {
            crate::Colour::White => self,
            crate::Colour::Black => Offset::new(self.file, -self.rank),
        }
    }

    /// The offset `n` times as long.
    pub const fn times(self, n: i8) -> Offset {
        Offset::new(self.file * n, self.rank * n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let shape = Shape::new(12, 12);
        for sq in shape.squares() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("l12"), Some(Square::new(11, 11)));
        for bad in ["", "a", "a0", "a01", "A1", "a123", "q1", "a17", "1a", "e4x"] {
            assert_eq!(Square::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn usi_square_names() {
        let shape = Shape::new(12, 12);
        // The corners: 12l is Black's (sente's) lower-left, 1a the upper-right.
        assert_eq!(Square::parse_usi("12l", shape), Some(Square::new(0, 0)));
        assert_eq!(Square::parse_usi("1a", shape), Some(Square::new(11, 11)));
        // 7g: file 7 from the right is index 5; rank g is the 7th from the top, index 5.
        assert_eq!(Square::parse_usi("7g", shape), Some(Square::new(5, 5)));
        for sq in shape.squares() {
            assert_eq!(Square::parse_usi(&sq.usi(shape), shape), Some(sq));
        }
        for bad in ["", "7", "g", "0a", "07g", "13a", "1m", "7G", "7g1", "123a"] {
            assert_eq!(Square::parse_usi(bad, shape), None, "{bad:?}");
        }
    }

    #[test]
    fn mailbox_index_is_rank_major() {
        let shape = Shape::new(9, 8);
        let sqs: Vec<_> = shape.squares().collect();
        assert_eq!(sqs.len(), 72);
        for (i, &sq) in sqs.iter().enumerate() {
            assert_eq!(shape.index(sq), i);
            assert_eq!(shape.square(i), Some(sq));
        }
        assert_eq!(shape.square(72), None);
        assert!(sqs.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn offsets_stay_on_board() {
        let shape = Shape::new(7, 7);
        let a1 = Square::new(0, 0);
        assert_eq!(shape.offset(a1, Offset::new(-1, 0)), None);
        assert_eq!(shape.offset(a1, Offset::new(6, 6)), Some(Square::new(6, 6)));
        assert_eq!(shape.offset(a1, Offset::new(7, 0)), None);
        assert_eq!(
            Offset::new(1, 2).for_colour(crate::Colour::Black),
            Offset::new(1, -2)
        );
    }
}
