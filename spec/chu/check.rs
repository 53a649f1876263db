//! What the checks of [`crate::check`] need to know of Chu Shogi: the positions its property
//! tests, fuzzers and differential walks start from, and the rarely run paths its differential
//! fuzz target counts ([`crate::check::reach`]).

use super::{Chu, ChuKind, ChuSwitches};
use crate::check::differential::SortedMoves;
use crate::check::reach::{self, Reach};
use crate::check::CheckGame;
use crate::switches::Switches;
use crate::{Colour, Outcome, Position, Reason, Square};
use ::arbitrary::{Arbitrary, Unstructured};

impl CheckGame for Chu {
    /// Chu Shogi positions (CHU-…), in lishogi's SFEN. Every one is valid (a test checks it); what
    /// each exercises is said beside it.
    const STARTS: &'static [(&'static str, &'static str)] = &[
        // CHU-1.2.
        (
            "start",
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        ),
        // CHU-5.2: sente's Lion on 7g, gote's Lion on 5h two squares away. Gote's Lance on 5e
        // protects its Lion (no 7g5h), sente's Silver on 8f protects sente's (no 5h7g for gote);
        // sente's Bishop may take the Lion (8e5h). lishogi's L2 test.
        (
            "lion-protection",
            "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1",
        ),
        // CHU-5.2: lions two squares apart. 7g9e is allowed (gote's Lion is unprotected), 7g8f9e
        // is not: with the Pawn on 8f taken and the Lion lifted, gote's Bishop on 5i protects 9e
        // through both squares (x-ray), and a Pawn is no bridge. (shogiops' test, with a sente King
        // added on 1l.)
        (
            "lions-in-contact",
            "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/11K b - 1",
        ),
        // CHU-5.3, CHU-2.4: a gote Kirin just took a lion on 8j and promoted; sente's Bishop may
        // take the new lion there but not the Lion on 3i (scalashogi's special position #8).
        (
            "counter-strike-set",
            "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1",
        ),
        // The same without the counter-strike square (scalashogi's #7).
        (
            "counter-strike-clear",
            "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1",
        ),
        // CHU-5.3 in a game: a gote Pawn just took a lion on 5h (lishogi's random position 152).
        (
            "counter-strike-midgame",
            "lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115",
        ),
        // CHU-3.6: a gote Horned Falcon on 7h and a sente Lion; lishogi's falcon test.
        (
            "falcon",
            "k11/12/12/12/6n5/6P5/12/5+h6/12/5N6/12/11K b - 1",
        ),
        // CHU-3.6: a gote Soaring Eagle on 5h.
        (
            "eagle",
            "k11/12/12/12/6n5/6P5/12/7+d4/12/5N6/12/11K b - 1",
        ),
        // CHU-4: promotions by entering the zone, capturing in and out of it, Pawn and Lance on the
        // last rank (lishogi's promotion test).
        (
            "promotions",
            "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1",
        ),
        // CHU-7.6: the first example of the 1999 bare-king discussion (gote's Free King takes the
        // tokin next).
        (
            "bare-king-example-1",
            "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1",
        ),
        // CHU-7.6: the second example (sente's King takes the tokin on 11l next).
        (
            "bare-king-example-2",
            "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1",
        ),
        // CHU-6.4 condition (5): gote's lone King next to sente's King; sente has a Gold too.
        (
            "bare-king-adjacent",
            "12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 w - 1",
        ),
        // CHU-6.4: sente's Gold about to take gote's last Gold (lishogi's bare-king test).
        (
            "bare-king-next",
            "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1",
        ),
        // CHU-6.6, CHU-2.3: two lone Kings and only dead pieces besides: a finished draw.
        (
            "lone-royals-dead-pieces",
            "1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1",
        ),
        // A middle game of lishogi's random set (position 278): every kind of move at once.
        (
            "middlegame",
            "l2ft2nv3/3qb4t1l/a+Pv4k1s1f/6er3c/3r3TPDp1/1GP3sF4/1R2b4BP1/M4p1X4/2F1N1CS1DG1/AV1S1TH5/L2O1KE3V1/2C9 b - 373",
        ),
        // CHU-7.4, CHU-7.5: sente's King and Pawn in the corner against gote's bare King, gote to
        // move; gote forces the King's capture or a bare King, one line taking the King on a square
        // the Pawn guards: a draw under both Münster readings.
        (
            "munster-last-royal",
            "K11/2k9/P11/12/12/12/12/12/12/12/12/12 w - 1",
        ),
        // CHU-7.5: gote bare (its Pawn on 1l is dead), sente to move with its King boxed in on 12a;
        // gote takes the King, or sente soon has no legal answer: a draw under both Münster readings.
        (
            "munster-no-answer",
            "KP10/1P10/Pk10/12/12/12/12/12/12/12/12/11p b - 1",
        ),
        // CHU-7.5: clause (b) holds — gote's bare King catches the Go-Between on 12a in two moves.
        (
            "munster-clause-b",
            "I11/12/2k9/12/12/12/12/12/12/12/12/11K w - 1",
        ),
        // CHU-7.3 (c): gote's bare King next to sente's sole King takes it.
        (
            "munster-clause-c",
            "12/12/12/12/12/12/12/12/12/1k10/1K10/10G1 w - 1",
        ),
        // CHU-7.1 condition (3): sente's King and Crown Prince against gote's bare King.
        (
            "bare-king-two-royals",
            "5k6/12/12/12/12/12/12/12/12/12/12/5K+EG4 w - 1",
        ),
        // CHU-6.5: sente's Rook shuttles 2l-2k attacking gote's Gold, gote's King 1a-1b: the fourth
        // occurrence of the start comes after 12 plies.
        (
            "repetition-shuttle",
            "10gk/12/12/12/12/12/12/12/12/12/12/K9R1 b - 1",
        ),
    ];

    /// Chu Shogi: a bared side (the bare-king rule decides, CHU-6.4, CHU-7) and its verdict, a side
    /// one piece from bare, lions one or two squares apart (L1, L2: CHU-5.1, CHU-5.2), a
    /// counter-strike square (L3, CHU-5.3) and a lion on it (`kirin-recapture`), a Lance that can step onto its last rank from inside the
    /// zone (CHU-4.3), dead pieces (CHU-2.3). Repetition (CHU-6.5) is counted by the walk, which
    /// knows the history.
    fn reach(
        pos: &Position<Chu>,
        moves: &SortedMoves<ChuKind>,
        outcome: Option<Outcome>,
        switches: &<Chu as crate::Game>::Switches,
        reach: &mut Reach,
    ) {
        use super::rules::end::{is_bare, is_dead, royals};
        reach::common::<Chu>(moves, outcome, reach);
        let setup = pos.setup();
        let bare_king = reach::qualified(switches, "bare-king");
        for x in Colour::ALL {
            let y = x.other();
            if is_bare(setup, x) && !is_bare(setup, y) && !royals(setup, y).is_empty() {
                reach.hit(&format!("bared side | {bare_king}"));
                // CHU-7.3: where Münster's literal reading (dead pieces count) differs.
                if setup
                    .pieces()
                    .any(|(sq, p)| p.colour == x && is_dead(setup, sq, p))
                {
                    reach.hit(&format!("bared side with a dead piece | {bare_king}"));
                }
            }
            let live = setup
                .pieces()
                .filter(|&(sq, p)| p.colour == x && !is_dead(setup, sq, p))
                .count();
            if live == 2 {
                reach.hit("side one piece from bare");
            }
        }
        if Colour::ALL.into_iter().all(|c| is_bare(setup, c)) {
            reach.hit("two lone royals");
        }
        reach::end_under(outcome, &[Reason::BareKing], switches, "bare-king", reach);
        let lions: Vec<(Square, Colour)> = setup
            .pieces()
            .filter(|(_, p)| p.kind.is_lion())
            .map(|(sq, p)| (sq, p.colour))
            .collect();
        let apart =
            |a: Square, b: Square| (a.file().abs_diff(b.file())).max(a.rank().abs_diff(b.rank()));
        let mut distances = lions.iter().flat_map(|&(a, ca)| {
            lions
                .iter()
                .filter(move |&&(_, cb)| cb != ca)
                .map(move |&(b, _)| apart(a, b))
        });
        let (mut one, mut two) = (false, false);
        for d in &mut distances {
            one |= d == 1;
            two |= d == 2;
        }
        if one {
            reach.hit(&format!(
                "lions next to each other | {}",
                reach::qualified(switches, "counter-strike")
            ));
        }
        if two {
            reach.hit(&format!(
                "lions two squares apart | {}",
                reach::qualified(switches, "lion-protection")
            ));
        }
        if let Some(cs) = setup.counter_strike {
            reach.hit(&format!(
                "counter-strike square | {}",
                reach::qualified(switches, "counter-strike")
            ));
            // A Kirin that took a lion and promoted stands there (switch kirin-recapture).
            if setup.piece_at(cs).is_some_and(|p| p.kind.is_lion()) {
                reach.hit(&format!(
                    "lion on the counter-strike square | {}",
                    reach::qualified(switches, "kirin-recapture")
                ));
            }
        }
        let last = |c: Colour| if c == Colour::White { 11 } else { 0 };
        let in_zone = |c: Colour, sq: Square| match c {
            Colour::White => sq.rank() >= 8,
            Colour::Black => sq.rank() <= 3,
        };
        let lance_home = moves.iter().any(|(_, m)| {
            pos.piece_at(m.from).is_some_and(|p| {
                p.kind == ChuKind::Lance
                    && m.to.rank() == last(p.colour)
                    && in_zone(p.colour, m.from)
                    && pos.piece_at(m.to).is_none()
            })
        });
        if lance_home {
            reach.hit(&format!(
                "Lance steps onto its last rank from the zone | {}",
                reach::qualified(switches, "last-rank-promotion")
            ));
        }
        if setup.pieces().any(|(sq, p)| is_dead(setup, sq, p)) {
            reach.hit("dead piece on the board");
        }
    }

    /// The fuzz numbering of [`ChuSwitches::from_fuzz_bytes`]: one byte, a second only for the
    /// last three bare-king formulations.
    fn fuzz_switches(u: &mut Unstructured<'_>) -> ChuSwitches {
        let first = u8::arbitrary(u).unwrap_or(0);
        ChuSwitches::from_fuzz_bytes(first, || u8::arbitrary(u).unwrap_or(0))
    }

    /// The default reading and the one combination of the 336 that the text's length picks
    /// ([`Switches::combination`]): every combination for every text would make the `fen` target
    /// 96 times slower.
    fn fen_switches(text: &str) -> Vec<ChuSwitches> {
        let picked = ChuSwitches::combination(text.len());
        if picked == ChuSwitches::default() {
            vec![picked]
        } else {
            vec![ChuSwitches::default(), picked]
        }
    }
}
