//! The directions of the chess-like games' movement (KUMA-1.1, BHB-1.1, CHESS-1.1), written once
//! for the reference generators that name them. They are written from White's side, as
//! owner-relative offsets: a [`super::Walk`] turns them round for Black
//! ([`Offset::for_colour`]), so "forward" is always towards the owner's opponent.

use crate::Offset;

/// One step straight towards the opponent.
pub const FORWARD: Offset = Offset::new(0, 1);
/// One step straight back.
pub const BACKWARD: Offset = Offset::new(0, -1);
/// One step to the left, seen from White's side.
pub const LEFT: Offset = Offset::new(-1, 0);
/// One step to the right, seen from White's side.
pub const RIGHT: Offset = Offset::new(1, 0);
/// One step diagonally forward and left.
pub const FORWARD_LEFT: Offset = Offset::new(-1, 1);
/// One step diagonally forward and right.
pub const FORWARD_RIGHT: Offset = Offset::new(1, 1);
/// One step diagonally back and left.
pub const BACKWARD_LEFT: Offset = Offset::new(-1, -1);
/// One step diagonally back and right.
pub const BACKWARD_RIGHT: Offset = Offset::new(1, -1);

/// The four orthogonal directions (Betza `W`, `R`).
pub const ORTHOGONAL: [Offset; 4] = [FORWARD, BACKWARD, LEFT, RIGHT];
/// The four diagonal directions (Betza `F`, `B`).
pub const DIAGONAL: [Offset; 4] = [FORWARD_LEFT, FORWARD_RIGHT, BACKWARD_LEFT, BACKWARD_RIGHT];

/// The eight Knight leaps (Betza `N`): two squares one way and one square at right angles, over
/// whatever stands between (CHESS-3.7; the Congo Zebra, CONGO-3.3).
pub const KNIGHT: [Offset; 8] = [
    Offset::new(1, 2),
    Offset::new(2, 1),
    Offset::new(2, -1),
    Offset::new(1, -2),
    Offset::new(-1, -2),
    Offset::new(-2, -1),
    Offset::new(-2, 1),
    Offset::new(-1, 2),
];
