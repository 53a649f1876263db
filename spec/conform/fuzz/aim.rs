//! The search aimed at the rules a run has not exercised yet (SPEC.md CORE-1.7, [`crate::coverage`]).
//!
//! Plain playouts wander: a rule that needs a rare configuration (a promotion, a piece's
//! special power near the enemy, an end of the game) is seldom met. The aimed search is a small
//! novelty search over rule coverage, run on the specification alone (so it is as deterministic
//! as the playouts, whatever the engine answers):
//!
//! - **What is missing.** The rules in force under the run's readings ([`crate::coverage::in_force`])
//!   minus those the checks so far exercised — the corpus's, then each fuzz position's.
//! - **A pool of lines.** Every checked line whose check exercised a rule new to the run is kept
//!   (at most [`POOL`]); an aimed line starts from one of them as often as from a root, so the
//!   search goes on from where something new was found.
//! - **A biased walk.** At each ply a few random moves ([`SAMPLE`]) are looked at, and the one
//!   whose position cites the most missing rules ([`crate::coverage::rules_at`]: the rules the
//!   reference cites generating that position's moves, or deciding its end) is played; a
//!   quarter of the plies take a random move instead, to keep exploring.
//! - **Hill-climbing by candidates.** [`CANDIDATES`] such lines are made; the one whose check
//!   would exercise the most missing rules (counted as the check counts them, within
//!   [`BUDGET`] positions) is the aimed position.
//!
//! When nothing is missing, the aimed positions are plain playouts.

use super::playout::{sorted_moves, Playout, Root, MAX_PLIES};
use crate::corpus::random::SplitMix64;
use crate::coverage::{in_force, rules_at, rules_exercised_within, Cover, RuleSet};
use crate::{Generator, Position};

/// Lines kept to start aimed lines from.
pub const POOL: usize = 64;
/// Moves looked at per ply of an aimed line.
pub const SAMPLE: usize = 6;
/// Lines made per aimed position, the best kept.
pub const CANDIDATES: usize = 4;
/// Plies an aimed line adds to a line of the pool (from a root: up to [`MAX_PLIES`]).
pub const EXTEND: u64 = 12;
/// Positions traced to count what a check exercises: depth 2 in full in every game, deeper
/// where the tree is small (a check deeper than that is counted as deep as fits).
pub const BUDGET: u64 = 2_000;
/// A line of the pool longer than this is not extended (aimed lines stay shrinkable).
const LONGEST: usize = 3 * MAX_PLIES as usize;

/// The state of the aimed search in one run.
pub struct Aim<G: Cover> {
    switches: G::Switches,
    in_force: RuleSet,
    /// Rules the run's checks exercised so far.
    exercised: RuleSet,
    /// Lines whose check exercised a rule new to the run.
    pool: Vec<Playout<G>>,
}

impl<G: Cover> Aim<G> {
    /// The search for a run read with `switches`, nothing exercised yet.
    pub fn new(switches: &G::Switches) -> Aim<G> {
        Aim {
            switches: switches.clone(),
            in_force: in_force::<G>(switches),
            exercised: RuleSet::new(),
            pool: Vec::new(),
        }
    }

    /// The rules a check of `pos` at `depth` exercises, counted within [`BUDGET`].
    pub fn exercises(&self, pos: &Position<G>, depth: u32) -> RuleSet {
        rules_exercised_within(pos, depth, &self.switches, BUDGET).rules(depth)
    }

    /// Counts a check made (of `line`, if it is a fuzz line): its rules join the run's, and the
    /// line joins the pool when some were new. Returns the rules new to the run.
    pub fn record(&mut self, line: Option<&Playout<G>>, rules: &RuleSet) -> RuleSet {
        let new: RuleSet = rules.difference(&self.exercised).copied().collect();
        self.exercised.extend(rules.iter().copied());
        if let Some(line) = line.filter(|_| !new.is_empty()) {
            if self.pool.len() == POOL {
                self.pool.remove(0);
            }
            self.pool.push(line.clone());
        }
        new
    }

    /// The rules in force not exercised yet.
    pub fn missing(&self) -> RuleSet {
        self.in_force.difference(&self.exercised).copied().collect()
    }

    /// An aimed line: the best of [`CANDIDATES`] biased walks by the missing rules its check at
    /// `depth` would exercise. `None` when nothing is missing.
    pub fn line(
        &self,
        gen: &dyn Generator<G>,
        roots: &[Root<G>],
        rng: &mut SplitMix64,
        depth: u32,
    ) -> Option<Playout<G>> {
        let missing = self.missing();
        if missing.is_empty() {
            return None;
        }
        let mut best: Option<(usize, Playout<G>)> = None;
        for _ in 0..CANDIDATES {
            let from_pool = !self.pool.is_empty() && rng.below(2) == 0;
            let (mut line, plies) = if from_pool {
                let line = &self.pool[rng.below(self.pool.len() as u64) as usize];
                (line.clone(), 1 + rng.below(EXTEND))
            } else {
                let root = rng.below(roots.len() as u64) as usize;
                (Playout::at(roots, root), 1 + rng.below(MAX_PLIES))
            };
            if line.moves.len() > LONGEST {
                line = Playout::at(roots, line.root);
            }
            self.walk(gen, &mut line, rng, plies, &missing);
            let score = self
                .exercises(line.end(), depth)
                .intersection(&missing)
                .count();
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, line));
            }
        }
        best.map(|(_, line)| line)
    }

    /// Plays `plies` moves more on `line`, each the best of [`SAMPLE`] random moves by the
    /// missing rules cited in the position it reaches (a quarter of them a random move).
    fn walk(
        &self,
        gen: &dyn Generator<G>,
        line: &mut Playout<G>,
        rng: &mut SplitMix64,
        plies: u64,
        missing: &RuleSet,
    ) {
        for _ in 0..plies {
            let mut moves = sorted_moves(gen, line.end());
            if moves.is_empty() {
                break;
            }
            let explore = rng.below(4) == 0;
            let looks = if explore { 1 } else { SAMPLE.min(moves.len()) };
            let mut best: Option<(usize, usize, Position<G>)> = None;
            for _ in 0..looks {
                let i = rng.below(moves.len() as u64) as usize;
                let child = gen.play_unchecked(line.end(), &moves[i].1);
                let score = if explore {
                    0
                } else {
                    rules_at(&child, &self.switches)
                        .intersection(missing)
                        .count()
                };
                if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                    best = Some((score, i, child));
                }
            }
            if let Some((_, i, child)) = best {
                line.moves.push(moves.swap_remove(i).0);
                line.positions.push(child);
            }
        }
    }
}
