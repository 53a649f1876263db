//! What the checks of [`crate::check`] need to know of Congo: the positions its property
//! tests, fuzzers and differential walks start from, and the rarely run paths its differential
//! fuzz target counts ([`crate::check::reach`]).

use super::{Congo, CongoKind};
use crate::check::differential::SortedMoves;
use crate::check::reach::{self, Reach};
use crate::check::CheckGame;
use crate::{Outcome, Position, Square};

impl CheckGame for Congo {
    /// Congo positions (CONGO-…): the start, the positions of corpus/congo/start.perft (monkey
    /// chains and the river re-entry of CONGO-5.4), positions of the Wits University course data
    /// (corpus/congo/wits-*.jsonl, named by their ids: lions, zebras, elephants and pawns in every
    /// part of the board, Black to move in some) and of the Zillions of Games record.
    const STARTS: &'static [(&'static str, &'static str)] = &[
        ("start", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"),
        ("monkey-ring", "3l3/7/7/7/3z3/2gLe2/2Me3 w 0"),
        (
            "wikipedia-monkey-chain",
            "4l2/7/1p1p1p1/5z1/M6/pppp3/3L3 w 0",
        ),
        ("monkey-river-reentry", "3l2z/7/2p1p2/1M5/7/3L3/7 w 0"),
        (
            "wits-makemovestest-00",
            "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
        ),
        (
            "wits-makemovestest-09",
            "z6/1PlZP1p/1p1p2p/4P1p/4P2/5p1/2L4 w 39",
        ),
        (
            "wits-makemovestest-27",
            "7/1p4Z/4l1p/1z5/Ep2P2/Eep2p1/4L2 w 10",
        ),
        (
            "wits-makemovestest-45",
            "7/4p1z/Ep2lp1/4p2/p1p4/E3e1p/4L2 b 48",
        ),
        (
            "wits-movegen50-04",
            "2z4/3p3/p1Pl1ep/p4P1/2p4/3LP2/2E4 b 37",
        ),
        (
            "wits-movegen50-22",
            "Z6/1pl1p2/Pp1P2P/3p3/E6/p1z1L1p/7 w 44",
        ),
        (
            "wits-movegen50-40",
            "7/P2e2p/p1p1lPP/2P4/pep4/P2P1p1/3L3 w 12",
        ),
        // The Zillions of Games record (corpus/congo/games/zillions-stock-3min-1.zsg) after the given
        // ply: giraffes, monkeys, crocodiles in and out of the river, superpawns.
        (
            "zillions-ply-30",
            "3l3/1mppe1c/ppzppp1/7/PPPPPPP/2MZEC1/3L3 w 15",
        ),
        (
            "zillions-ply-45",
            "3l3/1mp2e1/ppzp1p1/7/PP2EPP/2M4/3LC2 b 22",
        ),
        ("zillions-ply-90", "3le2/m1p4/z2p3/4E2/6P/2M1C2/3L3 w 45"),
        ("zillions-ply-105", "3le2/1mpz1E1/3p1P1/7/7/2M1LC1/7 b 52"),
        ("zillions-ply-125", "3l1S1/7/2mp3/1p3C1/7/3L3/7 b 62"),
        ("zillions-ply-135", "3l3/7/2mS3/3p3/1C5/s2L3/7 b 67"),
        // CONGO-4.4: the monkey c4 can jump the lion d5 to e6, and from there the pawn f6 to g6
        // where the chain goes on after the lion (`lion-jump=chain-goes-on`;
        // corpus/congo/readings.perft). Last, so that stored fuzz inputs' start indices keep their meaning.
        ("lion-jump", "7/5p1/3l3/2M4/7/7/4L2 w 0"),
    ];

    /// Congo: a monkey's chain that starts in the river, lands on land and ends in the river again —
    /// the case `monkey-reentry` decides (CONGO-5.4).
    fn reach(
        pos: &Position<Congo>,
        moves: &SortedMoves<CongoKind>,
        outcome: Option<Outcome>,
        switches: &<Congo as crate::Game>::Switches,
        reach: &mut Reach,
    ) {
        reach::common::<Congo>(moves, outcome, reach);
        let river = |sq: Square| sq.rank() == 3;
        let monkey = |sq: Square| {
            pos.piece_at(sq)
                .is_some_and(|p| p.kind == CongoKind::Monkey)
        };
        let mut from_river = false;
        let mut reentry = false;
        for (_, m) in moves {
            if monkey(m.from) && river(m.from) && !m.via.as_slice().is_empty() {
                from_river = true;
                reentry |= river(m.to) && m.via.as_slice().iter().any(|&s| !river(s));
            }
        }
        if from_river {
            reach.hit("monkey chain from the river");
        }
        if reentry {
            reach.hit(&format!(
                "monkey chain leaves the river and comes back | {}",
                reach::qualified(switches, "monkey-reentry")
            ));
        }
        // CONGO-4.4: a chain that jumps the enemy lion, and one that jumps on after it.
        let lion = pos
            .setup()
            .pieces()
            .find(|&(_, p)| p.kind == CongoKind::Lion && p.colour != pos.turn())
            .map(|(sq, _)| sq);
        let over = |a: Square, b: Square| {
            let mid = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
            Square::new(mid(a.file(), b.file()), mid(a.rank(), b.rank()))
        };
        for (_, m) in moves {
            let path = m.path();
            let Some(at) = (monkey(m.from) && lion.is_some())
                .then(|| path.windows(2).position(|w| Some(over(w[0], w[1])) == lion))
                .flatten()
            else {
                continue;
            };
            let lion_jump = reach::qualified(switches, "lion-jump");
            reach.hit(&format!("monkey jumps the lion | {lion_jump}"));
            if at + 2 < path.len() {
                reach.hit(&format!("monkey jumps on after the lion | {lion_jump}"));
            }
        }
    }
}
