//! [`Explain`] for orthodox chess: its reference generator run with a trace, and the rule IDs of
//! SPEC.md that the explanations cite beside the generator's own (the end of the game, CHESS-7).

use super::{rules, Chess, ChessKind, ChessSwitches};
use crate::explain::{Explain, RuleBook};
use crate::trace::{Rule, Trace};
use crate::{Move, Position, Reason, Setup, Square};

impl Explain for Chess {
    const RULES: RuleBook = RuleBook {
        board: "CHESS-1.1",
        movement: "CHESS-3.1",
        range: None,
        check: Some("CHESS-3.8"),
        terminal: "CHESS-7.7",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        notation: "CORE-1.3",
        counting: None,
    };

    fn traced_legal_moves(
        _switches: &ChessSwitches,
        pos: &Position<Chess>,
        trace: &mut dyn Trace<ChessKind>,
    ) -> Vec<Move<ChessKind>> {
        rules::legal_moves_traced(pos.setup(), trace)
    }

    fn traced_piece_moves(
        setup: &Setup<ChessKind>,
        from: Square,
        trace: &mut dyn Trace<ChessKind>,
    ) {
        rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "CHESS-7.2",
            Reason::Stalemate => "CHESS-7.3",
            Reason::FiftyMoveClaim => "CHESS-7.5",
            Reason::ThreefoldClaim => "CHESS-7.6",
            _ => "CHESS-7.7",
        }
    }
}
