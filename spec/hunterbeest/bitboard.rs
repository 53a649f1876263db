//! # Bachelor Hunterbeest — the bitboard generator
//!
//! The optimized generator. It shares only this crate's types with the reference
//! ([`super::rules`]): the board, the tables, the attack test, the check and pin logic and the
//! make-move below are its own, so the differential tests compare two independent readings.
//!
//! - The 9 × 8 board has 72 squares, more than a `u64` holds: a bitboard is a `u128` with bit
//!   `rank * 9 + file` (a1 = bit 0, i1 = bit 8, a2 = bit 9, …, i8 = bit 71).
//! - Leaper moves (King, Gnu, Hartebeest, Cohartebeest, Hinny, Cohinny, Pawn captures) come from
//!   tables filled at compile time by `const fn`s; the colour-dependent leapers (Hinny, Cohinny,
//!   Pawn) have one table per colour.
//! - The five sliders (Queen, Hunter, Hawker, Huntress, Hawkress) slide in a subset of the eight
//!   directions; a ray scan finds the first blocker with a bit scan on a precomputed ray.
//! - Legal moves come from check and pin information (checkers, the squares that stop a check,
//!   pin lines) rather than by playing every move; only en passant is tested by playing it.
//! - Perft counts in bulk at the last ply (population counts, ×10 for promotions) and recurses
//!   by copy-make through a visitor: no allocation per node.

use super::{Hunterbeest, HunterbeestKind, HunterbeestSwitches, StalemateResult};
use crate::perft::hash::{perft_node, perft_positions, HashNode, KeyHasher, PerftTable};
use crate::perft::Counting;
use crate::{
    ByColour, CastleSides, Colour, Game, Generator, Move, Outcome, Piece, Position, Reason, Setup,
    Square,
};

/// A set of squares of the 9 × 8 board: bit `rank * 9 + file`.
pub type Bits = u128;

const FILES: i8 = 9;
const RANKS: i8 = 8;
const SQUARES: usize = 72;
const FULL: Bits = (1 << SQUARES) - 1;
const RANK_1: Bits = 0x1ff;
const RANK_8: Bits = RANK_1 << 63;

// Piece kinds as indices of this generator.
const KING: usize = 0;
const QUEEN: usize = 1;
const PAWN: usize = 2;
const HUNTER: usize = 3;
const HAWKER: usize = 4;
const HUNTRESS: usize = 5;
const HAWKRESS: usize = 6;
const GNU: usize = 7;
const HARTEBEEST: usize = 8;
const COHARTEBEEST: usize = 9;
const HINNY: usize = 10;
const COHINNY: usize = 11;
const KINDS: usize = 12;
const EMPTY: u8 = u8::MAX;

const WHITE: usize = 0;
const BLACK: usize = 1;

