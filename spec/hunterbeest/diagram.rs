//! [`Draw`] for Bachelor Hunterbeest: where SPEC.md's piece diagrams stand.

use super::{Hunterbeest, HunterbeestKind};
use crate::diagram::Draw;
use crate::Square;

impl Draw for Hunterbeest {
    /// e4; the Pawn on e2, to show the double step.
    fn diagram_square(kind: HunterbeestKind) -> Square {
        match kind {
            HunterbeestKind::Pawn => Square::new(4, 1),
            _ => Square::new(4, 3),
        }
    }
}
