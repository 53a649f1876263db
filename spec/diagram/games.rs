//! [`Draw`] for each game: its title, its regions, and where SPEC.md's piece diagrams stand.

use super::{Draw, Region, RegionStyle};
use crate::chess::{Chess, ChessKind};
use crate::chu::{Chu, ChuKind};
use crate::congo::{in_castle, in_river, Congo, CongoKind};
use crate::hunterbeest::{Hunterbeest, HunterbeestKind};
use crate::kuma::{Kuma, KumaKind};
use crate::{Colour, Game, Square};

impl Draw for Kuma {
    const TITLE: &'static str = "Kuma Chess";

    /// The centre (d4); the Pawn on its second rank, to show the double step.
    fn diagram_square(kind: KumaKind) -> Square {
        match kind {
            KumaKind::Pawn => Square::new(3, 1),
            _ => Square::new(3, 3),
        }
    }
}

impl Draw for Chess {
    const TITLE: &'static str = "Orthodox chess";

    fn diagram_square(kind: ChessKind) -> Square {
        match kind {
            ChessKind::Pawn => Square::new(3, 1),
            _ => Square::new(3, 3),
        }
    }
}

impl Draw for Hunterbeest {
    const TITLE: &'static str = "Bachelor Hunterbeest";

    /// e4; the Pawn on e2, to show the double step.
    fn diagram_square(kind: HunterbeestKind) -> Square {
        match kind {
            HunterbeestKind::Pawn => Square::new(4, 1),
            _ => Square::new(4, 3),
        }
    }
}

impl Draw for Congo {
    const TITLE: &'static str = "Congo";

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

impl Draw for Chu {
    const TITLE: &'static str = "Chu Shogi";

    /// CHU-4.1: the promotion zones, the four ranks farthest from each side.
    fn regions() -> Vec<Region> {
        let zone = |colour: Colour| {
            Chu::SHAPE
                .squares()
                .filter(|&s| colour.relative_rank(s.rank(), Chu::SHAPE.ranks) >= 8)
                .collect()
        };
        vec![
            Region {
                squares: zone(Colour::White),
                style: RegionStyle::Zone,
                label: "Black's (sente's) promotion zone (CHU-4.1)",
            },
            Region {
                squares: zone(Colour::Black),
                style: RegionStyle::Zone,
                label: "White's (gote's) promotion zone (CHU-4.1)",
            },
        ]
    }

    /// Every piece in the middle of the board (6g), where its slides and jumps all show.
    fn diagram_square(kind: ChuKind) -> Square {
        let _ = kind;
        Square::new(6, 5)
    }
}
