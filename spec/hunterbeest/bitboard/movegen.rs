//! Attacks, checks and pins, the legal moves handed to a [`Sink`], and perft.

use super::board::{Board, Mv, Special, BLACK_A_SIDE, BLACK_I_SIDE, WHITE_A_SIDE, WHITE_I_SIDE};
use super::tables::{
    bit, ray, squares, Bb, COHARTEBEEST, COHARTEBEEST_TABLE, COHINNY, COHINNY_TABLE, FULL, GNU,
    GNU_TABLE, HARTEBEEST, HARTEBEEST_TABLE, HAWKER, HAWKRESS, HINNY, HINNY_TABLE, HUNTER,
    HUNTRESS, KING, KING_TABLE, PAWN, PAWN_CAPTURE_TABLE, PROMOTIONS, QUEEN, RANK_1, RANK_8,
    SLIDERS, SLIDER_DIRS, SQUARES, WHITE,
};
use crate::perft::hash::{HashNode, KeyHasher};
use crate::Reason;

/// The squares that receive what a move hands them, collected or counted.
pub(super) trait Sink {
    /// Moves from `from` to each square of `targets`, with `special` (a promotion sink adds one
    /// move per choice).
    fn add(&mut self, board: &Board, from: usize, targets: Bb, special: Special);
}

/// Counts moves without listing them (perft's last ply).
pub(super) struct Count(pub(super) u64);

impl Sink for Count {
    #[inline]
    fn add(&mut self, _: &Board, _: usize, targets: Bb, special: Special) {
        let n = u64::from(targets.count_ones());
        self.0 += match special {
            Special::Promotion(_) => n * PROMOTIONS.len() as u64,
            _ => n,
        };
    }
}

/// Hands each child board to a closure (the hashed perft's walk).
pub(super) struct Children<F: FnMut(&Board)>(pub(super) F);

impl<F: FnMut(&Board)> Sink for Children<F> {
    fn add(&mut self, board: &Board, from: usize, targets: Bb, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        let special = Special::Promotion(kind);
                        (self.0)(&board.make(Mv { from, to, special }));
                    }
                }
                _ => (self.0)(&board.make(Mv { from, to, special })),
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
pub(super) struct Recurse {
    pub(super) depth: u32,
    pub(super) nodes: u64,
}

impl Sink for Recurse {
    fn add(&mut self, board: &Board, from: usize, targets: Bb, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        let child = board.make(Mv {
                            from,
                            to,
                            special: Special::Promotion(kind),
                        });
                        self.nodes += child.perft(self.depth);
                    }
                }
                _ => {
                    let child = board.make(Mv { from, to, special });
                    self.nodes += child.perft(self.depth);
                }
            }
        }
    }
}

/// Lists moves.
pub(super) struct Collect(pub(super) Vec<Mv>);

impl Sink for Collect {
    fn add(&mut self, _: &Board, from: usize, targets: Bb, special: Special) {
        for to in squares(targets) {
            match special {
                Special::Promotion(_) => {
                    for kind in PROMOTIONS {
                        self.0.push(Mv {
                            from,
                            to,
                            special: Special::Promotion(kind),
                        });
                    }
                }
                _ => self.0.push(Mv { from, to, special }),
            }
        }
    }
}

impl Board {
    /// For each direction, the pieces of `colour` that slide in it.
    #[inline]
    pub(super) fn sliders_by_direction(&self, colour: usize) -> [Bb; 8] {
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
    pub(super) fn leaper_attackers(&self, sq: usize, by: usize) -> Bb {
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
    pub(super) fn attacked(&self, sq: usize, by: usize, occupied: Bb, sliders: &[Bb; 8]) -> bool {
        if self.leaper_attackers(sq, by) != 0 {
            return true;
        }
        // A slider that reaches `sq` moving in direction `d` stands on the ray from `sq` in the
        // opposite direction `d ^ 1`.
        (0..8).any(|d| sliders[d] != 0 && ray(sq, d ^ 1, occupied) & sliders[d] != 0)
    }

    /// Whether the side to move's King is attacked.
    pub(super) fn in_check(&self) -> bool {
        let them = self.turn ^ 1;
        let sliders = self.sliders_by_direction(them);
        self.attacked(self.king(self.turn), them, self.occupied(), &sliders)
    }

    /// BHB-6.3 — the win of the side that just moved: its Queen or Gnu beside its King.
    pub(super) fn finished(&self) -> Option<Reason> {
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
    pub(super) fn reach(kind: usize, colour: usize, from: usize, occupied: Bb) -> Bb {
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
    pub(super) fn generate<S: Sink>(&self, sink: &mut S) {
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
        let mut pins: [(usize, Bb); 8] = [(SQUARES, 0); 8];
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
        let pin_line = |sq: usize| -> Bb {
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
                let mv = Mv {
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

    /// Leaf count `depth` plies deep, counting the last ply in bulk.
    pub(super) fn perft(&self, depth: u32) -> u64 {
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
}
