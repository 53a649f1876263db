//! [`Explain`] for Congo: its reference generator run with a trace, and the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game, CONGO-6).

use super::{rules, Congo, CongoKind, CongoSwitches};
use crate::explain::{Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::{Rule, Trace};
use crate::{Move, Position, Reason, Setup, Square};

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

    fn traced_legal_moves(
        switches: &CongoSwitches,
        pos: &Position<Congo>,
        trace: &mut dyn Trace<CongoKind>,
    ) -> Vec<Move<CongoKind>> {
        rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(
        setup: &Setup<CongoKind>,
        from: Square,
        trace: &mut dyn Trace<CongoKind>,
    ) {
        rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::LionCaptured => "CONGO-6.1",
            Reason::NoLegalMove => "CONGO-6.3",
            Reason::BareLions => "CONGO-6.4",
            _ => "CONGO-6.6",
        }
    }

    /// CONGO-7.1: also mindsports' `d2-e3`, `a2-c4-c6x`.
    fn read_move(text: &str) -> Result<Move<CongoKind>, ParseMoveError> {
        super::read_move_text(text)
    }
}
