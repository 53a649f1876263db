//! [`Explain`] for Congo: its reference generator run with a trace, and the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game, CONGO-6).

use super::{rules, Congo, CongoKind, CongoSwitches, LionJump};
use crate::explain::check::ReasonCheck;
use crate::explain::{traced_by_reference, Cited, Claim, Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::Rule;
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

    traced_by_reference!(rules);

    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[
        (Reason::LionCaptured, "CONGO-6.1"),
        (Reason::NoLegalMove, "CONGO-6.3"),
        (Reason::BareLions, "CONGO-6.4"),
    ];

    /// A monkey's multi-leg move that is no chain: the leg that breaks a rule (CONGO-3.7,
    /// CONGO-4).
    fn why_no_route(
        switches: &CongoSwitches,
        setup: &Setup<CongoKind>,
        mv: &Move<CongoKind>,
    ) -> Option<Cited> {
        chain_fault(switches, setup, mv)
    }

    /// CONGO-7.1: also mindsports' `d2-e3`, `a2-c4-c6x`.
    fn read_move(text: &str) -> Result<Move<CongoKind>, ParseMoveError> {
        super::read_move_text(text)
    }
}

/// CONGO-3.7, CONGO-4 — why a multi-leg move of a monkey is no chain: the first leg that breaks
/// a rule of chains, read along the path (the reason checker tests the claim,
/// `crate::explain::check`).
fn chain_fault(
    switches: &CongoSwitches,
    setup: &Setup<CongoKind>,
    mv: &Move<CongoKind>,
) -> Option<Cited> {
    let monkey = setup.piece_at(mv.from)?;
    if monkey.kind != CongoKind::Monkey {
        return None;
    }
    let us = monkey.colour;
    let path = mv.path();
    let name = |s: Square| s.to_string();
    let mut jumped: Vec<Square> = Vec::new();
    for (i, leg) in path.windows(2).enumerate() {
        let (a, b) = (leg[0], leg[1]);
        let df = i32::from(b.file()) - i32::from(a.file());
        let dr = i32::from(b.rank()) - i32::from(a.rank());
        if i == 0 && df.abs().max(dr.abs()) == 1 {
            return Some(Cited::claims(
                "CONGO-3.7",
                format!(
                    "the monkey's step to {} is a whole move: a move is one step or one chain of jumps, never both",
                    name(b)
                ),
                Claim::StepThenMore { to: b },
            ));
        }
        let straight_two =
            matches!(df.abs(), 0 | 2) && matches!(dr.abs(), 0 | 2) && (df, dr) != (0, 0);
        if !straight_two {
            return Some(Cited::claims(
                "CONGO-4.1",
                format!(
                    "{} to {} is no jump: a jump goes over an adjacent piece to the square directly beyond, two squares in a straight line",
                    name(a),
                    name(b)
                ),
                Claim::NotAJump { from: a, to: b },
            ));
        }
        let over = Square::new(
            (i32::from(a.file()) + df / 2) as u8,
            (i32::from(a.rank()) + dr / 2) as u8,
        );
        if over == mv.from {
            return Some(Cited::claims(
                "CONGO-4.1",
                format!(
                    "there is no piece on {} for the monkey to jump: it is the square the monkey left",
                    name(over)
                ),
                Claim::NothingToJump { square: over },
            ));
        }
        if jumped.contains(&over) {
            return Some(Cited::claims(
                "CONGO-4.3",
                format!(
                    "the chain jumps the piece on {} a second time: a jumped piece stays on the board until the chain ends, and may not be jumped twice",
                    name(over)
                ),
                Claim::JumpsTwice { over },
            ));
        }
        match setup.piece_at(over) {
            None => {
                return Some(Cited::claims(
                    "CONGO-4.1",
                    format!("there is no piece on {} for the monkey to jump", name(over)),
                    Claim::NothingToJump { square: over },
                ))
            }
            Some(p) if p.colour == us => {
                return Some(Cited::claims(
                    "CONGO-4.1",
                    format!(
                    "the piece on {} is the monkey's own side's: a monkey jumps only enemy pieces",
                    name(over)
                ),
                    Claim::JumpsOwnPiece { over },
                ))
            }
            Some(_) => {}
        }
        if b != mv.from && setup.piece_at(b).is_some() {
            return Some(Cited::claims(
                if jumped.contains(&b) { "CONGO-4.2" } else { "CONGO-4.1" },
                format!(
                    "{} is occupied: a jump lands only on an empty square (a jumped piece stays until the chain ends)",
                    name(b)
                ),
                Claim::LandsOnPiece { on: b },
            ));
        }
        jumped.push(over);
        let lion = setup
            .piece_at(over)
            .is_some_and(|p| p.kind == CongoKind::Lion);
        let more = i + 2 < path.len();
        if lion && more && switches.lion_jump == LionJump::EndsChain {
            return Some(Cited::claims(
                "CONGO-4.4",
                format!(
                    "jumping the lion on {} ends the chain and the game: the monkey stops on {}",
                    name(over),
                    name(b)
                ),
                Claim::GoesOnAfterLion { lion: over },
            ));
        }
    }
    None
}

