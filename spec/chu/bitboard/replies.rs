//! Perft's last two plies counted from the parent: the opponent's replies to every move of the
//! side to move, without playing the moves.
//!
//! A move changes at most three squares (from, the middle square of a two-step move, to). Only
//! the opponent's pieces whose moves touch one of them can reply differently: a slider whose ray
//! reached a changed square, a stepper or jumper that lands there, a lion within two squares. So
//! the opponent's moves are counted once, piece by piece, in the parent as if the opponent were
//! to move ([`Replies`]: each piece's count and, for each square, the pieces whose moves depend
//! on it); then each move's reply count is that total with the pieces on its changed squares
//! counted again on the occupancy after the move, and the pieces it captures taken out.
//!
//! The same counting decides as the full count of the position after the move
//! ([`Board::count_counting`]): the per-piece count below is the per-piece part of
//! [`Board::generate_counting`] (attacks, promotion, lion powers) on the new occupancy. Where
//! the result could depend on more than occupancy the move is played and counted in full:
//! a non-lion taking a lion (the counter-strike rule L3 then binds the replies, CHU-5.3), a side
//! with fewer than two pieces off its last rank (bare king may end the game, CHU-6.4, CHU-7), or
//! more than 64 pieces of the opponent (the masks below are 64 bits). A lion two squares from
//! an enemy lion (L2, CHU-5.2: whether it may take that lion depends on the lion's protection)
//! also depends on the squares where the lion's defenders and what blocks them can stand (a
//! line through it, or within two squares); it is counted on the position after the move, read
//! without playing it ([`super::lions::After`]), as the plain lion count less the captures L2
//! bars there ([`lion_near`]).
//!
//! Measured (callgrind, `fairyspec perft chu 4 --count results`): see [`super::bb`].
//!
//! Tried and not kept (callgrind, `perft_counting` by result to depth 4 on the second and third
//! positions with several lions of the Chu bench, which take 1,184 M and 1,034 M instructions
//! here; there about one lion judged by L2 is counted again per move, half the instructions, a
//! fifth in L2's judgements): reading a narrower set of squares for such a lion (around each
//! lion it may take, and along each line only up to the first piece farther than two squares)
//! 1,191 M and 1,041 M — the extra slides cost what the fewer recounts save; on top of that,
//! keeping L2's judgements made on the parent for the moves that leave the squares they read
//! unchanged (the protector and the squares between it and the lion where protected), through
//! the lion's own count or through its count less the barred captures, 1,299–1,376 M and
//! 1,064–1,181 M — the bookkeeping costs more than the judgements it saves.
//!
//! Kept (same measure, third position 1,041 M -> 832 M instructions): such a lion counted as
//! [`lion`]'s count less the barred captures instead of through `lion_moves` and a sink, with
//! the two-step through a Pawn or Go-Between not judged again where lishogi's reading already
//! found the lion protected (1,041 M -> 923 M, together with the next); L2's protection test
//! asking the pieces within two squares first and the farther ones only about a slide; the
//! captured pieces read from the mailbox and their slots taken out before the loop; the
//! bare-king tests of each move skipped when no move can leave a side bare (923 M -> 832 M).

use super::bb::{for_squares, Bb};
use super::board::{Board, Mv, EMPTY};
use super::lions::{lion_protected, After, Pieces};
use super::movegen::{attacks, Emit, Rules, Sink};
use super::tables::{
    DIST2, FLAGS, KING_AREA, LAST_RANK, LINES, LION, LION_AREA, LION_DIRS, LION_POWER, NEIGHBOUR,
    NONE, PAWN_GB, PROMOTES, PROMOTES_TO, SQUARES, ZONE,
};
use crate::chu::{BareKing, LionProtection};

/// Whether `occ` (the pieces of colour `c`) has two squares off `c`'s last rank: such a side is
/// not bare (only pieces on its last rank can be dead, CHU-2.3).
#[inline(always)]
pub fn two_off_last(occ: Bb, c: usize) -> bool {
    let w = occ.minus(LAST_RANK[c]).0;
    let lowest_cleared = if w[0] != 0 {
        [w[0] & (w[0] - 1), w[1], w[2]]
    } else if w[1] != 0 {
        [0, w[1] & (w[1] - 1), w[2]]
    } else {
        [0, 0, w[2] & w[2].wrapping_sub(1)]
    };
    lowest_cleared != [0, 0, 0]
}

