//! Why an illegal move is illegal: the rule that forbids it, read off the lines the reference
//! generator walked and the moves it refused.

use super::describe::{self, direction_name, unit};
use super::{same_path, side, sq, why_words, Cited, Explain};
use crate::trace::{Line, Modality, Movement, Recorder, Rule, Stop};
use crate::{Colour, Game, Kind, Move, Piece, Square};

/// The rule that forbids an illegal move of the side to move's own `piece`, and whether the
/// reason is that no rule moves the piece that way at all (then its moves are listed).
pub(super) fn why_illegal<G: Explain>(
    mv: &Move<G::Kind>,
    piece: Piece<G::Kind>,
    rec: &Recorder<G::Kind>,
    legal: &[Move<G::Kind>],
) -> (Vec<Cited>, bool) {
    let rules = G::RULES;
    let name = piece.kind.name();
    let owner = piece.colour;

    // A rule refused this very move (castling, a double step, the legality test).
    let refused: Vec<Cited> = rec
        .refusals
        .iter()
        .filter(|(m, _, _)| m == mv || (mv.promotion.is_none() && same_path(m, mv)))
        .map(|(_, rule, why)| Cited::new(rule, why_words::<G>(why)))
        .collect();
    if let Some(last) = refused.last() {
        return (vec![last.clone()], false);
    }

    // The path is a move, but not with this promotion.
    let same: Vec<&Move<G::Kind>> = legal.iter().filter(|m| same_path(m, mv)).collect();
    let made: Vec<&(Move<G::Kind>, Rule, &str)> = rec
        .candidates
        .iter()
        .filter(|(m, _, _)| same_path(m, mv))
        .collect();
    if !same.is_empty() || !made.is_empty() {
        let rule = made.first().map_or(rules.movement, |(_, r, _)| *r);
        let mut choices: Vec<String> = same.iter().map(|m| m.to_string()).collect();
        choices.sort();
        let text = match (mv.promotion, same.first().and_then(|m| m.promotion)) {
            (Some(k), None) => {
                format!("the {name} does not promote on this move (no {})", k.name())
            }
            (None, Some(_)) => format!("the move must name its promotion: {}", choices.join(", ")),
            (Some(k), Some(_)) => format!(
                "the {name} cannot become a {} here; the moves are {}",
                k.name(),
                choices.join(", ")
            ),
            (None, None) => "the move is not legal here".to_string(),
        };
        return (vec![Cited::new(rule, text)], false);
    }
    if mv.promotion.is_some() && mv.via.is_empty() {
        // Judge the path; the letter is then beside the point.
        let plain = Move::new(mv.from, mv.to);
        let (reasons, none) = why_illegal::<G>(&plain, piece, rec, legal);
        return (reasons, none);
    }

    // A chain of jumps (or any multi-leg move) that no rule made.
    let own_lines: Vec<&Line> = rec.lines.iter().filter(|l| l.from == mv.from).collect();
    let rule_of_piece = own_lines
        .iter()
        .find(|l| l.movement != Movement::Jump && l.modality != Modality::CaptureOnly)
        .or(own_lines.first())
        .map_or(rules.movement, |l| l.rule);
    if let Some(c) = two_step_leg::<G>(mv, piece, rule_of_piece) {
        return (vec![c], true);
    }
    if !mv.via.is_empty() {
        let first_leg = Move::new(mv.from, mv.via.as_slice()[0]);
        let (mut reasons, _) = why_illegal::<G>(&first_leg, piece, rec, legal);
        if legal.contains(&first_leg) || reasons.is_empty() {
            reasons = vec![Cited::new(
                rule_of_piece,
                format!(
                    "no rule lets the {name} on {} move along {}",
                    sq::<G>(mv.from),
                    path::<G>(mv)
                ),
            )];
        }
        return (reasons, true);
    }

    // The lines of the piece's movement that point at the target square.
    let to = mv.to;
    let on_ray: Vec<(&Line, u32)> = own_lines
        .iter()
        .filter_map(|l| l.steps_to(to).map(|k| (*l, k)))
        .collect();
    // Several lines point at the square and none reaches it (a Lion's step and jump straight
    // forward): the square is beyond the piece's reach that way.
    let reach = |l: &Line| describe::length(l).map(|n| n * unit_len(l));
    let away = describe::delta(mv.from, to, owner);
    let away = u32::from(away.file.unsigned_abs().max(away.rank.unsigned_abs()));
    if on_ray.len() > 1
        && on_ray
            .iter()
            .all(|(l, _)| reach(l).is_some_and(|r| r < away))
    {
        let most = on_ray
            .iter()
            .filter_map(|(l, _)| reach(l))
            .max()
            .unwrap_or(1);
        let (line, _) = on_ray[0];
        let d = describe::delta_of(line.dir, owner);
        let dir = direction_name(unit(d), d);
        return (
            vec![Cited::new(
                line.rule,
                format!(
                    "{} is beyond the {name}'s reach: it goes at most {} {dir}, and {} is {} away",
                    sq::<G>(to),
                    describe::squares(most),
                    sq::<G>(to),
                    describe::squares(away)
                ),
            )],
            false,
        );
    }
    let mut best: Option<Cited> = None;
    for &(line, k) in &on_ray {
        if let Some(c) = stop_reason::<G>(line, k, to, name, owner) {
            // Prefer a line long enough to reach the square by its length.
            let long_enough = describe::length(line).is_none_or(|n| k <= n);
            if long_enough || best.is_none() {
                best = Some(c);
                if long_enough {
                    break;
                }
            }
        }
    }
    if let Some(c) = best {
        return (vec![c], false);
    }
    let delta = describe::delta(mv.from, to, owner);
    let text = format!(
        "the {name} never moves {}",
        direction_name(unit(delta), delta)
    );
    (vec![Cited::new(rule_of_piece, text)], true)
}

