//! Congo — the reference generator.
//!
//! Written to be read beside SPEC.md, chapter "Congo": one function per rule, each citing its
//! rule ID; the board is the plain mailbox of [`Setup`], every move is found by walking offsets
//! from the piece, nothing is precomputed. It shares no move-generation code with
//! [`super::bitboard`]; the tests hold the two to each other and to published data.
//!
//! A turn is: choose one piece's move ([`movement_moves`], CONGO-3, CONGO-4), play it
//! ([`play_move`]: capture, remove the monkey's jumped pieces, promote), then drown
//! ([`drown`], CONGO-5). The game-end rules ([`game_end`], CONGO-6) decide whether there is a
//! turn at all.

use super::{in_castle, in_river, Congo, CongoKind, CongoSwitches, LionJump, MonkeyReentry};
use crate::mailbox::Purpose;
use crate::trace::{Line, Modality, Movement, NoTrace, Rule, Stop, Trace};
use crate::{
    Colour, Game, Generator, Move, MoveTextError, Offset, Outcome, Piece, Position, Reason, Setup,
    Square,
};

mod monkey;
pub(crate) use monkey::monkey_chains_traced;
pub use monkey::{monkey_chains, monkey_chains_under};

/// The reference generator of Congo.
pub struct Reference {
    switches: CongoSwitches,
}

impl Reference {
    pub fn new(switches: CongoSwitches) -> Reference {
        Reference { switches }
    }

    /// CONGO-6.6: a finished game has no moves (reported to `trace` with the rule that ended
    /// it); otherwise every movement move is legal, each piece's movement reported to `trace`.
    pub fn legal_moves_traced(
        &self,
        pos: &Position<Congo>,
        trace: &mut dyn Trace<CongoKind>,
    ) -> Vec<Move<CongoKind>> {
        match game_end(pos.setup(), &self.switches) {
            Some(outcome) => {
                trace.game_over(match outcome.reason {
                    Reason::LionCaptured => "CONGO-6.1",
                    Reason::BareLions => "CONGO-6.4",
                    _ => "CONGO-6.3",
                });
                Vec::new()
            }
            None => movement_moves_traced(pos.setup(), self.switches.lion_jump, trace),
        }
    }
}

/// The eight king directions (orthogonal first, then diagonal), as (file, rank) offsets.
const KING_DIRECTIONS: [Offset; 8] = [
    Offset::new(0, 1),
    Offset::new(0, -1),
    Offset::new(1, 0),
    Offset::new(-1, 0),
    Offset::new(1, 1),
    Offset::new(-1, 1),
    Offset::new(1, -1),
    Offset::new(-1, -1),
];

/// The four orthogonal directions.
const ORTHOGONAL: [Offset; 4] = [
    Offset::new(0, 1),
    Offset::new(0, -1),
    Offset::new(1, 0),
    Offset::new(-1, 0),
];

/// The eight Knight leaps (Betza `N`).
use crate::mailbox::directions::KNIGHT as KNIGHT_LEAPS;

/// Owner-relative directions of the pawns: forward, forward-diagonal, sideways, backward.
const FORWARD: Offset = Offset::new(0, 1);
const FORWARD_DIAGONALS: [Offset; 2] = [Offset::new(-1, 1), Offset::new(1, 1)];
const SIDEWAYS: [Offset; 2] = [Offset::new(-1, 0), Offset::new(1, 0)];
const BACKWARD: Offset = Offset::new(0, -1);
const BACKWARD_DIAGONALS: [Offset; 2] = [Offset::new(-1, -1), Offset::new(1, -1)];

/// The square `offset` away from `sq`, if it is on the board.
fn shift(sq: Square, offset: Offset) -> Option<Square> {
    Congo::SHAPE.offset(sq, offset)
}

fn is_empty(setup: &Setup<CongoKind>, sq: Square) -> bool {
    setup.piece_at(sq).is_none()
}

/// The movement helpers of the reference generators (`spec/mailbox.rs`): [`Walk::step`],
/// [`Walk::leap`], [`Walk::range`], [`Walk::slide`] and the move-only [`Walk::step_to_empty`] /
/// [`Walk::range_to_empty`] (CONGO-3.1). A leap ignores the squares it passes; a slide or range
/// needs every square before its destination empty.
type Walk<'a> = crate::mailbox::Walk<'a, CongoKind>;

