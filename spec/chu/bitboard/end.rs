//! The end of the game (CHU-6, CHU-7): a side without royals, bare king under each switch,
//! lone royals, no legal move.

use super::bb::Bb;
use super::board::Board;
use super::movegen::Rules;
use super::tables::{KING_AREA, LAST_RANK};
use crate::chu::BareKing;
use crate::{Colour, Outcome, Reason};

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

    /// CHU-6.4, lishogi: whether colour `x` is bared and loses: its pieces (dead ones aside) are
    /// one royal; the opponent has more than one counting piece (its royal included) and exactly
    /// one royal, not attacked by `x` (a bare royal attacks only its eight neighbours); and the
    /// opponent has more than two counting pieces or none of them next to `x`'s royal.
    pub fn bared_lishogi(&self, x: usize) -> bool {
        let Some(king) = self.lone_royal(x) else {
            return false;
        };
        let y = x ^ 1;
        let theirs = self.counting(y);
        let area = KING_AREA[king];
        theirs.count() > 1
            && self.royals[y].is_single()
            && (area & self.royals[y]).is_empty()
            && (theirs.count() > 2 || (area & theirs).is_empty())
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
        self.royals[self.turn as usize].is_empty()
            || self.bare_king_winner(rules, bare).is_some()
            || self.lone_royals()
    }

    /// The winner by bare king under the switch, if a side is bared (CHU-6.4, CHU-7).
    pub fn bare_king_winner(&self, _rules: &Rules, bare: BareKing) -> Option<usize> {
        let us = self.turn as usize;
        match bare {
            _ => {
                if self.bared_lishogi(us) {
                    Some(us ^ 1)
                } else if self.bared_lishogi(us ^ 1) {
                    Some(us)
                } else {
                    None
                }
            }
        }
    }

    /// The outcome, if the game is over (CHU-6), in lishogi's order: the side to move has no
    /// royal; it has no legal move; bare king (the side to move first); lone royals.
    pub fn outcome(&self, rules: &Rules, bare: BareKing) -> Option<Outcome> {
        let us = self.turn as usize;
        if self.royals[us].is_empty() {
            return Some(Outcome::win(colour(us ^ 1), Reason::RoyalCaptured));
        }
        if self.count_moves(rules) == 0 {
            return Some(Outcome::win(colour(us ^ 1), Reason::NoLegalMove));
        }
        if let Some(w) = self.bare_king_winner(rules, bare) {
            return Some(Outcome::win(colour(w), Reason::BareKing));
        }
        if self.lone_royals() {
            return Some(Outcome::draw(Reason::BareKing));
        }
        None
    }

    /// Perft: leaves `depth` plies deep; the last ply is counted, not played (bulk counting).
    pub fn perft(&self, depth: u32, rules: &Rules, bare: BareKing) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.finished(rules, bare) {
            return 0;
        }
        if depth == 1 {
            return self.count_moves(rules);
        }
        let mut n = 0;
        self.generate(
            rules,
            &mut super::movegen::Emit(|m| n += self.make(m).perft(depth - 1, rules, bare)),
        );
        n
    }
}
