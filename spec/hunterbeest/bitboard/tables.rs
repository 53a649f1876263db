//! The bit layout of the 9 × 8 board and the tables filled at compile time: leaper moves, rays,
//! slider directions.

use crate::hunterbeest::HunterbeestKind;
use crate::Kind;

/// A set of squares of the 9 × 8 board: bit `rank * 9 + file`.
pub type Bb = u128;

pub(super) const FILES: i8 = 9;
pub(super) const RANKS: i8 = 8;
pub(super) const SQUARES: usize = 72;
pub(super) const FULL: Bb = (1 << SQUARES) - 1;
pub(super) const RANK_1: Bb = 0x1ff;
pub(super) const RANK_8: Bb = RANK_1 << 63;

// Piece kinds as indices of this generator: each kind's place in [`HunterbeestKind`]'s
// declaration order, which is [`Kind::ALL`]'s order (a test in `tests/all/spec_tables.rs` holds
// them to each other).
pub(super) const KING: usize = HunterbeestKind::King as usize;
pub(super) const QUEEN: usize = HunterbeestKind::Queen as usize;
pub(super) const PAWN: usize = HunterbeestKind::Pawn as usize;
pub(super) const HUNTER: usize = HunterbeestKind::Hunter as usize;
pub(super) const HAWKER: usize = HunterbeestKind::Hawker as usize;
pub(super) const HUNTRESS: usize = HunterbeestKind::Huntress as usize;
pub(super) const HAWKRESS: usize = HunterbeestKind::Hawkress as usize;
pub(super) const GNU: usize = HunterbeestKind::Gnu as usize;
pub(super) const HARTEBEEST: usize = HunterbeestKind::Hartebeest as usize;
pub(super) const COHARTEBEEST: usize = HunterbeestKind::Cohartebeest as usize;
pub(super) const HINNY: usize = HunterbeestKind::Hinny as usize;
pub(super) const COHINNY: usize = HunterbeestKind::Cohinny as usize;
pub(super) const KINDS: usize = KIND_OF_INDEX.len();
pub(super) const EMPTY: u8 = u8::MAX;

pub(super) const WHITE: usize = 0;
pub(super) const BLACK: usize = 1;

/// The promotion choices (BHB-4.1).
pub(super) const PROMOTIONS: [usize; 10] = [
    HUNTER,
    HAWKER,
    HUNTRESS,
    HAWKRESS,
    HARTEBEEST,
    COHARTEBEEST,
    HINNY,
    COHINNY,
    QUEEN,
    GNU,
];

pub(super) fn kind_index(kind: HunterbeestKind) -> usize {
    kind as usize
}

/// The kind of each index.
pub(super) const KIND_OF_INDEX: &[HunterbeestKind] = <HunterbeestKind as Kind>::ALL;

// ---------------------------------------------------------------------------------------------
// Tables, built at compile time.
// ---------------------------------------------------------------------------------------------

/// The squares reached from each square by the leaps `offsets` ((file, rank), White's view);
/// with `black` the ranks are negated (Black's forward is down).
pub(super) const fn leaper_table(offsets: &[(i8, i8)], black: bool) -> [Bb; SQUARES] {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut i = 0;
        while i < offsets.len() {
            let (df, dr) = offsets[i];
            let dr = if black { -dr } else { dr };
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < FILES && nr >= 0 && nr < RANKS {
                table[sq] |= 1 << (nr * FILES + nf) as u32;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

pub(super) const KING_LEAPS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub(super) const GNU_LEAPS: [(i8, i8); 16] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
    (1, 3),
    (-1, 3),
    (1, -3),
    (-1, -3),
    (3, 1),
    (-3, 1),
    (3, -1),
    (-3, -1),
];
/// (±1, ±3) and (±2, ±1).
pub(super) const HARTEBEEST_LEAPS: [(i8, i8); 8] = [
    (1, 3),
    (-1, 3),
    (1, -3),
    (-1, -3),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];
/// (±1, ±2) and (±3, ±1).
pub(super) const COHARTEBEEST_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (3, 1),
    (-3, 1),
    (3, -1),
    (-3, -1),
];
/// Forward (±1, +3) (±2, +1); backward (±1, −2) (±3, −1).
pub(super) const HINNY_LEAPS: [(i8, i8); 8] = [
    (1, 3),
    (-1, 3),
    (2, 1),
    (-2, 1),
    (1, -2),
    (-1, -2),
    (3, -1),
    (-3, -1),
];
/// Forward (±1, +2) (±3, +1); backward (±1, −3) (±2, −1).
pub(super) const COHINNY_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (3, 1),
    (-3, 1),
    (1, -3),
    (-1, -3),
    (2, -1),
    (-2, -1),
];
pub(super) const PAWN_CAPTURES: [(i8, i8); 2] = [(1, 1), (-1, 1)];