/// CONGO-3.3 — the zebra: a knight's leap, move/capture.
fn zebra(w: &mut Walk) {
    w.leaps(KNIGHT_LEAPS);
}

/// CONGO-3.4 — the elephant: one orthogonal step, or an orthogonal leap of exactly two squares
/// (the square between is ignored), move/capture.
fn elephant(w: &mut Walk) {
    for dir in ORTHOGONAL {
        w.step(dir);
        w.leap(dir.times(2));
    }
}

/// CONGO-3.5 — the giraffe: one step in any of the eight directions to an **empty** square
/// (it cannot capture so), or a leap of exactly two squares in any of the eight directions (the
/// square between is ignored), move/capture.
fn giraffe(w: &mut Walk) {
    for dir in KING_DIRECTIONS {
        w.step_to_empty(dir);
        w.leap(dir.times(2));
    }
}

/// CONGO-3.6 — the crocodile: one king step, move/capture. On land it also slides along its
/// file **towards the river** (up from ranks 1–3, down from ranks 5–7, whatever its colour), up
/// to and including the river square; in the river it slides along the river, both ways. A
/// slide stops at the first piece, capturing it if it is an enemy.
fn crocodile(w: &mut Walk, from: Square, colour: Colour) {
    w.steps(KING_DIRECTIONS);
    if in_river(from) {
        w.slides(SIDEWAYS);
    } else {
        // The walk turns directions round for Black; the river's side is the same for both.
        let up = from.rank() < super::RIVER_RANK;
        let towards_river = if up { FORWARD } else { BACKWARD }.for_colour(colour);
        let on_this_side = |sq: Square| {
            if up {
                sq.rank() <= super::RIVER_RANK
            } else {
                sq.rank() >= super::RIVER_RANK
            }
        };
        w.slide_inside(
            towards_river,
            on_this_side,
            "the crocodile slides along its file only towards the river, up to and including the river square",
        );
    }
}

/// CONGO-3.7 — the monkey's step: one king step to an **empty** square (it never captures by a
/// step). Its captures are chains ([`monkey_chains`]).
fn monkey(w: &mut Walk) {
    for dir in KING_DIRECTIONS {
        w.step_to_empty(dir);
    }
}

/// CONGO-3.8 — whether a pawn of `colour` on `sq` is beyond the river: White on ranks 5–7,
/// Black on ranks 1–3. A pawn in the river is not beyond it.
pub fn beyond_river(colour: Colour, sq: Square) -> bool {
    match colour {
        Colour::White => sq.rank() > super::RIVER_RANK,
        Colour::Black => sq.rank() < super::RIVER_RANK,
    }
}

/// CONGO-3.8 — the pawn: one step straight or diagonally forward, move/capture; once beyond the
/// river also one or two squares straight back, without capturing or jumping.
fn pawn(w: &mut Walk, from: Square, colour: Colour) {
    w.step(FORWARD);
    w.steps(FORWARD_DIAGONALS);
    if beyond_river(colour, from) {
        w.range_to_empty(BACKWARD, 2);
    }
}

/// CONGO-3.10 — the superpawn: one step straight or diagonally forward or straight sideways,
/// move/capture; and one or two squares straight or diagonally back, without capturing or
/// jumping, anywhere on the board.
fn superpawn(w: &mut Walk) {
    w.step(FORWARD);
    w.steps(FORWARD_DIAGONALS.into_iter().chain(SIDEWAYS));
    w.range_to_empty(BACKWARD, 2);
    for dir in BACKWARD_DIAGONALS {
        w.range_to_empty(dir, 2);
    }
}

/// CONGO-3.2 — the lion's step: one king step, move/capture, to a square inside its own
/// castle; never out of it.
fn lion(w: &mut Walk, colour: Colour) {
    for dir in KING_DIRECTIONS {
        w.step_inside(
            dir,
            |sq| in_castle(colour, sq),
            "the lion never leaves its castle",
        );
    }
}

