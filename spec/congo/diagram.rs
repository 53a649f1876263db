//! [`Draw`] for Congo: its regions (the river and the castles) and where SPEC.md's
//! piece diagrams stand.

use super::{in_castle, in_river, Congo, CongoKind};
use crate::diagram::{Draw, Region, RegionStyle};
use crate::{Colour, Game, Square};

impl Draw for Congo {
    /// CONGO-1.2: the river (rank 4) and the two castles.
    fn regions() -> Vec<Region> {
        let squares =
            |f: &dyn Fn(Square) -> bool| Congo::SHAPE.squares().filter(|&s| f(s)).collect();
        vec![
            Region {
                squares: squares(&in_river),
                style: RegionStyle::River,
                label: "the river (CONGO-1.2)",
            },
            Region {
                squares: squares(&|s| in_castle(Colour::White, s)),
                style: RegionStyle::Castle,
                label: "White's castle (CONGO-1.2)",
            },
            Region {
                squares: squares(&|s| in_castle(Colour::Black, s)),
                style: RegionStyle::Castle,
                label: "Black's castle (CONGO-1.2)",
            },
        ]
    }

    /// The lion in the middle of its castle (d2), the crocodile on b1 (its slide to the river),
    /// the pawn beyond the river (d5, its retreats), the others on d3.
    fn diagram_square(kind: CongoKind) -> Square {
        match kind {
            CongoKind::Lion => Square::new(3, 1),
            CongoKind::Crocodile => Square::new(1, 0),
            CongoKind::Pawn => Square::new(3, 4),
            _ => Square::new(3, 2),
        }
    }
}
