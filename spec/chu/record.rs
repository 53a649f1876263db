//! Chu Shogi game records (CHU-8.3): reading a USI move list and replaying it, with the game's
//! history kept for repetition (CHU-6.5, [`super::repetition`]).

use super::repetition::{recreates_position, repetition_outcome, western_stalemate};
use super::{Chu, ChuKind, Repetition};
use crate::game::MoveTextError;
use crate::notation::record::RecordResult;
use crate::replay::{Records, ReplayError, ReplaySummary, Replayer};
use crate::{Colour, Generator, Move, Outcome, Position};

/// A game record of Chu Shogi, read (CHU-8.3).
struct UsiRecord<'a> {
    /// The SFEN of the first line `sfen <SFEN>`, if there is one.
    sfen: Option<&'a str>,
    /// The moves (and a final result, if given), in order.
    words: Vec<&'a str>,
}

/// Reads the layout of a record: `#` starts a comment to the end of the line; the first line
/// with text may be `sfen <SFEN>`; every other word is a USI move, the last one possibly a
/// result (`1-0`, `0-1`, `1/2-1/2`, `*`).
fn read_record(text: &str) -> UsiRecord<'_> {
    let mut sfen = None;
    let mut words = Vec::new();
    let mut first = true;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if first {
            first = false;
            if let Some(rest) = line.strip_prefix("sfen ") {
                sfen = Some(rest.trim());
                continue;
            }
        }
        words.extend(line.split_whitespace());
    }
    UsiRecord { sfen, words }
}

/// How the game stands after the moves played so far: the generator's outcome (CHU-6), then
/// repetition under the generator's `repetition` switch (CHU-6.5).
fn ended(
    gen: &dyn Generator<Chu>,
    positions: &[Position<Chu>],
    moves: &[Move<ChuKind>],
) -> Option<Outcome> {
    let pos = positions.last()?;
    let rule = gen.switches().repetition;
    gen.outcome(pos)
        .or_else(|| repetition_outcome(gen, positions, moves, rule))
        .or_else(|| {
            (rule == Repetition::Western)
                .then(|| western_stalemate(gen, pos, positions))
                .flatten()
        })
}

impl Records for Chu {
    /// A USI move list (CHU-8.3): moves separated by white space, `#` comments, an optional
    /// first line `sfen <SFEN>`; repetition judged over the replayed history (CHU-6.5).
    fn replay(gen: &dyn Generator<Chu>, text: &str) -> Result<ReplaySummary, ReplayError> {
        replay_usi(gen, text)
    }
}

/// CHU-8.3 — replays a Chu Shogi game record with `gen`: a USI move list (moves separated by
/// white space, `#` comments, an optional first line `sfen <SFEN>`, an optional result at the
/// end, which must fit how the game ended). After each move the game may be over by the
/// generator's outcome or by repetition (CHU-6.5, under the generator's `repetition` switch);
/// under the Western reading a move that recreates an earlier position is rejected.
///
/// # Errors
/// The first wrong part of the record: an SFEN that is no position, a move that cannot be read
/// or is not legal, a move after the end of the game, text after the result, or a result that
/// contradicts the end.
pub fn replay_usi(gen: &dyn Generator<Chu>, text: &str) -> Result<ReplaySummary, ReplayError> {
    let record = read_record(text);
    let rule = gen.switches().repetition;
    let start = match record.sfen {
        None => Position::<Chu>::start(),
        Some(sfen) => Position::from_fen(sfen).map_err(|e| ReplayError {
            move_number: 0,
            side: Colour::White,
            text: format!("sfen {sfen}"),
            cause: e.to_string(),
        })?,
    };
    let mut replayer = Replayer::new(gen, start).ending(ended);
    let mut stated: Option<RecordResult> = None;
    for word in &record.words {
        let pos = replayer.position();
        let error = |cause: String| ReplayError {
            move_number: pos.setup().fullmove_number,
            side: pos.turn(),
            text: word.to_string(),
            cause,
        };
        if let Some(result) = stated {
            return Err(error(format!("text after the result {}", result.text())));
        }
        if let Some(result) = RecordResult::parse(word) {
            stated = Some(result);
            continue;
        }
        replayer.not_over().map_err(error)?;
        let mv = gen.parse_move(pos, word).map_err(|e| match e {
            MoveTextError::Illegal(e) => error(e.reason),
            MoveTextError::Parse(e) => error(e.to_string()),
        })?;
        let child = gen.play_unchecked(pos, &mv);
        if rule == Repetition::Western && recreates_position(replayer.positions(), &child) {
            return Err(error(
                "recreates an earlier position (Western repetition rule)".to_string(),
            ));
        }
        replayer.push(mv, child);
    }
    let pos = replayer.position();
    let outcome = replayer.end(stated).map_err(|cause| ReplayError {
        move_number: pos.setup().fullmove_number,
        side: pos.turn(),
        text: stated.map_or("", RecordResult::text).to_string(),
        cause,
    })?;
    Ok(replayer.summary(outcome, None))
}
