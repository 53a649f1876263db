//! [`MailboxRules`]: what a reference generator says about its pieces, and what follows from it
//! once for every game: the squares a piece reaches, the attack test, check.

use super::{Purpose, Walk};
use crate::trace::{NoTrace, Rule, Trace, Why};
use crate::{Colour, Kind, Piece, Setup, Square};

/// One row of a game's movement table ([`MailboxRules::MOVEMENT`]): a kind, the rule of SPEC.md
/// that says how it moves (the one each line of its walk reports, `KUMA-3.5`), and the function
/// that walks it — its Betza string spelt out as calls to a [`Walk`].
pub type MovementRow<K> = (K, Rule, fn(&mut Walk<'_, K>));

/// The pieces of a game as its reference generator moves them on a mailbox board. Each game
/// implements it on its kind, in its `rules.rs`, with one table beside the piece functions it
/// names ([`MailboxRules::MOVEMENT`]). The questions every reference asks follow here, once:
/// the squares a piece reaches ([`piece_moves`]), the attack test ([`is_attacked`],
/// [`attackers`]) and check ([`in_check`]); the chess-like games' move loop, castling, en passant
/// and clocks are in [`super::fide`].
pub trait MailboxRules: Kind {
    /// How each kind moves: one row a kind, every kind of [`Kind::ALL`] once (a test of each
    /// game holds the table to that).
    const MOVEMENT: &'static [MovementRow<Self>];

    /// The rule of SPEC.md that says how pieces of this kind move: the one each line of the
    /// walk reports (`KUMA-3.5`); `"?"` for a kind the table leaves out.
    fn movement_rule(self) -> Rule {
        movement_row(self).map_or("?", |row| row.1)
    }

    /// Walks the movement of a piece of this kind: its Betza string as calls to `w` (nothing
    /// for a kind the table leaves out).
    fn walk(self, w: &mut Walk<'_, Self>) {
        if let Some(row) = movement_row(self) {
            (row.2)(w);
        }
    }
}

/// The row of `kind` in its game's movement table.
fn movement_row<K: MailboxRules>(kind: K) -> Option<&'static MovementRow<K>> {
    K::MOVEMENT.iter().find(|row| row.0 == kind)
}

/// Walks the movement of the piece on `from` for `purpose`, reporting each line to `trace` with
/// the piece's movement rule; nothing if `from` is empty.
pub fn walk<K: MailboxRules>(
    setup: &Setup<K>,
    from: Square,
    purpose: Purpose,
    trace: &mut dyn Trace<K>,
) -> Vec<Square> {
    let Some(piece) = setup.piece_at(from) else {
        return Vec::new();
    };
    let rule = piece.kind.movement_rule();
    let mut w = Walk::traced(setup, from, piece.colour, purpose, trace, rule);
    piece.kind.walk(&mut w);
    w.into_squares()
}

/// The squares the piece on `from` may move to by its own movement, on this board: empty
/// squares and squares of enemy pieces, never an own piece's square (KUMA-3.1, BHB-3.1,
/// CHESS-3.1, CHU-3.1). Check, castling, the Pawn's double step, en passant and a lion's
/// second step are not considered. Empty if `from` is empty.
pub fn piece_moves<K: MailboxRules>(setup: &Setup<K>, from: Square) -> Vec<Square> {
    walk(setup, from, Purpose::Move, &mut NoTrace)
}

/// [`piece_moves`], reporting each line of the piece's movement to `trace` (for
/// `fairyspec explain` and `fairyspec diagram`). (The FIDE-like games add the Pawn's double
/// step: [`super::fide::piece_moves_traced`].)
pub fn piece_moves_traced<K: MailboxRules>(
    setup: &Setup<K>,
    from: Square,
    trace: &mut dyn Trace<K>,
) -> Vec<Square> {
    walk(setup, from, Purpose::Move, trace)
}

/// The squares the piece on `from` attacks: where it could capture an enemy piece if one stood
/// there (for a Pawn, only its capturing steps). Own pieces on those squares are included (they
/// are defended). Empty if `from` is empty.
pub fn attacks<K: MailboxRules>(setup: &Setup<K>, from: Square) -> Vec<Square> {
    walk(setup, from, Purpose::Attack, &mut NoTrace)
}

/// Whether a piece of `by` attacks `sq` ([`attacks`]). A square holding a piece of `by` itself
/// counts as attacked when another piece of `by` covers it.
pub fn is_attacked<K: MailboxRules>(setup: &Setup<K>, sq: Square, by: Colour) -> bool {
    setup
        .pieces()
        .filter(|&(_, piece)| piece.colour == by)
        .any(|(from, _)| attacks(setup, from).contains(&sq))
}

/// The pieces of `by` that attack `sq` (for the explanation of a move refused because it leaves
/// the King attacked: which pieces would take it).
pub fn attackers<K: MailboxRules>(
    setup: &Setup<K>,
    sq: Square,
    by: Colour,
) -> Vec<(Square, Piece<K>)> {
    setup
        .pieces()
        .filter(|&(from, piece)| piece.colour == by && attacks(setup, from).contains(&sq))
        .collect()
}

/// The square of `colour`'s King ([`Kind::KING`]), if it has one (only an invalid setup of a
/// game with a King has none).
pub fn king_square<K: MailboxRules>(setup: &Setup<K>, colour: Colour) -> Option<Square> {
    let king = Piece::new(colour, K::KING?);
    setup.pieces().find(|&(_, p)| p == king).map(|(sq, _)| sq)
}

/// Whether `colour`'s King is attacked by the other side ("in check"). `false` if `colour` has
/// no King.
pub fn in_check<K: MailboxRules>(setup: &Setup<K>, colour: Colour) -> bool {
    king_square(setup, colour).is_some_and(|sq| is_attacked(setup, sq, colour.other()))
}

/// The reason a move is illegal in a game with check: `colour`'s King (after the move) and the
/// pieces attacking it.
pub fn king_attacked<K: MailboxRules>(setup: &Setup<K>, colour: Colour) -> Why<K> {
    let king = king_square(setup, colour).unwrap_or(Square::new(0, 0));
    Why::LeavesKingAttacked {
        king,
        by: attackers(setup, king, colour.other()),
    }
}