impl ReasonCheck for Congo {
    /// The chain claims of CONGO-3.7 and CONGO-4, checked along the move's path.
    fn game_claim(
        switches: &CongoSwitches,
        pos: &Position<Congo>,
        mv: &Move<CongoKind>,
        claim: &Claim,
    ) -> Result<(), String> {
        let setup = pos.setup();
        let us = setup.turn;
        let path = mv.path();
        let legs: Vec<(Square, Square)> = path.windows(2).map(|w| (w[0], w[1])).collect();
        let mid = |a: Square, b: Square| {
            Square::new(
                ((u32::from(a.file()) + u32::from(b.file())) / 2) as u8,
                ((u32::from(a.rank()) + u32::from(b.rank())) / 2) as u8,
            )
        };
        let is_jump = |a: Square, b: Square| {
            let (df, dr) = (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()));
            matches!(df, 0 | 2) && matches!(dr, 0 | 2) && (df, dr) != (0, 0)
        };
        let monkey = setup
            .piece_at(mv.from)
            .is_some_and(|p| p.kind == CongoKind::Monkey && p.colour == us);
        let holds = monkey
            && match claim {
                Claim::StepThenMore { to } => {
                    legs.len() > 1
                        && legs[0].1 == *to
                        && mv
                            .from
                            .file()
                            .abs_diff(to.file())
                            .max(mv.from.rank().abs_diff(to.rank()))
                            == 1
                }
                Claim::NotAJump { from, to } => {
                    legs.contains(&(*from, *to)) && !is_jump(*from, *to)
                }
                Claim::JumpsOwnPiece { over } => {
                    legs.iter()
                        .any(|&(a, b)| is_jump(a, b) && mid(a, b) == *over)
                        && setup.piece_at(*over).is_some_and(|p| p.colour == us)
                }
                Claim::JumpsTwice { over } => {
                    legs.iter()
                        .filter(|&&(a, b)| is_jump(a, b) && mid(a, b) == *over)
                        .count()
                        > 1
                }
                Claim::LandsOnPiece { on } => {
                    *on != mv.from
                        && legs.iter().any(|&(_, b)| b == *on)
                        && setup.piece_at(*on).is_some()
                }
                Claim::GoesOnAfterLion { lion } => {
                    let at = legs
                        .iter()
                        .position(|&(a, b)| is_jump(a, b) && mid(a, b) == *lion);
                    switches.lion_jump == LionJump::EndsChain
                        && at.is_some_and(|i| i + 1 < legs.len())
                        && setup
                            .piece_at(*lion)
                            .is_some_and(|p| p.kind == CongoKind::Lion && p.colour != us)
                }
                _ => false,
            };
        if holds {
            Ok(())
        } else {
            Err(format!("the chain claim {} does not hold", claim.kind()))
        }
    }
}
