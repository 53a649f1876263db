//! CHESS — the reference generator: the FIDE rules written out one function per rule, on the
//! mailbox [`Setup`], with legality decided by playing the move and looking at the King
//! ("make and test"). Nothing is precomputed; read it beside SPEC.md's CHESS chapter.
//!
//! This file shares no logic with [`super::bitboard`]; the tests hold the two to each other.

use super::{Chess, ChessKind, ChessSwitches};
use crate::mailbox::Purpose;
use crate::trace::{NoTrace, Rule, Trace, Why};
use crate::{Colour, Generator, Move, Offset, Outcome, Piece, Position, Reason, Setup, Square};

/// The reference generator of orthodox chess.
pub struct Reference {
    switches: ChessSwitches,
}

impl Reference {
    pub fn new(switches: ChessSwitches) -> Reference {
        Reference { switches }
    }
}

const BOARD: crate::Shape = crate::Shape::new(8, 8);

/// The four orthogonal directions (Rook lines).
const ORTHOGONAL: [Offset; 4] = [
    Offset::new(1, 0),
    Offset::new(-1, 0),
    Offset::new(0, 1),
    Offset::new(0, -1),
];

/// The four diagonal directions (Bishop lines).
const DIAGONAL: [Offset; 4] = [
    Offset::new(1, 1),
    Offset::new(1, -1),
    Offset::new(-1, 1),
    Offset::new(-1, -1),
];

/// The eight Knight jumps: two squares one way and one square at right angles.
const KNIGHT_JUMPS: [Offset; 8] = [
    Offset::new(1, 2),
    Offset::new(2, 1),
    Offset::new(2, -1),
    Offset::new(1, -2),
    Offset::new(-1, -2),
    Offset::new(-2, -1),
    Offset::new(-2, 1),
    Offset::new(-1, 2),
];

/// The movement helpers of the reference generators (`spec/mailbox.rs`): [`Walk::step`],
/// [`Walk::leap`], [`Walk::slide`] and the Pawn's [`Walk::step_to_empty`] /
/// [`Walk::step_to_capture`] (CHESS-3.1). A slide stops at the first piece and may not pass
/// over it; a leap ignores what stands between.
type Walk<'a> = crate::mailbox::Walk<'a, ChessKind>;

/// Straight forward, for the owner of the piece (the walk turns it round for Black).
const FORWARD: Offset = Offset::new(0, 1);
const FORWARD_LEFT: Offset = Offset::new(-1, 1);
const FORWARD_RIGHT: Offset = Offset::new(1, 1);

/// CHESS-3.3 — King: one step in any direction. (Castling: `castling_moves`.)
fn king(w: &mut Walk) {
    for dir in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        w.step(dir);
    }
}

/// CHESS-3.4 — Queen: slides along ranks, files and diagonals.
fn queen(w: &mut Walk) {
    for dir in ORTHOGONAL.into_iter().chain(DIAGONAL) {
        w.slide(dir);
    }
}

/// CHESS-3.5 — Rook: slides along ranks and files.
fn rook(w: &mut Walk) {
    for dir in ORTHOGONAL {
        w.slide(dir);
    }
}

/// CHESS-3.6 — Bishop: slides along diagonals.
fn bishop(w: &mut Walk) {
    for dir in DIAGONAL {
        w.slide(dir);
    }
}

/// CHESS-3.7 — Knight: jumps two squares one way and one at right angles, over any pieces.
fn knight(w: &mut Walk) {
    for jump in KNIGHT_JUMPS {
        w.leap(jump);
    }
}

/// CHESS-3.2 — Pawn: one step straight forward to an empty square; captures one step
/// diagonally forward (it attacks those two squares only). The double step and en passant are
/// rules of their own (`pawn_double_steps`, `en_passant_moves`).
fn pawn(w: &mut Walk) {
    w.step_to_empty(FORWARD);
    w.step_to_capture(FORWARD_LEFT);
    w.step_to_capture(FORWARD_RIGHT);
}

