//! KUMA — the optimized bitboard generator.
//!
//! Shares only types with the reference generator ([`super::rules`]); the two are compared by
//! the differential tests. The rules are those of SPEC.md, chapter "Kuma Chess"; the code cites a
//! rule ID where it treats a rule specially.
//!
//! - [`tables`]: bit layout of the board, rays, between/line sets and one-step tables, all
//!   computed at compile time;
//! - `board`: the position as bitboards, conversion to and from [`crate::Setup`], playing a move;
//! - `attacks`: the side to move as a type, each kind's attacks, checkers and pins;
//! - `movegen`: legal moves, perft.
//!
//! The generator converts only at its edges: a [`Position`] becomes a bitboard position once per
//! call, moves become [`Move`]s, and a played position becomes a [`crate::Setup`] again. Its
//! [`Generator::perft`] never leaves the bitboard world.
//!
//! ```
//! use fairyspec::{Game, Position, kuma::Kuma};
//!
//! let bitboard = Kuma::bitboard(&Default::default());
//! assert_eq!(bitboard.perft(&Position::<Kuma>::start(), 3), 4758);
//! ```

mod attacks;
mod board;
mod movegen;
pub mod tables;
#[cfg(test)]
mod tests;

use self::board::{from_sq, to_sq, Board, Mv};
use super::{BlindBearWin, Kuma, KumaKind, KumaSwitches};
use crate::perft::hash::{perft_node, perft_positions, HashNode, KeyHasher, PerftTable};
use crate::perft::Counting;
use crate::{Generator, Kind, Move, Outcome, Position, Reason, Square};

/// The bitboard generator of Kuma Chess.
pub struct Bitboard {
    switches: KumaSwitches,
}

impl Bitboard {
    pub fn new(switches: KumaSwitches) -> Bitboard {
        Bitboard { switches }
    }

    /// Whether a Blind Bear may win by a move that exposes its King (KUMA-7.4 switch).
    fn exposed(&self) -> bool {
        self.switches.blind_bear == BlindBearWin::EvenIfExposed
    }
}

fn square(index: usize) -> Square {
    Square::new((index % 8) as u8, (index / 8) as u8)
}

/// A packed move of `board` as a [`Move`].
fn to_move(board: &Board, m: Mv) -> Move<KumaKind> {
    let (from, to) = (square(from_sq(m)), square(to_sq(m)));
    match board.promotion(m) {
        Some(kind) => Move::promoting(from, to, KumaKind::ALL[kind]),
        None => Move::new(from, to),
    }
}

impl Generator<Kuma> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &KumaSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Kuma>) -> Vec<Move<KumaKind>> {
        let board = Board::from_setup(pos.setup());
        board
            .legal_moves(self.exposed())
            .as_slice()
            .iter()
            .map(|&m| to_move(&board, m))
            .collect()
    }

    fn play_unchecked(&self, pos: &Position<Kuma>, mv: &Move<KumaKind>) -> Position<Kuma> {
        let board = Board::from_setup(pos.setup());
        let index = |sq: Square| (sq.rank() as usize * 8 + sq.file() as usize) & 63;
        let m = board::mv(index(mv.from), index(mv.to));
        Position::new_unchecked(board.make(m).to_setup())
    }

    fn is_check(&self, pos: &Position<Kuma>) -> bool {
        Board::from_setup(pos.setup()).in_check()
    }

    fn outcome(&self, pos: &Position<Kuma>) -> Option<Outcome> {
        let board = Board::from_setup(pos.setup());
        let mover = pos.turn();
        if board.blind_bear_home() {
            // KUMA-7.4: the side that just moved has won.
            return Some(Outcome::win(mover.other(), Reason::BlindBear));
        }
        if board.count_moves(self.exposed()) > 0 {
            None
        } else if board.in_check() {
            Some(Outcome::win(mover.other(), Reason::Checkmate))
        } else {
            Some(Outcome::draw(Reason::Stalemate))
        }
    }

    fn perft(&self, pos: &Position<Kuma>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft(depth, self.exposed())
    }

    fn perft_hashed(
        &self,
        pos: &Position<Kuma>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        match counting {
            Counting::Routes => perft_node(
                &Board::from_setup(pos.setup()),
                &self.exposed(),
                depth,
                table,
            ),
            Counting::Results => perft_positions(self, pos, depth, counting, table),
        }
    }
}

impl HashNode for Board {
    /// Whether a Blind Bear may win by exposing its King (KUMA-7.4 switch).
    type Ctx = bool;

    /// The bitboards, the side to move, castling rights and the en-passant square.
    fn write_key(&self, h: &mut KeyHasher) {
        for &w in self.kinds.iter().chain(&self.colours) {
            h.write(w);
        }
        h.write(u64::from(self.turn) | u64::from(self.castling) << 8 | u64::from(self.ep) << 16);
    }

    fn count(&self, exposed: &bool) -> u64 {
        self.count_moves(*exposed)
    }

    fn children(&self, exposed: &bool, mut f: impl FnMut(&Self)) {
        for &m in self.legal_moves(*exposed).as_slice() {
            f(&self.make(m));
        }
    }
}
