//! Legal move generation: attack sets, checks and pins, and the perft search.
//!
//! The generator never plays a move to see whether it is legal, except for the rare e.p.
//! capture. Instead, at each node it finds
//!
//! - the **checkers**: enemy pieces attacking our King. With two, only the King may move; with
//!   one, every other piece must capture it or step between (every attack of Kuma Chess runs
//!   along a file, rank or diagonal, so "between" is [`BETWEEN`]);
//! - the **pinned** pieces: our pieces standing alone between our King and an enemy piece that
//!   would attack the King through them (a slider, or a range-two piece two squares away). A
//!   pinned piece may only move along the line through the King and itself ([`LINE`]);
//! - for each King move, whether the target square is attacked with the King taken off the
//!   board (so that it cannot hide behind itself on a line of attack).

use super::attacks::{attacks, Black, Side, Threats, White};
use super::board::{mv, Board, Mv, NO_SQ};
use super::tables::*;

/// Where generated moves go: a list, or just a count (the last ply of perft).
pub trait Sink {
    /// One move from `from` to each square of `targets`.
    fn add(&mut self, from: usize, targets: u64);
    /// One pawn move to each square of `targets`, from the square `delta` behind it.
    fn add_shifted(&mut self, targets: u64, delta: isize);
    /// One move.
    fn add_one(&mut self, m: Mv);
}

/// Counts moves without storing them.
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _from: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn add_shifted(&mut self, targets: u64, _delta: isize) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn add_one(&mut self, _m: Mv) {
        self.0 += 1;
    }
}

/// An upper bound on the number of legal moves in a Kuma position. An army has at most: the
/// King (8 steps and 2 castlings: 10), eight pawns or Bear's Eyes (8 each: 64), two Blind Bears
/// (6 each: 12), two Violent or Great Bears (a Great Bear has at most 7 forward, 7 on the forward
/// diagonals and 3 steps: 17 each, 34), two Upright/Running or Dashing Bears (a Dashing Bear at
/// most 7 on its file and 13 on its diagonals: 20 each, 40), one Bear Soldier or Mighty Bear (at
/// most 14 on its rank and forward file, 13 diagonal, 2 back: 29): 189 in all. Each move has
/// exactly one form (promotion is compulsory and single), so 256 is safe.
pub const MAX_MOVES: usize = 256;

/// A fixed-size move list on the stack.
pub struct MoveList {
    pub(super) len: usize,
    pub(super) moves: [Mv; MAX_MOVES],
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [0; MAX_MOVES],
        }
    }

    pub fn as_slice(&self) -> &[Mv] {
        &self.moves[..self.len]
    }

    #[inline(always)]
    pub(super) fn push(&mut self, m: Mv) {
        // The bound is proved above; a full list would drop moves rather than panic.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, from: usize, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.push(mv(from, to));
        }
    }
    #[inline(always)]
    fn add_shifted(&mut self, mut targets: u64, delta: isize) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.push(mv((to as isize - delta) as usize, to));
        }
    }
    #[inline(always)]
    fn add_one(&mut self, m: Mv) {
        self.push(m);
    }
}

/// The checks and pins of the side to move.
pub struct Safety {
    pub checkers: u64,
    pub pinned: u64,
}

