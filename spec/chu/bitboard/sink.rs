//! What the move generator reads and where its moves go: the switches in the generator's form
//! ([`Rules`]) and the two sinks, one counting moves ([`Counter`]) and one handing each to a
//! closure ([`Emit`]). Apart from [`super::movegen`] so that the lion rules ([`super::lions`]) and
//! the generator can both use them without importing each other.

use super::bb::{for_squares, Bb};
use super::board::Mv;
use super::tables::{LANCE, PAWN};
use crate::chu::{CounterStrike, LastRankPromotion, LionProtection};

/// The switches the move generator needs, in the form it reads them.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub counter_strike: CounterStrike,
    /// Whether the counter-strike rule spares the lion on the counter-strike square (a Kirin
    /// that promoted as it took a lion; switch `kirin-recapture`).
    pub spare_counter_strike_square: bool,
    pub lion_protection: LionProtection,
    /// The kind flags that may promote on reaching the last rank (CHU-4.3).
    pub last_rank_promoters: u8,
}

impl Rules {
    pub fn new(
        counter_strike: CounterStrike,
        lion_protection: LionProtection,
        last_rank: LastRankPromotion,
    ) -> Rules {
        Rules {
            counter_strike,
            spare_counter_strike_square: true,
            lion_protection,
            last_rank_promoters: match last_rank {
                LastRankPromotion::PawnAndLance => PAWN | LANCE,
                LastRankPromotion::PawnOnly => PAWN,
            },
        }
    }
}

/// Where generated moves go: [`Counter`] only counts them, [`Emit`] hands each to a closure.
pub trait Sink {
    /// The moves of the piece on `from` to each square of `dests`, and, for the squares of
    /// `promos` (a subset), the same move with promotion as well.
    fn moves(&mut self, from: usize, dests: Bb, promos: Bb);
    /// The two-step moves `from mid to` for each `to` in `finals`.
    fn two_steps(&mut self, from: usize, mid: usize, finals: Bb);
}

/// Counts moves without making them.
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn moves(&mut self, _: usize, dests: Bb, promos: Bb) {
        self.0 += (dests.count() + promos.count()) as u64;
    }

    #[inline(always)]
    fn two_steps(&mut self, _: usize, _: usize, finals: Bb) {
        self.0 += finals.count() as u64;
    }
}

/// Hands every move to a closure.
pub struct Emit<F: FnMut(Mv)>(pub F);

impl<F: FnMut(Mv)> Sink for Emit<F> {
    #[inline(always)]
    fn moves(&mut self, from: usize, dests: Bb, promos: Bb) {
        for_squares!(to in dests => { (self.0)(Mv::new(from, to, false)); });
        for_squares!(to in promos => { (self.0)(Mv::new(from, to, true)); });
    }

    #[inline(always)]
    fn two_steps(&mut self, from: usize, mid: usize, finals: Bb) {
        for_squares!(to in finals => { (self.0)(Mv::two_step(from, mid, to)); });
    }
}
