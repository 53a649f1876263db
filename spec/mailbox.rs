//! Movement on a mailbox board, for the **reference** generators only.
//!
//! A [`Walk`] collects the squares one piece reaches by the three kinds of movement the chess-like
//! games describe (KUMA-3.1, BHB-3.1): a *leap* to the square at an offset (a one-square step is
//! the shortest leap), a *range-limited slide* (`W2`, `F2`: blockable, KUMA-3.13) and a *slide*
//! (`R`, `B`), plus the Pawn's move-only and capture-only steps (Betza `m`, `c`). Directions are
//! owner-relative: the walk turns them round for Black ([`Offset::for_colour`]).
//!
//! It is deliberately naive — it looks at the board square by square every time and precomputes
//! nothing — so that each game's `rules.rs` can spell a piece's Betza string out as calls to it.
//! A walk made with [`Walk::traced`] also reports each line it walked to a [`Trace`]: the squares
//! it reached and why it went no further ([`Stop`]); that is what `fairyspec explain` and
//! `fairyspec diagram` read.
//!
//! Each game's pieces walk it through [`MailboxRules`] (in [`mod@rules`]), from which the
//! questions every reference asks follow once: the squares a piece reaches, the attack test,
//! check. [`fide`] holds the FIDE rules that Kuma Chess and Bachelor Hunterbeest take over from
//! orthodox chess (the move loop with promotions, the double step, en passant, castling, the
//! clocks), written once for the three. The bitboard generators never use any of it (they must
//! share no movement logic with the references).

pub mod directions;
pub mod fide;
pub mod rules;

pub use rules::{
    attackers, attacks, in_check, is_attacked, king_attacked, king_square, piece_moves,
    piece_moves_traced, walk, MailboxRules, MovementRow,
};

use crate::trace::{Line, Modality, Movement, Rule, Stop, Trace};
use crate::{Colour, Kind, Offset, Setup, Square};

/// What a walk collects: the squares a piece could *move* to, or the squares it *attacks*. The
/// two differ in two ways: an own piece's square is never a move but is attacked (defended), and
/// the Pawn's move-only step attacks nothing while its capture-only steps attack whatever stands
/// there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Attack,
}

/// The squares one piece reaches, in the order the movement calls found them.
pub struct Walk<'a, K: Kind> {
    setup: &'a Setup<K>,
    from: Square,
    owner: Colour,
    purpose: Purpose,
    squares: Vec<Square>,
    /// Where each line is reported, with the piece's movement rule; `None` when nobody listens.
    trace: Option<(&'a mut dyn Trace<K>, Rule)>,
}

impl<'a, K: Kind> Walk<'a, K> {
    /// A walk of a piece of `owner` standing on `from`.
    pub fn new(setup: &'a Setup<K>, from: Square, owner: Colour, purpose: Purpose) -> Self {
        Walk {
            setup,
            from,
            owner,
            purpose,
            squares: Vec::new(),
            trace: None,
        }
    }

    /// A walk that reports each line it walks to `trace`, as the movement of rule `rule`
    /// (nothing is reported if the trace is not listening).
    pub fn traced(
        setup: &'a Setup<K>,
        from: Square,
        owner: Colour,
        purpose: Purpose,
        trace: &'a mut dyn Trace<K>,
        rule: Rule,
    ) -> Self {
        let mut walk = Walk::new(setup, from, owner, purpose);
        if trace.listening() {
            walk.trace = Some((trace, rule));
        }
        walk
    }

    /// The squares found.
    pub fn into_squares(self) -> Vec<Square> {
        self.squares
    }

    /// Reports the line just walked: the squares found since `first` and why it stopped (worked
    /// out only when someone listens).
    fn report(
        &mut self,
        first: usize,
        movement: Movement,
        modality: Modality,
        dir: Offset,
        stop: impl FnOnce(&Self) -> Stop,
    ) {
        if self.trace.is_none() {
            return;
        }
        let stop = stop(self);
        if let Some((trace, rule)) = &mut self.trace {
            trace.line(Line {
                from: self.from,
                rule,
                movement,
                modality,
                dir,
                reached: self.squares[first..].to_vec(),
                stop,
            });
        }
    }