impl Board {
    /// Checkers and pinned pieces of side `C` (to move), given the enemy's threats.
    #[inline(always)]
    pub fn safety<C: Side>(&self, t: &Threats) -> Safety {
        let ksq = self.kings[C::US] as usize;
        let occ = self.colours[0] | self.colours[1];
        let own = self.colours[C::US];
        let rev = &STEPS[C::US];
        // One-step attackers (and range-two pieces one square away).
        let mut checkers = (rev[KING][ksq] & t.kings_eyes)
            | (rev[PAWN][ksq] & t.pawns)
            | (rev[BLIND][ksq] & t.blind)
            | (rev[VIOLENT][ksq] & t.violent)
            | (rev[GREAT][ksq] & t.great)
            | (rev[UPRIGHT][ksq] & t.upright_soldier)
            | (rev[RUNNING][ksq] & t.running)
            | (rev[MIGHTY][ksq] & t.mighty);
        let mut pinned = 0;
        let mut snipers = t.snipers::<C::Other>(ksq);
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let between = BETWEEN[ksq][s] & occ;
            if between == 0 {
                checkers |= 1 << s;
            } else if between & (between - 1) == 0 {
                pinned |= between & own;
            }
        }
        Safety { checkers, pinned }
    }

    /// Generates the legal moves of side `C` (which must be the side to move) into `sink`.
    /// `exposed` is the [`crate::kuma::BlindBearWin::EvenIfExposed`] reading.
    #[inline(always)]
    pub fn generate<C: Side, K: Sink>(&self, exposed: bool, sink: &mut K) {
        if self.blind_bear_home() {
            return; // KUMA-7.7: the game is over.
        }
        let own = self.colours[C::US];
        let enemy = self.colours[C::THEM];
        let occ = own | enemy;
        let ksq = self.kings[C::US] as usize;
        let t = Threats::of::<C::Other>(self);
        let Safety { checkers, pinned } = self.safety::<C>(&t);

        // King steps: the target must not be attacked once the King has left its square.
        let mut targets = STEPS[C::US][KING][ksq] & !own;
        let without_king = occ ^ (1 << ksq);
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            if t.attackers_to::<C::Other>(to, without_king) == 0 {
                sink.add_one(mv(ksq, to));
            }
        }

        let allowed = if checkers == 0 {
            self.castlings::<C, K>(&t, occ, sink);
            !own
        } else if checkers & (checkers - 1) == 0 {
            (BETWEEN[ksq][checkers.trailing_zeros() as usize] | checkers) & !own
        } else {
            // Double check: only the King may move (and, under EvenIfExposed, a Blind Bear
            // reaching its last rank).
            if exposed {
                self.blind_bear_wins::<C, K>(occ, sink);
            }
            return;
        };

        self.piece_moves::<C, EYES, K>(ksq, occ, allowed, pinned, sink);
        if exposed {
            // KUMA-7.4, EvenIfExposed: reaching the last rank needs no King safety.
            let mut bb = self.kinds[BLIND] & own;
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let reach = attacks::<C, BLIND>(sq, occ) & !own;
                let mut legal = reach & allowed;
                if pinned & (1 << sq) != 0 {
                    legal &= LINE[ksq][sq];
                }
                sink.add(sq, legal | (reach & LAST_RANK[C::US]));
            }
        } else {
            self.piece_moves::<C, BLIND, K>(ksq, occ, allowed, pinned, sink);
        }
        self.piece_moves::<C, VIOLENT, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, GREAT, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, UPRIGHT, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, RUNNING, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, DASHING, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, SOLDIER, K>(ksq, occ, allowed, pinned, sink);
        self.piece_moves::<C, MIGHTY, K>(ksq, occ, allowed, pinned, sink);
        self.pawn_moves::<C, K>(ksq, occ, allowed, pinned, sink);
    }

    /// The moves of every piece of kind `P`: its attack set, limited to `allowed` (not own
    /// pieces; when in check, the checker or a square between), and for a pinned piece to its
    /// pin line.
    #[inline(always)]
    pub(super) fn piece_moves<C: Side, const P: usize, K: Sink>(
        &self,
        ksq: usize,
        occ: u64,
        allowed: u64,
        pinned: u64,
        sink: &mut K,
    ) {
        let mut bb = self.kinds[P] & self.colours[C::US];
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let mut to = attacks::<C, P>(sq, occ) & allowed;
            if pinned & (1 << sq) != 0 {
                to &= LINE[ksq][sq];
            }
            sink.add(sq, to);
        }
    }

    /// Pawn moves (KUMA-3.2): single and double steps to empty squares, diagonal captures; the
    /// unpinned pawns all at once by shifting the whole set, the pinned ones one by one. E.p.
    /// captures (KUMA-6.1) are tried on a copy of the board, since removing two pawns from one
    /// rank can uncover an attack no pin test sees.
    #[inline(always)]
    pub(super) fn pawn_moves<C: Side, K: Sink>(
        &self,
        ksq: usize,
        occ: u64,
        allowed: u64,
        pinned: u64,
        sink: &mut K,
    ) {
        let pawns = self.kinds[PAWN] & self.colours[C::US];
        let enemy = self.colours[C::THEM];
        let empty = !occ;
        let free = pawns & !pinned;
        let one = C::forward(free) & empty;
        let two = C::forward(one & C::PUSHED_ONCE) & empty;
        sink.add_shifted(one & allowed, C::UP);
        sink.add_shifted(two & allowed, 2 * C::UP);
        // Captures towards the a-file and towards the h-file.
        let west = C::forward((free & !FILE_A) >> 1) & enemy & allowed;
        let east = C::forward((free & !FILE_H) << 1) & enemy & allowed;
        sink.add_shifted(west, C::UP - 1);
        sink.add_shifted(east, C::UP + 1);

        let mut pins = pawns & pinned;
        while pins != 0 {
            let sq = pins.trailing_zeros() as usize;
            pins &= pins - 1;
            let bit = 1u64 << sq;
            let one = C::forward(bit) & empty;
            let two = C::forward(one & C::PUSHED_ONCE) & empty;
            let caps = STEPS[C::US][PAWN][sq] & enemy;
            sink.add(sq, (one | two | caps) & allowed & LINE[ksq][sq]);
        }

        if self.ep != NO_SQ {
            let ep = self.ep as usize;
            let mut capturers = STEPS[C::THEM][PAWN][ep] & pawns;
            while capturers != 0 {
                let from = capturers.trailing_zeros() as usize;
                capturers &= capturers - 1;
                let m = mv(from, ep);
                if !self.make(m).attacked_king::<C>() {
                    sink.add_one(m);
                }
            }
        }
    }

    /// Whether side `C`'s King is attacked (used after a trial move, so `C` is not to move).
    pub(super) fn attacked_king<C: Side>(&self) -> bool {
        let occ = self.colours[0] | self.colours[1];
        Threats::of::<C::Other>(self).attackers_to::<C::Other>(self.kings[C::US] as usize, occ) != 0
    }

    /// KUMA-4.1/4.2: castling, when not in check: rights, empty squares between King and
    /// partner, and the squares the King passes and lands on not attacked.
    #[inline(always)]
    pub(super) fn castlings<C: Side, K: Sink>(&self, t: &Threats, occ: u64, sink: &mut K) {
        let (short, long, base) = if C::US == 0 {
            (WHITE_SHORT, WHITE_LONG, 0)
        } else {
            (BLACK_SHORT, BLACK_LONG, 56)
        };
        if self.castling & (short | long) == 0 {
            return;
        }
        let own = self.colours[C::US];
        let king = base + 4;
        if self.kings[C::US] as usize != king {
            return;
        }
        let safe = |sq: usize| t.attackers_to::<C::Other>(sq, occ) == 0;
        if self.castling & short != 0
            && self.kinds[RUNNING] & own & (1 << (base + 7)) != 0
            && occ & (0b0110_0000 << base) == 0
            && safe(base + 5)
            && safe(base + 6)
        {
            sink.add_one(mv(king, base + 6));
        }
        if self.castling & long != 0
            && self.kinds[UPRIGHT] & own & (1 << base) != 0
            && occ & (0b0000_1110 << base) == 0
            && safe(base + 3)
            && safe(base + 2)
        {
            sink.add_one(mv(king, base + 2));
        }
    }

    /// Under EvenIfExposed in double check: the Blind Bear moves that reach the last rank.
    pub(super) fn blind_bear_wins<C: Side, K: Sink>(&self, occ: u64, sink: &mut K) {
        let own = self.colours[C::US];
        let mut bb = self.kinds[BLIND] & own;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            sink.add(sq, attacks::<C, BLIND>(sq, occ) & !own & LAST_RANK[C::US]);
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        if self.turn == 0 {
            self.attacked_king::<White>()
        } else {
            self.attacked_king::<Black>()
        }
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, exposed: bool) -> MoveList {
        let mut list = MoveList::new();
        if self.turn == 0 {
            self.generate::<White, _>(exposed, &mut list);
        } else {
            self.generate::<Black, _>(exposed, &mut list);
        }
        list
    }

    /// The number of legal moves of the side to move.
    pub fn count_moves(&self, exposed: bool) -> u64 {
        let mut n = Counter(0);
        if self.turn == 0 {
            self.generate::<White, _>(exposed, &mut n);
        } else {
            self.generate::<Black, _>(exposed, &mut n);
        }
        n.0
    }

    /// Perft: the number of leaves of the legal-move tree `depth` plies deep. The last ply is
    /// counted, not played ("bulk counting"); the moves of each node live in a [`MoveList`] on
    /// the stack, and each child is a copy of the board with the move made.
    pub fn perft(&self, depth: u32, exposed: bool) -> u64 {
        match (depth, self.turn) {
            (0, _) => 1,
            (_, 0) => self.perft_side::<White>(depth, exposed),
            _ => self.perft_side::<Black>(depth, exposed),
        }
    }

    pub(super) fn perft_side<C: Side>(&self, depth: u32, exposed: bool) -> u64 {
        if depth <= 1 {
            let mut n = Counter(0);
            self.generate::<C, _>(exposed, &mut n);
            return n.0;
        }
        let mut list = MoveList::new();
        self.generate::<C, _>(exposed, &mut list);
        let mut total = 0;
        for &m in list.as_slice() {
            total += self.make(m).perft_side::<C::Other>(depth - 1, exposed);
        }
        total
    }
}