/// The rule of each piece's movement, as the walk reports it to a trace.
pub(crate) const fn movement_rule(kind: ChessKind) -> Rule {
    match kind {
        ChessKind::Pawn => "CHESS-3.2",
        ChessKind::King => "CHESS-3.3",
        ChessKind::Queen => "CHESS-3.4",
        ChessKind::Rook => "CHESS-3.5",
        ChessKind::Bishop => "CHESS-3.6",
        ChessKind::Knight => "CHESS-3.7",
    }
}

/// Walks the movement of the piece on `from` for `purpose`, reporting each line to `trace`;
/// nothing if `from` is empty.
fn walk(
    setup: &Setup<ChessKind>,
    from: Square,
    purpose: Purpose,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Square> {
    let Some(piece) = setup.piece_at(from) else {
        return Vec::new();
    };
    let rule = movement_rule(piece.kind);
    let mut w = Walk::traced(setup, from, piece.colour, purpose, trace, rule);
    match piece.kind {
        ChessKind::King => king(&mut w),
        ChessKind::Queen => queen(&mut w),
        ChessKind::Rook => rook(&mut w),
        ChessKind::Bishop => bishop(&mut w),
        ChessKind::Knight => knight(&mut w),
        ChessKind::Pawn => pawn(&mut w),
    }
    w.into_squares()
}

/// The squares the piece on `from` attacks (CHESS-3.2 to 3.7): where it could capture an enemy
/// piece if one stood there. Own pieces on those squares are included (they are "defended").
/// Empty if `from` is empty.
pub fn attacks(setup: &Setup<ChessKind>, from: Square) -> Vec<Square> {
    walk(setup, from, Purpose::Attack, &mut NoTrace)
}

/// The squares the piece on `from` may move to by its own movement (CHESS-3.1 to 3.7), ignoring
/// check: empty squares and enemy pieces' squares its movement reaches, the Pawn moving straight
/// and capturing diagonally (CHESS-3.2). The double step, castling and en passant are rules of
/// their own. Empty if `from` is empty.
pub fn piece_moves(setup: &Setup<ChessKind>, from: Square) -> Vec<Square> {
    walk(setup, from, Purpose::Move, &mut NoTrace)
}

/// [`piece_moves`], reporting each line of the piece's movement to `trace` (for
/// `fairyspec explain` and `fairyspec diagram`), plus the Pawn's double step (CHESS-3.2) when
/// the piece on `from` is a Pawn of the side to move.
pub fn piece_moves_traced(
    setup: &Setup<ChessKind>,
    from: Square,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Square> {
    let mut squares = walk(setup, from, Purpose::Move, trace);
    for mv in pawn_double_steps(setup, trace) {
        if mv.from == from {
            squares.push(mv.to);
        }
    }
    squares
}

/// CHESS-3.2 — the Pawn's double step: from its start rank a Pawn may move two squares straight
/// forward if both squares are empty.
fn pawn_double_steps(
    setup: &Setup<ChessKind>,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Move<ChessKind>> {
    crate::mailbox::pawn_double_steps(setup, ChessKind::Pawn, "CHESS-3.2", trace)
}

/// CHESS-5.1 — a Pawn reaching its last rank is replaced, as part of the same move, by a Queen,
/// Rook, Bishop or Knight of its colour (the player's choice): one move per choice.
fn with_promotions(
    from: Square,
    to: Square,
    colour: Colour,
    out: &mut Vec<Move<ChessKind>>,
    trace: &mut dyn Trace<ChessKind>,
) {
    if to.rank() == colour.relative_rank(7, 8) {
        for kind in ChessKind::PROMOTIONS {
            let mv = Move::promoting(from, to, kind);
            trace.candidate(&mv, "CHESS-5.1", "promotion");
            out.push(mv);
        }
    } else {
        out.push(Move::new(from, to));
    }
}

/// CHESS-6.1 — en passant: right after an enemy Pawn's double step, a Pawn that attacks the
/// square it passed over (the FEN's e.p. square) may capture it as if it had moved one step.
fn en_passant_moves(
    setup: &Setup<ChessKind>,
    out: &mut Vec<Move<ChessKind>>,
    trace: &mut dyn Trace<ChessKind>,
) {
    let Some(ep) = setup.ep_square else { return };
    let us = setup.turn;
    for (from, p) in setup.pieces() {
        if p == Piece::new(us, ChessKind::Pawn) && attacks(setup, from).contains(&ep) {
            let mv = Move::new(from, ep);
            trace.candidate(&mv, "CHESS-6.1", "en passant");
            out.push(mv);
        }
    }
}

/// The square of `colour`'s King (validation guarantees there is one).
fn king_square(setup: &Setup<ChessKind>, colour: Colour) -> Option<Square> {
    setup
        .pieces()
        .find(|&(_, p)| p == Piece::new(colour, ChessKind::King))
        .map(|(sq, _)| sq)
}

/// CHESS-3.8 — whether a piece of `by` attacks `sq`, i.e. could capture a piece standing there.
///
/// Looked at from `sq` outwards, which is the same thing because every move is reversible in
/// shape: a Knight of `by` a Knight's jump away, a King a step away, a Pawn of `by` on one of the
/// two squares from which it would capture onto `sq` (diagonally behind `sq` as `by` sees it),
/// or a Rook or Queen (Bishop or Queen) as the first piece along an orthogonal (diagonal) line.
pub fn is_attacked(setup: &Setup<ChessKind>, sq: Square, by: Colour) -> bool {
    let holds = |target: Option<Square>, kinds: &[ChessKind]| {
        target
            .and_then(|t| setup.piece_at(t))
            .is_some_and(|p| p.colour == by && kinds.contains(&p.kind))
    };
    let first_piece_along = |dir: Offset| {
        let mut at = BOARD.offset(sq, dir);
        while let Some(t) = at {
            if setup.piece_at(t).is_some() {
                return Some(t);
            }
            at = BOARD.offset(t, dir);
        }
        None
    };
    let behind = -by.forward();
    KNIGHT_JUMPS
        .iter()
        .any(|&j| holds(BOARD.offset(sq, j), &[ChessKind::Knight]))
        || ORTHOGONAL
            .iter()
            .chain(&DIAGONAL)
            .any(|&d| holds(BOARD.offset(sq, d), &[ChessKind::King]))
        || [-1, 1]
            .iter()
            .any(|&f| holds(BOARD.offset(sq, Offset::new(f, behind)), &[ChessKind::Pawn]))
        || ORTHOGONAL
            .iter()
            .any(|&d| holds(first_piece_along(d), &[ChessKind::Rook, ChessKind::Queen]))
        || DIAGONAL
            .iter()
            .any(|&d| holds(first_piece_along(d), &[ChessKind::Bishop, ChessKind::Queen]))
}

/// CHESS-3.8 — the pieces of `by` that attack `sq` (for the explanation of CHESS-7.1: which
/// pieces would take the King).
pub fn attackers(
    setup: &Setup<ChessKind>,
    sq: Square,
    by: Colour,
) -> Vec<(Square, Piece<ChessKind>)> {
    setup
        .pieces()
        .filter(|&(from, p)| p.colour == by && attacks(setup, from).contains(&sq))
        .collect()
}

/// CHESS-3.8 — whether `colour`'s King is attacked ("in check").
pub fn in_check(setup: &Setup<ChessKind>, colour: Colour) -> bool {
    king_square(setup, colour).is_some_and(|k| is_attacked(setup, k, colour.other()))
}

/// CHESS-4.1 / CHESS-4.2 — castling: the King moves two squares towards a Rook on its corner
/// and that Rook moves to the square the King passed over. Allowed only while the right is kept
/// (CHESS-4.3), every square between King and Rook is empty, the King is not in check, and
/// neither the square it passes over nor the one it lands on is attacked. Written as the King's
/// move (`e1g1`, `e1c1`). Each castling is reported to `trace` as a candidate, or as refused
/// with the first condition it fails.
fn castling_moves(
    setup: &Setup<ChessKind>,
    out: &mut Vec<Move<ChessKind>>,
    trace: &mut dyn Trace<ChessKind>,
) {
    let us = setup.turn;
    let rank = us.relative_rank(0, 8);
    let king = Square::new(4, rank);
    let rights = setup.castling[us];
    // (has the right, the squares between King and Rook, the King's path after e1, its target)
    let sides = [
        (rights.short, &[5u8, 6][..], &[5u8, 6][..], 6u8),
        (rights.long, &[1u8, 2, 3][..], &[3u8, 2][..], 2u8),
    ];
    for (right, between, path, target) in sides {
        let mv = Move::new(king, Square::new(target, rank));
        let on_rank = |f: &u8| Square::new(*f, rank);
        let refusal = if !right {
            Some(("CHESS-4.3", Why::NoCastlingRight))
        } else if let Some(sq) = between
            .iter()
            .map(on_rank)
            .find(|&sq| setup.piece_at(sq).is_some())
        {
            Some(("CHESS-4.2", Why::PathBlocked(sq)))
        } else if is_attacked(setup, king, us.other()) {
            Some(("CHESS-4.2", Why::InCheck))
        } else if let Some(sq) = path
            .iter()
            .map(on_rank)
            .find(|&sq| is_attacked(setup, sq, us.other()))
        {
            let why = if sq.file() == target {
                Why::LandsAttacked(sq)
            } else {
                Why::PassesAttacked(sq)
            };
            Some(("CHESS-4.2", why))
        } else {
            None
        };
        match refusal {
            None => {
                trace.candidate(&mv, "CHESS-4.1", "castling");
                out.push(mv);
            }
            Some((rule, why)) => trace.refused(&mv, rule, why),
        }
    }
}

/// Every move the side to move could make if check did not matter: each piece's own moves (with
/// promotions), the Pawns' double steps, en passant and castling.
fn pseudo_legal_moves(
    setup: &Setup<ChessKind>,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Move<ChessKind>> {
    let us = setup.turn;
    let mut out = Vec::new();
    for (from, p) in setup.pieces().filter(|(_, p)| p.colour == us) {
        for to in walk(setup, from, Purpose::Move, trace) {
            if p.kind == ChessKind::Pawn {
                with_promotions(from, to, us, &mut out, trace);
            } else {
                out.push(Move::new(from, to));
            }
        }
    }
    out.extend(pawn_double_steps(setup, trace));
    en_passant_moves(setup, &mut out, trace);
    castling_moves(setup, &mut out, trace);
    out
}

/// Plays a move on a setup, following every rule that changes more than the moving piece:
/// CHESS-4.1 (the Rook of a castling), CHESS-6.1 (the Pawn taken en passant), CHESS-5.1 (the
/// promoted piece), CHESS-4.3 (lost castling rights), CHESS-8.2 (the e.p. square after every
/// double step, the half-move clock and the move number).
fn apply(setup: &Setup<ChessKind>, mv: &Move<ChessKind>) -> Setup<ChessKind> {
    let mut next = setup.clone();
    let us = setup.turn;
    let Some(mover) = setup.piece_at(mv.from) else {
        return next;
    };
    let captured = setup.piece_at(mv.to);
    let is_pawn = mover.kind == ChessKind::Pawn;
    let file_distance = (mv.to.file() as i8 - mv.from.file() as i8).abs();
    let rank_distance = (mv.to.rank() as i8 - mv.from.rank() as i8).abs();

    next.set(mv.from, None);
    next.set(
        mv.to,
        Some(Piece::new(us, mv.promotion.unwrap_or(mover.kind))),
    );

    // CHESS-6.1: a Pawn moving diagonally onto the empty e.p. square takes the Pawn beside it.
    if is_pawn && file_distance == 1 && captured.is_none() {
        next.set(Square::new(mv.to.file(), mv.from.rank()), None);
    }
    // CHESS-4.1: a King moving two files castles; its Rook jumps to the square passed over.
    if mover.kind == ChessKind::King && file_distance == 2 {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.to.file() == 6 { (7, 5) } else { (0, 3) };
        next.set(Square::new(rook_from, rank), None);
        next.set(
            Square::new(rook_to, rank),
            Some(Piece::new(us, ChessKind::Rook)),
        );
    }
    lose_castling_rights(&mut next, mover, mv);

    // CHESS-8.2: the e.p. square is set after every double step, whether or not a capture is
    // possible.
    next.ep_square = if is_pawn && rank_distance == 2 {
        Some(Square::new(
            mv.from.file(),
            (mv.from.rank() + mv.to.rank()) / 2,
        ))
    } else {
        None
    };
    // CHESS-7.5: the half-move clock counts plies since the last capture or Pawn move.
    next.halfmove_clock = if is_pawn || captured.is_some() {
        0
    } else {
        setup.halfmove_clock.saturating_add(1)
    };
    if us == Colour::Black {
        next.fullmove_number = setup.fullmove_number.saturating_add(1);
    }
    next.turn = us.other();
    next
}

/// CHESS-4.3 — castling rights are lost for good: both when the King moves (castling included),
/// one when its Rook leaves its corner or is captured there.
fn lose_castling_rights(
    next: &mut Setup<ChessKind>,
    mover: Piece<ChessKind>,
    mv: &Move<ChessKind>,
) {
    if mover.kind == ChessKind::King {
        next.castling[mover.colour].short = false;
        next.castling[mover.colour].long = false;
    }
    for c in Colour::ALL {
        let rank = c.relative_rank(0, 8);
        for sq in [mv.from, mv.to] {
            if sq == Square::new(7, rank) {
                next.castling[c].short = false;
            }
            if sq == Square::new(0, rank) {
                next.castling[c].long = false;
            }
        }
    }
}

/// CHESS-7.1 — the legal moves: the moves after which the mover's own King is not attacked.
/// Tested by playing each move and looking ("make and test"); this covers pins, moving out of
/// check, the King stepping into attack, and en passant exposing the King along the rank.
pub fn legal_moves(setup: &Setup<ChessKind>) -> Vec<Move<ChessKind>> {
    legal_moves_traced(setup, &mut NoTrace)
}

/// [`legal_moves`], each rule reporting to `trace` what it made and what it refused; a move
/// refused by CHESS-7.1 with the King's square and its attackers.
pub fn legal_moves_traced(
    setup: &Setup<ChessKind>,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Move<ChessKind>> {
    let us = setup.turn;
    let mut moves = pseudo_legal_moves(setup, trace);
    moves.retain(|mv| {
        let after = apply(setup, mv);
        if !in_check(&after, us) {
            return true;
        }
        if trace.listening() {
            let king = king_square(&after, us).unwrap_or(Square::new(0, 0));
            let by = attackers(&after, king, us.other());
            trace.refused(mv, "CHESS-7.1", Why::LeavesKingAttacked { king, by });
        }
        false
    });
    moves
}

/// CHESS-7.2 / CHESS-7.3 — the game is over when the side to move has no legal move: checkmate
/// (a win for the other side) if it is in check, stalemate (a draw) if not.
pub fn outcome(setup: &Setup<ChessKind>) -> Option<Outcome> {
    if !legal_moves(setup).is_empty() {
        return None;
    }
    if in_check(setup, setup.turn) {
        Some(Outcome::win(setup.turn.other(), Reason::Checkmate))
    } else {
        Some(Outcome::draw(Reason::Stalemate))
    }
}

impl Generator<Chess> for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn switches(&self) -> &ChessSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Chess>) -> Vec<Move<ChessKind>> {
        legal_moves(pos.setup())
    }

    fn play_unchecked(&self, pos: &Position<Chess>, mv: &Move<ChessKind>) -> Position<Chess> {
        Position::new_unchecked(apply(pos.setup(), mv))
    }

    fn is_check(&self, pos: &Position<Chess>) -> bool {
        in_check(pos.setup(), pos.turn())
    }

    fn outcome(&self, pos: &Position<Chess>) -> Option<Outcome> {
        outcome(pos.setup())
    }
}
