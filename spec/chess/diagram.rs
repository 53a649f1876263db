//! [`Draw`] for orthodox chess: where SPEC.md's piece diagrams stand.

use super::{Chess, ChessKind};
use crate::diagram::Draw;
use crate::Square;

impl Draw for Chess {
    fn diagram_square(kind: ChessKind) -> Square {
        match kind {
            ChessKind::Pawn => Square::new(3, 1),
            _ => Square::new(3, 3),
        }
    }
}