/// A two-step move (`from mid to`) of a piece that makes two-step moves, whose legs are not
/// single steps: which leg fails and why (CHU-3.4: a two-step move is two single steps).
fn two_step_leg<G: Explain>(
    mv: &Move<G::Kind>,
    piece: Piece<G::Kind>,
    rule_of_piece: Rule,
) -> Option<Cited> {
    let [mid] = mv.via.as_slice() else {
        return None;
    };
    if !piece.kind.two_steps() {
        return None;
    }
    let rule = piece.kind.rule().unwrap_or(rule_of_piece);
    let dist = |a: Square, b: Square| {
        (i32::from(a.file()) - i32::from(b.file()))
            .abs()
            .max((i32::from(a.rank()) - i32::from(b.rank())).abs())
    };
    let leg = |a: Square, b: Square, which: &str| -> Option<Cited> {
        let d = dist(a, b);
        (d != 1).then(|| {
            let what = match d {
                0 => "no move at all".to_string(),
                2 => "a jump of two squares".to_string(),
                n => format!("{} away", describe::squares(n.unsigned_abs())),
            };
            Cited::new(
                rule,
                format!(
                    "{} to {} is {what}, not a step: a two-step move is made of two single steps, and the {which} goes to a square next to {}",
                    sq::<G>(a),
                    sq::<G>(b),
                    sq::<G>(a)
                ),
            )
        })
    };
    if let Some(c) = leg(mv.from, *mid, "first step") {
        return Some(c);
    }
    leg(*mid, mv.to, "second step")
}

/// A multi-leg move's squares in the game's names, `7j-7i-6h`.
fn path<G: Game>(mv: &Move<G::Kind>) -> String {
    mv.path()
        .iter()
        .map(|&s| sq::<G>(s))
        .collect::<Vec<_>>()
        .join("-")
}

/// Why `line`, which points at `to` (`k` steps away), does not end there.
fn stop_reason<G: Explain>(
    line: &Line,
    k: u32,
    to: Square,
    name: &str,
    owner: Colour,
) -> Option<Cited> {
    let rules = G::RULES;
    let dir = direction_name(
        unit(describe::delta_of(line.dir, owner)),
        describe::delta_of(line.dir, owner),
    );
    if let Some(n) = describe::length(line) {
        if k > n {
            let text = match (line.movement, n) {
                (Movement::Jump, _) => format!("the {name} jumps exactly two squares {dir}"),
                (_, 1) if unit_len(line) == 1 => format!("the {name} moves only one square {dir}"),
                (Movement::Leap, _) => format!(
                    "the {name} leaps exactly {} {dir}",
                    describe::squares(unit_len(line))
                ),
                _ => format!("the {name} moves at most {} {dir}", describe::squares(n)),
            };
            return Some(Cited::new(line.rule, text));
        }
    }
    let blocking_rule = match line.movement {
        Movement::Range(_) => rules.range.unwrap_or(rules.movement),
        _ => rules.movement,
    };
    let what = match line.movement {
        Movement::Slide => "the slide stops there",
        _ => "the move stops there",
    };
    let at = |sq: Square| line.steps_to(sq).unwrap_or(0);
    let cited = match line.stop {
        Stop::Own(s) if s == to => Cited::new(
            rules.movement,
            format!(
                "{} holds a {} piece: no move ends on the mover's own piece",
                sq::<G>(to),
                side::<G>(owner)
            ),
        ),
        Stop::Own(s) | Stop::Captures(s) | Stop::Occupied(s) if at(s) < k => {
            Cited::new(blocking_rule, format!("{} is occupied, {what}", sq::<G>(s)))
        }
        Stop::Occupied(s) if s == to => Cited::new(
            line.rule,
            format!(
                "the {name} moves {dir} only to an empty square, and {} is occupied",
                sq::<G>(to)
            ),
        ),
        Stop::NothingToCapture(s) if line.movement == Movement::Jump => Cited::new(
            line.rule,
            format!(
                "there is no enemy piece on {} for the {name} to jump",
                sq::<G>(s)
            ),
        ),
        Stop::NothingToCapture(_) => Cited::new(
            line.rule,
            format!(
                "the {name} moves {dir} only to capture, and {} is empty",
                sq::<G>(to)
            ),
        ),
        Stop::Rule(s, why) if s == to => Cited::new(line.rule, why.to_string()),
        Stop::Rule(s, why) if at(s) < k => {
            Cited::new(line.rule, format!("{why}; {} is in the way", sq::<G>(s)))
        }
        _ if line.modality == Modality::CaptureOnly => Cited::new(
            line.rule,
            format!(
                "the {name} moves {dir} only to capture, and {} is empty",
                sq::<G>(to)
            ),
        ),
        _ => return None,
    };
    Some(cited)
}

/// The number of squares one step of the line covers (1 for a step, 2 for `D`, …).
fn unit_len(line: &Line) -> u32 {
    u32::from(
        line.dir
            .file
            .unsigned_abs()
            .max(line.dir.rank.unsigned_abs()),
    )
}
