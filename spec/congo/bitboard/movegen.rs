//! Targets, monkey chains, the outcome, perft and the hashed walk.

use super::board::{Board, Mv};
use super::tables::{
    bit, rank_mask_all, Bb, BACK, BEYOND_RIVER, CASTLE, CROCODILE, DOWN, ELEPHANT,
    ELEPHANT_TARGETS, FILE_DIAGONAL, GIRAFFE, GIRAFFE_LEAPS, JUMP_LAND, KING, KNIGHT, LEFT, LION,
    MONKEY, NONE, PAWN, PAWN_STEPS, RIGHT, RIVER, STEP, SUPERPAWN_STEPS, UP, WHITE, ZEBRA,
};
use crate::congo::{CongoSwitches, LionJump};
use crate::perft::hash::{HashNode, KeyHasher};
use crate::{Colour, Outcome, Reason};

impl Board {
    /// CONGO-3.2: the flying capture's target, if the side to move has it.
    pub(super) fn flying_capture(&self) -> Bb {
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
    pub(super) fn crocodile_slides(&self, sq: usize, own: Bb) -> Bb {
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
    pub(super) fn retreat(sq: usize, d: usize, empty: Bb) -> Bb {
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
    pub(super) fn targets(&self, k: usize, sq: usize) -> Bb {
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
    /// chain's intermediate landings; a monkey's chains as `switches` read CONGO-4.4.
    pub(super) fn for_each_move<F: FnMut(&Mv, &[u8])>(
        &self,
        switches: &CongoSwitches,
        visit: &mut F,
    ) {
        let mut own = self.colour[self.turn];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            let k = self.kind_at(sq);
            let mut t = self.targets(k, sq);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                let m = Mv {
                    from: sq as u8,
                    to,
                    jumped: 0,
                    via_on_land: false,
                };
                visit(&m, &[]);
            }
            if k == MONKEY {
                let chain = Chain::new(self, sq, switches);
                let mut path = [0u8; 16];
                chain.visit(sq, 0, &mut path, 0, false, visit);
            }
        }
    }

    /// The number of moves of the side to move (ignoring the game-end rules).
    pub(super) fn count_moves(&self, switches: &CongoSwitches) -> u64 {
        let mut n = 0;
        let mut own = self.colour[self.turn];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            let k = self.kind_at(sq);
            n += self.targets(k, sq).count_ones() as u64;
            if k == MONKEY {
                n += Chain::new(self, sq, switches).count(sq, 0);
            }
        }
        n
    }

    /// CONGO-6.1, CONGO-6.4: the game is over before any move is looked at (lion gone, or bare
    /// lions without the flying capture).
    pub(super) fn ended_by_material(&self) -> Option<Outcome> {
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
    pub(super) fn outcome(&self, switches: &CongoSwitches) -> Option<Outcome> {
        if let Some(o) = self.ended_by_material() {
            return Some(o);
        }
        if self.count_moves(switches) == 0 {
            let winner = if self.turn == WHITE {
                Colour::Black
            } else {
                Colour::White
            };
            return Some(Outcome::win(winner, Reason::NoLegalMove));
        }
        None
    }

    pub(super) fn perft(&self, depth: u32, switches: &CongoSwitches) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended_by_material().is_some() {
            return 0;
        }
        if depth == 1 {
            return self.count_moves(switches);
        }
        let mut nodes = 0;
        self.for_each_move(switches, &mut |m, _| {
            nodes += self.make(m, switches).perft(depth - 1, switches);
        });
        nodes
    }
}

/// CONGO-4: the fixed data of one monkey's chain search.
pub(super) struct Chain {
    pub(super) start: usize,
    pub(super) enemy: Bb,
    /// The enemy lion, whose jump ends the chain (CONGO-4.4); empty when the chain goes on.
    pub(super) enemy_lion: Bb,
    /// Squares a jump may land on: empty, or the monkey's own vacated start square.
    pub(super) free: Bb,
}

impl Chain {
    pub(super) fn new(b: &Board, start: usize, switches: &CongoSwitches) -> Chain {
        let enemy = b.colour[b.turn ^ 1];
        let ends_chain = switches.lion_jump == LionJump::EndsChain;
        Chain {
            start,
            enemy,
            enemy_lion: if ends_chain { enemy & b.kind[LION] } else { 0 },
            free: (!b.occupied() & rank_mask_all()) | bit(start),
        }
    }

    /// Depth-first search over the jumps from `here`, having jumped `jumped`; `path[..depth]` are
    /// the landings so far. Every jump ends a move; jumping the lion ends the chain (unless the
    /// reading of CONGO-4.4 lets it go on: then `enemy_lion` is empty).
    pub(super) fn visit<F: FnMut(&Mv, &[u8])>(
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
            let m = Mv {
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
    pub(super) fn count(&self, here: usize, jumped: Bb) -> u64 {
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

impl HashNode for Board {
    type Ctx = CongoSwitches;

    /// The bitboards and the side to move (drowning is decided within a move, CONGO-5).
    fn write_key(&self, h: &mut KeyHasher) {
        for &w in self.colour.iter().chain(&self.kind) {
            h.write(w);
        }
        h.write(self.turn as u64);
    }

    fn count(&self, switches: &CongoSwitches) -> u64 {
        if self.ended_by_material().is_some() {
            0
        } else {
            self.count_moves(switches)
        }
    }

    fn children(&self, switches: &CongoSwitches, mut f: impl FnMut(&Self)) {
        if self.ended_by_material().is_some() {
            return;
        }
        self.for_each_move(switches, &mut |m, _| f(&self.make(m, switches)));
    }
}
