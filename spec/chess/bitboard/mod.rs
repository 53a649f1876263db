//! CHESS — the bitboard generator: a position as eight sets of squares (`u64`: two colours,
//! six kinds), attack tables computed at compile time (the private `tables` module), strictly
//! legal move generation with check and pin masks, copy-make, and a perft that counts the last
//! ply by popcount without building moves or allocating.
//!
//! It shares only the crate's types with [`super::rules`]. Where it special-cases a rule it
//! names the rule's ID, so both implementations of a rule can be found by `grep`.
//!
//! - `tables`: the one-step, between and line sets, the magic slider attacks;
//! - `board`: the position as bitboards, conversion to and from [`crate::Setup`], playing a move;
//! - `movegen`: attackers, checks and pins, legal moves, perft.

mod board;
mod movegen;
mod tables;
#[cfg(test)]
mod tests;

use self::board::{from_move, to_move, Board};
use self::movegen::Counter;
use crate::chess::{Chess, ChessKind, ChessSwitches};
use crate::perft::hash::{perft_node, PerftTable};
use crate::perft::Counting;
use crate::{Colour, Generator, Move, Outcome, Position, Reason};

/// The bitboard generator of orthodox chess.
pub struct Bitboard {
    switches: ChessSwitches,
}

impl Bitboard {
    pub fn new(switches: ChessSwitches) -> Bitboard {
        Bitboard { switches }
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
