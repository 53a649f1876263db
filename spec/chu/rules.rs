//! # Chu Shogi — the reference generator
//!
//! The rules of Chu Shogi written as code, to be read beside SPEC.md (chapter "Chu Shogi", rule
//! IDs `CHU-…`). Deliberately plain, like the Kuma reference: a mailbox board (the [`Setup`]'s
//! board), no tables, one function per piece whose body spells out the piece's Betza string, one
//! function per rule whose doc comment starts with the rule's ID. Speed is the business of the
//! bitboard generator; the two share only this crate's types.
//!
//! The rules live in four files:
//!
//! - this one: promotion (CHU-4), playing a move and the [`Reference`] generator;
//! - `pieces.rs`: the pieces (CHU-3.2, CHU-3.3), each kind's movement spelt out for the mailbox
//!   walk ([`piece_moves`]);
//! - [`mod@lion`]: lion power (CHU-3.4 … CHU-3.6) and the lion-trading rules L1–L3 (CHU-5);
//! - [`mod@end`]: royals, bare king under every formulation, lone royals (CHU-6, CHU-7).
//!
//! How the moves of a position are found:
//!
//! 1. If the game is over by rule (a side without royal, a bare king, two lone royals;
//!    [`end::end_by_rule`]) there are none.
//! 2. Every piece of the side to move makes its own movement: the ordinary pieces their steps,
//!    slides and jumps (each capture of a lion passing the counter-strike rule, CHU-5.3), with an
//!    optional promotion where CHU-4 grants one; the pieces with lion power their one- and
//!    two-step moves ([`mod@lion`]). There is no check (CHU-6.1): nothing else is tested.
//!
//! For `fairyspec explain` the generator reports what it decides to a [`Trace`]
//! ([`Reference::legal_moves_traced`]): each piece's lines of movement (the mailbox walk, with the
//! piece's rule), the two-step moves, igui, the pass and each promotion as special moves, each
//! capture refused by L2 or L3 with its reason, and a game already over by rule. In ordinary use
//! the trace is [`NoTrace`] and nothing is built.
//!
//! ```
//! use fairyspec::{Game, Generator, Position, chu::Chu};
//!
//! let start = Position::<Chu>::start();
//! let reference = Chu::reference(&Default::default());
//! // lishogi's published count: 36 moves at the start.
//! assert_eq!(reference.legal_moves(&start).len(), 36);
//! ```

pub mod end;
pub mod lion;
mod pieces;

use super::{Chu, ChuKind, ChuSwitches, LastRankPromotion};
use crate::trace::{NoTrace, Rule, Trace};
use crate::{Colour, Generator, Move, Outcome, Piece, Position, Setup, Shape, Square};

pub use pieces::*;

// ---------------------------------------------------------------------------------------------
// CHU-4 — promotion.
// ---------------------------------------------------------------------------------------------

/// The rank index of `colour`'s last rank (rank a for Black, rank l for White).
pub(crate) fn last_rank(colour: Colour, setup: &Setup<ChuKind>) -> u8 {
    colour.relative_rank(setup.shape.last_rank(), setup.shape.ranks)
}

/// CHU-4.1 — the promotion zone of `colour`: the four ranks farthest from it (ranks a–d for
/// Black, i–l for White).
pub(crate) fn in_zone(colour: Colour, sq: Square, shape: Shape) -> bool {
    let relative = colour.relative_rank(sq.rank(), shape.ranks);
    relative + 4 > shape.last_rank()
}

/// CHU-4.2, CHU-4.3, CHU-4.5 — whether a one-leg move of `piece` from `from` to `to` may end
/// with a promotion: the piece promotes at all (not King, Lion, Free King or a promoted piece,
/// CHU-4.5) and the move (a) enters the zone from outside, (b) captures with its start or end
/// in the zone, or (c) brings an unpromoted Pawn — or Lance, unless the switch says pawn-only —
/// to its last rank. A non-capturing move that starts in the zone gives none.
fn may_promote(
    setup: &Setup<ChuKind>,
    piece: Piece<ChuKind>,
    from: Square,
    to: Square,
    switches: &ChuSwitches,
) -> bool {
    if piece.kind.promotes_to().is_none() {
        return false;
    }
    let us = piece.colour;
    let captures = setup.piece_at(to).is_some();
    let enters = in_zone(us, to, setup.shape) && !in_zone(us, from, setup.shape);
    let captures_in_zone =
        captures && (in_zone(us, from, setup.shape) || in_zone(us, to, setup.shape));
    let last_rank_piece = match switches.last_rank_promotion {
        LastRankPromotion::PawnAndLance => matches!(piece.kind, ChuKind::Pawn | ChuKind::Lance),
        LastRankPromotion::PawnOnly => piece.kind == ChuKind::Pawn,
    };
    let reaches_last_rank = last_rank_piece && to.rank() == last_rank(us, setup);
    enters || captures_in_zone || reaches_last_rank
}

