//! What the checks of [`crate::check`] need to know of Kuma Chess: the positions its property
//! tests, fuzzers and differential walks start from, and the rarely run paths its differential
//! fuzz target counts ([`crate::check::reach`]).

use super::{Kuma, KumaKind};
use crate::check::differential::SortedMoves;
use crate::check::reach::{self, Reach};
use crate::check::CheckGame;
use crate::{Colour, Outcome, Position, Reason};

impl CheckGame for Kuma {
    /// Kuma Chess positions (KUMA-…). Every one is valid (a test checks it); why each is legal and
    /// what it exercises is said beside it.
    const STARTS: &'static [(&'static str, &'static str)] = &[
        // KUMA-1.2.
        (
            "start",
            "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1",
        ),
        // KUMA-4.1/4.2: both castlings open for both sides.
        (
            "castling-open",
            "u3k2r/pppppppp/8/8/8/8/PPPPPPPP/U3K2R w KQkq - 0 1",
        ),
        // KUMA-4.2: the Dashing Bear on b5 sees f1 along b5-c4-d3-e2-f1, so White may castle long
        // (the King passes d1 and lands on c1) but not short (it would pass f1).
        (
            "castling-through-attack",
            "u3k2r/8/8/1d6/8/8/8/U3K2R w KQkq - 0 1",
        ),
        // KUMA-5.1: White's R, P, V, U, S on the seventh rank, Black pieces on the eighth to capture
        // while promoting.
        ("promotions-white", "kr1d4/1RP1V1US/8/8/8/8/8/4K3 w - - 0 1"),
        // The same for Black (the colour mirror of the previous one).
        ("promotions-black", "4k3/8/8/8/8/8/1rp1v1us/KR1D4 b - - 0 1"),
        // KUMA-7.4: a Blind Bear of each side one step from its last rank.
        ("blind-bears-near-home", "4k3/1B6/8/8/8/8/6b1/4K3 w - - 0 1"),
        // KUMA-7.4 switch: the Blind Bear on d7 is pinned by the Running Bear on d8 (fbR down the
        // d-file to the King on d1). Under NeedsLegalMove it may not move; under EvenIfExposed its
        // steps to c8 and e8 win.
        ("blind-bear-pinned", "3r3k/3B4/8/8/8/8/8/3K4 w - - 0 1"),
        // KUMA-7.4, KUMA-7.7: White's Blind Bear has arrived on a8; Black to move, the game is over.
        ("blind-bear-home", "B3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
        // KUMA-6.1: e7-e5 was just played; dxe6 e.p. is legal.
        ("en-passant", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"),
        // KUMA-6.1, KUMA-7.1: the same capture would open the fifth rank from the Mighty Bear on h5
        // (fsR slides sideways) to the King on a5, so it is illegal.
        ("en-passant-pinned", "4k3/8/8/K2Pp2m/8/8/8/8 w - e6 0 2"),
        // KUMA-7.1: White in check from the Upright Bear on e2 (Black's fR points down the file).
        ("in-check", "4k3/8/8/8/8/8/4u3/4K3 w - - 0 1"),
        // A middle game with every kind of Bear, castling rights on one wing each, Black to move.
        (
            "middlegame",
            "u2mk2r/pp1g1ppp/2s1e3/3pP3/2E4d/3G1S2/PP3PPP/U3K2R b Kq - 3 14",
        ),
        // Bare Kings.
        ("bare-kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        // The sample games of Derzhanski's page (corpus/kuma/games/) cut after the given full move,
        // as in corpus/kuma/positions.perft.
        (
            "game1-after-13",
            "2ku1v1r/ppb1p1pp/6b1/4sv2/4B3/3V4/PPSP1BPP/U3KV1R w KQ - 6 14",
        ),
        (
            "game1-after-25",
            "5v1r/Spk1p1pp/2b5/5b2/8/8/PP1P1BPP/2U1K2R w K - 1 26",
        ),
        (
            "game1-after-38",
            "2E3M1/4p1pp/3k4/2v5/8/4B3/P2P2PP/4K2R w K - 1 39",
        ),
        (
            "game2-after-9",
            "u1v1kvbr/ppb1p1pp/5p2/8/4B3/1V1V4/Ps1P1PPP/U2SK1BR w KQkq - 0 10",
        ),
        (
            "game2-after-37",
            "3u4/7p/1bp2pkP/p4p2/P1V2PpR/4v1P1/3P4/5K2 w - - 0 38",
        ),
        (
            "game2-after-48",
            "5G2/7p/2p1dp1P/p4PR1/4k1p1/6P1/3b4/5K2 w - - 3 49",
        ),
        // corpus/kuma/positions.perft: every promotion at once, a Blind Bear race.
        ("promotions-all", "8/PVURS3/8/7k/8/8/8/4K3 w - - 0 1"),
        ("blind-bear-race", "8/1B4k1/8/8/8/8/4b3/K7 w - - 0 1"),
    ];

    /// Kuma Chess: a Blind Bear that can step onto the last rank, and the Blind Bear's win, under
    /// each reading of `blind-bear` (KUMA-7.4).
    fn reach(
        pos: &Position<Kuma>,
        moves: &SortedMoves<KumaKind>,
        outcome: Option<Outcome>,
        switches: &<Kuma as crate::Game>::Switches,
        reach: &mut Reach,
    ) {
        reach::common::<Kuma>(moves, outcome, reach);
        let last = |c: Colour| if c == Colour::White { 7 } else { 0 };
        let bear_home = moves.iter().any(|(_, m)| {
            pos.piece_at(m.from)
                .is_some_and(|p| p.kind == KumaKind::BlindBear && m.to.rank() == last(p.colour))
        });
        if bear_home {
            reach.hit(&format!(
                "Blind Bear move onto the last rank | {}",
                reach::qualified(switches, "blind-bear")
            ));
        }
        reach::end_under(outcome, &[Reason::BlindBear], switches, "blind-bear", reach);
    }
}
