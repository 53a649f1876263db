//! The answer of `fairyspec explain` ([`Explanation`]) and its statements ([`Cited`]): the
//! document the command line, the JSON output, the web API and `conform` print.

use super::Claim;
use serde::Serialize;
use std::fmt;

/// One statement of an explanation and the rule it rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cited {
    pub rule: String,
    pub text: String,
    /// For a reason an illegal move is illegal: the fact the sentence asserts, as data for the
    /// reason checker (`crate::explain::check`); not part of the JSON.
    #[serde(skip)]
    pub claim: Option<Claim>,
}

impl Cited {
    pub(super) fn new(rule: &str, text: impl Into<String>) -> Cited {
        Cited {
            rule: rule.to_string(),
            text: text.into(),
            claim: None,
        }
    }

    /// A reason for an illegal move: its rule, its words and the fact they assert.
    pub(crate) fn claims(rule: &str, text: impl Into<String>, claim: Claim) -> Cited {
        Cited {
            rule: rule.to_string(),
            text: text.into(),
            claim: Some(claim),
        }
    }
}

impl fmt::Display for Cited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.text, self.rule)
    }
}

/// The answer of `fairyspec explain`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    pub game: String,
    pub fen: String,
    /// The move as given.
    pub text: String,
    /// The move as the specification writes it (with a forced promotion filled in), when the
    /// text could be read as one.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub legal: bool,
    /// Legal: the rules that make the move. Illegal: the rule that forbids it and why.
    pub reasons: Vec<Cited>,
    /// Legal moves only: what the move does (captures, promotion, drowning, check, the end of
    /// the game).
    pub effects: Vec<Cited>,
    /// Where the reason is that no rule moves the piece so: its legal moves from that square.
    pub piece_moves: Option<Vec<String>>,
    /// The state of the game before the move, if it is over or the side to move is in check.
    pub position: Vec<Cited>,
}

impl Explanation {
    /// Every rule ID the explanation cites.
    pub fn rules(&self) -> Vec<&str> {
        self.reasons
            .iter()
            .chain(&self.effects)
            .chain(&self.position)
            .map(|c| c.rule.as_str())
            .collect()
    }

    /// One line: the move, legal or illegal, and the first reason.
    pub fn summary(&self) -> String {
        let verdict = if self.legal { "legal" } else { "illegal" };
        let shown = self.mv.as_deref().unwrap_or(&self.text);
        match self.reasons.first() {
            Some(r) => format!("{shown}: {verdict}: {r}"),
            None => format!("{shown}: {verdict}"),
        }
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.mv.as_deref().unwrap_or(&self.text);
        writeln!(
            f,
            "{shown}: {}",
            if self.legal { "legal" } else { "illegal" }
        )?;
        for c in &self.position {
            writeln!(f, "  position: {c}")?;
        }
        let heading = if self.legal { "by" } else { "because" };
        for c in &self.reasons {
            writeln!(f, "  {heading}: {c}")?;
        }
        for c in &self.effects {
            writeln!(f, "  effect: {c}")?;
        }
        if let Some(moves) = &self.piece_moves {
            let list = if moves.is_empty() {
                "(none)".to_string()
            } else {
                moves.join(" ")
            };
            writeln!(f, "  its legal moves from there: {list}")?;
        }
        Ok(())
    }
}
