//! # Bachelor Hunterbeest — the reference generator
//!
//! This module is the rules of Bachelor Hunterbeest written as code, to be read beside SPEC.md.
//! It is deliberately plain: a mailbox board (the [`Setup`]'s board), no precomputed tables, one
//! function per piece whose body reads like the piece's Betza string, and one function per rule
//! whose doc comment starts with the rule's ID. Speed is the business of the bitboard generator
//! ([`super::bitboard`]); the two share only the types of this crate and are held to each other
//! by the differential tests.
//!
//! How a move is found, in order:
//!
//! 1. A position where the side that just moved has its own Queen or Gnu next to its King is
//!    over (`partner_beside_king`, BHB-6.3): no moves at all.
//! 2. Every piece of the side to move makes its own movement ([`piece_moves`], BHB-3), a Pawn
//!    that reaches its last rank promoting to each of its ten choices (`promotions`, BHB-4.1).
//! 3. The special moves are added: the Pawn's double step (`pawn_double_steps`, BHB-3.4), en
//!    passant (`en_passant`, BHB-4.2) and castling on both wings (`castlings`, BHB-5).
//! 4. Each candidate is played on a copy of the board and kept only if the mover's King is not
//!    attacked afterwards (`is_legal`, BHB-6.1).
//!
//! The rule functions are private: read them in this file, or in the documentation built with
//! `cargo doc --document-private-items`. The public face is [`Reference`] (a [`Generator`]) and
//! the questions other code asks: [`piece_moves`], [`is_attacked`], [`in_check`].
//!
//! ```
//! use fairyspec::{Game, Position, hunterbeest::Hunterbeest};
//!
//! let start = Position::<Hunterbeest>::start();
//! let reference = Hunterbeest::reference(&Default::default());
//! assert_eq!(reference.legal_moves(&start).len(), 26);
//! ```

use super::{Hunterbeest, HunterbeestKind, HunterbeestSwitches, StalemateResult};
use crate::mailbox::Purpose;
use crate::trace::{NoTrace, Rule, Trace, Why};
use crate::{
    Colour, Generator, Move, Offset, Outcome, Piece, Position, Reason, Setup, Shape, Square,
};

use HunterbeestKind as K;

// ---------------------------------------------------------------------------------------------
// Directions (BHB-1.1). They are written from White's side; `Offset::for_colour` turns them
// round for Black, so "forward" is always towards the owner's opponent. (Every piece of the game
// is left–right symmetric, so negating the rank is the same as turning the board round.)
// ---------------------------------------------------------------------------------------------

const FORWARD: Offset = Offset::new(0, 1);
const BACKWARD: Offset = Offset::new(0, -1);
const LEFT: Offset = Offset::new(-1, 0);
const RIGHT: Offset = Offset::new(1, 0);
const FORWARD_LEFT: Offset = Offset::new(-1, 1);
const FORWARD_RIGHT: Offset = Offset::new(1, 1);
const BACKWARD_LEFT: Offset = Offset::new(-1, -1);
const BACKWARD_RIGHT: Offset = Offset::new(1, -1);

const ORTHOGONAL: [Offset; 4] = [FORWARD, BACKWARD, LEFT, RIGHT];
const DIAGONAL: [Offset; 4] = [FORWARD_LEFT, FORWARD_RIGHT, BACKWARD_LEFT, BACKWARD_RIGHT];

/// The Knight's eight leaps (Betza `N`): one file and two ranks, or two files and one rank.
const NARROW_KNIGHT: [Offset; 4] = [
    Offset::new(-1, 2),
    Offset::new(1, 2),
    Offset::new(-1, -2),
    Offset::new(1, -2),
];
const WIDE_KNIGHT: [Offset; 4] = [
    Offset::new(-2, 1),
    Offset::new(2, 1),
    Offset::new(-2, -1),
    Offset::new(2, -1),
];
/// The Camel's eight leaps (Betza `C`): one file and three ranks, or three files and one rank.
const NARROW_CAMEL: [Offset; 4] = [
    Offset::new(-1, 3),
    Offset::new(1, 3),
    Offset::new(-1, -3),
    Offset::new(1, -3),
];
const WIDE_CAMEL: [Offset; 4] = [
    Offset::new(-3, 1),
    Offset::new(3, 1),
    Offset::new(-3, -1),
    Offset::new(3, -1),
];

