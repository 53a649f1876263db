//! Rule switches as data. Where SPEC.md marks a **\[reading\]** with a plausible alternative, the
//! alternative is a *switch*: a field of the game's `Switches` type ([`crate::Game::Switches`]),
//! `--switch NAME=VALUE` on the command line, `switch=NAME=VALUE` in the web API. This module
//! says what every switch is, once, for everything that lists, sets or enumerates them: the
//! command line's help and completions, the API's `/api/games` and its errors, and the fuzz
//! targets, which draw every reading of every switch ([`Switches::combination`]).
//!
//! ```
//! use fairyspec::chu::{BareKing, ChuSwitches};
//! use fairyspec::switches::Switches;
//!
//! let mut s = ChuSwitches::default();
//! assert_eq!(s.get("bare-king"), Some("lishogi"));
//! s.set("bare-king", "munster1997-emended").unwrap();
//! assert_eq!(s.bare_king, BareKing::Munster1997Emended);
//! assert!(s.set("bare-king", "munster").is_err());
//! // kirin-recapture × 7 bare-king formulations × 2 × 2 × 2 × 3 repetition rules.
//! assert_eq!(ChuSwitches::combinations(), 336);
//! ```

use serde::Serialize;
use std::fmt;

/// One reading of a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The value as the command line and JSON write it (`munster1997-emended`).
    pub value: &'static str,
    /// The rule IDs of SPEC.md that state this reading (`CHU-7.4`).
    pub rules: &'static str,
    /// What it says, in one line. A caveat a user should read before picking the reading ends
    /// it, after `note: ` (the help repeats it below the switch list, the web page shows it).
    pub meaning: &'static str,
}

/// One switch: a rule of SPEC.md with more than one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Switch {
    /// Its name on the command line (`bare-king`).
    pub name: &'static str,
    /// The rule IDs of SPEC.md it switches (`CHU-6.4, CHU-7`).
    pub rules: &'static str,
    /// The question it answers, in one line.
    pub question: &'static str,
    /// Every reading, the default (the spec's) first.
    pub readings: &'static [Reading],
}

impl Switch {
    /// The default reading's value (the first reading).
    pub fn default_value(&self) -> &'static str {
        self.readings.first().map_or("", |r| r.value)
    }

    /// Every value, the default first.
    pub fn values(&self) -> impl Iterator<Item = &'static str> {
        self.readings.iter().map(|r| r.value)
    }

    /// The reading written `value`.
    pub fn reading(&self, value: &str) -> Option<&'static Reading> {
        self.readings.iter().find(|r| r.value == value)
    }
}

/// A switch's readings as a Rust enum (`BareKing`, `BlindBearWin`): its [`Switch`] and every
/// variant in the order of [`Switch::readings`], so that a value and its text map both ways.
pub trait SwitchValue: Copy + PartialEq + Sized + 'static {
    /// The switch this enum holds the readings of.
    const SWITCH: Switch;
    /// Every variant, in the order of [`Switch::readings`].
    const ALL: &'static [Self];

    /// The value's text (its reading's [`Reading::value`]). Written as an exhaustive `match`, so
    /// that a new variant does not compile until it has its text (and [`check`] then asks for
    /// its reading).
    fn text(self) -> &'static str;

    /// The variant written `text`.
    ///
    /// # Errors
    /// [`SwitchError::UnknownValue`] with the values there are.
    fn from_text(text: &str) -> Result<Self, SwitchError> {
        Self::ALL
            .iter()
            .zip(Self::SWITCH.readings)
            .find(|(_, r)| r.value == text)
            .map(|(v, _)| *v)
            .ok_or_else(|| SwitchError::UnknownValue {
                switch: Self::SWITCH.name,
                value: text.to_string(),
                values: Self::SWITCH.values().collect(),
            })
    }
}

/// Why a switch cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchError {
    /// Text that is not `name=value`.
    NotAPair { text: String },
    /// The game has no switches at all.
    NoSwitches,
    /// No switch of that name; `known` are the game's switches.
    UnknownSwitch {
        name: String,
        known: Vec<&'static str>,
    },
    /// The switch has no such reading; `values` are its readings, the default first.
    UnknownValue {
        switch: &'static str,
        value: String,
        values: Vec<&'static str>,
    },
}

