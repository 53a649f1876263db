//! Move generation: attacks from the tables, the lion powers, the lion-trading rules (CHU-5),
//! promotion (CHU-4), and one generator that either emits moves or only counts them (bulk
//! counting at the last ply of perft).

use super::bb::{for_squares, Bb};
use super::board::{Board, EMPTY};
use super::lines::{
    LAST_LINE, LINE_ATT, LINE_DIRS, LINE_INDEX, LINE_POS, LINE_TYPES, LINE_VALID, SIDE_MASK,
    ZONE_LINE,
};
use super::lions::{self, lion_moves, lion_protected};
pub use super::sink::{Counter, Emit, Rules, Sink};
use super::steps::{shift, JUMPS, JUMP_CLASS};
use super::tables::{
    is_positive, FLAGS, LAST_RANK, LEAP, LION, LION_DIRS, LION_POWER, N, NEIGHBOUR, NONE, PAWN,
    PROMOTES, RAYS, S, SLIDE, ZONE,
};
use crate::chu::CounterStrike;

/// The squares a slider on `sq` reaches in the directions `dirs` (absolute), stopping at (and
/// including) the first occupied square of each ray.
#[inline(always)]
pub fn slides(sq: usize, dirs: u8, occ: Bb) -> Bb {
    let mut a = Bb::EMPTY;
    let mut m = dirs;
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        let ray = RAYS[d][sq];
        let blockers = ray & occ;
        if blockers.nonempty() {
            let b = if is_positive(d) {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            a |= ray ^ RAYS[d][b];
        } else {
            a |= ray;
        }
    }
    a
}

/// The squares a piece of `kind` and `colour` on `sq` attacks with occupancy `occ` (CHU-3).
#[inline(always)]
pub fn attacks(sq: usize, kind: usize, colour: usize, occ: Bb) -> Bb {
    LEAP[colour][kind][sq] | slides(sq, SLIDE[colour][kind], occ)
}

impl Board {
    /// Whether a piece of `pieces` (all of colour `colour`) attacks `target` when the occupied
    /// squares are `occ` ([`lions::attacked_by`] on this board).
    pub fn attacked_by(&self, target: usize, pieces: Bb, colour: usize, occ: Bb) -> bool {
        lions::attacked_by(self, target, pieces, colour, occ)
    }

    /// L3 (CHU-5.3): the enemy lions a non-lion might be barred from capturing this move:
    /// after a non-lion captured a lion, every enemy lion — but the one on the counter-strike
    /// square where `kirin-recapture` spares it. Empty without a counter-strike square.
    #[inline(always)]
    fn counter_strike_lions(&self, rules: &Rules) -> Bb {
        let cs = self.counter_strike;
        if cs == NONE {
            return Bb::EMPTY;
        }
        let lions = self.lions[(self.turn ^ 1) as usize];
        if rules.spare_counter_strike_square {
            lions.minus(Bb::bit(cs as usize))
        } else {
            lions
        }
    }

    /// L3 (CHU-5.3): whether the non-lion on `from` may not capture the enemy lion on
    /// `target` (one of [`Board::counter_strike_lions`]), directly or as the second leg after
    /// `mid`: always under lishogi's rule; under JCSA's only if that lion is protected, judged
    /// as L2 judges it ([`lion_protected`]: the capturing piece lifted, the first-leg square
    /// emptied, the lion-protection switch) but without L2's bridge capture, which is a lion's
    /// exception (the reading in CHU-5.3).
    fn counter_strike_bars(&self, from: usize, mid: usize, target: usize, rules: &Rules) -> bool {
        match rules.counter_strike {
            CounterStrike::Lishogi => true,
            CounterStrike::Jcsa => {
                lion_protected(self, (self.turn ^ 1) as usize, from, mid, target, rules)
            }
        }
    }

    /// Every legal move of the side to move, into `sink`. The caller has checked that the game
    /// is not over (a finished game has no moves, CHU-9).
    #[inline]
    pub fn generate<S: Sink>(&self, rules: &Rules, sink: &mut S) {
        self.generate_counting::<S, false>(rules, sink);
    }

