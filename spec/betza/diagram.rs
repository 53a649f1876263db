//! The 3×3 move diagrams of Derzhanski's *Kuma Chess* page: a second, independent description of a
//! piece.
//!
//! The page draws each piece as three rows of three cells, the top row on the owner's
//! forward side, the centre cell the piece itself:
//!
//! | cell | meaning |
//! |---|---|
//! | `1` … `9` | the piece moves up to that many squares in that direction (blockable) |
//! | `†` | it slides without limit in that direction |
//! | `◦` | it does not move in that direction |
//! | `☼` | the piece (the centre, and only the centre) |
//!
//! Rows and columns are the owner's: for Black the top row points down the board and the left
//! column towards the h-file. A diagram is a map from each of the eight directions to a [`Range`];
//! directions it does not move in are absent. Every move both moves and captures.
//!
//! # Examples
//!
//! The Upright Bear: slides forward, one step back, up to two squares sideways.
//!
//! ```
//! use fairyspec::betza::{self, diagram, Diagram, Range};
//! use fairyspec::Offset;
//!
//! let upright = diagram::parse(["◦†◦", "2☼2", "◦1◦"])?;
//! assert_eq!(upright.range(Offset::new(0, 1)), Some(Range::Unlimited));
//! assert_eq!(upright.range(Offset::new(-1, 0)), Some(Range::Limited(2)));
//! assert_eq!(upright.range(Offset::new(1, 1)), None);
//!
//! // The same piece in Betza.
//! let betza = betza::parse("fR+bW+sW2").unwrap();
//! assert_eq!(Diagram::from_betza(&betza).as_ref(), Ok(&upright));
//! # Ok::<(), diagram::DiagramError>(())
//! ```

use super::expand::slide;
use super::{Betza, Modality, Range};
use crate::{Colour, Offset, Shape, Square};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A parsed 3×3 diagram: direction (a unit [`Offset`], owner-relative, `rank > 0` forward,
/// `file > 0` to the owner's right) → how far the piece moves that way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Diagram {
    ranges: BTreeMap<Offset, Range>,
}

/// A diagram that cannot be read. `row` counts from the top (the owner's forward side), `column`
/// from the left, both 0-based and counting characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    pub row: usize,
    pub column: usize,
    pub kind: DiagramErrorKind,
}

/// What is wrong with a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramErrorKind {
    /// A row has `found` cells instead of 3 (`column` is where the fourth cell, or the end of
    /// the short row, is).
    RowLength { found: usize },
    /// A cell that is no digit 1–9, `†`, `◦` or `☼`.
    UnknownCell { found: char },
    /// The centre cell is not `☼`.
    MissingPiece { found: char },
    /// `☼` outside the centre.
    PieceOffCentre,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, column) = (self.row, self.column);
        match &self.kind {
            DiagramErrorKind::RowLength { found } => {
                write!(f, "diagram row {row} has {found} cells, expected 3")
            }
            DiagramErrorKind::UnknownCell { found } => write!(
                f,
                "cell {found:?} at row {row}, column {column}: expected a digit 1-9, '†' or '◦'"
            ),
            DiagramErrorKind::MissingPiece { found } => {
                write!(f, "the centre cell is {found:?}, expected '☼'")
            }
            DiagramErrorKind::PieceOffCentre => {
                write!(
                    f,
                    "'☼' at row {row}, column {column}: the piece belongs in the centre"
                )
            }
        }
    }
}

impl std::error::Error for DiagramError {}

/// Why a Betza string has no diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UndrawableError {
    /// The part (as text) leaps further than one square per step.
    Leaper { part: String },
    /// The part only moves or only captures; a diagram cannot say so.
    Modality { part: String },
}

impl fmt::Display for UndrawableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndrawableError::Leaper { part } => {
                write!(f, "{part}: a 3×3 diagram only shows steps and slides")
            }
            UndrawableError::Modality { part } => {
                write!(
                    f,
                    "{part}: a diagram cannot show move-only or capture-only moves"
                )
            }
        }
    }
}

impl std::error::Error for UndrawableError {}

