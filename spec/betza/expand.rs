//! The squares a Betza piece reaches on a board: the oracle the piece property tests hold each
//! reference generator to.
//!
//! The rules are the ones every source assumes (KUMA-3.1, KUMA-3.13):
//!
//! - a step or leap (range 1) lands on an empty square unless the part is capture-only (`c`), or
//!   on an enemy piece unless the part is move-only (`m`); what it jumps over does not matter;
//! - a slide (a rider, a range-limited part or a doubled atom) goes leap by leap in one direction,
//!   stops at the first occupied square and may end there if that square holds an enemy and the
//!   part is not `m`; every square before the last must be empty;
//! - no move ends on a piece of the mover's own colour.
//!
//! Nothing here knows any game: the board is a [`Shape`] and a function telling who occupies a
//! square.

use super::{Betza, Modality, Range};
use crate::{Colour, Kind, Offset, Setup, Shape, Square};
use std::collections::BTreeSet;

/// The squares a piece of `colour` described by `betza` reaches from `from`, on a board of
/// `shape` where `occupant(sq)` is the colour of the piece on `sq` (`None` if empty).
///
/// Directions are owner-relative: Black's forward is down the board and its left is towards the
/// h-file ([`owner_relative`]). `occupant` is only asked
/// about squares on the board; `from` itself is never a target. A `from` off the board reaches
/// nothing.
///
/// # Examples
///
/// The Violent Bear (`fsW+fF2`) on e4 of an otherwise empty board, then with a pawn on f5 that
/// blocks its range-two diagonal slide towards g6 (KUMA-3.13):
///
/// ```
/// use fairyspec::{betza, Colour, Shape, Square};
///
/// let violent_bear = betza::parse("fsW+fF2")?;
/// let e4 = Square::parse("e4").unwrap();
/// let names = |set: std::collections::BTreeSet<Square>| {
///     set.iter().map(|sq| sq.to_string()).collect::<Vec<_>>().join(" ")
/// };
///
/// let empty = betza::expand(&violent_bear, Shape::new(8, 8), Colour::White, e4, |_| None);
/// assert_eq!(names(empty), "d4 f4 d5 e5 f5 c6 g6");
///
/// let f5 = Square::parse("f5").unwrap();
/// let blocked = betza::expand(&violent_bear, Shape::new(8, 8), Colour::White, e4, |sq| {
///     (sq == f5).then_some(Colour::Black)
/// });
/// assert_eq!(names(blocked), "d4 f4 d5 e5 f5 c6");
///
/// // Black's forward is down the board.
/// let black = betza::expand(&violent_bear, Shape::new(8, 8), Colour::Black, e4, |_| None);
/// assert_eq!(names(black), "c2 g2 d3 e3 f3 d4 f4");
/// # Ok::<(), betza::BetzaError>(())
/// ```
pub fn expand(
    betza: &Betza,
    shape: Shape,
    colour: Colour,
    from: Square,
    occupant: impl Fn(Square) -> Option<Colour>,
) -> BTreeSet<Square> {
    let mut targets = BTreeSet::new();
    if !shape.contains(from) {
        return targets;
    }
    for part in betza.parts() {
        for &leap in part.leaps() {
            slide(
                shape,
                colour,
                from,
                leap,
                part.range(),
                part.modality(),
                &occupant,
                &mut targets,
            );
        }
    }
    targets
}

/// [`expand`] for the piece standing on `from` in `setup` (its colour is the piece's); nothing if
/// `from` is empty.
///
/// ```
/// use fairyspec::{betza, kuma::Kuma, Game, Position, Square};
///
/// let start = Position::<Kuma>::start();
/// let running_bear = betza::parse("fbR+sW2")?;
/// let h1 = Square::parse("h1").unwrap();
/// // Boxed in by its own pieces at the start (g1 and h2).
/// assert!(betza::expand_on(&running_bear, start.setup(), h1).is_empty());
/// # Ok::<(), betza::BetzaError>(())
/// ```
pub fn expand_on<K: Kind>(betza: &Betza, setup: &Setup<K>, from: Square) -> BTreeSet<Square> {
    match setup.piece_at(from) {
        Some(piece) => expand(betza, setup.shape, piece.colour, from, |sq| {
            setup.piece_at(sq).map(|p| p.colour)
        }),
        None => BTreeSet::new(),
    }
}

/// The board offset of the owner-relative `leap` for a piece of `colour`. Black sits on the
/// other side of the board: its forward is down and its left is towards the h-file, so its moves
/// are White's turned by 180°. (For the left–right symmetric pieces of every game here this is
/// the same as mirroring the ranks.)
pub fn owner_relative(leap: Offset, colour: Colour) -> Offset {
    match colour {
        Colour::White => leap,
        Colour::Black => Offset::new(-leap.file, -leap.rank),
    }
}

