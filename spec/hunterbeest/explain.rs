//! [`Explain`] for Bachelor Hunterbeest: its reference generator run with a trace, and the rule
//! IDs of SPEC.md that the explanations cite beside the generator's own (the end of the game,
//! BHB-6).

use super::{rules, Hunterbeest};
use crate::explain::{traced_by_reference, Explain, RuleBook};
use crate::trace::Rule;
use crate::Reason;

impl Explain for Hunterbeest {
    const RULES: RuleBook =
        RuleBook::chess_family("BHB-1.1", "BHB-3.1", None, Some("BHB-6.1"), "BHB-6.6");

    traced_by_reference!(rules);

    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[
        (Reason::Checkmate, "BHB-6.2"),
        (Reason::Stalemate, "BHB-6.4"),
        (Reason::Marriage, "BHB-6.3"),
        (Reason::Taming, "BHB-6.3"),
        (Reason::FiftyMoveClaim, "BHB-6.5"),
        (Reason::ThreefoldClaim, "BHB-6.5"),
    ];
}

/// No claim of its own: every reason is checked by the generic checks.
impl crate::explain::check::ReasonCheck for Hunterbeest {}