/// Reads a diagram given as its three rows, forward row first.
///
/// # Errors
///
/// A [`DiagramError`] naming the row and column of the first bad cell.
///
/// ```
/// use fairyspec::betza::diagram::{self, DiagramErrorKind};
///
/// let err = diagram::parse(["111", "1☼1", "1x1"]).unwrap_err();
/// assert_eq!((err.row, err.column), (2, 1));
/// assert_eq!(err.kind, DiagramErrorKind::UnknownCell { found: 'x' });
/// ```
pub fn parse(rows: [&str; 3]) -> Result<Diagram, DiagramError> {
    let mut ranges = BTreeMap::new();
    for (row, text) in rows.iter().enumerate() {
        let cells: Vec<char> = text.chars().collect();
        if cells.len() != 3 {
            return Err(DiagramError {
                row,
                column: cells.len().min(3),
                kind: DiagramErrorKind::RowLength { found: cells.len() },
            });
        }
        for (column, &cell) in cells.iter().enumerate() {
            let centre = row == 1 && column == 1;
            let error = |kind| DiagramError { row, column, kind };
            let range = match cell {
                '☼' if centre => None,
                '☼' => return Err(error(DiagramErrorKind::PieceOffCentre)),
                _ if centre => return Err(error(DiagramErrorKind::MissingPiece { found: cell })),
                '◦' => None,
                '†' => Some(Range::Unlimited),
                '1'..='9' => Some(Range::Limited(cell as u8 - b'0')),
                _ => return Err(error(DiagramErrorKind::UnknownCell { found: cell })),
            };
            if let Some(range) = range {
                let direction = Offset::new(column as i8 - 1, 1 - row as i8);
                ranges.insert(direction, range);
            }
        }
    }
    Ok(Diagram { ranges })
}

impl Diagram {
    /// Reads a diagram; see [`parse`].
    pub fn parse(rows: [&str; 3]) -> Result<Diagram, DiagramError> {
        parse(rows)
    }

    /// The direction → range map.
    pub fn ranges(&self) -> &BTreeMap<Offset, Range> {
        &self.ranges
    }

    /// How far the piece moves in the unit direction `direction`; `None` if not at all.
    pub fn range(&self, direction: Offset) -> Option<Range> {
        self.ranges.get(&direction).copied()
    }

    /// The diagram of a Betza piece made of steps and slides (`W`, `F`, `R`, `B`, `K`, `Q`,
    /// with ranges) that move and capture alike. Where two parts go the same way, the longer
    /// reach wins (`W` and `W2` together are `W2`).
    ///
    /// # Errors
    ///
    /// [`UndrawableError`] for a leaper part (`N`, `D`, …) or an `m`/`c` part.
    pub fn from_betza(betza: &Betza) -> Result<Diagram, UndrawableError> {
        let mut ranges: BTreeMap<Offset, Range> = BTreeMap::new();
        for part in betza.parts() {
            if part.modality() != Modality::Both {
                return Err(UndrawableError::Modality {
                    part: part.to_string(),
                });
            }
            for &leap in part.leaps() {
                if leap.file.abs() > 1 || leap.rank.abs() > 1 {
                    return Err(UndrawableError::Leaper {
                        part: part.to_string(),
                    });
                }
                let reach = ranges.entry(leap).or_insert(part.range());
                *reach = (*reach).max(part.range());
            }
        }
        Ok(Diagram { ranges })
    }

    /// The three rows, forward row first, in the page's characters.
    pub fn rows(&self) -> [String; 3] {
        let mut rows: [String; 3] = Default::default();
        for (row, text) in rows.iter_mut().enumerate() {
            for column in 0..3 {
                let direction = Offset::new(column as i8 - 1, 1 - row as i8);
                text.push(match self.range(direction) {
                    _ if row == 1 && column == 1 => '☼',
                    None => '◦',
                    Some(Range::Unlimited) => '†',
                    Some(Range::Limited(n)) => char::from_digit(n.into(), 10).unwrap_or('?'),
                });
            }
        }
        rows
    }