/// The promotion choices (BHB-4.1).
const PROMOTIONS: [usize; 10] = [
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

fn kind_index(kind: HunterbeestKind) -> usize {
    match kind {
        HunterbeestKind::King => KING,
        HunterbeestKind::Queen => QUEEN,
        HunterbeestKind::Pawn => PAWN,
        HunterbeestKind::Hunter => HUNTER,
        HunterbeestKind::Hawker => HAWKER,
        HunterbeestKind::Huntress => HUNTRESS,
        HunterbeestKind::Hawkress => HAWKRESS,
        HunterbeestKind::Gnu => GNU,
        HunterbeestKind::Hartebeest => HARTEBEEST,
        HunterbeestKind::Cohartebeest => COHARTEBEEST,
        HunterbeestKind::Hinny => HINNY,
        HunterbeestKind::Cohinny => COHINNY,
    }
}

const KIND_OF_INDEX: [HunterbeestKind; KINDS] = [
    HunterbeestKind::King,
    HunterbeestKind::Queen,
    HunterbeestKind::Pawn,
    HunterbeestKind::Hunter,
    HunterbeestKind::Hawker,
    HunterbeestKind::Huntress,
    HunterbeestKind::Hawkress,
    HunterbeestKind::Gnu,
    HunterbeestKind::Hartebeest,
    HunterbeestKind::Cohartebeest,
    HunterbeestKind::Hinny,
    HunterbeestKind::Cohinny,
];

// ---------------------------------------------------------------------------------------------
// Tables, built at compile time.
// ---------------------------------------------------------------------------------------------

/// The squares reached from each square by the leaps `offsets` ((file, rank), White's view);
/// with `black` the ranks are negated (Black's forward is down).
const fn leaper_table(offsets: &[(i8, i8)], black: bool) -> [Bits; SQUARES] {
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

const KING_LEAPS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const GNU_LEAPS: [(i8, i8); 16] = [
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
const HARTEBEEST_LEAPS: [(i8, i8); 8] = [
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
const COHARTEBEEST_LEAPS: [(i8, i8); 8] = [
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
const HINNY_LEAPS: [(i8, i8); 8] = [
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
const COHINNY_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (3, 1),
    (-3, 1),
    (1, -3),
    (-1, -3),
    (2, -1),
    (-2, -1),
];
const PAWN_CAPTURES: [(i8, i8); 2] = [(1, 1), (-1, 1)];

static KING_TABLE: [Bits; SQUARES] = leaper_table(&KING_LEAPS, false);
static GNU_TABLE: [Bits; SQUARES] = leaper_table(&GNU_LEAPS, false);
static HARTEBEEST_TABLE: [Bits; SQUARES] = leaper_table(&HARTEBEEST_LEAPS, false);
static COHARTEBEEST_TABLE: [Bits; SQUARES] = leaper_table(&COHARTEBEEST_LEAPS, false);
static HINNY_TABLE: [[Bits; SQUARES]; 2] = [
    leaper_table(&HINNY_LEAPS, false),
    leaper_table(&HINNY_LEAPS, true),
];
static COHINNY_TABLE: [[Bits; SQUARES]; 2] = [
    leaper_table(&COHINNY_LEAPS, false),
    leaper_table(&COHINNY_LEAPS, true),
];
static PAWN_CAPTURE_TABLE: [[Bits; SQUARES]; 2] = [
    leaper_table(&PAWN_CAPTURES, false),
    leaper_table(&PAWN_CAPTURES, true),
];

// The eight ray directions. Those with an even index go up the bit order (a bit scan from the
// low end finds the nearest blocker), the odd ones down; `d ^ 1` is the opposite direction.
const NORTH: usize = 0;
const SOUTH: usize = 1;
const EAST: usize = 2;
const WEST: usize = 3;
const NORTH_EAST: usize = 4;
const SOUTH_WEST: usize = 5;
const NORTH_WEST: usize = 6;
const SOUTH_EAST: usize = 7;
const DIRECTION_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

const fn ray_tables() -> [[Bits; SQUARES]; 8] {
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
static RAYS: [[Bits; SQUARES]; 8] = ray_tables();

const fn dirs(list: &[usize]) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i];
        i += 1;
    }
    mask
}

/// The same directions seen by Black: north and south exchanged (ranks negated).
const fn for_black(mask: u8) -> u8 {
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

const QUEEN_DIRS: u8 = 0xff;
/// Hunter `fRbB`.
const HUNTER_DIRS: u8 = dirs(&[NORTH, SOUTH_EAST, SOUTH_WEST]);
/// Hawker `fBbR`.
const HAWKER_DIRS: u8 = dirs(&[NORTH_EAST, NORTH_WEST, SOUTH]);
/// Huntress `fsRbB`.
const HUNTRESS_DIRS: u8 = dirs(&[NORTH, EAST, WEST, SOUTH_EAST, SOUTH_WEST]);
/// Hawkress `bsRfB`.
const HAWKRESS_DIRS: u8 = dirs(&[SOUTH, EAST, WEST, NORTH_EAST, NORTH_WEST]);

/// The sliders and their directions, per colour.
const SLIDERS: [(usize, [u8; 2]); 5] = [
    (QUEEN, [QUEEN_DIRS, QUEEN_DIRS]),
    (HUNTER, [HUNTER_DIRS, for_black(HUNTER_DIRS)]),
    (HAWKER, [HAWKER_DIRS, for_black(HAWKER_DIRS)]),
    (HUNTRESS, [HUNTRESS_DIRS, for_black(HUNTRESS_DIRS)]),
    (HAWKRESS, [HAWKRESS_DIRS, for_black(HAWKRESS_DIRS)]),
];

const fn slider_dirs(colour: usize) -> [u8; KINDS] {
    let mut out = [0; KINDS];
    let mut i = 0;
    while i < SLIDERS.len() {
        out[SLIDERS[i].0] = SLIDERS[i].1[colour];
        i += 1;
    }
    out
}

/// `SLIDER_DIRS[colour][kind]`: the directions a piece slides in (0 for leapers).
static SLIDER_DIRS: [[u8; KINDS]; 2] = [slider_dirs(WHITE), slider_dirs(BLACK)];

/// The squares a slider on `sq` reaches in direction `d`: up to and including the first
/// occupied square.
#[inline]
fn ray(sq: usize, d: usize, occupied: Bits) -> Bits {
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
fn bit(sq: usize) -> Bits {
    1 << sq
}

/// Iterates over the squares of a bitboard, lowest first.
#[inline]
fn squares(mut bits: Bits) -> impl Iterator<Item = usize> {
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

// ---------------------------------------------------------------------------------------------
// The board.
// ---------------------------------------------------------------------------------------------

/// Castling rights as bits.
const WHITE_I_SIDE: u8 = 1;
const WHITE_A_SIDE: u8 = 2;
const BLACK_I_SIDE: u8 = 4;
const BLACK_A_SIDE: u8 = 8;

/// The corners, with the right a move from or to them removes.
const CORNERS: [(usize, u8); 4] = [
    (8, WHITE_I_SIDE),
    (0, WHITE_A_SIDE),
    (71, BLACK_I_SIDE),
    (63, BLACK_A_SIDE),
];

/// What a move does besides moving a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Special {
    None,
    DoubleStep,
    EnPassant,
    Castling,
    Promotion(usize),
}

/// A move of this generator.
#[derive(Clone, Copy, Debug)]
struct BMove {
    from: usize,
    to: usize,
    special: Special,
}

/// The position as bitboards plus a mailbox of kinds (for captures and the edge conversions).
#[derive(Clone, Copy)]
pub struct Board {
    kinds: [Bits; KINDS],
    colours: [Bits; 2],
    mailbox: [u8; SQUARES],
    turn: usize,
    castling: u8,
    ep: Option<usize>,
    halfmove: u32,
    fullmove: u32,
}

fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => WHITE,
        Colour::Black => BLACK,
    }
}

fn colour_of_index(i: usize) -> Colour {
    if i == WHITE {
        Colour::White
    } else {
        Colour::Black
    }
}

fn square_index(sq: Square) -> usize {
    sq.rank() as usize * 9 + sq.file() as usize
}

fn index_square(i: usize) -> Square {
    Square::new((i % 9) as u8, (i / 9) as u8)
}

/// The squares that receive what a move hands them, collected or counted.
trait Sink {
    /// Moves from `from` to each square of `targets`, with `special` (a promotion sink adds one
    /// move per choice).
    fn add(&mut self, board: &Board, from: usize, targets: Bits, special: Special);
}

/// Counts moves without listing them (perft's last ply).
struct Count(u64);

impl Sink for Count {
    #[inline]
    fn add(&mut self, _: &Board, _: usize, targets: Bits, special: Special) {
        let n = u64::from(targets.count_ones());
        self.0 += match special {
            Special::Promotion(_) => n * PROMOTIONS.len() as u64,
            _ => n,
        };
    }
}

/// Hands each child board to a closure (the hashed perft's walk).
struct Children<F: FnMut(&Board)>(F);

impl<F: FnMut(&Board)> Sink for Children<F> {
    fn add(&mut self, board: &Board, from: usize, targets: Bits, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        let special = Special::Promotion(kind);
                        (self.0)(&board.make(BMove { from, to, special }));
                    }
                }
                _ => (self.0)(&board.make(BMove { from, to, special })),
            }
        }
    }
}

