//! Perft within a budget: a divide that stops once it has counted more nodes, or run longer,
//! than it was given (the web server's perft, which must answer every question in time, and
//! `conform`'s own side, which `--timeout` bounds as it bounds the engine's).
//!
//! It walks the tree itself down to a few plies above the leaves, then calls the generator's own
//! (bulk-counting) perft, and checks the clock and the node count between calls. A call at the
//! leaves is small (a few plies), so the budget overshoots by little.

use super::{distinct_results, Counting, Divide};
use crate::{Game, Generator, GeneratorKind, Position};
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

/// The depth from which a generator of `kind` is best left to count by itself
/// ([`Limits::leaf_depth`]): a few plies for a bulk-counting bitboard generator, one for a
/// reference generator — small enough that a call overshoots the budget by little.
pub fn leaf_depth_for(kind: GeneratorKind) -> u32 {
    match kind {
        GeneratorKind::Bitboard => 3,
        // An outside generator's perft may be as slow as a reference's: one ply at a time.
        GeneratorKind::Reference | GeneratorKind::Outside => 1,
    }
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
    divide_counting_within(gen, pos, depth, Counting::Routes, limits)
}

/// [`divide_within`] counted as `counting` says: the same divide as
/// [`super::divide_counting`] (under [`Counting::Results`] one root move per result, the move
/// [`distinct_results`] keeps for it), or [`Stopped`].
///
/// # Errors
/// [`Stopped`] when the node count or the deadline is passed.
pub fn divide_counting_within<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    counting: Counting,
    limits: &Limits,
) -> Result<Divide, Stopped> {
    let mut walk = Walk {
        gen,
        limits,
        counting,
        nodes: 0,
    };
    let mut moves = Vec::new();
    let mut total: u64 = 0;
    if depth == 0 {
        total = 1;
    } else {
        for (text, child) in walk.children(pos) {
            let n = walk.count(&child, depth - 1)?;
            total += n;
            moves.push((text, n));
        }
    }
    crate::order::sort_divide(&mut moves);
    Ok(Divide { moves, total })
}

struct Walk<'a, G: Game> {
    gen: &'a dyn Generator<G>,
    limits: &'a Limits,
    counting: Counting,
    nodes: u64,
}

impl<G: Game> Walk<'_, G> {
    /// The nodes one ply below `pos`: every legal move's, or one per distinct result.
    fn children(&self, pos: &Position<G>) -> Vec<(String, Position<G>)> {
        match self.counting {
            Counting::Routes => self
                .gen
                .legal_moves(pos)
                .into_iter()
                .map(|m| (m.to_string(), self.gen.play_unchecked(pos, &m)))
                .collect(),
            Counting::Results => distinct_results(self.gen, pos)
                .into_iter()
                .map(|(m, child)| (m.to_string(), child))
                .collect(),
        }
    }

    fn count(&mut self, pos: &Position<G>, depth: u32) -> Result<u64, Stopped> {
        let n = if depth <= self.limits.leaf_depth {
            let n = self.gen.perft_counting(pos, depth, self.counting);
            self.nodes = self.nodes.saturating_add(n);
            n
        } else {
            let mut sum = 0;
            for (_, child) in self.children(pos) {
                sum += self.count(&child, depth - 1)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chu::Chu;
    use crate::perft::divide_counting;
    use std::time::Duration;

    fn unlimited(leaf_depth: u32) -> Limits {
        Limits {
            deadline: Instant::now() + Duration::from_secs(3600),
            max_nodes: u64::MAX,
            leaf_depth,
        }
    }

    /// Within its budget the budgeted divide is the plain one, routes and results alike: Chu's
    /// start position at depth 2 is 36 × 36 = 1,296 either way (lishogi's perft,
    /// corpus/chu/lishogi-perft.perft); compared move by move here with the unbudgeted walk.
    #[test]
    fn within_budget_it_is_the_plain_divide() {
        let gen = Chu::reference(&Default::default());
        let pos = Position::<Chu>::start();
        for counting in Counting::ALL {
            for leaf in [0, 1, 3] {
                let d = divide_counting_within(&*gen, &pos, 2, counting, &unlimited(leaf)).unwrap();
                assert_eq!(d.total, 1296, "{counting:?} leaf {leaf}");
                assert_eq!(d, divide_counting(&*gen, &pos, 2, counting));
            }
        }
    }

    /// A passed deadline stops it; so does a node budget.
    #[test]
    fn it_stops_at_either_limit() {
        let gen = Chu::reference(&Default::default());
        let pos = Position::<Chu>::start();
        let mut limits = unlimited(1);
        limits.deadline = Instant::now();
        let stopped = divide_counting_within(&*gen, &pos, 3, Counting::Results, &limits);
        assert!(matches!(stopped, Err(Stopped::Time { .. })), "{stopped:?}");
        let mut limits = unlimited(1);
        limits.max_nodes = 100;
        let stopped = divide_counting_within(&*gen, &pos, 3, Counting::Routes, &limits);
        assert_eq!(stopped, Err(Stopped::Nodes { max: 100 }));
    }
}
