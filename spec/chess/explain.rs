//! [`Explain`] for orthodox chess: its reference generator run with a trace, and the rule IDs of
//! SPEC.md that the explanations cite beside the generator's own (the end of the game, CHESS-7).

use super::{rules, Chess, ChessKind, ChessSwitches};
use crate::explain::{Explain, RuleBook};
use crate::trace::{Rule, Trace};
use crate::{Move, Position, Reason, Setup, Square};

impl Explain for Chess {
    const RULES: RuleBook = RuleBook::chess_family(
        "CHESS-1.1",
        "CHESS-3.1",
        None,
        Some("CHESS-3.8"),
        "CHESS-7.7",
    );

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

    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[
        (Reason::Checkmate, "CHESS-7.2"),
        (Reason::Stalemate, "CHESS-7.3"),
        (Reason::FiftyMoveClaim, "CHESS-7.5"),
        (Reason::ThreefoldClaim, "CHESS-7.6"),
    ];
}

/// No claim of its own: every reason is checked by the generic checks.
impl crate::explain::check::ReasonCheck for Chess {}
