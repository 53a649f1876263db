//! The rule readings of Congo that a user can switch (SPEC.md's switch table: CONGO-4.4's
//! `lion-jump`, CONGO-5.4's `monkey-reentry`), and how each is named on the command line.

use crate::switches::{Reading, Switch, SwitchError, SwitchValue, Switches};
use serde::{Deserialize, Serialize};

/// The rule readings of Congo that can be switched (SPEC.md, CONGO-4.4, CONGO-5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CongoSwitches {
    /// CONGO-4.4: whether a monkey's chain may go on after it jumps the enemy lion.
    pub lion_jump: LionJump,
    /// CONGO-5.4: a monkey that starts its chain in the river, lands on land mid-chain and ends
    /// the chain in the river again.
    pub monkey_reentry: MonkeyReentry,
}

/// The two readings of a monkey's jump over the enemy lion in the middle of a chain (CONGO-4.4).
/// The Czech Wikipedia article says both "the game ends immediately when the lion is captured"
/// and "all the men jumped are removed only after the whole multi-capture move is complete".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LionJump {
    /// Default: the lion is captured when it is jumped, and the game ends with it: the chain
    /// stops there.
    #[default]
    EndsChain,
    /// Alternative: the lion, like every man jumped, leaves the board only when the chain ends,
    /// so the chain may go on; the game ends when the move does.
    ChainGoesOn,
}

impl SwitchValue for LionJump {
    const SWITCH: Switch = Switch {
        name: "lion-jump",
        rules: "CONGO-4.4",
        question: "may a monkey's chain go on after it jumps the enemy lion?",
        readings: &[
            Reading {
                value: "ends-chain",
                rules: "CONGO-4.4",
                meaning: "no: the lion is captured at once and the game ends there",
            },
            Reading {
                value: "chain-goes-on",
                rules: "CONGO-4.4",
                meaning: "yes: the lion leaves the board with the other men, when the chain ends",
            },
        ],
    };
    const ALL: &'static [LionJump] = &[LionJump::EndsChain, LionJump::ChainGoesOn];

    fn text(self) -> &'static str {
        match self {
            LionJump::EndsChain => "ends-chain",
            LionJump::ChainGoesOn => "chain-goes-on",
        }
    }
}

/// The two readings of a monkey chain that leaves the river and comes back (CONGO-5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MonkeyReentry {
    /// Default: only where a move starts and ends counts, so the monkey ended two turns in a row in
    /// the river and drowns. Sources: mindsports.nl (Freeling's site: the monkey "drowns if and
    /// only if it ends two consecutive turns in the river"; the Czech Wikipedia article repeats
    /// it), and two later implementations.
    #[default]
    Drowns,
    /// Alternative: landing on land mid-chain counts as leaving the river, so the monkey
    /// re-entered it this turn; it survives and must leave on its next turn. Sources: the
    /// gamerz.net help and Ed van Zon's Zillions implementation (`Congo.zrf`).
    Survives,
}

impl SwitchValue for MonkeyReentry {
    const SWITCH: Switch = Switch {
        name: "monkey-reentry",
        rules: "CONGO-5.4",
        question: "a monkey's chain leaves the river and ends in it again: does it drown?",
        readings: &[
            Reading {
                value: "drowns",
                rules: "CONGO-5.4",
                meaning: "yes: only where a move starts and ends counts (mindsports.nl)",
            },
            Reading {
                value: "survives",
                rules: "CONGO-5.4",
                meaning: "no: landing on land mid-chain left the river (gamerz.net, Congo.zrf)",
            },
        ],
    };
    const ALL: &'static [MonkeyReentry] = &[MonkeyReentry::Drowns, MonkeyReentry::Survives];

    fn text(self) -> &'static str {
        match self {
            MonkeyReentry::Drowns => "drowns",
            MonkeyReentry::Survives => "survives",
        }
    }
}

impl Switches for CongoSwitches {
    // `lion-jump` first, the more significant digit of a combination number
    // ([`Switches::combination`]), so that the monkey re-entry reading of every fuzz seed (the
    // combination number's last digit, its first byte's parity) stayed what it was when it came.
    const SWITCHES: &'static [Switch] = &[LionJump::SWITCH, MonkeyReentry::SWITCH];

    fn get(&self, name: &str) -> Option<&'static str> {
        match name {
            "lion-jump" => Some(self.lion_jump.text()),
            "monkey-reentry" => Some(self.monkey_reentry.text()),
            _ => None,
        }
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError> {
        match name {
            "lion-jump" => self.lion_jump = LionJump::from_text(value)?,
            "monkey-reentry" => self.monkey_reentry = MonkeyReentry::from_text(value)?,
            _ => return Err(Self::unknown_switch(name)),
        }
        Ok(())
    }
}
