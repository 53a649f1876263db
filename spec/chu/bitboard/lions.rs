//! The lion's moves and the lion-trading rule L2 on the bitboard (CHU-3.4, CHU-3.5, CHU-5.1,
//! CHU-5.2), read through [`Pieces`]: on a [`Board`], or on the board after a move without
//! playing it ([`After`]), which is how perft's last two plies count the replies of a lion two
//! squares from an enemy lion ([`super::replies`]).
//!
//! Measured (callgrind, `fairyspec perft chu 4 --count results` on the third position with
//! several lions and promoted lions of the Chu bench): copying the board to play the move and
//! again to hand the lion's side the turn was a third of the instructions.

use super::bb::{for_squares, Bb};
use super::board::{Board, EMPTY};
use super::sink::{Rules, Sink};
use super::tables::{
    walk, DIST2, FLAGS, KING_AREA, LEAP, LINES, LION_AREA, NONE, PAWN_GB, RAYS, SLIDE, SQUARES,
};
use crate::chu::LionProtection;

/// What the lion rules read of a position.
pub trait Pieces {
    /// The squares of colour `c`'s pieces.
    fn occ(&self, c: usize) -> Bb;
    /// The piece on `sq` as the mailbox codes it (`kind | colour << 6`), or [`EMPTY`].
    fn code(&self, sq: usize) -> u8;
}

impl Pieces for Board {
    #[inline(always)]
    fn occ(&self, c: usize) -> Bb {
        self.occ[c]
    }

    #[inline(always)]
    fn code(&self, sq: usize) -> u8 {
        self.mailbox[sq]
    }
}

/// `board` after a move from `from` (through `mid`, or [`NONE`]) to `to` that leaves the piece
/// coded `to_code` on `to`: the caller gives the sets after the move, the mailbox is read
/// through the three squares the move changed (as [`Board::make`] leaves them).
pub struct After<'a> {
    pub board: &'a Board,
    pub occ: [Bb; 2],
    pub from: usize,
    pub mid: usize,
    pub to: usize,
    pub to_code: u8,
}

impl Pieces for After<'_> {
    #[inline(always)]
    fn occ(&self, c: usize) -> Bb {
        self.occ[c]
    }

    #[inline(always)]
    fn code(&self, sq: usize) -> u8 {
        if sq == self.to {
            self.to_code
        } else if sq == self.from || sq == self.mid {
            EMPTY
        } else {
            self.board.mailbox[sq]
        }
    }
}

