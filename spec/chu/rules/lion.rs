//! Lion power (CHU-3.4 … CHU-3.6) and the lion-trading rules L1–L3 (CHU-5).
//!
//! A **lion** is the Lion and the promoted Kirin ([`ChuKind::is_lion`]). Lion power is also
//! what the Horned Falcon and the Soaring Eagle have on their own rays; they are not lions for
//! the lion-trading rules (a Falcon capturing a lion is a non-lion capturing a lion).

use super::{attacks, is_attacked, piece_moves_traced, play, EAGLE_RAYS, FALCON_RAYS};
use crate::chu::{ChuKind, ChuSwitches, CounterStrike, KirinRecapture, LionProtection};
use crate::trace::{Trace, Why};
use crate::{Move, Offset, Piece, Setup, Square, Via};

/// The eight one-square directions of a lion's legs.
const LEGS: [Offset; 8] = [
    Offset::new(-1, -1),
    Offset::new(0, -1),
    Offset::new(1, -1),
    Offset::new(-1, 0),
    Offset::new(1, 0),
    Offset::new(-1, 1),
    Offset::new(0, 1),
    Offset::new(1, 1),
];

/// The king-move distance between two squares (1 = adjacent).
pub(crate) fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// A two-step move `from mid to` (igui and the pass have `to == from`).
fn two_step(from: Square, mid: Square, to: Square) -> Move<ChuKind> {
    Move {
        from,
        via: Via::from_slice(&[mid]).unwrap_or_default(),
        to,
        promotion: None,
    }
}

/// Whether an enemy (of the side to move) lion stands on `sq`.
fn enemy_lion_on(setup: &Setup<ChuKind>, sq: Square) -> bool {
    setup
        .piece_at(sq)
        .is_some_and(|p| p.colour != setup.turn && p.kind.is_lion())
}

/// Whether a piece of the side to move stands on `sq` (the legs of a move never land there).
fn own_piece_on(setup: &Setup<ChuKind>, sq: Square) -> bool {
    setup.piece_at(sq).is_some_and(|p| p.colour == setup.turn)
}

/// CHU-3.4, CHU-3.5 — the moves of the lion (Lion or promoted Kirin) on `from`:
///
/// - a **step** to any adjacent square and a **jump** to any square at distance exactly two,
///   over anything, each onto an empty square or an enemy ([`super::piece_moves`]);
/// - a **two-step move** `from mid to`: a first step to an adjacent square that is empty or holds
///   an enemy (captured), then a second step to a square adjacent to `mid` that is empty, holds an
///   enemy (captured) or is the lion's own start square. This gives double captures,
///   hit-and-run (capture on `mid`, end on an empty square), **igui** (capture on `mid`, back to
///   `from`: the lion does not move) and the **pass** (an empty `mid` and back: possible only if
///   an adjacent square is empty). Each path is its own move (CHU-9), also where a plain jump
///   reaches the same square.
///
/// Every capture of an enemy lion passes the lion-trading rules first
/// ([`lion_may_capture_lion`], L1 and L2).
pub(crate) fn lion_moves(
    setup: &Setup<ChuKind>,
    from: Square,
    switches: &ChuSwitches,
    moves: &mut Vec<Move<ChuKind>>,
    trace: &mut dyn Trace<ChuKind>,
) {
    for to in super::piece_moves_traced(setup, from, trace) {
        if enemy_lion_on(setup, to) && !lion_may_capture_lion(setup, from, None, to, switches) {
            refuse_protected_lion(setup, &Move::new(from, to), trace);
            continue;
        }
        moves.push(Move::new(from, to));
    }
    for first in LEGS {
        let Some(mid) = setup.shape.offset(from, first) else {
            continue;
        };
        if own_piece_on(setup, mid) {
            continue;
        }
        for second in LEGS {
            let Some(to) = setup.shape.offset(mid, second) else {
                continue;
            };
            if to != from && own_piece_on(setup, to) {
                continue;
            }
            let mv = two_step(from, mid, to);
            if enemy_lion_on(setup, to)
                && !lion_may_capture_lion(setup, from, Some(mid), to, switches)
            {
                refuse_protected_lion(setup, &mv, trace);
                continue;
            }
            report_two_step(setup, &mv, trace);
            moves.push(mv);
        }
    }
}

