//! [`Setup`]: a not necessarily legal position, exactly what a FEN can say.
//!
//! A `Setup` has public fields and no invariants. The only way to a [`crate::Position`] is a game's
//! validation ([`crate::Game::validate`]), which checks the rules of that game.

use crate::{ByColour, Colour, Kind, Piece, Shape, Square};
use serde::{Deserialize, Serialize};

/// Which castlings a side may still make: `short` towards the high file (h in chess and Kuma,
/// i in Hunterbeest; FEN `K`/`k`), `long` towards the a-file (FEN `Q`/`q`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CastleSides {
    pub short: bool,
    pub long: bool,
}

/// Castling rights of both sides.
pub type Castling = ByColour<CastleSides>;

/// How a game's two armies map onto each other, and so how a position maps onto its
/// colour-swapped twin with the same move counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Ranks flipped ([`Setup::mirrored`]): chess, Kuma, Congo.
    Mirror,
    /// Board turned 180° ([`Setup::rotated`]): Hunterbeest, Chu Shogi.
    Rotation,
}

impl Symmetry {
    /// The colour-swapped twin of `setup` under this symmetry.
    pub fn apply<K: Kind>(self, setup: &Setup<K>) -> Setup<K> {
        match self {
            Symmetry::Mirror => setup.mirrored(),
            Symmetry::Rotation => setup.rotated(),
        }
    }

    /// Where `sq` goes under this symmetry on a board of `shape`.
    pub fn square(self, shape: Shape, sq: Square) -> Square {
        match self {
            Symmetry::Mirror => shape.flip_rank(sq),
            Symmetry::Rotation => shape.rotate(sq),
        }
    }
}

/// A raw position: any board, side, rights and counters a FEN can express.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup<K> {
    pub shape: Shape,
    /// The squares in mailbox order ([`Shape::index`]); `None` is empty.
    pub board: Vec<Option<Piece<K>>>,
    pub turn: Colour,
    pub castling: Castling,
    /// The square a pawn just passed over with a double step, as the FEN gives it.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move (fifty-move rule).
    pub halfmove_clock: u32,
    /// The move number as the FEN gives it (FIDE: starts at 1; Congo's course files start at 0).
    pub fullmove_number: u32,
    /// Chu Shogi's counter-strike square (a lion just captured there by a non-lion).
    pub counter_strike: Option<Square>,
}

impl<K: Kind> Setup<K> {
    /// An empty board of the given shape, White to move, no rights, move 1.
    pub fn empty(shape: Shape) -> Setup<K> {
        Setup {
            shape,
            board: vec![None; shape.len()],
            turn: Colour::White,
            castling: Castling::default(),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            counter_strike: None,
        }
    }

    /// The piece on `sq`; `None` if the square is empty or off the board.
    pub fn piece_at(&self, sq: Square) -> Option<Piece<K>> {
        if self.shape.contains(sq) {
            self.board.get(self.shape.index(sq)).copied().flatten()
        } else {
            None
        }
    }

    /// Puts `piece` on `sq` (or empties it). Squares off the board are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece<K>>) {
        if self.shape.contains(sq) {
            let i = self.shape.index(sq);
            if let Some(slot) = self.board.get_mut(i) {
                *slot = piece;
            }
        }
    }

    /// Every occupied square with its piece, in mailbox order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece<K>)> + '_ {
        self.shape
            .squares()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares holding `piece`.
    pub fn squares_of(&self, piece: Piece<K>) -> Vec<Square> {
        self.pieces()
            .filter(|&(_, p)| p == piece)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The colour-mirrored setup: ranks flipped, colours swapped, side and rights exchanged.
    /// For games whose two armies are mirror images (chess, Kuma, Congo) the mirror has the same
    /// move counts.
    pub fn mirrored(&self) -> Setup<K> {
        self.transformed(|shape, sq| shape.flip_rank(sq))
    }

    /// The colour-rotated setup: the board turned 180°, colours swapped, side and rights
    /// exchanged (short and long castling exchange too, as the wings swap). For games whose armies
    /// are rotations of each other (Hunterbeest, Chu Shogi).
    pub fn rotated(&self) -> Setup<K> {
        let mut s = self.transformed(|shape, sq| shape.rotate(sq));
        s.castling = ByColour::new_with(|c| CastleSides {
            short: s.castling[c].long,
            long: s.castling[c].short,
        });
        s
    }

    fn transformed(&self, map: impl Fn(Shape, Square) -> Square) -> Setup<K> {
        let mut out = Setup {
            board: vec![None; self.shape.len()],
            turn: self.turn.other(),
            castling: self.castling.swapped(),
            ep_square: self.ep_square.map(|sq| map(self.shape, sq)),
            counter_strike: self.counter_strike.map(|sq| map(self.shape, sq)),
            ..self.clone()
        };
        for (sq, p) in self.pieces() {
            out.set(
                map(self.shape, sq),
                Some(Piece::new(p.colour.other(), p.kind)),
            );
        }
        out
    }
}
