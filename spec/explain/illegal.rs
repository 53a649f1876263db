//! Why an illegal move is illegal: the rule that forbids it, read off the lines the reference
//! generator walked and the moves it refused. Each reason carries the fact it asserts
//! ([`Claim`]), which the reason checker tests ([`super::check`]).

use super::claim::{Claim, Named};
use super::describe::{self, direction_name, unit};
use super::{same_path, side, sq, why_words, Cited, Explain};
use crate::trace::{Line, Modality, Movement, Recorder, Rule, Stop, Why};
use crate::{Colour, Game, Kind, Move, Offset, Piece, Setup, Square};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// The claim a refusal's reason asserts about the refused move `refused`.
fn why_claim<K: Kind>(refused: &Move<K>, why: &Why<K>) -> Claim {
    match why {
        Why::LeavesKingAttacked { king, by } => Claim::LeavesKingAttacked {
            king: *king,
            by: by
                .iter()
                .map(|(sq, p)| {
                    (
                        *sq,
                        Named {
                            colour: p.colour,
                            kind: p.kind.name(),
                        },
                    )
                })
                .collect(),
        },
        Why::NoCastlingRight => Claim::NoCastlingRight,
        Why::NotInPlace(sq) => Claim::CastlingPieceMissing { square: *sq },
        Why::PathBlocked(sq) => Claim::CastlingPathBlocked { square: *sq },
        Why::InCheck => Claim::CastlingInCheck,
        Why::PassesAttacked(sq) => Claim::CastlingPassesAttacked { square: *sq },
        Why::LandsAttacked(sq) => Claim::CastlingLandsAttacked { square: *sq },
        Why::Blocked(sq) => Claim::Blocked {
            from: refused.from,
            to: refused.to,
            square: *sq,
        },
        Why::ProtectedLion { lion, .. } => Claim::ProtectedLion { lion: *lion },
        Why::CounterStrike { taken_on, lion } => Claim::CounterStrike {
            taken_on: *taken_on,
            lion: *lion,
        },
        Why::Other(words) => Claim::Unchecked {
            words: words.clone(),
        },
    }
}