const fn build_dir_to() -> [[u8; SQUARES]; SQUARES] {
    let mut t = [[NONE; SQUARES]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut n = 1;
            while let Some(sq) = walk(s, d, n) {
                t[s][sq] = d as u8;
                n += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// `DIR_TO[from][to]`: the direction in which `to` lies on a ray from `from`, or [`NONE`]
/// (20 KB).
static DIR_TO: [[u8; SQUARES]; SQUARES] = build_dir_to();

/// Whether a piece of `pieces` (all of colour `colour`) attacks `target` when the occupied
/// squares are `occ`. Only pieces on a line through the target or within two squares of it
/// can; each is asked only about the target: a leap to it, or a slide along the one ray
/// from it that reaches the target with nothing in between (CHU-3). The pieces within two
/// squares are asked first (a leap reaches no farther, so the others are asked only about a
/// slide). Measured (callgrind, the positions with several lions of the Chu bench): a third
/// of the instructions when each candidate's whole attack set was computed.
#[inline(always)]
pub fn attacked_by<P: Pieces>(p: &P, target: usize, pieces: Bb, colour: usize, occ: Bb) -> bool {
    let near = LION_AREA[target];
    for_squares!(s in pieces & near => {
        let k = (p.code(s) & 63) as usize;
        if LEAP[colour][k][s].has(target) || slides_to(s, k, colour, target, occ) {
            return true;
        }
    });
    for_squares!(s in (pieces & LINES[target]).minus(near) => {
        if slides_to(s, (p.code(s) & 63) as usize, colour, target, occ) {
            return true;
        }
    });
    false
}

/// Whether the piece of kind `k` and colour `colour` on `s` slides to `target` (occupied
/// squares `occ`).
#[inline(always)]
fn slides_to(s: usize, k: usize, colour: usize, target: usize, occ: Bb) -> bool {
    let d = DIR_TO[s][target] as usize;
    d < 8
        && SLIDE[colour][k] >> d & 1 != 0
        && ((RAYS[d][s] ^ RAYS[d][target]) & occ)
            .minus(Bb::bit(target))
            .is_empty()
}

/// Whether the lion of colour `them` on `target` is protected in the sense of L2 (CHU-5.2)
/// against the other side's piece on `from` arriving there, directly (`mid` = [`NONE`]) or as
/// the second leg after `mid`: a lion under L2, a non-lion under JCSA's counter-strike rule
/// (CHU-5.3).
///
/// lishogi: judged before the move with the capturing piece lifted and the square of the
/// first leg emptied; a Pawn or Go-Between taken there still protects, any other piece taken
/// there does not. HaChu: judged after the move (the capturing piece on the target, both
/// captured pieces gone).
#[inline(always)]
pub fn lion_protected<P: Pieces>(
    p: &P,
    them: usize,
    from: usize,
    mid: usize,
    target: usize,
    rules: &Rules,
) -> bool {
    let mut occ = (p.occ(0) | p.occ(1)).minus(Bb::bit(from));
    let mut defenders = p.occ(them).minus(Bb::bit(target));
    if mid != NONE as usize {
        occ = occ.minus(Bb::bit(mid));
        let code = p.code(mid);
        let still_protects = rules.lion_protection == LionProtection::Lishogi
            && code != EMPTY
            && FLAGS[(code & 63) as usize] & PAWN_GB != 0;
        if !still_protects {
            defenders = defenders.minus(Bb::bit(mid));
        }
    }
    attacked_by(p, target, defenders, them, occ)
}

/// L2 (CHU-5.2): whether the lion on `from` may take the lion of colour `them` on `target`, two
/// squares away, directly or as the second leg after `mid`. Bridge capture: a first leg that
/// took a piece other than an unpromoted Pawn or Go-Between allows it whatever the protection.
#[inline(always)]
pub fn may_take_far_lion<P: Pieces>(
    p: &P,
    them: usize,
    from: usize,
    mid: usize,
    target: usize,
    rules: &Rules,
) -> bool {
    if mid != NONE as usize {
        let code = p.code(mid);
        if code != EMPTY && FLAGS[(code & 63) as usize] & PAWN_GB == 0 {
            return true;
        }
    }
    !lion_protected(p, them, from, mid, target, rules)
}

/// CHU-3.4, CHU-3.5, L1 and L2: the moves of the lion of colour `us` on `from` (`not_own`: the
/// squares without a piece of `us`): a step or jump to any of the 24 squares within two, and
/// the two-step moves (first step onto an empty or enemy square, second step onto an empty or
/// enemy square or back to `from`). A lion two squares away is taken only as L2 allows; an
/// adjacent one always (L1). Lions are not bound by L3. With `RESULTS`, through an empty middle
/// square only one pass (CHU-9.5): any other such path ends where a step or jump ends, allowed
/// by the same L2 judgement (an empty first-leg square changes no protection and is no bridge).
///
/// A path through an empty middle square is judged as the direct capture is, for the same
/// reason, without asking again.
#[inline(always)]
pub fn lion_moves<S: Sink, const RESULTS: bool>(
    p: &Board,
    us: usize,
    from: usize,
    not_own: Bb,
    rules: &Rules,
    sink: &mut S,
) {
    let them = us ^ 1;
    let far_lions = p.lions[them] & DIST2[from];
    let mut barred = Bb::EMPTY;
    for t in far_lions {
        if !may_take_far_lion(p, them, from, NONE as usize, t, rules) {
            barred = barred.with(t);
        }
    }
    sink.moves(from, (LION_AREA[from] & not_own).minus(barred), Bb::EMPTY);
    let second_ok = not_own.with(from);
    let enemy = p.occ[them];
    let mids = if RESULTS {
        let empty = (KING_AREA[from] & not_own).minus(enemy);
        if empty.nonempty() {
            sink.two_steps(from, empty.lsb(), Bb::bit(from));
        }
        KING_AREA[from] & enemy
    } else {
        KING_AREA[from] & not_own
    };
    for mid in mids {
        let mut finals = KING_AREA[mid] & second_ok;
        if enemy.has(mid) {
            for t in finals & far_lions {
                if !may_take_far_lion(p, them, from, mid, t, rules) {
                    finals = finals.minus(Bb::bit(t));
                }
            }
        } else {
            finals = finals.minus(barred);
        }
        sink.two_steps(from, mid, finals);
    }
}
