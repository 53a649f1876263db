//! [`Board`]: the bitboard position, conversion to and from [`Setup`], and playing a move.

use super::bb::Bb;
use super::lines::{line_pos, LINES_N, LINE_INDEX};
use super::steps::{PER_PIECE, STEP_DIRS};
use super::tables::{
    FLAGS, KINDS, KIND_OF, LION, NONE, PAWN_GB, PAWN_LANCE, PROMOTES, PROMOTES_TO, ROYAL,
};
use crate::chu::{ChuKind, SHAPE};
use crate::{Colour, Piece, Setup, Square};

/// An empty square in [`Board::mailbox`].
pub const EMPTY: u8 = 0xff;

/// A move as the generator stores it: from, the middle square of a two-step move (or [`NONE`]),
/// to, and whether it promotes. Igui and the pass have `to == from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: u8,
    pub mid: u8,
    pub to: u8,
    pub promote: bool,
}

impl Mv {
    #[inline(always)]
    pub const fn new(from: usize, to: usize, promote: bool) -> Mv {
        Mv {
            from: from as u8,
            mid: NONE,
            to: to as u8,
            promote,
        }
    }

    #[inline(always)]
    pub const fn two_step(from: usize, mid: usize, to: usize) -> Mv {
        Mv {
            from: from as u8,
            mid: mid as u8,
            to: to as u8,
            promote: false,
        }
    }
}

/// A Chu position as bitboards. The mailbox (`kind | colour << 6` on each square, or [`EMPTY`])
/// tells the kind of a piece in one read; the bitboards are the sets the rules ask about: each
/// side's pieces, royals (CHU-6.2) and lions (CHU-5), and — both colours together — the
/// unpromoted Pawns and Go-Betweens (no bridge for L2, not counted for bare king) and the
/// unpromoted Pawns and Lances (dead on their last rank). `audit` (tests) checks they agree.
///
/// For counting, also each side's pieces by the directions they step in and the pieces with
/// other moves ([`super::steps`]), and the pieces that may promote.
///
/// 1,072 bytes and `Copy`: the search copies it for every move ("copy-make").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub mailbox: [u8; 144],
    pub occ: [Bb; 2],
    pub royals: [Bb; 2],
    pub lions: [Bb; 2],
    pub pawn_gb: Bb,
    pub pawn_lance: Bb,
    /// Each side's occupancy of the 70 lines (ranks, files, diagonals; see
    /// [`super::lines::LINE_INDEX`]), for counting slider moves by table lookup.
    pub lines: [[u16; LINES_N]; 2],
    /// `steps[colour][d]`: the pieces of `colour` that step in direction `d`.
    pub steps: [[Bb; 8]; 2],
    /// Each side's pieces with moves other than steps ([`super::steps::PER_PIECE`]).
    pub per_piece: [Bb; 2],
    /// The pieces (both colours) of kinds that promote.
    pub promotable: Bb,
    /// 0 = sente (the crate's [`Colour::White`]) to move, 1 = gote.
    pub turn: u8,
    /// CHU-5.3: the counter-strike square (where a non-lion just captured a lion), or [`NONE`].
    pub counter_strike: u8,
    pub move_number: u32,
}

pub const fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

