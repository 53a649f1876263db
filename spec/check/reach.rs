//! What the differential fuzz targets reach: how often each reading of each switch was drawn, and
//! how often a walk met the rarely run paths that the readings decide — a bared side for the
//! bare-king rules, lions facing lions for L1–L3, a counter-strike square, a repeated position, a
//! Blind Bear at the edge, a monkey's chain through the river, a stalemate. The fuzz targets keep
//! one [`Reach`] and print it when libFuzzer exits (`.ci/fuzz.sh` shows it in the log), so a CI
//! run says which paths it exercised, not only that nothing crashed.
//!
//! A path is counted once per node of a walk where it is met (the node's position and its legal
//! moves), with the reading of the switch that decides it after `|` where there is one:
//! `bared side | bare-king=munster1997`. Keys are plain text, sorted in the report. What each game
//! counts beside [`common`] is its [`super::CheckGame::reach`], in the game's folder.

use super::differential::SortedMoves;
use crate::switches::Switches;
use crate::{Game, Outcome, Position, Reason};
use std::collections::BTreeMap;
use std::fmt;

/// Counters by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    counts: BTreeMap<String, u64>,
}

impl Reach {
    /// No counts yet (a `const fn`, for a `static` in a fuzz target).
    pub const fn new() -> Reach {
        Reach {
            counts: BTreeMap::new(),
        }
    }

    /// Adds one to counter `key`.
    pub fn hit(&mut self, key: &str) {
        if let Some(n) = self.counts.get_mut(key) {
            *n += 1;
        } else {
            self.counts.insert(key.to_string(), 1);
        }
    }

    /// Counter `key` (0 if never hit).
    pub fn count(&self, key: &str) -> u64 {
        self.counts.get(key).copied().unwrap_or(0)
    }

    /// Every counter, sorted by name.
    pub fn counts(&self) -> impl Iterator<Item = (&str, u64)> {
        self.counts.iter().map(|(k, &n)| (k.as_str(), n))
    }

    /// Counts one input run under `switches`: `input`, and `reading NAME=VALUE` for each switch.
    pub fn input<S: Switches>(&mut self, switches: &S) {
        self.hit("input");
        for (name, value) in switches.values() {
            self.hit(&format!("reading {name}={value}"));
        }
    }

    /// The report the fuzz log shows, headed by the target's name.
    pub fn report(&self, target: &str) -> String {
        format!("== reach of {target} (counts per input or per walk node)\n{self}")
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (key, n) in &self.counts {
            writeln!(f, "{n:>12}  {key}")?;
        }
        Ok(())
    }
}

/// The paths of one game that its differential target counts at each node of a walk.
pub type Paths<G> = fn(
    &Position<G>,
    &SortedMoves<<G as Game>::Kind>,
    Option<Outcome>,
    &<G as Game>::Switches,
    &mut Reach,
);

/// What every game counts: nodes, the end of the game by reason, promotions and multi-step moves
/// among the legal moves.
pub fn common<G: Game>(moves: &SortedMoves<G::Kind>, outcome: Option<Outcome>, reach: &mut Reach) {
    reach.hit("node");
    if let Some(o) = outcome {
        reach.hit(&format!("end: {}", o.reason));
    }
    if moves.iter().any(|(_, m)| m.promotion.is_some()) {
        reach.hit("node with a promotion");
    }
    if moves.iter().any(|(_, m)| !m.via.as_slice().is_empty()) {
        reach.hit("node with a multi-step move");
    }
}

/// `end: REASON | NAME=VALUE`, for an outcome the reading of switch `name` decides.
pub fn end_under<S: Switches>(
    outcome: Option<Outcome>,
    reasons: &[Reason],
    s: &S,
    name: &str,
    reach: &mut Reach,
) {
    if let Some(o) = outcome.filter(|o| reasons.contains(&o.reason)) {
        let result = match o.winner {
            Some(_) => "win",
            None => "draw",
        };
        reach.hit(&format!(
            "end: {}, {result} | {}",
            o.reason,
            qualified(s, name)
        ));
    }
}

/// `NAME=VALUE` of switch `name`.
pub fn qualified<S: Switches>(s: &S, name: &str) -> String {
    format!("{name}={}", s.get(name).unwrap_or("?"))
}
