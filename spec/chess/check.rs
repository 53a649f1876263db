//! What the checks of [`crate::check`] need to know of orthodox chess: the positions its property
//! tests, fuzzers and differential walks start from, and the rarely run paths its differential
//! fuzz target counts ([`crate::check::reach`]).

use super::{Chess, ChessKind};
use crate::check::differential::SortedMoves;
use crate::check::reach::{self, Reach};
use crate::check::CheckGame;
use crate::{Outcome, Position};

impl CheckGame for Chess {
    /// Orthodox chess positions: the start and two of the Chess Programming Wiki's perft positions
    /// ("Kiwipete", position 3), used by the chess tests once that game exists.
    const STARTS: &'static [(&'static str, &'static str)] = &[
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        ("cpw-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        // corpus/chess/perft.perft (its sources are named there): the Chess Programming Wiki's
        // positions 4 to 6 and the tricky positions of shakmaty's and python-chess's suites.
        (
            "cpw-4",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        ),
        (
            "cpw-5",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ),
        (
            "cpw-6",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ),
        ("ep-evasion", "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1"),
        (
            "prison",
            "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1",
        ),
        ("king-walk", "8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1"),
        (
            "two-pawn-checkers",
            "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - - 0 1",
        ),
        (
            "two-stepper-checkers",
            "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2 b - - 0 1",
        ),
    ];

    /// Orthodox chess: the common paths (it has no switches).
    fn reach(
        _pos: &Position<Chess>,
        moves: &SortedMoves<ChessKind>,
        outcome: Option<Outcome>,
        _switches: &<Chess as crate::Game>::Switches,
        reach: &mut Reach,
    ) {
        reach::common::<Chess>(moves, outcome, reach);
    }
}