pub(super) static KING_TABLE: [Bb; SQUARES] = leaper_table(&KING_LEAPS, false);
pub(super) static GNU_TABLE: [Bb; SQUARES] = leaper_table(&GNU_LEAPS, false);
pub(super) static HARTEBEEST_TABLE: [Bb; SQUARES] = leaper_table(&HARTEBEEST_LEAPS, false);
pub(super) static COHARTEBEEST_TABLE: [Bb; SQUARES] = leaper_table(&COHARTEBEEST_LEAPS, false);
pub(super) static HINNY_TABLE: [[Bb; SQUARES]; 2] = [
    leaper_table(&HINNY_LEAPS, false),
    leaper_table(&HINNY_LEAPS, true),
];
pub(super) static COHINNY_TABLE: [[Bb; SQUARES]; 2] = [
    leaper_table(&COHINNY_LEAPS, false),
    leaper_table(&COHINNY_LEAPS, true),
];
pub(super) static PAWN_CAPTURE_TABLE: [[Bb; SQUARES]; 2] = [
    leaper_table(&PAWN_CAPTURES, false),
    leaper_table(&PAWN_CAPTURES, true),
];

// The eight ray directions. Those with an even index go up the bit order (a bit scan from the
// low end finds the nearest blocker), the odd ones down; `d ^ 1` is the opposite direction.
pub(super) const NORTH: usize = 0;
pub(super) const SOUTH: usize = 1;
pub(super) const EAST: usize = 2;
pub(super) const WEST: usize = 3;
pub(super) const NORTH_EAST: usize = 4;
pub(super) const SOUTH_WEST: usize = 5;
pub(super) const NORTH_WEST: usize = 6;
pub(super) const SOUTH_EAST: usize = 7;
pub(super) const DIRECTION_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

pub(super) const fn ray_tables() -> [[Bb; SQUARES]; 8] {
    let mut rays = [[0; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTION_STEPS[d];
        let mut sq = 0;
        while sq < SQUARES {
            let (mut f, mut r) = ((sq % 9) as i8 + df, (sq / 9) as i8 + dr);
            while f >= 0 && f < FILES && r >= 0 && r < RANKS {
                rays[d][sq] |= 1 << (r * FILES + f) as u32;
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// `RAYS[d][sq]`: every square from `sq` (exclusive) to the edge in direction `d`.
pub(super) static RAYS: [[Bb; SQUARES]; 8] = ray_tables();

pub(super) const fn dirs(list: &[usize]) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i];
        i += 1;
    }
    mask
}

/// The same directions seen by Black: north and south exchanged (ranks negated).
pub(super) const fn for_black(mask: u8) -> u8 {
    let mut out = 0;
    let mut d = 0;
    while d < 8 {
        if mask & (1 << d) != 0 {
            let flipped = match d {
                NORTH => SOUTH,
                SOUTH => NORTH,
                NORTH_EAST => SOUTH_EAST,
                SOUTH_EAST => NORTH_EAST,
                NORTH_WEST => SOUTH_WEST,
                SOUTH_WEST => NORTH_WEST,
                other => other,
            };
            out |= 1 << flipped;
        }
        d += 1;
    }
    out
}

pub(super) const QUEEN_DIRS: u8 = 0xff;
/// Hunter `fRbB`.
pub(super) const HUNTER_DIRS: u8 = dirs(&[NORTH, SOUTH_EAST, SOUTH_WEST]);
/// Hawker `fBbR`.
pub(super) const HAWKER_DIRS: u8 = dirs(&[NORTH_EAST, NORTH_WEST, SOUTH]);
/// Huntress `fsRbB`.
pub(super) const HUNTRESS_DIRS: u8 = dirs(&[NORTH, EAST, WEST, SOUTH_EAST, SOUTH_WEST]);
/// Hawkress `bsRfB`.
pub(super) const HAWKRESS_DIRS: u8 = dirs(&[SOUTH, EAST, WEST, NORTH_EAST, NORTH_WEST]);

/// The sliders and their directions, per colour.
pub(super) const SLIDERS: [(usize, [u8; 2]); 5] = [
    (QUEEN, [QUEEN_DIRS, QUEEN_DIRS]),
    (HUNTER, [HUNTER_DIRS, for_black(HUNTER_DIRS)]),
    (HAWKER, [HAWKER_DIRS, for_black(HAWKER_DIRS)]),
    (HUNTRESS, [HUNTRESS_DIRS, for_black(HUNTRESS_DIRS)]),
    (HAWKRESS, [HAWKRESS_DIRS, for_black(HAWKRESS_DIRS)]),
];

pub(super) const fn slider_dirs(colour: usize) -> [u8; KINDS] {
    let mut out = [0; KINDS];
    let mut i = 0;
    while i < SLIDERS.len() {
        out[SLIDERS[i].0] = SLIDERS[i].1[colour];
        i += 1;
    }
    out
}

/// `SLIDER_DIRS[colour][kind]`: the directions a piece slides in (0 for leapers).
pub(super) static SLIDER_DIRS: [[u8; KINDS]; 2] = [slider_dirs(WHITE), slider_dirs(BLACK)];

/// The squares a slider on `sq` reaches in direction `d`: up to and including the first
/// occupied square.
#[inline]
pub(super) fn ray(sq: usize, d: usize, occupied: Bb) -> Bb {
    let ray = RAYS[d][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if d & 1 == 0 {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

#[inline]
pub(super) fn bit(sq: usize) -> Bb {
    1 << sq
}

/// Iterates over the squares of a bitboard, lowest first.
#[inline]
pub(super) fn squares(mut bits: Bb) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(sq)
        }
    })
}