/// The movement helpers of every reference generator: [`Walk::leap`], [`Walk::slide`] and the
/// Pawn's [`Walk::step_to_empty`] / [`Walk::step_to_capture`] (BHB-3.1).
type Walk<'a> = crate::mailbox::Walk<'a, HunterbeestKind>;

// ---------------------------------------------------------------------------------------------
// The pieces (BHB-3). Each body spells out the piece's Betza string.
// ---------------------------------------------------------------------------------------------

/// BHB-3.2 — King, `K`: one step in any of the eight directions. (Castling: [`castlings`].)
fn king(w: &mut Walk) {
    for dir in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        w.leap(dir);
    }
}

/// BHB-3.3 — Queen, `Q`: slides in all eight directions. Only a promoted Pawn can be one.
fn queen(w: &mut Walk) {
    for dir in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        w.slide(dir);
    }
}

/// BHB-3.4 — Pawn, `mfW cfF`: one step straight forward to an empty square; captures one step
/// diagonally forward. (The double step and en passant: [`pawn_double_steps`], [`en_passant`].)
fn pawn(w: &mut Walk) {
    w.step_to_empty(FORWARD);
    w.step_to_capture(FORWARD_LEFT);
    w.step_to_capture(FORWARD_RIGHT);
}

/// BHB-3.5 — Hunter, `fR bB`: slides straight forward, or diagonally backward.
fn hunter(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// BHB-3.6 — Hawker, `fB bR`: slides diagonally forward, or straight backward.
fn hawker(w: &mut Walk) {
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
    w.slide(BACKWARD);
}

/// BHB-3.7 — Huntress, `fsR bB`: slides straight forward, sideways, or diagonally backward
/// (five directions).
fn huntress(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// BHB-3.8 — Hawkress, `bsR fB`: slides straight backward, sideways, or diagonally forward
/// (five directions).
fn hawkress(w: &mut Walk) {
    w.slide(BACKWARD);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
}

/// BHB-3.9 — Gnu, `N C`: every Knight leap and every Camel leap (sixteen). Only a promoted Pawn
/// can be one.
fn gnu(w: &mut Walk) {
    for dir in NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_KNIGHT)
        .chain(NARROW_CAMEL)
        .chain(WIDE_CAMEL)
    {
        w.leap(dir);
    }
}

/// BHB-3.10 — Hartebeest, `vC sN`: leaps one file and three ranks, or two files and one rank.
fn hartebeest(w: &mut Walk) {
    for dir in NARROW_CAMEL.into_iter().chain(WIDE_KNIGHT) {
        w.leap(dir);
    }
}

/// BHB-3.11 — Cohartebeest, `vN sC`: leaps one file and two ranks, or three files and one rank.
fn cohartebeest(w: &mut Walk) {
    for dir in NARROW_KNIGHT.into_iter().chain(WIDE_CAMEL) {
        w.leap(dir);
    }
}

/// Whether a leap goes towards the enemy (every leap of the game changes the rank).
fn is_forward(dir: &Offset) -> bool {
    dir.rank > 0
}

/// BHB-3.12 — Hinny, `ffC fsN bbN bsC`: advances like the Hartebeest ((±1, +3), (±2, +1)),
/// retreats like the Cohartebeest ((±1, −2), (±3, −1)).
fn hinny(w: &mut Walk) {
    let advances = NARROW_CAMEL
        .into_iter()
        .chain(WIDE_KNIGHT)
        .filter(is_forward);
    let retreats = NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_CAMEL)
        .filter(|d| !is_forward(d));
    for dir in advances.chain(retreats) {
        w.leap(dir);
    }
}

/// BHB-3.13 — Cohinny, `ffN fsC bbC bsN`: advances like the Cohartebeest ((±1, +2), (±3, +1)),
/// retreats like the Hartebeest ((±1, −3), (±2, −1)).
fn cohinny(w: &mut Walk) {
    let advances = NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_CAMEL)
        .filter(is_forward);
    let retreats = NARROW_CAMEL
        .into_iter()
        .chain(WIDE_KNIGHT)
        .filter(|d| !is_forward(d));
    for dir in advances.chain(retreats) {
        w.leap(dir);
    }
}

