//! Congo — the bitboard generator.
//!
//! The 49 squares are the low 49 bits of a `u64` (bit `rank * 7 + file`; a1 = bit 0, g7 =
//! bit 48). Step and leap targets come from `static` tables filled by `const fn`s; slides walk a
//! precomputed step table; monkey chains are a depth-first search over jump tables; drowning is
//! a mask; perft counts the last ply by popcount, without allocating per node.
//!
//! It shares no move-generation code with [`super::rules`] (only the crate's types), so the two
//! can be held to each other. Rule IDs are cited where the code special-cases a rule.
//!
//! - `tables`: the bit layout, the leap, step and jump tables, the river and the castles;
//! - `board`: the position as bitboards, conversion to and from [`crate::Setup`], playing a move;
//! - `movegen`: targets, monkey chains, the outcome, perft.

mod board;
mod movegen;
mod tables;
#[cfg(test)]
mod tests;

pub use self::board::Board;
use self::board::{index_of, square_of, Mv};
use crate::congo::{Congo, CongoKind, CongoSwitches};
use crate::perft::hash::{perft_node, perft_positions, PerftTable};
use crate::perft::Counting;
use crate::{Generator, Move, MoveTextError, Outcome, Position, Square, Via};

/// The bitboard generator of Congo.
pub struct Bitboard {
    switches: CongoSwitches,
}

impl Bitboard {
    pub fn new(switches: CongoSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

fn to_move(m: &Mv, via: &[u8]) -> Move<CongoKind> {
    let squares: Vec<Square> = via.iter().map(|&i| square_of(i)).collect();
    Move {
        from: square_of(m.from),
        // A validated position has at most 14 enemy pieces, so a chain has at most 13
        // intermediate landings (CONGO-2.6) and always fits.
        via: Via::from_slice(&squares).unwrap_or(Via::EMPTY),
        to: square_of(m.to),
        promotion: None,
    }
}

impl Generator<Congo> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &CongoSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Congo>) -> Vec<Move<CongoKind>> {
        let b = Board::from_setup(pos.setup());
        let mut moves = Vec::new();
        if b.ended_by_material().is_none() {
            b.for_each_move(&self.switches, &mut |m, via| moves.push(to_move(m, via)));
        }
        moves
    }

    fn play_unchecked(&self, pos: &Position<Congo>, mv: &Move<CongoKind>) -> Position<Congo> {
        let b = Board::from_setup(pos.setup());
        let mut found = None;
        b.for_each_move(&self.switches, &mut |m, via| {
            if found.is_none() && to_move(m, via) == *mv {
                found = Some(*m);
            }
        });
        // A move that is not among the moves is played as a plain transfer (the result is
        // meaningless, as the trait allows; `play` checks legality first).
        let m = found.unwrap_or(Mv {
            from: index_of(mv.from) as u8,
            to: index_of(mv.to) as u8,
            jumped: 0,
            via_on_land: false,
        });
        Position::new_unchecked(b.make(&m, &self.switches).to_setup())
    }

    fn is_check(&self, _pos: &Position<Congo>) -> bool {
        false
    }

    fn outcome(&self, pos: &Position<Congo>) -> Option<Outcome> {
        Board::from_setup(pos.setup()).outcome(&self.switches)
    }

    fn perft(&self, pos: &Position<Congo>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft(depth, &self.switches)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Congo>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        match counting {
            Counting::Routes => perft_node(
                &Board::from_setup(pos.setup()),
                &self.switches,
                depth,
                table,
            ),
            Counting::Results => perft_positions(self, pos, depth, counting, table),
        }
    }

    fn parse_move(
        &self,
        pos: &Position<Congo>,
        text: &str,
    ) -> Result<Move<CongoKind>, MoveTextError> {
        super::parse_legal_move(self, pos, text)
    }
}
