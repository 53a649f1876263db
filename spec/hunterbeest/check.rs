//! What the checks of [`crate::check`] need to know of Bachelor Hunterbeest: the positions its property
//! tests, fuzzers and differential walks start from, and the rarely run paths its differential
//! fuzz target counts ([`crate::check::reach`]).

use super::{Hunterbeest, HunterbeestKind};
use crate::check::differential::SortedMoves;
use crate::check::reach::{self, Reach};
use crate::check::CheckGame;
use crate::{Outcome, Position, Reason};

impl CheckGame for Hunterbeest {
    /// Bachelor Hunterbeest positions (BHB-…): the start and the hand-counted rule positions of
    /// corpus/hunterbeest/rules.perft (castling on both wings, promotion to ten pieces, en passant,
    /// the Gnu's taming, a marriage that must also block a check), and a stalemate.
    const STARTS: &'static [(&'static str, &'static str)] = &[
        (
            "start",
            "stfckohye/ppppppppp/9/9/9/9/PPPPPPPPP/EYHOKCFTS w KQkq - 0 1",
        ),
        ("castling-both-wings", "4k4/9/9/9/9/9/9/E3K3S w KQ - 0 1"),
        ("promotion-ten-choices", "k2h5/4P4/9/9/9/9/9/4K4 w - - 0 1"),
        ("en-passant", "8k/9/9/3pP4/9/9/9/K8 w - d6 0 1"),
        ("gnu-tames", "4k4/9/9/9/9/9/9/G3K4 w - - 0 1"),
        ("check-marriage-block", "4k4/9/9/9/4q4/9/Q8/4K4 w - - 0 1"),
        (
            "castling-and-en-passant",
            "s3k3e/ppp2pppp/9/3pP4/9/9/PPPP1PPPP/E3K3S w KQkq d6 0 1",
        ),
        // BHB-6.4: Black's King on a8, not in check, has no move (a7 is the Pawn's, b7 and b8 the
        // King's): stalemate, a draw or a win for White as the switch says.
        ("stalemate", "k8/2K6/1P7/9/9/9/9/9 b - - 0 1"),
    ];

    /// Bachelor Hunterbeest: stalemate under each reading of `stalemate` (BHB-6.4).
    fn reach(
        _pos: &Position<Hunterbeest>,
        moves: &SortedMoves<HunterbeestKind>,
        outcome: Option<Outcome>,
        switches: &<Hunterbeest as crate::Game>::Switches,
        reach: &mut Reach,
    ) {
        reach::common::<Hunterbeest>(moves, outcome, reach);
        reach::end_under(outcome, &[Reason::Stalemate], switches, "stalemate", reach);
    }
}
