//! Royals and the end of the game (CHU-6), and the bare-king rule under each of its
//! formulations (CHU-7), chosen by the switch `bare-king` ([`BareKing`]).
//!
//! Terms used throughout:
//!
//! - a **dead piece** is an unpromoted Pawn or Lance on its owner's last rank: it can never move
//!   again (CHU-2.3);
//! - a side is **bare** when its pieces, dead pieces aside, are exactly one royal piece (King or
//!   Crown Prince) — except under the Münster readings that take the text's "only one piece on
//!   the board" literally (`munster1997-all-pieces`, `munster1997-emended-all-pieces`, CHU-7.3),
//!   where a dead piece counts as a piece ([`is_bare_as`]);
//! - the **counting pieces** of a side are its pieces except unpromoted Pawns, Go-Betweens and
//!   dead pieces (royals count). They decide lishogi's and the JCSA's bare-king rule.

use super::lion::distance;
use super::{is_attacked, last_rank, movement_moves, play};
use crate::chu::{BareKing, ChuKind, ChuSwitches, MunsterReading};
use crate::{Colour, Outcome, Piece, Reason, Setup, Square};

/// CHU-7.5 — the horizon of the bounded forced-win search that stands for clause (b) of the
/// Münster 1997 formulation: the bared side must bare the opponent (or take its last royal)
/// within this many of **its own** moves, against every defence, without losing its royal
/// first. Three moves: enough to walk up to a trapped piece and take it, small enough that the
/// search stays a few hundred thousand plies at most.
pub const MUNSTER_HORIZON: u32 = 3;

/// CHU-2.3 — whether `piece` on `sq` is a dead piece: an unpromoted Pawn or Lance on its
/// owner's last rank.
pub fn is_dead(setup: &Setup<ChuKind>, sq: Square, piece: Piece<ChuKind>) -> bool {
    matches!(piece.kind, ChuKind::Pawn | ChuKind::Lance)
        && sq.rank() == last_rank(piece.colour, setup)
}

/// CHU-2.2 — the squares of `colour`'s royal pieces (King, Crown Prince).
pub fn royals(setup: &Setup<ChuKind>, colour: Colour) -> Vec<Square> {
    setup
        .pieces()
        .filter(|&(_, p)| p.colour == colour && p.kind.is_royal())
        .map(|(sq, _)| sq)
        .collect()
}

/// The pieces of `colour` that are not dead.
fn live_pieces(setup: &Setup<ChuKind>, colour: Colour) -> Vec<(Square, Piece<ChuKind>)> {
    setup
        .pieces()
        .filter(|&(sq, p)| p.colour == colour && !is_dead(setup, sq, p))
        .collect()
}

/// CHU-6.4 — whether `colour` is bare: its pieces, dead pieces aside, are exactly one royal.
pub fn is_bare(setup: &Setup<ChuKind>, colour: Colour) -> bool {
    matches!(live_pieces(setup, colour)[..], [(_, p)] if p.kind.is_royal())
}

/// CHU-7.3 — whether `colour` is bare as a Münster reading counts pieces: with `all_pieces`,
/// when its only piece on the board is one royal, a dead piece counting as a piece (the text's
/// "only one piece on the board"); otherwise as [`is_bare`], dead pieces ignored.
pub fn is_bare_as(setup: &Setup<ChuKind>, colour: Colour, all_pieces: bool) -> bool {
    if !all_pieces {
        return is_bare(setup, colour);
    }
    let mut own = setup.pieces().filter(|&(_, p)| p.colour == colour);
    matches!((own.next(), own.next()), (Some((_, p)), None) if p.kind.is_royal())
}

/// Whether the Münster reading of `switches` counts dead pieces as pieces (CHU-7.3).
fn all_pieces(switches: &ChuSwitches) -> bool {
    switches.bare_king.munster().is_some_and(|r| r.all_pieces)
}