/// The rule of each piece's movement, as the walk reports it to a trace.
pub(crate) const fn movement_rule(kind: CongoKind) -> Rule {
    match kind {
        CongoKind::Lion => "CONGO-3.2",
        CongoKind::Zebra => "CONGO-3.3",
        CongoKind::Elephant => "CONGO-3.4",
        CongoKind::Giraffe => "CONGO-3.5",
        CongoKind::Crocodile => "CONGO-3.6",
        CongoKind::Monkey => "CONGO-3.7",
        CongoKind::Pawn => "CONGO-3.8",
        CongoKind::Superpawn => "CONGO-3.10",
    }
}

/// CONGO-3.2 — the flying capture: if the enemy lion stands on the same file or diagonal as the
/// lion with every square between them empty, the lion captures it (and wins, CONGO-6.1). Not
/// along a rank: the castles share no rank. Each line looked along is reported to `trace`.
pub fn lion_flying_capture(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
    trace: &mut dyn Trace<CongoKind>,
) -> Option<Square> {
    let lines = [
        Offset::new(0, 1),
        Offset::new(0, -1),
        Offset::new(1, 1),
        Offset::new(-1, 1),
        Offset::new(1, -1),
        Offset::new(-1, -1),
    ];
    let enemy_lion = Piece::new(colour.other(), CongoKind::Lion);
    let mut found = None;
    for dir in lines {
        let mut sq = from;
        let mut stop = Stop::Edge;
        while let Some(next) = shift(sq, dir) {
            sq = next;
            if let Some(p) = setup.piece_at(sq) {
                stop = if p == enemy_lion {
                    found = Some(sq);
                    Stop::Captures(sq)
                } else {
                    Stop::Rule(
                        sq,
                        "the flying capture takes only the enemy lion, over empty squares",
                    )
                };
                break;
            }
        }
        if trace.listening() {
            trace.line(Line {
                from,
                rule: "CONGO-3.2",
                movement: Movement::Slide,
                modality: Modality::CaptureOnly,
                dir,
                reached: found
                    .filter(|&l| stop == Stop::Captures(l))
                    .into_iter()
                    .collect(),
                stop,
            });
        }
        if found.is_some() && !trace.listening() {
            return found;
        }
    }
    found
}

/// CONGO-3.6 — the crocodile's moves (a destination the step and a slide both reach is one
/// move).
pub fn crocodile_moves(
    setup: &Setup<CongoKind>,
    from: Square,
    colour: Colour,
) -> Vec<Move<CongoKind>> {
    let mut w = Walk::new(setup, from, colour, Purpose::Move);
    crocodile(&mut w, from, colour);
    as_moves(from, w.into_squares())
}

/// The moves from `from` to each square, each destination once.
fn as_moves(from: Square, squares: Vec<Square>) -> Vec<Move<CongoKind>> {
    let mut moves: Vec<Move<CongoKind>> = Vec::with_capacity(squares.len());
    for to in squares {
        let mv = Move::new(from, to);
        if !moves.contains(&mv) {
            moves.push(mv);
        }
    }
    moves
}

/// The moves of the piece on `from` by its own movement (CONGO-3, CONGO-4), whoever is to move.
/// Empty if `from` is empty.
pub fn piece_moves(setup: &Setup<CongoKind>, from: Square) -> Vec<Move<CongoKind>> {
    piece_moves_traced(setup, from, &mut NoTrace)
}

/// [`piece_moves`], reporting to `trace` each line of the piece's movement, each first jump of
/// a monkey, each chain and each flying capture. A monkey's chains are the default reading's
/// (CONGO-4.4: jumping the lion ends the chain); [`piece_moves_under`] takes the switch.
pub fn piece_moves_traced(
    setup: &Setup<CongoKind>,
    from: Square,
    trace: &mut dyn Trace<CongoKind>,
) -> Vec<Move<CongoKind>> {
    piece_moves_under(setup, from, LionJump::EndsChain, trace)
}

