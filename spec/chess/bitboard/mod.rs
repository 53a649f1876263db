//! CHESS — the bitboard generator: a position as eight sets of squares (`u64`: two colours,
//! six kinds), attack tables computed at compile time (the private `tables` module), strictly
//! legal move generation with check and pin masks, copy-make, and a perft that counts the last
//! ply by popcount without building moves or allocating.
//!
//! It shares only the crate's types with [`super::rules`]. Where it special-cases a rule it
//! names the rule's ID, so both implementations of a rule can be found by `grep`.

mod tables;

use super::{Chess, ChessKind, ChessSwitches};
use crate::perft::hash::{perft_node, HashNode, KeyHasher, PerftTable};
use crate::perft::Counting;
use crate::{Colour, Generator, Move, Outcome, Piece, Position, Reason, Setup, Square};
use tables::{
    bishop_attacks, bit, rook_attacks, BETWEEN, KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_ATTACKS,
};

/// The bitboard generator of orthodox chess.
pub struct Bitboard {
    switches: ChessSwitches,
}

impl Bitboard {
    pub fn new(switches: ChessSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

// Kind indices into `Board::kinds`.
const KING: usize = 0;
const QUEEN: usize = 1;
const ROOK: usize = 2;
const BISHOP: usize = 3;
const KNIGHT: usize = 4;
const PAWN: usize = 5;

const KINDS: [ChessKind; 6] = [
    ChessKind::King,
    ChessKind::Queen,
    ChessKind::Rook,
    ChessKind::Bishop,
    ChessKind::Knight,
    ChessKind::Pawn,
];

/// No e.p. square.
const NO_EP: u8 = 64;

// Castling-right bits.
const WHITE_SHORT: u8 = 1;
const WHITE_LONG: u8 = 2;
const BLACK_SHORT: u8 = 4;
const BLACK_LONG: u8 = 8;

/// CHESS-4.3: the rights that survive a move from or to each square (a King or Rook leaving its
/// start square, or a Rook captured on its corner, ends the corresponding rights).
static KEEP_RIGHTS: [u8; 64] = {
    let mut t = [0xf; 64];
    t[0] = !WHITE_LONG & 0xf; // a1
    t[4] = !(WHITE_SHORT | WHITE_LONG) & 0xf; // e1
    t[7] = !WHITE_SHORT & 0xf; // h1
    t[56] = !BLACK_LONG & 0xf; // a8
    t[60] = !(BLACK_SHORT | BLACK_LONG) & 0xf; // e8
    t[63] = !BLACK_SHORT & 0xf; // h8
    t
};

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// A move inside the generator: squares as bit indices, promotion as a kind index (0 = none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct BMove {
    from: u8,
    to: u8,
    promotion: u8,
}

/// A position as bitboards. Copied whole to play a move (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    colours: [u64; 2],
    kinds: [u64; 6],
    /// 0 White, 1 Black.
    us: usize,
    castling: u8,
    ep: u8,
    halfmove_clock: u32,
    fullmove_number: u32,
}

/// Receives generated moves: a set of targets per origin, or a set of pawn targets that all
/// came the same distance. [`Counter`] counts them by popcount; [`Collector`] lists them.
trait Sink {
    fn moves(&mut self, from: u32, targets: u64);
    fn promotions(&mut self, from: u32, targets: u64);
    /// Pawn moves made set-wise: each target came from `to - delta`.
    fn pawn_moves(&mut self, targets: u64, delta: i32);
    fn pawn_promotions(&mut self, targets: u64, delta: i32);
}

/// Counts moves (a promotion counts four times: Q, R, B, N).
struct Counter(u64);

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
const MAX_MOVES: usize = 256;

/// A fixed-capacity move list on the stack.
struct Collector {
    len: usize,
    moves: [BMove; MAX_MOVES],
}

impl Collector {
    fn new() -> Collector {
        Collector {
            len: 0,
            moves: [BMove::default(); MAX_MOVES],
        }
    }

    #[inline(always)]
    fn push(&mut self, from: u32, to: u32, promotion: u8) {
        // Capacity: see MAX_MOVES; a legal position never exceeds it.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = BMove {
                from: from as u8,
                to: to as u8,
                promotion,
            };
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[BMove] {
        &self.moves[..self.len]
    }
}

