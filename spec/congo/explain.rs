//! [`Explain`] for Congo: its reference generator run with a trace, and the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game, CONGO-6).

use super::{rules, Congo, CongoKind};
use crate::explain::{traced_by_reference, Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::Rule;
use crate::{Move, Reason};

impl Explain for Congo {
    const RULES: RuleBook = RuleBook {
        board: "CONGO-1.1",
        movement: "CONGO-3.1",
        range: None,
        check: None,
        terminal: "CONGO-6.6",
        promotion: Some("CONGO-3.9"),
        drowning: Some("CONGO-5.2"),
        promotion_text: "CORE-1.3",
        notation: "CORE-1.3",
        counting: Some("CONGO-8.2"),
    };

    traced_by_reference!(rules);

    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[
        (Reason::LionCaptured, "CONGO-6.1"),
        (Reason::NoLegalMove, "CONGO-6.3"),
        (Reason::BareLions, "CONGO-6.4"),
    ];

    /// CONGO-7.1: also mindsports' `d2-e3`, `a2-c4-c6x`.
    fn read_move(text: &str) -> Result<Move<CongoKind>, ParseMoveError> {
        super::read_move_text(text)
    }
}
