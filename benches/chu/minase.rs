//! minase-core 0.2.0 (crates.io, MIT; the rules library under the minase Chu engine), driven
//! in-process for the Chu bench: its own move generator and make/unmake, counted as the minase
//! engine's `dev perft` counts (every legal move of a node, the last ply counted from the list
//! without playing it), with one move list per ply reused for the whole run.
//!
//! minase keeps one move per result (a Lion's jump and its paths through an empty square are one
//! move, a piece passes once): its numbers are fairyspec's counting by result (CHU-9.5). Its
//! perft does not stop at a finished game (it counts moves after a royal is taken), so it is
//! compared only where no game ends inside the tree (the bench checks that).

use minase_core::notation::sfen::parse_extended_sfen;
use minase_core::{Move, MoveGenerator, Position, Rules};

/// minase set up with lishogi's rules (`Rules::LISHOGI`, fairyspec's default switches).
pub struct Minase {
    generator: MoveGenerator,
    rules: Rules,
}

impl Minase {
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
