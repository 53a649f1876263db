//! Precomputed tables of the Chu bitboard generator: directions, rays, the leaper sets of every
//! kind and colour (steps, jumps, the Lion's 24 squares, the Falcon's and Eagle's lion squares),
//! the slide directions of every kind, the promotion zones, and a few flags per kind (the line
//! occupancy tables are in [`super::lines`]).
//!
//! Every table is a `static` filled by a `const fn` at compile time: no run-time initialisation.
//!
//! Square index `12 * rank + file`, rank 0 at the bottom (sente's back rank, USI rank `l`), file 0
//! on the left (USI file 12). Sente (colour 0) moves up (north), gote (colour 1) down. A piece's
//! move is written for sente; gote's is the same rotated by 180 degrees, which for Chu's
//! left-right symmetric pieces is "direction `d` becomes `d + 4`".

use super::bb::Bb;
use crate::chu::ChuKind;

pub const SQUARES: usize = 144;
pub const KINDS: usize = 39;
/// "No square" in one-byte square fields.
pub const NONE: u8 = 0xff;

/// The eight directions, clockwise from north (sente's forward).
pub const N: usize = 0;
pub const NE: usize = 1;
pub const E: usize = 2;
pub const SE: usize = 3;
pub const S: usize = 4;
pub const SW: usize = 5;
pub const W: usize = 6;
pub const NW: usize = 7;

