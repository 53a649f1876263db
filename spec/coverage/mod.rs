//! Rule coverage: which rules of SPEC.md a check **exercised** (SPEC.md CORE-1.7).
//!
//! A check exercises a rule when the reference generator, working at a node the check compared,
//! cites the rule for a move it generated, a move it refused, or the outcome it decided. The
//! citations are the reference's own [`Trace`](crate::trace::Trace) reports, kept here by a [`Collector`]:
//!
//! - a line of a piece's movement that reached a square ([`crate::trace::Line::rule`]; a line that
//!   reached nothing generated no move), with the game's movement rule
//!   ([`crate::explain::RuleBook::movement`]) where the line captured or stopped at an own piece,
//!   and its range rule ([`crate::explain::RuleBook::range`]) where a piece on the way cut a
//!   range-limited line short;
//! - a candidate move a special rule made ([`Trace::candidate`](crate::trace::Trace::candidate)) and a move a rule refused
//!   ([`Trace::refused`](crate::trace::Trace::refused));
//! - the end of the game: the rule of the outcome the reference decides at the node
//!   ([`Explain::outcome_rule`]) and, where the game ended by a rule before any move was
//!   generated ([`Trace::game_over`](crate::trace::Trace::game_over)), that rule and the game's rule that a finished game has no
//!   moves ([`crate::explain::RuleBook::terminal`]);
//! - where a cited rule is switched ([`crate::switches::Switch::rules`]), the rules of the
//!   reading in force ([`crate::switches::Reading::rules`]).
//!
//! A perft(d) check compares every node at ply < d (their move lists feed the count); an engine
//! that only lists moves (`conform`'s walk) compares the same nodes. So the rules a check of
//! depth d exercises at a position are [`rules_exercised`]`(pos, d, switches)`, and those of a
//! run are the union over its checks. Which rules there are, and which of them can govern moves
//! or the outcome at all, is [`catalogue()`] (read from SPEC.md itself); [`Coverage`] sets the two
//! side by side for a report.
//!
//! ```
//! use fairyspec::coverage::{rules_exercised, Coverage};
//! use fairyspec::{kuma::Kuma, Position};
//!
//! let start = Position::<Kuma>::start();
//! let rules = rules_exercised::<Kuma>(&start, 1, &Default::default());
//! // Only the Pawns move (KUMA-3.2); the Violent Bears' two-square diagonal is refused, its
//! // first square taken by a Pawn (KUMA-3.13).
//! assert!(rules.contains("KUMA-3.2") && rules.contains("KUMA-3.13"));
//! // The Blind Bears have nowhere to go: their rule governs no move here.
//! assert!(!rules.contains("KUMA-3.5"));
//! // Nothing is captured, nobody castles, no game ends at the start.
//! assert!(!rules.contains("KUMA-4.1") && !rules.contains("KUMA-7.2"));
//! let coverage = Coverage::of::<Kuma>(&Default::default(), &rules);
//! assert!(coverage.missing.contains(&"KUMA-7.2"));
//! ```

pub mod catalogue;
mod collector;
pub mod corpus;
mod games;
pub mod readings;
mod report;

pub use catalogue::{catalogue, in_force, RuleClass, RuleEntry};
pub use collector::{rules_at, Collector};
pub use report::Coverage;

use crate::explain::Explain;
use crate::trace::Rule;
use crate::{Move, Position, Setup};
use std::collections::{BTreeSet, HashSet};

/// A set of rule IDs, in SPEC.md's spelling (`KUMA-4.2`), sorted as text.
pub type RuleSet = BTreeSet<Rule>;