    /// The squares the piece of `colour` on `from` reaches, with the rules of
    /// [`super::expand()`]: each direction a blockable slide of its range.
    pub fn expand(
        &self,
        shape: Shape,
        colour: Colour,
        from: Square,
        occupant: impl Fn(Square) -> Option<Colour>,
    ) -> BTreeSet<Square> {
        let mut targets = BTreeSet::new();
        if !shape.contains(from) {
            return targets;
        }
        for (&direction, &range) in &self.ranges {
            slide(
                shape,
                colour,
                from,
                direction,
                range,
                Modality::Both,
                &occupant,
                &mut targets,
            );
        }
        targets
    }
}

/// `111/1☼1/111`: the rows joined by `/`.
impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.rows();
        write!(f, "{a}/{b}/{c}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza;
    use crate::kuma::DIAGRAMS;

    #[test]
    fn kuma_diagrams_parse_and_redraw() {
        for (kind, rows) in DIAGRAMS {
            let d = parse(*rows).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            assert_eq!(d.rows().map(|r| r), rows.map(String::from), "{kind:?}");
        }
    }

    #[test]
    fn mighty_bear_by_hand() {
        // ††† / †☼† / †2†: everything unlimited but straight back, which is 2.
        let d = parse(["†††", "†☼†", "†2†"]).expect("diagram");
        assert_eq!(d.ranges().len(), 8);
        assert_eq!(d.range(Offset::new(0, -1)), Some(Range::Limited(2)));
        assert_eq!(d.range(Offset::new(-1, -1)), Some(Range::Unlimited));
        assert_eq!(d.to_string(), "†††/†☼†/†2†");
    }

    #[test]
    fn errors_name_row_and_column() {
        let e = |rows| parse(rows).expect_err("bad diagram");
        assert_eq!(
            e(["11", "1☼1", "111"]),
            DiagramError {
                row: 0,
                column: 2,
                kind: DiagramErrorKind::RowLength { found: 2 }
            }
        );
        assert_eq!(
            e(["111", "1☼1", "1111"]).kind,
            DiagramErrorKind::RowLength { found: 4 }
        );
        assert_eq!(
            e(["111", "111", "111"]),
            DiagramError {
                row: 1,
                column: 1,
                kind: DiagramErrorKind::MissingPiece { found: '1' }
            }
        );
        assert_eq!(
            e(["☼11", "1☼1", "111"]),
            DiagramError {
                row: 0,
                column: 0,
                kind: DiagramErrorKind::PieceOffCentre
            }
        );
        assert_eq!(
            e(["101", "1☼1", "111"]).kind,
            DiagramErrorKind::UnknownCell { found: '0' }
        );
        assert_eq!(e(["111", "1☼1", "11o"]).column, 2);
    }

    #[test]
    fn undrawable_betza() {
        let b = |t: &str| betza::parse(t).expect(t);
        assert!(matches!(
            Diagram::from_betza(&b("N")),
            Err(UndrawableError::Leaper { .. })
        ));
        assert!(matches!(
            Diagram::from_betza(&b("mfW+cfF")),
            Err(UndrawableError::Modality { .. })
        ));
        // Overlapping parts: the longer reach.
        let d = Diagram::from_betza(&b("W+W2+fR")).expect("drawable");
        assert_eq!(d.to_string(), "◦†◦/2☼2/◦2◦");
    }

    #[test]
    fn expansion_is_a_blockable_slide() {
        let d = parse(["◦2◦", "◦☼◦", "◦◦◦"]).expect("diagram");
        let shape = Shape::new(8, 8);
        let e4 = Square::new(4, 3);
        let e5 = Square::new(4, 4);
        let e6 = Square::new(4, 5);
        assert_eq!(
            d.expand(shape, Colour::White, e4, |_| None),
            BTreeSet::from([e5, e6])
        );
        assert_eq!(
            d.expand(shape, Colour::White, e4, |sq| (sq == e5)
                .then_some(Colour::Black)),
            BTreeSet::from([e5])
        );
        assert_eq!(
            d.expand(shape, Colour::Black, e4, |_| None),
            BTreeSet::from([Square::new(4, 2), Square::new(4, 1)])
        );
    }
}
