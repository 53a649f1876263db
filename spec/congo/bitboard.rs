//! Congo — the bitboard generator.
//!
//! The 49 squares are the low 49 bits of a `u64` (bit `rank * 7 + file`; a1 = bit 0, g7 =
//! bit 48). Step and leap targets come from `static` tables filled by `const fn`s; slides walk a
//! precomputed step table; monkey chains are a depth-first search over jump tables; drowning is
//! a mask; perft counts the last ply by popcount, without allocating per node.
//!
//! It shares no move-generation code with [`super::rules`] (only the crate's types), so the two
//! can be held to each other. Rule IDs are cited where this file special-cases a rule.

use super::{Congo, CongoKind, CongoSwitches, MonkeyReentry};
use crate::perft::hash::{perft_node, perft_positions, HashNode, KeyHasher, PerftTable};
use crate::perft::Counting;
use crate::{
    Colour, Game, Generator, Move, MoveTextError, Outcome, Piece, Position, Reason, Setup, Square,
    Via,
};

type Bb = u64;

const SQUARES: usize = 49;
const NONE: u8 = 64;

const LION: usize = 0;
const ZEBRA: usize = 1;
const ELEPHANT: usize = 2;
const GIRAFFE: usize = 3;
const CROCODILE: usize = 4;
const MONKEY: usize = 5;
const PAWN: usize = 6;
const SUPERPAWN: usize = 7;

const KINDS: [CongoKind; 8] = [
    CongoKind::Lion,
    CongoKind::Zebra,
    CongoKind::Elephant,
    CongoKind::Giraffe,
    CongoKind::Crocodile,
    CongoKind::Monkey,
    CongoKind::Pawn,
    CongoKind::Superpawn,
];

const WHITE: usize = 0;
const BLACK: usize = 1;

const fn bit(sq: usize) -> Bb {
    1u64 << sq
}

const fn rank_mask(rank: usize) -> Bb {
    0x7f << (rank * 7)
}

/// CONGO-1.2: rank 4.
const RIVER: Bb = rank_mask(3);
/// The last rank of each side (White's rank 7, Black's rank 1).
const LAST_RANK: [Bb; 2] = [rank_mask(6), rank_mask(0)];
/// CONGO-3.8: the ranks beyond the river for each side.
const BEYOND_RIVER: [Bb; 2] = [
    rank_mask(4) | rank_mask(5) | rank_mask(6),
    rank_mask(0) | rank_mask(1) | rank_mask(2),
];

const fn castle(low_rank: usize) -> Bb {
    let mut bb = 0;
    let mut r = low_rank;
    while r < low_rank + 3 {
        bb |= 0b11100 << (r * 7);
        r += 1;
    }
    bb
}

/// CONGO-1.2: c1–e3 and c5–e7.
const CASTLE: [Bb; 2] = [castle(0), castle(4)];

/// Direction indices into [`DIRS`]: 0 up, 1 down, 2 right, 3 left, 4 up-right, 5 up-left,
/// 6 down-right, 7 down-left.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const UP: usize = 0;
const DOWN: usize = 1;
const RIGHT: usize = 2;
const LEFT: usize = 3;

