//! Attack sets: the side to move as a type ([`Side`]), slider rays and range-two moves, each
//! kind's attacks, and the [`Threats`] of one side (its attack set, checkers and snipers).

use super::board::Board;
use super::tables::*;

/// A side as a type, so that every colour-dependent choice (which way is forward, which shift
/// moves a pawn) is made at compile time: the search is compiled once for White to move and
/// once for Black.
pub trait Side {
    const US: usize;
    const THEM: usize;
    /// The owner-relative directions: forward, backward, and the four diagonals.
    const F: usize;
    const B: usize;
    const FE: usize;
    const FW: usize;
    const BE: usize;
    const BW: usize;
    /// The rank a pawn reaches by its first single step (3 for White, 6 for Black).
    const PUSHED_ONCE: u64;
    /// Index change of a pawn's forward step.
    const UP: isize;
    type Other: Side;
    /// The set moved one square forward.
    fn forward(bb: u64) -> u64;
}

/// White to move.
pub struct White;
/// Black to move.
pub struct Black;

impl Side for White {
    const US: usize = 0;
    const THEM: usize = 1;
    const F: usize = N;
    const B: usize = S;
    const FE: usize = NE;
    const FW: usize = NW;
    const BE: usize = SE;
    const BW: usize = SW;
    const PUSHED_ONCE: u64 = RANK_2 << 8;
    const UP: isize = 8;
    type Other = Black;
    #[inline(always)]
    fn forward(bb: u64) -> u64 {
        bb << 8
    }
}

impl Side for Black {
    const US: usize = 1;
    const THEM: usize = 0;
    const F: usize = S;
    const B: usize = N;
    const FE: usize = SE;
    const FW: usize = SW;
    const BE: usize = NE;
    const BW: usize = NW;
    const PUSHED_ONCE: u64 = RANK_7 >> 8;
    const UP: isize = -8;
    type Other = White;
    #[inline(always)]
    fn forward(bb: u64) -> u64 {
        bb >> 8
    }
}

/// The squares a slider on `sq` reaches in direction `d`: the ray up to and including the first
/// occupied square (the "classical" method). For a ray that grows upwards (N, NE, E, NW) the
/// first blocker is the lowest set bit of `ray & occ`, otherwise the highest; the squares behind
/// it are the blocker's own ray, which XOR removes:
///
/// ```text
///   north ray of d1     occupied            blocker d5: ray of d5   result
///   . . . 1 . . . .     . . . . . . . .     . . . 1 . . . .         . . . . . . . .
///   . . . 1 . . . .     . . . . . . . .     . . . 1 . . . .         . . . . . . . .
///   . . . 1 . . . .     . . . . . . . .     . . . 1 . . . .         . . . . . . . .
///   . . . 1 . . . .     . . . 1 . . . .     . . . . . . . .         . . . 1 . . . .
///   . . . 1 . . . .     . . . . . . . .     . . . . . . . .         . . . 1 . . . .
///   . . . 1 . . . .     . . . . . . . .     . . . . . . . .         . . . 1 . . . .
///   . . . 1 . . . .     . . . . . . . .     . . . . . . . .         . . . 1 . . . .
///   . . . x . . . .     . . . . . . . .     . . . . . . . .         . . . x . . . .
/// ```
///
/// An empty ray needs no branch: a sentinel bit on the far corner (h8 for upward rays, a1 for
/// downward ones), whose ray in that direction is empty, stands in for "no blocker".
#[inline(always)]
pub fn ray(d: usize, sq: usize, occ: u64) -> u64 {
    let r = RAYS[d][sq];
    let blocker = if is_positive(d) {
        ((r & occ) | 1 << 63).trailing_zeros()
    } else {
        63 - ((r & occ) | 1).leading_zeros()
    };
    r ^ RAYS[d][blocker as usize]
}

/// The second square of a blockable range-two move (KUMA-3.13) from `sq` in direction `d`:
/// reachable only if the first square is empty. (The first square is in the piece's
/// [`STEPS`].)
#[inline(always)]
pub fn far(d: usize, sq: usize, occ: u64) -> u64 {
    if STEP1[d][sq] & occ == 0 {
        STEP2[d][sq]
    } else {
        0
    }
}

/// The squares a piece of kind `K` and side `C` on `sq` attacks (and, apart from the Pawn, moves
/// to), with `occ` the occupied squares (KUMA-3.1). The Pawn's entry is its captures.
#[inline(always)]
pub fn attacks<C: Side, const K: usize>(sq: usize, occ: u64) -> u64 {
    let steps = STEPS[C::US][K][sq];
    match K {
        VIOLENT => steps | far(C::FE, sq, occ) | far(C::FW, sq, occ),
        GREAT => steps | ray(C::F, sq, occ) | ray(C::FE, sq, occ) | ray(C::FW, sq, occ),
        UPRIGHT => steps | ray(C::F, sq, occ) | far(E, sq, occ) | far(W, sq, occ),
        RUNNING => {
            steps | ray(C::F, sq, occ) | ray(C::B, sq, occ) | far(E, sq, occ) | far(W, sq, occ)
        }
        DASHING => {
            ray(C::F, sq, occ)
                | ray(C::B, sq, occ)
                | ray(C::FE, sq, occ)
                | ray(C::FW, sq, occ)
                | ray(C::BE, sq, occ)
                | ray(C::BW, sq, occ)
        }
        SOLDIER => {
            steps
                | ray(C::F, sq, occ)
                | ray(C::FE, sq, occ)
                | ray(C::FW, sq, occ)
                | far(E, sq, occ)
                | far(W, sq, occ)
        }
        MIGHTY => {
            steps
                | ray(C::F, sq, occ)
                | ray(E, sq, occ)
                | ray(W, sq, occ)
                | ray(C::FE, sq, occ)
                | ray(C::FW, sq, occ)
                | ray(C::BE, sq, occ)
                | ray(C::BW, sq, occ)
                | far(C::B, sq, occ)
        }
        // King, Pawn (captures), Bear's Eyes, Blind Bear: steps only.
        _ => steps,
    }
}

