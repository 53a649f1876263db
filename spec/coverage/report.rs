//! [`Coverage`]: the rules in force set beside the rules exercised, for a report.

use super::{in_force, RuleSet};
use crate::explain::Explain;
use crate::trace::Rule;
use serde::Serialize;

/// The rules a run exercised, out of those it could (SPEC.md CORE-1.7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// The rules that govern moves or the outcome under the run's switches
    /// ([`in_force`]), in SPEC.md's order.
    pub in_force: Vec<Rule>,
    /// Those the run exercised.
    pub exercised: Vec<Rule>,
    /// Those it did not.
    pub missing: Vec<Rule>,
    /// Rules cited that are not in force (a rule of another game's chapter, say): empty unless
    /// something is wrong.
    pub outside: Vec<Rule>,
}

impl Coverage {
    /// The rules `exercised` of game `G` read with `switches`, set beside the rules in force.
    pub fn of<G: Explain>(switches: &G::Switches, exercised: &RuleSet) -> Coverage {
        let force = in_force::<G>(switches);
        let order: Vec<Rule> = super::catalogue::<G>()
            .into_iter()
            .map(|e| e.id)
            .filter(|id| force.contains(id))
            .collect();
        Coverage {
            exercised: order
                .iter()
                .copied()
                .filter(|r| exercised.contains(r))
                .collect(),
            missing: order
                .iter()
                .copied()
                .filter(|r| !exercised.contains(r))
                .collect(),
            outside: exercised
                .iter()
                .copied()
                .filter(|r| !force.contains(r))
                .collect(),
            in_force: order,
        }
    }

    /// `rules exercised: N of M` and, where some are missing, `; not exercised: A, B`.
    pub fn line(&self) -> String {
        let mut text = format!(
            "rules exercised: {} of {}",
            self.exercised.len(),
            self.in_force.len()
        );
        if !self.missing.is_empty() {
            text.push_str("; not exercised: ");
            text.push_str(&self.missing.join(", "));
        }
        text
    }
}