/// Walks from `from` in the owner-relative direction `leap` for up to `range` leaps and adds the
/// squares the rules above allow to `targets`. Shared with [`super::Diagram::expand`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn slide(
    shape: Shape,
    colour: Colour,
    from: Square,
    leap: Offset,
    range: Range,
    modality: Modality,
    occupant: &impl Fn(Square) -> Option<Colour>,
    targets: &mut BTreeSet<Square>,
) {
    let step = owner_relative(leap, colour);
    let mut at = from;
    let mut leaps = 0u32;
    while range.allows(leaps + 1) {
        let Some(next) = shape.offset(at, step) else {
            return;
        };
        leaps += 1;
        at = next;
        match occupant(at) {
            None => {
                if modality.may_move() {
                    targets.insert(at);
                }
            }
            Some(owner) => {
                if owner != colour && modality.may_capture() {
                    targets.insert(at);
                }
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse;

    const CHESS: Shape = Shape::new(8, 8);

    fn sq(name: &str) -> Square {
        Square::parse(name).expect(name)
    }

    fn on_empty(text: &str, colour: Colour, from: &str) -> BTreeSet<Square> {
        let b = parse(text).expect(text);
        expand(&b, CHESS, colour, sq(from), |_| None)
    }

    fn names(set: &BTreeSet<Square>) -> Vec<String> {
        set.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn counts_on_the_empty_board() {
        // Hand counts: a Rook anywhere reaches 14 squares; a Queen on d4 27 (14 + 13);
        // a Knight on a1 2, on d4 8; a King on a1 3; a Bishop on a1 7.
        assert_eq!(on_empty("R", Colour::White, "d4").len(), 14);
        assert_eq!(on_empty("Q", Colour::White, "d4").len(), 27);
        assert_eq!(on_empty("N", Colour::White, "a1").len(), 2);
        assert_eq!(on_empty("N", Colour::White, "d4").len(), 8);
        assert_eq!(on_empty("K", Colour::White, "a1").len(), 3);
        assert_eq!(on_empty("B", Colour::White, "a1").len(), 7);
        // Nightrider from a1: b3 c5 d7 along (1,2), c2 e3 g4 along (2,1).
        assert_eq!(
            names(&on_empty("NN", Colour::White, "a1")),
            ["c2", "b3", "e3", "g4", "c5", "d7"]
        );
        // Camel from d4: c7 e7 c1 e1 a5 g5 a3 g3, all on the board.
        assert_eq!(on_empty("C", Colour::White, "d4").len(), 8);
        assert_eq!(on_empty("W2", Colour::White, "a1").len(), 4);
        assert_eq!(on_empty("R3", Colour::White, "a1").len(), 6);
    }

    #[test]
    fn directions_turn_with_the_owner() {
        assert_eq!(names(&on_empty("fW", Colour::White, "e4")), ["e5"]);
        assert_eq!(names(&on_empty("fW", Colour::Black, "e4")), ["e3"]);
        // Left and right are the owner's: Black's left is White's right.
        assert_eq!(names(&on_empty("lW", Colour::White, "e4")), ["d4"]);
        assert_eq!(names(&on_empty("lW", Colour::Black, "e4")), ["f4"]);
        assert_eq!(names(&on_empty("flF", Colour::White, "e4")), ["d5"]);
        assert_eq!(names(&on_empty("flF", Colour::Black, "e4")), ["f3"]);
        assert_eq!(names(&on_empty("ffN", Colour::Black, "e4")), ["d2", "f2"]);
    }

    #[test]
    fn blockers_and_modalities() {
        // White Rook on a1; own piece on a4, enemy on d1.
        let rook = parse("R").expect("R");
        let a4 = sq("a4");
        let d1 = sq("d1");
        let occ = |s: Square| {
            if s == a4 {
                Some(Colour::White)
            } else if s == d1 {
                Some(Colour::Black)
            } else {
                None
            }
        };
        assert_eq!(
            names(&expand(&rook, CHESS, Colour::White, sq("a1"), occ)),
            ["b1", "c1", "d1", "a2", "a3"]
        );
        let m_rook = parse("mR").expect("mR");
        assert_eq!(
            names(&expand(&m_rook, CHESS, Colour::White, sq("a1"), occ)),
            ["b1", "c1", "a2", "a3"]
        );
        let c_rook = parse("cR").expect("cR");
        assert_eq!(
            names(&expand(&c_rook, CHESS, Colour::White, sq("a1"), occ)),
            ["d1"]
        );
        // A leaper jumps: the Knight on a1 ignores b1, b2, a2.
        let knight = parse("N").expect("N");
        assert_eq!(
            names(&expand(&knight, CHESS, Colour::White, sq("a1"), |s| {
                (s.rank() < 2 && s.file() < 2 && s != sq("a1")).then_some(Colour::White)
            })),
            ["c2", "b3"]
        );
        // The FIDE Pawn: mfW + cfF.
        let pawn = parse("mfW+cfF").expect("pawn");
        let e5 = sq("e5");
        let d5 = sq("d5");
        let pawn_occ = |s: Square| (s == e5 || s == d5).then_some(Colour::Black);
        assert_eq!(
            names(&expand(&pawn, CHESS, Colour::White, sq("e4"), pawn_occ)),
            ["d5"]
        );
    }

    #[test]
    fn range_two_is_blockable() {
        // KUMA-3.13: sW2 from e4 with a piece on d4 reaches f4, g4 and captures d4 if enemy.
        let b = parse("sW2").expect("sW2");
        let d4 = sq("d4");
        let own = expand(&b, CHESS, Colour::White, sq("e4"), |s| {
            (s == d4).then_some(Colour::White)
        });
        assert_eq!(names(&own), ["f4", "g4"]);
        let enemy = expand(&b, CHESS, Colour::White, sq("e4"), |s| {
            (s == d4).then_some(Colour::Black)
        });
        assert_eq!(names(&enemy), ["d4", "f4", "g4"]);
    }

    #[test]
    fn off_board_start_reaches_nothing() {
        let b = parse("Q").expect("Q");
        assert!(expand(&b, CHESS, Colour::White, Square::new(8, 0), |_| None).is_empty());
        // Other shapes work: a Queen on a1 of a 9×8 board reaches 8 + 7 + 7.
        assert_eq!(
            expand(&b, Shape::new(9, 8), Colour::White, sq("a1"), |_| None).len(),
            8 + 7 + 7
        );
    }
}
