//! Precomputed tables: squares as bits, the eight directions, rays, the squares between two
//! squares, and the one-step sets of every piece kind and colour.
//!
//! Every table is a `static` filled by a `const fn` at compile time, so nothing is initialised
//! at run time and the lookups are plain array reads.
//!
//! A bitboard is a `u64` whose bit `8 * rank + file` stands for a square (`a1` = bit 0, `h1` =
//! bit 7, `a8` = bit 56, `h8` = bit 63). Drawn with rank 8 on top, the bits are
//!
//! ```text
//!   8 | 56 57 58 59 60 61 62 63
//!   7 | 48 49 50 51 52 53 54 55
//!   6 | 40 41 42 43 44 45 46 47
//!   5 | 32 33 34 35 36 37 38 39
//!   4 | 24 25 26 27 28 29 30 31
//!   3 | 16 17 18 19 20 21 22 23
//!   2 |  8  9 10 11 12 13 14 15
//!   1 |  0  1  2  3  4  5  6  7
//!     +------------------------
//!        a  b  c  d  e  f  g  h
//! ```
//!
//! so "one square up" (towards rank 8) is `<< 8` and "one square right" is `<< 1` (masking off
//! whatever wrapped around from the h-file to the a-file).

use crate::kuma::KumaKind;

/// The eight directions, clockwise from north (towards rank 8, White's forward).
pub const N: usize = 0;
pub const NE: usize = 1;
pub const E: usize = 2;
pub const SE: usize = 3;
pub const S: usize = 4;
pub const SW: usize = 5;
pub const W: usize = 6;
pub const NW: usize = 7;