/// What a game adds to its reference's citations (SPEC.md CORE-1.7): the rules no trace event
/// carries but the moves show. Every game of the [registry](crate::registry) implements it
/// (`spec/coverage/games.rs`); the defaults add nothing.
pub trait Cover: Explain {
    /// Definitions exercised with the rules that decide by them: `(rule, rules)` — `rule` is
    /// cited wherever one of `rules` is.
    const IMPLIED: &'static [(Rule, &'static [Rule])] = &[];

    /// The rules a node shows by its legal moves `moves` (a move that takes a royal shows there
    /// is no check).
    fn at_node(setup: &Setup<Self::Kind>, moves: &[Move<Self::Kind>], cite: &mut dyn FnMut(Rule)) {
        let _ = (setup, moves, cite);
    }

    /// The rules move `mv`, played from `before` to `after`, shows by its effect (a piece that
    /// stays what it is on the last rank, a chain through the river). Cited where the position
    /// after it is compared too.
    fn played(
        before: &Setup<Self::Kind>,
        mv: &Move<Self::Kind>,
        after: &Setup<Self::Kind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        let _ = (before, mv, after, cite);
    }
}

/// The rules a check of `depth` at `pos` exercises under `switches`: those the reference cites
/// at every node of the tree at ply < `depth` (SPEC.md CORE-1.7). Depth 0 compares nothing.
///
/// Each distinct position is traced once, so the cost is the number of distinct positions
/// above the leaves: cheap at the depths the corpora list for outside engines (see
/// [`rules_exercised_within`] for a bound).
pub fn rules_exercised<G: Cover>(pos: &Position<G>, depth: u32, switches: &G::Switches) -> RuleSet {
    rules_exercised_within(pos, depth, switches, u64::MAX).rules(depth)
}

/// What [`rules_exercised_within`] walked: the rules cited ply by ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercised {
    /// The rules cited at the distinct positions of each ply: `by_ply[p]` at ply `p` (the root
    /// is ply 0), as deep as the walk went.
    pub by_ply: Vec<RuleSet>,
    /// The depth the walk covered in full: the depth asked, or less when the next ply of
    /// distinct positions would have gone over the budget.
    pub depth: u32,
    /// The distinct positions traced.
    pub nodes: u64,
}

impl Exercised {
    /// The rules a check of `depth` exercises (every ply above it), as far as the walk went.
    pub fn rules(&self, depth: u32) -> RuleSet {
        self.by_ply
            .iter()
            .take(depth as usize)
            .flatten()
            .copied()
            .collect()
    }
}

/// [`rules_exercised`] within a budget of traced positions: ply by ply, each ply's distinct
/// positions traced only if they fit in what is left of `budget`; where the next ply does not
/// fit the walk stops, and [`Exercised::depth`] says how deep it went (the rules of a check of
/// that depth, a subset of those of the deeper check). Below a finished game there is nothing,
/// so a tree that ends early counts as walked in full.
pub fn rules_exercised_within<G: Cover>(
    pos: &Position<G>,
    depth: u32,
    switches: &G::Switches,
    budget: u64,
) -> Exercised {
    let reference = G::reference(switches);
    let mut by_ply = Vec::new();
    let mut seen: HashSet<Setup<G::Kind>> = HashSet::from([pos.setup().clone()]);
    let mut ply: Vec<Position<G>> = vec![pos.clone()];
    // The rules the moves into this ply show by their effect (they count once it is compared).
    let mut played = Collector::new::<G>(switches);
    let mut nodes: u64 = 0;
    while (by_ply.len() as u32) < depth && !ply.is_empty() {
        if nodes.saturating_add(ply.len() as u64) > budget {
            return Exercised {
                depth: by_ply.len() as u32,
                by_ply,
                nodes,
            };
        }
        let last = by_ply.len() as u32 + 1 == depth;
        let mut here = std::mem::replace(&mut played, Collector::new::<G>(switches));
        let mut next = Vec::new();
        for p in &ply {
            nodes += 1;
            let moves = G::traced_legal_moves(switches, p, &mut here);
            G::at_node(p.setup(), &moves, &mut |r| here.cite(r));
            if let Some(outcome) = reference.outcome(p) {
                here.game_ends(G::outcome_rule(outcome.reason));
            }
            if last {
                continue;
            }
            for mv in &moves {
                let child = reference.play_unchecked(p, mv);
                played.effects::<G>(p.setup(), mv, child.setup());
                if seen.insert(child.setup().clone()) {
                    next.push(child);
                }
            }
        }
        by_ply.push(here.into_rules());
        ply = next;
    }
    Exercised {
        by_ply,
        depth,
        nodes,
    }
}

#[cfg(test)]
mod tests;
