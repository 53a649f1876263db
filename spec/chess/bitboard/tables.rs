//! Attack tables of the bitboard generator, all computed at compile time by `const fn`: no build
//! script, no lazy initialization, no check on access.
//!
//! A bitboard is a `u64` with bit `8 * rank + file` set for each square in the set (a1 = bit 0,
//! h1 = bit 7, a8 = bit 56), the same order as the mailbox.
//!
//! Sliders use "fancy" magic bitboards: for a square, the occupied squares on the slider's lines
//! (without the board edge, which never blocks anything further) are multiplied by a per-square
//! magic number; the top bits of the product index that square's slice of one shared table.
//! The magic numbers below were found by a seeded random search (sparse random candidates,
//! rejected on any collision that would merge two different attack sets). Filling the table
//! re-checks every one of them: a bad magic stops the build with a const-evaluation panic.

/// A bitboard with only `sq` set.
pub const fn bit(sq: u32) -> u64 {
    1u64 << sq
}

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
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

/// The squares a slider on `sq` attacks along `directions` with `occupied` blocking: the slow,
/// obvious definition the magic table is filled from.
const fn ray_attacks(sq: u32, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let b = bit((r * 8 + f) as u32);
            set |= b;
            if occupied & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        i += 1;
    }
    set
}

/// The squares on the lines from `sq` whose occupancy matters: the rays without their last
/// square (a piece on the edge blocks nothing beyond it).
const fn relevant_mask(sq: u32, directions: &[(i32, i32); 4]) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            set |= bit((r * 8 + f) as u32);
            f += df;
            r += dr;
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

const ROOK_MAGIC_NUMBERS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];

const BISHOP_MAGIC_NUMBERS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

const fn magics(numbers: &[u64; 64], directions: &[(i32, i32); 4], start: usize) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, directions);
        let bits = mask.count_ones();
        out[sq as usize] = Magic {
            mask,
            magic: numbers[sq as usize],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

/// Size of the Rook part of the table: the sum over squares of 2^(relevant squares).
const ROOK_ENTRIES: usize = 102_400;
/// Size of the Bishop part.
const BISHOP_ENTRIES: usize = 5_248;

pub static ROOK_MAGICS: [Magic; 64] = magics(&ROOK_MAGIC_NUMBERS, &ROOK_DIRECTIONS, 0);
pub static BISHOP_MAGICS: [Magic; 64] =
    magics(&BISHOP_MAGIC_NUMBERS, &BISHOP_DIRECTIONS, ROOK_ENTRIES);

/// The shared slider table: Rook slices first, then Bishop slices. Filling it takes rustc's
/// const evaluator a few seconds, past the point where it warns about long evaluations.
#[allow(long_running_const_eval)]
pub static SLIDER_ATTACKS: [u64; ROOK_ENTRIES + BISHOP_ENTRIES] = slider_table();

const fn fill(
    table: &mut [u64; ROOK_ENTRIES + BISHOP_ENTRIES],
    numbers: &[u64; 64],
    directions: &[(i32, i32); 4],
    start: usize,
) -> usize {
    let entries = magics(numbers, directions, start);
    let mut end = start;
    let mut sq = 0;
    while sq < 64 {
        let m = entries[sq as usize];
        // Every subset of the mask, by the carry-rippler trick.
        let mut subset: u64 = 0;
        loop {
            let index = m.offset + (subset.wrapping_mul(m.magic) >> m.shift) as usize;
            let attacks = ray_attacks(sq, subset, directions);
            // A slider always attacks at least one square, so 0 means "not yet written".
            if table[index] != 0 && table[index] != attacks {
                panic!("a magic number maps two different attack sets to one entry");
            }
            table[index] = attacks;
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        end = m.offset + (1 << (64 - m.shift));
        sq += 1;
    }
    end
}

const fn slider_table() -> [u64; ROOK_ENTRIES + BISHOP_ENTRIES] {
    let mut table = [0; ROOK_ENTRIES + BISHOP_ENTRIES];
    let rook_end = fill(&mut table, &ROOK_MAGIC_NUMBERS, &ROOK_DIRECTIONS, 0);
    assert!(rook_end == ROOK_ENTRIES);
    let bishop_end = fill(
        &mut table,
        &BISHOP_MAGIC_NUMBERS,
        &BISHOP_DIRECTIONS,
        ROOK_ENTRIES,
    );
    assert!(bishop_end == ROOK_ENTRIES + BISHOP_ENTRIES);
    table
}

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

    /// Tiny deterministic generator for sample occupancies.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn magic_lookup_equals_the_ray_walk() {
        let mut s = 0x1234_5678_9abc_def1;
        for sq in 0..64 {
            for _ in 0..200 {
                let occ = xorshift(&mut s) & xorshift(&mut s);
                assert_eq!(
                    rook_attacks(sq, occ),
                    ray_attacks(sq, occ, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    bishop_attacks(sq, occ),
                    ray_attacks(sq, occ, &BISHOP_DIRECTIONS)
                );
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
