//! [`Board`]: the bitboard position, converting to and from [`Setup`], and playing a move.

use super::tables::{
    BLACK_LONG, BLACK_SHORT, BLIND, KEEP_RIGHTS, KINDS, KING, LAST_RANK, PAWN, PROMOTES_TO,
    RUNNING, UPRIGHT, WHITE_LONG, WHITE_SHORT,
};
use crate::kuma::KumaKind;
use crate::{CastleSides, Colour, Kind, Piece, Setup, Shape, Square};

/// "No square" in the one-byte square fields (e.p. square).
pub const NO_SQ: u8 = 64;
/// An empty square in [`Board::mailbox`].
pub const EMPTY: u8 = 0xff;

/// A move as the generator stores it: `from | to << 6`. Everything else (promotion, castling,
/// e.p., double step) follows from the position, so [`Board::make`] works it out.
pub type Mv = u16;

/// Packs a move.
#[inline(always)]
pub const fn mv(from: usize, to: usize) -> Mv {
    (from | to << 6) as Mv
}

/// The from-square of a packed move.
#[inline(always)]
pub const fn from_sq(m: Mv) -> usize {
    (m & 63) as usize
}

/// The to-square of a packed move.
#[inline(always)]
pub const fn to_sq(m: Mv) -> usize {
    (m >> 6 & 63) as usize
}

/// A Kuma position as bitboards: one board per piece kind (both colours together) and one per
/// colour; a piece of kind `k` and colour `c` stands on `kinds[k] & colours[c]`. The mailbox
/// (the piece on each square, or [`EMPTY`]) and the King squares repeat what the bitboards say,
/// so that a move finds the captured piece and the King in one read; `audit` (tests) checks that
/// they agree.
///
/// The board is small (184 bytes) and `Copy`: the search copies it for every move it makes
/// ("copy-make") instead of undoing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub kinds: [u64; KINDS],
    pub colours: [u64; 2],
    /// `kind | colour << 4` for an occupied square (colour 0 = White), [`EMPTY`] otherwise.
    pub mailbox: [u8; 64],
    pub kings: [u8; 2],
    /// 0 = White to move, 1 = Black.
    pub turn: u8,
    /// Castling-right bits (`WHITE_SHORT`, …).
    pub castling: u8,
    /// The square a pawn just passed with its double step, or [`NO_SQ`].
    pub ep: u8,
    pub halfmove: u32,
    pub fullmove: u32,
}

const fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

fn kind_index(k: KumaKind) -> usize {
    // `KumaKind::ALL` lists the kinds in declaration order, the order of the tables.
    k as usize
}

fn square_index(sq: Square) -> usize {
    sq.rank() as usize * 8 + sq.file() as usize
}

fn square_of(index: usize) -> Square {
    Square::new((index % 8) as u8, (index / 8) as u8)
}

impl Board {
    /// Reads a setup of Kuma's 8×8 shape. The setup comes from a validated position, so each side
    /// has its King; squares off an 8×8 board are ignored.
    pub fn from_setup(setup: &Setup<KumaKind>) -> Board {
        let mut b = Board {
            kinds: [0; KINDS],
            colours: [0; 2],
            mailbox: [EMPTY; 64],
            kings: [0; 2],
            turn: colour_index(setup.turn) as u8,
            castling: 0,
            ep: setup
                .ep_square
                .filter(|sq| sq.file() < 8 && sq.rank() < 8)
                .map_or(NO_SQ, |sq| square_index(sq) as u8),
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            if sq.file() >= 8 || sq.rank() >= 8 {
                continue;
            }
            let i = square_index(sq);
            let (c, k) = (colour_index(p.colour), kind_index(p.kind));
            b.kinds[k] |= 1 << i;
            b.colours[c] |= 1 << i;
            b.mailbox[i] = (k | c << 4) as u8;
            if k == KING {
                b.kings[c] = i as u8;
            }
        }
        let rights = |sides: CastleSides, short: u8, long: u8| {
            (if sides.short { short } else { 0 }) | (if sides.long { long } else { 0 })
        };
        b.castling = rights(setup.castling.white, WHITE_SHORT, WHITE_LONG)
            | rights(setup.castling.black, BLACK_SHORT, BLACK_LONG);
        b
    }