impl fmt::Display for SwitchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchError::NotAPair { text } => write!(f, "{text:?}: expected name=value"),
            SwitchError::NoSwitches => write!(f, "the game has no switches"),
            SwitchError::UnknownSwitch { name, known } => {
                write!(f, "no switch {name:?}; the switches: {}", known.join(", "))
            }
            SwitchError::UnknownValue {
                switch,
                value,
                values,
            } => write!(
                f,
                "{switch} must be one of {}, not {value:?}",
                values.join(", ")
            ),
        }
    }
}

impl std::error::Error for SwitchError {}

/// A game's rule switches: the [`Switch`]es it has, and each one read and set by name.
///
/// Implemented by every game's `Switches` type; [`crate::Game::Switches`] requires it. The
/// defaults of `Default` are the first reading of each switch (a test of every game checks it).
pub trait Switches: Clone + fmt::Debug + Default + PartialEq + Send + Sync + 'static {
    /// Every switch, in the order SPEC.md's switch table lists them.
    const SWITCHES: &'static [Switch];

    /// The value of switch `name`, `None` if there is no such switch.
    fn get(&self, name: &str) -> Option<&'static str>;

    /// Sets switch `name` to the reading written `value`.
    ///
    /// # Errors
    /// [`SwitchError::UnknownSwitch`] or [`SwitchError::UnknownValue`]; the switches are then
    /// unchanged.
    fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError>;

    /// The error for a name that is no switch of this game.
    fn unknown_switch(name: &str) -> SwitchError {
        if Self::SWITCHES.is_empty() {
            SwitchError::NoSwitches
        } else {
            SwitchError::UnknownSwitch {
                name: name.to_string(),
                known: Self::SWITCHES.iter().map(|s| s.name).collect(),
            }
        }
    }

    /// Sets a switch from `name=value` text (spaces around either are ignored, and `_` in the
    /// name reads as `-`).
    ///
    /// # Errors
    /// [`SwitchError`]: not a pair, no such switch, no such reading.
    fn set_pair(&mut self, pair: &str) -> Result<(), SwitchError> {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(SwitchError::NotAPair {
                text: pair.to_string(),
            });
        };
        self.set(&name.trim().replace('_', "-"), value.trim())
    }

    /// Each switch's name and value, in [`Switches::SWITCHES`] order.
    fn values(&self) -> Vec<(&'static str, &'static str)> {
        Self::SWITCHES
            .iter()
            .map(|s| (s.name, self.get(s.name).unwrap_or("")))
            .collect()
    }

    /// How many combinations of readings there are (1 for a game without switches).
    fn combinations() -> usize {
        Self::SWITCHES
            .iter()
            .map(|s| s.readings.len().max(1))
            .product()
    }

    /// Combination number `index` (modulo [`Switches::combinations`]): a number in mixed radix,
    /// the first switch its most significant digit and each reading's position in
    /// [`Switch::readings`] a digit, so that 0 is the default and the last switch varies fastest.
    fn combination(index: usize) -> Self {
        let mut rest = index % Self::combinations();
        let mut digits = Vec::with_capacity(Self::SWITCHES.len());
        for s in Self::SWITCHES.iter().rev() {
            let n = s.readings.len().max(1);
            digits.push(rest % n);
            rest /= n;
        }
        let mut out = Self::default();
        for (s, digit) in Self::SWITCHES.iter().rev().zip(digits) {
            if let Some(r) = s.readings.get(digit) {
                // Every reading of SWITCHES is settable (the game's tests check it).
                let _ = out.set(s.name, r.value);
            }
        }
        out
    }

    /// Every combination of readings, in [`Switches::combination`] order.
    fn every_combination() -> Vec<Self> {
        (0..Self::combinations()).map(Self::combination).collect()
    }
}