/// CHU-3.1 with CHU-4.4 and CHU-5.3 — the moves of an ordinary piece (no lion power) on `from`:
/// each square of its movement, the capture of a lion only where the counter-strike rule allows
/// it, and where promotion is possible both the promoting and the plain move (promotion is
/// optional, never forced; a Pawn or Lance may stay on its last rank as a dead piece). Each
/// promotion is reported to `trace` as a candidate, each capture the counter-strike rule forbids
/// as refused.
fn ordinary_piece_moves(
    setup: &Setup<ChuKind>,
    from: Square,
    piece: Piece<ChuKind>,
    switches: &ChuSwitches,
    moves: &mut Vec<Move<ChuKind>>,
    trace: &mut dyn Trace<ChuKind>,
) {
    for to in piece_moves_traced(setup, from, trace) {
        if !lion::counter_strike_allows(setup, from, None, to, switches) {
            lion::refuse_counter_strike(setup, &Move::new(from, to), trace);
            continue;
        }
        moves.push(Move::new(from, to));
        if may_promote(setup, piece, from, to, switches) {
            if let Some(promoted) = piece.kind.promotes_to() {
                let mv = Move::promoting(from, to, promoted);
                trace.candidate(&mv, promotion_rule(setup, piece, from, to), "promotion");
                moves.push(mv);
            }
        }
    }
}

/// The rule that grants a promotion [`may_promote`] allows: CHU-4.3 for a Pawn or Lance reaching
/// its last rank without entering the zone or capturing in it, CHU-4.2 otherwise.
fn promotion_rule(setup: &Setup<ChuKind>, piece: Piece<ChuKind>, from: Square, to: Square) -> Rule {
    let us = piece.colour;
    let captures = setup.piece_at(to).is_some();
    let enters = in_zone(us, to, setup.shape) && !in_zone(us, from, setup.shape);
    if enters || captures {
        "CHU-4.2"
    } else {
        "CHU-4.3"
    }
}

/// Every move of the side to move by the movement rules (CHU-3, CHU-4, CHU-5), without asking
/// whether the game is already over. The bare-king search ([`mod@end`]) plays with these too.
pub(crate) fn movement_moves(setup: &Setup<ChuKind>, switches: &ChuSwitches) -> Vec<Move<ChuKind>> {
    movement_moves_traced(setup, switches, &mut NoTrace)
}

/// [`movement_moves`], each rule reporting to `trace` what it made and what it refused.
fn movement_moves_traced(
    setup: &Setup<ChuKind>,
    switches: &ChuSwitches,
    trace: &mut dyn Trace<ChuKind>,
) -> Vec<Move<ChuKind>> {
    let us = setup.turn;
    let mut moves = Vec::new();
    for (from, piece) in setup.pieces().filter(|&(_, p)| p.colour == us) {
        match piece.kind {
            ChuKind::Lion | ChuKind::PromotedKirin => {
                lion::lion_moves(setup, from, switches, &mut moves, trace);
            }
            ChuKind::HornedFalcon | ChuKind::SoaringEagle => {
                lion::eagle_and_falcon_moves(setup, from, piece, switches, &mut moves, trace);
            }
            _ => ordinary_piece_moves(setup, from, piece, switches, &mut moves, trace),
        }
    }
    moves
}

// ---------------------------------------------------------------------------------------------
// Playing a move.
// ---------------------------------------------------------------------------------------------

/// Plays a move found by this generator on a copy of the setup (CHU-3.1, CHU-3.4, CHU-5.3):
/// removes what the first leg captured (a two-step move's middle square, if it holds an enemy),
/// moves the piece (promoting it as the move says; igui and the pass leave it where it was) and
/// takes what stands on the final square; sets the counter-strike square ([`counter_strike_after`])
/// and gives the move to the other side. The move number counts plies, as lishogi's SFEN does
/// (CHU-8.1): it goes up by one after every move.
pub(crate) fn play(setup: &Setup<ChuKind>, mv: &Move<ChuKind>) -> Setup<ChuKind> {
    let mut next = setup.clone();
    let us = setup.turn;
    let Some(mover) = setup.piece_at(mv.from) else {
        // Not a move of this position; `play_unchecked` may return anything then.
        return next;
    };
    let enemy_on = |sq: Square| setup.piece_at(sq).filter(|p| p.colour != us);
    let mid_victim = mv
        .via
        .as_slice()
        .first()
        .and_then(|&mid| enemy_on(mid).map(|victim| (mid, victim)));
    let final_victim = (mv.to != mv.from)
        .then(|| enemy_on(mv.to).map(|victim| (mv.to, victim)))
        .flatten();
    if let Some((mid, _)) = mid_victim {
        next.set(mid, None);
    }
    next.set(mv.from, None);
    let kind = mv.promotion.unwrap_or(mover.kind);
    next.set(mv.to, Some(Piece::new(us, kind)));
    next.counter_strike = counter_strike_after(mover, mid_victim, final_victim);
    next.turn = us.other();
    next.fullmove_number = next.fullmove_number.saturating_add(1);
    next
}

