//! The line tables of the Chu bitboard generator: each line's occupancy, for counting slider
//! moves at perft's last ply by table lookup instead of walking rays (the other tables are in
//! [`super::tables`]). Every table is a `static` filled by a `const fn` at compile time.
//!
//! Every square lies on four lines: its rank (type 0, position = file), its file (type 1, position = rank), its diagonal
//! (type 2, rank - file constant, position = file) and its anti-diagonal (type 3, rank + file
//! constant, position = file). A line's occupancy is a `u16` with bit `position` per occupied
//! square. The 70 lines are numbered rank 0-11, file 12-23, diagonal 24-46, anti-diagonal 47-69.

use super::bb::Bb;
use super::tables::{for_colour, movement, ranks, E, KINDS, N, NE, NW, S, SE, SQUARES, SW, W};

/// The number of lines.
pub const LINES_N: usize = 70;

const fn build_line_index() -> [[u8; SQUARES]; 4] {
    let mut t = [[0; SQUARES]; 4];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % 12, sq / 12);
        t[0][sq] = r as u8;
        t[1][sq] = (12 + f) as u8;
        t[2][sq] = (24 + r + 11 - f) as u8;
        t[3][sq] = (47 + r + f) as u8;
        sq += 1;
    }
    t
}

/// `LINE_INDEX[type][sq]`: the line of that type through `sq`.
pub static LINE_INDEX: [[u8; SQUARES]; 4] = build_line_index();

/// The position of `sq` on its line of type `t`: the rank on a file, the file otherwise.
#[inline(always)]
pub const fn line_pos(t: usize, sq: usize) -> usize {
    if t == 1 {
        sq / 12
    } else {
        sq % 12
    }
}

/// `LINE_POS[type][sq]`: [`line_pos`] as a table (for a line type known only at run time).
pub static LINE_POS: [[u8; SQUARES]; 4] = {
    let mut t = [[0; SQUARES]; 4];
    let mut sq = 0;
    while sq < SQUARES {
        let mut ty = 0;
        while ty < 4 {
            t[ty][sq] = line_pos(ty, sq) as u8;
            ty += 1;
        }
        sq += 1;
    }
    t
};

const fn build_line_att() -> [[u16; 1024]; 12] {
    let mut t = [[0; 1024]; 12];
    let mut pos = 0;
    while pos < 12 {
        let mut inner = 0;
        while inner < 1024 {
            let occ = (inner << 1) as u16;
            let mut a: u16 = 0;
            let mut p = pos + 1;
            while p < 12 {
                a |= 1 << p;
                if occ >> p & 1 != 0 {
                    break;
                }
                p += 1;
            }
            let mut p = pos as i32 - 1;
            while p >= 0 {
                a |= 1 << p;
                if occ >> p & 1 != 0 {
                    break;
                }
                p -= 1;
            }
            t[pos][inner] = a;
            inner += 1;
        }
        pos += 1;
    }
    t
}

/// `LINE_ATT[pos][inner]`: the positions a slider on `pos` of a 12-square line reaches both
/// ways, the line's occupancy being `inner << 1` (the end squares never block anything).
pub static LINE_ATT: [[u16; 1024]; 12] = build_line_att();

const fn build_line_bits(b: Bb) -> [u16; LINES_N] {
    let mut t = [0; LINES_N];
    let mut sq = 0;
    while sq < SQUARES {
        if b.has(sq) {
            let mut ty = 0;
            while ty < 4 {
                let idx = build_line_index_one(ty, sq);
                t[idx] |= 1 << line_pos(ty, sq);
                ty += 1;
            }
        }
        sq += 1;
    }
    t
}

const fn build_line_index_one(t: usize, sq: usize) -> usize {
    let (f, r) = (sq % 12, sq / 12);
    match t {
        0 => r,
        1 => 12 + f,
        2 => 24 + r + 11 - f,
        _ => 47 + r + f,
    }
}

/// `LINE_VALID[line]`: the positions that are squares of the board.
pub static LINE_VALID: [u16; LINES_N] = build_line_bits(Bb::FULL);
/// `ZONE_LINE[colour][line]`: the promotion zone's positions on each line.
pub static ZONE_LINE: [[u16; LINES_N]; 2] =
    [build_line_bits(ranks(8, 11)), build_line_bits(ranks(0, 3))];
/// `LAST_LINE[colour][line]`: the last rank's positions on each line.
pub static LAST_LINE: [[u16; LINES_N]; 2] =
    [build_line_bits(ranks(11, 11)), build_line_bits(ranks(0, 0))];

const fn build_line_dirs() -> [[u8; KINDS]; 2] {
    // Per line type two bits: 1 = towards higher positions, 2 = towards lower ones.
    // Higher positions: E (rank), N (file), NE (diagonal), SE (anti-diagonal).
    let mut t = [[0; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            let s = for_colour(movement(k).slide, c);
            t[c][k] = (s >> E & 1)
                | (s >> W & 1) << 1
                | (s >> N & 1) << 2
                | (s >> S & 1) << 3
                | (s >> NE & 1) << 4
                | (s >> SW & 1) << 5
                | (s >> SE & 1) << 6
                | (s >> NW & 1) << 7;
            k += 1;
        }
        c += 1;
    }
    t
}

/// `LINE_DIRS[colour][kind]`: the slide directions as two bits per line type (bit `2t`:
/// towards higher positions, bit `2t + 1`: towards lower ones).
pub static LINE_DIRS: [[u8; KINDS]; 2] = build_line_dirs();

/// `LINE_TYPES[colour][kind]`: bit `t` for each line type the kind slides along.
pub static LINE_TYPES: [[u8; KINDS]; 2] = {
    let dirs = build_line_dirs();
    let mut t = [[0; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            let mut ty = 0;
            while ty < 4 {
                if dirs[c][k] >> (2 * ty) & 3 != 0 {
                    t[c][k] |= 1 << ty;
                }
                ty += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

const fn build_side_masks() -> [[u16; 4]; 12] {
    let mut t = [[0; 4]; 12];
    let mut pos = 0;
    while pos < 12 {
        let above: u16 = (0xfff_u16 << (pos + 1)) & 0xfff;
        let below: u16 = (1_u16 << pos) - 1;
        t[pos] = [0, above, below, above | below];
        pos += 1;
    }
    t
}

/// `SIDE_MASK[pos][sides]`: positions above `pos` (sides 1), below (2), both (3).
pub static SIDE_MASK: [[u16; 4]; 12] = build_side_masks();
