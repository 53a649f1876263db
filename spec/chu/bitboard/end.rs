//! The end of the game (CHU-6, CHU-7): a side without royals, bare king under each switch,
//! lone royals, no legal move.

use super::bb::Bb;
use super::board::Board;
use super::movegen::{Emit, Rules};
use super::tables::{KING_AREA, LAST_RANK};
use crate::chu::{BareKing, MunsterReading};
use crate::{Colour, Outcome, Reason};

/// CHU-7.5: clause (b)'s forced reduction is searched this many moves of the bared side deep
/// (the horizon SPEC.md states).
pub const MUNSTER_HORIZON: u32 = 3;

const fn colour(i: usize) -> Colour {
    if i == 0 {
        Colour::White
    } else {
        Colour::Black
    }
}

impl Board {
    /// CHU-2.3: the dead pieces of colour `c`, unpromoted Pawns and Lances on its last rank.
    #[inline(always)]
    pub fn dead(&self, c: usize) -> Bb {
        self.occ[c] & self.pawn_lance & LAST_RANK[c]
    }

    /// The pieces of colour `c` that count for bare king (CHU-6.4): all but unpromoted Pawns,
    /// Go-Betweens and dead pieces.
    #[inline(always)]
    fn counting(&self, c: usize) -> Bb {
        self.occ[c].minus(self.pawn_gb).minus(self.dead(c))
    }

    /// The royal of `x` when its only piece (dead pieces aside) is a single royal.
    #[inline(always)]
    pub fn lone_royal(&self, x: usize) -> Option<usize> {
        let live = self.occ[x].minus(self.dead(x));
        (live.is_single() && live == self.royals[x]).then(|| live.lsb())
    }

    /// The number of pieces of `c` other than dead pieces.
    #[inline(always)]
    fn live_count(&self, c: usize) -> u32 {
        self.occ[c].minus(self.dead(c)).count()
    }

    /// Whether `x` is bare: its pieces, dead ones aside, are exactly one royal.
    #[inline(always)]
    fn bare(&self, x: usize) -> bool {
        self.lone_royal(x).is_some()
    }

    /// Whether `x` is bare as a Münster reading counts (CHU-7.3): with `all_pieces` its only
    /// piece on the board, dead ones included, is a royal; otherwise [`Board::bare`].
    #[inline(always)]
    fn bare_as(&self, x: usize, all_pieces: bool) -> bool {
        if all_pieces {
            self.occ[x].is_single() && self.occ[x] == self.royals[x]
        } else {
            self.bare(x)
        }
    }

    /// CHU-7.7, the instantaneous reading: `x` is bare (dead pieces aside), the opponent is not
    /// and has a royal.
    fn bared_instantly(&self, x: usize) -> bool {
        let y = x ^ 1;
        self.bare(x) && !self.bare(y) && self.royals[y].nonempty()
    }

    /// CHU-7.1, lishogi: whether colour `x` is bared and loses: `x` is bare; the opponent has
    /// more than one counting piece (royals included) and a royal, none of its royals next to
    /// `x`'s royal (a bare royal attacks only its eight neighbours); and the opponent has more
    /// than two counting pieces or none of them next to `x`'s royal.
    fn bared_lishogi(&self, x: usize) -> bool {
        let Some(king) = self.lone_royal(x) else {
            return false;
        };
        let y = x ^ 1;
        let theirs = self.counting(y);
        let area = KING_AREA[king];
        theirs.count() > 1
            && self.royals[y].nonempty()
            && (area & self.royals[y]).is_empty()
            && (theirs.count() > 2 || (area & theirs).is_empty())
    }

    /// CHU-7.2, JCSA: `x` is bare and the opponent has exactly two counting pieces, one of
    /// them royal, and `x`'s royal attacks neither (no immediate recapture).
    fn bared_jcsa(&self, x: usize) -> bool {
        let Some(king) = self.lone_royal(x) else {
            return false;
        };
        let y = x ^ 1;
        let theirs = self.counting(y);
        theirs.count() == 2 && self.royals[y].nonempty() && (KING_AREA[king] & theirs).is_empty()
    }

    /// CHU-6.6: both sides reduced to a lone royal (dead pieces aside), not next to each other.
    pub fn lone_royals(&self) -> bool {
        match (self.lone_royal(0), self.lone_royal(1)) {
            (Some(a), Some(_)) => (KING_AREA[a] & self.royals[1]).is_empty(),
            _ => false,
        }
    }

    /// Whether the game is over in this position, except by having no legal move (a perft
    /// leaf's count is zero then anyway).
    pub fn finished(&self, rules: &Rules, bare: BareKing) -> bool {
        self.royals[0].is_empty()
            || self.royals[1].is_empty()
            || self.bare_king_verdict(rules, bare).is_some()
            || self.lone_royals()
    }

