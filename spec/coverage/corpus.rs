//! The rules a set of checks exercises — a corpus at its depths, or the checks a `conform` run
//! agreed on — with the first check that exercised each one.

use super::Cover;
use super::{rules_exercised_within, Coverage, RuleSet};
use crate::trace::Rule;
use crate::Position;
use serde::Serialize;
use std::collections::BTreeMap;

/// How many distinct positions a check may trace by default ([`corpus_coverage`]): far more
/// than the checks an outside engine is run at in CI have (Chu at depth 2: some 100 positions
/// a check), far less than a deep chess perft, whose rules a shallower walk shows as well.
pub const DEFAULT_BUDGET: u64 = 20_000;

/// One check to count: a corpus position (`id`) at a depth.
#[derive(Clone, Debug)]
pub struct Check<'a, G: Cover> {
    pub id: &'a str,
    pub pos: &'a Position<G>,
    pub depth: u32,
}

/// The first check that exercised a rule: its position's id and the depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstSeen {
    pub id: String,
    pub depth: u32,
}

/// A check whose tree went over the budget: counted only to `walked`, not `depth`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shortened {
    pub id: String,
    pub depth: u32,
    pub walked: u32,
}

/// What a set of checks exercised.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CorpusCoverage {
    /// The rules in force, exercised and not ([`Coverage`]).
    #[serde(flatten)]
    pub coverage: Coverage,
    /// For each rule exercised, the first check (in the order given) that exercised it.
    pub first: BTreeMap<Rule, FirstSeen>,
    /// The checks counted to a smaller depth than they were made at, for the budget.
    pub shortened: Vec<Shortened>,
    /// The checks counted.
    pub checks: usize,
}

/// The rules `checks` exercise under `switches` (SPEC.md CORE-1.7), each check's tree traced
/// within `budget` distinct positions ([`rules_exercised_within`]; a check over it is counted as
/// deep as it fits and listed in [`CorpusCoverage::shortened`]). Checks of one position at
/// several depths are traced once, at the deepest.
pub fn corpus_coverage<G: Cover>(
    checks: &[Check<'_, G>],
    switches: &G::Switches,
    budget: u64,
) -> CorpusCoverage {
    // The deepest check of each position (by id and FEN), traced once.
    let mut deepest: BTreeMap<(&str, String), u32> = BTreeMap::new();
    for c in checks {
        let d = deepest.entry((c.id, c.pos.fen())).or_insert(0);
        *d = (*d).max(c.depth);
    }
    let mut walked = BTreeMap::new();
    for c in checks {
        let key = (c.id, c.pos.fen());
        if walked.contains_key(&key) {
            continue;
        }
        let depth = deepest[&key];
        walked.insert(key, rules_exercised_within(c.pos, depth, switches, budget));
    }
    let mut all = RuleSet::new();
    let mut first = BTreeMap::new();
    let mut shortened = Vec::new();
    for c in checks {
        let e = &walked[&(c.id, c.pos.fen())];
        if e.depth < c.depth {
            shortened.push(Shortened {
                id: c.id.to_string(),
                depth: c.depth,
                walked: e.depth,
            });
        }
        for rule in e.rules(c.depth) {
            if all.insert(rule) {
                first.insert(
                    rule,
                    FirstSeen {
                        id: c.id.to_string(),
                        depth: c.depth,
                    },
                );
            }
        }
    }
    CorpusCoverage {
        coverage: Coverage::of::<G>(switches, &all),
        first,
        shortened,
        checks: checks.len(),
    }
}