impl HashNode for Board {
    type Ctx = ();

    /// The bitboards, the side to move, castling rights and the en-passant square.
    fn write_key(&self, h: &mut KeyHasher) {
        for &w in self.kinds.iter().chain(&self.colours) {
            h.write(w as u64);
            h.write((w >> 64) as u64);
        }
        let ep = self.ep.map_or(0xff, |e| e as u64);
        h.write(self.turn as u64 | u64::from(self.castling) << 8 | ep << 16);
    }

    fn count(&self, _: &()) -> u64 {
        self.perft(1)
    }

    fn children(&self, _: &(), f: impl FnMut(&Self)) {
        self.generate(&mut Children(f));
    }
}

/// Plays each move and counts the subtree below it.
struct Recurse {
    depth: u32,
    nodes: u64,
}

impl Sink for Recurse {
    fn add(&mut self, board: &Board, from: usize, targets: Bits, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        let child = board.make(BMove {
                            from,
                            to,
                            special: Special::Promotion(kind),
                        });
                        self.nodes += child.perft(self.depth);
                    }
                }
                _ => {
                    let child = board.make(BMove { from, to, special });
                    self.nodes += child.perft(self.depth);
                }
            }
        }
    }
}

/// Lists moves.
struct Collect(Vec<BMove>);

