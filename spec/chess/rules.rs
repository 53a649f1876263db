//! CHESS — the reference generator: the FIDE rules written out one function per rule, on the
//! mailbox [`Setup`], with legality decided by playing the move and looking at the King
//! ("make and test"). Nothing is precomputed; read it beside SPEC.md's CHESS chapter.
//!
//! This file shares no logic with [`super::bitboard`]; the tests hold the two to each other.

use super::{Chess, ChessKind, ChessSwitches};
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

/// CHESS-3.1 — a line piece moves any number of empty squares along a direction and may end on
/// the first occupied square if an enemy piece stands there (capturing it).
fn slide(setup: &Setup<ChessKind>, from: Square, directions: &[Offset], out: &mut Vec<Square>) {
    for &dir in directions {
        let mut sq = from;
        while let Some(next) = BOARD.offset(sq, dir) {
            out.push(next);
            if setup.piece_at(next).is_some() {
                break;
            }
            sq = next;
        }
    }
}

/// CHESS-3.1 — a stepping or leaping piece reaches each target square directly.
fn leap(from: Square, offsets: &[Offset], out: &mut Vec<Square>) {
    out.extend(offsets.iter().filter_map(|&off| BOARD.offset(from, off)));
}

/// CHESS-3.3 — the King steps to any adjacent square.
fn king_steps(from: Square, out: &mut Vec<Square>) {
    leap(from, &ORTHOGONAL, out);
    leap(from, &DIAGONAL, out);
}

/// CHESS-3.2 — the squares a Pawn attacks: the two squares diagonally in front of it.
fn pawn_attacks(from: Square, colour: Colour, out: &mut Vec<Square>) {
    let fwd = colour.forward();
    leap(from, &[Offset::new(-1, fwd), Offset::new(1, fwd)], out);
}

/// The squares the piece on `from` attacks (CHESS-3.2 to 3.7): where it could capture an enemy
/// piece if one stood there. Own pieces on those squares are included (they are "defended").
/// Empty if `from` is empty.
pub fn attacks(setup: &Setup<ChessKind>, from: Square) -> Vec<Square> {
    let mut out = Vec::new();
    let Some(p) = setup.piece_at(from) else {
        return out;
    };
    match p.kind {
        // CHESS-3.3: one step in any direction.
        ChessKind::King => king_steps(from, &mut out),
        // CHESS-3.4: slides along ranks, files and diagonals.
        ChessKind::Queen => {
            slide(setup, from, &ORTHOGONAL, &mut out);
            slide(setup, from, &DIAGONAL, &mut out);
        }
        // CHESS-3.5: slides along ranks and files.
        ChessKind::Rook => slide(setup, from, &ORTHOGONAL, &mut out),
        // CHESS-3.6: slides along diagonals.
        ChessKind::Bishop => slide(setup, from, &DIAGONAL, &mut out),
        // CHESS-3.7: jumps two squares one way and one at right angles.
        ChessKind::Knight => leap(from, &KNIGHT_JUMPS, &mut out),
        // CHESS-3.2: attacks the two squares diagonally in front.
        ChessKind::Pawn => pawn_attacks(from, p.colour, &mut out),
    }
    out
}

/// The squares the piece on `from` may move to by its own movement (CHESS-3.1 to 3.7), ignoring
/// check: attacked squares not holding an own piece, except for the Pawn, which captures on its
/// attacked squares only and otherwise moves straight ahead (CHESS-3.2: one step, or two from
/// its start rank, both onto empty squares only). Castling and en passant are rules of their
/// own (`castling_moves` and `en_passant_moves` in this file). Empty if `from` is empty.
pub fn piece_moves(setup: &Setup<ChessKind>, from: Square) -> Vec<Square> {
    let Some(p) = setup.piece_at(from) else {
        return Vec::new();
    };
    if p.kind == ChessKind::Pawn {
        return pawn_moves(setup, from, p.colour);
    }
    attacks(setup, from)
        .into_iter()
        .filter(|&to| setup.piece_at(to).map(|q| q.colour) != Some(p.colour))
        .collect()
}

