//! [`Board`]: the position as bitboards, converting to and from [`Setup`], and playing a move.

use super::tables::{
    bit, Bb, BLACK, CROCODILE, KINDS, LAST_RANK, PAWN, RIVER, SQUARES, SUPERPAWN, WHITE,
};
use crate::congo::{Congo, CongoKind, CongoSwitches, MonkeyReentry};
use crate::Game;
use crate::{Colour, Piece, Setup, Square};

/// A position as bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub(super) colour: [Bb; 2],
    pub(super) kind: [Bb; 8],
    pub(super) turn: usize,
    pub(super) fullmove: u32,
}

/// A move as the bitboard generator plays it. The landing path (for move text) is handed to the
/// move visitor beside it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mv {
    pub(super) from: u8,
    pub(super) to: u8,
    /// The monkey's jumped pieces (CONGO-4.2).
    pub(super) jumped: Bb,
    /// Some intermediate landing of a monkey chain is off the river (CONGO-5.4).
    pub(super) via_on_land: bool,
}

pub(super) fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => WHITE,
        Colour::Black => BLACK,
    }
}

pub(super) fn square_of(index: u8) -> Square {
    Square::new(index % 7, index / 7)
}

pub(super) fn index_of(sq: Square) -> usize {
    sq.rank() as usize * 7 + sq.file() as usize
}

impl Board {
    /// The bitboards of a position.
    pub fn from_setup(setup: &Setup<CongoKind>) -> Board {
        let mut b = Board {
            colour: [0; 2],
            kind: [0; 8],
            turn: colour_index(setup.turn),
            fullmove: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            let i = index_of(sq);
            if i < SQUARES {
                b.colour[colour_index(p.colour)] |= bit(i);
                let k = p.kind as usize;
                b.kind[k] |= bit(i);
            }
        }
        b
    }

    /// The raw position back.
    pub fn to_setup(&self) -> Setup<CongoKind> {
        let mut setup = Setup::empty(Congo::SHAPE);
        setup.turn = if self.turn == WHITE {
            Colour::White
        } else {
            Colour::Black
        };
        setup.fullmove_number = self.fullmove;
        for (c, colour) in [(WHITE, Colour::White), (BLACK, Colour::Black)] {
            for (k, kind) in KINDS.iter().enumerate() {
                let mut bb = self.colour[c] & self.kind[k];
                while bb != 0 {
                    let i = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    setup.set(square_of(i), Some(Piece::new(colour, *kind)));
                }
            }
        }
        setup
    }

    pub(super) fn occupied(&self) -> Bb {
        self.colour[WHITE] | self.colour[BLACK]
    }

    pub(super) fn kind_at(&self, sq: usize) -> usize {
        let b = bit(sq);
        let mut k = 0;
        while k < 8 {
            if self.kind[k] & b != 0 {
                return k;
            }
            k += 1;
        }
        PAWN
    }

    /// Plays `m`: capture, jumped pieces, promotion, then drowning (CONGO-5.2 – 5.4).
    pub(super) fn make(&self, m: &Mv, switches: &CongoSwitches) -> Board {
        let us = self.turn;
        let them = us ^ 1;
        let from = bit(m.from as usize);
        let to = bit(m.to as usize);
        let k = self.kind_at(m.from as usize);
        let mut n = *self;
        let removed = to | m.jumped;
        n.colour[them] &= !removed;
        for bb in n.kind.iter_mut() {
            *bb &= !removed;
        }
        // A chain may end on its own start square (CONGO-4.3): clear, then set.
        n.colour[us] = (n.colour[us] & !from) | to;
        n.kind[k] &= !from;
        let becomes = if k == PAWN && to & LAST_RANK[us] != 0 {
            SUPERPAWN
        } else {
            k
        };
        n.kind[becomes] |= to;
        // CONGO-5.2: the mover's swimmers drown, except a piece that just entered the river.
        let entered = from & RIVER == 0
            || (switches.monkey_reentry == MonkeyReentry::Survives && m.via_on_land);
        let survivor = if entered { to } else { 0 };
        let drowned = n.colour[us] & RIVER & !n.kind[CROCODILE] & !survivor;
        if drowned != 0 {
            n.colour[us] &= !drowned;
            for bb in n.kind.iter_mut() {
                *bb &= !drowned;
            }
        }
        n.turn = them;
        if us == BLACK {
            n.fullmove = n.fullmove.saturating_add(1);
        }
        n
    }
}