impl Sink for Collect {
    fn add(&mut self, _: &Board, from: usize, targets: Bits, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        self.0.push(BMove {
                            from,
                            to,
                            special: Special::Promotion(kind),
                        });
                    }
                }
                _ => self.0.push(BMove { from, to, special }),
            }
        }
    }
}

impl Board {
    /// The board of a position.
    ///
    /// ```
    /// use fairyspec::{Position, hunterbeest::{Hunterbeest, bitboard::Board}};
    ///
    /// let start = Position::<Hunterbeest>::start();
    /// assert_eq!(&Board::new(&start).to_setup(), start.setup());
    /// ```
    pub fn new(pos: &Position<Hunterbeest>) -> Board {
        Board::from_setup(pos.setup())
    }

    /// The board of a setup. The move generation below assumes a valid position of the game
    /// (one King each), which is why the public door is [`Board::new`].
    fn from_setup(setup: &Setup<HunterbeestKind>) -> Board {
        let mut b = Board {
            kinds: [0; KINDS],
            colours: [0; 2],
            mailbox: [EMPTY; SQUARES],
            turn: colour_index(setup.turn),
            castling: 0,
            ep: setup.ep_square.map(square_index),
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            let i = square_index(sq);
            let k = kind_index(p.kind);
            b.kinds[k] |= bit(i);
            b.colours[colour_index(p.colour)] |= bit(i);
            b.mailbox[i] = k as u8;
        }
        let rights = [
            (setup.castling.white.short, WHITE_I_SIDE),
            (setup.castling.white.long, WHITE_A_SIDE),
            (setup.castling.black.short, BLACK_I_SIDE),
            (setup.castling.black.long, BLACK_A_SIDE),
        ];
        for (has, flag) in rights {
            if has {
                b.castling |= flag;
            }
        }
        b
    }

    /// Back to a setup.
    pub fn to_setup(&self) -> Setup<HunterbeestKind> {
        let mut setup = Setup::empty(Hunterbeest::SHAPE);
        for i in 0..SQUARES {
            let k = self.mailbox[i];
            if k != EMPTY {
                let colour = if self.colours[WHITE] & bit(i) != 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                setup.set(
                    index_square(i),
                    Some(Piece::new(colour, KIND_OF_INDEX[k as usize])),
                );
            }
        }
        setup.turn = colour_of_index(self.turn);
        setup.castling = ByColour {
            white: CastleSides {
                short: self.castling & WHITE_I_SIDE != 0,
                long: self.castling & WHITE_A_SIDE != 0,
            },
            black: CastleSides {
                short: self.castling & BLACK_I_SIDE != 0,
                long: self.castling & BLACK_A_SIDE != 0,
            },
        };
        setup.ep_square = self.ep.map(index_square);
        setup.halfmove_clock = self.halfmove;
        setup.fullmove_number = self.fullmove;
        setup
    }

    #[inline]
    fn occupied(&self) -> Bits {
        self.colours[WHITE] | self.colours[BLACK]
    }

    #[inline]
    fn pieces(&self, colour: usize, kind: usize) -> Bits {
        self.kinds[kind] & self.colours[colour]
    }

    #[inline]
    fn king(&self, colour: usize) -> usize {
        self.pieces(colour, KING).trailing_zeros() as usize
    }

    /// For each direction, the pieces of `colour` that slide in it.
    #[inline]
    fn sliders_by_direction(&self, colour: usize) -> [Bits; 8] {
        let mut out = [0; 8];
        for (kind, dir_sets) in SLIDERS {
            let pieces = self.pieces(colour, kind);
            if pieces == 0 {
                continue;
            }
            let mask = dir_sets[colour];
            for (d, slot) in out.iter_mut().enumerate() {
                if mask & (1 << d) != 0 {
                    *slot |= pieces;
                }
            }
        }
        out
    }