    /// [`Board::generate`], or with `RESULTS` (counting by result, CHU-9.5) one move per result of each piece: the
    /// two-step moves of a lion power through an empty middle square are left out (each ends
    /// where a step or jump of the same piece ends, judged by the same lion-trading rules, or it
    /// is a pass), except one pass per piece.
    #[inline(always)]
    pub fn generate_counting<S: Sink, const RESULTS: bool>(&self, rules: &Rules, sink: &mut S) {
        let us = self.turn as usize;
        let them = us ^ 1;
        let own = self.occ[us];
        let enemy = self.occ[them];
        let occ = own | enemy;
        let not_own = !own;
        let cs_lions = self.counter_strike_lions(rules);
        let zone = ZONE[us];
        let last = LAST_RANK[us];
        for_squares!(from in own => {
            let k = self.kind(from);
            let f = FLAGS[k];
            if f & LION != 0 {
                lion_moves::<S, RESULTS>(self, us, from, not_own, rules, sink);
                continue;
            }
            let mut dests = attacks(from, k, us, occ) & not_own;
            if cs_lions.nonempty() {
                for t in dests & cs_lions {
                    if self.counter_strike_bars(from, NONE as usize, t, rules) {
                        dests = dests.minus(Bb::bit(t));
                    }
                }
            }
            // CHU-4.2, CHU-4.3: entering the zone, a capture from or into it, a Pawn or Lance
            // reaching the last rank.
            let promos = if f & PROMOTES != 0 {
                let mut p = if zone.has(from) {
                    dests & enemy
                } else {
                    dests & zone
                };
                if f & rules.last_rank_promoters != 0 {
                    p |= dests & last;
                }
                p
            } else {
                Bb::EMPTY
            };
            sink.moves(from, dests, promos);
            if f & LION_POWER != 0 {
                self.lion_power_two_steps::<S, RESULTS>(from, k, dests, rules, sink);
            }
        });
    }

