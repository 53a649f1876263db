//! The rules a set of checks exercises — a corpus at its depths, or the checks a `conform` run
//! agreed on — with the first check that exercised each one.

use super::Cover;
use super::{rules_exercised_within, Coverage, Exercised, RuleSet};
use crate::trace::Rule;
use crate::Position;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

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

/// The walks of [`corpus_coverage_in`], kept for the next set of checks over the same positions
/// (the rows of the conformance matrix share their corpus): by game, switches and FEN, the
/// depth asked and what the walk found.
#[derive(Debug, Default)]
pub struct Walks {
    map: Mutex<HashMap<WalkKey, (u32, Exercised)>>,
}

/// A walk's key: the game's name, the switches (as text) and the FEN.
type WalkKey = (&'static str, String, String);

/// The rules `checks` exercise under `switches` (SPEC.md CORE-1.7), each check's tree traced
/// within `budget` distinct positions ([`rules_exercised_within`]; a check over it is counted as
/// deep as it fits and listed in [`CorpusCoverage::shortened`]). Checks of one position at
/// several depths are traced once, at the deepest.
pub fn corpus_coverage<G: Cover>(
    checks: &[Check<'_, G>],
    switches: &G::Switches,
    budget: u64,
) -> CorpusCoverage {
    corpus_coverage_in(checks, switches, budget, &Walks::default())
}

/// [`corpus_coverage`], taking the walks already made from `walks` and keeping its own there
/// (the same `budget` each time).
pub fn corpus_coverage_in<G: Cover>(
    checks: &[Check<'_, G>],
    switches: &G::Switches,
    budget: u64,
    walks: &Walks,
) -> CorpusCoverage {
    let reading = format!("{switches:?}");
    // The deepest check of each position, traced once (or taken from `walks`).
    let mut deepest: BTreeMap<String, u32> = BTreeMap::new();
    for c in checks {
        let d = deepest.entry(c.pos.fen()).or_insert(0);
        *d = (*d).max(c.depth);
    }
    let mut walked: BTreeMap<String, Exercised> = BTreeMap::new();
    for c in checks {
        let fen = c.pos.fen();
        if walked.contains_key(&fen) {
            continue;
        }
        let depth = deepest[&fen];
        let key = (G::NAME, reading.clone(), fen.clone());
        let known = walks.map.lock().ok().and_then(|m| {
            // A walk asked as deep, or cut short by the budget (a deeper one stops there too).
            m.get(&key)
                .filter(|(asked, e)| *asked >= depth || e.depth < *asked)
                .map(|(_, e)| e.clone())
        });
        let e = known.unwrap_or_else(|| {
            let e = rules_exercised_within(c.pos, depth, switches, budget);
            if let Ok(mut m) = walks.map.lock() {
                m.insert(key, (depth, e.clone()));
            }
            e
        });
        walked.insert(fen, e);
    }
    let mut all = RuleSet::new();
    let mut first = BTreeMap::new();
    let mut shortened = Vec::new();
    for c in checks {
        let e = &walked[&c.pos.fen()];
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
