//! Step moves counted for all pieces at once, direction by direction.
//!
//! Most Chu pieces step (CHU-3.2): Pawns, Go-Betweens, the generals, the Leopard, Tiger,
//! Elephant, King, and the steps of the Dragons, the side and vertical movers, the Flying Stag,
//! the Kirin and the Phoenix. The board keeps, for each side and each of the eight directions,
//! the set of its pieces that step that way ([`super::board::Board::steps`]); the squares they
//! reach are that set shifted one square ([`shift`]), and the moves are counted by population
//! count — some 20 set operations for the whole army instead of a table lookup and a count per
//! piece. Measured in instructions (valgrind's callgrind, `fairyspec perft chu 4`): the per-piece
//! count of the start position cost about 7,500 instructions a node.
//!
//! Every other move is counted piece by piece ([`PER_PIECE`]): slides, the Kirin's and the
//! Phoenix's jumps, the lion powers.

use super::bb::{Bb, WORD};
use super::tables::{add, for_colour, movement, walk, KINDS, SQUARES};

/// File 0 (the left edge) and file 11 (the right edge): squares a sideways shift must not take
/// across the edge.
const fn file(f: usize) -> Bb {
    let mut b = Bb::EMPTY;
    let mut r = 0;
    while r < 12 {
        b = b.with(12 * r + f);
        r += 1;
    }
    b
}
const NOT_LEFT: Bb = Bb([
    !file(0).0[0] & WORD,
    !file(0).0[1] & WORD,
    !file(0).0[2] & WORD,
]);
const NOT_RIGHT: Bb = Bb([
    !file(11).0[0] & WORD,
    !file(11).0[1] & WORD,
    !file(11).0[2] & WORD,
]);

/// The squares moved up by `k` (< 48) square indices; what leaves the board is dropped.
#[inline(always)]
const fn up(b: Bb, k: u32) -> Bb {
    let [a, m, c] = b.0;
    Bb([
        (a << k) & WORD,
        ((m << k) | (a >> (48 - k))) & WORD,
        ((c << k) | (m >> (48 - k))) & WORD,
    ])
}

/// The squares moved down by `k` (< 48) square indices.
#[inline(always)]
const fn down(b: Bb, k: u32) -> Bb {
    let [a, m, c] = b.0;
    Bb([
        (a >> k) | ((m << (48 - k)) & WORD),
        (m >> k) | ((c << (48 - k)) & WORD),
        c >> k,
    ])
}

/// Each square of `b` moved one step in direction `d` (N, NE, E, SE, S, SW, W, NW); steps off
/// the board are dropped.
#[inline(always)]
pub const fn shift(b: Bb, d: usize) -> Bb {
    match d {
        0 => up(b, 12),
        1 => up(b.intersect(NOT_RIGHT), 13),
        2 => up(b.intersect(NOT_RIGHT), 1),
        3 => down(b.intersect(NOT_RIGHT), 11),
        4 => down(b, 12),
        5 => down(b.intersect(NOT_LEFT), 13),
        6 => down(b.intersect(NOT_LEFT), 1),
        _ => up(b.intersect(NOT_LEFT), 11),
    }
}

const fn build_step_dirs() -> [[u8; KINDS]; 2] {
    let mut t = [[0; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            t[c][k] = for_colour(movement(k).step, c);
            k += 1;
        }
        c += 1;
    }
    t
}

/// `STEP_DIRS[colour][kind]`: the absolute directions the kind steps in (a lion's moves are
/// not steps here; they are counted piece by piece).
pub static STEP_DIRS: [[u8; KINDS]; 2] = build_step_dirs();

const fn build_per_piece() -> [bool; KINDS] {
    let mut t = [false; KINDS];
    let mut k = 0;
    while k < KINDS {
        let m = movement(k);
        t[k] = m.slide != 0 || m.jump != 0 || m.lion_dirs != 0 || m.lion;
        k += 1;
    }
    t
}

/// `PER_PIECE[kind]`: whether the kind has moves other than steps (slides, jumps, lion
/// powers), counted piece by piece.
pub static PER_PIECE: [bool; KINDS] = build_per_piece();

/// The kinds with jumps: none, the Kirin (D), the Phoenix (A), the Soaring Eagle and the
/// Horned Falcon (a step and a jump on each lion ray). Index into [`JUMPS`].
const fn jump_class(k: usize) -> usize {
    use crate::chu::ChuKind as K;
    match k {
        x if x == K::Kirin as usize => 1,
        x if x == K::Phoenix as usize => 2,
        x if x == K::SoaringEagle as usize => 3,
        x if x == K::HornedFalcon as usize => 4,
        _ => 0,
    }
}

const fn build_jump_class() -> [u8; KINDS] {
    let mut t = [0; KINDS];
    let mut k = 0;
    while k < KINDS {
        t[k] = jump_class(k) as u8;
        k += 1;
    }
    t
}

/// `JUMP_CLASS[kind]`: the kind's row of [`JUMPS`] (0: no jumps).
pub static JUMP_CLASS: [u8; KINDS] = build_jump_class();

const fn build_jumps() -> [[[Bb; SQUARES]; 5]; 2] {
    use crate::chu::ChuKind as K;
    let kinds = [
        K::King as usize,
        K::Kirin as usize,
        K::Phoenix as usize,
        K::SoaringEagle as usize,
        K::HornedFalcon as usize,
    ];
    let mut t = [[[Bb::EMPTY; SQUARES]; 5]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 1;
        while i < 5 {
            let m = movement(kinds[i]);
            let (jump, lion_dirs) = (for_colour(m.jump, c), for_colour(m.lion_dirs, c));
            let mut sq = 0;
            while sq < SQUARES {
                let mut b = Bb::EMPTY;
                let mut d = 0;
                while d < 8 {
                    if jump >> d & 1 != 0 {
                        b = add(b, walk(sq, d, 2));
                    }
                    if lion_dirs >> d & 1 != 0 {
                        b = add(b, walk(sq, d, 1));
                        b = add(b, walk(sq, d, 2));
                    }
                    d += 1;
                }
                t[c][i][sq] = b;
                sq += 1;
            }
            i += 1;
        }
        c += 1;
    }
    t
}

/// `JUMPS[colour][class][sq]`: the Kirin's and Phoenix's jumps, the Eagle's and Falcon's two
/// squares on each lion ray (34 KB; the steps are shifts, [`shift`]).
pub static JUMPS: [[[Bb; SQUARES]; 5]; 2] = build_jumps();
