//! [`Draw`] for Chu Shogi: its regions (the promotion zones) and where SPEC.md's
//! piece diagrams stand.

use super::{rules, Chu, ChuKind};
use crate::diagram::{Draw, Region, RegionStyle};
use crate::{Colour, Game, Square};

impl Draw for Chu {
    /// CHU-4.1: the promotion zones, the four ranks farthest from each side.
    fn regions() -> Vec<Region> {
        let zone = |colour: Colour| {
            Chu::SHAPE
                .squares()
                .filter(|&s| rules::in_zone(colour, s, Chu::SHAPE))
                .collect()
        };
        vec![
            Region {
                squares: zone(Colour::White),
                style: RegionStyle::Zone,
                label: "sente's promotion zone, ranks a-d (CHU-4.1)",
            },
            Region {
                squares: zone(Colour::Black),
                style: RegionStyle::Zone,
                label: "gote's promotion zone, ranks i-l (CHU-4.1)",
            },
        ]
    }

    /// Every piece in the middle of the board (6g), where its slides and jumps all show.
    fn diagram_square(kind: ChuKind) -> Square {
        let _ = kind;
        Square::new(6, 5)
    }
}
