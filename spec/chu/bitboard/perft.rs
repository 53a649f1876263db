//! Perft on the bitboard: by route (CHU-9.1) and by result (CHU-9.5), plain or through a
//! transposition table ([`crate::perft::hash`]). No allocation per node: moves go to a closure,
//! boards are copied on the stack, the last ply is only counted.

use super::board::Board;
use super::movegen::{Emit, Rules};
use super::replies::two_off_last;
use crate::chu::BareKing;
use crate::perft::hash::{HashNode, KeyHasher};

/// What a walk needs besides the board.
pub struct Walk {
    pub rules: Rules,
    pub bare: BareKing,
    /// Counting by result (CHU-9.5) rather than by route.
    pub results: bool,
}

impl Board {
    /// Whether the game is over ([`Board::finished`]), answered without the bare-king tests when
    /// each side has two pieces off its last rank: such a side has two live pieces (only pieces
    /// on its last rank can be dead, CHU-2.3), so it is not bare, and every bare-king reading
    /// (CHU-6.4, CHU-7) and the lone-royals draw (CHU-6.6) need a bare side. Callgrind: the
    /// full test was about 5 % of the start position's perft.
    #[inline(always)]
    fn over(&self, rules: &Rules, bare: BareKing) -> bool {
        if two_off_last(self.occ[0], 0) && two_off_last(self.occ[1], 1) {
            self.royals[0].is_empty() || self.royals[1].is_empty()
        } else {
            self.finished(rules, bare)
        }
    }

    /// Leaves `depth` plies deep; the last ply is counted, not played (bulk counting), and the
    /// ply before it counted from the parent ([`Board::perft2`]). With `RESULTS`, one node per
    /// distinct result (CHU-9.5).
    ///
    /// Like [`Board::count_counting`], the walk is compiled a second time with the `POPCNT`
    /// instruction and chosen once, here, at run time.
    pub fn perft<const RESULTS: bool>(&self, depth: u32, rules: &Rules, bare: BareKing) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt") {
                // Safety: `perft_popcnt` only needs the POPCNT instruction, which the CPU has
                // (checked on the line above).
                return unsafe { self.perft_popcnt::<RESULTS>(depth, rules, bare) };
            }
        }
        self.perft_plain::<RESULTS>(depth, rules, bare)
    }

    /// [`Board::perft`] compiled with the `POPCNT` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn perft_popcnt<const RESULTS: bool>(
        &self,
        depth: u32,
        rules: &Rules,
        bare: BareKing,
    ) -> u64 {
        self.walk::<RESULTS, true>(depth, rules, bare)
    }

    /// [`Board::perft`] for the x86-64 baseline (or another architecture).
    fn perft_plain<const RESULTS: bool>(&self, depth: u32, rules: &Rules, bare: BareKing) -> u64 {
        self.walk::<RESULTS, false>(depth, rules, bare)
    }

    /// One node of the walk; `POPCNT` says which compilation of the walk it is in.
    #[inline(always)]
    fn walk<const RESULTS: bool, const POPCNT: bool>(
        &self,
        depth: u32,
        rules: &Rules,
        bare: BareKing,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over(rules, bare) {
            return 0;
        }
        if depth == 1 {
            return self.count_moves_body::<RESULTS>(rules);
        }
        if depth == 2 {
            return self.perft2::<RESULTS>(rules, bare);
        }
        let mut n = 0;
        self.generate_counting::<_, RESULTS>(
            rules,
            &mut Emit(|m| {
                n += self
                    .make(m)
                    .walk_on::<RESULTS, POPCNT>(depth - 1, rules, bare)
            }),
        );
        n
    }

    /// The walk below a node, in the same compilation.
    #[inline(always)]
    fn walk_on<const RESULTS: bool, const POPCNT: bool>(
        &self,
        depth: u32,
        rules: &Rules,
        bare: BareKing,
    ) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if POPCNT {
                // Safety: this compilation of the walk is only entered from `perft_popcnt`,
                // after the CPU was found to have POPCNT.
                return unsafe { self.perft_popcnt::<RESULTS>(depth, rules, bare) };
            }
        }
        self.perft_plain::<RESULTS>(depth, rules, bare)
    }
}

impl HashNode for Board {
    type Ctx = Walk;

    /// The mailbox (which determines every bitboard), the side to move and the counter-strike
    /// square; not the move number.
    fn write_key(&self, h: &mut KeyHasher) {
        for chunk in self.mailbox.chunks_exact(8) {
            let mut w = [0; 8];
            w.copy_from_slice(chunk);
            h.write(u64::from_le_bytes(w));
        }
        h.write(u64::from(self.turn) | u64::from(self.counter_strike) << 8);
    }

    fn count(&self, w: &Walk) -> u64 {
        if self.over(&w.rules, w.bare) {
            0
        } else if w.results {
            self.count_counting::<true>(&w.rules)
        } else {
            self.count_counting::<false>(&w.rules)
        }
    }

    fn children(&self, w: &Walk, mut f: impl FnMut(&Self)) {
        if self.over(&w.rules, w.bare) {
            return;
        }
        let mut emit = Emit(|m| f(&self.make(m)));
        if w.results {
            self.generate_counting::<_, true>(&w.rules, &mut emit);
        } else {
            self.generate_counting::<_, false>(&w.rules, &mut emit);
        }
    }
}
