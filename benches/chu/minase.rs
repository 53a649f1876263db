//! minase-core 0.2.0 (crates.io, MIT; the rules library under the minase Chu engine), driven
//! in-process for the Chu bench: its own move generator and make/unmake, counted as the minase
//! engine's `dev perft` counts (every legal move of a node, the last ply counted from the list
//! without playing it), with one move list per ply reused for the whole run.
//!
//! The library has no perft and no move counting of its own, so this is the fastest driver its
//! public API allows that we found. Measured (start perft(5), 71,548,181 results, CPU time, three
//! alternating runs each, built with the bench's fat LTO and one codegen unit as minase-core's
//! README asks): `generate_moves` with make/unmake (this driver) 2.36-2.50 s; the minase engine's
//! own `dev perft` walk (a clone of the position per move) 2.54-2.74 s;
//! `generate_captures_with_scratch` plus `generate_quiets` with one reused scratch list (no
//! allocation inside the generator) 3.23-3.56 s.
//!
//! minase keeps one move per result (a Lion's jump and its paths through an empty square are one
//! move, a piece passes once): its numbers are fairyspec's counting by result (CHU-9.5). The
//! minase engine's perft does not stop at a finished game (it counts moves after a royal is
//! taken); this driver stops, as fairyspec's perft does (CHU-6.2, CHU-9.1), where the side to
//! move has no royal left (`royal_pieces`, one bitboard test per node that has children), so
//! both count the same tree. The bench still checks any row whose counts differ.

use minase_core::notation::sfen::parse_extended_sfen;
use minase_core::{Move, MoveGenerator, Position, Rules};

/// minase set up with lishogi's rules (`Rules::LISHOGI`, fairyspec's default switches).
pub struct Minase {
    generator: MoveGenerator,
    rules: Rules,
}

impl Minase {
    /// How minase is driven, for the bench's output.
    pub const HOW: &'static str = "its own generate_moves into one list per ply, reused; \
        make_move_unchecked/unmake_move; the last ply counted from the list's length; no \
        children where the side to move has no royal left, as in fairyspec; the library has no \
        perft or bulk counting of its own";

    pub fn lishogi() -> Minase {
        Minase {
            generator: MoveGenerator::new(Rules::LISHOGI.moves),
            rules: Rules::LISHOGI,
        }
    }

    /// minase's position for a four-field lishogi SFEN (placement, side, counter-strike square,
    /// move number); `Err` with minase's reason.
    pub fn position(&self, sfen: &str) -> Result<Position, String> {
        parse_extended_sfen(sfen, self.rules.moves)
            .map_err(|e| format!("{e:?}"))?
            .restore_position()
            .map_err(|e| format!("{e:?}"))
    }

    /// Leaves `depth` (≥ 1) plies deep.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut pos = pos.clone();
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.walk(&mut pos, &mut lists)
    }

    fn walk(&self, pos: &mut Position, lists: &mut [Vec<Move>]) -> u64 {
        let Some((list, deeper)) = lists.split_first_mut() else {
            return 1;
        };
        if pos.royal_pieces(pos.side_to_move()).is_empty() {
            // CHU-6.2: the game is over; fairyspec's perft counts nothing below.
            return 0;
        }
        list.clear();
        self.generator.generate_moves(pos, list);
        if deeper.is_empty() {
            return list.len() as u64;
        }
        let mut n = 0;
        for &mv in list.iter() {
            let undo = pos.make_move_unchecked(mv, self.rules.moves);
            n += self.walk(pos, deeper);
            pos.unmake_move(undo);
        }
        n
    }
}
