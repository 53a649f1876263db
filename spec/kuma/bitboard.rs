//! KUMA — the bitboard generator (STUB: being written).

use super::{Kuma, KumaKind, KumaSwitches};
use crate::{Generator, Move, Outcome, Position};

/// The reference generator of Kuma Chess.
pub struct Bitboard {
    switches: KumaSwitches,
}

impl Bitboard {
    pub fn new(switches: KumaSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

impl Generator<Kuma> for Bitboard {
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