/// CHU-6.4 — the counting pieces of `colour`: all but unpromoted Pawns, Go-Betweens and dead
/// pieces (royals count).
pub fn counting_pieces(setup: &Setup<ChuKind>, colour: Colour) -> Vec<Square> {
    live_pieces(setup, colour)
        .into_iter()
        .filter(|(_, p)| !matches!(p.kind, ChuKind::Pawn | ChuKind::GoBetween))
        .map(|(sq, _)| sq)
        .collect()
}

/// Whether some royal of `victim` is attacked by `by`.
fn royal_attacked(setup: &Setup<ChuKind>, victim: Colour) -> bool {
    royals(setup, victim)
        .into_iter()
        .any(|sq| is_attacked(setup, sq, victim.other()))
}

/// CHU-6.2 — a side without a royal piece has lost: the side to move, if it has none (its last
/// royal was just captured); else the side not to move, if it has none (only a setup can say
/// so; the side to move has won). `None` while both have a royal.
pub fn royal_lost(setup: &Setup<ChuKind>) -> Option<Outcome> {
    let us = setup.turn;
    if royals(setup, us).is_empty() {
        Some(Outcome::win(us.other(), Reason::RoyalCaptured))
    } else if royals(setup, us.other()).is_empty() {
        Some(Outcome::win(us, Reason::RoyalCaptured))
    } else {
        None
    }
}

/// CHU-6.3 — the side to move has no legal move: it loses.
pub fn no_legal_move(setup: &Setup<ChuKind>) -> Outcome {
    Outcome::win(setup.turn.other(), Reason::NoLegalMove)
}

/// CHU-6.6 — both sides reduced to a lone royal (dead pieces aside), and neither royal attacked
/// (they are not adjacent): a draw, nobody can win. Two lone royals side by side play on: the
/// side to move takes the other.
pub fn lone_royals(setup: &Setup<ChuKind>) -> Option<Outcome> {
    let both_bare = Colour::ALL.into_iter().all(|c| is_bare(setup, c));
    let none_attacked = Colour::ALL.into_iter().all(|c| !royal_attacked(setup, c));
    (both_bare && none_attacked).then_some(Outcome::draw(Reason::InsufficientMaterial))
}

/// CHU-7.1 — lishogi's bare-king rule, judged on the position for each side X (the default):
/// X loses at once if (1) X is bare, (2) the opponent Y has more than one counting piece,
/// (3) Y has a royal, (4) no royal of Y is attacked, and (5) Y has more than two counting pieces
/// or none of them stands next to X's royal.
pub fn lishogi_bare_king(setup: &Setup<ChuKind>, x: Colour) -> bool {
    let y = x.other();
    let counting = counting_pieces(setup, y);
    let Some(&x_royal) = royals(setup, x).first() else {
        return false;
    };
    is_bare(setup, x)
        && counting.len() > 1
        && !royals(setup, y).is_empty()
        && !royal_attacked(setup, y)
        && (counting.len() > 2 || counting.iter().all(|&sq| distance(sq, x_royal) > 1))
}

/// CHU-7.2 — the JCSA's bare-king rule: X loses at once only in the ending of a lone royal
/// against a royal and one more counting piece (Y has exactly two counting pieces, one of them
/// royal), when X's royal attacks neither of them (it can neither take back the piece nor take
/// the royal). With more material the game plays on (it ends by capture).
pub fn jcsa_bare_king(setup: &Setup<ChuKind>, x: Colour) -> bool {
    let y = x.other();
    let counting = counting_pieces(setup, y);
    let Some(&x_royal) = royals(setup, x).first() else {
        return false;
    };
    let x_reaches = super::attacks(setup, x_royal);
    is_bare(setup, x)
        && counting.len() == 2
        && !royals(setup, y).is_empty()
        && counting.iter().all(|sq| !x_reaches.contains(sq))
}

