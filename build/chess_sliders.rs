//! Chess slider tables ("fancy" magic bitboards) for `spec/chess/bitboard/tables.rs`, written
//! by the build script because filling them in rustc's const evaluator costs about twelve seconds
//! of CPU on every compilation of the library, while this script runs once.
//!
//! For a square, the occupied squares on a slider's lines (without the board edge, which never
//! blocks anything further) are multiplied by a per-square magic number; the top bits of the
//! product index that square's slice of one shared table (Rook slices first, then Bishop). The
//! magic numbers below were found by a seeded random search (sparse random candidates, rejected on
//! any collision that would merge two different attack sets). Filling the table re-checks every
//! one of them: a bad magic fails the build. The library's tests compare lookups with a plain ray
//! walk.

use std::fmt::Write as _;

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

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

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

/// The squares a slider on `sq` attacks along `directions` with `occupied` blocking.
fn ray_attacks(sq: u32, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let mut set = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            set |= b;
            if occupied & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    set
}

/// The squares on the lines from `sq` whose occupancy matters: the rays without their last square.
fn relevant_mask(sq: u32, directions: &[(i32, i32); 4]) -> u64 {
    let mut set = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            set |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    set
}

/// Fills one piece's slices of `table` from `table.len()` on; returns the `Magic` entries as Rust
/// source.
fn fill(table: &mut Vec<u64>, numbers: &[u64; 64], directions: &[(i32, i32); 4]) -> String {
    let mut entries = String::new();
    for sq in 0..64u32 {
        let mask = relevant_mask(sq, directions);
        let bits = mask.count_ones();
        let magic = numbers[sq as usize];
        let shift = 64 - bits;
        let offset = table.len();
        table.resize(offset + (1 << bits), 0);
        // Every subset of the mask, by the carry-rippler trick.
        let mut subset: u64 = 0;
        loop {
            let index = offset + (subset.wrapping_mul(magic) >> shift) as usize;
            let attacks = ray_attacks(sq, subset, directions);
            // A slider always attacks at least one square, so 0 means "not yet written".
            assert!(
                table[index] == 0 || table[index] == attacks,
                "magic number {magic:#x} of square {sq} maps two attack sets to one entry"
            );
            table[index] = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let _ = writeln!(
            entries,
            "    Magic {{ mask: {mask:#018x}, magic: {magic:#018x}, shift: {shift}, offset: {offset} }},"
        );
    }
    entries
}

/// The generated Rust source: `ROOK_MAGICS`, `BISHOP_MAGICS` and `SLIDER_ATTACKS`.
pub fn source() -> String {
    let mut table = Vec::new();
    let rook = fill(&mut table, &ROOK_MAGIC_NUMBERS, &ROOK_DIRECTIONS);
    let bishop = fill(&mut table, &BISHOP_MAGIC_NUMBERS, &BISHOP_DIRECTIONS);
    let mut out = String::new();
    out.push_str("// @generated by build/chess_sliders.rs; do not edit.\n");
    let _ = writeln!(out, "pub static ROOK_MAGICS: [Magic; 64] = [\n{rook}];");
    let _ = writeln!(out, "pub static BISHOP_MAGICS: [Magic; 64] = [\n{bishop}];");
    let _ = writeln!(out, "pub static SLIDER_ATTACKS: [u64; {}] = [", table.len());
    for chunk in table.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            let _ = write!(out, " {v:#x},");
        }
        out.push('\n');
    }
    out.push_str("];\n");
    out
}