/// CHU-5.3, CHU-2.4 — the counter-strike square after a move: the square where a **non-lion**
/// (judged by its kind before the move, so a Kirin that promotes to a lion while capturing
/// counts as a non-lion) captured a lion; the final square if the lion stood there, else the
/// middle square of a Falcon's or Eagle's two-step move. `None` after every other move: the
/// square lasts one ply.
fn counter_strike_after(
    mover: Piece<ChuKind>,
    mid_victim: Option<(Square, Piece<ChuKind>)>,
    final_victim: Option<(Square, Piece<ChuKind>)>,
) -> Option<Square> {
    if mover.kind.is_lion() {
        return None;
    }
    let lion_square = |v: Option<(Square, Piece<ChuKind>)>| {
        v.filter(|(_, piece)| piece.kind.is_lion())
            .map(|(sq, _)| sq)
    };
    lion_square(final_victim).or(lion_square(mid_victim))
}

// ---------------------------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------------------------

/// The reference generator of Chu Shogi: the rules of SPEC.md, chapter "Chu Shogi", one
/// function each, read with the rule switches ([`ChuSwitches`]).
///
/// ```
/// use fairyspec::{Generator, Position, chu::{Chu, ChuSwitches, rules::Reference}};
///
/// let reference = Reference::new(ChuSwitches::default());
/// let start = Position::<Chu>::start();
/// assert_eq!(reference.perft(&start, 2), 1296);
/// ```
pub struct Reference {
    switches: ChuSwitches,
}

impl Reference {
    /// The reference generator reading the rules with `switches`.
    pub fn new(switches: ChuSwitches) -> Reference {
        Reference { switches }
    }
}

impl Reference {
    /// CHU-6 — no moves once the game is over by rule ([`end::end_by_rule`], reported to `trace`
    /// as the game's end); otherwise every move the movement rules give, each rule reporting to
    /// `trace` what it made and what it refused. No move is ever illegal for exposing a royal
    /// (CHU-6.1).
    pub fn legal_moves_traced(
        &self,
        pos: &Position<Chu>,
        trace: &mut dyn Trace<ChuKind>,
    ) -> Vec<Move<ChuKind>> {
        let setup = pos.setup();
        if let Some(outcome) = end::end_by_rule(setup, &self.switches) {
            trace.game_over(end::ended_by(setup, &self.switches, &outcome));
            return Vec::new();
        }
        movement_moves_traced(setup, &self.switches, trace)
    }
}

impl Generator<Chu> for Reference {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Reference
    }

    fn switches(&self) -> &ChuSwitches {
        &self.switches
    }

    /// CHU-6 — no moves once the game is over by rule ([`end::end_by_rule`]); otherwise every
    /// move the movement rules give. No move is ever illegal for exposing a royal (CHU-6.1).
    fn legal_moves(&self, pos: &Position<Chu>) -> Vec<Move<ChuKind>> {
        self.legal_moves_traced(pos, &mut NoTrace)
    }

    fn play_unchecked(&self, pos: &Position<Chu>, mv: &Move<ChuKind>) -> Position<Chu> {
        Position::new_unchecked(play(pos.setup(), mv))
    }

    /// There is no check in Chu Shogi (CHU-6.1): always `false`.
    fn is_check(&self, _pos: &Position<Chu>) -> bool {
        false
    }

    /// CHU-6 in lishogi's order: a side without a royal has lost (CHU-6.2); a side to move
    /// without a legal move has lost (CHU-6.3); then the bare-king rule of the switch (CHU-6.4,
    /// CHU-7) and the draw of two lone royals (CHU-6.6). Repetition needs the game's history
    /// and is judged by [`super::repetition`] in a replay.
    fn outcome(&self, pos: &Position<Chu>) -> Option<Outcome> {
        let setup = pos.setup();
        if let Some(outcome) = end::royal_lost(setup) {
            return Some(outcome);
        }
        if movement_moves(setup, &self.switches).is_empty() {
            return Some(end::no_legal_move(setup));
        }
        end::end_by_rule(setup, &self.switches)
    }
}