const fn target(sq: usize, df: i32, dr: i32) -> u8 {
    let f = (sq % 7) as i32 + df;
    let r = (sq / 7) as i32 + dr;
    if f >= 0 && f < 7 && r >= 0 && r < 7 {
        (r * 7 + f) as u8
    } else {
        NONE
    }
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bb; SQUARES] {
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

const fn step_table() -> [[u8; SQUARES]; 8] {
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

const fn jump_land_table() -> [[u8; SQUARES]; 8] {
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
const fn file_diagonal_tables() -> ([[Bb; SQUARES]; SQUARES], [Bb; SQUARES]) {
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

static KING: [Bb; SQUARES] = leaper_table(&[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
]);
static KNIGHT: [Bb; SQUARES] = leaper_table(&[
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
static ELEPHANT_TARGETS: [Bb; SQUARES] = leaper_table(&[
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
static GIRAFFE_LEAPS: [Bb; SQUARES] = leaper_table(&[
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
static PAWN_STEPS: [[Bb; SQUARES]; 2] = [
    leaper_table(&[(0, 1), (1, 1), (-1, 1)]),
    leaper_table(&[(0, -1), (1, -1), (-1, -1)]),
];
/// CONGO-3.10: the superpawn's forward and sideways steps, per side.
static SUPERPAWN_STEPS: [[Bb; SQUARES]; 2] = [
    leaper_table(&[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)]),
    leaper_table(&[(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0)]),
];
/// `STEP[d][sq]`: the neighbour of `sq` in direction `d`, or [`NONE`].
static STEP: [[u8; SQUARES]; 8] = step_table();
/// `JUMP_LAND[d][sq]`: the square two steps from `sq` in direction `d`, or [`NONE`].
static JUMP_LAND: [[u8; SQUARES]; 8] = jump_land_table();
static FILE_DIAGONAL: ([[Bb; SQUARES]; SQUARES], [Bb; SQUARES]) = file_diagonal_tables();

/// Backward directions of each side: straight, then the two diagonals.
const BACK: [[usize; 3]; 2] = [[1, 6, 7], [0, 4, 5]];

/// A position as bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    colour: [Bb; 2],
    kind: [Bb; 8],
    turn: usize,
    fullmove: u32,
}

/// A move as the bitboard generator plays it. The landing path (for move text) is handed to the
/// move visitor beside it.
#[derive(Clone, Copy, Debug)]
struct BMove {
    from: u8,
    to: u8,
    /// The monkey's jumped pieces (CONGO-4.2).
    jumped: Bb,
    /// Some intermediate landing of a monkey chain is off the river (CONGO-5.4).
    via_on_land: bool,
}

fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => WHITE,
        Colour::Black => BLACK,
    }
}

fn square_of(index: u8) -> Square {
    Square::new(index % 7, index / 7)
}

fn index_of(sq: Square) -> usize {
    sq.rank() as usize * 7 + sq.file() as usize
}

impl Board {
    /// The bitboards of a position.
    pub fn from_setup(setup: &Setup<CongoKind>) -> Board {
        let mut b = Board {
            colour: [0; 2],
            kind: [0; 8],
            turn: colour_index(setup.turn),
            fullmove: setup.fullmove_number,
        };
        for (sq, p) in setup.pieces() {
            let i = index_of(sq);
            if i < SQUARES {
                b.colour[colour_index(p.colour)] |= bit(i);
                let k = KINDS.iter().position(|&k| k == p.kind).unwrap_or(PAWN);
                b.kind[k] |= bit(i);
            }
        }
        b
    }

    /// The raw position back.
    pub fn to_setup(&self) -> Setup<CongoKind> {
        let mut setup = Setup::empty(Congo::SHAPE);
        setup.turn = if self.turn == WHITE {
            Colour::White
        } else {
            Colour::Black
        };
        setup.fullmove_number = self.fullmove;
        for (c, colour) in [(WHITE, Colour::White), (BLACK, Colour::Black)] {
            for (k, kind) in KINDS.iter().enumerate() {
                let mut bb = self.colour[c] & self.kind[k];
                while bb != 0 {
                    let i = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    setup.set(square_of(i), Some(Piece::new(colour, *kind)));
                }
            }
        }
        setup
    }

    fn occupied(&self) -> Bb {
        self.colour[WHITE] | self.colour[BLACK]
    }

    fn kind_at(&self, sq: usize) -> usize {
        let b = bit(sq);
        let mut k = 0;
        while k < 8 {
            if self.kind[k] & b != 0 {
                return k;
            }
            k += 1;
        }
        PAWN
    }

    /// CONGO-3.2: the flying capture's target, if the side to move has it.
    fn flying_capture(&self) -> Bb {
        let us = self.turn;
        let ours = self.kind[LION] & self.colour[us];
        let theirs = self.kind[LION] & self.colour[us ^ 1];
        if ours == 0 || theirs == 0 {
            return 0;
        }
        let l = ours.trailing_zeros() as usize;
        let e = theirs.trailing_zeros() as usize;
        let (between, aligned) = &FILE_DIAGONAL;
        if aligned[l] & theirs != 0 && between[l][e] & self.occupied() == 0 {
            theirs
        } else {
            0
        }
    }

    /// CONGO-3.6: the crocodile's slide targets.
    fn crocodile_slides(&self, sq: usize, own: Bb) -> Bb {
        let occ = self.occupied();
        let mut targets = 0;
        let mut walk = |d: usize, stop_at_river: bool| {
            let mut s = STEP[d][sq];
            while s != NONE {
                let b = bit(s as usize);
                if b & occ != 0 {
                    if b & own == 0 {
                        targets |= b;
                    }
                    return;
                }
                targets |= b;
                if stop_at_river && b & RIVER != 0 {
                    return;
                }
                s = STEP[d][s as usize];
            }
        };
        if bit(sq) & RIVER != 0 {
            walk(LEFT, false);
            walk(RIGHT, false);
        } else if sq < 21 {
            walk(UP, true);
        } else {
            walk(DOWN, true);
        }
        targets
    }

    /// A non-capturing retreat of one or two squares in direction `d`.
    fn retreat(sq: usize, d: usize, empty: Bb) -> Bb {
        let one = STEP[d][sq];
        if one == NONE || bit(one as usize) & empty == 0 {
            return 0;
        }
        let two = STEP[d][one as usize];
        if two != NONE && bit(two as usize) & empty != 0 {
            bit(one as usize) | bit(two as usize)
        } else {
            bit(one as usize)
        }
    }

    /// The destinations of the piece of kind `k` on `sq` other than monkey chains. Being a set,
    /// it lists each destination once (CONGO-3.6).
    fn targets(&self, k: usize, sq: usize) -> Bb {
        let us = self.turn;
        let own = self.colour[us];
        let empty = !self.occupied() & rank_mask_all();
        match k {
            LION => (KING[sq] & CASTLE[us] & !own) | self.flying_capture(),
            ZEBRA => KNIGHT[sq] & !own,
            ELEPHANT => ELEPHANT_TARGETS[sq] & !own,
            GIRAFFE => (KING[sq] & empty) | (GIRAFFE_LEAPS[sq] & !own),
            CROCODILE => (KING[sq] & !own) | self.crocodile_slides(sq, own),
            MONKEY => KING[sq] & empty,
            PAWN => {
                let mut t = PAWN_STEPS[us][sq] & !own;
                if bit(sq) & BEYOND_RIVER[us] != 0 {
                    t |= Board::retreat(sq, BACK[us][0], empty);
                }
                t
            }
            _ => {
                SUPERPAWN_STEPS[us][sq] & !own
                    | Board::retreat(sq, BACK[us][0], empty)
                    | Board::retreat(sq, BACK[us][1], empty)
                    | Board::retreat(sq, BACK[us][2], empty)
            }
        }
    }

    /// Calls `visit` for every move of the side to move (ignoring the game-end rules), with the
    /// chain's intermediate landings.
    fn for_each_move<F: FnMut(&BMove, &[u8])>(&self, visit: &mut F) {
        let mut own = self.colour[self.turn];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            let k = self.kind_at(sq);
            let mut t = self.targets(k, sq);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                let m = BMove {
                    from: sq as u8,
                    to,
                    jumped: 0,
                    via_on_land: false,
                };
                visit(&m, &[]);
            }
            if k == MONKEY {
                let chain = Chain::new(self, sq);
                let mut path = [0u8; 16];
                chain.visit(sq, 0, &mut path, 0, false, visit);
            }
        }
    }

    /// The number of moves of the side to move (ignoring the game-end rules).
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        let mut own = self.colour[self.turn];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            let k = self.kind_at(sq);
            n += self.targets(k, sq).count_ones() as u64;
            if k == MONKEY {
                n += Chain::new(self, sq).count(sq, 0);
            }
        }
        n
    }

    /// Plays `m`: capture, jumped pieces, promotion, then drowning (CONGO-5.2 – 5.4).
    fn make(&self, m: &BMove, switches: &CongoSwitches) -> Board {
        let us = self.turn;
        let them = us ^ 1;
        let from = bit(m.from as usize);
        let to = bit(m.to as usize);
        let k = self.kind_at(m.from as usize);
        let mut n = *self;
        let removed = to | m.jumped;
        n.colour[them] &= !removed;
        for bb in n.kind.iter_mut() {
            *bb &= !removed;
        }
        // A chain may end on its own start square (CONGO-4.3): clear, then set.
        n.colour[us] = (n.colour[us] & !from) | to;
        n.kind[k] &= !from;
        let becomes = if k == PAWN && to & LAST_RANK[us] != 0 {
            SUPERPAWN
        } else {
            k
        };
        n.kind[becomes] |= to;
        // CONGO-5.2: the mover's swimmers drown, except a piece that just entered the river.
        let entered = from & RIVER == 0
            || (switches.monkey_reentry == MonkeyReentry::Survives && m.via_on_land);
        let survivor = if entered { to } else { 0 };
        let drowned = n.colour[us] & RIVER & !n.kind[CROCODILE] & !survivor;
        if drowned != 0 {
            n.colour[us] &= !drowned;
            for bb in n.kind.iter_mut() {
                *bb &= !drowned;
            }
        }
        n.turn = them;
        if us == BLACK {
            n.fullmove = n.fullmove.saturating_add(1);
        }
        n
    }

    /// CONGO-6.1, CONGO-6.4: the game is over before any move is looked at (lion gone, or bare
    /// lions without the flying capture).
    fn ended_by_material(&self) -> Option<Outcome> {
        let us = self.turn;
        let winner = if us == WHITE {
            Colour::Black
        } else {
            Colour::White
        };
        if self.kind[LION] & self.colour[us] == 0 {
            return Some(Outcome::win(winner, Reason::LionCaptured));
        }
        if self.occupied() == self.kind[LION] && self.flying_capture() == 0 {
            return Some(Outcome::draw(Reason::BareLions));
        }
        None
    }

    /// CONGO-6: the outcome, if the game is over.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.ended_by_material() {
            return Some(o);
        }
        if self.count_moves() == 0 {
            let winner = if self.turn == WHITE {
                Colour::Black
            } else {
                Colour::White
            };
            return Some(Outcome::win(winner, Reason::NoLegalMove));
        }
        None
    }

    fn perft(&self, depth: u32, switches: &CongoSwitches) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended_by_material().is_some() {
            return 0;
        }
        if depth == 1 {
            return self.count_moves();
        }
        let mut nodes = 0;
        self.for_each_move(&mut |m, _| {
            nodes += self.make(m, switches).perft(depth - 1, switches);
        });
        nodes
    }
}

