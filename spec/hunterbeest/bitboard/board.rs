//! [`Board`]: the position as bitboards, converting to and from [`Setup`], and playing a move.

use super::tables::{
    bit, kind_index, Bb, BLACK, EMPTY, KINDS, KIND_OF_INDEX, KING, PAWN, SQUARES, WHITE,
};
use crate::hunterbeest::{Hunterbeest, HunterbeestKind};

use crate::{ByColour, CastleSides, Colour, Game, Move, Piece, Position, Setup, Square};

// ---------------------------------------------------------------------------------------------
// The board.
// ---------------------------------------------------------------------------------------------

/// Castling rights as bits.
pub(super) const WHITE_I_SIDE: u8 = 1;
pub(super) const WHITE_A_SIDE: u8 = 2;
pub(super) const BLACK_I_SIDE: u8 = 4;
pub(super) const BLACK_A_SIDE: u8 = 8;

/// The corners, with the right a move from or to them removes.
pub(super) const CORNERS: [(usize, u8); 4] = [
    (8, WHITE_I_SIDE),
    (0, WHITE_A_SIDE),
    (71, BLACK_I_SIDE),
    (63, BLACK_A_SIDE),
];

/// What a move does besides moving a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Special {
    None,
    DoubleStep,
    EnPassant,
    Castling,
    Promotion(usize),
}

/// A move of this generator.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mv {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) special: Special,
}

/// The position as bitboards plus a mailbox of kinds (for captures and the edge conversions).
#[derive(Clone, Copy)]
pub struct Board {
    pub(super) kinds: [Bb; KINDS],
    pub(super) colours: [Bb; 2],
    pub(super) mailbox: [u8; SQUARES],
    pub(super) turn: usize,
    pub(super) castling: u8,
    pub(super) ep: Option<usize>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
}

pub(super) fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => WHITE,
        Colour::Black => BLACK,
    }
}

pub(super) fn colour_of_index(i: usize) -> Colour {
    if i == WHITE {
        Colour::White
    } else {
        Colour::Black
    }
}

pub(super) fn square_index(sq: Square) -> usize {
    sq.rank() as usize * 9 + sq.file() as usize
}

pub(super) fn index_square(i: usize) -> Square {
    Square::new((i % 9) as u8, (i / 9) as u8)
}

impl Board {
    /// The board of a position.
    ///
    /// ```
    /// use fairyspec::{Position, hunterbeest::{Hunterbeest, bitboard::Board}};
    ///
    /// let start = Position::<Hunterbeest>::start();
    /// assert_eq!(&Board::new(&start).to_setup(), start.setup());
    /// ```
    pub fn new(pos: &Position<Hunterbeest>) -> Board {
        Board::from_setup(pos.setup())
    }

    /// The board of a setup. The move generation below assumes a valid position of the game
    /// (one King each), which is why the public door is [`Board::new`].
    pub(super) fn from_setup(setup: &Setup<HunterbeestKind>) -> Board {
        let mut b = Board {
            kinds: [0; KINDS],
            colours: [0; 2],
            mailbox: [EMPTY; SQUARES],
            turn: colour_index(setup.turn),
            castling: 0,
            ep: setup.ep_square.map(square_index),
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            let i = square_index(sq);
            let k = kind_index(p.kind);
            b.kinds[k] |= bit(i);
            b.colours[colour_index(p.colour)] |= bit(i);
            b.mailbox[i] = k as u8;
        }
        let rights = [
            (setup.castling.white.short, WHITE_I_SIDE),
            (setup.castling.white.long, WHITE_A_SIDE),
            (setup.castling.black.short, BLACK_I_SIDE),
            (setup.castling.black.long, BLACK_A_SIDE),
        ];
        for (has, flag) in rights {
            if has {
                b.castling |= flag;
            }
        }
        b
    }