/// [`piece_moves_traced`] with the reading `lion_jump` of CONGO-4.4 for a monkey's chains.
pub fn piece_moves_under(
    setup: &Setup<CongoKind>,
    from: Square,
    lion_jump: LionJump,
    trace: &mut dyn Trace<CongoKind>,
) -> Vec<Move<CongoKind>> {
    let Some(piece) = setup.piece_at(from) else {
        return Vec::new();
    };
    let c = piece.colour;
    let rule = movement_rule(piece.kind);
    let mut w = Walk::traced(setup, from, c, Purpose::Move, &mut *trace, rule);
    match piece.kind {
        CongoKind::Lion => lion(&mut w, c),
        CongoKind::Zebra => zebra(&mut w),
        CongoKind::Elephant => elephant(&mut w),
        CongoKind::Giraffe => giraffe(&mut w),
        CongoKind::Crocodile => crocodile(&mut w, from, c),
        CongoKind::Monkey => monkey(&mut w),
        CongoKind::Pawn => pawn(&mut w, from, c),
        CongoKind::Superpawn => superpawn(&mut w),
    }
    let mut moves = as_moves(from, w.into_squares());
    match piece.kind {
        CongoKind::Lion => {
            if let Some(to) = lion_flying_capture(setup, from, c, trace) {
                if !moves.contains(&Move::new(from, to)) {
                    moves.push(Move::new(from, to));
                }
            }
        }
        CongoKind::Monkey => {
            moves.extend(monkey_chains_traced(setup, from, c, lion_jump, trace));
        }
        _ => {}
    }
    moves
}

/// Every move of the side to move's pieces (CONGO-3, CONGO-4), before the game-end rules
/// (CONGO-6) are asked whether there is a turn at all, a monkey's chains as `lion_jump` reads
/// CONGO-4.4. There is no check in Congo (CONGO-6.2): every such move is legal while the game
/// goes on.
pub fn movement_moves(setup: &Setup<CongoKind>, lion_jump: LionJump) -> Vec<Move<CongoKind>> {
    movement_moves_traced(setup, lion_jump, &mut NoTrace)
}

/// [`movement_moves`], each piece's movement reported to `trace`.
fn movement_moves_traced(
    setup: &Setup<CongoKind>,
    lion_jump: LionJump,
    trace: &mut dyn Trace<CongoKind>,
) -> Vec<Move<CongoKind>> {
    let mut moves = Vec::new();
    for (sq, p) in setup.pieces() {
        if p.colour == setup.turn {
            moves.extend(piece_moves_under(setup, sq, lion_jump, trace));
        }
    }
    moves
}

/// CONGO-3.1, CONGO-3.9, CONGO-4.2 — the board after `mv`, before drowning: the piece goes from
/// `from` to `to`, capturing what stands on `to`; a monkey's jumped pieces (the squares between
/// consecutive landings two squares apart) are removed at the end of the chain; a pawn that ends
/// on its last rank becomes a superpawn.
pub fn play_move(setup: &mut Setup<CongoKind>, mv: &Move<CongoKind>) {
    let Some(piece) = setup.piece_at(mv.from) else {
        return;
    };
    if piece.kind == CongoKind::Monkey {
        let path = mv.path();
        for pair in path.windows(2) {
            if let Some(over) = jumped_square(pair[0], pair[1]) {
                setup.set(over, None);
            }
        }
    }
    setup.set(mv.from, None);
    let last = piece
        .colour
        .relative_rank(Congo::SHAPE.last_rank(), Congo::SHAPE.ranks);
    let becomes = if piece.kind == CongoKind::Pawn && mv.to.rank() == last {
        Piece::new(piece.colour, CongoKind::Superpawn)
    } else {
        piece
    };
    setup.set(mv.to, Some(becomes));
}

/// The square a monkey jumped over going from `a` to `b`, if that leg was a jump (two squares
/// in a straight line).
fn jumped_square(a: Square, b: Square) -> Option<Square> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    let straight = (df.abs() == 2 || df == 0) && (dr.abs() == 2 || dr == 0) && (df, dr) != (0, 0);
    if straight {
        shift(a, Offset::new(df / 2, dr / 2))
    } else {
        None
    }
}