const fn colour_of(i: usize) -> Colour {
    if i == 0 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// The index of a square of the 12×12 board; `None` off it.
pub fn index_of(sq: Square) -> Option<usize> {
    (sq.file() < 12 && sq.rank() < 12).then(|| sq.rank() as usize * 12 + sq.file() as usize)
}

/// The square of an index (< 144).
pub fn square_of(i: usize) -> Square {
    Square::new((i % 12) as u8, (i / 12) as u8)
}

impl Board {
    /// An empty board, sente to move.
    pub const EMPTY_BOARD: Board = Board {
        mailbox: [EMPTY; 144],
        occ: [Bb::EMPTY; 2],
        royals: [Bb::EMPTY; 2],
        lions: [Bb::EMPTY; 2],
        pawn_gb: Bb::EMPTY,
        pawn_lance: Bb::EMPTY,
        lines: [[0; LINES_N]; 2],
        steps: [[Bb::EMPTY; 8]; 2],
        per_piece: [Bb::EMPTY; 2],
        promotable: Bb::EMPTY,
        turn: 0,
        counter_strike: NONE,
        move_number: 1,
    };

    /// Reads a setup of the 12×12 shape; squares off the board are ignored.
    pub fn from_setup(setup: &Setup<ChuKind>) -> Board {
        let mut b = Board::EMPTY_BOARD;
        b.turn = colour_index(setup.turn) as u8;
        b.move_number = setup.fullmove_number;
        b.counter_strike = setup
            .counter_strike
            .and_then(index_of)
            .map_or(NONE, |i| i as u8);
        if setup.shape == SHAPE && setup.board.len() == 144 {
            // The 12x12 mailbox index (`Shape::index`: rank * 12 + file) is this board's index:
            // read it straight (the fuzz targets convert a position for every move they play).
            for (i, p) in setup.board.iter().enumerate() {
                if let Some(p) = p {
                    b.put(i, p.kind as usize, colour_index(p.colour));
                }
            }
        } else {
            for (sq, p) in setup.pieces() {
                if let Some(i) = index_of(sq) {
                    b.put(i, p.kind as usize, colour_index(p.colour));
                }
            }
        }
        b
    }

    /// The setup of this board.
    pub fn setup(&self) -> Setup<ChuKind> {
        let mut s = Setup::empty(SHAPE);
        // `Shape::index` of the 12x12 shape is this board's index.
        for (cell, &code) in s.board.iter_mut().zip(&self.mailbox) {
            if code != EMPTY {
                let kind = KIND_OF[(code & 63) as usize % KINDS];
                *cell = Some(Piece::new(colour_of((code >> 6) as usize), kind));
            }
        }
        s.turn = colour_of(self.turn as usize);
        s.fullmove_number = self.move_number;
        s.counter_strike =
            (self.counter_strike != NONE).then(|| square_of(self.counter_strike as usize));
        s
    }

    /// The kind index of the piece on `sq` (which must be occupied).
    #[inline(always)]
    pub fn kind(&self, sq: usize) -> usize {
        (self.mailbox[sq] & 63) as usize
    }

    #[inline(always)]
    fn sets(&mut self, sq: usize, kind: usize, colour: usize) {
        let bit = Bb::bit(sq);
        let f = FLAGS[kind];
        self.occ[colour] ^= bit;
        for (t, index) in LINE_INDEX.iter().enumerate() {
            self.lines[colour][index[sq] as usize] ^= 1 << line_pos(t, sq);
        }
        if f & ROYAL != 0 {
            self.royals[colour] ^= bit;
        }
        if f & LION != 0 {
            self.lions[colour] ^= bit;
        }
        if f & PAWN_GB != 0 {
            self.pawn_gb ^= bit;
        }
        if f & PAWN_LANCE != 0 {
            self.pawn_lance ^= bit;
        }
        if f & PROMOTES != 0 {
            self.promotable ^= bit;
        }
        if PER_PIECE[kind] {
            self.per_piece[colour] ^= bit;
        }
        let mut dirs = STEP_DIRS[colour][kind];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            self.steps[colour][d] ^= bit;
        }
    }

    /// Puts a piece on an empty square.
    #[inline(always)]
    pub fn put(&mut self, sq: usize, kind: usize, colour: usize) {
        self.mailbox[sq] = (kind | colour << 6) as u8;
        self.sets(sq, kind, colour);
    }

    /// Takes the piece off `sq` and returns its code (`kind | colour << 6`), or [`EMPTY`].
    #[inline(always)]
    pub fn take(&mut self, sq: usize) -> u8 {
        let code = self.mailbox[sq];
        if code != EMPTY {
            self.sets(sq, (code & 63) as usize, (code >> 6) as usize);
            self.mailbox[sq] = EMPTY;
        }
        code
    }

    /// The board after move `m` of the side to move (copy-make). The counter-strike square
    /// (CHU-5.3) is set where a piece that was not a lion before the move captured a lion (the
    /// final capture wins if both legs took one); the move number goes up by one each ply.
    #[inline]
    pub fn make(&self, m: Mv) -> Board {
        let mut b = *self;
        let (from, to) = (m.from as usize, m.to as usize);
        let us = b.turn as usize;
        let code = b.take(from);
        let kind = (code & 63) as usize;
        let not_lion = FLAGS[kind] & LION == 0;
        b.counter_strike = NONE;
        if m.mid != NONE {
            let mid = m.mid as usize;
            let captured = b.take(mid);
            if not_lion && captured != EMPTY && FLAGS[(captured & 63) as usize] & LION != 0 {
                b.counter_strike = m.mid;
            }
        }
        let captured = b.take(to);
        if not_lion && captured != EMPTY && FLAGS[(captured & 63) as usize] & LION != 0 {
            b.counter_strike = m.to;
        }
        let new_kind = if m.promote {
            PROMOTES_TO[kind] as usize
        } else {
            kind
        };
        b.put(to, new_kind, us);
        b.turn ^= 1;
        b.move_number = b.move_number.wrapping_add(1);
        b
    }

    /// Test support: whether the bitboards say what the mailbox says.
    #[cfg(test)]
    pub fn audit(&self) -> bool {
        let mut r = Board::EMPTY_BOARD;
        for (i, &code) in self.mailbox.iter().enumerate() {
            if code != EMPTY {
                r.put(i, (code & 63) as usize, (code >> 6) as usize);
            }
        }
        r.occ == self.occ
            && r.royals == self.royals
            && r.lions == self.lions
            && r.pawn_gb == self.pawn_gb
            && r.pawn_lance == self.pawn_lance
            && r.lines == self.lines
            && r.steps == self.steps
            && r.per_piece == self.per_piece
            && r.promotable == self.promotable
    }
}
