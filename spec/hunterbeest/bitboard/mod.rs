//! # Bachelor Hunterbeest — the bitboard generator
//!
//! The optimized generator. It shares only this crate's types with the reference
//! ([`super::rules`]): the board, the tables, the attack test, the check and pin logic and the
//! make-move below are its own, so the differential tests compare two independent readings.
//!
//! - The 9 × 8 board has 72 squares, more than a `u64` holds: a bitboard is a `u128` with bit
//!   `rank * 9 + file` (a1 = bit 0, i1 = bit 8, a2 = bit 9, …, i8 = bit 71).
//! - Leaper moves (King, Gnu, Hartebeest, Cohartebeest, Hinny, Cohinny, Pawn captures) come from
//!   tables filled at compile time by `const fn`s; the colour-dependent leapers (Hinny, Cohinny,
//!   Pawn) have one table per colour.
//! - The five sliders (Queen, Hunter, Hawker, Huntress, Hawkress) slide in a subset of the eight
//!   directions; a ray scan finds the first blocker with a bit scan on a precomputed ray.
//! - Legal moves come from check and pin information (checkers, the squares that stop a check,
//!   pin lines) rather than by playing every move; only en passant is tested by playing it.
//! - Perft counts in bulk at the last ply (population counts, ×10 for promotions) and recurses
//!   by copy-make through a visitor: no allocation per node.
//!
//! - `tables`: the bit layout, the leaper tables, rays and slider directions;
//! - `board`: the position as bitboards, conversion to and from [`crate::Setup`], playing a move;
//! - `movegen`: attacks, checks and pins, legal moves, perft.

mod board;
mod movegen;
mod tables;
#[cfg(test)]
mod tests;

pub use self::board::Board;
use self::board::{colour_of_index, index_square, Mv, Special};
use self::movegen::Collect;
use self::tables::KIND_OF_INDEX;
use crate::hunterbeest::{Hunterbeest, HunterbeestKind, HunterbeestSwitches, StalemateResult};
use crate::perft::hash::{perft_node, perft_positions, PerftTable};
use crate::perft::Counting;
use crate::{Generator, Move, Outcome, Position, Reason};

fn to_move(mv: Mv) -> Move<HunterbeestKind> {
    let (from, to) = (index_square(mv.from), index_square(mv.to));
    match mv.special {
        Special::Promotion(k) => Move::promoting(from, to, KIND_OF_INDEX[k]),
        _ => Move::new(from, to),
    }
}

/// The bitboard generator of Bachelor Hunterbeest.
///
/// ```
/// use fairyspec::{Generator, Position};
/// use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches, bitboard::Bitboard};
///
/// let bitboard = Bitboard::new(HunterbeestSwitches::default());
/// let start = Position::<Hunterbeest>::start();
/// assert_eq!(bitboard.perft(&start, 2), 26 * 26);
/// ```
pub struct Bitboard {
    switches: HunterbeestSwitches,
}

impl Bitboard {
    pub fn new(switches: HunterbeestSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

impl Generator<Hunterbeest> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &HunterbeestSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Hunterbeest>) -> Vec<Move<HunterbeestKind>> {
        let board = Board::new(pos);
        let mut collect = Collect(Vec::with_capacity(64));
        board.generate(&mut collect);
        collect.0.into_iter().map(to_move).collect()
    }

    fn play_unchecked(
        &self,
        pos: &Position<Hunterbeest>,
        mv: &Move<HunterbeestKind>,
    ) -> Position<Hunterbeest> {
        let board = Board::new(pos);
        Position::new_unchecked(board.make(board.read_move(mv)).to_setup())
    }

    fn is_check(&self, pos: &Position<Hunterbeest>) -> bool {
        Board::new(pos).in_check()
    }

    fn outcome(&self, pos: &Position<Hunterbeest>) -> Option<Outcome> {
        let board = Board::new(pos);
        let mover = colour_of_index(board.turn ^ 1);
        if let Some(reason) = board.finished() {
            return Some(Outcome::win(mover, reason));
        }
        if board.perft(1) > 0 {
            return None;
        }
        Some(if board.in_check() {
            Outcome::win(mover, Reason::Checkmate)
        } else {
            match self.switches.stalemate {
                StalemateResult::Draw => Outcome::draw(Reason::Stalemate),
                StalemateResult::Win => Outcome::win(mover, Reason::Stalemate),
            }
        })
    }

    fn perft(&self, pos: &Position<Hunterbeest>, depth: u32) -> u64 {
        Board::new(pos).perft(depth)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Hunterbeest>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        match counting {
            Counting::Routes => perft_node(&Board::new(pos), &(), depth, table),
            Counting::Results => perft_positions(self, pos, depth, counting, table),
        }
    }
}