    /// Back to a setup.
    pub fn to_setup(&self) -> Setup<HunterbeestKind> {
        let mut setup = Setup::empty(Hunterbeest::SHAPE);
        for i in 0..SQUARES {
            let k = self.mailbox[i];
            if k != EMPTY {
                let colour = if self.colours[WHITE] & bit(i) != 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                setup.set(
                    index_square(i),
                    Some(Piece::new(colour, KIND_OF_INDEX[k as usize])),
                );
            }
        }
        setup.turn = colour_of_index(self.turn);
        setup.castling = ByColour {
            white: CastleSides {
                short: self.castling & WHITE_I_SIDE != 0,
                long: self.castling & WHITE_A_SIDE != 0,
            },
            black: CastleSides {
                short: self.castling & BLACK_I_SIDE != 0,
                long: self.castling & BLACK_A_SIDE != 0,
            },
        };
        setup.ep_square = self.ep.map(index_square);
        setup.halfmove_clock = self.halfmove;
        setup.fullmove_number = self.fullmove;
        setup
    }

    #[inline]
    pub(super) fn occupied(&self) -> Bb {
        self.colours[WHITE] | self.colours[BLACK]
    }

    #[inline]
    pub(super) fn pieces(&self, colour: usize, kind: usize) -> Bb {
        self.kinds[kind] & self.colours[colour]
    }

    #[inline]
    pub(super) fn king(&self, colour: usize) -> usize {
        self.pieces(colour, KING).trailing_zeros() as usize
    }

    /// Plays a legal move (copy-make).
    pub(super) fn make(&self, mv: Mv) -> Board {
        let mut b = *self;
        let us = self.turn;
        let them = us ^ 1;
        let (from, to) = (mv.from, mv.to);
        let kind = self.mailbox[from] as usize;
        let mut reset_clock = kind == PAWN;

        let captured = self.mailbox[to];
        if captured != EMPTY {
            b.kinds[captured as usize] ^= bit(to);
            b.colours[them] ^= bit(to);
            reset_clock = true;
        }
        if mv.special == Special::EnPassant {
            let victim = if us == WHITE { to - 9 } else { to + 9 };
            b.kinds[PAWN] ^= bit(victim);
            b.colours[them] ^= bit(victim);
            b.mailbox[victim] = EMPTY;
        }

        let moved = bit(from) | bit(to);
        b.colours[us] ^= moved;
        b.mailbox[from] = EMPTY;
        if let Special::Promotion(new_kind) = mv.special {
            b.kinds[kind] ^= bit(from);
            b.kinds[new_kind] |= bit(to);
            b.mailbox[to] = new_kind as u8;
        } else {
            b.kinds[kind] ^= moved;
            b.mailbox[to] = kind as u8;
        }

        if mv.special == Special::Castling {
            let (corner, lands) = if to > from {
                (from + 4, from + 1)
            } else {
                (from - 4, from - 1)
            };
            let partner = self.mailbox[corner];
            let hop = bit(corner) | bit(lands);
            b.kinds[partner as usize] ^= hop;
            b.colours[us] ^= hop;
            b.mailbox[corner] = EMPTY;
            b.mailbox[lands] = partner;
        }

        if kind == KING {
            b.castling &= if us == WHITE {
                !(WHITE_I_SIDE | WHITE_A_SIDE)
            } else {
                !(BLACK_I_SIDE | BLACK_A_SIDE)
            };
        }
        for (corner, right) in CORNERS {
            if from == corner || to == corner {
                b.castling &= !right;
            }
        }

        b.ep = if mv.special == Special::DoubleStep {
            Some((from + to) / 2)
        } else {
            None
        };
        b.halfmove = if reset_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == BLACK {
            b.fullmove = self.fullmove.saturating_add(1);
        }
        b.turn = them;
        b
    }

    /// The move of this generator that `mv` names (its special part read off the board).
    pub(super) fn read_move(&self, mv: &Move<HunterbeestKind>) -> Mv {
        let (from, to) = (square_index(mv.from), square_index(mv.to));
        let kind = self.mailbox[from] as usize;
        let special = if let Some(k) = mv.promotion {
            Special::Promotion(kind_index(k))
        } else if kind == KING && mv.from.file().abs_diff(mv.to.file()) == 2 {
            Special::Castling
        } else if kind == PAWN && Some(to) == self.ep && mv.from.file() != mv.to.file() {
            Special::EnPassant
        } else if kind == PAWN && mv.from.rank().abs_diff(mv.to.rank()) == 2 {
            Special::DoubleStep
        } else {
            Special::None
        };
        Mv { from, to, special }
    }
}