    /// The leaping pieces (and Pawns) of `by` that attack `sq`.
    #[inline]
    fn leaper_attackers(&self, sq: usize, by: usize) -> Bits {
        let other = by ^ 1;
        (KING_TABLE[sq] & self.pieces(by, KING))
            | (GNU_TABLE[sq] & self.pieces(by, GNU))
            | (HARTEBEEST_TABLE[sq] & self.pieces(by, HARTEBEEST))
            | (COHARTEBEEST_TABLE[sq] & self.pieces(by, COHARTEBEEST))
            // A piece of `by` leaping onto `sq` stands where the reversed leap (the other
            // colour's table, for the forward/backward-asymmetric pieces) goes from `sq`.
            | (HINNY_TABLE[other][sq] & self.pieces(by, HINNY))
            | (COHINNY_TABLE[other][sq] & self.pieces(by, COHINNY))
            | (PAWN_CAPTURE_TABLE[other][sq] & self.pieces(by, PAWN))
    }

    /// Whether `by` attacks `sq` with the board occupied by `occupied`; `sliders` is
    /// [`Board::sliders_by_direction`] of `by`.
    #[inline]
    fn attacked(&self, sq: usize, by: usize, occupied: Bits, sliders: &[Bits; 8]) -> bool {
        if self.leaper_attackers(sq, by) != 0 {
            return true;
        }
        // A slider that reaches `sq` moving in direction `d` stands on the ray from `sq` in the
        // opposite direction `d ^ 1`.
        (0..8).any(|d| sliders[d] != 0 && ray(sq, d ^ 1, occupied) & sliders[d] != 0)
    }

    /// Whether the side to move's King is attacked.
    fn in_check(&self) -> bool {
        let them = self.turn ^ 1;
        let sliders = self.sliders_by_direction(them);
        self.attacked(self.king(self.turn), them, self.occupied(), &sliders)
    }

    /// BHB-6.3 — the win of the side that just moved: its Queen or Gnu beside its King.
    fn finished(&self) -> Option<Reason> {
        let mover = self.turn ^ 1;
        if self.pieces(mover, KING) == 0 {
            return None;
        }
        let around = KING_TABLE[self.king(mover)];
        if around & self.pieces(mover, QUEEN) != 0 {
            Some(Reason::Marriage)
        } else if around & self.pieces(mover, GNU) != 0 {
            Some(Reason::Taming)
        } else {
            None
        }
    }

    /// The squares the non-King, non-Pawn piece `kind` of `colour` on `from` reaches.
    #[inline]
    fn reach(kind: usize, colour: usize, from: usize, occupied: Bits) -> Bits {
        match kind {
            GNU => GNU_TABLE[from],
            HARTEBEEST => HARTEBEEST_TABLE[from],
            COHARTEBEEST => COHARTEBEEST_TABLE[from],
            HINNY => HINNY_TABLE[colour][from],
            COHINNY => COHINNY_TABLE[colour][from],
            _ => {
                let mask = SLIDER_DIRS[colour][kind];
                let mut bits = 0;
                for d in 0..8 {
                    if mask & (1 << d) != 0 {
                        bits |= ray(from, d, occupied);
                    }
                }
                bits
            }
        }
    }

