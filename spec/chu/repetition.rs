//! Repetition (CHU-6.5), judged over a game's history, and the replay of Chu Shogi game records
//! (CHU-8.3), which is where a history exists.
//!
//! A position's **key** for repetition is its board, side to move and counter-strike square (not
//! the move number). Two readings, switch `repetition` ([`Repetition`]):
//!
//! - lishogi (default, [`repetition_outcome`]): the fourth occurrence of a position ends the
//!   game. If one side made only **attacking** moves ([`is_attacking`]) since the first of the
//!   four occurrences, that side loses (the side that made the fourth occurrence is looked at
//!   first); otherwise it is a draw.
//! - Western ([`recreates_position`]): a move that recreates an earlier position (same key) is
//!   illegal; a side whose every move would do so has no legal move and loses (CHU-6.3).

use super::rules::{attacks, end::royals, is_attacked};
use super::{Chu, ChuKind, Repetition};
use crate::game::MoveTextError;
use crate::notation::record::RecordResult;
use crate::replay::{ReplayError, ReplaySummary};
use crate::{Colour, Generator, Move, Outcome, Piece, Position, Reason, Setup, Square};

/// The repetition key of a position: board, side to move, counter-strike square.
pub type Key = (Vec<Option<Piece<ChuKind>>>, Colour, Option<Square>);

/// CHU-6.5 — the repetition key of `setup`.
pub fn key(setup: &Setup<ChuKind>) -> Key {
    (setup.board.clone(), setup.turn, setup.counter_strike)
}

/// CHU-6.5 — whether the move `mv` from `before` (giving `after`) is an attacking move in the
/// sense of lishogi's perpetual-attack rule: afterwards a royal of the opponent is attacked
/// ("check"), or the moved piece attacks an enemy piece.
pub fn is_attacking(before: &Setup<ChuKind>, mv: &Move<ChuKind>, after: &Setup<ChuKind>) -> bool {
    let us = before.turn;
    let them = us.other();
    let check = royals(after, them)
        .into_iter()
        .any(|sq| is_attacked(after, sq, us));
    let threat = attacks(after, mv.to)
        .into_iter()
        .any(|sq| after.piece_at(sq).is_some_and(|p| p.colour == them));
    check || threat
}

/// CHU-6.5 — lishogi's repetition rule over a game: `positions[0]` is the first position,
/// `moves[i]` leads from `positions[i]` to `positions[i + 1]`. `Some` once the last position
/// occurs for the fourth time: a loss for a side that made only attacking moves since the first
/// of the four occurrences (the side that just moved is looked at first), otherwise a draw.
/// `None` under the Western reading (there repetition is a matter of legal moves,
/// [`recreates_position`]) and while no position occurred four times.
pub fn repetition_outcome(
    positions: &[Setup<ChuKind>],
    moves: &[Move<ChuKind>],
    rule: Repetition,
) -> Option<Outcome> {
    if rule != Repetition::Lishogi || positions.len() != moves.len() + 1 {
        return None;
    }
    let last = key(positions.last()?);
    let occurrences: Vec<usize> = positions
        .iter()
        .enumerate()
        .filter(|(_, p)| key(p) == last)
        .map(|(i, _)| i)
        .collect();
    if occurrences.len() < 4 {
        return None;
    }
    let first = occurrences[0];
    let just_moved = positions[positions.len() - 1].turn.other();
    let only_attacks = |side: Colour| {
        let mut made = (first..moves.len())
            .filter(|&i| positions[i].turn == side)
            .peekable();
        made.peek().is_some()
            && made.all(|i| is_attacking(&positions[i], &moves[i], &positions[i + 1]))
    };
    for side in [just_moved, just_moved.other()] {
        if only_attacks(side) {
            return Some(Outcome::win(side.other(), Reason::PerpetualAttack));
        }
    }
    Some(Outcome::draw(Reason::Repetition))
}

/// CHU-6.5 — the Western reading: whether `child` recreates a position of `earlier` (same
/// board, side to move and counter-strike square). Such a move is illegal.
pub fn recreates_position(earlier: &[Setup<ChuKind>], child: &Setup<ChuKind>) -> bool {
    let k = key(child);
    earlier.iter().any(|p| key(p) == k)
}

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
    let mut pos = match record.sfen {
        None => Position::<Chu>::start(),
        Some(sfen) => Position::from_fen(sfen).map_err(|e| ReplayError {
            move_number: 0,
            side: Colour::White,
            text: format!("sfen {sfen}"),
            cause: e.to_string(),
        })?,
    };
    let mut positions = vec![pos.setup().clone()];
    let mut moves: Vec<Move<ChuKind>> = Vec::new();
    let mut stated: Option<RecordResult> = None;
    let ended = |pos: &Position<Chu>, positions: &[Setup<ChuKind>], moves: &[Move<ChuKind>]| {
        gen.outcome(pos)
            .or_else(|| repetition_outcome(positions, moves, rule))
            .or_else(|| western_stalemate(gen, pos, positions, rule))
    };
    for word in &record.words {
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
        if let Some(outcome) = ended(&pos, &positions, &moves) {
            return Err(error(format!("the game is already over ({outcome})")));
        }
        let mv = gen.parse_move(&pos, word).map_err(|e| match e {
            MoveTextError::Illegal(e) => error(e.reason),
            MoveTextError::Parse(e) => error(e.to_string()),
        })?;
        let child = gen.play_unchecked(&pos, &mv);
        if rule == Repetition::Western && recreates_position(&positions, child.setup()) {
            return Err(error(
                "recreates an earlier position (Western repetition rule)".to_string(),
            ));
        }
        positions.push(child.setup().clone());
        moves.push(mv);
        pos = child;
    }
    let outcome = ended(&pos, &positions, &moves);
    if let Some(result) = stated {
        if !result.fits(outcome) {
            let end = match outcome {
                Some(o) => format!("the game ended {o}"),
                None => "the game has not ended".to_string(),
            };
            return Err(ReplayError {
                move_number: pos.setup().fullmove_number,
                side: pos.turn(),
                text: result.text().to_string(),
                cause: format!("the record states the result {}, but {end}", result.text()),
            });
        }
    }
    Ok(ReplaySummary {
        plies: moves.len(),
        final_fen: pos.fen(),
        outcome,
        claimable: None,
    })
}

/// CHU-6.5 with CHU-6.3 — under the Western reading, a side to move whose every legal move
/// recreates an earlier position has no legal move: it loses.
fn western_stalemate(
    gen: &dyn Generator<Chu>,
    pos: &Position<Chu>,
    positions: &[Setup<ChuKind>],
    rule: Repetition,
) -> Option<Outcome> {
    if rule != Repetition::Western {
        return None;
    }
    let moves = gen.legal_moves(pos);
    let all_repeat = !moves.is_empty()
        && moves
            .iter()
            .all(|mv| recreates_position(positions, gen.play_unchecked(pos, mv).setup()));
    all_repeat.then(|| Outcome::win(pos.turn().other(), Reason::NoLegalMove))
}