/// The pieces of one side grouped by how they attack, so that "who attacks this square?" asks
/// each direction once instead of each piece.
///
/// `slide[d]` are the pieces that slide in direction `d` (as seen on the board, not by their
/// owner), `far[d]` those with a range-two move in `d`; the rest are one-step attackers, looked
/// up by kind.
pub struct Threats {
    pub(super) slide: [u64; 8],
    pub(super) far: [u64; 8],
    pub(super) kings_eyes: u64,
    pub(super) pawns: u64,
    pub(super) blind: u64,
    pub(super) violent: u64,
    pub(super) great: u64,
    pub(super) upright_soldier: u64,
    pub(super) running: u64,
    pub(super) mighty: u64,
}

impl Threats {
    /// The attackers of side `A` on `board`.
    #[inline(always)]
    pub fn of<A: Side>(board: &Board) -> Threats {
        let mine = board.colours[A::US];
        let k = |kind: usize| board.kinds[kind] & mine;
        let (g, u, r, d, s, m, v) = (
            k(GREAT),
            k(UPRIGHT),
            k(RUNNING),
            k(DASHING),
            k(SOLDIER),
            k(MIGHTY),
            k(VIOLENT),
        );
        let mut slide = [0u64; 8];
        slide[A::F] = g | u | r | d | s | m; // fR of G U S M, vR of R D, fsR of M
        slide[A::B] = r | d; // bR of R and D
        slide[E] = m; // sR of M
        slide[W] = m;
        slide[A::FE] = g | d | s | m; // fB of G S, B of D M
        slide[A::FW] = g | d | s | m;
        slide[A::BE] = d | m; // bB of D M
        slide[A::BW] = d | m;
        let mut far = [0u64; 8];
        far[E] = u | r | s; // sW2
        far[W] = u | r | s;
        far[A::FE] = v; // fF2
        far[A::FW] = v;
        far[A::B] = m; // bW2
        Threats {
            slide,
            far,
            kings_eyes: k(KING) | k(EYES),
            pawns: k(PAWN),
            blind: k(BLIND),
            violent: v,
            great: g,
            upright_soldier: u | s,
            running: r,
            mighty: m,
        }
    }

    /// Every piece of side `A` (these threats' side) attacking `sq` when `occ` is occupied.
    ///
    /// A piece attacks `sq` exactly when a piece of the same kind of the *other* side standing on
    /// `sq` would attack it: the step patterns are symmetric left-to-right, so turning a pattern
    /// around is the same as mirroring it top-to-bottom, which is what the other colour's table
    /// holds.
    #[inline(always)]
    pub fn attackers_to<A: Side>(&self, sq: usize, occ: u64) -> u64 {
        let rev = &STEPS[A::THEM];
        let mut a = (rev[KING][sq] & self.kings_eyes)
            | (rev[PAWN][sq] & self.pawns)
            | (rev[BLIND][sq] & self.blind)
            | (rev[VIOLENT][sq] & self.violent)
            | (rev[GREAT][sq] & self.great)
            | (rev[UPRIGHT][sq] & self.upright_soldier)
            | (rev[RUNNING][sq] & self.running)
            | (rev[MIGHTY][sq] & self.mighty);
        let mut d = 0;
        while d < 8 {
            if self.slide[d] != 0 {
                a |= ray(opposite(d), sq, occ) & self.slide[d];
            }
            d += 1;
        }
        for d in far_directions::<A>() {
            if self.far[d] != 0 {
                a |= far(opposite(d), sq, occ) & self.far[d];
            }
        }
        a
    }

    /// The pieces of side `A` that would attack `sq` along a line if nothing stood between: the
    /// sliders on the lines through `sq`, and the range-two pieces two squares away. Each
    /// checks `sq` if the squares between are empty, and pins a lone piece of the other side
    /// standing between.
    #[inline(always)]
    pub(super) fn snipers<A: Side>(&self, sq: usize) -> u64 {
        let mut s = 0;
        let mut d = 0;
        while d < 8 {
            s |= RAYS[opposite(d)][sq] & self.slide[d];
            d += 1;
        }
        for d in far_directions::<A>() {
            s |= STEP2[opposite(d)][sq] & self.far[d];
        }
        s
    }
}

/// The directions of side `A`'s range-two moves: sideways (`sW2` of U, R, S), diagonally forward
/// (`fF2` of V) and back (`bW2` of M). The other three directions have none.
#[inline(always)]
pub(super) fn far_directions<A: Side>() -> [usize; 5] {
    [E, W, A::FE, A::FW, A::B]
}
