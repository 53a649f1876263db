//! Replaying a game record move by move: [`replay`] reads a record (the sample games of Derzhanski's page, or
//! plain move text), plays every move through a [`Generator`] from the start position, checks
//! every claim the record makes (move numbers, piece letters, capture and check marks, the
//! result) and reports how the game ended, or the first move that is wrong.

use crate::game::MoveTextError;
use crate::notation::long_algebraic;
use crate::notation::record::{tokenize, RecordResult, RecordToken};
use crate::{Colour, Game, Generator, Move, Outcome, Position, Setup};
use serde::Serialize;
use std::fmt;

/// How a game's records are read: [`replay`]'s notation unless the game has a record format of
/// its own (Congo's Zillions of Games files, Chu Shogi's USI move lists). Each game implements it
/// in its folder.
pub trait Records: Game {
    /// Replays a game record from the start position with `gen`. The default reads the record
    /// notation of [`replay`]; a game with a record format of its own recognises it here.
    ///
    /// # Errors
    /// The first wrong move of the record.
    fn replay(gen: &dyn Generator<Self>, text: &str) -> Result<ReplaySummary, ReplayError> {
        replay(gen, text)
    }
}

/// What a successful replay found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplaySummary {
    /// Number of half-moves played.
    pub plies: usize,
    /// FEN of the final position.
    pub final_fen: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// A draw the side to move could claim in the final position (fifty moves, threefold).
    pub claimable: Option<Outcome>,
}

/// The first move of a record that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move number as the record writes it (1 for `1. e2–e4 e7–e5`).
    pub move_number: u32,
    /// Who was to play it.
    pub side: Colour,
    /// The move as written.
    pub text: String,
    /// Why it is wrong, in words.
    pub cause: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.side == Colour::White {
            "."
        } else {
            "…"
        };
        write!(
            f,
            "move {}{} {}: {}",
            self.move_number, dots, self.text, self.cause
        )
    }
}

impl std::error::Error for ReplayError {}

/// How a game's end is judged over the positions and moves of a replay so far (`positions[0]`
/// the start, `moves[i]` from `positions[i]` to `positions[i + 1]`): the generator's outcome of
/// the last position by default; Chu Shogi adds repetition over the history (CHU-6.5).
pub(crate) type Ending<G> =
    fn(&dyn Generator<G>, &[Position<G>], &[Move<<G as Game>::Kind>]) -> Option<Outcome>;

/// The one replay driver under every record format ([`replay`], Congo's Zillions files, Chu
/// Shogi's USI move lists): the positions and moves played so far through one generator, when
/// the game is over, whether a stated result fits, and the summary. Each format reads its own
/// text and checks its own claims, then plays its moves here.
pub(crate) struct Replayer<'a, G: Game> {
    gen: &'a dyn Generator<G>,
    positions: Vec<Position<G>>,
    moves: Vec<Move<G::Kind>>,
    ending: Ending<G>,
}

impl<'a, G: Game> Replayer<'a, G> {
    /// A replay from `start` whose game ends when `gen` says so.
    pub(crate) fn new(gen: &'a dyn Generator<G>, start: Position<G>) -> Self {
        Replayer {
            gen,
            positions: vec![start],
            moves: Vec::new(),
            ending: |gen, positions, _| positions.last().and_then(|p| gen.outcome(p)),
        }
    }

    /// The same replay with its game's end judged by `ending`.
    pub(crate) fn ending(self, ending: Ending<G>) -> Self {
        Replayer { ending, ..self }
    }

    /// The position reached.
    pub(crate) fn position(&self) -> &Position<G> {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, the start first.
    pub(crate) fn positions(&self) -> &[Position<G>] {
        &self.positions
    }

    /// How the game has ended, if it has.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        (self.ending)(self.gen, &self.positions, &self.moves)
    }

    /// `Err` with the cause when the game is already over: no move can follow.
    pub(crate) fn not_over(&self) -> Result<(), String> {
        match self.outcome() {
            Some(outcome) => Err(format!("the game is already over ({outcome})")),
            None => Ok(()),
        }
    }

    /// Plays `mv` (legal in the position reached) with the generator.
    pub(crate) fn play(&mut self, mv: Move<G::Kind>) {
        let child = self.gen.play_unchecked(self.position(), &mv);
        self.push(mv, child);
    }

    /// Records `mv` and the position `child` it gave.
    pub(crate) fn push(&mut self, mv: Move<G::Kind>, child: Position<G>) {
        self.moves.push(mv);
        self.positions.push(child);
    }

    /// The outcome at the end, checked against the result the record states, if any: `Err` with
    /// the cause when they contradict each other.
    pub(crate) fn end(&self, stated: Option<RecordResult>) -> Result<Option<Outcome>, String> {
        let outcome = self.outcome();
        if let Some(result) = stated {
            if !result.fits(outcome) {
                let ended = match outcome {
                    Some(o) => format!("the game ended {o}"),
                    None => "the game has not ended".to_string(),
                };
                return Err(format!(
                    "the record states the result {result}, but {ended}"
                ));
            }
        }
        Ok(outcome)
    }

    /// What the replay found, with the draw a player could claim at the end (`claimable`).
    pub(crate) fn summary(
        &self,
        outcome: Option<Outcome>,
        claimable: Option<Outcome>,
    ) -> ReplaySummary {
        ReplaySummary {
            plies: self.moves.len(),
            final_fen: self.position().fen(),
            outcome,
            claimable,
        }
    }
}