/// CHU-3.6 — the moves of a Horned Falcon or Soaring Eagle on `from`: its slides (the rest of
/// its Betza string), and on each of its lion rays `d` ([`FALCON_RAYS`], [`EAGLE_RAYS`]) lion
/// power restricted to that ray: a step to `d`, a jump to `2d`, and the two-step moves `d` then
/// `2d` and `d` then back to the start (igui with an enemy on `d`, the pass with `d` empty). No
/// leg lands on an own piece; the second leg never turns off the ray. The Falcon and the Eagle
/// are not lions: every capture of a lion, on either leg, passes the counter-strike rule
/// ([`counter_strike_allows`], CHU-5.3). They never promote (CHU-4.5).
pub(crate) fn eagle_and_falcon_moves(
    setup: &Setup<ChuKind>,
    from: Square,
    piece: Piece<ChuKind>,
    switches: &ChuSwitches,
    moves: &mut Vec<Move<ChuKind>>,
    trace: &mut dyn Trace<ChuKind>,
) {
    let rays: &[Offset] = if piece.kind == ChuKind::SoaringEagle {
        &EAGLE_RAYS
    } else {
        &FALCON_RAYS
    };
    let ray_squares: Vec<(Option<Square>, Option<Square>)> = rays
        .iter()
        .map(|d| {
            let d = d.for_colour(piece.colour);
            (
                setup.shape.offset(from, d),
                setup.shape.offset(from, d.times(2)),
            )
        })
        .collect();
    let on_a_ray = |sq: Square| {
        ray_squares
            .iter()
            .any(|&(one, two)| one == Some(sq) || two == Some(sq))
    };
    // A move the counter-strike rule allows is kept; one it forbids is reported.
    let allowed =
        |mid: Option<Square>, to: Square, mv: Move<ChuKind>, trace: &mut dyn Trace<ChuKind>| {
            let ok = counter_strike_allows(setup, from, mid, to, switches);
            if !ok {
                refuse_counter_strike(setup, &mv, trace);
            }
            ok
        };
    // The slides: the one-leg reach of the piece off its lion rays.
    for to in piece_moves_traced(setup, from, trace) {
        if !on_a_ray(to) && allowed(None, to, Move::new(from, to), trace) {
            moves.push(Move::new(from, to));
        }
    }
    for (one, two) in ray_squares {
        let Some(one) = one else {
            continue;
        };
        let one_free = !own_piece_on(setup, one);
        let one_allowed = one_free && allowed(None, one, Move::new(from, one), trace);
        if one_allowed {
            moves.push(Move::new(from, one));
        }
        if let Some(two) = two {
            if !own_piece_on(setup, two) && allowed(None, two, Move::new(from, two), trace) {
                moves.push(Move::new(from, two));
            }
        }
        if !one_allowed {
            continue;
        }
        if let Some(two) = two {
            let mv = two_step(from, one, two);
            if !own_piece_on(setup, two) && allowed(Some(one), two, mv, trace) {
                report_two_step(setup, &mv, trace);
                moves.push(mv);
            }
        }
        let back = two_step(from, one, from);
        report_two_step(setup, &back, trace);
        moves.push(back);
    }
}

/// Reports a two-step move to `trace` as the special move it is: igui (CHU-3.5: capture on the
/// first leg, back to the start), the pass (CHU-3.5: an empty first square, back to the start),
/// or a two-step move of lion power (CHU-3.4; CHU-3.6 for a Falcon or Eagle).
fn report_two_step(setup: &Setup<ChuKind>, mv: &Move<ChuKind>, trace: &mut dyn Trace<ChuKind>) {
    if !trace.listening() {
        return;
    }
    let lion = setup.piece_at(mv.from).is_some_and(|p| p.kind.is_lion());
    let captures_first = mv
        .via
        .as_slice()
        .first()
        .is_some_and(|&mid| setup.piece_at(mid).is_some());
    let (rule, what) = match (mv.to == mv.from, captures_first) {
        (true, true) => ("CHU-3.5", "igui (capture without moving)"),
        (true, false) => ("CHU-3.5", "the pass (a lion's null move)"),
        (false, _) if lion => ("CHU-3.4", "a lion's two-step move"),
        (false, _) => ("CHU-3.6", "a two-step move on a lion ray"),
    };
    trace.candidate(mv, rule, what);
}

/// Reports `mv`, a lion's capture of a protected lion two squares away, as refused by L2
/// (CHU-5.2).
fn refuse_protected_lion(
    setup: &Setup<ChuKind>,
    mv: &Move<ChuKind>,
    trace: &mut dyn Trace<ChuKind>,
) {
    if !trace.listening() {
        return;
    }
    let bridge = match mv.via.as_slice().first() {
        Some(&mid) if setup.piece_at(mid).is_some() => {
            " (the first leg takes only a Pawn or Go-Between, which is no bridge)"
        }
        _ => "",
    };
    trace.refused(
        mv,
        "CHU-5.2",
        Why::ProtectedLion {
            lion: mv.to,
            bridge,
        },
    );
}

/// Reports `mv`, a non-lion's capture of a lion the counter-strike rule forbids, as refused by
/// L3 (CHU-5.3).
pub(crate) fn refuse_counter_strike(
    setup: &Setup<ChuKind>,
    mv: &Move<ChuKind>,
    trace: &mut dyn Trace<ChuKind>,
) {
    if !trace.listening() {
        return;
    }
    trace.refused(
        mv,
        "CHU-5.3",
        Why::CounterStrike {
            taken_on: setup.counter_strike,
            lion: mv.to,
        },
    );
}

