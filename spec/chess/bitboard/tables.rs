//! Attack tables of the bitboard generator, all made at compile time: the step tables and the
//! line tables by `const fn`, the slider tables by the build script (`build/chess_sliders.rs`,
//! which explains the magic bitboards and why they are not const-evaluated). No lazy
//! initialization, no check on access.
//!
//! A bitboard is a `u64` with bit `8 * rank + file` set for each square in the set (a1 = bit 0,
//! h1 = bit 7, a8 = bit 56), the same order as the mailbox.

/// A bitboard with only `sq` set.
pub const fn bit(sq: u32) -> u64 {
    1u64 << sq
}

const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

/// The squares reached from `sq` by one of `steps` (leapers).
const fn step_set(sq: u32, steps: &[(i32, i32)]) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut set = 0;
    let mut i = 0;
    while i < steps.len() {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if on_board(f, r) {
            set |= bit((r * 8 + f) as u32);
        }
        i += 1;
    }
    set
}

const fn table64(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq as usize] = step_set(sq, steps);
        sq += 1;
    }
    t
}

pub static KNIGHT_ATTACKS: [u64; 64] = table64(&KNIGHT_JUMPS);
pub static KING_ATTACKS: [u64; 64] = table64(&KING_STEPS);
/// The squares a Pawn of each colour (White = 0) on a square attacks.
pub static PAWN_ATTACKS: [[u64; 64]; 2] =
    [table64(&[(-1, 1), (1, 1)]), table64(&[(-1, -1), (1, -1)])];

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
pub static BETWEEN: [[u64; 64]; 64] = between_table(false);
/// `LINE[a][b]`: the whole line (edge to edge) through `a` and `b` if they share a rank, file
/// or diagonal; empty otherwise.
pub static LINE: [[u64; 64]; 64] = between_table(true);

const fn between_table(whole_line: bool) -> [[u64; 64]; 64] {
    let mut t = [[0; 64]; 64];
    let mut a: i32 = 0;
    while a < 64 {
        let (fa, ra) = (a % 8, a / 8);
        let mut b: i32 = 0;
        while b < 64 {
            let (fb, rb) = (b % 8, b / 8);
            let (df, dr) = (fb - fa, rb - ra);
            let aligned = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            if aligned {
                let (sf, sr) = (df.signum(), dr.signum());
                if whole_line {
                    // Walk to one edge, then across to the other.
                    let (mut f, mut r) = (fa, ra);
                    while on_board(f - sf, r - sr) {
                        f -= sf;
                        r -= sr;
                    }
                    let mut set = 0;
                    while on_board(f, r) {
                        set |= bit((r * 8 + f) as u32);
                        f += sf;
                        r += sr;
                    }
                    t[a as usize][b as usize] = set;
                } else {
                    let (mut f, mut r) = (fa + sf, ra + sr);
                    let mut set = 0;
                    while f != fb || r != rb {
                        set |= bit((r * 8 + f) as u32);
                        f += sf;
                        r += sr;
                    }
                    t[a as usize][b as usize] = set;
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// One square's entry of a magic table.
#[derive(Clone, Copy)]
pub struct Magic {
    pub mask: u64,
    pub magic: u64,
    pub shift: u32,
    pub offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/chess_sliders.rs"));

/// The squares a Rook on `sq` attacks with `occupied` blocking.
#[inline(always)]
pub fn rook_attacks(sq: u32, occupied: u64) -> u64 {
    let m = &ROOK_MAGICS[sq as usize];
    SLIDER_ATTACKS[m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}

/// The squares a Bishop on `sq` attacks with `occupied` blocking.
#[inline(always)]
pub fn bishop_attacks(sq: u32, occupied: u64) -> u64 {
    let m = &BISHOP_MAGICS[sq as usize];
    SLIDER_ATTACKS[m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    /// The plain definition the magic table must agree with: walk each ray until the first
    /// occupied square (included).
    fn ray_attacks(sq: u32, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
        let mut set = 0;
        for &(df, dr) in directions {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            while on_board(f, r) {
                set |= bit((r * 8 + f) as u32);
                if occupied & bit((r * 8 + f) as u32) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        set
    }

    /// Tiny deterministic generator for sample occupancies.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Every occupancy of every square's relevant squares (107,648 in all), each with random
    /// pieces added outside them (which must not matter).
    #[test]
    fn magic_lookup_equals_the_ray_walk() {
        let mut s = 0x1234_5678_9abc_def1;
        for sq in 0..64 {
            for (magics, directions, lookup) in [
                (
                    &ROOK_MAGICS,
                    &ROOK_DIRECTIONS,
                    rook_attacks as fn(u32, u64) -> u64,
                ),
                (&BISHOP_MAGICS, &BISHOP_DIRECTIONS, bishop_attacks),
            ] {
                let mask = magics[sq as usize].mask;
                let mut subset: u64 = 0;
                loop {
                    let occupied = subset | (xorshift(&mut s) & !mask & !bit(sq));
                    assert_eq!(lookup(sq, occupied), ray_attacks(sq, occupied, directions));
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn step_tables_by_hand() {
        // A knight on a1 reaches b3 and c2; on d4 it has eight jumps.
        assert_eq!(KNIGHT_ATTACKS[0], bit(17) | bit(10));
        assert_eq!(KNIGHT_ATTACKS[27].count_ones(), 8);
        // A king in the corner has three neighbours.
        assert_eq!(KING_ATTACKS[63], bit(62) | bit(55) | bit(54));
        // A white pawn on e2 attacks d3 and f3; a black pawn on a7 attacks b6 only.
        assert_eq!(PAWN_ATTACKS[0][12], bit(19) | bit(21));
        assert_eq!(PAWN_ATTACKS[1][48], bit(41));
        // Between a1 and h8: b2 … g7; a1 and b3 are not aligned.
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][17], 0);
        assert_eq!(LINE[0][9], LINE[63][54]);
    }
}
