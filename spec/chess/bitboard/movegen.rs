//! Attackers, checks and pins, the legal moves handed to a [`Sink`], and perft.

use super::board::{
    Board, Mv, BISHOP, BLACK_LONG, BLACK_SHORT, KING, KNIGHT, NO_EP, PAWN, QUEEN, RANK_1, RANK_8,
    ROOK, WHITE_LONG, WHITE_SHORT,
};
use super::tables::{
    bishop_attacks, bit, rook_attacks, BETWEEN, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS,
};
use crate::perft::hash::{HashNode, KeyHasher};

/// Receives generated moves: a set of targets per origin, or a set of pawn targets that all
/// came the same distance. [`Counter`] counts them by popcount; [`Collector`] lists them.
pub(super) trait Sink {
    fn moves(&mut self, from: u32, targets: u64);
    fn promotions(&mut self, from: u32, targets: u64);
    /// Pawn moves made set-wise: each target came from `to - delta`.
    fn pawn_moves(&mut self, targets: u64, delta: i32);
    fn pawn_promotions(&mut self, targets: u64, delta: i32);
}

/// Counts moves (a promotion counts four times: Q, R, B, N).
pub(super) struct Counter(pub(super) u64);

impl Sink for Counter {
    #[inline(always)]
    fn moves(&mut self, _: u32, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn promotions(&mut self, _: u32, targets: u64) {
        self.0 += 4 * u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, _: i32) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: u64, _: i32) {
        self.0 += 4 * u64::from(targets.count_ones());
    }
}

/// The most legal moves a chess position has: 218 (the `max-legals` position of the corpus).
pub(super) const MAX_MOVES: usize = 256;

/// A fixed-capacity move list on the stack.
pub(super) struct Collector {
    pub(super) len: usize,
    pub(super) moves: [Mv; MAX_MOVES],
}

impl Collector {
    pub(super) fn new() -> Collector {
        Collector {
            len: 0,
            moves: [Mv::default(); MAX_MOVES],
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, from: u32, to: u32, promotion: u8) {
        // Capacity: see MAX_MOVES; a legal position never exceeds it.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = Mv {
                from: from as u8,
                to: to as u8,
                promotion,
            };
            self.len += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[Mv] {
        &self.moves[..self.len]
    }
}

/// The squares of a set, lowest first.
#[inline(always)]
pub(super) fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let sq = set.trailing_zeros();
            set &= set - 1;
            Some(sq)
        }
    })
}

impl Sink for Collector {
    #[inline(always)]
    fn moves(&mut self, from: u32, targets: u64) {
        for to in squares(targets) {
            self.push(from, to, 0);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, from: u32, targets: u64) {
        for to in squares(targets) {
            for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
                self.push(from, to, kind as u8);
            }
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, delta: i32) {
        for to in squares(targets) {
            self.push((to as i32 - delta) as u32, to, 0);
        }
    }
    #[inline(always)]
    fn pawn_promotions(&mut self, targets: u64, delta: i32) {
        for to in squares(targets) {
            self.promotions((to as i32 - delta) as u32, bit(to));
        }
    }
}

/// Shifts a set one rank forward for `us` (White up, Black down).
#[inline(always)]
pub(super) fn forward(set: u64, us: usize) -> u64 {
    if us == 0 {
        set << 8
    } else {
        set >> 8
    }
}

impl Board {
    /// The pieces of `by` that attack `sq` when `occupied` are the occupied squares.
    #[inline(always)]
    pub(super) fn attackers(&self, sq: u32, by: usize, occupied: u64) -> u64 {
        let k = &self.kinds;
        let straight = k[ROOK] | k[QUEEN];
        let diagonal = k[BISHOP] | k[QUEEN];
        self.colours[by]
            & ((KNIGHT_ATTACKS[sq as usize] & k[KNIGHT])
                | (KING_ATTACKS[sq as usize] & k[KING])
                | (PAWN_ATTACKS[1 - by][sq as usize] & k[PAWN])
                | (rook_attacks(sq, occupied) & straight)
                | (bishop_attacks(sq, occupied) & diagonal))
    }