/// Whether the side to move has a move that captures a royal of the other side.
fn can_take_a_royal(setup: &Setup<ChuKind>, switches: &ChuSwitches) -> bool {
    let targets = royals(setup, setup.turn.other());
    movement_moves(setup, switches).iter().any(|mv| {
        targets.contains(&mv.to) || mv.via.as_slice().iter().any(|sq| targets.contains(sq))
    })
}

/// CHU-7.3 to CHU-7.5 — whether the bared side `x` can force, within `n` of its own moves and
/// against every defence, a position in which the opponent `y` is bare, has no royal, or (when
/// `y` is to answer one of those moves) has no legal move — without losing its royal first.
/// Between two moves of `x`, `y` answers with every legal move; after the last one the search
/// looks no further. With `emended`, a move that bares `y` counts only if `y` cannot then take
/// a royal of `x` with its very next move; taking `y`'s last royal, or leaving `y` without a
/// legal move, always counts: the game is over (CHU-6.2, CHU-6.3) and `y` has no next move,
/// which is more than a reduction. The position may have either side to move. No other end rule
/// is applied inside the search; [`MUNSTER_HORIZON`] bounds it. Under a reading that counts dead
/// pieces (`munster1997-all-pieces`, `munster1997-emended-all-pieces`) "bare" is that reading's
/// ([`is_bare_as`]).
pub fn forces_reduction(
    setup: &Setup<ChuKind>,
    x: Colour,
    n: u32,
    emended: bool,
    switches: &ChuSwitches,
) -> bool {
    let y = x.other();
    let all = all_pieces(switches);
    if setup.turn == y {
        let replies = movement_moves(setup, switches);
        if replies.is_empty() {
            // y cannot answer: it has lost (CHU-6.3), which is more than a reduction.
            return true;
        }
        if can_take_a_royal(setup, switches) && royals(setup, x).len() == 1 {
            return false;
        }
        return replies.iter().all(|mv| {
            let child = play(setup, mv);
            !royals(&child, x).is_empty() && forces_reduction(&child, x, n, emended, switches)
        });
    }
    if n == 0 {
        return false;
    }
    movement_moves(setup, switches).iter().any(|mv| {
        let child = play(setup, mv);
        if royals(&child, y).is_empty() {
            // y has lost its last royal (CHU-6.2): more than a reduction, emended or not.
            return true;
        }
        if is_bare_as(&child, y, all) {
            return !emended || !can_take_a_royal(&child, switches);
        }
        n > 1 && forces_reduction(&child, x, n - 1, emended, switches)
    })
}

/// CHU-7.3, CHU-7.4 — the Münster 1997 rule (as written, or with the emendation): when X is bare
/// and the opponent Y is not (Y has a royal and some other live piece), X loses at once, except
/// when, with X to move:
///
/// - (c) X can take Y's sole royal with the very next move: Y loses;
/// - (a) X can bare Y with the very next move: a draw;
/// - (b) X can force the reduction of Y to a bare royal without losing its own first
///   ([`forces_reduction`], bounded by [`MUNSTER_HORIZON`] moves of X): a draw.
///
/// Emended: (a) and (b) hold only if Y cannot then take X's bare royal with its very next move.
/// If Y is to move (X bared itself by making a piece dead), (a) and (c) do not apply and (b)
/// searches from Y's move. With `all_pieces` a dead piece counts as a piece, for X and Y alike
/// ([`is_bare_as`]). `None` if the rule does not apply to X.
pub fn munster(
    setup: &Setup<ChuKind>,
    x: Colour,
    reading: MunsterReading,
    switches: &ChuSwitches,
) -> Option<Outcome> {
    munster_clause(setup, x, reading, switches).map(|(outcome, _)| outcome)
}

/// The clause of the Münster 1997 rule that gives a verdict (CHU-7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MunsterClause {
    /// (c): the bared side takes the opponent's sole royal next move — the opponent loses.
    TakesTheRoyal,
    /// (a): the bared side bares the opponent with the very next move — a draw.
    BaresAtOnce,
    /// (b): a forced reduction within the horizon of CHU-7.5 — a draw.
    ForcedReduction,
    /// None of the exceptions: the bared side loses.
    NoException,
}