    /// CHU-3.6: the two-step moves of a Horned Falcon or Soaring Eagle on `from`: on each of
    /// its lion rays `d`, a step to `d` (an empty or enemy square of `dests`), then on to `2d`
    /// (empty or enemy, and not a lion L3 bars) or back to `from` (igui or pass). No turns.
    /// With `RESULTS`, through an empty middle square only the pass, once (CHU-9.5).
    #[inline(always)]
    fn lion_power_two_steps<S: Sink, const RESULTS: bool>(
        &self,
        from: usize,
        k: usize,
        dests: Bb,
        rules: &Rules,
        sink: &mut S,
    ) {
        let mut dirs = LION_DIRS[self.turn as usize][k];
        let mut passed = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let mid = NEIGHBOUR[d][from];
            if mid == NONE || !dests.has(mid as usize) {
                continue;
            }
            if RESULTS && self.mailbox[mid as usize] == EMPTY {
                if !passed {
                    passed = true;
                    sink.two_steps(from, mid as usize, Bb::bit(from));
                }
                continue;
            }
            let mut finals = Bb::bit(from);
            let far = NEIGHBOUR[d][mid as usize];
            if far != NONE && !self.occ[self.turn as usize].has(far as usize) {
                let far = far as usize;
                // L3 judged for this path (the first leg may change the protection).
                if !(self.counter_strike_lions(rules).has(far)
                    && self.counter_strike_bars(from, mid as usize, far, rules))
                {
                    finals = finals.with(far);
                }
            }
            sink.two_steps(from, mid as usize, finals);
        }
    }

    /// The step moves of the side to move (CHU-3.2), with their promotions (CHU-4.2, CHU-4.3),
    /// counted direction by direction for all its pieces at once ([`super::steps`]). In one
    /// direction each target square has one origin, so the shifted subsets (the promoting
    /// pieces inside and outside the zone, the Pawns that reach the last rank) pick out exactly
    /// the moves that promote.
    #[inline(always)]
    fn count_steps(&self, rules: &Rules, not_own: Bb) -> u64 {
        let us = self.turn as usize;
        let enemy = self.occ[us ^ 1];
        let zone = ZONE[us];
        let promotable = self.promotable & self.occ[us];
        let inside = promotable & zone;
        let outside = promotable.minus(zone);
        let pawns = if rules.last_rank_promoters & PAWN != 0 {
            inside & self.pawn_gb & self.pawn_lance
        } else {
            Bb::EMPTY
        };
        let forward = if us == 0 { N } else { S };
        let mut n = 0;
        for (d, &s) in self.steps[us].iter().enumerate() {
            let dest = shift(s, d) & not_own;
            n += dest.count();
            n += (shift(s & inside, d) & dest & enemy).count();
            n += (shift(s & outside, d) & dest & zone).count();
            if d == forward {
                n += (shift(s & pawns, d) & dest & LAST_RANK[us])
                    .minus(enemy)
                    .count();
            }
        }
        u64::from(n)
    }

    /// The number of legal moves (no game-over test): what [`Board::generate`] would emit,
    /// counted the fast way for perft's last ply. Slides are counted by one table lookup per
    /// line type on the line occupancies ([`super::lines::LINE_ATT`]) instead of walking rays;
    /// steps, jumps and lions as in `generate`. A position with a counter-strike square (rare)
    /// is counted through `generate`.
    ///
    /// Counting is mostly population counts; where the CPU has the `POPCNT` instruction (every
    /// x86-64 CPU since about 2008, but not the x86-64 baseline Rust compiles for) the body is
    /// compiled a second time with it enabled and chosen at run time.
    #[inline]
    pub fn count_moves(&self, rules: &Rules) -> u64 {
        self.count_counting::<false>(rules)
    }

    /// [`Board::count_moves`], or with `RESULTS` the number of distinct results (CHU-9.5).
    #[inline]
    pub fn count_counting<const RESULTS: bool>(&self, rules: &Rules) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt") {
                // Safety: `count_moves_popcnt` only needs the POPCNT instruction, which the CPU
                // has (checked on the line above). Measured: start perft(5) 1.9 s without,
                // 1.0 s with it (`cargo bench --bench chu`).
                return unsafe { self.count_moves_popcnt::<RESULTS>(rules) };
            }
        }
        self.count_moves_body::<RESULTS>(rules)
    }

    /// [`Board::count_moves`] compiled with the `POPCNT` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_moves_popcnt<const RESULTS: bool>(&self, rules: &Rules) -> u64 {
        self.count_moves_body::<RESULTS>(rules)
    }

    #[inline(always)]
    pub(super) fn count_moves_body<const RESULTS: bool>(&self, rules: &Rules) -> u64 {
        let mut c = Counter(0);
        if self.counter_strike != NONE {
            self.generate_counting::<_, RESULTS>(rules, &mut c);
            return c.0;
        }
        let us = self.turn as usize;
        let them = us ^ 1;
        let own = self.occ[us];
        let enemy = self.occ[them];
        let not_own = !own;
        let zone = ZONE[us];
        let own_lines = &self.lines[us];
        let their_lines = &self.lines[them];
        let mut n = self.count_steps(rules, not_own);
        // Word by word: two nested loops predict better than one iterator over 144 bits. The
        // zone is exactly one word (the four farthest ranks: 4 x 12 = 48 squares).
        let zone_word = if us == 0 { 2 } else { 0 };
        for word in 0..3 {
            let mut bits = self.per_piece[us].0[word];
            let in_zone = word == zone_word;
            while bits != 0 {
                let from = 48 * word + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = self.kind(from);
                let f = FLAGS[k];
                if f & LION != 0 {
                    lion_moves::<_, RESULTS>(self, us, from, not_own, rules, &mut c);
                    continue;
                }
                let promotes = f & PROMOTES != 0;
                let last_rank = f & rules.last_rank_promoters != 0;
                let class = JUMP_CLASS[k] as usize;
                if class != 0 {
                    let leap = JUMPS[us][class][from] & not_own;
                    n += leap.count() as u64;
                    if promotes {
                        let p = if in_zone { leap & enemy } else { leap & zone };
                        n += p.count() as u64;
                    }
                    if f & LION_POWER != 0 {
                        self.lion_power_two_steps::<_, RESULTS>(from, k, leap, rules, &mut c);
                    }
                }
                let dirs = LINE_DIRS[us][k];
                let mut types = LINE_TYPES[us][k];
                while types != 0 {
                    let t = types.trailing_zeros() as usize;
                    types &= types - 1;
                    let sides = (dirs >> (2 * t)) & 3;
                    let line = LINE_INDEX[t][from] as usize;
                    let pos = LINE_POS[t][from] as usize;
                    let (mine, theirs) = (own_lines[line], their_lines[line]);
                    let inner = (((mine | theirs) >> 1) & 0x3ff) as usize;
                    let d = LINE_ATT[pos][inner]
                        & LINE_VALID[line]
                        & SIDE_MASK[pos][sides as usize]
                        & !mine;
                    n += d.count_ones() as u64;
                    if promotes {
                        let mut p = if in_zone {
                            d & theirs
                        } else {
                            d & ZONE_LINE[us][line]
                        };
                        if last_rank {
                            p |= d & LAST_LINE[us][line];
                        }
                        n += p.count_ones() as u64;
                    }
                }
            }
        }
        n + c.0
    }
}