/// The squares of a set, lowest first.
#[inline(always)]
fn squares(mut set: u64) -> impl Iterator<Item = u32> {
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
fn forward(set: u64, us: usize) -> u64 {
    if us == 0 {
        set << 8
    } else {
        set >> 8
    }
}

impl Board {
    fn from_setup(setup: &Setup<ChessKind>) -> Board {
        let mut b = Board {
            colours: [0; 2],
            kinds: [0; 6],
            us: if setup.turn == Colour::White { 0 } else { 1 },
            castling: 0,
            ep: setup
                .ep_square
                .map_or(NO_EP, |sq| sq.rank() * 8 + sq.file()),
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            let s = bit(u32::from(sq.rank()) * 8 + u32::from(sq.file()));
            b.colours[if p.colour == Colour::White { 0 } else { 1 }] |= s;
            b.kinds[KINDS.iter().position(|&k| k == p.kind).unwrap_or(PAWN)] |= s;
        }
        let rights = [
            (setup.castling.white.short, WHITE_SHORT),
            (setup.castling.white.long, WHITE_LONG),
            (setup.castling.black.short, BLACK_SHORT),
            (setup.castling.black.long, BLACK_LONG),
        ];
        for (has, flag) in rights {
            if has {
                b.castling |= flag;
            }
        }
        b
    }

    fn to_setup(self) -> Setup<ChessKind> {
        let mut s = Setup::empty(<Chess as crate::Game>::SHAPE);
        for sq in 0..64u32 {
            let colour = if self.colours[0] & bit(sq) != 0 {
                Colour::White
            } else if self.colours[1] & bit(sq) != 0 {
                Colour::Black
            } else {
                continue;
            };
            if let Some(k) = self.kind_at(sq) {
                s.set(square(sq), Some(Piece::new(colour, KINDS[k])));
            }
        }
        s.turn = if self.us == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        s.castling.white.short = self.castling & WHITE_SHORT != 0;
        s.castling.white.long = self.castling & WHITE_LONG != 0;
        s.castling.black.short = self.castling & BLACK_SHORT != 0;
        s.castling.black.long = self.castling & BLACK_LONG != 0;
        s.ep_square = (self.ep != NO_EP).then(|| square(u32::from(self.ep)));
        s.halfmove_clock = self.halfmove_clock;
        s.fullmove_number = self.fullmove_number;
        s
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.colours[0] | self.colours[1]
    }

    #[inline(always)]
    fn kind_at(&self, sq: u32) -> Option<usize> {
        let b = bit(sq);
        (0..6).find(|&k| self.kinds[k] & b != 0)
    }

    #[inline(always)]
    fn king_square(&self, side: usize) -> u32 {
        (self.kinds[KING] & self.colours[side]).trailing_zeros()
    }

    /// The pieces of `by` that attack `sq` when `occupied` are the occupied squares.
    #[inline(always)]
    fn attackers(&self, sq: u32, by: usize, occupied: u64) -> u64 {
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
    fn checkers(&self) -> u64 {
        self.attackers(self.king_square(self.us), 1 - self.us, self.occupied())
    }

    /// Own pieces that stand alone between the own King and an enemy slider on the same line
    /// (CHESS-7.1: they may only move along that line).
    #[inline(always)]
    fn pinned(&self, king: u32) -> u64 {
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
    fn generate<S: Sink>(&self, sink: &mut S) {
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
    fn pawn_moves<S: Sink>(&self, sink: &mut S, target: u64, pinned: u64, king: u32) {
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
    fn castlings<S: Sink>(&self, sink: &mut S, king: u32) {
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
    fn en_passant<S: Sink>(&self, sink: &mut S, king: u32) {
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

    /// Plays a legal move (copy-make).
    #[inline(always)]
    fn play(&self, m: BMove) -> Board {
        let mut b = *self;
        let us = self.us;
        let them = 1 - us;
        let (from, to) = (u32::from(m.from), u32::from(m.to));
        let (from_bit, to_bit) = (bit(from), bit(to));
        let Some(mover) = self.kind_at(from) else {
            return b;
        };
        let captured = if self.colours[them] & to_bit != 0 {
            self.kind_at(to)
        } else {
            None
        };
        if let Some(c) = captured {
            b.kinds[c] ^= to_bit;
            b.colours[them] ^= to_bit;
        }
        b.colours[us] ^= from_bit | to_bit;
        if m.promotion != 0 {
            b.kinds[PAWN] ^= from_bit;
            b.kinds[m.promotion as usize] |= to_bit;
        } else {
            b.kinds[mover] ^= from_bit | to_bit;
        }
        if mover == PAWN && to == u32::from(self.ep) {
            // CHESS-6.1: the Pawn taken en passant stands beside the capturer's start square.
            let taken = bit(if us == 0 { to - 8 } else { to + 8 });
            b.kinds[PAWN] ^= taken;
            b.colours[them] ^= taken;
        }
        if mover == KING && from.abs_diff(to) == 2 {
            // CHESS-4.1: the Rook jumps over the King.
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            let rook_bits = bit(rook_from) | bit(rook_to);
            b.kinds[ROOK] ^= rook_bits;
            b.colours[us] ^= rook_bits;
        }
        b.castling &= KEEP_RIGHTS[from as usize] & KEEP_RIGHTS[to as usize];
        b.ep = if mover == PAWN && from.abs_diff(to) == 16 {
            ((from + to) / 2) as u8
        } else {
            NO_EP
        };
        b.halfmove_clock = if mover == PAWN || captured.is_some() {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if us == 1 {
            b.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        b.us = them;
        b
    }

    fn legal(&self) -> Collector {
        let mut list = Collector::new();
        self.generate(&mut list);
        list
    }

    /// Leaf count of the legal-move tree; the last ply is counted, not played.
    fn perft(&self, depth: u32) -> u64 {
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

fn square(sq: u32) -> Square {
    Square::new((sq % 8) as u8, (sq / 8) as u8)
}

fn index(sq: Square) -> u32 {
    u32::from(sq.rank()) * 8 + u32::from(sq.file())
}

fn to_move(m: BMove) -> Move<ChessKind> {
    let (from, to) = (square(u32::from(m.from)), square(u32::from(m.to)));
    match m.promotion {
        0 => Move::new(from, to),
        k => Move::promoting(from, to, KINDS[k as usize]),
    }
}

fn from_move(m: &Move<ChessKind>) -> BMove {
    BMove {
        from: index(m.from) as u8,
        to: index(m.to) as u8,
        promotion: m
            .promotion
            .and_then(|k| KINDS.iter().position(|&x| x == k))
            .unwrap_or(0) as u8,
    }
}

impl Generator<Chess> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &ChessSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Chess>) -> Vec<Move<ChessKind>> {
        let list = Board::from_setup(pos.setup()).legal();
        list.as_slice().iter().map(|&m| to_move(m)).collect()
    }

    fn play_unchecked(&self, pos: &Position<Chess>, mv: &Move<ChessKind>) -> Position<Chess> {
        let board = Board::from_setup(pos.setup()).play(from_move(mv));
        Position::new_unchecked(board.to_setup())
    }

    fn is_check(&self, pos: &Position<Chess>) -> bool {
        Board::from_setup(pos.setup()).checkers() != 0
    }

    fn outcome(&self, pos: &Position<Chess>) -> Option<Outcome> {
        let board = Board::from_setup(pos.setup());
        let mut count = Counter(0);
        board.generate(&mut count);
        if count.0 > 0 {
            None
        } else if board.checkers() != 0 {
            let winner = if board.us == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            Some(Outcome::win(winner, Reason::Checkmate))
        } else {
            Some(Outcome::draw(Reason::Stalemate))
        }
    }

    fn perft(&self, pos: &Position<Chess>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft(depth)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Chess>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        // One move per result in chess: the two countings agree.
        let _ = counting;
        perft_node(&Board::from_setup(pos.setup()), &(), depth, table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cozy-chess's `validity_check` idea: the cached sets are consistent after a line of play.
    fn audit(b: &Board) {
        assert_eq!(b.colours[0] & b.colours[1], 0, "colours overlap");
        let mut all = 0;
        for k in 0..6 {
            assert_eq!(all & b.kinds[k], 0, "kinds overlap");
            all |= b.kinds[k];
        }
        assert_eq!(all, b.occupied(), "kinds and colours disagree");
        for side in 0..2 {
            assert_eq!((b.kinds[KING] & b.colours[side]).count_ones(), 1);
        }
    }

    #[test]
    fn setup_round_trip_and_audit_along_a_line() {
        let start = Position::<Chess>::start();
        let mut b = Board::from_setup(start.setup());
        assert_eq!(b.to_setup(), *start.setup());
        // Follow the first legal move twenty times, auditing each board.
        for _ in 0..20 {
            audit(&b);
            let list = b.legal();
            let Some(&m) = list.as_slice().first() else {
                break;
            };
            b = b.play(m);
            assert_eq!(Board::from_setup(&b.to_setup()), b);
        }
    }
}