    /// The board as a [`Setup`].
    pub fn to_setup(self) -> Setup<KumaKind> {
        let mut s = Setup::empty(Shape::new(8, 8));
        for (i, &code) in self.mailbox.iter().enumerate() {
            if code != EMPTY {
                let colour = if code >> 4 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                let kind = KumaKind::ALL[(code & 15) as usize];
                s.set(square_of(i), Some(Piece::new(colour, kind)));
            }
        }
        s.turn = if self.turn == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        s.castling.white = CastleSides {
            short: self.castling & WHITE_SHORT != 0,
            long: self.castling & WHITE_LONG != 0,
        };
        s.castling.black = CastleSides {
            short: self.castling & BLACK_SHORT != 0,
            long: self.castling & BLACK_LONG != 0,
        };
        s.ep_square = (self.ep != NO_SQ).then(|| square_of(self.ep as usize));
        s.halfmove_clock = self.halfmove;
        s.fullmove_number = self.fullmove;
        s
    }

    /// The kind a move from `from` to `to` leaves on `to`: the moving piece's kind, or what it
    /// must promote to on its last rank (KUMA-5.1).
    #[inline(always)]
    pub fn arriving_kind(&self, from: usize, to: usize) -> usize {
        let code = self.mailbox[from];
        let kind = (code & 15) as usize;
        let colour = (code >> 4) as usize & 1;
        if LAST_RANK[colour] & (1 << to) != 0 {
            PROMOTES_TO[kind] as usize
        } else {
            kind
        }
    }

    /// Whether `m` is a promotion: the square name form needs the promoted kind.
    pub fn promotion(&self, m: Mv) -> Option<usize> {
        let (from, to) = (from_sq(m), to_sq(m));
        let kind = (self.mailbox[from] & 15) as usize;
        let arriving = self.arriving_kind(from, to);
        (arriving != kind).then_some(arriving)
    }

    /// The position after the move `m`, which must be legal here. Works out what kind of move it
    /// is from the board: a King moving two files castles, a Pawn moving diagonally onto the
    /// e.p. square captures e.p., a Pawn moving two ranks sets the e.p. square, a piece arriving
    /// on its last rank promotes if its kind does.
    ///
    /// A move from an empty square (only possible for a move that is not legal) changes nothing
    /// but the side to move.
    #[inline(always)]
    pub fn make(&self, m: Mv) -> Board {
        let (from, to) = (from_sq(m), to_sq(m));
        let mut b = *self;
        let us = self.turn as usize;
        let them = us ^ 1;
        let code = self.mailbox[from];
        b.turn ^= 1;
        b.fullmove += us as u32; // after Black's move
        b.ep = NO_SQ;
        if code == EMPTY {
            return b;
        }
        let kind = (code & 15) as usize;
        let (from_bb, to_bb) = (1u64 << from, 1u64 << to);
        let captured = self.mailbox[to];
        b.halfmove += 1;
        if captured != EMPTY {
            b.kinds[(captured & 15) as usize] ^= to_bb;
            b.colours[them] ^= to_bb;
            b.halfmove = 0;
        }
        let arriving = if LAST_RANK[us] & to_bb != 0 {
            PROMOTES_TO[kind] as usize
        } else {
            kind
        };
        b.kinds[kind] ^= from_bb;
        b.kinds[arriving] ^= to_bb;
        b.colours[us] ^= from_bb | to_bb;
        b.mailbox[from] = EMPTY;
        b.mailbox[to] = (arriving | us << 4) as u8;
        if kind == PAWN {
            b.halfmove = 0;
            if from.abs_diff(to) == 16 {
                // KUMA-8.3 (our FEN convention): the e.p. square follows every double step.
                b.ep = ((from + to) / 2) as u8;
            } else if to == self.ep as usize && captured == EMPTY {
                // KUMA-6.1: the captured pawn stands behind the e.p. square.
                let victim = if us == 0 { to - 8 } else { to + 8 };
                b.kinds[PAWN] ^= 1 << victim;
                b.colours[them] ^= 1 << victim;
                b.mailbox[victim] = EMPTY;
            }
        } else if kind == KING {
            b.kings[us] = to as u8;
            if from.abs_diff(to) == 2 {
                // KUMA-4.1: the partner jumps over the King: h1→f1 (Running Bear, short) or
                // a1→d1 (Upright Bear, long).
                let (rook_from, rook_to, partner) = if to > from {
                    (from + 3, from + 1, RUNNING)
                } else {
                    (from - 4, from - 1, UPRIGHT)
                };
                let moved = (1u64 << rook_from) | (1u64 << rook_to);
                b.kinds[partner] ^= moved;
                b.colours[us] ^= moved;
                b.mailbox[rook_from] = EMPTY;
                b.mailbox[rook_to] = (partner | us << 4) as u8;
            }
        }
        b.castling &= KEEP_RIGHTS[from] & KEEP_RIGHTS[to];
        b
    }

