//! The bit layout of the 7 × 7 board and the tables filled at compile time: leaps, steps, monkey
//! jumps, the river, the castles and the lines of the flying capture.

use crate::congo::CongoKind;
use crate::Kind;

pub(super) type Bb = u64;

pub(super) const SQUARES: usize = 49;
pub(super) const NONE: u8 = 64;

// Kind indices: each kind's place in [`CongoKind`]'s declaration order, which is
// [`Kind::ALL`]'s order (a test in `tests/all/spec_tables.rs` holds them to each other).
pub(super) const LION: usize = CongoKind::Lion as usize;
pub(super) const ZEBRA: usize = CongoKind::Zebra as usize;
pub(super) const ELEPHANT: usize = CongoKind::Elephant as usize;
pub(super) const GIRAFFE: usize = CongoKind::Giraffe as usize;
pub(super) const CROCODILE: usize = CongoKind::Crocodile as usize;
pub(super) const MONKEY: usize = CongoKind::Monkey as usize;
pub(super) const PAWN: usize = CongoKind::Pawn as usize;
pub(super) const SUPERPAWN: usize = CongoKind::Superpawn as usize;

/// The kind of each index.
pub(super) const KINDS: &[CongoKind] = <CongoKind as Kind>::ALL;

pub(super) const WHITE: usize = 0;
pub(super) const BLACK: usize = 1;

pub(super) const fn bit(sq: usize) -> Bb {
    1u64 << sq
}

pub(super) const fn rank_mask(rank: usize) -> Bb {
    0x7f << (rank * 7)
}

/// CONGO-1.2: rank 4.
pub(super) const RIVER: Bb = rank_mask(3);
/// The last rank of each side (White's rank 7, Black's rank 1).
pub(super) const LAST_RANK: [Bb; 2] = [rank_mask(6), rank_mask(0)];
/// CONGO-3.8: the ranks beyond the river for each side.
pub(super) const BEYOND_RIVER: [Bb; 2] = [
    rank_mask(4) | rank_mask(5) | rank_mask(6),
    rank_mask(0) | rank_mask(1) | rank_mask(2),
];

pub(super) const fn castle(low_rank: usize) -> Bb {
    let mut bb = 0;
    let mut r = low_rank;
    while r < low_rank + 3 {
        bb |= 0b11100 << (r * 7);
        r += 1;
    }
    bb
}

/// CONGO-1.2: c1–e3 and c5–e7.
pub(super) const CASTLE: [Bb; 2] = [castle(0), castle(4)];

/// Direction indices into [`DIRS`]: 0 up, 1 down, 2 right, 3 left, 4 up-right, 5 up-left,
/// 6 down-right, 7 down-left.
pub(super) const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(super) const UP: usize = 0;
pub(super) const DOWN: usize = 1;
pub(super) const RIGHT: usize = 2;
pub(super) const LEFT: usize = 3;

pub(super) const fn target(sq: usize, df: i32, dr: i32) -> u8 {
    let f = (sq % 7) as i32 + df;
    let r = (sq / 7) as i32 + dr;
    if f >= 0 && f < 7 && r >= 0 && r < 7 {
        (r * 7 + f) as u8
    } else {
        NONE
    }
}

pub(super) const fn leaper_table(deltas: &[(i32, i32)]) -> [Bb; SQUARES] {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < deltas.len() {
            let t = target(sq, deltas[i].0, deltas[i].1);
            if t != NONE {
                table[sq] |= bit(t as usize);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

pub(super) const fn step_table() -> [[u8; SQUARES]; 8] {
    let mut table = [[NONE; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            table[d][sq] = target(sq, DIRS[d].0, DIRS[d].1);
            sq += 1;
        }
        d += 1;
    }
    table
}

pub(super) const fn jump_land_table() -> [[u8; SQUARES]; 8] {
    let mut table = [[NONE; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            table[d][sq] = target(sq, 2 * DIRS[d].0, 2 * DIRS[d].1);
            sq += 1;
        }
        d += 1;
    }
    table
}

/// The squares strictly between two squares on a common file or diagonal (0 otherwise), and
/// whether they share one.
pub(super) const fn file_diagonal_tables() -> ([[Bb; SQUARES]; SQUARES], [Bb; SQUARES]) {
    let mut between = [[0; SQUARES]; SQUARES];
    let mut aligned = [0; SQUARES];
    let line_dirs = [0usize, 1, 4, 5, 6, 7];
    let mut a = 0;
    while a < SQUARES {
        let mut i = 0;
        while i < line_dirs.len() {
            let d = line_dirs[i];
            let mut passed: Bb = 0;
            let mut sq = target(a, DIRS[d].0, DIRS[d].1);
            while sq != NONE {
                between[a][sq as usize] = passed;
                aligned[a] |= bit(sq as usize);
                passed |= bit(sq as usize);
                sq = target(sq as usize, DIRS[d].0, DIRS[d].1);
            }
            i += 1;
        }
        a += 1;
    }
    (between, aligned)
}

pub(super) static KING: [Bb; SQUARES] = leaper_table(&[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
]);
pub(super) static KNIGHT: [Bb; SQUARES] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// CONGO-3.4: W and D.
pub(super) static ELEPHANT_TARGETS: [Bb; SQUARES] = leaper_table(&[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
]);
/// CONGO-3.5: the giraffe's leaps of exactly two (D and A).
pub(super) static GIRAFFE_LEAPS: [Bb; SQUARES] = leaper_table(&[
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
    (2, 2),
    (-2, 2),
    (2, -2),
    (-2, -2),
]);
/// CONGO-3.8: the pawn's forward steps, per side.
pub(super) static PAWN_STEPS: [[Bb; SQUARES]; 2] = [
    leaper_table(&[(0, 1), (1, 1), (-1, 1)]),
    leaper_table(&[(0, -1), (1, -1), (-1, -1)]),
];
/// CONGO-3.10: the superpawn's forward and sideways steps, per side.
pub(super) static SUPERPAWN_STEPS: [[Bb; SQUARES]; 2] = [
    leaper_table(&[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)]),
    leaper_table(&[(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0)]),
];
/// `STEP[d][sq]`: the neighbour of `sq` in direction `d`, or [`NONE`].
pub(super) static STEP: [[u8; SQUARES]; 8] = step_table();
/// `JUMP_LAND[d][sq]`: the square two steps from `sq` in direction `d`, or [`NONE`].
pub(super) static JUMP_LAND: [[u8; SQUARES]; 8] = jump_land_table();
pub(super) static FILE_DIAGONAL: ([[Bb; SQUARES]; SQUARES], [Bb; SQUARES]) = file_diagonal_tables();

/// Backward directions of each side: straight, then the two diagonals.
pub(super) const BACK: [[usize; 3]; 2] = [[1, 6, 7], [0, 4, 5]];

pub(super) const fn rank_mask_all() -> Bb {
    (1u64 << SQUARES) - 1
}
