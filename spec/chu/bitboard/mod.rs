//! CHU — the optimized bitboard generator.
//!
//! Shares only types with the reference generator; the two are compared by
//! the differential tests. The rules are those of SPEC.md, chapter "Chu Shogi"; the code cites a
//! rule ID where it treats a rule specially.
//!
//! - [`bb`]: the 144-square set type (three 48-bit words; why, and what was measured);
//! - [`tables`]: rays, leaper sets of every kind and colour, slide directions, zones, flags —
//!   all computed at compile time;
//! - [`lines`]: the line occupancy tables for counting slides by lookup;
//! - `board`: the position as bitboards plus a mailbox, conversion to and from
//!   [`crate::Setup`], playing a move (copy-make);
//! - `movegen`: attacks, lion powers, the counter-strike rule, promotion, one generator that
//!   emits or only counts moves, by route or by result (CHU-9.5);
//! - `lions`: the lion's moves and L2, on a board or on the board after a move unplayed;
//! - `steps`: the step moves of all pieces counted at once, direction by direction;
//! - `end`: game over (royals, bare king under every switch, lone royals);
//! - `perft`: perft by route and by result, plain or through a transposition table.
//!
//! The generator converts only at its edges: a [`Position`] becomes a `board::Board` once per
//! call, moves become [`Move`]s. Its [`Generator::perft`] never leaves the bitboard world and
//! allocates nothing: moves are handed to a closure, never collected, and the last ply is only
//! counted.
//!
//! ```
//! use fairyspec::{Game, Position, chu::Chu};
//!
//! let bitboard = Chu::bitboard(&Default::default());
//! assert_eq!(bitboard.perft(&Position::<Chu>::start(), 2), 1296);
//! ```

pub mod bb;
mod board;
mod end;
pub mod lines;
mod lions;
mod movegen;
mod perft;
mod replies;
mod sink;
mod steps;
pub mod tables;
#[cfg(test)]
mod tests;

use self::board::{index_of, square_of, Board, Mv};
use self::movegen::{Emit, Rules};
use self::tables::{KIND_OF, NONE, PROMOTES_TO};
use super::{Chu, ChuKind, ChuSwitches, KirinRecapture};
use crate::perft::hash::{perft_node, PerftTable};
use crate::perft::Counting;
use crate::{Generator, Move, Outcome, Position, Via};

/// The bitboard generator of Chu Shogi.
pub struct Bitboard {
    switches: ChuSwitches,
    rules: Rules,
}

impl Bitboard {
    pub fn new(switches: ChuSwitches) -> Bitboard {
        Bitboard {
            switches,
            rules: Rules {
                spare_counter_strike_square: switches.kirin_recapture == KirinRecapture::Allowed,
                ..Rules::new(
                    switches.counter_strike,
                    switches.lion_protection,
                    switches.last_rank_promotion,
                )
            },
        }
    }
}

/// A packed move of `board` as a [`Move`].
fn to_move(board: &Board, m: Mv) -> Move<ChuKind> {
    let from = square_of(m.from as usize);
    let to = square_of(m.to as usize);
    let mut mv = Move::new(from, to);
    if m.mid != NONE {
        mv.via = Via::from_slice(&[square_of(m.mid as usize)]).unwrap_or_default();
    }
    if m.promote {
        mv.promotion = Some(KIND_OF[PROMOTES_TO[board.kind(m.from as usize)] as usize]);
    }
    mv
}

/// A [`Move`] as a packed move (the promotion flag from whether it names a kind).
fn from_move(mv: &Move<ChuKind>) -> Option<Mv> {
    let from = index_of(mv.from)?;
    let to = index_of(mv.to)?;
    match mv.via.as_slice() {
        [] => Some(Mv::new(from, to, mv.promotion.is_some())),
        [mid] => Some(Mv::two_step(from, index_of(*mid)?, to)),
        _ => None,
    }
}

impl Generator<Chu> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &ChuSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Chu>) -> Vec<Move<ChuKind>> {
        let board = Board::from_setup(pos.setup());
        let mut moves = Vec::new();
        if board.finished(&self.rules, self.switches.bare_king) {
            return moves;
        }
        board.generate(&self.rules, &mut Emit(|m| moves.push(to_move(&board, m))));
        moves
    }

    fn play_unchecked(&self, pos: &Position<Chu>, mv: &Move<ChuKind>) -> Position<Chu> {
        let board = Board::from_setup(pos.setup());
        match from_move(mv) {
            Some(m) => Position::new_unchecked(board.make(m).setup()),
            None => pos.clone(),
        }
    }

    fn is_check(&self, _pos: &Position<Chu>) -> bool {
        // CHU-6.1: no check rule.
        false
    }

    fn outcome(&self, pos: &Position<Chu>) -> Option<Outcome> {
        Board::from_setup(pos.setup()).outcome(&self.rules, self.switches.bare_king)
    }

    fn perft(&self, pos: &Position<Chu>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft::<false>(depth, &self.rules, self.switches.bare_king)
    }

    /// CHU-9.5 counted on the bitboard: the generic count's numbers without comparing positions
    /// (the two-step moves through an empty square are simply not generated, see
    /// `Board::generate_counting`).
    fn perft_results(&self, pos: &Position<Chu>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft::<true>(depth, &self.rules, self.switches.bare_king)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Chu>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        let walk = perft::Walk {
            rules: self.rules,
            bare: self.switches.bare_king,
            results: counting == Counting::Results,
        };
        perft_node(&Board::from_setup(pos.setup()), &walk, depth, table)
    }
}