/// The number of moves of the non-lion piece of kind `k` and colour `c` on `sq` when `own` are
/// its side's pieces and `enemy` the other side's, without a counter-strike square; and the
/// squares its moves depend on (its attack set). As [`Board::generate_counting`] counts them.
#[inline(always)]
fn piece<const RESULTS: bool>(
    sq: usize,
    k: usize,
    c: usize,
    own: Bb,
    enemy: Bb,
    rules: &Rules,
) -> (u32, Bb) {
    let f = FLAGS[k];
    let att = attacks(sq, k, c, own | enemy);
    let dests = att.minus(own);
    let mut n = dests.count();
    if f & PROMOTES != 0 {
        // CHU-4.2, CHU-4.3.
        let zone = ZONE[c];
        let mut p = if zone.has(sq) {
            dests & enemy
        } else {
            dests & zone
        };
        if f & rules.last_rank_promoters != 0 {
            p |= dests & LAST_RANK[c];
        }
        n += p.count();
    }
    if f & LION_POWER != 0 {
        // CHU-3.6, as `lion_power_two_steps` (L3 needs a counter-strike square).
        let mut dirs = LION_DIRS[c][k];
        let mut passed = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let mid = NEIGHBOUR[d][sq];
            if mid == NONE || !dests.has(mid as usize) {
                continue;
            }
            if RESULTS && !enemy.has(mid as usize) {
                n += u32::from(!passed);
                passed = true;
                continue;
            }
            let far = NEIGHBOUR[d][mid as usize];
            n += 1 + u32::from(far != NONE && !own.has(far as usize));
        }
    }
    (n, att)
}

/// The number of moves of a lion on `sq` (`own` its side's pieces, `enemy` the other side's)
/// when no enemy lion stands two squares away (so L2 judges nothing): as `lion_moves` counts
/// them. They depend only on the squares within two ([`LION_AREA`]).
#[inline(always)]
fn lion<const RESULTS: bool>(sq: usize, own: Bb, enemy: Bb) -> u32 {
    let not_own = !own;
    let mut n = (LION_AREA[sq] & not_own).count();
    let second_ok = not_own.with(sq);
    let mids = if RESULTS {
        n += u32::from((KING_AREA[sq] & not_own).minus(enemy).nonempty());
        KING_AREA[sq] & enemy
    } else {
        KING_AREA[sq] & not_own
    };
    for_squares!(mid in mids => {
        n += (KING_AREA[mid] & second_ok).count();
    });
    n
}

/// The number of moves of the lion of colour `c` on `sq`, read through `p` (`own` its side's
/// pieces, `enemy` the other side's), when the enemy lions `far` stand two squares away: as
/// `lion_moves` counts them, computed as [`lion`]'s count less the captures of those lions that
/// L2 bars (CHU-5.2). A barred lion `t` takes away the jump to it and (by route) each two-step
/// through an empty square next to both; a two-step through an enemy square next to both is
/// judged on its own (the bridge exception, the first-leg square emptied), but under lishogi's
/// reading a lion protected against the jump is protected against it too (emptying a square
/// only opens lines, and the piece taken there still counts as a defender), so only HaChu's
/// reading or an unprotected lion asks again.
#[inline(always)]
fn lion_near<P: Pieces, const RESULTS: bool>(
    p: &P,
    c: usize,
    sq: usize,
    own: Bb,
    enemy: Bb,
    far: Bb,
    rules: &Rules,
) -> u32 {
    let mut n = lion::<RESULTS>(sq, own, enemy);
    let other = c ^ 1;
    for_squares!(t in far => {
        let protected = lion_protected(p, other, sq, NONE as usize, t, rules);
        let common = KING_AREA[sq] & KING_AREA[t];
        if protected {
            n -= 1;
            if !RESULTS {
                n -= common.minus(own | enemy).count();
            }
        }
        for_squares!(mid in common & enemy => {
            let code = p.code(mid);
            if FLAGS[(code & 63) as usize] & PAWN_GB == 0 {
                // A bridge capture: allowed whatever the protection.
                continue;
            }
            let barred = if protected && rules.lion_protection == LionProtection::Lishogi {
                true
            } else {
                lion_protected(p, other, sq, mid, t, rules)
            };
            n -= u32::from(barred);
        });
    });
    n
}

