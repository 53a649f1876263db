//! # Chu Shogi — the reference generator
//!
//! The rules of Chu Shogi written as code, to be read beside SPEC.md (chapter "Chu Shogi", rule
//! IDs `CHU-…`). Deliberately plain, like the Kuma reference: a mailbox board (the [`Setup`]'s
//! board), no tables, one function per piece whose body spells out the piece's Betza string, one
//! function per rule whose doc comment starts with the rule's ID. Speed is the business of the
//! bitboard generator; the two share only this crate's types.
//!
//! The rules live in three files:
//!
//! - this one: the pieces (CHU-3.2, CHU-3.3), promotion (CHU-4), playing a move and the
//!   [`Reference`] generator;
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

use super::{Chu, ChuKind, ChuSwitches, LastRankPromotion};
use crate::mailbox::MailboxRules;
use crate::trace::{NoTrace, Rule, Trace};
use crate::{Colour, Generator, Move, Offset, Outcome, Piece, Position, Setup, Shape, Square};

// ---------------------------------------------------------------------------------------------
// Directions (CHU-1.1), written from Black's (sente's) side; `Offset::for_colour` turns them
// round for White (gote). Every Chu piece is left–right symmetric, so turning equals rotating.
// ---------------------------------------------------------------------------------------------

pub(crate) const FORWARD: Offset = Offset::new(0, 1);
pub(crate) const BACKWARD: Offset = Offset::new(0, -1);
pub(crate) const LEFT: Offset = Offset::new(-1, 0);
pub(crate) const RIGHT: Offset = Offset::new(1, 0);
pub(crate) const FORWARD_LEFT: Offset = Offset::new(-1, 1);
pub(crate) const FORWARD_RIGHT: Offset = Offset::new(1, 1);
pub(crate) const BACKWARD_LEFT: Offset = Offset::new(-1, -1);
pub(crate) const BACKWARD_RIGHT: Offset = Offset::new(1, -1);

/// The four orthogonal directions (Betza `W`, `R`).
pub(crate) const ORTHOGONAL: [Offset; 4] = [FORWARD, BACKWARD, LEFT, RIGHT];
/// The four diagonal directions (Betza `F`, `B`).
pub(crate) const DIAGONAL: [Offset; 4] =
    [FORWARD_LEFT, FORWARD_RIGHT, BACKWARD_LEFT, BACKWARD_RIGHT];

/// The movement helpers: [`Walk::step`], [`Walk::leap`] (a jump), [`Walk::slide`] (CHU-3.1).
type Walk<'a> = crate::mailbox::Walk<'a, ChuKind>;

