//! [`Explain`] for Kuma Chess: its reference generator run with a trace, and the rule IDs of
//! SPEC.md that the explanations cite beside the generator's own (the end of the game, KUMA-7).

use super::{rules, Kuma};
use crate::explain::{traced_by_reference, Explain, RuleBook};
use crate::trace::Rule;
use crate::Reason;

impl Explain for Kuma {
    const RULES: RuleBook = RuleBook::chess_family(
        "KUMA-1.1",
        "KUMA-3.1",
        Some("KUMA-3.13"),
        Some("KUMA-7.1"),
        "KUMA-7.7",
    );

    traced_by_reference!(rules);

    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[
        (Reason::Checkmate, "KUMA-7.2"),
        (Reason::Stalemate, "KUMA-7.3"),
        (Reason::BlindBear, "KUMA-7.4"),
        (Reason::FiftyMoveClaim, "KUMA-7.5"),
        (Reason::ThreefoldClaim, "KUMA-7.6"),
    ];
}

/// No claim of its own: every reason is checked by the generic checks.
impl crate::explain::check::ReasonCheck for Kuma {}
