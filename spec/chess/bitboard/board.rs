//! `Board`: the position as bitboards, converting to and from [`Setup`], and playing a move.

use super::tables::bit;
use crate::chess::{Chess, ChessKind};
use crate::{Colour, Kind, Move, Piece, Setup, Square};

// Kind indices into `Board::kinds`: each kind's place in [`ChessKind`]'s declaration order,
// which is [`Kind::ALL`]'s order (a test in `tests/all/spec_tables.rs` holds them to each other).
pub(super) const KING: usize = ChessKind::King as usize;
pub(super) const QUEEN: usize = ChessKind::Queen as usize;
pub(super) const ROOK: usize = ChessKind::Rook as usize;
pub(super) const BISHOP: usize = ChessKind::Bishop as usize;
pub(super) const KNIGHT: usize = ChessKind::Knight as usize;
pub(super) const PAWN: usize = ChessKind::Pawn as usize;

/// The kind of each index.
pub(super) const KINDS: &[ChessKind] = <ChessKind as Kind>::ALL;

/// No e.p. square.
pub(super) const NO_EP: u8 = 64;

// Castling-right bits.
pub(super) const WHITE_SHORT: u8 = 1;
pub(super) const WHITE_LONG: u8 = 2;
pub(super) const BLACK_SHORT: u8 = 4;
pub(super) const BLACK_LONG: u8 = 8;

/// CHESS-4.3: the rights that survive a move from or to each square (a King or Rook leaving its
/// start square, or a Rook captured on its corner, ends the corresponding rights).
pub(super) static KEEP_RIGHTS: [u8; 64] = {
    let mut t = [0xf; 64];
    t[0] = !WHITE_LONG & 0xf; // a1
    t[4] = !(WHITE_SHORT | WHITE_LONG) & 0xf; // e1
    t[7] = !WHITE_SHORT & 0xf; // h1
    t[56] = !BLACK_LONG & 0xf; // a8
    t[60] = !(BLACK_SHORT | BLACK_LONG) & 0xf; // e8
    t[63] = !BLACK_SHORT & 0xf; // h8
    t
};

pub(super) const RANK_1: u64 = 0xff;
pub(super) const RANK_8: u64 = 0xff << 56;

/// A move inside the generator: squares as bit indices, promotion as a kind index (0 = none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Mv {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) promotion: u8,
}

/// A position as bitboards. Copied whole to play a move (copy-make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(super) colours: [u64; 2],
    pub(super) kinds: [u64; 6],
    /// 0 White, 1 Black.
    pub(super) us: usize,
    pub(super) castling: u8,
    pub(super) ep: u8,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
}

impl Board {
    pub(super) fn from_setup(setup: &Setup<ChessKind>) -> Board {
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
            b.kinds[p.kind as usize] |= s;
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

    pub(super) fn to_setup(self) -> Setup<ChessKind> {
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
    pub(super) fn occupied(&self) -> u64 {
        self.colours[0] | self.colours[1]
    }

    #[inline(always)]
    pub(super) fn kind_at(&self, sq: u32) -> Option<usize> {
        let b = bit(sq);
        (0..6).find(|&k| self.kinds[k] & b != 0)
    }

    #[inline(always)]
    pub(super) fn king_square(&self, side: usize) -> u32 {
        (self.kinds[KING] & self.colours[side]).trailing_zeros()
    }

    /// Plays a legal move (copy-make).
    #[inline(always)]
    pub(super) fn play(&self, m: Mv) -> Board {
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
}
pub(super) fn square(sq: u32) -> Square {
    Square::new((sq % 8) as u8, (sq / 8) as u8)
}

pub(super) fn index(sq: Square) -> u32 {
    u32::from(sq.rank()) * 8 + u32::from(sq.file())
}

pub(super) fn to_move(m: Mv) -> Move<ChessKind> {
    let (from, to) = (square(u32::from(m.from)), square(u32::from(m.to)));
    match m.promotion {
        0 => Move::new(from, to),
        k => Move::promoting(from, to, KINDS[k as usize]),
    }
}

pub(super) fn from_move(m: &Move<ChessKind>) -> Mv {
    Mv {
        from: index(m.from) as u8,
        to: index(m.to) as u8,
        promotion: m.promotion.map(|k| k as usize).unwrap_or(0) as u8,
    }
}