const fn rank_mask_all() -> Bb {
    (1u64 << SQUARES) - 1
}

/// CONGO-4: the fixed data of one monkey's chain search.
struct Chain {
    start: usize,
    enemy: Bb,
    enemy_lion: Bb,
    /// Squares a jump may land on: empty, or the monkey's own vacated start square.
    free: Bb,
}

impl Chain {
    fn new(b: &Board, start: usize) -> Chain {
        let enemy = b.colour[b.turn ^ 1];
        Chain {
            start,
            enemy,
            enemy_lion: enemy & b.kind[LION],
            free: (!b.occupied() & rank_mask_all()) | bit(start),
        }
    }

    /// Depth-first search over the jumps from `here`, having jumped `jumped`; `path[..depth]` are
    /// the landings so far. Every jump ends a move; jumping the lion ends the chain.
    fn visit<F: FnMut(&BMove, &[u8])>(
        &self,
        here: usize,
        jumped: Bb,
        path: &mut [u8; 16],
        depth: usize,
        via_on_land: bool,
        f: &mut F,
    ) {
        for d in 0..8 {
            let over = STEP[d][here];
            let land = JUMP_LAND[d][here];
            if land == NONE {
                continue;
            }
            let ob = bit(over as usize);
            if ob & self.enemy & !jumped == 0 || bit(land as usize) & self.free == 0 {
                continue;
            }
            let now = jumped | ob;
            let m = BMove {
                from: self.start as u8,
                to: land,
                jumped: now,
                via_on_land,
            };
            f(&m, &path[..depth]);
            if ob & self.enemy_lion == 0 && depth < path.len() {
                path[depth] = land;
                let on_land = via_on_land || bit(land as usize) & RIVER == 0;
                self.visit(land as usize, now, path, depth + 1, on_land, f);
            }
        }
    }

