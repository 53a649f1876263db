//! [`Draw`] for orthodox chess: its title and where SPEC.md's piece diagrams stand.

use super::{Chess, ChessKind};
use crate::diagram::Draw;
use crate::Square;

impl Draw for Chess {
    const TITLE: &'static str = "Orthodox chess";

    fn diagram_square(kind: ChessKind) -> Square {
        match kind {
            ChessKind::Pawn => Square::new(3, 1),
            _ => Square::new(3, 3),
        }
    }
}