    /// Why a one-square line to `to` (off the board: `None`) went no further.
    fn stop_after_step(&self, to: Option<Square>) -> Stop {
        match to {
            None => Stop::Edge,
            Some(to) if self.setup.piece_at(to).is_none() => Stop::Limit,
            Some(to) => self.stop_at(to),
        }
    }

    /// Why a walk that may land on squares stops at `sq`, which is occupied.
    fn stop_at(&self, sq: Square) -> Stop {
        match self.setup.piece_at(sq) {
            Some(p) if p.colour == self.owner => Stop::Own(sq),
            _ => Stop::Captures(sq),
        }
    }

    /// Whether the walk may end on `sq`: an empty square or an enemy (capture by displacement),
    /// never an own piece — except that an own piece counts as attacked (defended).
    fn may_land(&self, sq: Square) -> bool {
        match self.setup.piece_at(sq) {
            None => true,
            Some(occupant) => occupant.colour != self.owner || self.purpose == Purpose::Attack,
        }
    }

    /// A leap (Betza `W`, `F`, `N`, `C`, …): straight to the square `dir` away, whatever stands
    /// between. For `W` and `F` this is the one-square step.
    pub fn leap(&mut self, dir: Offset) {
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let to = self.setup.shape.offset(self.from, dir);
        if let Some(to) = to {
            if self.may_land(to) {
                self.squares.push(to);
            }
        }
        self.report(first, Movement::Leap, Modality::MoveOrCapture, dir, |w| {
            w.stop_after_step(to)
        });
    }

    /// A one-square step in direction `dir` that may only end on a square of a region (Congo's
    /// lion in its castle, CONGO-3.2): `inside` says which squares, `why` is the rule's words
    /// for a step that would leave it.
    pub fn step_inside(&mut self, dir: Offset, inside: impl Fn(Square) -> bool, why: &'static str) {
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let to = self.setup.shape.offset(self.from, dir);
        let allowed = to.is_some_and(&inside);
        if let Some(to) = to.filter(|_| allowed) {
            if self.may_land(to) {
                self.squares.push(to);
            }
        }
        self.report(
            first,
            Movement::Leap,
            Modality::MoveOrCapture,
            dir,
            |w| match to {
                Some(to) if !allowed => Stop::Region(to, why),
                _ => w.stop_after_step(to),
            },
        );
    }

    /// A slide in direction `dir` that may only pass and end on squares of a region (Congo's
    /// crocodile, towards the river and no further, CONGO-3.6): square by square over empty
    /// squares, up to and including the first occupied square if the piece may land there, and
    /// never onto the first square outside the region (`inside` says which squares are in it,
    /// `why` is the rule's words for a slide that would leave it).
    pub fn slide_inside(
        &mut self,
        dir: Offset,
        inside: impl Fn(Square) -> bool,
        why: &'static str,
    ) {
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let mut sq = self.from;
        let stop = loop {
            let Some(next) = self.setup.shape.offset(sq, dir) else {
                break Stop::Edge;
            };
            if !inside(next) {
                break Stop::Region(next, why);
            }
            if self.setup.piece_at(next).is_some() {
                if self.may_land(next) {
                    self.squares.push(next);
                }
                break self.stop_at(next);
            }
            self.squares.push(next);
            sq = next;
        };
        self.report(first, Movement::Slide, Modality::MoveOrCapture, dir, |_| {
            stop
        });
    }

    /// [`Walk::leap`] in each direction of `dirs`, in order.
    pub fn leaps(&mut self, dirs: impl IntoIterator<Item = Offset>) {
        dirs.into_iter().for_each(|dir| self.leap(dir));
    }

    /// [`Walk::step`] in each direction of `dirs`, in order (Betza `W`: the four orthogonal
    /// ones; `F`: the four diagonal ones).
    pub fn steps(&mut self, dirs: impl IntoIterator<Item = Offset>) {
        dirs.into_iter().for_each(|dir| self.step(dir));
    }