/// The opponent's moves in a position, piece by piece, as if it were to move.
pub struct Replies {
    /// The total over all pieces.
    total: u32,
    /// `count[i]`: the moves of the piece in slot `i`.
    count: [u32; 64],
    /// `square[i]`: where the piece of slot `i` stands.
    square: [u8; 64],
    /// `slot[sq]`: the slot of the opponent's piece on `sq` (meaningful only there).
    slot: [u8; SQUARES],
    /// `depends[sq]`: the slots whose moves depend on square `sq`.
    depends: [u64; SQUARES],
    /// Whether no move can leave a side with fewer than two pieces off its last rank (the side
    /// to move has three, the opponent four: a move takes at most two pieces and moves one),
    /// so that no reply count needs the bare-king tests.
    never_bare: bool,
}

impl Board {
    /// The opponent's moves, piece by piece; `None` if it has more than 64 pieces.
    #[inline(always)]
    fn replies<const RESULTS: bool>(&self, rules: &Rules) -> Option<Replies> {
        let us = self.turn as usize;
        let them = us ^ 1;
        let own = self.occ[them];
        let enemy = self.occ[us];
        if own.count() > 64 {
            return None;
        }
        let mut r = Replies {
            total: 0,
            count: [0; 64],
            square: [0; 64],
            slot: [0; SQUARES],
            depends: [0; SQUARES],
            never_bare: enemy.minus(LAST_RANK[us]).count() >= 3
                && own.minus(LAST_RANK[them]).count() >= 4,
        };
        let mut i = 0;
        for_squares!(sq in own => {
            let k = self.kind(sq);
            let bit = 1u64 << i;
            let n = if FLAGS[k] & LION != 0 {
                let near = self.lions[us] & DIST2[sq];
                if near.nonempty() {
                    // L2 reads the squares of the lions it may take and of their defenders
                    // ([`super::lions::attacked_by`]: a line through the lion, or within two).
                    let mut reads = LION_AREA[sq];
                    for_squares!(t in near => { reads |= LINES[t] | LION_AREA[t]; });
                    for_squares!(s in reads => { r.depends[s] |= bit; });
                    lion_near::<_, RESULTS>(self, them, sq, own, enemy, near, rules)
                } else {
                    for_squares!(s in LION_AREA[sq] => { r.depends[s] |= bit; });
                    lion::<RESULTS>(sq, own, enemy)
                }
            } else {
                let (n, att) = piece::<RESULTS>(sq, k, them, own, enemy, rules);
                for_squares!(s in att => { r.depends[s] |= bit; });
                n
            };
            r.count[i] = n;
            r.square[i] = sq as u8;
            r.slot[sq] = i as u8;
            r.total += n;
            i += 1;
        });
        Some(r)
    }

    /// Leaves two plies deep (the caller has checked that the game is not over here): each
    /// move's replies counted from [`Replies`].
    #[inline(always)]
    pub fn perft2<const RESULTS: bool>(&self, rules: &Rules, bare: BareKing) -> u64 {
        match self.replies::<RESULTS>(rules) {
            Some(replies) => {
                let mut sink = ReplySink::<RESULTS> {
                    board: self,
                    replies,
                    rules,
                    bare,
                    n: 0,
                };
                self.generate_counting::<_, RESULTS>(rules, &mut sink);
                sink.n
            }
            None => {
                let mut n = 0;
                self.generate_counting::<_, RESULTS>(
                    rules,
                    &mut Emit(|m| n += self.make(m).perft::<RESULTS>(1, rules, bare)),
                );
                n
            }
        }
    }