impl MunsterClause {
    /// The clause in a few words, as the explanations say it.
    pub fn words(self) -> &'static str {
        match self {
            MunsterClause::TakesTheRoyal => {
                "clause (c): the bared side can take the opponent's sole royal with its next move"
            }
            MunsterClause::BaresAtOnce => {
                "clause (a): the bared side can bare the opponent with its next move"
            }
            MunsterClause::ForcedReduction => {
                "clause (b): the bared side can force the opponent bare within the horizon"
            }
            MunsterClause::NoException => "no exception (a), (b) or (c) saves the bared side",
        }
    }
}

/// [`munster`], with the clause that decided.
pub fn munster_clause(
    setup: &Setup<ChuKind>,
    x: Colour,
    reading: MunsterReading,
    switches: &ChuSwitches,
) -> Option<(Outcome, MunsterClause)> {
    let MunsterReading {
        emended,
        all_pieces,
    } = reading;
    let y = x.other();
    let y_royals = royals(setup, y);
    let bare = |s: &Setup<ChuKind>, c: Colour| is_bare_as(s, c, all_pieces);
    if !bare(setup, x) || bare(setup, y) || y_royals.is_empty() {
        return None;
    }
    let draw = Outcome::draw(Reason::BareKing);
    if setup.turn == x {
        // (c): the sole royal of Y within reach.
        if y_royals.len() == 1 && can_take_a_royal(setup, switches) {
            return Some((
                Outcome::win(x, Reason::BareKing),
                MunsterClause::TakesTheRoyal,
            ));
        }
        // (a): bare Y with the very next move.
        let bares_at_once = movement_moves(setup, switches).iter().any(|mv| {
            let child = play(setup, mv);
            bare(&child, y) && !(emended && can_take_a_royal(&child, switches))
        });
        if bares_at_once {
            return Some((draw, MunsterClause::BaresAtOnce));
        }
    }
    // (b): a forced reduction within the horizon.
    if forces_reduction(setup, x, MUNSTER_HORIZON, emended, switches) {
        return Some((draw, MunsterClause::ForcedReduction));
    }
    Some((
        Outcome::win(y, Reason::BareKing),
        MunsterClause::NoException,
    ))
}

/// CHU-7.7 — Adams's first interpretation, "the game is won at the instantaneous moment at
/// which a bare king appears": X loses at once when X is bare (dead pieces ignored, as in
/// CHU-7's definition), the opponent Y is not, and Y has a royal — whatever either side could do
/// next. Two bare sides give no verdict (CHU-6.6 decides).
pub fn instantaneous_bare_king(setup: &Setup<ChuKind>, x: Colour) -> bool {
    let y = x.other();
    is_bare(setup, x) && !is_bare(setup, y) && !royals(setup, y).is_empty()
}

/// CHU-6.4, CHU-7 — the bare-king verdict of the position under the switch, for whichever side
/// is bared (at most one side can be while the other is not).
pub fn bare_king(setup: &Setup<ChuKind>, switches: &ChuSwitches) -> Option<Outcome> {
    for x in [setup.turn, setup.turn.other()] {
        let verdict = match switches.bare_king {
            BareKing::Lishogi => {
                lishogi_bare_king(setup, x).then_some(Outcome::win(x.other(), Reason::BareKing))
            }
            BareKing::Jcsa => {
                jcsa_bare_king(setup, x).then_some(Outcome::win(x.other(), Reason::BareKing))
            }
            BareKing::Instantaneous => instantaneous_bare_king(setup, x)
                .then_some(Outcome::win(x.other(), Reason::BareKing)),
            BareKing::Munster1997
            | BareKing::Munster1997Emended
            | BareKing::Munster1997AllPieces
            | BareKing::Munster1997EmendedAllPieces => {
                let reading = switches.bare_king.munster()?;
                munster(setup, x, reading, switches)
            }
        };
        if verdict.is_some() {
            return verdict;
        }
    }
    None
}