    /// [`Walk::slide`] in each direction of `dirs`, in order (Betza `R`: the four orthogonal
    /// ones; `B`: the four diagonal ones).
    pub fn slides(&mut self, dirs: impl IntoIterator<Item = Offset>) {
        dirs.into_iter().for_each(|dir| self.slide(dir));
    }

    /// A one-square step in direction `dir` (Betza `W`, `F`): the shortest leap.
    pub fn step(&mut self, dir: Offset) {
        self.leap(dir);
    }

    /// A range-limited slide (Betza `W2`, `F2`; KUMA-3.13): up to `n` squares in direction `dir`.
    /// The walk stops at the first occupied square (capturing there if it may land there); the
    /// squares behind it are out of reach — the move is blockable, not a leap.
    pub fn range(&mut self, dir: Offset, n: u32) {
        let movement = Movement::Range(n.min(u32::from(u8::MAX)) as u8);
        self.ray(dir, n, movement);
    }

    /// A slide (Betza `R`, `B`): square by square in direction `dir` over empty squares, up to
    /// and including the first occupied square if the piece may land there.
    pub fn slide(&mut self, dir: Offset) {
        let longest = u32::from(self.setup.shape.files.max(self.setup.shape.ranks));
        self.ray(dir, longest, Movement::Slide);
    }

    /// The walk of [`Walk::range`] and [`Walk::slide`]: at most `n` squares, stopped by the
    /// first piece.
    fn ray(&mut self, dir: Offset, n: u32, movement: Movement) {
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let mut sq = self.from;
        let mut stop = Stop::Limit;
        for _ in 0..n {
            let Some(next) = self.setup.shape.offset(sq, dir) else {
                stop = Stop::Edge;
                break;
            };
            if self.setup.piece_at(next).is_some() {
                if self.may_land(next) {
                    self.squares.push(next);
                }
                stop = Stop::Captures(next);
                break;
            }
            self.squares.push(next);
            sq = next;
        }
        self.report(
            first,
            movement,
            Modality::MoveOrCapture,
            dir,
            |w| match stop {
                Stop::Captures(at) => w.stop_at(at),
                other => other,
            },
        );
    }

    /// Betza `m` (move only): the square `dir` away, if it is empty. Not an attack.
    pub fn step_to_empty(&mut self, dir: Offset) {
        self.range_to_empty(dir, 1);
    }

    /// Betza `mW2`-like (move only, blockable): up to `n` empty squares in direction `dir`,
    /// never capturing. Not an attack.
    pub fn range_to_empty(&mut self, dir: Offset, n: u32) {
        if self.purpose == Purpose::Attack {
            return;
        }
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let mut sq = self.from;
        let mut stop = Stop::Limit;
        for _ in 0..n {
            let Some(next) = self.setup.shape.offset(sq, dir) else {
                stop = Stop::Edge;
                break;
            };
            if self.setup.piece_at(next).is_some() {
                stop = Stop::Occupied(next);
                break;
            }
            self.squares.push(next);
            sq = next;
        }
        let movement = if n == 1 {
            Movement::Leap
        } else {
            Movement::Range(n.min(u32::from(u8::MAX)) as u8)
        };
        self.report(first, movement, Modality::MoveOnly, dir, |_| stop);
    }

    /// Betza `c` (capture only): the square `dir` away, if an enemy stands there. As an attack
    /// it counts whatever stands there.
    pub fn step_to_capture(&mut self, dir: Offset) {
        let dir = dir.for_colour(self.owner);
        let first = self.squares.len();
        let to = self.setup.shape.offset(self.from, dir);
        if let Some(to) = to {
            let enemy_there = self
                .setup
                .piece_at(to)
                .is_some_and(|p| p.colour != self.owner);
            if enemy_there || self.purpose == Purpose::Attack {
                self.squares.push(to);
            }
        }
        self.report(
            first,
            Movement::Leap,
            Modality::CaptureOnly,
            dir,
            |w| match to {
                Some(to) if w.setup.piece_at(to).is_none() => Stop::NothingToCapture(to),
                other => w.stop_after_step(other),
            },
        );
    }
}