/// CHESS-3.2 — the Pawn: one step straight forward onto an empty square; from its start rank
/// also two steps, both squares empty; a capture one step diagonally forward onto an enemy piece.
fn pawn_moves(setup: &Setup<ChessKind>, from: Square, colour: Colour) -> Vec<Square> {
    let mut out = Vec::new();
    let fwd = colour.forward();
    if let Some(one) = BOARD.offset(from, Offset::new(0, fwd)) {
        if setup.piece_at(one).is_none() {
            out.push(one);
            let on_start_rank = from.rank() == colour.relative_rank(1, 8);
            if let Some(two) = BOARD.offset(one, Offset::new(0, fwd)) {
                if on_start_rank && setup.piece_at(two).is_none() {
                    out.push(two);
                }
            }
        }
    }
    let mut diagonals = Vec::new();
    pawn_attacks(from, colour, &mut diagonals);
    out.extend(
        diagonals
            .into_iter()
            .filter(|&to| setup.piece_at(to).map(|q| q.colour) == Some(colour.other())),
    );
    out
}

/// CHESS-5.1 — a Pawn reaching its last rank is replaced, as part of the same move, by a Queen,
/// Rook, Bishop or Knight of its colour (the player's choice): one move per choice.
fn with_promotions(from: Square, to: Square, colour: Colour, out: &mut Vec<Move<ChessKind>>) {
    if to.rank() == colour.relative_rank(7, 8) {
        for kind in ChessKind::PROMOTIONS {
            out.push(Move::promoting(from, to, kind));
        }
    } else {
        out.push(Move::new(from, to));
    }
}

/// CHESS-6.1 — en passant: right after an enemy Pawn's double step, a Pawn that attacks the
/// square it passed over (the FEN's e.p. square) may capture it as if it had moved one step.
fn en_passant_moves(setup: &Setup<ChessKind>, out: &mut Vec<Move<ChessKind>>) {
    let Some(ep) = setup.ep_square else { return };
    let us = setup.turn;
    for (from, p) in setup.pieces() {
        if p == Piece::new(us, ChessKind::Pawn) && attacks(setup, from).contains(&ep) {
            out.push(Move::new(from, ep));
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

/// CHESS-3.8 — whether `colour`'s King is attacked ("in check").
pub fn in_check(setup: &Setup<ChessKind>, colour: Colour) -> bool {
    king_square(setup, colour).is_some_and(|k| is_attacked(setup, k, colour.other()))
}

/// CHESS-4.1 / CHESS-4.2 — castling: the King moves two squares towards a Rook on its corner
/// and that Rook moves to the square the King passed over. Allowed only while the right is kept
/// (CHESS-4.3), every square between King and Rook is empty, the King is not in check, and
/// neither the square it passes over nor the one it lands on is attacked. Written as the King's
/// move (`e1g1`, `e1c1`).
fn castling_moves(setup: &Setup<ChessKind>, out: &mut Vec<Move<ChessKind>>) {
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
        let empty = between
            .iter()
            .all(|&f| setup.piece_at(Square::new(f, rank)).is_none());
        if !right || !empty || is_attacked(setup, king, us.other()) {
            continue;
        }
        let safe = path
            .iter()
            .all(|&f| !is_attacked(setup, Square::new(f, rank), us.other()));
        if safe {
            out.push(Move::new(king, Square::new(target, rank)));
        }
    }
}

/// Every move the side to move could make if check did not matter: each piece's own moves (with
/// promotions), en passant and castling.
fn pseudo_legal_moves(setup: &Setup<ChessKind>) -> Vec<Move<ChessKind>> {
    let us = setup.turn;
    let mut out = Vec::new();
    for (from, p) in setup.pieces().filter(|(_, p)| p.colour == us) {
        for to in piece_moves(setup, from) {
            if p.kind == ChessKind::Pawn {
                with_promotions(from, to, us, &mut out);
            } else {
                out.push(Move::new(from, to));
            }
        }
    }
    en_passant_moves(setup, &mut out);
    castling_moves(setup, &mut out);
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
    let us = setup.turn;
    pseudo_legal_moves(setup)
        .into_iter()
        .filter(|mv| !in_check(&apply(setup, mv), us))
        .collect()
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
