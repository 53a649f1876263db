//! [`Explain`] for Chu Shogi: its reference generator run with a trace, the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game: [`rules::end`]).
//! Its names for squares and sides are the game's own ([`crate::Game::square_name`]).

use super::{rules, Chu, ChuKind};
use crate::explain::{traced_by_reference, Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::Rule;
use crate::{Move, Reason};

impl Explain for Chu {
    const RULES: RuleBook = RuleBook {
        board: "CHU-1.1",
        movement: "CHU-3.1",
        range: None,
        check: None,
        terminal: "CHU-6.7",
        promotion: None,
        drowning: None,
        promotion_text: "CHU-4.5",
        notation: "CHU-8.2",
        counting: Some("CHU-9.5"),
    };

    traced_by_reference!(rules);

    fn outcome_rule(reason: Reason) -> Rule {
        rules::end::outcome_rule(reason)
    }

    /// CHU-8.2: USI (`7g7f`, `7g6f5e`); a `+` needs the position ([`crate::Game::read_move`]).
    fn read_move(text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
        Move::parse(text)
    }
}
