//! [`Draw`] for Kuma Chess: where SPEC.md's piece diagrams stand.

use super::{Kuma, KumaKind};
use crate::diagram::Draw;
use crate::Square;

impl Draw for Kuma {
    /// The centre (d4); the Pawn on its second rank, to show the double step.
    fn diagram_square(kind: KumaKind) -> Square {
        match kind {
            KumaKind::Pawn => Square::new(3, 1),
            _ => Square::new(3, 3),
        }
    }
}