    /// The enemy pieces giving check.
    #[inline(always)]
    pub(super) fn checkers(&self) -> u64 {
        self.attackers(self.king_square(self.us), 1 - self.us, self.occupied())
    }

    /// Own pieces that stand alone between the own King and an enemy slider on the same line
    /// (CHESS-7.1: they may only move along that line).
    #[inline(always)]
    pub(super) fn pinned(&self, king: u32) -> u64 {
        let them = self.colours[1 - self.us];
        let k = &self.kinds;
        let snipers = them
            & ((rook_attacks(king, them) & (k[ROOK] | k[QUEEN]))
                | (bishop_attacks(king, them) & (k[BISHOP] | k[QUEEN])));
        let occupied = self.occupied();
        let mut pinned = 0;
        for s in squares(snipers) {
            let blockers = BETWEEN[king as usize][s as usize] & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.colours[self.us];
            }
        }
        pinned
    }

    /// Every legal move, into `sink`.
    #[inline(always)]
    pub(super) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.us;
        let them = 1 - us;
        let own = self.colours[us];
        let enemy = self.colours[them];
        let occupied = own | enemy;
        let king = self.king_square(us);
        let checkers = self.attackers(king, them, occupied);

        // King steps: onto squares not attacked once the King has left its square.
        let without_king = occupied ^ bit(king);
        let mut king_targets = 0;
        for to in squares(KING_ATTACKS[king as usize] & !own) {
            if self.attackers(to, them, without_king) == 0 {
                king_targets |= bit(to);
            }
        }
        sink.moves(king, king_targets);

        if checkers.count_ones() > 1 {
            return; // Double check: only the King can move.
        }
        // Where a non-King move must land: capture the checker or block its line; anywhere
        // without check.
        let target = !own
            & if checkers != 0 {
                let checker = checkers.trailing_zeros();
                BETWEEN[king as usize][checker as usize] | checkers
            } else {
                !0
            };
        let pinned = self.pinned(king);
        let k = &self.kinds;
        let pin_line = |from: u32| {
            if pinned & bit(from) != 0 {
                LINE[king as usize][from as usize]
            } else {
                !0
            }
        };

        for from in squares(k[KNIGHT] & own & !pinned) {
            sink.moves(from, KNIGHT_ATTACKS[from as usize] & target);
        }
        for from in squares((k[BISHOP] | k[QUEEN]) & own) {
            sink.moves(
                from,
                bishop_attacks(from, occupied) & target & pin_line(from),
            );
        }
        for from in squares((k[ROOK] | k[QUEEN]) & own) {
            sink.moves(from, rook_attacks(from, occupied) & target & pin_line(from));
        }

