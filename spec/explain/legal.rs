//! Why a legal move is legal, and what it does: the movement lines that reach its square, the
//! special rules that made it, and its effects read off the reference generator's own play.

use super::describe::line_phrase;
use super::{outcome_words, side, sq, Cited, Explain};
use crate::trace::{Line, Recorder};
use crate::{Game, Kind, Move, Piece, Position, Setup, Square};

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
    switches: &G::Switches,
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
    // The captures in the order the move makes them: along its path (a chain's jumps one by
    // one, a lion's first leg before its second), then any other (en passant's Pawn).
    let mut captured: Vec<(usize, Square, Piece<G::Kind>)> = before
        .pieces()
        .filter(|&(sq, p)| p.colour != us && after.piece_at(sq) != Some(p))
        .map(|(sq, p)| (path_order(mv, sq), sq, p))
        .collect();
    captured.sort_by_key(|&(order, _, _)| order);
    for (_, sq, p) in captured {
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
        let (rule, why) = G::outcome_cause(switches, after, &outcome);
        out.push(Cited::new(
            rule,
            format!(
                "ends the game: {}{}",
                outcome_words::<G>(&outcome),
                why.map(|w| format!(": {w}")).unwrap_or_default()
            ),
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

/// Where along `mv`'s path the move takes what stands on `sq`: twice the index of the leg that
/// passes over it (a jump), or twice the index plus one of the leg that ends on it; after every
/// leg for a square off the path (en passant's Pawn).
fn path_order<K: Kind>(mv: &Move<K>, sq: Square) -> usize {
    let path = mv.path();
    for (i, leg) in path.windows(2).enumerate() {
        let (a, b) = (leg[0], leg[1]);
        if sq == b {
            return 2 * i + 1;
        }
        let (df, dr) = (
            i32::from(b.file()) - i32::from(a.file()),
            i32::from(b.rank()) - i32::from(a.rank()),
        );
        let n = df.abs().max(dr.abs());
        let straight = df.abs() == n || df == 0;
        let straight = straight && (dr.abs() == n || dr == 0);
        let passes = straight
            && (1..n).any(|k| {
                i32::from(a.file()) + df / n * k == i32::from(sq.file())
                    && i32::from(a.rank()) + dr / n * k == i32::from(sq.rank())
            });
        if passes {
            return 2 * i;
        }
    }
    2 * path.len()
}
