//! [`Explain`] for Chu Shogi: its reference generator run with a trace, the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game: [`rules::end`]).
//! Its names for squares and sides are the game's own ([`crate::Game::square_name`]).

use super::{rules, Chu, ChuKind, ChuSwitches, CounterStrike, KirinRecapture, LionProtection};
use crate::explain::check::ReasonCheck;
use crate::explain::{traced_by_reference, Claim, Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::Rule;
use crate::{Colour, Move, Outcome, Piece, Position, Reason, Setup, Square};

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

    /// A bare-king verdict cites the formulation that gave it (CHU-7.1 to CHU-7.7), and under
    /// Münster 1997 the clause; every other end its rule of CHU-6.
    fn outcome_cause(
        switches: &ChuSwitches,
        setup: &Setup<ChuKind>,
        outcome: &Outcome,
    ) -> (Rule, Option<String>) {
        match outcome.reason {
            Reason::BareKing => rules::end::bare_king_cause(setup, switches).map_or(
                (rules::end::outcome_rule(outcome.reason), None),
                |(rule, words)| (rule, Some(words)),
            ),
            reason => (rules::end::outcome_rule(reason), None),
        }
    }

    /// CHU-8.2: USI (`7g7f`, `7g6f5e`); a `+` needs the position ([`crate::Game::read_move`]).
    fn read_move(text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
        Move::parse(text)
    }
}

/// Whether a piece of `side` can take on `target` in `setup` (its moves by movement, with the
/// counter-strike square cleared: a capture's possibility, not the lion-trading rules' verdict
/// on it, CHU-5.2).
fn can_take_on(
    setup: &Setup<ChuKind>,
    target: Square,
    side: Colour,
    switches: &ChuSwitches,
) -> bool {
    let mut s = setup.clone();
    s.turn = side;
    s.counter_strike = None;
    rules::movement_moves(&s, switches)
        .iter()
        .any(|m| m.to == target || m.via.as_slice().contains(&target))
}

/// CHU-5.2 — whether the lion on `target` is protected against the capture `mv` by the side to
/// move, as the switch `lion-protection` judges it: lishogi, some piece of its side could take on
/// its square with the capturing piece lifted and the first leg's square emptied (a Pawn or
/// Go-Between taken there still protecting); HaChu, after the move. The lion is replaced by a
/// Pawn of the mover's side for the test, so that the lion-trading rules do not decide it.
fn protected(
    setup: &Setup<ChuKind>,
    mv: &Move<ChuKind>,
    target: Square,
    switches: &ChuSwitches,
) -> bool {
    let us = setup.turn;
    let them = us.other();
    let stand_in = Some(Piece::new(us, ChuKind::Pawn));
    match switches.lion_protection {
        LionProtection::Lishogi => {
            // The capturing piece lifted and the first leg's square emptied: x-ray protection
            // through either counts.
            let mut s = setup.clone();
            s.set(mv.from, None);
            let mid = mv.via.as_slice().first().copied();
            let mid_piece = mid.and_then(|m| setup.piece_at(m));
            if let Some(m) = mid {
                s.set(m, None);
            }
            s.set(target, stand_in);
            if can_take_on(&s, target, them, switches) {
                return true;
            }
            // A Pawn or Go-Between taken on the first leg still protects, judged where it stood.
            match (mid, mid_piece) {
                (Some(m), Some(p))
                    if p.colour == them && matches!(p.kind, ChuKind::Pawn | ChuKind::GoBetween) =>
                {
                    s.set(m, Some(p));
                    let mut from_mid = s.clone();
                    from_mid.turn = them;
                    from_mid.counter_strike = None;
                    rules::movement_moves(&from_mid, switches).iter().any(|x| {
                        x.from == m && (x.to == target || x.via.as_slice().contains(&target))
                    })
                }
                _ => false,
            }
        }
        LionProtection::Hachu => {
            let mut s = rules::play(setup, mv);
            s.set(target, stand_in);
            can_take_on(&s, target, them, switches)
        }
    }
}

impl ReasonCheck for Chu {
    /// The lion-trading claims of CHU-5.2 and CHU-5.3, checked by asking which pieces could take
    /// on the lion's square.
    fn game_claim(
        switches: &ChuSwitches,
        pos: &Position<Chu>,
        mv: &Move<ChuKind>,
        claim: &Claim,
    ) -> Result<(), String> {
        let setup = pos.setup();
        let us = setup.turn;
        let mover = setup.piece_at(mv.from);
        let enemy_lion = |sq: Square| {
            setup
                .piece_at(sq)
                .is_some_and(|p| p.colour != us && p.kind.is_lion())
        };
        let on_path = |sq: Square| mv.path()[1..].contains(&sq);
        let holds = match claim {
            Claim::ProtectedLion { lion } => {
                let two_away = mv
                    .from
                    .file()
                    .abs_diff(lion.file())
                    .max(mv.from.rank().abs_diff(lion.rank()))
                    == 2;
                mover.is_some_and(|p| p.kind.is_lion())
                    && enemy_lion(*lion)
                    && on_path(*lion)
                    && (two_away || !mv.via.is_empty())
                    && protected(setup, mv, *lion, switches)
            }
            Claim::CounterStrike { taken_on, lion } => {
                let barred = match switches.counter_strike {
                    CounterStrike::Lishogi => {
                        Some(*lion) != *taken_on
                            || switches.kirin_recapture == KirinRecapture::CounterStrike
                    }
                    CounterStrike::Jcsa => protected(setup, mv, *lion, switches),
                };
                taken_on.is_some()
                    && setup.counter_strike == *taken_on
                    && mover.is_some_and(|p| !p.kind.is_lion())
                    && enemy_lion(*lion)
                    && on_path(*lion)
                    && barred
            }
            _ => false,
        };
        if holds {
            Ok(())
        } else {
            Err(format!("the lion claim {} does not hold", claim.kind()))
        }
    }
}