    /// Every legal move, handed to `sink`. Nothing in a finished position.
    fn generate<S: Sink>(&self, sink: &mut S) {
        if self.finished().is_some() {
            return;
        }
        let us = self.turn;
        let them = us ^ 1;
        let own = self.colours[us];
        let enemy = self.colours[them];
        let occupied = own | enemy;
        let king = self.king(us);
        let their_sliders = self.sliders_by_direction(them);

        // Checkers, and the squares where a piece stops a single check (the checker and,
        // for a slider, the squares between).
        let leaping_checkers = self.leaper_attackers(king, them);
        let mut checks = leaping_checkers.count_ones();
        let mut stop_check = leaping_checkers;
        for d in 0..8 {
            let line = ray(king, d, occupied);
            if line & their_sliders[d ^ 1] != 0 {
                checks += 1;
                stop_check |= line;
            }
        }

        // King moves: the target must not be attacked once the King has left its square.
        let without_king = occupied ^ bit(king);
        let mut king_targets = 0;
        for to in squares(KING_TABLE[king] & !own) {
            if !self.attacked(to, them, without_king, &their_sliders) {
                king_targets |= bit(to);
            }
        }
        sink.add(self, king, king_targets, Special::None);
        if checks >= 2 {
            return;
        }
        let allowed = if checks == 1 { stop_check } else { FULL };

        // Pins: an own piece alone between the King and an enemy slider moving towards it may
        // only move along that line.
        let mut pins: [(usize, Bits); 8] = [(SQUARES, 0); 8];
        let mut pin_count = 0;
        let mut pinned = 0;
        for d in 0..8 {
            if their_sliders[d ^ 1] == 0 {
                continue;
            }
            let line = ray(king, d, occupied);
            let blocker = line & own;
            if blocker == 0 {
                continue;
            }
            let behind = ray(king, d, occupied ^ blocker);
            if behind & their_sliders[d ^ 1] != 0 {
                let sq = blocker.trailing_zeros() as usize;
                pins[pin_count] = (sq, behind);
                pin_count += 1;
                pinned |= blocker;
            }
        }
        let pin_line = |sq: usize| -> Bits {
            if pinned & bit(sq) == 0 {
                FULL
            } else {
                pins[..pin_count]
                    .iter()
                    .find(|(p, _)| *p == sq)
                    .map_or(0, |(_, line)| *line)
            }
        };

        // The pieces.
        for kind in [
            QUEEN,
            HUNTER,
            HAWKER,
            HUNTRESS,
            HAWKRESS,
            GNU,
            HARTEBEEST,
            COHARTEBEEST,
            HINNY,
            COHINNY,
        ] {
            for from in squares(self.pieces(us, kind)) {
                let targets = Board::reach(kind, us, from, occupied) & !own & allowed;
                sink.add(self, from, targets & pin_line(from), Special::None);
            }
        }

        // The Pawns (BHB-3.4, BHB-4.1).
        let last_rank = if us == WHITE { RANK_8 } else { RANK_1 };
        let second_rank = if us == WHITE {
            RANK_1 << 9
        } else {
            RANK_1 << 54
        };
        for from in squares(self.pieces(us, PAWN)) {
            let limit = allowed & pin_line(from);
            let step_to = if us == WHITE { from + 9 } else { from - 9 };
            let mut steps = bit(step_to) & !occupied;
            let mut double = 0;
            if steps != 0 && bit(from) & second_rank != 0 {
                let double_to = if us == WHITE { from + 18 } else { from - 18 };
                double = bit(double_to) & !occupied;
            }
            steps |= PAWN_CAPTURE_TABLE[us][from] & enemy;
            steps &= limit;
            sink.add(self, from, steps & !last_rank, Special::None);
            sink.add(self, from, steps & last_rank, Special::Promotion(PAWN));
            sink.add(self, from, double & limit, Special::DoubleStep);
        }

        // En passant (BHB-4.2): tested by playing it, since it empties two squares of a line.
        if let Some(ep) = self.ep {
            for from in squares(PAWN_CAPTURE_TABLE[them][ep] & self.pieces(us, PAWN)) {
                let mv = BMove {
                    from,
                    to: ep,
                    special: Special::EnPassant,
                };
                let after = self.make(mv);
                let sliders = after.sliders_by_direction(them);
                if !after.attacked(after.king(us), them, after.occupied(), &sliders) {
                    sink.add(self, from, bit(ep), Special::EnPassant);
                }
            }
        }

        // Castling (BHB-5): not out of check, King's path unattacked, squares between empty.
        if checks == 0 {
            let base = if us == WHITE { 0 } else { 63 };
            let (i_right, a_right) = if us == WHITE {
                (WHITE_I_SIDE, WHITE_A_SIDE)
            } else {
                (BLACK_I_SIDE, BLACK_A_SIDE)
            };
            let five_way = self.pieces(us, HUNTRESS) | self.pieces(us, HAWKRESS);
            // (right, corner, squares between, King's path: passes, lands)
            let wings = [
                (i_right, base + 8, 0b0_1110_0000u128, base + 5, base + 6),
                (a_right, base, 0b0_0000_1110u128, base + 3, base + 2),
            ];
            for (right, corner, between, passes, lands) in wings {
                if self.castling & right != 0
                    && king == base + 4
                    && five_way & bit(corner) != 0
                    && occupied & (between << base) == 0
                    && !self.attacked(passes, them, occupied, &their_sliders)
                    && !self.attacked(lands, them, occupied, &their_sliders)
                {
                    sink.add(self, king, bit(lands), Special::Castling);
                }
            }
        }
    }