/// Checks a game's switch data against its type: every reading of every switch can be set and
/// reads back, the default is each switch's first reading, unknown names and values are refused,
/// serde writes each value as its reading's text, and the combinations are all different. A
/// description of the first inconsistency, for the tests of every game.
///
/// # Errors
/// What is inconsistent, in words.
pub fn check<S: Switches + Serialize>() -> Result<(), String> {
    let default = S::default();
    let fields = serde_json::to_value(&default)
        .map_err(|e| e.to_string())?
        .as_object()
        .map_or(0, |o| o.len());
    if fields != S::SWITCHES.len() {
        return Err(format!(
            "the type has {fields} fields, SWITCHES lists {} switches",
            S::SWITCHES.len()
        ));
    }
    for s in S::SWITCHES {
        if s.readings.len() < 2 {
            return Err(format!("switch {} has fewer than two readings", s.name));
        }
        if default.get(s.name) != Some(s.default_value()) {
            return Err(format!(
                "switch {}: the default is {:?}, its first reading {:?}",
                s.name,
                default.get(s.name),
                s.default_value()
            ));
        }
        let mut texts: Vec<&str> = s.readings.iter().map(|r| r.value).collect();
        texts.sort_unstable();
        texts.dedup();
        if texts.len() != s.readings.len() {
            return Err(format!("switch {} lists a reading twice", s.name));
        }
        for r in s.readings {
            let mut x = S::default();
            x.set(s.name, r.value)
                .map_err(|e| format!("{}={}: {e}", s.name, r.value))?;
            if x.get(s.name) != Some(r.value) {
                return Err(format!(
                    "{}={} reads back as {:?}",
                    s.name,
                    r.value,
                    x.get(s.name)
                ));
            }
            let json = serde_json::to_value(&x).map_err(|e| e.to_string())?;
            let field = s.name.replace('-', "_");
            if json.get(&field).and_then(|v| v.as_str()) != Some(r.value) {
                return Err(format!(
                    "{}={}: serde writes field {field} as {:?}",
                    s.name,
                    r.value,
                    json.get(&field)
                ));
            }
        }
        let mut x = S::default();
        if x.set(s.name, "\u{1}no such value").is_ok() || x != S::default() {
            return Err(format!(
                "switch {} accepts a value it does not have",
                s.name
            ));
        }
    }
    let mut x = S::default();
    if x.set("\u{1}no such switch", "x").is_ok() {
        return Err("a switch name that does not exist is accepted".to_string());
    }
    let all = S::every_combination();
    for (i, a) in all.iter().enumerate() {
        if all[..i].contains(a) {
            return Err(format!("combination {i} repeats an earlier one: {a:?}"));
        }
    }
    if all.first() != Some(&default) {
        return Err("combination 0 is not the default".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's switch data agrees with its type (see [`check`]).
    #[test]
    fn every_games_switches_are_consistent() {
        check::<crate::kuma::KumaSwitches>().unwrap();
        check::<crate::chess::ChessSwitches>().unwrap();
        check::<crate::congo::CongoSwitches>().unwrap();
        check::<crate::hunterbeest::HunterbeestSwitches>().unwrap();
        check::<crate::chu::ChuSwitches>().unwrap();
    }

    /// SPEC.md's switch table of Chu Shogi: six switches, 2 × 7 × 2 × 2 × 2 × 3 combinations;
    /// the last switch varies fastest, `kirin-recapture` (the most significant digit) slowest.
    #[test]
    fn chu_combinations() {
        use crate::chu::{BareKing, ChuSwitches, KirinRecapture, Repetition};
        assert_eq!(ChuSwitches::combinations(), 336);
        let all = ChuSwitches::every_combination();
        assert_eq!(all.len(), 336);
        assert_eq!(all[0], ChuSwitches::default());
        assert_eq!(all[1].repetition, Repetition::Fourfold);
        assert_eq!(all[2].repetition, Repetition::Western);
        assert_eq!(all[95].bare_king, BareKing::Munster1997Emended);
        assert_eq!(all[96].bare_king, BareKing::Munster1997AllPieces);
        assert_eq!(all[167].bare_king, BareKing::Instantaneous);
        assert_eq!(all[167].kirin_recapture, KirinRecapture::Allowed);
        assert_eq!(
            all[168],
            ChuSwitches {
                kirin_recapture: KirinRecapture::CounterStrike,
                ..ChuSwitches::default()
            }
        );
        assert_eq!(ChuSwitches::combination(336), all[0]);
        assert_eq!(crate::chess::ChessSwitches::combinations(), 1);
    }

    #[test]
    fn errors_name_what_there_is() {
        use crate::kuma::KumaSwitches;
        let mut k = KumaSwitches::default();
        assert_eq!(
            k.set_pair("blind-bear=exposed").unwrap_err().to_string(),
            "blind-bear must be one of needs-legal-move, even-if-exposed, not \"exposed\""
        );
        assert!(matches!(
            k.set_pair("blind_bear"),
            Err(SwitchError::NotAPair { .. })
        ));
        assert_eq!(
            k.set_pair("bear=x"),
            Err(SwitchError::UnknownSwitch {
                name: "bear".to_string(),
                known: vec!["blind-bear"]
            })
        );
        k.set_pair(" blind_bear = even-if-exposed ").unwrap();
        assert_eq!(k.values(), [("blind-bear", "even-if-exposed")]);
        assert_eq!(
            crate::chess::ChessSwitches::default().set_pair("x=y"),
            Err(SwitchError::NoSwitches)
        );
    }
}
