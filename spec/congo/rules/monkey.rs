//! CONGO-4 — the monkey's capture chains: a jump over an adjacent enemy to the empty square
//! beyond, again and again, the jumped pieces leaving the board when the chain ends.

use super::{is_empty, shift, KING_DIRECTIONS};
use crate::congo::{CongoKind, LionJump};
use crate::trace::{Line, Modality, Movement, NoTrace, Stop, Trace};
use crate::{Colour, Move, Setup, Square, Via};

/// CONGO-4.1 – CONGO-4.4 — every capture chain of the monkey on `from`: each distinct landing
/// path is one move (`c3e3e5c3`).
///
/// A jump goes over an adjacent **enemy** piece (any of eight directions) to the square directly
/// beyond, which must be empty (CONGO-4.1). The jumped pieces stay on the board until the chain
/// ends (CONGO-4.2), so a jumped piece cannot be landed on and cannot be jumped again; the
/// monkey's own start square counts as empty, and any square may be landed on again
/// (CONGO-4.3). The monkey may stop after any jump. Jumping the enemy lion ends the chain
/// (CONGO-4.4, the default reading; [`monkey_chains_under`] takes the other).
pub fn monkey_chains(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
) -> Vec<Move<CongoKind>> {
    monkey_chains_under(setup, from, colour, LionJump::EndsChain)
}

/// [`monkey_chains`] under the reading `lion_jump` of CONGO-4.4: with
/// [`LionJump::ChainGoesOn`] the chain may go on after jumping the lion, which, like every man
/// jumped, stays on the board until the chain ends (CONGO-4.2).
pub fn monkey_chains_under(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
    lion_jump: LionJump,
) -> Vec<Move<CongoKind>> {
    monkey_chains_traced(setup, from, colour, lion_jump, &mut NoTrace)
}

/// [`monkey_chains`], reporting each first jump tried from `from` as a line and each chain as a
/// candidate of CONGO-4.1.
pub(crate) fn monkey_chains_traced(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
    lion_jump: LionJump,
    trace: &mut dyn Trace<CongoKind>,
) -> Vec<Move<CongoKind>> {
    let mut chains = Vec::new();
    let mut landings = Vec::new();
    let mut jumped = Vec::new();
    if trace.listening() {
        report_first_jumps(setup, from, colour, trace);
    }
    let chain = Chain {
        setup,
        start: from,
        colour,
        lion_jump,
    };
    chain.extend(from, &mut landings, &mut jumped, &mut chains);
    for chain in &chains {
        trace.candidate(chain, "CONGO-4.1", "a capture chain");
    }
    chains
}

/// CONGO-4.1 — for the trace: each of the eight jumps from the monkey's start square, the
/// square beyond if the jump may be made, or why not.
fn report_first_jumps(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
    trace: &mut dyn Trace<CongoKind>,
) {
    for dir in KING_DIRECTIONS {
        let (over, beyond) = (shift(from, dir), shift(from, dir.times(2)));
        let stop = match (over, beyond) {
            (Some(over), Some(beyond)) => match setup.piece_at(over) {
                Some(p) if p.colour != colour => {
                    if is_empty(setup, beyond) {
                        Stop::Captures(over)
                    } else {
                        Stop::Occupied(beyond)
                    }
                }
                _ => Stop::NothingToCapture(over),
            },
            _ => Stop::Edge,
        };
        let reached = match (stop, beyond) {
            (Stop::Captures(_), Some(beyond)) => vec![beyond],
            _ => Vec::new(),
        };
        trace.line(Line {
            from,
            rule: "CONGO-4.1",
            movement: Movement::Jump,
            modality: Modality::CaptureOnly,
            dir: dir.times(2),
            reached,
            stop,
        });
    }
}

/// What stays the same along one monkey's chains: the board, its start square and colour, and
/// the reading of CONGO-4.4.
struct Chain<'a> {
    setup: &'a Setup<CongoKind>,
    start: Square,
    colour: Colour,
    lion_jump: LionJump,
}

impl Chain<'_> {
    /// One more jump of a chain that stands on `here` after `landings`, having jumped `jumped`.
    fn extend(
        &self,
        here: Square,
        landings: &mut Vec<Square>,
        jumped: &mut Vec<Square>,
        chains: &mut Vec<Move<CongoKind>>,
    ) {
        let Chain {
            setup,
            start,
            colour,
            lion_jump,
        } = *self;
        for dir in KING_DIRECTIONS {
            let Some(over) = shift(here, dir) else {
                continue;
            };
            let Some(beyond) = shift(over, dir) else {
                continue;
            };
            let Some(victim) = setup.piece_at(over) else {
                continue;
            };
            let landing_free = beyond == start || is_empty(setup, beyond);
            if victim.colour == colour || jumped.contains(&over) || !landing_free {
                continue;
            }
            landings.push(beyond);
            jumped.push(over);
            // `landings` holds at most one square per enemy piece (≤ 14), so it always fits.
            if let Some(via) = Via::from_slice(&landings[..landings.len() - 1]) {
                chains.push(Move {
                    from: start,
                    via,
                    to: beyond,
                    promotion: None,
                });
            }
            // CONGO-4.4: jumping the lion ends the chain, unless the chain goes on.
            if victim.kind != CongoKind::Lion || lion_jump == LionJump::ChainGoesOn {
                self.extend(beyond, landings, jumped, chains);
            }
            landings.pop();
            jumped.pop();
        }
    }
}