/// CHU-5.2 — whether the enemy lion on `target` is **protected** against its capture by the
/// piece on `from` (through `mid` for a two-step move): a lion's capture under L2, or a
/// non-lion's under the JCSA counter-strike rule (CHU-5.3).
///
/// - lishogi (default): some piece of the target's side attacks `target` on the board with the
///   capturing piece lifted from `from` and the first leg's square `mid` emptied — so x-ray
///   protection through either counts — where a Pawn or Go-Between captured on `mid` still
///   counts as a protector (it is judged as if it stood there); pinned pieces protect (there is
///   no check).
/// - HaChu: some piece of the target's side attacks `target` in the position after the move
///   (the capturing piece on `target`, the first-leg victim gone).
fn lion_is_protected(
    setup: &Setup<ChuKind>,
    from: Square,
    mid: Option<Square>,
    target: Square,
    switches: &ChuSwitches,
) -> bool {
    let them = setup.turn.other();
    match switches.lion_protection {
        LionProtection::Lishogi => {
            if protected_with_lifted(setup, from, mid, target) {
                return true;
            }
            // A Pawn or Go-Between taken on the first leg still protects.
            mid.and_then(|m| setup.piece_at(m).map(|p| (m, p)))
                .is_some_and(|(m, p)| {
                    p.colour == them
                        && matches!(p.kind, ChuKind::Pawn | ChuKind::GoBetween)
                        && attacks(setup, m).contains(&target)
                })
        }
        LionProtection::Hachu => {
            let mv = match mid {
                Some(m) => two_step(from, m, target),
                None => Move::new(from, target),
            };
            is_attacked(&play(setup, &mv), target, them)
        }
    }
}

/// Whether a piece of the side not to move attacks `target` with the piece on `from` lifted and
/// `mid` (if any) emptied.
fn protected_with_lifted(
    setup: &Setup<ChuKind>,
    from: Square,
    mid: Option<Square>,
    target: Square,
) -> bool {
    let mut lifted = setup.clone();
    lifted.set(from, None);
    if let Some(m) = mid {
        lifted.set(m, None);
    }
    is_attacked(&lifted, target, setup.turn.other())
}

/// CHU-5.1, CHU-5.2 — whether the lion on `from` may capture the enemy lion on `target` (by a
/// one-leg move, or as the second leg of a two-step move through `mid`):
///
/// - L1: always, if `target` is adjacent to `from` (the capturing lion's start square);
/// - L2: at distance two only if the target is not protected (see `lion_is_protected`), unless
///   the first leg captured a piece other than an unpromoted Pawn or Go-Between (the bridge
///   capture: then even a protected lion may be taken).
pub fn lion_may_capture_lion(
    setup: &Setup<ChuKind>,
    from: Square,
    mid: Option<Square>,
    target: Square,
    switches: &ChuSwitches,
) -> bool {
    if distance(from, target) <= 1 {
        return true;
    }
    let bridge = mid.and_then(|m| setup.piece_at(m)).is_some_and(|victim| {
        victim.colour != setup.turn && !matches!(victim.kind, ChuKind::Pawn | ChuKind::GoBetween)
    });
    bridge || !lion_is_protected(setup, from, mid, target, switches)
}

/// CHU-5.3 — the counter-strike rule (L3): whether the piece on `from` may capture what stands
/// on `target` (one leg, or the second leg through `mid`) given the position's counter-strike
/// square. After a non-lion captured a lion (the square is set), a **non-lion** may not capture
/// an enemy lion on any square other than the counter-strike square; lions are not bound. A
/// lion *on* that square (a Kirin that promoted as it took the lion) may be taken there, unless
/// switch `kirin-recapture` is `counter-strike`: then it is barred like any other.
/// Switch `counter-strike`: lishogi (default) as said; JCSA/Okazaki — the ban applies only to a
/// **protected** target lion, protected as L2 judges it (`lion_is_protected` above, so under switch
/// `lion-protection`), but without L2's bridge capture: that exception lets a *lion* take a
/// protected lion, and L3 binds only non-lions (the reading in CHU-5.3). Always `true` for
/// captures of other pieces and when no counter-strike square is set.
pub fn counter_strike_allows(
    setup: &Setup<ChuKind>,
    from: Square,
    mid: Option<Square>,
    target: Square,
    switches: &ChuSwitches,
) -> bool {
    let Some(cs) = setup.counter_strike else {
        return true;
    };
    let mover_is_lion = setup.piece_at(from).is_some_and(|p| p.kind.is_lion());
    // The lion on the counter-strike square itself is a Kirin that took a lion and promoted:
    // whether it may be recaptured there is switch `kirin-recapture`.
    let recapture = target == cs && switches.kirin_recapture == KirinRecapture::Allowed;
    if mover_is_lion || !enemy_lion_on(setup, target) || recapture {
        return true;
    }
    match switches.counter_strike {
        CounterStrike::Lishogi => false,
        CounterStrike::Jcsa => !lion_is_protected(setup, from, mid, target, switches),
    }
}