/// File and rank change of one step in each direction.
const DFILE: [i8; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
const DRANK: [i8; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// The direction pointing the other way.
pub const fn opposite(d: usize) -> usize {
    (d + 4) & 7
}

/// The direction mirrored top-to-bottom (what White's `d` is for Black): N ↔ S, NE ↔ SE,
/// NW ↔ SW; E and W stay.
pub const fn vflip(d: usize) -> usize {
    (12 - d) & 7
}

/// Whether a step in `d` increases the square index (N, NE, E, NW): then the nearest square of
/// a ray is its lowest bit, otherwise its highest.
pub const fn is_positive(d: usize) -> bool {
    matches!(d, N | NE | E | NW)
}

/// The square `n` steps from `sq` in direction `d`, if it is on the board.
const fn walk(sq: usize, d: usize, n: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + DFILE[d] * n;
    let r = (sq / 8) as i8 + DRANK[d] * n;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn bit_at(sq: Option<usize>) -> u64 {
    match sq {
        Some(s) => 1 << s,
        None => 0,
    }
}

/// `RAYS[d][sq]`: every square from `sq` (exclusive) to the edge in direction `d`. The north-east
/// ray of `c3`:
///
/// ```text
///   . . . . . . . 1
///   . . . . . . 1 .
///   . . . . . 1 . .
///   . . . . 1 . . .
///   . . . 1 . . . .
///   . . x . . . . .
///   . . . . . . . .
///   . . . . . . . .
/// ```
pub static RAYS: [[u64; 64]; 8] = RAYS_CONST;

/// `STEP1[d][sq]`: the square one step from `sq` in direction `d` (empty at the edge).
pub static STEP1: [[u64; 64]; 8] = steps_at(1);

/// `STEP2[d][sq]`: the square two steps from `sq` in direction `d` (empty near the edge).
pub static STEP2: [[u64; 64]; 8] = steps_at(2);

const fn steps_at(n: i8) -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            t[d][sq] = bit_at(walk(sq, d, n));
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` if they share a file, rank or
/// diagonal, else empty. Every attack of Kuma Chess runs along such a line (there are no
/// leapers), so this is the set a check can be blocked on: between `e1` and `e5`, `e2 e3 e4`;
/// between two adjacent squares, nothing.
pub static BETWEEN: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut acc = 0u64;
            let mut n = 1;
            while let Some(b) = walk(a, d, n) {
                t[a][b] = acc;
                acc |= 1 << b;
                n += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// `LINE[a][b]`: the whole line (edge to edge, both squares included) through `a` and `b` if
/// they share a file, rank or diagonal, else empty. A pinned piece may move only on the line
/// through its King and itself.
pub static LINE: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let line = RAYS_CONST[d][a] | RAYS_CONST[opposite(d)][a] | (1 << a);
            let mut n = 1;
            while let Some(b) = walk(a, d, n) {
                t[a][b] = line;
                n += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

// The rays as a `const`, so that [`LINE`]'s initialiser can read them (a static's initialiser
// cannot read another static).
const RAYS_CONST: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut n = 1;
            while let Some(to) = walk(sq, d, n) {
                t[d][sq] |= 1 << to;
                n += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// Number of piece kinds; a kind's index is its place in [`KumaKind`]'s declaration order, which
/// is [`crate::Kind::ALL`]'s order (a test in `tests/all/spec_tables.rs` holds them to each other).
pub const KINDS: usize = <KumaKind as crate::Kind>::ALL.len();
pub const KING: usize = KumaKind::King as usize;
pub const PAWN: usize = KumaKind::Pawn as usize;
pub const EYES: usize = KumaKind::BearsEyes as usize;
pub const BLIND: usize = KumaKind::BlindBear as usize;
pub const VIOLENT: usize = KumaKind::ViolentBear as usize;
pub const GREAT: usize = KumaKind::GreatBear as usize;
pub const UPRIGHT: usize = KumaKind::UprightBear as usize;
pub const RUNNING: usize = KumaKind::RunningBear as usize;
pub const DASHING: usize = KumaKind::DashingBear as usize;
pub const SOLDIER: usize = KumaKind::BearSoldier as usize;
pub const MIGHTY: usize = KumaKind::MightyBear as usize;

const fn dirs(list: &[usize]) -> u8 {
    let mut m = 0u8;
    let mut i = 0;
    while i < list.len() {
        m |= 1 << list[i];
        i += 1;
    }
    m
}

/// The directions (as seen from White) in which each kind makes a single step, including the
/// first square of its range-two moves (that square is always reachable): a bit mask over
/// [`N`]…[`NW`]. The Pawn's entry is its capture (`cfF`); its non-capturing steps are generated
/// apart.
///
/// | kind | Betza | one-step directions |
/// |---|---|---|
/// | K, E | WF | all eight |
/// | P | cfF | NE NW |
/// | B | sW F | E W NE NW SE SW |
/// | V | fsW fF2 | N E W NE NW |
/// | G | sbW (+ slides) | E W S |
/// | U | bW sW2 (+ slide) | S E W |
/// | R | sW2 (+ slides) | E W |
/// | D | (slides only) | — |
/// | S | bW sW2 (+ slides) | S E W |
/// | M | bW2 (+ slides) | S |
pub const WHITE_STEPS: [u8; KINDS] = [
    0xff,
    dirs(&[NE, NW]),
    0xff,
    dirs(&[E, W, NE, NW, SE, SW]),
    dirs(&[N, E, W, NE, NW]),
    dirs(&[E, W, S]),
    dirs(&[S, E, W]),
    dirs(&[E, W]),
    0,
    dirs(&[S, E, W]),
    dirs(&[S]),
];

/// `STEPS[colour][kind][sq]`: the squares a piece reaches from `sq` by one step (see
/// [`WHITE_STEPS`]; Black's directions are White's mirrored). A White Violent Bear on `d4`:
///
/// ```text
///   8 | . . . . . . . .
///   7 | . . . . . . . .
///   6 | . . . . . . . .
///   5 | . . 1 1 1 . . .
///   4 | . . 1 V 1 . . .
///   3 | . . . . . . . .
///   2 | . . . . . . . .
///   1 | . . . . . . . .
///     +----------------
///       a b c d e f g h
/// ```
///
/// (Its second diagonal squares, b6 and f6, are range-two moves: see `attacks::far`.)
pub static STEPS: [[[u64; 64]; KINDS]; 2] = {
    let mut t = [[[0u64; 64]; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            let mut sq = 0;
            while sq < 64 {
                let mut d = 0;
                while d < 8 {
                    if WHITE_STEPS[k] & (1 << d) != 0 {
                        let dd = if c == 0 { d } else { vflip(d) };
                        t[c][k][sq] |= bit_at(walk(sq, dd, 1));
                    }
                    d += 1;
                }
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The rank masks.
pub const RANK_1: u64 = 0xff;
pub const RANK_2: u64 = 0xff << 8;
pub const RANK_7: u64 = 0xff << 48;
pub const RANK_8: u64 = 0xff << 56;
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;

/// `LAST_RANK[colour]`: the rank where that side's pieces promote and its Blind Bears win.
pub const LAST_RANK: [u64; 2] = [RANK_8, RANK_1];

/// `PROMOTES_TO[kind]`: what a piece becomes on its last rank (KUMA-5.1); itself if it does not
/// promote (KUMA-5.2).
pub const PROMOTES_TO: [u8; KINDS] = [
    KING as u8,
    EYES as u8,
    EYES as u8,
    BLIND as u8,
    GREAT as u8,
    GREAT as u8,
    DASHING as u8,
    DASHING as u8,
    DASHING as u8,
    MIGHTY as u8,
    MIGHTY as u8,
];

/// Castling-right bits: White short (`K`), White long (`Q`), Black short (`k`), Black long (`q`).
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;

/// `KEEP_RIGHTS[sq]`: the castling rights that survive a move from or to `sq` (KUMA-4.3): a move
/// of the King from `e1` ends both of White's, a move from or onto `h1` (the Running Bear leaving,
/// or being captured) ends White's short castling, and so on.
pub static KEEP_RIGHTS: [u8; 64] = {
    let mut t = [0xffu8; 64];
    t[4] = !(WHITE_SHORT | WHITE_LONG);
    t[7] = !WHITE_SHORT;
    t[0] = !WHITE_LONG;
    t[60] = !(BLACK_SHORT | BLACK_LONG);
    t[63] = !BLACK_SHORT;
    t[56] = !BLACK_LONG;
    t
};
