//! [`Explain`] for Bachelor Hunterbeest: its reference generator run with a trace, and the rule
//! IDs of SPEC.md that the explanations cite beside the generator's own (the end of the game,
//! BHB-6).

use super::{rules, Hunterbeest, HunterbeestKind, HunterbeestSwitches};
use crate::explain::{Explain, RuleBook};
use crate::trace::{Rule, Trace};
use crate::{Move, Position, Reason, Setup, Square};

impl Explain for Hunterbeest {
    const RULES: RuleBook = RuleBook {
        board: "BHB-1.1",
        movement: "BHB-3.1",
        range: None,
        check: Some("BHB-6.1"),
        terminal: "BHB-6.6",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        notation: "CORE-1.3",
        counting: None,
    };

    fn traced_legal_moves(
        switches: &HunterbeestSwitches,
        pos: &Position<Hunterbeest>,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) -> Vec<Move<HunterbeestKind>> {
        rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(
        setup: &Setup<HunterbeestKind>,
        from: Square,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) {
        rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "BHB-6.2",
            Reason::Stalemate => "BHB-6.4",
            Reason::Marriage | Reason::Taming => "BHB-6.3",
            Reason::FiftyMoveClaim | Reason::ThreefoldClaim => "BHB-6.5",
            _ => "BHB-6.6",
        }
    }
}
