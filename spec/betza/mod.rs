//! # Betza notation: piece moves as text
//!
//! Ralph Betza's *funny notation* describes how a fairy piece moves with a few letters. The
//! sources' pages and SPEC.md give every piece in this form (Kuma's Great Bear is `fR+sbW+fB`);
//! this module reads those strings ([`parse()`]), draws the squares they reach on a board
//! ([`expand()`]), and reads the 3×3 move pictures of Derzhanski's Kuma Chess page ([`diagram`]).
//! The tests hold each game's reference generator to these descriptions; no generator uses this
//! module.
//!
//! ## Atoms: the basic moves
//!
//! An **atom** is an upper-case letter naming a leap by its (file, rank) displacement, taken in
//! all its symmetric directions:
//!
//! | atom | leap | name | moves |
//! |---|---|---|---|
//! | `W` | (1, 0) | Wazir | 4 orthogonal steps |
//! | `F` | (1, 1) | Ferz | 4 diagonal steps |
//! | `D` | (2, 0) | Dabbaba | 4 orthogonal jumps of two |
//! | `N` | (2, 1) | Knight | 8 |
//! | `A` | (2, 2) | Alfil | 4 diagonal jumps of two |
//! | `H` | (3, 0) | Threeleaper | 4 |
//! | `C` | (3, 1) | Camel | 8 |
//! | `Z` | (3, 2) | Zebra | 8 |
//! | `G` | (3, 3) | Tripper | 4 |
//! | `R` | `W` repeated | Rook | slides orthogonally |
//! | `B` | `F` repeated | Bishop | slides diagonally |
//! | `Q` | `RB` | Queen | slides in 8 directions |
//! | `K` | `WF` | King | 8 steps |
//!
//! A leap jumps: nothing on the squares it passes matters. A **slide** (rider) repeats its leap
//! square by square in one direction and stops at the first occupied square.
//!
//! ## Range: a trailing number
//!
//! A number after the atom limits (or sets) how often the leap repeats: `W2` moves up to two
//! squares orthogonally, `R3` is a Rook that goes at most three squares. Such a
//! **range-limited slide** is blockable: each square before the last must be empty (KUMA-3.13).
//! An atom written twice is its unlimited rider: `WW` is `R`, `NN` the Nightrider (a rider
//! written twice, `RR`, is just two equal parts). Ranges go from 1 to 15 (the longest slide on a
//! 16×16 board); `W0`, `W02` and `W16` are errors.
//!
//! ## Directions: lower-case prefixes
//!
//! Lower-case letters before an atom keep only some of its directions, seen from the piece's
//! owner (Black's forward is down the board, its left towards the h-file):
//!
//! - `f` forward, `b` backward, `l` left, `r` right;
//! - `v` vertical and `s` sideways. For orthogonal atoms (`W`, `R`, `D`, `H`) `v` = `f`+`b` and
//!   `s` = `l`+`r`; for diagonal atoms (`F`, `B`, `A`, `G`) both mean all four directions; for
//!   oblique leapers (`N`, `C`, `Z`) `v` keeps the four *narrow* moves (more rank than file
//!   change: the Knight's (±1, ±2)) and `s` the four *wide* ones ((±2, ±1)).
//!
//! Letters combine in two ways, read left to right:
//!
//! - Letters that select **disjoint** sets add up: `fsW` is forward or sideways, `fbR` slides
//!   forward and backward, `sbW` steps sideways or back.
//! - A letter that **overlaps** the previous one narrows it: `flF` is the single forward-left
//!   diagonal, `fsN` the two forward Knight moves that are wide ((±2, +1)), `vC` the four narrow
//!   Camel moves. On an oblique leaper a doubled letter keeps the narrow moves of that side:
//!   `ffN` is the shogi Knight ((±1, +2)), `llN` the two moves going two files left.
//!
//! Anything else is ambiguous or redundant and is rejected: `fsF` (is it both forward diagonals
//! or all four?), `ffW`, `sfF`. The prefix applies to each half of `K` and `Q` as if written on
//! each (`fK` = `fWfF`, three forward steps).
//!
//! ## Modality: move or capture only
//!
//! `m` before an atom: the move may not capture; `c`: it must capture. Without either the move
//! does both. The FIDE Pawn is `mfW` + `cfF` (its double step and en passant are rules of their
//! own).
//!
//! ## Parts
//!
//! A piece is a sequence of parts, each `prefix atom range`, written one after the other (`NC`,
//! `fRsW2bWfB`) or with `+` between them as Derzhanski's Kuma Chess page does (`fR+sW2+bW+fB`).
//! Both read the same; [`Betza`]'s `Display` writes the `+` form.
//!
//! ## Moves on a board
//!
//! A step or leap lands on an empty square (unless `c`) or an enemy piece (unless `m`); a slide
//! goes square by square, stops at the first occupied square, which it may capture if it holds an
//! enemy and the part is not `m`. No move ends on a piece of the mover's own colour.
//!
//! # Examples
//!
//! ```
//! use fairyspec::betza::{self, Atom, Modality, Range};
//!
//! let great_bear = betza::parse("fR+sbW+fB")?;
//! assert_eq!(great_bear.parts().len(), 3);
//! assert_eq!(great_bear.parts()[0].atom(), Atom::R);
//! assert_eq!(great_bear.parts()[0].range(), Range::Unlimited);
//! assert_eq!(great_bear.to_string(), "fR+sbW+fB");
//!
//! // Plain concatenation reads the same.
//! assert_eq!(betza::parse("fRsbWfB")?, great_bear);
//!
//! let pawn = betza::parse("mfW+cfF")?;
//! assert_eq!(pawn.parts()[1].modality(), Modality::CaptureOnly);
//!
//! // Unknown letters are errors, never skipped.
//! let err = betza::parse("fX").unwrap_err();
//! assert_eq!(err.column(), 1);
//! # Ok::<(), fairyspec::betza::BetzaError>(())
//! ```

