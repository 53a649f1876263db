//! Every rule of SPEC.md, game by game, with its class: whether it can govern the moves or the
//! outcome at a node — then a corpus must exercise it — or is left out, and why (SPEC.md
//! CORE-1.7).
//!
//! The IDs are read from SPEC.md itself (built into the crate), so a rule added there is known
//! here at once: it governs moves or the outcome unless [`left_out`] says otherwise, and the
//! tests then ask the corpus to exercise it. Each game's chapter is the rules whose ID starts with
//! its prefix (`KUMA-`, the prefix of [`crate::explain::RuleBook::board`]); the common
//! conventions (`CORE-`) are the frame of every game and are no game's.

use super::RuleSet;
use crate::explain::Explain;
use crate::switches::Switches;
use crate::trace::Rule;
use serde::Serialize;
use std::sync::OnceLock;

/// SPEC.md, as built into the crate.
pub const SPEC_MD: &str = include_str!("../../SPEC.md");

/// What a rule can do at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "class", content = "why")]
pub enum RuleClass {
    /// It decides which moves a position has.
    Moves,
    /// It decides whether, and how, the game is over.
    Outcome,
    /// It can govern neither (notation, sources, validation, perft conventions, claimable
    /// draws, …): the reason in words.
    LeftOut(&'static str),
}

impl RuleClass {
    /// Whether a corpus must exercise it (it governs moves or the outcome).
    pub fn governs(self) -> bool {
        !matches!(self, RuleClass::LeftOut(_))
    }
}

/// One rule of SPEC.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RuleEntry {
    /// Its ID (`KUMA-4.2`).
    pub id: Rule,
    /// Its title in SPEC.md (`Conditions (FIDE)`).
    pub title: &'static str,
    #[serde(flatten)]
    pub class: RuleClass,
}

/// Every rule `- **ID — Title.**` of SPEC.md, in order: (ID, title).
pub fn spec_rules() -> &'static [(Rule, &'static str)] {
    static RULES: OnceLock<Vec<(Rule, &'static str)>> = OnceLock::new();
    RULES.get_or_init(|| parse_rules(SPEC_MD))
}

/// The rules of a SPEC.md text: every line `- **ID — Title.**` (an ID is upper-case letters, a
/// dash and dotted numbers).
pub fn parse_rules(text: &'static str) -> Vec<(Rule, &'static str)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("- **")?;
            let (id, rest) = rest.split_once(" — ")?;
            let (prefix, number) = id.split_once('-')?;
            let id_ok = !prefix.is_empty()
                && prefix.chars().all(|c| c.is_ascii_uppercase())
                && !number.is_empty()
                && number
                    .split('.')
                    .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if !id_ok {
                return None;
            }
            // The bold closes after the title (`Title.**`), or after a mark (`Title. [reading]**`).
            let title = rest.split_once("**").map_or(rest, |(t, _)| t);
            let title = title.split_once(" [").map_or(title, |(t, _)| t);
            Some((id, title.trim_end_matches('.')))
        })
        .collect()
}

/// The prefix of game `G`'s rule IDs (`KUMA`).
pub fn prefix<G: Explain>() -> &'static str {
    G::RULES.board.split('-').next().unwrap_or("")
}

/// Every rule of game `G`'s chapter of SPEC.md, in order, with its class.
pub fn catalogue<G: Explain>() -> Vec<RuleEntry> {
    let prefix = prefix::<G>();
    let outcome: Vec<Rule> = G::OUTCOME_RULES
        .iter()
        .map(|(_, r)| *r)
        .chain([G::RULES.terminal])
        .collect();
    spec_rules()
        .iter()
        .filter(|(id, _)| id.split('-').next() == Some(prefix))
        .map(|&(id, title)| {
            let class = match left_out(id) {
                Some(why) => RuleClass::LeftOut(why),
                None if outcome.contains(&id) => RuleClass::Outcome,
                None => RuleClass::Moves,
            };
            RuleEntry { id, title, class }
        })
        .collect()
}

/// The rules of `G` a check under `switches` can exercise: every rule that governs moves or the
/// outcome, less those stated only by readings of a switch other than the one in force (under
/// `bare-king=lishogi` the Münster formulations' CHU-7.3 to CHU-7.5 govern nothing).
pub fn in_force<G: Explain>(switches: &G::Switches) -> RuleSet {
    let mut stated_in_force = RuleSet::new();
    let mut stated_otherwise = RuleSet::new();
    for s in G::Switches::SWITCHES {
        let value = switches.get(s.name).unwrap_or_else(|| s.default_value());
        for r in s.readings {
            let ids = r
                .rules
                .split(',')
                .map(str::trim)
                .filter(|id| !id.is_empty());
            if r.value == value {
                stated_in_force.extend(ids);
            } else {
                stated_otherwise.extend(ids);
            }
        }
    }
    catalogue::<G>()
        .into_iter()
        .filter(|e| e.class.governs())
        .map(|e| e.id)
        .filter(|id| stated_in_force.contains(id) || !stated_otherwise.contains(id))
        .collect()
}

/// Why a rule governs neither the moves nor the outcome at a node, if it does not.
pub fn left_out(id: &str) -> Option<&'static str> {
    LEFT_OUT
        .iter()
        .find(|(ids, _)| ids.contains(&id))
        .map(|(_, why)| *why)
}

/// The rules left out, by reason. SPEC.md CORE-1.7 lists the same (a test holds the two
/// together).
pub const LEFT_OUT: &[(&[Rule], &str)] = &[];
