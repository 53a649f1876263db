//! Perft within a budget: a divide that stops once it has counted more nodes, or run longer,
//! than it was given (the web server's perft, which must answer every question in time).
//!
//! It walks the tree itself down to a few plies above the leaves, then calls the generator's own
//! (bulk-counting) perft, and checks the clock and the node count between calls. A call at the
//! leaves is small (a few plies), so the budget overshoots by little.

use super::Divide;
use crate::{Game, Generator, Position};
use std::fmt;
use std::time::Instant;

/// What a budgeted perft may spend.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The moment it gives up.
    pub deadline: Instant,
    /// The most nodes it counts.
    pub max_nodes: u64,
    /// The depth from which it leaves the counting to the generator's own perft (a bulk-counting
    /// bitboard takes a few plies at once; a reference generator one).
    pub leaf_depth: u32,
}

/// Why a budgeted perft stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It counted more than [`Limits::max_nodes`].
    Nodes { max: u64 },
    /// It passed [`Limits::deadline`] after counting `nodes`.
    Time { nodes: u64 },
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Nodes { max } => write!(f, "perft stopped: more than {max} nodes"),
            Stopped::Time { nodes } => write!(f, "perft stopped: out of time after {nodes} nodes"),
        }
    }
}

impl std::error::Error for Stopped {}

/// Perft divided by root move within `limits`, the root moves in the order of move lists
/// ([`crate::order`]). At depth 0
/// there are no root moves and the total is 1.
///
/// # Errors
/// [`Stopped`] when the node count or the deadline is passed.
pub fn divide_within<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    limits: &Limits,
) -> Result<Divide, Stopped> {
    let mut walk = Walk {
        gen,
        limits,
        nodes: 0,
    };
    let mut moves = Vec::new();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for mv in gen.legal_moves(pos) {
            let n = walk.count(&gen.play_unchecked(pos, &mv), depth - 1)?;
            total += n;
            moves.push((mv.to_string(), n));
        }
    }
    crate::order::sort_divide(&mut moves);
    Ok(Divide { moves, total })
}

struct Walk<'a, G: Game> {
    gen: &'a dyn Generator<G>,
    limits: &'a Limits,
    nodes: u64,
}

impl<G: Game> Walk<'_, G> {
    fn count(&mut self, pos: &Position<G>, depth: u32) -> Result<u64, Stopped> {
        let n = if depth <= self.limits.leaf_depth {
            let n = self.gen.perft(pos, depth);
            self.nodes += n;
            n
        } else {
            let mut sum = 0;
            for mv in self.gen.legal_moves(pos) {
                sum += self.count(&self.gen.play_unchecked(pos, &mv), depth - 1)?;
            }
            sum
        };
        if self.nodes > self.limits.max_nodes {
            return Err(Stopped::Nodes {
                max: self.limits.max_nodes,
            });
        }
        if Instant::now() > self.limits.deadline {
            return Err(Stopped::Time { nodes: self.nodes });
        }
        Ok(n)
    }
}