/// How a record word that is a move gets read: plain move text (`e2e4`, `a7a8m`: only lower-case
/// letters other than `x`, and digits) through [`Generator::parse_move`], anything else as the
/// long algebraic notation (KUMA-8.2) through [`long_algebraic::read`].
fn read_move<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    text: &str,
) -> Result<Move<G::Kind>, String> {
    let plain = text
        .chars()
        .all(|c| (c.is_ascii_lowercase() && c != 'x') || c.is_ascii_digit());
    if plain {
        gen.parse_move(pos, text).map_err(|e| match e {
            MoveTextError::Illegal(e) => e.reason,
            MoveTextError::Parse(e) => e.to_string(),
        })
    } else {
        long_algebraic::read(text, pos, gen).map_err(|e| e.to_string())
    }
}

/// The move number a record writes for the position whose FEN move counter is `fullmove`, in a
/// game whose start position has the counter `first`: records number the first move `1.` in every
/// game, while the counters of some FEN dialects start elsewhere (Congo's at 0, CONGO-7.3).
fn record_number(fullmove: u32, first: u32) -> u32 {
    fullmove.saturating_sub(first).saturating_add(1)
}

fn number_text(number: u32, side: Colour) -> String {
    match side {
        Colour::White => format!("{number}."),
        Colour::Black => format!("{number}…"),
    }
}

/// Replays a game record of game `G` from its start position with `gen`.
///
/// The record's layout is described in [`crate::notation::record`]: optional leading text, move
/// numbers (checked against the position: `12…` must come before Black's twelfth move; the first
/// move is `1.` in every game, whatever the FEN counter of the start position says), moves
/// in long algebraic notation (KUMA-8.2, every claim of the text checked, see
/// [`long_algebraic::resolve`]) or as plain move text (`e2e4`), a final full stop and an optional result.
///
/// ```
/// use fairyspec::{Game, kuma::Kuma, replay::replay};
///
/// let reference = Kuma::reference(&Default::default());
/// let summary = replay(&*reference, "1. c2–c4 c7–c6 2. Bb1–c2 Bb8–c7.").unwrap();
/// assert_eq!(summary.plies, 4);
/// let err = replay(&*reference, "1. c2–c4 c7–c6 2. Bb1–c2 Vb8–c7").unwrap_err();
/// assert_eq!(err.to_string(),
///     "move 2… Vb8–c7: no Violent Bear on b8 (the piece there is a Blind Bear, letter B)");
/// ```
///
/// # Errors
/// The first bad part of the record, with its move number, side and cause: a move that cannot
/// be read or is false in its position, a move after the end of the game, a wrong move number,
/// text after the result, or a stated result that contradicts how the game ended.
pub fn replay<G: Game>(gen: &dyn Generator<G>, text: &str) -> Result<ReplaySummary, ReplayError> {
    let record = tokenize(text);
    let mut replayer = Replayer::new(gen, Position::<G>::start());
    let mut announced: Option<(u32, Colour)> = None;
    let mut stated: Option<RecordResult> = None;
    let first = replayer.position().setup().fullmove_number;
    for token in &record.tokens {
        let pos = replayer.position();
        let number = record_number(pos.setup().fullmove_number, first);
        let side = pos.turn();
        let error = |text: String, cause: String| ReplayError {
            move_number: number,
            side,
            text,
            cause,
        };
        let token_text = match *token {
            RecordToken::Number { number, side } => number_text(number, side),
            RecordToken::Move(text) => text.to_string(),
            RecordToken::Result(result) => result.text().to_string(),
        };
        if let Some(result) = stated {
            return Err(error(token_text, format!("text after the result {result}")));
        }
        match *token {
            RecordToken::Number {
                number: written,
                side: written_side,
            } => {
                if let Some((n, s)) = announced {
                    return Err(error(
                        number_text(n, s),
                        "a move number with no move after it".to_string(),
                    ));
                }
                if (written, written_side) != (number, side) {
                    return Err(error(
                        token_text,
                        format!(
                            "the record numbers this move {}, but it is move {}",
                            number_text(written, written_side),
                            number_text(number, side)
                        ),
                    ));
                }
                announced = Some((written, written_side));
            }
            RecordToken::Result(result) => {
                if let Some((n, s)) = announced {
                    return Err(error(
                        number_text(n, s),
                        "a move number with no move after it".to_string(),
                    ));
                }
                stated = Some(result);
            }
            RecordToken::Move(text) => {
                replayer
                    .not_over()
                    .map_err(|cause| error(token_text.clone(), cause))?;
                let mv = read_move(gen, pos, text).map_err(|cause| error(token_text, cause))?;
                replayer.play(mv);
                announced = None;
            }
        }
    }
    let pos = replayer.position();
    let number = record_number(pos.setup().fullmove_number, first);
    let side = pos.turn();
    if let Some((n, s)) = announced {
        return Err(ReplayError {
            move_number: number,
            side,
            text: number_text(n, s),
            cause: "a move number with no move after it".to_string(),
        });
    }
    let outcome = replayer.end(stated).map_err(|cause| ReplayError {
        move_number: number,
        side,
        text: stated.map_or("", RecordResult::text).to_string(),
        cause,
    })?;
    let positions = replayer.positions();
    let history: Vec<Setup<G::Kind>> = positions[..positions.len() - 1]
        .iter()
        .map(Position::repetition_key)
        .collect();
    Ok(replayer.summary(outcome, crate::claimable_draw(pos, &history)))
}