/// The rule that forbids an illegal move of the side to move's own `piece`, and whether the
/// reason is that no rule moves the piece that way at all (then its moves are listed).
pub(super) fn why_illegal<G: Explain>(
    switches: &G::Switches,
    setup: &Setup<G::Kind>,
    mv: &Move<G::Kind>,
    piece: Piece<G::Kind>,
    rec: &Recorder<G::Kind>,
    legal: &[Move<G::Kind>],
    directions: &Directions<G::Kind>,
) -> (Vec<Cited>, bool) {
    let rules = G::RULES;
    let name = piece.kind.name();
    let owner = piece.colour;

    // A rule refused this very move (castling, a double step, the legality test).
    let refused: Vec<Cited> = rec
        .refusals
        .iter()
        .filter(|(m, _, _)| m == mv || (mv.promotion.is_none() && same_path(m, mv)))
        .map(|(m, rule, why)| Cited::claims(rule, why_words::<G>(why), why_claim(m, why)))
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
        // The rule of promotion: a promotion candidate's own rule, else the game's promotion
        // rule (a castling candidate's rule says nothing of promotion).
        let promotion_rule = made.iter().find(|(m, _, _)| m.promotion.is_some()).map_or(
            rules.promotion.unwrap_or(rules.promotion_text),
            |(_, r, _)| *r,
        );
        let mut choices: Vec<String> = same.iter().map(|m| m.to_string()).collect();
        choices.sort();
        let (text, claim) = match (mv.promotion, same.first().and_then(|m| m.promotion)) {
            (Some(k), None) if !same.is_empty() => (
                format!("the {name} does not promote on this move (no {})", k.name()),
                Claim::PromotionNotOffered,
            ),
            (None, Some(_)) => (
                format!("the move must name its promotion: {}", choices.join(", ")),
                Claim::PromotionRequired,
            ),
            (Some(k), Some(_)) => (
                format!(
                    "the {name} cannot become a {} here; the moves are {}",
                    k.name(),
                    choices.join(", ")
                ),
                Claim::PromotionNotThis,
            ),
            _ => (
                "the move is not legal here".to_string(),
                Claim::CandidateNotLegal,
            ),
        };
        let rule = match claim {
            Claim::CandidateNotLegal => rule,
            _ => promotion_rule,
        };
        return (vec![Cited::claims(rule, text, claim)], false);
    }
    if mv.promotion.is_some() && mv.via.is_empty() {
        // Judge the path; the letter is then beside the point.
        let plain = Move::new(mv.from, mv.to);
        return why_illegal::<G>(switches, setup, &plain, piece, rec, legal, directions);
    }

    // A chain of jumps (or any multi-leg move) that no rule made.
    let own_lines: Vec<&Line> = rec.lines.iter().filter(|l| l.from == mv.from).collect();
    let rule_of_piece = piece.kind.rule().unwrap_or_else(|| {
        own_lines
            .iter()
            .find(|l| l.movement != Movement::Jump && l.modality != Modality::CaptureOnly)
            .or(own_lines.first())
            .map_or(rules.movement, |l| l.rule)
    });
    if let Some(c) = two_step_leg::<G>(mv, piece, rule_of_piece) {
        return (vec![c], true);
    }
    if !mv.via.is_empty() {
        if let Some(c) = G::why_no_route(switches, setup, mv) {
            return (vec![c], true);
        }
        let first_leg = Move::new(mv.from, mv.via.as_slice()[0]);
        // Only a piece that makes moves of two legs (lion power) is judged by its first leg; for
        // any other the path is no move of its at all.
        let (mut reasons, _) = if first_leg.to == first_leg.from || !piece.kind.two_steps() {
            (Vec::new(), true)
        } else {
            why_illegal::<G>(switches, setup, &first_leg, piece, rec, legal, directions)
        };
        if legal.contains(&first_leg) || reasons.is_empty() {
            reasons = vec![Cited::claims(
                rule_of_piece,
                format!(
                    "no rule lets the {name} on {} move along {}",
                    sq::<G>(mv.from),
                    path::<G>(mv)
                ),
                Claim::NoRoute,
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
    let away = describe::delta(mv.from, to, owner);
    let away = u32::from(away.file.unsigned_abs().max(away.rank.unsigned_abs()));
    let toward = unit(board_delta(mv.from, to));
    let delta = describe::delta(mv.from, to, owner);
    let dir = direction_name(unit(delta), delta);
    // How far the piece goes towards `to` by the special moves a rule made or refused from its
    // square (a Pawn's double step): a line's length is not all it has.
    let special = special_reach(rec, mv.from, to);
    // Every line of the piece's movement in the direction of `to`, whether or not it lands on
    // `to` (a Giraffe's step and leap sideways; a Kirin's jump of two, which never lands one
    // square away).
    let same_way: Vec<&Line> = own_lines
        .iter()
        .copied()
        .filter(|l| unit(l.dir) == toward)
        .collect();
    if same_way.is_empty() && special.is_none() {
        let elsewhere = directions.moves_somewhere::<G>(piece, toward);
        let cited = if elsewhere {
            Cited::claims(
                rule_of_piece,
                format!(
                    "the {name} moves {dir} only from some squares, and {} is not one of them",
                    sq::<G>(mv.from)
                ),
                Claim::NotFromHere {
                    from: mv.from,
                    to,
                    direction: toward,
                },
            )
        } else {
            Cited::claims(
                rule_of_piece,
                format!("the {name} never moves {dir}"),
                Claim::NeverMoves {
                    from: mv.from,
                    to,
                    direction: toward,
                },
            )
        };
        return (vec![cited], true);
    }
    // The distances the piece goes that way, where every line of it is bounded.
    let distances: Option<Vec<u32>> = same_way
        .iter()
        .map(|l| {
            let len = unit_len(l);
            match l.movement {
                Movement::Leap | Movement::Jump => Some(vec![len]),
                Movement::Range(n) => Some((1..=u32::from(n)).map(|k| k * len).collect()),
                Movement::Slide => None,
            }
        })
        .chain(special.map(|(n, _)| Some(vec![n])))
        .collect::<Option<Vec<Vec<u32>>>>()
        .map(|all| all.concat());
    if let Some(mut distances) = distances {
        distances.sort_unstable();
        distances.dedup();
        let most = distances.last().copied().unwrap_or(0);
        if away > most && (same_way.len() > 1 || on_ray.is_empty()) {
            return (
                vec![Cited::claims(
                    same_way.first().map_or(rule_of_piece, |l| l.rule),
                    format!(
                        "{} is beyond the {name}'s reach: it goes at most {} {dir}, and {} is {} away",
                        sq::<G>(to),
                        describe::squares(most),
                        sq::<G>(to),
                        describe::squares(away)
                    ),
                    Claim::BeyondReach {
                        from: mv.from,
                        to,
                        direction: toward,
                        most,
                        away,
                    },
                )],
                false,
            );
        }
        if away <= most && !distances.contains(&away) {
            let list: Vec<String> = distances.iter().map(|&n| describe::squares(n)).collect();
            return (
                vec![Cited::claims(
                    same_way.first().map_or(rule_of_piece, |l| l.rule),
                    format!(
                        "the {name} moves {dir} exactly {} at a time, and {} is {} away",
                        list.join(" or "),
                        sq::<G>(to),
                        describe::squares(away)
                    ),
                    Claim::NotThisDistance {
                        from: mv.from,
                        to,
                        direction: toward,
                    },
                )],
                false,
            );
        }
    }
    let mut best: Option<Cited> = None;
    for &(line, k) in &on_ray {
        if let Some(c) = stop_reason::<G>(line, k, mv.from, to, name, owner, special) {
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
    match best {
        Some(c) => (vec![c], false),
        // A line that way reaches the square by its length and stops nowhere before it, yet the
        // move is not legal and no rule refused it: say only that.
        None => (
            vec![Cited::claims(
                rule_of_piece,
                "the move is not legal here",
                Claim::CandidateNotLegal,
            )],
            false,
        ),
    }
}

/// The farthest the piece on `from` goes in the direction of `to` by a special move a rule made
/// or refused (a Pawn's double step), in squares, with the rule's words for it; `None` if it has
/// none that way.
fn special_reach<K: Kind>(
    rec: &Recorder<K>,
    from: Square,
    to: Square,
) -> Option<(u32, &'static str)> {
    let toward = unit(board_delta(from, to));
    rec.candidates
        .iter()
        .map(|(m, _, what)| (m, *what))
        .chain(rec.refusals.iter().map(|(m, _, _)| (m, "a special move")))
        .filter(|(m, _)| m.from == from && m.via.is_empty() && m.to != from)
        .filter(|(m, _)| unit(board_delta(from, m.to)) == toward)
        .map(|(m, what)| {
            let d = board_delta(from, m.to);
            (
                u32::from(d.file.unsigned_abs().max(d.rank.unsigned_abs())),
                what,
            )
        })
        .max_by_key(|&(n, _)| n)
}

/// `to − from` on the board.
fn board_delta(from: Square, to: Square) -> Offset {
    Offset::new(
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

/// For each piece, the board directions it moves in from some square of an empty board (its own
/// movement and special moves, as the reference generator walks them), worked out once.
pub(super) struct Directions<K: Kind> {
    known: RefCell<HashMap<Piece<K>, HashSet<Offset>>>,
}

impl<K: Kind> Default for Directions<K> {
    fn default() -> Self {
        Directions {
            known: RefCell::new(HashMap::new()),
        }
    }
}

impl<K: Kind> Directions<K> {
    /// Whether `piece` alone on an empty board moves in board direction `direction` from some
    /// square.
    fn moves_somewhere<G: Explain<Kind = K>>(&self, piece: Piece<K>, direction: Offset) -> bool {
        self.known
            .borrow_mut()
            .entry(piece)
            .or_insert_with(|| {
                G::SHAPE
                    .squares()
                    .flat_map(|from| {
                        super::check::empty_board_moves::<G>(piece, from)
                            .into_iter()
                            .map(move |to| unit(board_delta(from, to)))
                    })
                    .collect()
            })
            .contains(&direction)
    }
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
            Cited::claims(
                rule,
                format!(
                    "{} to {} is {what}, not a step: a two-step move is made of two single steps, and the {which} goes to a square next to {}",
                    sq::<G>(a),
                    sq::<G>(b),
                    sq::<G>(a)
                ),
                Claim::TwoStepLeg {
                    from: a,
                    to: b,
                    distance: d.unsigned_abs(),
                },
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

/// Why `line`, which points at `to` (`k` steps away), does not end there. `special` is how far
/// the piece goes that way by a special move ([`special_reach`]).
fn stop_reason<G: Explain>(
    line: &Line,
    k: u32,
    from: Square,
    to: Square,
    name: &str,
    owner: Colour,
    special: Option<(u32, &'static str)>,
) -> Option<Cited> {
    let rules = G::RULES;
    let dir = direction_name(
        unit(describe::delta_of(line.dir, owner)),
        describe::delta_of(line.dir, owner),
    );
    let direction = unit(line.dir);
    if let Some(n) = describe::length(line) {
        if k > n {
            let len = unit_len(line);
            let claim = |most: u32| Claim::MovesAtMost {
                from,
                to,
                direction,
                most,
            };
            // A special move goes farther that way (the double step): the most is its reach.
            if let Some((m, what)) = special.filter(|&(m, _)| m > n * len) {
                if k * len > m {
                    let text = format!(
                        "the {name} moves at most {} {dir} from {} ({}, or {} by {what}), and {} is {} away",
                        describe::squares(m),
                        sq::<G>(from),
                        describe::squares(n * len),
                        describe::squares(m),
                        sq::<G>(to),
                        describe::squares(k * len)
                    );
                    return Some(Cited::claims(line.rule, text, claim(m)));
                }
                return None;
            }
            let text = match (line.movement, n) {
                (Movement::Jump, _) => format!("the {name} jumps exactly two squares {dir}"),
                (_, 1) if len == 1 => format!("the {name} moves only one square {dir}"),
                (Movement::Leap, _) => {
                    format!("the {name} leaps exactly {} {dir}", describe::squares(len))
                }
                _ => format!("the {name} moves at most {} {dir}", describe::squares(n)),
            };
            return Some(Cited::claims(line.rule, text, claim(n * len)));
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
        Stop::Own(s) if s == to => Cited::claims(
            rules.movement,
            format!(
                "{} holds a {} piece: no move ends on the mover's own piece",
                sq::<G>(to),
                side::<G>(owner)
            ),
            Claim::OwnPieceOn { square: to },
        ),
        Stop::Own(s) | Stop::Captures(s) | Stop::Occupied(s) if at(s) < k => Cited::claims(
            blocking_rule,
            format!("{} is occupied, {what}", sq::<G>(s)),
            Claim::OccupiedBefore {
                from,
                to,
                square: s,
            },
        ),
        Stop::Occupied(s) if s == to => Cited::claims(
            line.rule,
            format!(
                "the {name} moves {dir} only to an empty square, and {} is occupied",
                sq::<G>(to)
            ),
            Claim::MoveOnlyOccupied { square: to },
        ),
        Stop::NothingToCapture(s) if line.movement == Movement::Jump => Cited::claims(
            line.rule,
            format!(
                "there is no enemy piece on {} for the {name} to jump",
                sq::<G>(s)
            ),
            Claim::NothingToJump { square: s },
        ),
        Stop::NothingToCapture(_) => Cited::claims(
            line.rule,
            format!(
                "the {name} moves {dir} only to capture, and {} is empty",
                sq::<G>(to)
            ),
            Claim::CaptureOnlyEmpty { square: to },
        ),
        Stop::Rule(s, why) if s == to => Cited::claims(
            line.rule,
            why.to_string(),
            Claim::RuleStop {
                from,
                to,
                square: s,
            },
        ),
        Stop::Rule(s, why) if at(s) < k => Cited::claims(
            line.rule,
            format!("{why}; {} is in the way", sq::<G>(s)),
            Claim::RuleStop {
                from,
                to,
                square: s,
            },
        ),
        Stop::Region(s, why) if at(s) <= k => Cited::claims(
            line.rule,
            format!("{why}, so it never reaches {}", sq::<G>(to)),
            Claim::OutsideRegion { from, to },
        ),
        _ if line.modality == Modality::CaptureOnly => Cited::claims(
            line.rule,
            format!(
                "the {name} moves {dir} only to capture, and {} is empty",
                sq::<G>(to)
            ),
            Claim::CaptureOnlyEmpty { square: to },
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