    /// Plays a legal move (copy-make).
    fn make(&self, mv: BMove) -> Board {
        let mut b = *self;
        let us = self.turn;
        let them = us ^ 1;
        let (from, to) = (mv.from, mv.to);
        let kind = self.mailbox[from] as usize;
        let mut reset_clock = kind == PAWN;

        let captured = self.mailbox[to];
        if captured != EMPTY {
            b.kinds[captured as usize] ^= bit(to);
            b.colours[them] ^= bit(to);
            reset_clock = true;
        }
        if mv.special == Special::EnPassant {
            let victim = if us == WHITE { to - 9 } else { to + 9 };
            b.kinds[PAWN] ^= bit(victim);
            b.colours[them] ^= bit(victim);
            b.mailbox[victim] = EMPTY;
        }

        let moved = bit(from) | bit(to);
        b.colours[us] ^= moved;
        b.mailbox[from] = EMPTY;
        if let Special::Promotion(new_kind) = mv.special {
            b.kinds[kind] ^= bit(from);
            b.kinds[new_kind] |= bit(to);
            b.mailbox[to] = new_kind as u8;
        } else {
            b.kinds[kind] ^= moved;
            b.mailbox[to] = kind as u8;
        }

        if mv.special == Special::Castling {
            let (corner, lands) = if to > from {
                (from + 4, from + 1)
            } else {
                (from - 4, from - 1)
            };
            let partner = self.mailbox[corner];
            let hop = bit(corner) | bit(lands);
            b.kinds[partner as usize] ^= hop;
            b.colours[us] ^= hop;
            b.mailbox[corner] = EMPTY;
            b.mailbox[lands] = partner;
        }

        if kind == KING {
            b.castling &= if us == WHITE {
                !(WHITE_I_SIDE | WHITE_A_SIDE)
            } else {
                !(BLACK_I_SIDE | BLACK_A_SIDE)
            };
        }
        for (corner, right) in CORNERS {
            if from == corner || to == corner {
                b.castling &= !right;
            }
        }

        b.ep = if mv.special == Special::DoubleStep {
            Some((from + to) / 2)
        } else {
            None
        };
        b.halfmove = if reset_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == BLACK {
            b.fullmove = self.fullmove.saturating_add(1);
        }
        b.turn = them;
        b
    }

    /// Leaf count `depth` plies deep, counting the last ply in bulk.
    fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => {
                let mut count = Count(0);
                self.generate(&mut count);
                count.0
            }
            _ => {
                let mut recurse = Recurse {
                    depth: depth - 1,
                    nodes: 0,
                };
                self.generate(&mut recurse);
                recurse.nodes
            }
        }
    }

    /// The move of this generator that `mv` names (its special part read off the board).
    fn read_move(&self, mv: &Move<HunterbeestKind>) -> BMove {
        let (from, to) = (square_index(mv.from), square_index(mv.to));
        let kind = self.mailbox[from] as usize;
        let special = if let Some(k) = mv.promotion {
            Special::Promotion(kind_index(k))
        } else if kind == KING && mv.from.file().abs_diff(mv.to.file()) == 2 {
            Special::Castling
        } else if kind == PAWN && Some(to) == self.ep && mv.from.file() != mv.to.file() {
            Special::EnPassant
        } else if kind == PAWN && mv.from.rank().abs_diff(mv.to.rank()) == 2 {
            Special::DoubleStep
        } else {
            Special::None
        };
        BMove { from, to, special }
    }
}

fn to_move(mv: BMove) -> Move<HunterbeestKind> {
    let (from, to) = (index_square(mv.from), index_square(mv.to));
    match mv.special {
        Special::Promotion(k) => Move::promoting(from, to, KIND_OF_INDEX[k]),
        _ => Move::new(from, to),
    }
}

/// The bitboard generator of Bachelor Hunterbeest.
///
/// ```
/// use fairyspec::{Generator, Position};
/// use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches, bitboard::Bitboard};
///
/// let bitboard = Bitboard::new(HunterbeestSwitches::default());
/// let start = Position::<Hunterbeest>::start();
/// assert_eq!(bitboard.perft(&start, 2), 26 * 26);
/// ```
pub struct Bitboard {
    switches: HunterbeestSwitches,
}

impl Bitboard {
    pub fn new(switches: HunterbeestSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

impl Generator<Hunterbeest> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &HunterbeestSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Hunterbeest>) -> Vec<Move<HunterbeestKind>> {
        let board = Board::new(pos);
        let mut collect = Collect(Vec::with_capacity(64));
        board.generate(&mut collect);
        collect.0.into_iter().map(to_move).collect()
    }