    /// The number of replies to move `m` (0 if the game is over after it).
    #[inline(always)]
    fn replies_to<const RESULTS: bool>(
        &self,
        m: Mv,
        r: &Replies,
        rules: &Rules,
        bare: BareKing,
    ) -> u64 {
        let us = self.turn as usize;
        let them = us ^ 1;
        let (from, to) = (m.from as usize, m.to as usize);
        let k = self.kind(from);
        let mut affected = r.depends[from] | r.depends[to];
        // The opponent's pieces the move takes (the squares a move reaches hold no piece of
        // the side to move but on a pass or igui, where `to == from`) and their slots.
        let mut captured = Bb::EMPTY;
        let mut taken = 0u64;
        let mut took_lion = false;
        if to != from && self.mailbox[to] != EMPTY {
            captured = captured.with(to);
            taken |= 1 << r.slot[to];
            took_lion = FLAGS[self.kind(to)] & LION != 0;
        }
        if m.mid != NONE {
            let mid = m.mid as usize;
            affected |= r.depends[mid];
            if self.mailbox[mid] != EMPTY {
                captured = captured.with(mid);
                taken |= 1 << r.slot[mid];
                took_lion |= FLAGS[self.kind(mid)] & LION != 0;
            }
        }
        let full = || self.make(m).perft::<RESULTS>(1, rules, bare);
        if took_lion && FLAGS[k] & LION == 0 {
            // L3 binds the replies (CHU-5.3).
            return full();
        }
        let own = self.occ[them].minus(captured);
        if (self.royals[them] & own).is_empty() {
            // CHU-6.2: the opponent's last royal taken.
            return 0;
        }
        let enemy = if to == from {
            self.occ[us]
        } else {
            self.occ[us].minus(Bb::bit(from)).with(to)
        };
        if !(r.never_bare || two_off_last(own, them) && two_off_last(enemy, us)) {
            return full();
        }
        let new_kind = if m.promote {
            PROMOTES_TO[k] as usize
        } else {
            k
        };
        let our_lions = if FLAGS[new_kind] & LION != 0 {
            self.lions[us].minus(Bb::bit(from)).with(to)
        } else {
            self.lions[us].minus(Bb::bit(from))
        };
        // The board after the move, for a lion judged by L2; read without playing the move.
        let mut after: Option<After> = None;
        let mut n = i64::from(r.total);
        while taken != 0 {
            let i = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            affected &= !(1 << i);
            n -= i64::from(r.count[i]);
        }
        while affected != 0 {
            let i = affected.trailing_zeros() as usize;
            affected &= affected - 1;
            n -= i64::from(r.count[i]);
            let sq = r.square[i] as usize;
            let k = self.kind(sq);
            n += i64::from(if FLAGS[k] & LION != 0 {
                let far = our_lions & DIST2[sq];
                if far.nonempty() {
                    if after.is_none() {
                        let mut occ = [Bb::EMPTY; 2];
                        occ[us] = enemy;
                        occ[them] = own;
                        after = Some(After {
                            board: self,
                            occ,
                            from,
                            mid: m.mid as usize,
                            to,
                            to_code: (new_kind | us << 6) as u8,
                        });
                    }
                    match &after {
                        Some(a) => lion_near::<_, RESULTS>(a, them, sq, own, enemy, far, rules),
                        None => 0,
                    }
                } else {
                    lion::<RESULTS>(sq, own, enemy)
                }
            } else {
                piece::<RESULTS>(sq, k, them, own, enemy, rules).0
            });
        }
        n as u64
    }
}

/// Adds up the replies to each move it is handed (a sink rather than a closure, see
/// [`for_squares`]).
struct ReplySink<'a, const RESULTS: bool> {
    board: &'a Board,
    replies: Replies,
    rules: &'a Rules,
    bare: BareKing,
    n: u64,
}

impl<const RESULTS: bool> ReplySink<'_, RESULTS> {
    #[inline(always)]
    fn add(&mut self, m: Mv) {
        self.n += self
            .board
            .replies_to::<RESULTS>(m, &self.replies, self.rules, self.bare);
    }
}

impl<const RESULTS: bool> Sink for ReplySink<'_, RESULTS> {
    #[inline(always)]
    fn moves(&mut self, from: usize, dests: Bb, promos: Bb) {
        for_squares!(to in dests => { self.add(Mv::new(from, to, false)); });
        for_squares!(to in promos => { self.add(Mv::new(from, to, true)); });
    }

    #[inline(always)]
    fn two_steps(&mut self, from: usize, mid: usize, finals: Bb) {
        for_squares!(to in finals => { self.add(Mv::two_step(from, mid, to)); });
    }
}