        self.pawn_moves(sink, target, pinned, king);
        if checkers == 0 {
            self.castlings(sink, king);
        }
        if self.ep != NO_EP {
            self.en_passant(sink, king);
        }
    }

    /// CHESS-3.2 / CHESS-5.1: pushes, double steps and captures; unpinned Pawns set-wise,
    /// pinned ones one by one along their pin line.
    #[inline(always)]
    pub(super) fn pawn_moves<S: Sink>(&self, sink: &mut S, target: u64, pinned: u64, king: u32) {
        let us = self.us;
        let pawns = self.kinds[PAWN] & self.colours[us];
        let empty = !self.occupied();
        let enemy = self.colours[1 - us];
        let last_rank = if us == 0 { RANK_8 } else { RANK_1 };
        let double_step_rank: u64 = if us == 0 { 0xff << 16 } else { 0xff << 40 };
        let step: i32 = if us == 0 { 8 } else { -8 };

        let free = pawns & !pinned;
        let single = forward(free, us) & empty;
        let double = forward(single & double_step_rank, us) & empty & target;
        let single = single & target;
        sink.pawn_moves(single & !last_rank, step);
        sink.pawn_promotions(single & last_rank, step);
        sink.pawn_moves(double, 2 * step);
        // Captures towards the a-file and towards the h-file.
        let not_a = !0x0101_0101_0101_0101u64;
        let not_h = !0x8080_8080_8080_8080u64;
        let west = forward(free & not_a, us) >> 1 & enemy & target;
        let east = forward(free & not_h, us) << 1 & enemy & target;
        sink.pawn_moves(west & !last_rank, step - 1);
        sink.pawn_promotions(west & last_rank, step - 1);
        sink.pawn_moves(east & !last_rank, step + 1);
        sink.pawn_promotions(east & last_rank, step + 1);

        for from in squares(pawns & pinned) {
            let line = LINE[king as usize][from as usize];
            let one = forward(bit(from), us) & empty;
            let two = forward(one & double_step_rank, us) & empty;
            let captures = PAWN_ATTACKS[us][from as usize] & enemy;
            let to = (one | two | captures) & target & line;
            sink.moves(from, to & !last_rank);
            sink.promotions(from, to & last_rank);
        }
    }

    /// CHESS-4.1 / CHESS-4.2: the King (not in check: the caller checks) moves two squares
    /// towards a Rook with the right kept, over empty squares it may cross unattacked.
    #[inline(always)]
    pub(super) fn castlings<S: Sink>(&self, sink: &mut S, king: u32) {
        let us = self.us;
        let base = if us == 0 { 0 } else { 56 };
        let (short, long) = if us == 0 {
            (WHITE_SHORT, WHITE_LONG)
        } else {
            (BLACK_SHORT, BLACK_LONG)
        };
        let occupied = self.occupied();
        let safe = |sq: u32| self.attackers(sq, 1 - us, occupied) == 0;
        if self.castling & short != 0
            && occupied & (bit(base + 5) | bit(base + 6)) == 0
            && safe(base + 5)
            && safe(base + 6)
        {
            sink.moves(king, bit(base + 6));
        }
        if self.castling & long != 0
            && occupied & (bit(base + 1) | bit(base + 2) | bit(base + 3)) == 0
            && safe(base + 3)
            && safe(base + 2)
        {
            sink.moves(king, bit(base + 2));
        }
    }

    /// CHESS-6.1: each en-passant capture is tested on the board as it would be afterwards
    /// (both Pawns gone from their squares, the capturer on the e.p. square), which covers the
    /// King exposed along the rank and a capture that removes a checking Pawn.
    #[inline(always)]
    pub(super) fn en_passant<S: Sink>(&self, sink: &mut S, king: u32) {
        let us = self.us;
        let them = 1 - us;
        let ep = u32::from(self.ep);
        let captured = if us == 0 { ep - 8 } else { ep + 8 };
        let capturers = PAWN_ATTACKS[them][ep as usize] & self.kinds[PAWN] & self.colours[us];
        for from in squares(capturers) {
            let occupied = (self.occupied() ^ bit(from) ^ bit(captured)) | bit(ep);
            let k = &self.kinds;
            let enemy = self.colours[them] & !bit(captured);
            let attacked = enemy
                & ((rook_attacks(king, occupied) & (k[ROOK] | k[QUEEN]))
                    | (bishop_attacks(king, occupied) & (k[BISHOP] | k[QUEEN]))
                    | (KNIGHT_ATTACKS[king as usize] & k[KNIGHT])
                    | (PAWN_ATTACKS[us][king as usize] & k[PAWN]));
            if attacked == 0 {
                sink.moves(from, bit(ep));
            }
        }
    }

    pub(super) fn legal(&self) -> Collector {
        let mut list = Collector::new();
        self.generate(&mut list);
        list
    }

    /// Leaf count of the legal-move tree; the last ply is counted, not played.
    pub(super) fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => {
                let mut c = Counter(0);
                self.generate(&mut c);
                c.0
            }
            _ => {
                let list = self.legal();
                list.as_slice()
                    .iter()
                    .map(|&m| self.play(m).perft(depth - 1))
                    .sum()
            }
        }
    }
}

impl HashNode for Board {
    type Ctx = ();

    /// The bitboards, the side to move, castling rights and the en-passant square.
    fn write_key(&self, h: &mut KeyHasher) {
        for &w in self.colours.iter().chain(&self.kinds) {
            h.write(w);
        }
        h.write(self.us as u64 | u64::from(self.castling) << 8 | u64::from(self.ep) << 16);
    }

    fn count(&self, _: &()) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    fn children(&self, _: &(), mut f: impl FnMut(&Self)) {
        for &m in self.legal().as_slice() {
            f(&self.play(m));
        }
    }
}