    /// The number of chains from `here`.
    fn count(&self, here: usize, jumped: Bb) -> u64 {
        let mut n = 0;
        for d in 0..8 {
            let over = STEP[d][here];
            let land = JUMP_LAND[d][here];
            if land == NONE {
                continue;
            }
            let ob = bit(over as usize);
            if ob & self.enemy & !jumped == 0 || bit(land as usize) & self.free == 0 {
                continue;
            }
            n += 1;
            if ob & self.enemy_lion == 0 {
                n += self.count(land as usize, jumped | ob);
            }
        }
        n
    }
}

/// The bitboard generator of Congo.
pub struct Bitboard {
    switches: CongoSwitches,
}

impl Bitboard {
    pub fn new(switches: CongoSwitches) -> Bitboard {
        Bitboard { switches }
    }
}

fn to_move(m: &BMove, via: &[u8]) -> Move<CongoKind> {
    let squares: Vec<Square> = via.iter().map(|&i| square_of(i)).collect();
    Move {
        from: square_of(m.from),
        // A validated position has at most 14 enemy pieces, so a chain has at most 13
        // intermediate landings (CONGO-2.6) and always fits.
        via: Via::from_slice(&squares).unwrap_or(Via::EMPTY),
        to: square_of(m.to),
        promotion: None,
    }
}

