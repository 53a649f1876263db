//! CHESS — the reference generator: the FIDE rules written out one function per rule, on the
//! mailbox [`Setup`], with legality decided by playing the move and looking at the King
//! ("make and test"). Nothing is precomputed; read it beside SPEC.md's CHESS chapter.
//!
//! This file shares no logic with [`super::bitboard`]; the tests hold the two to each other.

use super::{Chess, ChessKind, ChessSwitches};
use crate::mailbox::fide::{self, Castling, FideRules};
use crate::mailbox::{MailboxRules, MovementRow};
use crate::trace::{NoTrace, Rule, Trace};
use crate::{Colour, Generator, Move, Offset, Outcome, Position, Reason, Setup, Shape, Square};

/// The reference generator of orthodox chess.
pub struct Reference {
    switches: ChessSwitches,
}

impl Reference {
    pub fn new(switches: ChessSwitches) -> Reference {
        Reference { switches }
    }
}

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

/// The eight Knight jumps (Betza `N`).
use crate::mailbox::directions::KNIGHT as KNIGHT_JUMPS;

/// The movement helpers of the reference generators (`spec/mailbox.rs`): [`Walk::step`],
/// [`Walk::leap`], [`Walk::slide`] and the Pawn's [`Walk::step_to_empty`] /
/// [`Walk::step_to_capture`] (CHESS-3.1). A slide stops at the first piece and may not pass
/// over it; a leap ignores what stands between.
type Walk<'a> = crate::mailbox::Walk<'a, ChessKind>;

/// Straight and diagonally forward, for the owner of the piece (the walk turns them round for
/// Black).
use crate::mailbox::directions::{FORWARD, FORWARD_LEFT, FORWARD_RIGHT};