    fn play_unchecked(
        &self,
        pos: &Position<Hunterbeest>,
        mv: &Move<HunterbeestKind>,
    ) -> Position<Hunterbeest> {
        let board = Board::new(pos);
        Position::new_unchecked(board.make(board.read_move(mv)).to_setup())
    }

    fn is_check(&self, pos: &Position<Hunterbeest>) -> bool {
        Board::new(pos).in_check()
    }

    fn outcome(&self, pos: &Position<Hunterbeest>) -> Option<Outcome> {
        let board = Board::new(pos);
        let mover = colour_of_index(board.turn ^ 1);
        if let Some(reason) = board.finished() {
            return Some(Outcome::win(mover, reason));
        }
        if board.perft(1) > 0 {
            return None;
        }
        Some(if board.in_check() {
            Outcome::win(mover, Reason::Checkmate)
        } else {
            match self.switches.stalemate {
                StalemateResult::Draw => Outcome::draw(Reason::Stalemate),
                StalemateResult::Win => Outcome::win(mover, Reason::Stalemate),
            }
        })
    }

    fn perft(&self, pos: &Position<Hunterbeest>, depth: u32) -> u64 {
        Board::new(pos).perft(depth)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Hunterbeest>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        match counting {
            Counting::Routes => perft_node(&Board::new(pos), &(), depth, table),
            Counting::Results => perft_positions(self, pos, depth, counting, table),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Board {
        /// The cached state is consistent: kinds and colours disjoint and covering the same
        /// squares, the mailbox saying what the bitboards say, one King each.
        fn audit(&self) -> Result<(), String> {
            if self.colours[WHITE] & self.colours[BLACK] != 0 {
                return Err("colours overlap".into());
            }
            let mut all = 0;
            for (k, &bits) in self.kinds.iter().enumerate() {
                if all & bits != 0 {
                    return Err(format!("kind {k} overlaps another"));
                }
                all |= bits;
                for sq in squares(bits) {
                    if self.mailbox[sq] as usize != k {
                        return Err(format!("mailbox {sq} is not kind {k}"));
                    }
                }
            }
            if all != self.occupied() || all & !FULL != 0 {
                return Err("kinds and colours cover different squares".into());
            }
            let listed = self.mailbox.iter().filter(|&&k| k != EMPTY).count();
            if listed != all.count_ones() as usize {
                return Err("mailbox lists other squares".into());
            }
            for c in [WHITE, BLACK] {
                if self.pieces(c, KING).count_ones() != 1 {
                    return Err(format!("colour {c} has not one King"));
                }
            }
            Ok(())
        }
    }

    #[test]
    fn tables_match_their_definitions_at_sample_squares() {
        // e4 = bit 31 (rank 3 × 9 + file 4). The Hinny's White table from e4, by hand:
        // d7 f7 c5 g5 d2 f2 b3 h3.
        let names = |bits: Bits| -> Vec<String> {
            squares(bits).map(|i| index_square(i).to_string()).collect()
        };
        assert_eq!(
            names(HINNY_TABLE[WHITE][31]),
            ["d2", "f2", "b3", "h3", "c5", "g5", "d7", "f7"]
        );
        // The a1 corner: a Gnu reaches b3 c2 b4 d2.
        assert_eq!(names(GNU_TABLE[0]), ["c2", "d2", "b3", "b4"]);
        // The ray north-east from a1 runs to h8 (the board is one file wider than high).
        assert_eq!(
            names(RAYS[NORTH_EAST][0]),
            ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
        );
    }

    #[test]
    fn boards_stay_consistent_along_playouts() {
        let start = Board::from_setup(
            &crate::fen::parse_fen(
                super::super::START_ARRAY,
                Hunterbeest::SHAPE,
                crate::fen::FenDialect::Chess,
            )
            .unwrap_or_else(|e| panic!("{e}")),
        );
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..40 {
            let mut board = start;
            for _ in 0..80 {
                board.audit().unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    Board::from_setup(&board.to_setup()).to_setup(),
                    board.to_setup()
                );
                let mut moves = Collect(Vec::new());
                board.generate(&mut moves);
                if moves.0.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                board = board.make(moves.0[(seed % moves.0.len() as u64) as usize]);
            }
        }
    }
}