impl Generator<Congo> for Bitboard {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Bitboard
    }

    fn switches(&self) -> &CongoSwitches {
        &self.switches
    }

    fn legal_moves(&self, pos: &Position<Congo>) -> Vec<Move<CongoKind>> {
        let b = Board::from_setup(pos.setup());
        let mut moves = Vec::new();
        if b.ended_by_material().is_none() {
            b.for_each_move(&mut |m, via| moves.push(to_move(m, via)));
        }
        moves
    }

    fn play_unchecked(&self, pos: &Position<Congo>, mv: &Move<CongoKind>) -> Position<Congo> {
        let b = Board::from_setup(pos.setup());
        let mut found = None;
        b.for_each_move(&mut |m, via| {
            if found.is_none() && to_move(m, via) == *mv {
                found = Some(*m);
            }
        });
        // A move that is not among the moves is played as a plain transfer (the result is
        // meaningless, as the trait allows; `play` checks legality first).
        let m = found.unwrap_or(BMove {
            from: index_of(mv.from) as u8,
            to: index_of(mv.to) as u8,
            jumped: 0,
            via_on_land: false,
        });
        Position::new_unchecked(b.make(&m, &self.switches).to_setup())
    }

    fn is_check(&self, _pos: &Position<Congo>) -> bool {
        false
    }

    fn outcome(&self, pos: &Position<Congo>) -> Option<Outcome> {
        Board::from_setup(pos.setup()).outcome()
    }

    fn perft(&self, pos: &Position<Congo>, depth: u32) -> u64 {
        Board::from_setup(pos.setup()).perft(depth, &self.switches)
    }

    fn perft_hashed(
        &self,
        pos: &Position<Congo>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        match counting {
            Counting::Routes => perft_node(
                &Board::from_setup(pos.setup()),
                &self.switches,
                depth,
                table,
            ),
            Counting::Results => perft_positions(self, pos, depth, counting, table),
        }
    }

    fn parse_move(
        &self,
        pos: &Position<Congo>,
        text: &str,
    ) -> Result<Move<CongoKind>, MoveTextError> {
        super::parse_legal_move(self, pos, text)
    }
}

impl HashNode for Board {
    type Ctx = CongoSwitches;

    /// The bitboards and the side to move (drowning is decided within a move, CONGO-5).
    fn write_key(&self, h: &mut KeyHasher) {
        for &w in self.colour.iter().chain(&self.kind) {
            h.write(w);
        }
        h.write(self.turn as u64);
    }

    fn count(&self, _: &CongoSwitches) -> u64 {
        if self.ended_by_material().is_some() {
            0
        } else {
            self.count_moves()
        }
    }

    fn children(&self, switches: &CongoSwitches, mut f: impl FnMut(&Self)) {
        if self.ended_by_material().is_some() {
            return;
        }
        self.for_each_move(&mut |m, _| f(&self.make(m, switches)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_their_definitions() {
        // d4 = bit 24: the knight reaches 8 squares, the king 8, the elephant 8.
        assert_eq!(KNIGHT[24].count_ones(), 8);
        assert_eq!(KING[24].count_ones(), 8);
        assert_eq!(ELEPHANT_TARGETS[24].count_ones(), 8);
        // a1: knight b3, c2.
        assert_eq!(KNIGHT[0], bit(15) | bit(9));
        assert_eq!(CASTLE[WHITE].count_ones(), 9);
        assert_eq!(CASTLE[BLACK], CASTLE[WHITE] << 28);
        // d1 to d5 (bits 3 and 31): d2, d3, d4 between.
        let (between, aligned) = &FILE_DIAGONAL;
        assert_eq!(between[3][31], bit(10) | bit(17) | bit(24));
        assert_eq!(
            aligned[3] & bit(4),
            0,
            "ranks are not lines of the flying capture"
        );
    }

    #[test]
    fn board_round_trips_a_setup() {
        let pos = Position::<Congo>::start();
        assert_eq!(Board::from_setup(pos.setup()).to_setup(), *pos.setup());
    }
}