pub mod diagram;
mod error;
pub mod expand;
pub mod parse;

pub use diagram::{Diagram, DiagramError};
pub use expand::{expand, expand_on, owner_relative};
pub use parse::{parse, BetzaError, BetzaErrorKind, Expected};

use crate::Offset;
use std::fmt;

/// An atom: the basic leap (or ride) a part is built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// Wazir, (1, 0).
    W,
    /// Ferz, (1, 1).
    F,
    /// Dabbaba, (2, 0).
    D,
    /// Knight, (2, 1).
    N,
    /// Alfil, (2, 2).
    A,
    /// Threeleaper, (3, 0).
    H,
    /// Camel, (3, 1).
    C,
    /// Zebra, (3, 2).
    Z,
    /// Tripper, (3, 3).
    G,
    /// Rook: the Wazir's step repeated.
    R,
    /// Bishop: the Ferz's step repeated.
    B,
    /// Queen: Rook and Bishop.
    Q,
    /// King: Wazir and Ferz.
    K,
}

impl Atom {
    /// Every atom.
    pub const ALL: [Atom; 13] = [
        Atom::W,
        Atom::F,
        Atom::D,
        Atom::N,
        Atom::A,
        Atom::H,
        Atom::C,
        Atom::Z,
        Atom::G,
        Atom::R,
        Atom::B,
        Atom::Q,
        Atom::K,
    ];

    /// The letter of the atom.
    pub const fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::G => 'G',
            Atom::R => 'R',
            Atom::B => 'B',
            Atom::Q => 'Q',
            Atom::K => 'K',
        }
    }

    /// The atom written `letter`.
    pub fn from_letter(letter: char) -> Option<Atom> {
        Atom::ALL.into_iter().find(|a| a.letter() == letter)
    }

    /// The leaps the atom is made of, as (long, short) displacement with `long ≥ short ≥ 0`:
    /// one for a simple atom, two for `K` (W, F) and `Q` (R, B). Riders give their single step.
    pub const fn leaps(self) -> &'static [(i8, i8)] {
        match self {
            Atom::W | Atom::R => &[(1, 0)],
            Atom::F | Atom::B => &[(1, 1)],
            Atom::D => &[(2, 0)],
            Atom::N => &[(2, 1)],
            Atom::A => &[(2, 2)],
            Atom::H => &[(3, 0)],
            Atom::C => &[(3, 1)],
            Atom::Z => &[(3, 2)],
            Atom::G => &[(3, 3)],
            Atom::K | Atom::Q => &[(1, 0), (1, 1)],
        }
    }

    /// Whether the atom slides without limit when written alone (`R`, `B`, `Q`).
    pub const fn is_rider(self) -> bool {
        matches!(self, Atom::R | Atom::B | Atom::Q)
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A direction letter of a prefix, owner-relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// `f`: towards the enemy.
    Forward,
    /// `b`: towards the own back rank.
    Backward,
    /// `l`: to the owner's left.
    Left,
    /// `r`: to the owner's right.
    Right,
    /// `v`: along the file (orthogonal atoms), narrow moves (oblique leapers).
    Vertical,
    /// `s`: along the rank (orthogonal atoms), wide moves (oblique leapers).
    Sideways,
}

impl Direction {
    /// The letter of the direction.
    pub const fn letter(self) -> char {
        match self {
            Direction::Forward => 'f',
            Direction::Backward => 'b',
            Direction::Left => 'l',
            Direction::Right => 'r',
            Direction::Vertical => 'v',
            Direction::Sideways => 's',
        }
    }

    /// The direction written `letter`.
    pub const fn from_letter(letter: char) -> Option<Direction> {
        match letter {
            'f' => Some(Direction::Forward),
            'b' => Some(Direction::Backward),
            'l' => Some(Direction::Left),
            'r' => Some(Direction::Right),
            'v' => Some(Direction::Vertical),
            's' => Some(Direction::Sideways),
            _ => None,
        }
    }