/// CONGO-5.2, CONGO-5.3 — drowning, after `mover` played `mv`: each of the mover's pieces in the
/// river, other than a crocodile, is removed — except the piece that just entered the river from
/// outside it. A piece that started and ended its move in the river drowns. The opponent's river
/// pieces are not touched (they are judged after the opponent's move). \[reading\] This runs after
/// every move, the winning capture of the lion included (the course data does so).
///
/// CONGO-5.4 — a monkey chain that starts in the river, lands on land and ends in the river
/// again: [`MonkeyReentry::Drowns`] (default) treats it like any other move that starts and ends
/// in the river; [`MonkeyReentry::Survives`] counts the landing on land as leaving the river.
pub fn drown(
    setup: &mut Setup<CongoKind>,
    mover: Colour,
    mv: &Move<CongoKind>,
    switches: &CongoSwitches,
) {
    let entered_from_outside = !in_river(mv.from)
        || (switches.monkey_reentry == MonkeyReentry::Survives
            && mv.via.as_slice().iter().any(|&sq| !in_river(sq)));
    let drowned: Vec<Square> = setup
        .pieces()
        .filter(|&(sq, p)| {
            p.colour == mover
                && p.kind != CongoKind::Crocodile
                && in_river(sq)
                && !(sq == mv.to && entered_from_outside)
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in drowned {
        setup.set(sq, None);
    }
}

/// CONGO-6 — whether the game is over before the side to move plays, and how:
///
/// - CONGO-6.1: the side to move has no lion (it was just captured): the other side has won.
/// - CONGO-6.4: only the two lions are left and the side to move cannot capture the other
///   (the flying capture): a draw. If it can, the game goes on and that move wins.
/// - CONGO-6.3: the side to move has no move: it loses. (Whether it has one does not depend on
///   the switches: under either reading of CONGO-4.4 a chain's first jump is a move.)
pub fn game_end(setup: &Setup<CongoKind>, switches: &CongoSwitches) -> Option<Outcome> {
    let us = setup.turn;
    let Some(lion) = setup
        .pieces()
        .find(|&(_, p)| p == Piece::new(us, CongoKind::Lion))
        .map(|(sq, _)| sq)
    else {
        return Some(Outcome::win(us.other(), Reason::LionCaptured));
    };
    let bare_lions = setup.pieces().all(|(_, p)| p.kind == CongoKind::Lion);
    if bare_lions && lion_flying_capture(setup, lion, us, &mut NoTrace).is_none() {
        return Some(Outcome::draw(Reason::BareLions));
    }
    if movement_moves(setup, switches.lion_jump).is_empty() {
        return Some(Outcome::win(us.other(), Reason::NoLegalMove));
    }
    None
}

impl Generator<Congo> for Reference {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Reference
    }

    fn switches(&self) -> &CongoSwitches {
        &self.switches
    }

    /// [`Reference::legal_moves_traced`] with nobody listening.
    fn legal_moves(&self, pos: &Position<Congo>) -> Vec<Move<CongoKind>> {
        self.legal_moves_traced(pos, &mut NoTrace)
    }

    /// One turn: [`play_move`], then [`drown`]; then the other side is to move, and the move
    /// counter goes up after Black's move (CONGO-7.3).
    fn play_unchecked(&self, pos: &Position<Congo>, mv: &Move<CongoKind>) -> Position<Congo> {
        let mut setup = pos.setup().clone();
        let mover = setup.turn;
        play_move(&mut setup, mv);
        drown(&mut setup, mover, mv, &self.switches);
        setup.turn = mover.other();
        if mover == Colour::Black {
            setup.fullmove_number = setup.fullmove_number.saturating_add(1);
        }
        Position::new_unchecked(setup)
    }

    /// CONGO-6.2: there is no check in Congo.
    fn is_check(&self, _pos: &Position<Congo>) -> bool {
        false
    }

    fn outcome(&self, pos: &Position<Congo>) -> Option<Outcome> {
        game_end(pos.setup(), &self.switches)
    }

    fn parse_move(
        &self,
        pos: &Position<Congo>,
        text: &str,
    ) -> Result<Move<CongoKind>, MoveTextError> {
        super::parse_legal_move(self, pos, text)
    }
}

#[cfg(test)]
mod tests;