    /// KUMA-7.4: whether the side that just moved has a Blind Bear on its last rank, i.e. has
    /// won; the position is then terminal.
    #[inline(always)]
    pub fn blind_bear_home(&self) -> bool {
        let them = (self.turn ^ 1) as usize;
        self.kinds[BLIND] & self.colours[them] & LAST_RANK[them] != 0
    }

    /// Test-only consistency check of the cached state (in the style of cozy-chess's
    /// `validity_check`): recomputes everything derived and reports the first disagreement.
    #[cfg(test)]
    pub fn audit(&self) -> Result<(), String> {
        if self.colours[0] & self.colours[1] != 0 {
            return Err("a square is both White and Black".into());
        }
        let mut union = 0u64;
        for (k, &bb) in self.kinds.iter().enumerate() {
            if union & bb != 0 {
                return Err(format!("kind {k} overlaps another kind"));
            }
            union |= bb;
        }
        if union != self.colours[0] | self.colours[1] {
            return Err("kind boards and colour boards cover different squares".into());
        }
        for sq in 0..64 {
            let bit = 1u64 << sq;
            let expected = if union & bit == 0 {
                EMPTY
            } else {
                let k = self.kinds.iter().position(|bb| bb & bit != 0).unwrap_or(99);
                let c = usize::from(self.colours[1] & bit != 0);
                (k | c << 4) as u8
            };
            if self.mailbox[sq] != expected {
                return Err(format!(
                    "mailbox[{sq}] = {} but the bitboards say {expected}",
                    self.mailbox[sq]
                ));
            }
        }
        for c in 0..2 {
            let kings = self.kinds[KING] & self.colours[c];
            if kings.count_ones() != 1 || kings.trailing_zeros() != self.kings[c] as u32 {
                return Err(format!("king square of colour {c} is stale"));
            }
        }
        if self.turn > 1 || self.castling > 15 {
            return Err("turn or castling out of range".into());
        }
        if self.ep != NO_SQ && !matches!(self.ep / 8, 2 | 5) {
            return Err(format!("e.p. square {} not on rank 3 or 6", self.ep));
        }
        for (bit, corner, partner, home) in [
            (WHITE_SHORT, 7, RUNNING, 4),
            (WHITE_LONG, 0, UPRIGHT, 4),
            (BLACK_SHORT, 63, RUNNING, 60),
            (BLACK_LONG, 56, UPRIGHT, 60),
        ] {
            let c = usize::from(home == 60);
            if self.castling & bit != 0
                && (self.mailbox[corner] != (partner | c << 4) as u8
                    || self.mailbox[home] != (KING | c << 4) as u8)
            {
                return Err(format!(
                    "castling right {bit} without King and partner at home"
                ));
            }
        }
        Ok(())
    }
}