const DFILE: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
const DRANK: [i32; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

/// Whether a step in `d` increases the square index (N, NE, E, NW): the nearest square of such a
/// ray is its lowest bit, otherwise its highest.
#[inline(always)]
pub const fn is_positive(d: usize) -> bool {
    matches!(d, N | NE | E | NW)
}

/// The square `n` steps from `sq` in direction `d`, if it is on the board.
pub(super) const fn walk(sq: usize, d: usize, n: i32) -> Option<usize> {
    let f = (sq % 12) as i32 + DFILE[d] * n;
    let r = (sq / 12) as i32 + DRANK[d] * n;
    if f >= 0 && f < 12 && r >= 0 && r < 12 {
        Some((r * 12 + f) as usize)
    } else {
        None
    }
}

pub(super) const fn add(b: Bb, sq: Option<usize>) -> Bb {
    match sq {
        Some(s) => b.with(s),
        None => b,
    }
}

// Direction masks, relative to the owner (bit `d` for direction `d`, as for sente).
const F: u8 = 1 << N;
const B: u8 = 1 << S;
const SIDES: u8 = 1 << E | 1 << W;
const FDIAG: u8 = 1 << NE | 1 << NW;
const BDIAG: u8 = 1 << SE | 1 << SW;
const ORTH: u8 = F | B | SIDES;
const DIAG: u8 = FDIAG | BDIAG;
const ALL: u8 = 0xff;

/// How a kind moves, for sente: steps (one square), slides, jumps to exactly twice a direction
/// (the Kirin's D, the Phoenix's A), the directions of a Falcon's or Eagle's lion power (a step,
/// a jump to twice the direction, and the two-step moves), and whether it is a full lion.
#[derive(Clone, Copy)]
pub(super) struct Movement {
    pub step: u8,
    pub slide: u8,
    pub jump: u8,
    pub lion_dirs: u8,
    pub lion: bool,
}

const fn mv(step: u8, slide: u8, jump: u8) -> Movement {
    Movement {
        step,
        slide,
        jump,
        lion_dirs: 0,
        lion: false,
    }
}

/// CHU-3.2, CHU-3.3: the movement of each kind, in [`ChuKind`] declaration order.
pub(super) const fn movement(k: usize) -> Movement {
    use ChuKind as K;
    const KING: Movement = mv(ALL, 0, 0);
    const LION: Movement = Movement {
        step: 0,
        slide: 0,
        jump: 0,
        lion_dirs: 0,
        lion: true,
    };
    const QUEEN: Movement = mv(0, ALL, 0);
    const DRAGON: Movement = mv(DIAG, ORTH, 0); // RF
    const HORSE: Movement = mv(ORTH, DIAG, 0); // BW
    const ROOK: Movement = mv(0, ORTH, 0);
    const BISHOP: Movement = mv(0, DIAG, 0);
    const VERTICAL: Movement = mv(SIDES, F | B, 0); // vRsW
    const SIDE: Movement = mv(F | B, SIDES, 0); // sRvW
    const ELEPHANT: Movement = mv(ALL & !B, 0, 0); // FsfW
    const GOLD: Movement = mv(ORTH | FDIAG, 0, 0); // WfF
    const BISHOP_LIKE: Movement = BISHOP;
    match k {
        x if x == K::King as usize => KING,
        x if x == K::Lion as usize => LION,
        x if x == K::FreeKing as usize => QUEEN,
        x if x == K::DragonKing as usize => DRAGON,
        x if x == K::DragonHorse as usize => HORSE,
        x if x == K::Rook as usize => ROOK,
        x if x == K::Bishop as usize => BISHOP,
        x if x == K::VerticalMover as usize => VERTICAL,
        x if x == K::SideMover as usize => SIDE,
        x if x == K::ReverseChariot as usize => mv(0, F | B, 0), // vR
        x if x == K::Lance as usize => mv(0, F, 0),              // fR
        x if x == K::Kirin as usize => mv(DIAG, 0, ORTH),        // FD
        x if x == K::Phoenix as usize => mv(ORTH, 0, DIAG),      // WA
        x if x == K::DrunkElephant as usize => ELEPHANT,
        x if x == K::BlindTiger as usize => mv(ALL & !F, 0, 0), // FsbW
        x if x == K::GoldGeneral as usize => GOLD,
        x if x == K::SilverGeneral as usize => mv(DIAG | F, 0, 0), // FfW
        x if x == K::CopperGeneral as usize => mv(FDIAG | F | B, 0, 0), // fFvW
        x if x == K::FerociousLeopard as usize => mv(DIAG | F | B, 0, 0), // FvW
        x if x == K::GoBetween as usize => mv(F | B, 0, 0),        // vW
        x if x == K::Pawn as usize => mv(F, 0, 0),                 // fW
        x if x == K::SoaringEagle as usize => Movement {
            step: 0,
            slide: ORTH | BDIAG,
            jump: 0,
            lion_dirs: FDIAG,
            lion: false,
        },
        x if x == K::HornedFalcon as usize => Movement {
            step: 0,
            slide: DIAG | SIDES | B,
            jump: 0,
            lion_dirs: F,
            lion: false,
        },
        x if x == K::PromotedRook as usize => DRAGON,
        x if x == K::PromotedBishop as usize => HORSE,
        x if x == K::FlyingOx as usize => mv(0, DIAG | F | B, 0), // BvR
        x if x == K::FreeBoar as usize => mv(0, DIAG | SIDES, 0), // BsR
        x if x == K::Whale as usize => mv(0, F | B | BDIAG, 0),   // vRbB
        x if x == K::WhiteHorse as usize => mv(0, F | B | FDIAG, 0), // vRfB
        x if x == K::PromotedKirin as usize => LION,
        x if x == K::PromotedPhoenix as usize => QUEEN,
        x if x == K::CrownPrince as usize => KING,
        x if x == K::FlyingStag as usize => mv(DIAG | SIDES, F | B, 0), // FvRsW
        x if x == K::PromotedGold as usize => ROOK,
        x if x == K::PromotedSilver as usize => VERTICAL,
        x if x == K::PromotedCopper as usize => SIDE,
        x if x == K::PromotedLeopard as usize => BISHOP_LIKE,
        x if x == K::PromotedGoBetween as usize => ELEPHANT,
        _ => GOLD, // the tokin, the last kind
    }
}

/// A relative direction mask as the absolute mask of colour `c` (gote: rotated by 180 degrees).
pub(super) const fn for_colour(mask: u8, c: usize) -> u8 {
    if c == 0 {
        mask
    } else {
        mask.rotate_left(4)
    }
}

const fn build_rays() -> [[Bb; SQUARES]; 8] {
    let mut t = [[Bb::EMPTY; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let mut n = 1;
            while n < 12 {
                t[d][sq] = add(t[d][sq], walk(sq, d, n));
                n += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d`.
pub static RAYS: [[Bb; SQUARES]; 8] = build_rays();

const fn build_neighbour() -> [[u8; SQUARES]; 8] {
    let mut t = [[NONE; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            if let Some(s) = walk(sq, d, 1) {
                t[d][sq] = s as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `NEIGHBOUR[d][sq]`: the square one step from `sq` in direction `d`, or [`NONE`].
pub static NEIGHBOUR: [[u8; SQUARES]; 8] = build_neighbour();

/// The squares with Chebyshev distance from `sq` between `lo` and `hi`.
const fn area(sq: usize, lo: i32, hi: i32) -> Bb {
    let mut b = Bb::EMPTY;
    let (f0, r0) = ((sq % 12) as i32, (sq / 12) as i32);
    let mut r = 0;
    while r < 12 {
        let mut f = 0;
        while f < 12 {
            let (df, dr) = ((f - f0).abs(), (r - r0).abs());
            let dist = if df > dr { df } else { dr };
            if dist >= lo && dist <= hi {
                b = b.with((r * 12 + f) as usize);
            }
            f += 1;
        }
        r += 1;
    }
    b
}

const fn build_area(lo: i32, hi: i32) -> [Bb; SQUARES] {
    let mut t = [Bb::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = area(sq, lo, hi);
        sq += 1;
    }
    t
}

/// `KING_AREA[sq]`: the (up to) eight squares next to `sq`.
pub static KING_AREA: [Bb; SQUARES] = build_area(1, 1);
/// `LION_AREA[sq]`: the (up to) 24 squares within distance two: where a lion steps or jumps.
pub static LION_AREA: [Bb; SQUARES] = build_area(1, 2);
/// `DIST2[sq]`: the (up to) 16 squares at distance exactly two.
pub static DIST2: [Bb; SQUARES] = build_area(2, 2);

const fn build_lines() -> [Bb; SQUARES] {
    let rays = build_rays();
    let mut t = [Bb::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            t[sq] = t[sq].union(rays[d][sq]);
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `LINES[sq]`: every square on a rank, file or diagonal through `sq` (where a slider that
/// attacks `sq` can stand).
pub static LINES: [Bb; SQUARES] = build_lines();

const fn build_leap() -> [[[Bb; SQUARES]; KINDS]; 2] {
    let mut t = [[[Bb::EMPTY; SQUARES]; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            let m = movement(k);
            let (step, jump, lion_dirs) = (
                for_colour(m.step, c),
                for_colour(m.jump, c),
                for_colour(m.lion_dirs, c),
            );
            let mut sq = 0;
            while sq < SQUARES {
                let mut b = if m.lion { area(sq, 1, 2) } else { Bb::EMPTY };
                let mut d = 0;
                while d < 8 {
                    if step >> d & 1 != 0 {
                        b = add(b, walk(sq, d, 1));
                    }
                    if jump >> d & 1 != 0 {
                        b = add(b, walk(sq, d, 2));
                    }
                    if lion_dirs >> d & 1 != 0 {
                        b = add(b, walk(sq, d, 1));
                        b = add(b, walk(sq, d, 2));
                    }
                    d += 1;
                }
                t[c][k][sq] = b;
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// `LEAP[colour][kind][sq]`: the squares a piece reaches without sliding: its steps, its jumps,
/// a lion's 24 squares, a Falcon's or Eagle's two squares on each lion ray (CHU-3).
pub static LEAP: [[[Bb; SQUARES]; KINDS]; 2] = build_leap();

const fn build_dirs(which: u8) -> [[u8; KINDS]; 2] {
    let mut t = [[0; KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < KINDS {
            let m = movement(k);
            let mask = match which {
                0 => m.slide,
                _ => m.lion_dirs,
            };
            t[c][k] = for_colour(mask, c);
            k += 1;
        }
        c += 1;
    }
    t
}

/// `SLIDE[colour][kind]`: the absolute directions the kind slides in.
pub static SLIDE: [[u8; KINDS]; 2] = build_dirs(0);
/// `LION_DIRS[colour][kind]`: the absolute directions of a Falcon's or Eagle's lion power.
pub static LION_DIRS: [[u8; KINDS]; 2] = build_dirs(1);

/// Kind flags ([`FLAGS`]).
pub const ROYAL: u8 = 1;
/// Lion and promoted Kirin (CHU-5).
pub const LION: u8 = 2;
/// Unpromoted Pawn and Go-Between: no bridge for L2, not counted for bare king.
pub const PAWN_GB: u8 = 4;
/// Unpromoted Pawn and Lance: dead on the last rank.
pub const PAWN_LANCE: u8 = 8;
/// The kind promotes.
pub const PROMOTES: u8 = 16;
/// Horned Falcon or Soaring Eagle (lion power on some rays).
pub const LION_POWER: u8 = 32;
/// Unpromoted Pawn.
pub const PAWN: u8 = 64;
/// Unpromoted Lance.
pub const LANCE: u8 = 128;

const fn build_flags() -> [u8; KINDS] {
    let mut t = [0; KINDS];
    let mut k = 0;
    while k < KINDS {
        let kind = KIND_OF[k];
        let mut f = 0;
        if kind.is_royal() {
            f |= ROYAL;
        }
        if kind.is_lion() {
            f |= LION;
        }
        if matches!(kind, ChuKind::Pawn | ChuKind::GoBetween) {
            f |= PAWN_GB;
        }
        if matches!(kind, ChuKind::Pawn | ChuKind::Lance) {
            f |= PAWN_LANCE;
        }
        if matches!(kind, ChuKind::Pawn) {
            f |= PAWN;
        }
        if matches!(kind, ChuKind::Lance) {
            f |= LANCE;
        }
        if kind.promotes_to().is_some() {
            f |= PROMOTES;
        }
        if matches!(kind, ChuKind::SoaringEagle | ChuKind::HornedFalcon) {
            f |= LION_POWER;
        }
        t[k] = f;
        k += 1;
    }
    t
}

/// The kinds by index (declaration order of [`ChuKind`]).
pub const KIND_OF: [ChuKind; KINDS] = {
    // The shared type's own list, copied into an array at compile time (a list of another
    // length fails the build here).
    let all = <ChuKind as crate::Kind>::ALL;
    let mut t = [ChuKind::King; KINDS];
    let mut i = 0;
    while i < KINDS {
        t[i] = all[i];
        i += 1;
    }
    t
};

/// `FLAGS[kind]`: [`ROYAL`], [`LION`], [`PAWN_GB`], [`PAWN_LANCE`], [`PROMOTES`], ….
pub static FLAGS: [u8; KINDS] = build_flags();

const fn build_promotes_to() -> [u8; KINDS] {
    let mut t = [0; KINDS];
    let mut k = 0;
    while k < KINDS {
        t[k] = match KIND_OF[k].promotes_to() {
            Some(p) => p as u8,
            None => k as u8,
        };
        k += 1;
    }
    t
}

/// `PROMOTES_TO[kind]`: the promoted kind (the kind itself if it never promotes).
pub static PROMOTES_TO: [u8; KINDS] = build_promotes_to();

/// The squares of ranks `lo` to `hi`.
pub(super) const fn ranks(lo: usize, hi: usize) -> Bb {
    let mut b = Bb::EMPTY;
    let mut sq = lo * 12;
    while sq < (hi + 1) * 12 {
        b = b.with(sq);
        sq += 1;
    }
    b
}

/// CHU-4.1: the promotion zone of each colour, the four ranks farthest from its owner.
pub static ZONE: [Bb; 2] = [ranks(8, 11), ranks(0, 3)];
/// The last rank of each colour (CHU-4.3, dead pieces CHU-2.3).
pub static LAST_RANK: [Bb; 2] = [ranks(11, 11), ranks(0, 0)];