    /// Whether a leap `(file, rank)` (owner-relative: `rank > 0` is forward, `file > 0` is to
    /// the owner's right) goes in this direction.
    pub const fn contains(self, file: i8, rank: i8) -> bool {
        let (x, y) = (file.unsigned_abs(), rank.unsigned_abs());
        match self {
            Direction::Forward => rank > 0,
            Direction::Backward => rank < 0,
            Direction::Left => file < 0,
            Direction::Right => file > 0,
            // Orthogonal: the file moves; diagonal: all four; oblique: the narrow four.
            Direction::Vertical => y != 0 && y >= x,
            // Orthogonal: the rank moves; diagonal: all four; oblique: the wide four.
            Direction::Sideways => x != 0 && x >= y,
        }
    }
}

/// Whether a part moves, captures, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Modality {
    /// No prefix: moves to an empty square or captures.
    #[default]
    Both,
    /// `m`: moves to an empty square only.
    MoveOnly,
    /// `c`: captures only.
    CaptureOnly,
}

impl Modality {
    /// Whether the part may end on an empty square.
    pub const fn may_move(self) -> bool {
        !matches!(self, Modality::CaptureOnly)
    }

    /// Whether the part may end on an enemy piece.
    pub const fn may_capture(self) -> bool {
        !matches!(self, Modality::MoveOnly)
    }
}

/// The largest range a part may give: a slide on the largest board ([`crate::Shape::MAX`])
/// makes at most 15 steps.
pub const MAX_RANGE: u8 = crate::Shape::MAX - 1;

/// How often a part's leap may repeat in one direction.
///
/// Ordered by reach: `Limited(1) < Limited(2) < … < Unlimited`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Range {
    /// At most this many leaps (at least 1); every square before the last must be empty.
    Limited(u8),
    /// As far as the board and the first occupied square allow.
    Unlimited,
}

impl Range {
    /// Whether `n` leaps in a row are within the range.
    pub const fn allows(self, n: u32) -> bool {
        match self {
            Range::Limited(max) => n <= max as u32,
            Range::Unlimited => true,
        }
    }
}

/// One part of a Betza string: `prefix atom range`, e.g. `sW2` or `cfF`.
///
/// Made only by [`parse()`], which has checked that the prefix is well defined for the atom; the
/// selected leaps are computed then ([`Part::leaps`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    pub(crate) modality: Modality,
    pub(crate) directions: Vec<Direction>,
    pub(crate) atom: Atom,
    pub(crate) range: Range,
    pub(crate) doubled: bool,
    pub(crate) leaps: Vec<Offset>,
}

impl Part {
    /// The `m`/`c` prefix.
    pub fn modality(&self) -> Modality {
        self.modality
    }

    /// The direction letters as written, in order (`m` and `c` left out).
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// The atom.
    pub fn atom(&self) -> Atom {
        self.atom
    }

    /// How far the leap repeats: 1 for a plain leaper, [`Range::Unlimited`] for a rider or a
    /// doubled atom, the number when one is written.
    pub fn range(&self) -> Range {
        self.range
    }

    /// The leaps the prefix selects, owner-relative (`rank > 0` is forward, `file > 0` to the
    /// owner's right; [`expand::owner_relative`] turns them into board offsets), sorted.
    ///
    /// ```
    /// use fairyspec::{betza, Offset};
    ///
    /// let shogi_knight = betza::parse("ffN")?;
    /// assert_eq!(shogi_knight.parts()[0].leaps(), [Offset::new(-1, 2), Offset::new(1, 2)]);
    /// # Ok::<(), betza::BetzaError>(())
    /// ```
    pub fn leaps(&self) -> &[Offset] {
        &self.leaps
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.modality {
            Modality::Both => {}
            Modality::MoveOnly => f.write_str("m")?,
            Modality::CaptureOnly => f.write_str("c")?,
        }
        for d in &self.directions {
            write!(f, "{}", d.letter())?;
        }
        write!(f, "{}", self.atom)?;
        if self.doubled {
            write!(f, "{}", self.atom)?;
        } else {
            match (self.range, self.atom.is_rider()) {
                (Range::Limited(1), false) | (Range::Unlimited, true) => {}
                (Range::Limited(n), _) => write!(f, "{n}")?,
                // Not produced by the parser (an unlimited leaper is written doubled).
                (Range::Unlimited, false) => write!(f, "{}", self.atom)?,
            }
        }
        Ok(())
    }
}

/// A parsed Betza string: a non-empty list of [`Part`]s whose moves add up.
///
/// `Display` writes the parts joined by `+`, the way Derzhanski's Kuma Chess page prints them;
/// parsing that text gives the same value back.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Betza {
    pub(crate) parts: Vec<Part>,
}

impl Betza {
    /// The parts, in the order written.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Betza {
    type Err = BetzaError;

    fn from_str(text: &str) -> Result<Betza, BetzaError> {
        parse(text)
    }
}