/// CHESS-3.3 — King: one step in any direction. (Castling: `castling_moves`.)
fn king(w: &mut Walk) {
    w.steps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// CHESS-3.4 — Queen: slides along ranks, files and diagonals.
fn queen(w: &mut Walk) {
    w.slides(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// CHESS-3.5 — Rook: slides along ranks and files.
fn rook(w: &mut Walk) {
    w.slides(ORTHOGONAL);
}

/// CHESS-3.6 — Bishop: slides along diagonals.
fn bishop(w: &mut Walk) {
    w.slides(DIAGONAL);
}

/// CHESS-3.7 — Knight: jumps two squares one way and one at right angles, over any pieces.
fn knight(w: &mut Walk) {
    w.leaps(KNIGHT_JUMPS);
}

/// CHESS-3.2 — Pawn: one step straight forward to an empty square; captures one step
/// diagonally forward (it attacks those two squares only). The double step and en passant are
/// rules of their own (`pawn_double_steps`, `en_passant_moves`).
fn pawn(w: &mut Walk) {
    w.step_to_empty(FORWARD);
    w.step_to_capture(FORWARD_LEFT);
    w.step_to_capture(FORWARD_RIGHT);
}

/// CHESS-3 — the pieces' movement, kind by kind: the rule a traced walk cites, then the walk.
const MOVEMENT: [MovementRow<ChessKind>; 6] = [
    (ChessKind::King, "CHESS-3.3", king),
    (ChessKind::Queen, "CHESS-3.4", queen),
    (ChessKind::Rook, "CHESS-3.5", rook),
    (ChessKind::Bishop, "CHESS-3.6", bishop),
    (ChessKind::Knight, "CHESS-3.7", knight),
    (ChessKind::Pawn, "CHESS-3.2", pawn),
];

impl MailboxRules for ChessKind {
    const MOVEMENT: &'static [MovementRow<ChessKind>] = &MOVEMENT;
}

/// CHESS-3.1 to CHESS-3.8 — what the pieces' movement gives, worked out once for every
/// reference ([`crate::mailbox`]): the squares the piece on `from` may move to ([`piece_moves`],
/// ignoring check: empty squares and enemy pieces' squares its movement reaches, the Pawn
/// moving straight and capturing diagonally; the double step, castling and en passant are rules
/// of their own), the same reported to a trace with the Pawn's double step
/// ([`piece_moves_traced`]), the squares it attacks ([`attacks`]: where it could capture an
/// enemy piece if one stood there, own pieces included), whether a piece of a side attacks a
/// square ([`is_attacked`], CHESS-3.8) and which pieces do ([`attackers`], for the explanation of
/// CHESS-7.1), and whether a side's King is attacked, "in check" ([`in_check`], CHESS-3.8).
pub use crate::mailbox::{
    attackers, attacks, fide::piece_moves_traced, in_check, is_attacked, piece_moves,
};

/// CHESS-3.2 — the Pawn's double step: from its start rank a Pawn may move two squares straight
/// forward if both squares are empty.
fn pawn_double_steps(
    setup: &Setup<ChessKind>,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Move<ChessKind>> {
    fide::pawn_double_steps(setup, ChessKind::Pawn, "CHESS-3.2", trace)
}

/// CHESS-5.1 — a Pawn reaching its last rank is replaced, as part of the same move, by a Queen,
/// Rook, Bishop or Knight of its colour (the player's choice): one move per choice.
impl FideRules for ChessKind {
    fn promotions(self, owner: Colour, to: Square, shape: Shape) -> &'static [ChessKind] {
        if self == ChessKind::Pawn && to.rank() == shape.last_rank_of(owner) {
            &ChessKind::PROMOTIONS
        } else {
            &[]
        }
    }

    const PROMOTION: (Rule, &'static str) = ("CHESS-5.1", "promotion");

    /// CHESS-3.2: the Pawn\'s double step.
    const DOUBLE_STEP: Rule = "CHESS-3.2";
}

/// CHESS-6.1 — en passant: right after an enemy Pawn's double step, a Pawn that attacks the
/// square it passed over (the FEN's e.p. square) may capture it as if it had moved one step.
fn en_passant(setup: &Setup<ChessKind>, trace: &mut dyn Trace<ChessKind>) -> Vec<Move<ChessKind>> {
    fide::en_passant(setup, ChessKind::Pawn, "CHESS-6.1", trace)
}

/// CHESS-4.1 — castling: the King moves two squares towards a Rook on its corner and that Rook
/// moves to the square the King passed over. Written as the King's move (`e1g1`, `e1c1`).
///
/// CHESS-4.3 — castling rights are lost for good ([`fide::update_castling_rights`]): both when
/// the King moves (castling included), one when its Rook leaves its corner or is captured there.
const CASTLING: Castling<ChessKind> = Castling::on_eight_files(
    |kind| kind == ChessKind::Rook,
    |kind| kind == ChessKind::Rook,
    ["CHESS-4.1", "CHESS-4.2", "CHESS-4.3"],
);

/// CHESS-4.2 — castling is allowed only while the right is kept (CHESS-4.3), King and Rook stand
/// on their squares (as CHESS-2.5 asks of every right), every square between them is empty, the
/// King is not in check, and neither the square it passes over nor the one it lands on is
/// attacked ([`fide::castlings`]). Each castling is reported to `trace` as a candidate, or as
/// refused with the first condition it fails.
fn castlings(setup: &Setup<ChessKind>, trace: &mut dyn Trace<ChessKind>) -> Vec<Move<ChessKind>> {
    fide::castlings(setup, &CASTLING, trace)
}

/// Every move the side to move could make if check did not matter: each piece's own moves (with
/// promotions, [`fide::ordinary_moves`]), the Pawns' double steps, en passant and castling.
fn pseudo_legal_moves(
    setup: &Setup<ChessKind>,
    trace: &mut dyn Trace<ChessKind>,
) -> Vec<Move<ChessKind>> {
    let mut out = fide::ordinary_moves(setup, trace);
    out.extend(pawn_double_steps(setup, trace));
    out.extend(en_passant(setup, trace));
    out.extend(castlings(setup, trace));
    out
}

/// Plays a move on a setup ([`fide::play`]), following every rule that changes more than the
/// moving piece: CHESS-4.1 (the Rook of a castling), CHESS-6.1 (the Pawn taken en passant),
/// CHESS-5.1 (the promoted piece), CHESS-4.3 (lost castling rights), CHESS-8.2 (the e.p. square
/// after every double step, whether or not a capture is possible), CHESS-7.5 (the half-move
/// clock counts plies since the last capture or Pawn move; the move number).
fn apply(setup: &Setup<ChessKind>, mv: &Move<ChessKind>) -> Setup<ChessKind> {
    fide::play(setup, &CASTLING, mv)
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
    let mut moves = pseudo_legal_moves(setup, trace);
    moves.retain(|mv| fide::keeps_king_safe(setup, &CASTLING, mv, "CHESS-7.1", trace));
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
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Reference
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
