//! Why a legal move is legal, and what it does: the movement lines that reach its square, the
//! special rules that made it, and its effects read off the reference generator's own play.

use super::describe::line_phrase;
use super::{outcome_words, side, sq, Cited, Explain};
use crate::trace::{Line, Recorder};
use crate::{Game, Kind, Move, Position, Setup, Square};

/// The lines of the piece on `from` that end on `to`.
fn lines_reaching(rec_lines: &[Line], from: Square, to: Square) -> Vec<&Line> {
    rec_lines
        .iter()
        .filter(|l| l.from == from && l.reached.contains(&to))
        .collect()
}

/// The rules that make a legal move: the movement line(s) that reach its square and the
/// special rules that made it.
pub(super) fn why_legal<G: Game>(
    mv: &Move<G::Kind>,
    rec: &Recorder<G::Kind>,
    setup: &Setup<G::Kind>,
) -> Vec<Cited> {
    let mut out = Vec::new();
    let name = setup.piece_at(mv.from).map_or("piece", |p| p.kind.name());
    let owner = setup.turn;
    for (cand, rule, what) in &rec.candidates {
        if cand == mv {
            // A multi-step move names its path: its middle squares, where it ends.
            let route = match mv.via.as_slice() {
                [] => format!("to {}", sq::<G>(mv.to)),
                via if mv.to == mv.from => format!(
                    "out to {} and back to {}",
                    via.iter()
                        .map(|&s| sq::<G>(s))
                        .collect::<Vec<_>>()
                        .join(", "),
                    sq::<G>(mv.to)
                ),
                via => format!(
                    "through {} to {}",
                    via.iter()
                        .map(|&s| sq::<G>(s))
                        .collect::<Vec<_>>()
                        .join(", "),
                    sq::<G>(mv.to)
                ),
            };
            out.push(Cited::new(
                rule,
                format!("{what}: the {name} on {} {route}", sq::<G>(mv.from)),
            ));
        }
    }
    // Special moves (a double step, castling, en passant) are reached by no line.
    if mv.via.is_empty() {
        for line in lines_reaching(&rec.lines, mv.from, mv.to) {
            out.insert(
                0,
                Cited::new(
                    line.rule,
                    format!("the {name} {}", line_phrase(line, owner)),
                ),
            );
        }
    }
    if out.is_empty() {
        out.push(Cited::new("CORE-1.4", "the reference generator lists it"));
    }
    out
}

/// What a legal move does, read off the reference generator's own play of it.
pub(super) fn effects<G: Explain>(
    reference: &dyn crate::Generator<G>,
    pos: &Position<G>,
    mv: &Move<G::Kind>,
    rec: &Recorder<G::Kind>,
) -> Vec<Cited> {
    let rules = G::RULES;
    let before = pos.setup();
    let after_pos = reference.play_unchecked(pos, mv);
    let after = after_pos.setup();
    let us = before.turn;
    let Some(mover) = before.piece_at(mv.from) else {
        return Vec::new();
    };
    let special = rec
        .candidates
        .iter()
        .find(|(c, _, _)| c == mv)
        .map(|(_, r, _)| *r);
    let mut out = Vec::new();
    for (sq, p) in before.pieces() {
        let now = after.piece_at(sq);
        if p.colour != us && now != Some(p) {
            let rule = if sq == mv.to {
                rules.movement
            } else {
                special.unwrap_or(rules.movement)
            };
            out.push(Cited::new(
                rule,
                format!(
                    "captures the {} {} on {}",
                    side::<G>(p.colour),
                    p.kind.name(),
                    self::sq::<G>(sq)
                ),
            ));
        }
    }
    let landed = after.piece_at(mv.to);
    match landed {
        Some(p) if p.colour == us && p.kind != mover.kind => {
            let rule = rec
                .candidates
                .iter()
                .find(|(c, _, _)| c == mv && c.promotion.is_some())
                .map(|(_, r, _)| *r)
                .or(rules.promotion)
                .unwrap_or(rules.movement);
            out.push(Cited::new(
                rule,
                format!("the {} promotes to {}", mover.kind.name(), p.kind.name()),
            ));
        }
        Some(p) if p.colour == us => {}
        _ => {
            if let Some(rule) = rules.drowning {
                out.push(Cited::new(
                    rule,
                    format!(
                        "the {} drowns in the river on {}",
                        mover.kind.name(),
                        sq::<G>(mv.to)
                    ),
                ));
            }
        }
    }
    for (sq, p) in before.pieces() {
        if p.colour == us && sq != mv.from && after.piece_at(sq) != Some(p) {
            let gone_to = after
                .pieces()
                .find(|&(s, q)| q == p && before.piece_at(s).is_none() && s != mv.to);
            match (gone_to, rules.drowning) {
                (Some((to, _)), _) => out.push(Cited::new(
                    special.unwrap_or(rules.movement),
                    format!(
                        "the {} moves from {} to {}",
                        p.kind.name(),
                        self::sq::<G>(sq),
                        self::sq::<G>(to)
                    ),
                )),
                (None, Some(rule)) => {
                    out.push(Cited::new(
                        rule,
                        format!(
                            "the {} on {} drowns in the river",
                            p.kind.name(),
                            self::sq::<G>(sq)
                        ),
                    ));
                }
                (None, None) => {}
            }
        }
    }
    if let Some(outcome) = reference.outcome(&after_pos) {
        out.push(Cited::new(
            G::outcome_rule(outcome.reason),
            format!("ends the game: {}", outcome_words::<G>(&outcome)),
        ));
    } else if reference.is_check(&after_pos) {
        if let Some(check) = rules.check {
            out.push(Cited::new(
                check,
                format!("gives check to {}", side::<G>(us.other())),
            ));
        }
    }
    out
}