/// Betza `K`: one step in each of the eight directions.
fn king_steps(w: &mut Walk) {
    w.steps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// Betza `Q`: slides in each of the eight directions.
fn queen_slides(w: &mut Walk) {
    w.slides(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

// ---------------------------------------------------------------------------------------------
// CHU-3.2 — the 21 unpromoted pieces. Each body spells out the Betza string of the table.
// ---------------------------------------------------------------------------------------------

/// CHU-3.2 — King (K), `K`: one step in any direction. Royal (CHU-2.2).
fn king(w: &mut Walk) {
    king_steps(w);
}

/// CHU-3.2, CHU-3.4 — Lion (N), `KNAD`: every square at distance one (a step) or two (a jump,
/// over anything). Its two-step moves are [`lion::lion_moves`]; this is the set of squares it
/// reaches in one leg, which is also the set it attacks.
fn lion(w: &mut Walk) {
    for file in -2..=2 {
        for rank in -2..=2 {
            if (file, rank) != (0, 0) {
                w.leap(Offset::new(file, rank));
            }
        }
    }
}

/// CHU-3.2 — Free King (Q), `Q`: slides in all eight directions.
fn free_king(w: &mut Walk) {
    queen_slides(w);
}

/// CHU-3.2 — Dragon King (D), `RF`: slides orthogonally; one step diagonally.
fn dragon_king(w: &mut Walk) {
    w.slides(ORTHOGONAL);
    w.steps(DIAGONAL);
}

/// CHU-3.2 — Dragon Horse (H), `BW`: slides diagonally; one step orthogonally.
fn dragon_horse(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.steps(ORTHOGONAL);
}

/// CHU-3.2 — Rook (R), `R`: slides orthogonally.
fn rook(w: &mut Walk) {
    w.slides(ORTHOGONAL);
}

/// CHU-3.2 — Bishop (B), `B`: slides diagonally.
fn bishop(w: &mut Walk) {
    w.slides(DIAGONAL);
}

/// CHU-3.2 — Vertical Mover (V), `vRsW`: slides forward and backward; one step sideways.
fn vertical_mover(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.step(LEFT);
    w.step(RIGHT);
}

/// CHU-3.2 — Side Mover (M), `sRvW`: slides sideways; one step forward or backward.
fn side_mover(w: &mut Walk) {
    w.slide(LEFT);
    w.slide(RIGHT);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Reverse Chariot (A), `vR`: slides forward and backward.
fn reverse_chariot(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.2 — Lance (L), `fR`: slides forward.
fn lance(w: &mut Walk) {
    w.slide(FORWARD);
}

/// CHU-3.2 — Kirin (O), `FD`: one step diagonally; a jump of two squares orthogonally.
fn kirin(w: &mut Walk) {
    w.steps(DIAGONAL);
    for dir in ORTHOGONAL {
        w.leap(dir.times(2));
    }
}

/// CHU-3.2 — Phoenix (X), `WA`: one step orthogonally; a jump of two squares diagonally.
fn phoenix(w: &mut Walk) {
    w.steps(ORTHOGONAL);
    for dir in DIAGONAL {
        w.leap(dir.times(2));
    }
}

/// CHU-3.2 — Drunk Elephant (E), `FsfW`: one step in any direction but straight back.
fn drunk_elephant(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.step(FORWARD);
}

/// CHU-3.2 — Blind Tiger (T), `FsbW`: one step in any direction but straight forward.
fn blind_tiger(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.step(BACKWARD);
}

/// CHU-3.2 — Gold General (G), `WfF`: one step orthogonally or diagonally forward.
fn gold_general(w: &mut Walk) {
    w.steps(ORTHOGONAL);
    w.step(FORWARD_LEFT);
    w.step(FORWARD_RIGHT);
}

/// CHU-3.2 — Silver General (S), `FfW`: one step diagonally or straight forward.
fn silver_general(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(FORWARD);
}

/// CHU-3.2 — Copper General (C), `fFvW`: one step diagonally forward, straight forward or
/// straight back.
fn copper_general(w: &mut Walk) {
    w.step(FORWARD_LEFT);
    w.step(FORWARD_RIGHT);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Ferocious Leopard (F), `FvW`: one step diagonally, straight forward or straight
/// back.
fn ferocious_leopard(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Go-Between (I), `vW`: one step straight forward or straight back.
fn go_between(w: &mut Walk) {
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Pawn (P), `fW`: one step straight forward.
fn pawn(w: &mut Walk) {
    w.step(FORWARD);
}

// ---------------------------------------------------------------------------------------------
// CHU-3.3 — the promoted pieces. Several move as an unpromoted piece does; they are kinds of
// their own all the same (CHU-2.1).
// ---------------------------------------------------------------------------------------------

/// CHU-3.3, CHU-3.6 — Soaring Eagle (+D), `RbB` + lion power on the two forward diagonals
/// (`fF` step, `fA` jump, two-step moves: [`lion::eagle_and_falcon_moves`]): slides orthogonally
/// and diagonally backward. This is its one-leg reach.
fn soaring_eagle(w: &mut Walk) {
    w.slides(ORTHOGONAL);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
    for dir in lion::EAGLE_RAYS {
        w.step(dir);
        w.leap(dir.times(2));
    }
}

/// CHU-3.3, CHU-3.6 — Horned Falcon (+H), `BsbR` + lion power straight forward (`fW` step, `fD`
/// jump, two-step moves: [`lion::eagle_and_falcon_moves`]): slides diagonally, sideways and
/// straight back. This is its one-leg reach.
fn horned_falcon(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(BACKWARD);
    for dir in lion::FALCON_RAYS {
        w.step(dir);
        w.leap(dir.times(2));
    }
}

/// CHU-3.3 — promoted Rook (+R), `RF`: moves as a Dragon King.
fn promoted_rook(w: &mut Walk) {
    dragon_king(w);
}

/// CHU-3.3 — promoted Bishop (+B), `BW`: moves as a Dragon Horse.
fn promoted_bishop(w: &mut Walk) {
    dragon_horse(w);
}

/// CHU-3.3 — Flying Ox (+V), `BvR`: slides diagonally, forward and backward.
fn flying_ox(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.3 — Free Boar (+M), `BsR`: slides diagonally and sideways.
fn free_boar(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(LEFT);
    w.slide(RIGHT);
}

/// CHU-3.3 — Whale (+A), `vRbB`: slides forward, backward and diagonally backward.
fn whale(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// CHU-3.3 — White Horse (+L), `vRfB`: slides forward, backward and diagonally forward.
fn white_horse(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
}

/// CHU-3.3, CHU-3.4 — promoted Kirin (+O), `KNAD`: moves as a Lion and is a lion (CHU-5).
fn promoted_kirin(w: &mut Walk) {
    lion(w);
}

/// CHU-3.3 — promoted Phoenix (+X), `Q`: moves as a Free King.
fn promoted_phoenix(w: &mut Walk) {
    free_king(w);
}

/// CHU-3.3 — Crown Prince (+E), `K`: moves as a King and is royal (CHU-2.2).
fn crown_prince(w: &mut Walk) {
    king_steps(w);
}

/// CHU-3.3 — Flying Stag (+T), `FvRsW`: one step diagonally or sideways; slides forward and
/// backward.
fn flying_stag(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.3 — promoted Gold General (+G), `R`: moves as a Rook.
fn promoted_gold(w: &mut Walk) {
    rook(w);
}

/// CHU-3.3 — promoted Silver General (+S), `vRsW`: moves as a Vertical Mover.
fn promoted_silver(w: &mut Walk) {
    vertical_mover(w);
}

/// CHU-3.3 — promoted Copper General (+C), `sRvW`: moves as a Side Mover.
fn promoted_copper(w: &mut Walk) {
    side_mover(w);
}

/// CHU-3.3 — promoted Ferocious Leopard (+F), `B`: moves as a Bishop.
fn promoted_leopard(w: &mut Walk) {
    bishop(w);
}

/// CHU-3.3 — promoted Go-Between (+I), `FsfW`: moves as a Drunk Elephant, but is not royal.
fn promoted_go_between(w: &mut Walk) {
    drunk_elephant(w);
}

/// CHU-3.3 — tokin (+P), `WfF`: moves as a Gold General.
fn tokin(w: &mut Walk) {
    gold_general(w);
}

/// The rule of each piece's movement, as the walk reports it to a trace: CHU-3.4 for the lions,
/// CHU-3.6 for the Horned Falcon and Soaring Eagle, else CHU-3.2 or CHU-3.3.
pub(crate) fn movement_rule(kind: ChuKind) -> Rule {
    match kind {
        ChuKind::Lion | ChuKind::PromotedKirin => "CHU-3.4",
        ChuKind::HornedFalcon | ChuKind::SoaringEagle => "CHU-3.6",
        k if k.is_promoted() => "CHU-3.3",
        _ => "CHU-3.2",
    }
}

impl MailboxRules for ChuKind {
    fn movement_rule(self) -> Rule {
        movement_rule(self)
    }

    /// CHU-3.1 — each kind's one-leg movement, as the functions above spell it out.
    fn walk(self, w: &mut Walk) {
        use ChuKind as K;
        match self {
            K::King => king(w),
            K::Lion => lion(w),
            K::FreeKing => free_king(w),
            K::DragonKing => dragon_king(w),
            K::DragonHorse => dragon_horse(w),
            K::Rook => rook(w),
            K::Bishop => bishop(w),
            K::VerticalMover => vertical_mover(w),
            K::SideMover => side_mover(w),
            K::ReverseChariot => reverse_chariot(w),
            K::Lance => lance(w),
            K::Kirin => kirin(w),
            K::Phoenix => phoenix(w),
            K::DrunkElephant => drunk_elephant(w),
            K::BlindTiger => blind_tiger(w),
            K::GoldGeneral => gold_general(w),
            K::SilverGeneral => silver_general(w),
            K::CopperGeneral => copper_general(w),
            K::FerociousLeopard => ferocious_leopard(w),
            K::GoBetween => go_between(w),
            K::Pawn => pawn(w),
            K::SoaringEagle => soaring_eagle(w),
            K::HornedFalcon => horned_falcon(w),
            K::PromotedRook => promoted_rook(w),
            K::PromotedBishop => promoted_bishop(w),
            K::FlyingOx => flying_ox(w),
            K::FreeBoar => free_boar(w),
            K::Whale => whale(w),
            K::WhiteHorse => white_horse(w),
            K::PromotedKirin => promoted_kirin(w),
            K::PromotedPhoenix => promoted_phoenix(w),
            K::CrownPrince => crown_prince(w),
            K::FlyingStag => flying_stag(w),
            K::PromotedGold => promoted_gold(w),
            K::PromotedSilver => promoted_silver(w),
            K::PromotedCopper => promoted_copper(w),
            K::PromotedLeopard => promoted_leopard(w),
            K::PromotedGoBetween => promoted_go_between(w),
            K::Tokin => tokin(w),
        }
    }
}

/// CHU-3.1 — what the pieces' movement gives, worked out once for every reference
/// ([`crate::mailbox`]): the squares the piece on `from` reaches in one leg by its own movement
/// on this board ([`piece_moves`]: empty squares and enemy pieces, never an own piece; for a
/// piece with lion power every square its steps and jumps reach — its two-step moves end on
/// squares of this set or on `from` itself; lion-trading rules and promotion are not
/// considered), the same reported to a trace ([`piece_moves_traced`], for [`crate::explain`] and
/// [`crate::diagram`]), the squares it attacks ([`attacks`]: could capture an enemy piece
/// standing there by one leg of its movement — a lion's jumps are not blocked, a slide stops at
/// the first piece; a square of its own side counts, it is protected) and whether a piece of a
/// side attacks a square ([`is_attacked`]).
///
/// ```
/// use fairyspec::{Position, Square, chu::{Chu, SHAPE, rules::piece_moves}};
///
/// // Sente's Lion on 7j at the start: every square next to it holds one of its own pieces, so
/// // it reaches only the four empty squares 8h 7h 6h 5h two ranks up and 9k behind it.
/// let start = Position::<Chu>::start();
/// let lion = Square::parse_usi("7j", SHAPE).unwrap();
/// let mut reach: Vec<String> =
///     piece_moves(start.setup(), lion).iter().map(|sq| sq.usi(SHAPE)).collect();
/// reach.sort();
/// assert_eq!(reach, ["5h", "6h", "7h", "8h", "9k"]);
/// ```
pub use crate::mailbox::{attacks, is_attacked, piece_moves, piece_moves_traced};

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
            trace.game_over(end::outcome_rule(outcome.reason));
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