/// The rule of each piece's movement, as the walk reports it to a trace.
pub(crate) const fn movement_rule(kind: HunterbeestKind) -> Rule {
    match kind {
        K::King => "BHB-3.2",
        K::Queen => "BHB-3.3",
        K::Pawn => "BHB-3.4",
        K::Hunter => "BHB-3.5",
        K::Hawker => "BHB-3.6",
        K::Huntress => "BHB-3.7",
        K::Hawkress => "BHB-3.8",
        K::Gnu => "BHB-3.9",
        K::Hartebeest => "BHB-3.10",
        K::Cohartebeest => "BHB-3.11",
        K::Hinny => "BHB-3.12",
        K::Cohinny => "BHB-3.13",
    }
}

/// Walks the movement of the piece on `from` for `purpose`, reporting each line to `trace`;
/// nothing if `from` is empty.
fn walk(
    setup: &Setup<HunterbeestKind>,
    from: Square,
    purpose: Purpose,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Square> {
    let Some(piece) = setup.piece_at(from) else {
        return Vec::new();
    };
    let rule = movement_rule(piece.kind);
    let mut w = Walk::traced(setup, from, piece.colour, purpose, trace, rule);
    match piece.kind {
        K::King => king(&mut w),
        K::Queen => queen(&mut w),
        K::Pawn => pawn(&mut w),
        K::Hunter => hunter(&mut w),
        K::Hawker => hawker(&mut w),
        K::Huntress => huntress(&mut w),
        K::Hawkress => hawkress(&mut w),
        K::Gnu => gnu(&mut w),
        K::Hartebeest => hartebeest(&mut w),
        K::Cohartebeest => cohartebeest(&mut w),
        K::Hinny => hinny(&mut w),
        K::Cohinny => cohinny(&mut w),
    }
    w.into_squares()
}

/// BHB-3.1 — the squares the piece on `from` may move to by its own movement, on this board:
/// empty squares and squares of enemy pieces, never an own piece's square. Check, castling, the
/// Pawn's double step and en passant are not considered. Empty if `from` is empty.
///
/// ```
/// use fairyspec::{Position, Square, hunterbeest::{Hunterbeest, rules::piece_moves}};
///
/// // The Hartebeest on h1 of the start position: (±1, +3) reaches g4 and i4; its wide Knight
/// // leaps land on its own Pawn f2 or off the board.
/// let start = Position::<Hunterbeest>::start();
/// let h1 = Square::parse("h1").unwrap();
/// let names: Vec<String> = piece_moves(start.setup(), h1).iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["g4", "i4"]);
/// ```
pub fn piece_moves(setup: &Setup<HunterbeestKind>, from: Square) -> Vec<Square> {
    walk(setup, from, Purpose::Move, &mut NoTrace)
}

/// [`piece_moves`], reporting each line of the piece's movement to `trace` (for
/// `fairyspec explain` and `fairyspec diagram`), plus the Pawn's double step (BHB-3.4) when the
/// piece on `from` is a Pawn of the side to move.
pub fn piece_moves_traced(
    setup: &Setup<HunterbeestKind>,
    from: Square,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Square> {
    let mut squares = walk(setup, from, Purpose::Move, trace);
    for mv in pawn_double_steps(setup, trace) {
        if mv.from == from {
            squares.push(mv.to);
        }
    }
    squares
}

/// BHB-3.1 — whether a piece of `by` attacks `sq`: could capture a piece of the other side
/// standing there (for the Pawn, only its diagonal-forward squares).
pub fn is_attacked(setup: &Setup<HunterbeestKind>, sq: Square, by: Colour) -> bool {
    setup
        .pieces()
        .filter(|&(_, piece)| piece.colour == by)
        .any(|(from, _)| walk(setup, from, Purpose::Attack, &mut NoTrace).contains(&sq))
}

/// BHB-3.1 — the pieces of `by` that attack `sq` (for the explanation of BHB-6.1: which pieces
/// would take the King).
pub fn attackers(
    setup: &Setup<HunterbeestKind>,
    sq: Square,
    by: Colour,
) -> Vec<(Square, Piece<HunterbeestKind>)> {
    setup
        .pieces()
        .filter(|&(_, piece)| piece.colour == by)
        .filter(|&(from, _)| walk(setup, from, Purpose::Attack, &mut NoTrace).contains(&sq))
        .collect()
}

/// The square of `colour`'s King, if it has one (only an invalid setup has none).
fn king_square(setup: &Setup<HunterbeestKind>, colour: Colour) -> Option<Square> {
    let king = Piece::new(colour, K::King);
    setup.pieces().find(|&(_, p)| p == king).map(|(sq, _)| sq)
}

/// BHB-6.1 — whether `colour`'s King is attacked by the other side. `false` if `colour` has no
/// King.
pub fn in_check(setup: &Setup<HunterbeestKind>, colour: Colour) -> bool {
    king_square(setup, colour).is_some_and(|sq| is_attacked(setup, sq, colour.other()))
}

// ---------------------------------------------------------------------------------------------
// The rules (BHB-4 … BHB-6), one function each.
// ---------------------------------------------------------------------------------------------

fn last_rank(colour: Colour, shape: Shape) -> u8 {
    colour.relative_rank(shape.last_rank(), shape.ranks)
}

fn first_rank(colour: Colour, shape: Shape) -> u8 {
    colour.relative_rank(0, shape.ranks)
}

/// BHB-4.1 — promotion: a Pawn reaching its last rank, by a step or a capture, must promote, to
/// any one of Hunter, Hawker, Huntress, Hawkress, Hartebeest, Cohartebeest, Hinny, Cohinny,
/// Queen or Gnu (no limit on how many of a kind). One move per choice, written with the
/// lower-case letter (`e7e8q`). Every other move is one move without promotion.
fn promotions(
    kind: HunterbeestKind,
    owner: Colour,
    from: Square,
    to: Square,
    shape: Shape,
) -> Vec<Move<HunterbeestKind>> {
    if kind == K::Pawn && to.rank() == last_rank(owner, shape) {
        HunterbeestKind::PROMOTIONS
            .iter()
            .map(|&k| Move::promoting(from, to, k))
            .collect()
    } else {
        vec![Move::new(from, to)]
    }
}

/// BHB-3.1 with BHB-4.1 — every move of the side to move by its pieces' own movement.
fn ordinary_moves(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    let us = setup.turn;
    let mut moves = Vec::new();
    for (from, piece) in setup.pieces().filter(|&(_, p)| p.colour == us) {
        for to in walk(setup, from, Purpose::Move, trace) {
            for mv in promotions(piece.kind, us, from, to, setup.shape) {
                if mv.promotion.is_some() {
                    trace.candidate(&mv, "BHB-4.1", "promotion");
                }
                moves.push(mv);
            }
        }
    }
    moves
}

/// BHB-3.4 — the Pawn's double step: a Pawn on its second rank may move two squares straight
/// forward if both squares in front of it are empty.
fn pawn_double_steps(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    crate::mailbox::pawn_double_steps(setup, K::Pawn, "BHB-3.4", trace)
}

/// BHB-4.2 — en passant, as FIDE: right after an enemy Pawn's double step, a Pawn that could
/// have captured it had it made a single step may capture it so, moving diagonally forward to
/// the square it passed over (the e.p. square).
fn en_passant(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    crate::mailbox::en_passant(setup, K::Pawn, "BHB-4.2", trace)
}

/// One castling of BHB-5.1, described by the files of its squares on the castling side's first
/// rank.
struct Wing {
    /// The corner of the five-way piece (i or a).
    corner: u8,
    /// File the five-way piece lands on (f or d): the square the King passes over.
    partner_to: u8,
    /// File the King lands on (g or c).
    king_to: u8,
    /// Files strictly between King and corner, all of which must be empty.
    between: &'static [u8],
}

/// BHB-5.1 — the i-side castling (FEN `K`/`k`, the `short` right): King e1–g1, five-way piece
/// i1–f1. Like FIDE's queenside castling mirrored: three squares between King and corner.
const I_SIDE: Wing = Wing {
    corner: 8,
    partner_to: 5,
    king_to: 6,
    between: &[5, 6, 7],
};

/// BHB-5.1 — the a-side castling (FEN `Q`/`q`, the `long` right): King e1–c1, five-way piece
/// a1–d1, exactly FIDE's queenside castling.
const A_SIDE: Wing = Wing {
    corner: 0,
    partner_to: 3,
    king_to: 2,
    between: &[1, 2, 3],
};

/// The King's file before castling (e).
const KING_FILE: u8 = 4;

/// BHB-5.2 — the conditions of castling, as FIDE: the side still has the right (BHB-5.3), the
/// King stands on e1 (e8) and a five-way piece of its own on the wing's corner, every square
/// between them is empty, the King is not in check, and it neither passes over nor lands on a
/// square the enemy attacks (the five-way piece may pass attacked squares). Written as the
/// King's move (`e1g1`, `e1c1`, BHB-7.1). Each castling is reported to `trace` as a
/// candidate, or as refused with the first condition it fails.
fn castlings(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    let us = setup.turn;
    let rank = first_rank(us, setup.shape);
    let rights = setup.castling[us];
    let mut moves = Vec::new();
    for (has_right, wing) in [(rights.short, &I_SIDE), (rights.long, &A_SIDE)] {
        let mv = Move::new(
            Square::new(KING_FILE, rank),
            Square::new(wing.king_to, rank),
        );
        match castling_refusal(setup, has_right, wing) {
            None => {
                trace.candidate(&mv, "BHB-5.1", "castling");
                moves.push(mv);
            }
            Some((rule, why)) => trace.refused(&mv, rule, why),
        }
    }
    moves
}

/// BHB-5.2, BHB-5.3 — the first condition of castling on `wing` that the side to move fails, if
/// any, checked in the order of [`castlings`].
fn castling_refusal(
    setup: &Setup<HunterbeestKind>,
    has_right: bool,
    wing: &Wing,
) -> Option<(Rule, Why<HunterbeestKind>)> {
    let us = setup.turn;
    let them = us.other();
    let on_rank = |file: u8| Square::new(file, first_rank(us, setup.shape));
    if !has_right {
        return Some(("BHB-5.3", Why::NoCastlingRight));
    }
    if setup.piece_at(on_rank(KING_FILE)) != Some(Piece::new(us, K::King)) {
        return Some(("BHB-5.2", Why::NotInPlace(on_rank(KING_FILE))));
    }
    let partner_ok = setup
        .piece_at(on_rank(wing.corner))
        .is_some_and(|p| p.colour == us && p.kind.is_five_way());
    if !partner_ok {
        return Some(("BHB-5.2", Why::NotInPlace(on_rank(wing.corner))));
    }
    let blocked = wing
        .between
        .iter()
        .find(|&&f| setup.piece_at(on_rank(f)).is_some());
    if let Some(&f) = blocked {
        return Some(("BHB-5.2", Why::PathBlocked(on_rank(f))));
    }
    if is_attacked(setup, on_rank(KING_FILE), them) {
        return Some(("BHB-5.2", Why::InCheck));
    }
    if is_attacked(setup, on_rank(wing.partner_to), them) {
        return Some(("BHB-5.2", Why::PassesAttacked(on_rank(wing.partner_to))));
    }
    if is_attacked(setup, on_rank(wing.king_to), them) {
        return Some(("BHB-5.2", Why::LandsAttacked(on_rank(wing.king_to))));
    }
    None
}

/// BHB-5.3 — when castling rights are lost: a side loses both when its King moves (castling
/// included); it loses one when the piece on that wing's corner leaves it, or when anything
/// lands on that corner (capturing the piece there).
fn update_castling_rights(
    setup: &mut Setup<HunterbeestKind>,
    mv: &Move<HunterbeestKind>,
    mover: Piece<HunterbeestKind>,
) {
    if mover.kind == K::King {
        setup.castling[mover.colour].short = false;
        setup.castling[mover.colour].long = false;
    }
    for colour in Colour::ALL {
        let rank = first_rank(colour, setup.shape);
        let i_corner = Square::new(I_SIDE.corner, rank);
        let a_corner = Square::new(A_SIDE.corner, rank);
        if mv.from == i_corner || mv.to == i_corner {
            setup.castling[colour].short = false;
        }
        if mv.from == a_corner || mv.to == a_corner {
            setup.castling[colour].long = false;
        }
    }
}

/// BHB-6.3 — "mate" and "tame": the side that just moved has its own Queen (a marriage) or its
/// own Gnu (a taming) on one of the eight squares next to its own King. That side has won; the
/// position has no moves (BHB-6.6). A Queen is looked for first, so a move bringing both reads
/// as a marriage. The other side's Queen or Gnu next to this King means nothing.
fn partner_beside_king(setup: &Setup<HunterbeestKind>) -> Option<Reason> {
    let mover = setup.turn.other();
    let king = king_square(setup, mover)?;
    let beside = |kind: HunterbeestKind| {
        ORTHOGONAL.into_iter().chain(DIAGONAL).any(|dir| {
            setup
                .shape
                .offset(king, dir)
                .is_some_and(|sq| setup.piece_at(sq) == Some(Piece::new(mover, kind)))
        })
    };
    if beside(K::Queen) {
        Some(Reason::Marriage)
    } else if beside(K::Gnu) {
        Some(Reason::Taming)
    } else {
        None
    }
}

/// Plays a move found by this generator on a copy of the setup: moves the piece (promoting it
/// as the move says), takes what it captures (en passant: the Pawn behind the e.p. square),
/// moves the castling partner, and updates rights (BHB-5.3), the e.p. square, the clocks and
/// the side to move.
fn play(setup: &Setup<HunterbeestKind>, mv: &Move<HunterbeestKind>) -> Setup<HunterbeestKind> {
    let mut next = setup.clone();
    let us = setup.turn;
    let Some(mover) = setup.piece_at(mv.from) else {
        // Not a move of this position; `play_unchecked` may return anything then.
        return next;
    };
    let mut captured = setup.piece_at(mv.to).is_some();

    // BHB-4.2: a Pawn moving diagonally onto the e.p. square takes the Pawn behind it.
    if mover.kind == K::Pawn && Some(mv.to) == setup.ep_square && mv.from.file() != mv.to.file() {
        next.set(Square::new(mv.to.file(), mv.from.rank()), None);
        captured = true;
    }

    // BHB-5.1: a King moving two files is castling; the five-way piece on that wing's corner
    // lands on the square the King passed over.
    if mover.kind == K::King && mv.from.file().abs_diff(mv.to.file()) == 2 {
        let wing = if mv.to.file() > mv.from.file() {
            &I_SIDE
        } else {
            &A_SIDE
        };
        let rank = mv.from.rank();
        let partner = setup.piece_at(Square::new(wing.corner, rank));
        next.set(Square::new(wing.corner, rank), None);
        next.set(Square::new(wing.partner_to, rank), partner);
    }

    // The move itself, with the promotion the move carries (BHB-4.1).
    let kind = mv.promotion.unwrap_or(mover.kind);
    next.set(mv.from, None);
    next.set(mv.to, Some(Piece::new(us, kind)));

    update_castling_rights(&mut next, mv, mover);
    next.ep_square = ep_square_after(mv, mover);
    update_clocks(&mut next, mover, captured);
    next.turn = us.other();
    next
}

/// BHB-4.2 — the e.p. square after a move: the square a Pawn passed over with its double step
/// (after every double step, the usual FEN convention); none after any other move.
fn ep_square_after(mv: &Move<HunterbeestKind>, mover: Piece<HunterbeestKind>) -> Option<Square> {
    let is_double_step = mover.kind == K::Pawn
        && mv.from.file() == mv.to.file()
        && mv.from.rank().abs_diff(mv.to.rank()) == 2;
    is_double_step.then(|| Square::new(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2))
}

/// BHB-6.5 — the clocks, as FIDE: the half-move clock starts again at 0 after a Pawn move or a
/// capture and counts up by one after any other move; the full-move number goes up by one after
/// Black's move.
fn update_clocks(
    setup: &mut Setup<HunterbeestKind>,
    mover: Piece<HunterbeestKind>,
    captured: bool,
) {
    if mover.kind == K::Pawn || captured {
        setup.halfmove_clock = 0;
    } else {
        setup.halfmove_clock = setup.halfmove_clock.saturating_add(1);
    }
    if mover.colour == Colour::Black {
        setup.fullmove_number = setup.fullmove_number.saturating_add(1);
    }
}

/// BHB-6.1 — legality by make-and-test: a move is legal if, once played, the mover's King is
/// not attacked. This comes before the win of BHB-6.3: a move that brings the Queen or Gnu next
/// to the King but leaves the King attacked is no move at all. A refused move is reported to
/// `trace` with the King's square and its attackers.
fn is_legal(
    setup: &Setup<HunterbeestKind>,
    mv: &Move<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> bool {
    let after = play(setup, mv);
    if !in_check(&after, setup.turn) {
        return true;
    }
    if trace.listening() {
        let us = setup.turn;
        let king = king_square(&after, us).unwrap_or(Square::new(0, 0));
        let by = attackers(&after, king, us.other());
        trace.refused(mv, "BHB-6.1", Why::LeavesKingAttacked { king, by });
    }
    false
}

// ---------------------------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------------------------

/// The reference generator of Bachelor Hunterbeest: the rules of SPEC.md, chapter "Bachelor
/// Hunterbeest", one function each. Made with the rule switches ([`HunterbeestSwitches`]).
///
/// ```
/// use fairyspec::{Generator, Position};
/// use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches, rules::Reference};
///
/// let reference = Reference::new(HunterbeestSwitches::default());
/// let start = Position::<Hunterbeest>::start();
/// // No first move of either side touches the other's 26 moves (see corpus/hunterbeest).
/// assert_eq!(reference.perft(&start, 2), 26 * 26);
/// ```
pub struct Reference {
    switches: HunterbeestSwitches,
}

impl Reference {
    /// The reference generator reading the rules with `switches`.
    pub fn new(switches: HunterbeestSwitches) -> Reference {
        Reference { switches }
    }

    /// BHB-6.6 — no moves once the game is won by a Queen or Gnu beside the King; otherwise
    /// every candidate move (ordinary moves with their promotions, double steps, en passant,
    /// castlings) that passes the legality test of BHB-6.1. Each rule reports to `trace` what it
    /// made and what it refused.
    pub fn legal_moves_traced(
        &self,
        pos: &Position<Hunterbeest>,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) -> Vec<Move<HunterbeestKind>> {
        let setup = pos.setup();
        if partner_beside_king(setup).is_some() {
            trace.game_over("BHB-6.3");
            return Vec::new();
        }
        let mut moves = ordinary_moves(setup, trace);
        moves.extend(pawn_double_steps(setup, trace));
        moves.extend(en_passant(setup, trace));
        moves.extend(castlings(setup, trace));
        moves.retain(|mv| is_legal(setup, mv, trace));
        moves
    }
}

impl Generator<Hunterbeest> for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn switches(&self) -> &HunterbeestSwitches {
        &self.switches
    }

    /// [`Reference::legal_moves_traced`] with nobody listening.
    fn legal_moves(&self, pos: &Position<Hunterbeest>) -> Vec<Move<HunterbeestKind>> {
        self.legal_moves_traced(pos, &mut NoTrace)
    }

    fn play_unchecked(
        &self,
        pos: &Position<Hunterbeest>,
        mv: &Move<HunterbeestKind>,
    ) -> Position<Hunterbeest> {
        Position::new_unchecked(play(pos.setup(), mv))
    }

    fn is_check(&self, pos: &Position<Hunterbeest>) -> bool {
        in_check(pos.setup(), pos.turn())
    }

    /// BHB-6.3, 6.2, 6.4 in this order: a Queen or Gnu beside the King of the side that just
    /// moved wins for that side; otherwise, with no legal move, the side to move is checkmated
    /// (in check: the other side wins) or stalemated (a draw, or under
    /// [`StalemateResult::Win`] a win for the side that stalemated).
    fn outcome(&self, pos: &Position<Hunterbeest>) -> Option<Outcome> {
        let setup = pos.setup();
        if let Some(reason) = partner_beside_king(setup) {
            return Some(Outcome::win(setup.turn.other(), reason));
        }
        if !self.legal_moves(pos).is_empty() {
            return None;
        }
        if in_check(setup, setup.turn) {
            Some(Outcome::win(setup.turn.other(), Reason::Checkmate))
        } else {
            Some(match self.switches.stalemate {
                StalemateResult::Draw => Outcome::draw(Reason::Stalemate),
                StalemateResult::Win => Outcome::win(setup.turn.other(), Reason::Stalemate),
            })
        }
    }
}
