//! [`Explain`] for Kuma Chess: its reference generator run with a trace, and the rule IDs of
//! SPEC.md that the explanations cite beside the generator's own (the end of the game, KUMA-7).

use super::{rules, Kuma, KumaKind, KumaSwitches};
use crate::explain::{Explain, RuleBook};
use crate::trace::{Rule, Trace};
use crate::{Move, Position, Reason, Setup, Square};

impl Explain for Kuma {
    const RULES: RuleBook = RuleBook {
        board: "KUMA-1.1",
        movement: "KUMA-3.1",
        range: Some("KUMA-3.13"),
        check: Some("KUMA-7.1"),
        terminal: "KUMA-7.7",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        notation: "CORE-1.3",
        counting: None,
    };

    fn traced_legal_moves(
        switches: &KumaSwitches,
        pos: &Position<Kuma>,
        trace: &mut dyn Trace<KumaKind>,
    ) -> Vec<Move<KumaKind>> {
        rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(setup: &Setup<KumaKind>, from: Square, trace: &mut dyn Trace<KumaKind>) {
        rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "KUMA-7.2",
            Reason::Stalemate => "KUMA-7.3",
            Reason::BlindBear => "KUMA-7.4",
            Reason::FiftyMoveClaim => "KUMA-7.5",
            Reason::ThreefoldClaim => "KUMA-7.6",
            _ => "KUMA-7.7",
        }
    }
}
