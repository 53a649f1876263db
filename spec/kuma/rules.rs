//! KUMA — the reference generator (STUB: being written).

use super::{Kuma, KumaKind, KumaSwitches};
use crate::{Colour, Generator, Move, Outcome, Position, Setup, Square};

/// The reference generator of Kuma Chess.
pub struct Reference {
    switches: KumaSwitches,
}

impl Reference {
    pub fn new(switches: KumaSwitches) -> Reference {
        Reference { switches }
    }
}

/// The squares the piece on `from` may move to by its own movement (KUMA-3), on this board,
/// ignoring check, castling, double steps and e.p.: empty squares and enemy-occupied squares.
/// Empty if `from` is empty.
pub fn piece_moves(setup: &Setup<KumaKind>, from: Square) -> Vec<Square> {
    let _ = (setup, from);
    todo!()
}

/// Whether a piece of `by` attacks `sq`.
pub fn is_attacked(setup: &Setup<KumaKind>, sq: Square, by: Colour) -> bool {
    let _ = (setup, sq, by);
    todo!()
}

/// Whether `colour`'s King is attacked.
pub fn in_check(setup: &Setup<KumaKind>, colour: Colour) -> bool {
    let _ = (setup, colour);
    todo!()
}

impl Generator<Kuma> for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }
    fn switches(&self) -> &KumaSwitches {
        &self.switches
    }
    fn legal_moves(&self, _pos: &Position<Kuma>) -> Vec<Move<KumaKind>> {
        todo!()
    }
    fn play_unchecked(&self, _pos: &Position<Kuma>, _mv: &Move<KumaKind>) -> Position<Kuma> {
        todo!()
    }
    fn is_check(&self, _pos: &Position<Kuma>) -> bool {
        todo!()
    }
    fn outcome(&self, _pos: &Position<Kuma>) -> Option<Outcome> {
        todo!()
    }
}