/// CHU-6 — whether the game is over by a rule judged on the position alone: a side without a
/// royal (CHU-6.2), the bare-king rule of the switch (CHU-6.4, CHU-7), two lone royals
/// (CHU-6.6). (The other end, having no legal move, CHU-6.3, is the generator's.)
pub fn end_by_rule(setup: &Setup<ChuKind>, switches: &ChuSwitches) -> Option<Outcome> {
    royal_lost(setup)
        .or_else(|| bare_king(setup, switches))
        .or_else(|| lone_royals(setup))
}

/// CHU-7 — the rule of SPEC.md that gave the bare-king verdict of `setup` under `switches`, and
/// what decided it in words (the formulation, and for Münster the clause): `CHU-7.1` lishogi,
/// `CHU-7.2` JCSA, `CHU-7.3` Münster as written (its clause (b) searched as `CHU-7.5` says),
/// `CHU-7.4` emended, `CHU-7.7` instantaneous. `None` when no bare-king verdict ends the game.
pub fn bare_king_cause(
    setup: &Setup<ChuKind>,
    switches: &ChuSwitches,
) -> Option<(crate::trace::Rule, String)> {
    bare_king(setup, switches)?;
    let name = |c: Colour| <crate::chu::Chu as crate::Game>::side_name(c);
    // The bared side: the loser, or for a draw or a win by clause (c) the side that is bare.
    let bared = [setup.turn, setup.turn.other()].into_iter().find(|&x| {
        match switches.bare_king.munster() {
            Some(r) => is_bare_as(setup, x, r.all_pieces),
            None => is_bare(setup, x),
        }
    })?;
    let rule_words = match switches.bare_king {
        BareKing::Lishogi => (
            "CHU-7.1",
            "lishogi's rule: all five conditions hold".to_string(),
        ),
        BareKing::Jcsa => (
            "CHU-7.2",
            "the JCSA's rule: a royal and one piece the bare royal cannot take".to_string(),
        ),
        BareKing::Instantaneous => (
            "CHU-7.7",
            "the instantaneous reading: the bare royal loses the moment it appears".to_string(),
        ),
        other => {
            let reading = other.munster()?;
            let (_, clause) = munster_clause(setup, bared, reading, switches)?;
            let rule = match (reading.emended, clause) {
                (_, MunsterClause::ForcedReduction) => "CHU-7.5",
                (true, _) => "CHU-7.4",
                (false, _) => "CHU-7.3",
            };
            (rule, clause.words().to_string())
        }
    };
    Some((
        rule_words.0,
        format!("{} is bared; {}", name(bared), rule_words.1),
    ))
}

/// The rule of SPEC.md that ended the game in `setup` with `outcome`: for a bare king the
/// formulation's ([`bare_king_cause`]), else the rule of its reason ([`outcome_rule`]).
pub fn ended_by(
    setup: &Setup<ChuKind>,
    switches: &ChuSwitches,
    outcome: &Outcome,
) -> crate::trace::Rule {
    match outcome.reason {
        Reason::BareKing => bare_king_cause(setup, switches)
            .map_or_else(|| outcome_rule(outcome.reason), |(rule, _)| rule),
        reason => outcome_rule(reason),
    }
}

/// The rule of SPEC.md that ends a game for `reason` (for a trace and for the explanations):
/// for a bare king the chapter's rule CHU-6.4; [`bare_king_cause`] names the formulation's.
pub fn outcome_rule(reason: Reason) -> crate::trace::Rule {
    match reason {
        Reason::RoyalCaptured => "CHU-6.2",
        Reason::NoLegalMove => "CHU-6.3",
        Reason::BareKing => "CHU-6.4",
        Reason::InsufficientMaterial => "CHU-6.6",
        Reason::Repetition => "CHU-6.5",
        _ => "CHU-6.7",
    }
}