    /// The verdict of bare king under the switch (CHU-6.4, CHU-7): `Some(Some(winner))`,
    /// `Some(None)` for a draw, `None` if no side is bared (or the rule does not end the game).
    /// Both sides have a royal.
    pub fn bare_king_verdict(&self, rules: &Rules, bare: BareKing) -> Option<Option<usize>> {
        let us = self.turn as usize;
        let test = |f: fn(&Board, usize) -> bool| {
            if f(self, us) {
                Some(Some(us ^ 1))
            } else if f(self, us ^ 1) {
                Some(Some(us))
            } else {
                None
            }
        };
        match bare {
            BareKing::Lishogi => test(Board::bared_lishogi),
            BareKing::Jcsa => test(Board::bared_jcsa),
            BareKing::Instantaneous => test(Board::bared_instantly),
            BareKing::Munster1997
            | BareKing::Munster1997Emended
            | BareKing::Munster1997AllPieces
            | BareKing::Munster1997EmendedAllPieces => {
                let reading = bare.munster()?;
                let all = reading.all_pieces;
                [us, us ^ 1]
                    .into_iter()
                    .find(|&x| {
                        let y = x ^ 1;
                        let pieces = if all {
                            self.occ[y].count()
                        } else {
                            self.live_count(y)
                        };
                        self.bare_as(x, all) && pieces >= 2 && self.royals[y].nonempty()
                    })
                    .map(|x| self.munster(x, rules, reading))
            }
        }
    }

    /// CHU-7.3, CHU-7.4: Münster 1997 for the bared side `x` (the opponent not bare, with a
    /// royal). With `x` to move: (c) if `x`'s royal attacks the opponent's only royal, `x` wins;
    /// (a)/(b) if `x` can force the opponent bare (or royal-less) within [`MUNSTER_HORIZON`] of
    /// its own moves, a draw; otherwise `x` loses. With the opponent to move, only (b), the
    /// opponent moving first. "Bare" is the reading's ([`Board::bare_as`]).
    fn munster(&self, x: usize, rules: &Rules, reading: MunsterReading) -> Option<usize> {
        let y = x ^ 1;
        // `x` is bare: its one royal (which is all it has, dead pieces aside).
        let king = self.royals[x].lsb();
        if self.turn as usize == x {
            if self.royals[y].is_single() && (KING_AREA[king] & self.royals[y]).nonempty() {
                return Some(x);
            }
            if self.x_forces(x, MUNSTER_HORIZON, rules, reading) {
                return None;
            }
        } else if self.y_cannot_escape(x, MUNSTER_HORIZON, rules, reading) {
            return None;
        }
        Some(y)
    }

    /// Whether `y` (the opponent of `x`) is reduced as clause (b) asks (CHU-7.5): without royals
    /// (it has lost, CHU-6.2: that always counts), or bare — emended, only while no piece of `y`
    /// attacks a royal of `x`. "Bare" is the reading's ([`Board::bare_as`]).
    fn reduced(&self, x: usize, reading: MunsterReading) -> bool {
        let y = x ^ 1;
        if self.royals[y].is_empty() {
            return true;
        }
        if !self.bare_as(y, reading.all_pieces) {
            return false;
        }
        if !reading.emended {
            return true;
        }
        let occ = self.occ[0] | self.occ[1];
        let mut royals = self.royals[x];
        !royals.any(|r| self.attacked_by(r, self.occ[y], y, occ))
    }

    /// With `x` to move: some move of `x` reduces `y` at once, or leads, against every reply
    /// of `y` that leaves `x` a royal, to a position where this holds with one move less.
    fn x_forces(&self, x: usize, moves: u32, rules: &Rules, reading: MunsterReading) -> bool {
        if moves == 0 {
            return false;
        }
        let mut found = false;
        self.generate(
            rules,
            &mut Emit(|m| {
                if found {
                    return;
                }
                let after = self.make(m);
                found = after.reduced(x, reading)
                    || (moves > 1 && after.y_cannot_escape(x, moves - 1, rules, reading));
            }),
        );
        found
    }

    /// With `y` to move: every move of `y` leaves `x` a royal and a win by [`Board::x_forces`]
    /// within `moves`. A `y` without a legal move has lost (CHU-6.3): nothing escapes.
    fn y_cannot_escape(
        &self,
        x: usize,
        moves: u32,
        rules: &Rules,
        reading: MunsterReading,
    ) -> bool {
        let mut escaped = false;
        self.generate(
            rules,
            &mut Emit(|m| {
                if escaped {
                    return;
                }
                let after = self.make(m);
                escaped = after.royals[x].is_empty() || !after.x_forces(x, moves, rules, reading);
            }),
        );
        !escaped
    }

    /// The outcome, if the game is over (CHU-6): the side to move has no royal (it loses), the
    /// other side has none (it loses), no legal move (the side to move loses), bare king under
    /// the switch, lone royals (a draw).
    pub fn outcome(&self, rules: &Rules, bare: BareKing) -> Option<Outcome> {
        let us = self.turn as usize;
        if self.royals[us].is_empty() {
            return Some(Outcome::win(colour(us ^ 1), Reason::RoyalCaptured));
        }
        if self.royals[us ^ 1].is_empty() {
            return Some(Outcome::win(colour(us), Reason::RoyalCaptured));
        }
        if self.count_moves(rules) == 0 {
            return Some(Outcome::win(colour(us ^ 1), Reason::NoLegalMove));
        }
        match self.bare_king_verdict(rules, bare) {
            Some(Some(w)) => return Some(Outcome::win(colour(w), Reason::BareKing)),
            Some(None) => return Some(Outcome::draw(Reason::BareKing)),
            None => {}
        }
        if self.lone_royals() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        None
    }
}
