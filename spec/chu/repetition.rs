//! Repetition (CHU-6.5), judged over a game's history: the three readings of switch `repetition`
//! ([`Repetition`]).
//!
//! A position's **key** for repetition is its board, side to move and counter-strike square (not
//! the move number).
//!
//! - `lishogi` (default, [`lishogi_outcome`]): lishogi's server rule as its code decides it. A
//!   fourfold repetition is looked for only while the game since the last irreversible move
//!   ([`is_irreversible`]) holds more than [`LISHOGI_MIN_POSITIONS`] positions; then the
//!   position on the board standing there for the fourth time ends the game. A side that made
//!   only attacking moves ([`is_attacking`]) since the first of those occurrences loses; if
//!   both sides did, or neither, it is a draw.
//! - `fourfold` ([`fourfold_outcome`]): the rule as players state it: the fourth occurrence of
//!   a position ends the game at once, with the same verdict.
//! - `western` ([`recreates_position`]): a move that recreates an earlier position is illegal.
//!
//! The attack test asks the generator that plays the game for its own legal moves, so a replay
//! with the bitboard generator judges attacks with the bitboard's rules and a replay with the
//! reference with the reference's.

use super::{Chu, ChuKind, Repetition};
use crate::{Colour, Generator, Move, Outcome, Position, Reason, Setup, Square};

/// The repetition key of a position: board, side to move, counter-strike square.
pub type Key = (Vec<Option<crate::Piece<ChuKind>>>, Colour, Option<Square>);

/// CHU-6.5 — the repetition key of `setup`.
pub fn key(setup: &Setup<ChuKind>) -> Key {
    (setup.board.clone(), setup.turn, setup.counter_strike)
}

/// CHU-6.5, lishogi's quirk — a fourfold repetition is looked for only once the positions since
/// the last irreversible move (that move's position included, or the game's first position)
/// number more than twelve (scalashogi's `History.isRepetition`: more than `(4 - 1) * 4`
/// position hashes), that is after twelve reversible moves in a row.
pub const LISHOGI_MIN_POSITIONS: usize = 12;

/// CHU-6.5 — lishogi's irreversible move (scalashogi's `Chushogi.isIrreversible`): a promotion,
/// a move that leaves an unpromoted Pawn or Lance on its to-square (a Pawn or Lance moved), or a
/// capture (fewer pieces on the board after the move). No position before such a move can occur
/// again.
pub fn is_irreversible(
    before: &Setup<ChuKind>,
    mv: &Move<ChuKind>,
    after: &Setup<ChuKind>,
) -> bool {
    let pawn_or_lance = after
        .piece_at(mv.to)
        .is_some_and(|p| matches!(p.kind, ChuKind::Pawn | ChuKind::Lance));
    mv.promotion.is_some() || pawn_or_lance || after.pieces().count() != before.pieces().count()
}

/// CHU-6.5 — whether the move `mv`, which gave `after`, is an **attacking** move (scalashogi's
/// `Chushogi.isAttacking`): were it the mover's turn again in `after`, one of its legal moves
/// would capture a royal of the opponent ("check"), or a legal move of the piece `mv` moved,
/// from its to-square, would capture an enemy piece.
///
/// The moves are `gen`'s own, in `after` with only the side to move changed: the counter-strike
/// square stays, so after a non-lion took a lion the mover's own non-lions are barred from
/// taking lions elsewhere, as lishogi's test (the moved piece's destinations in the position
/// after the move, side switched) bars them — which never decides a verdict: that square follows
/// a capture, an irreversible move, so no such move lies inside a repetition. A lion protected
/// against the moved lion (CHU-5.2) is not attacked by it.
pub fn is_attacking(gen: &dyn Generator<Chu>, mv: &Move<ChuKind>, after: &Position<Chu>) -> bool {
    let them = after.turn();
    let mut again = after.setup().clone();
    again.turn = them.other();
    let again = Position::<Chu>::new_unchecked(again);
    gen.legal_moves(&again).iter().any(|m| {
        let mut victims = m
            .via
            .as_slice()
            .iter()
            .chain([&m.to])
            .filter_map(|&sq| again.piece_at(sq))
            .filter(|p| p.colour == them);
        if m.from == mv.to {
            victims.next().is_some()
        } else {
            victims.any(|p| p.kind.is_royal())
        }
    })
}

/// CHU-6.5 — the verdict on a repetition whose first occurrence is `positions[first]` and whose
/// last is the final position: a side that made only attacking moves since the first
/// occurrence loses (reason `repetition with perpetual attack`); if both sides did, or neither,
/// the game is drawn (reason `repetition`). `moves[i]` leads from `positions[i]` to
/// `positions[i + 1]`.
pub fn verdict(
    gen: &dyn Generator<Chu>,
    positions: &[Position<Chu>],
    moves: &[Move<ChuKind>],
    first: usize,
) -> Outcome {
    let attacked_throughout = |side: Colour| {
        (first..moves.len())
            .filter(|&i| positions[i].turn() == side)
            .all(|i| is_attacking(gen, &moves[i], &positions[i + 1]))
    };
    match (
        attacked_throughout(Colour::White),
        attacked_throughout(Colour::Black),
    ) {
        (true, false) => Outcome::win(Colour::Black, Reason::PerpetualAttack),
        (false, true) => Outcome::win(Colour::White, Reason::PerpetualAttack),
        _ => Outcome::draw(Reason::Repetition),
    }
}

/// The indices of `positions[from..]` whose key is that of the last position.
fn occurrences_of_last(positions: &[Position<Chu>], from: usize) -> Vec<usize> {
    let Some(last) = positions.last().map(|p| key(p.setup())) else {
        return Vec::new();
    };
    (from..positions.len())
        .filter(|&i| key(positions[i].setup()) == last)
        .collect()
}

/// CHU-6.5, `repetition=lishogi` — lishogi's rule over a game (`positions[0]` the first
/// position, `moves[i]` from `positions[i]` to `positions[i + 1]`): `Some` when the last
/// position ends the game. Only the positions since the last irreversible move are looked at,
/// and only when they are more than [`LISHOGI_MIN_POSITIONS`]; the last position must stand
/// among them for the fourth time (or more: a repetition that occurs too early to count is
/// judged when the history is long enough, by its count then); the first of them starts the
/// span whose moves [`verdict`] looks at.
pub fn lishogi_outcome(
    gen: &dyn Generator<Chu>,
    positions: &[Position<Chu>],
    moves: &[Move<ChuKind>],
) -> Option<Outcome> {
    if positions.len() != moves.len() + 1 {
        return None;
    }
    let since = (0..moves.len())
        .rev()
        .find(|&i| is_irreversible(positions[i].setup(), &moves[i], positions[i + 1].setup()))
        .map_or(0, |i| i + 1);
    if positions.len() - since <= LISHOGI_MIN_POSITIONS {
        return None;
    }
    let occurrences = occurrences_of_last(positions, since);
    (occurrences.len() >= 4).then(|| verdict(gen, positions, moves, occurrences[0]))
}

/// CHU-6.5, `repetition=fourfold` — the rule as players state it: `Some` when the last position
/// stands for the fourth time in the game; the first occurrence starts the span [`verdict`]
/// looks at.
pub fn fourfold_outcome(
    gen: &dyn Generator<Chu>,
    positions: &[Position<Chu>],
    moves: &[Move<ChuKind>],
) -> Option<Outcome> {
    if positions.len() != moves.len() + 1 {
        return None;
    }
    let occurrences = occurrences_of_last(positions, 0);
    (occurrences.len() >= 4).then(|| verdict(gen, positions, moves, occurrences[0]))
}

/// CHU-6.5 — how repetition ends the game after the last move under `rule`: `None` under the
/// Western reading, where repetition is a matter of legal moves ([`recreates_position`]).
pub fn repetition_outcome(
    gen: &dyn Generator<Chu>,
    positions: &[Position<Chu>],
    moves: &[Move<ChuKind>],
    rule: Repetition,
) -> Option<Outcome> {
    match rule {
        Repetition::Lishogi => lishogi_outcome(gen, positions, moves),
        Repetition::Fourfold => fourfold_outcome(gen, positions, moves),
        Repetition::Western => None,
    }
}

/// CHU-6.5, `repetition=western` — whether `child` recreates a position of `earlier` (same
/// board, side to move and counter-strike square). Such a move is illegal.
pub fn recreates_position(earlier: &[Position<Chu>], child: &Position<Chu>) -> bool {
    let k = key(child.setup());
    earlier.iter().any(|p| key(p.setup()) == k)
}

/// CHU-6.5 with CHU-6.3, `repetition=western` — a side to move whose every legal move recreates
/// an earlier position has no legal move: it loses.
pub fn western_stalemate(
    gen: &dyn Generator<Chu>,
    pos: &Position<Chu>,
    earlier: &[Position<Chu>],
) -> Option<Outcome> {
    let moves = gen.legal_moves(pos);
    let all_repeat = !moves.is_empty()
        && moves
            .iter()
            .all(|mv| recreates_position(earlier, &gen.play_unchecked(pos, mv)));
    all_repeat.then(|| Outcome::win(pos.turn().other(), Reason::NoLegalMove))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// Sente: King 12l, Lance 1l, Pawn 2i, Go-Between 3h, Lion 6h, Rook 9e; gote: King 3a and a
    /// Pawn on 6g, next to the Lion.
    const SFEN: &str = "9k2/12/12/12/3R8/12/6p5/6N2I2/10P1/12/12/K10L b - 1";

    fn after(text: &str) -> (Position<Chu>, Move<ChuKind>, Position<Chu>) {
        let gen = Chu::reference(&Default::default());
        let pos = Position::from_fen(SFEN).unwrap();
        let mv = gen.parse_move(&pos, text).unwrap();
        let child = gen.play_unchecked(&pos, &mv);
        (pos, mv, child)
    }

    #[test]
    fn irreversible_moves_are_lishogi_s() {
        for (text, irreversible) in [
            ("1l1k", true),    // a Lance moves
            ("2i2h", true),    // a Pawn moves
            ("3h3g", false),   // a Go-Between can step back
            ("6h6g6h", true),  // igui: a capture without moving
            ("6h7g6h", false), // a pass
            ("6h4f", false),   // a Lion's jump
            ("9e9d", false),   // entering the zone without promoting
            ("9e9d+", true),   // promoting
        ] {
            let (pos, mv, child) = after(text);
            assert_eq!(
                is_irreversible(pos.setup(), &mv, child.setup()),
                irreversible,
                "{text}"
            );
        }
    }

    #[test]
    fn attacking_moves_threaten_with_the_moved_piece_or_check() {
        let gen = Chu::reference(&Default::default());
        for (text, attacking) in [
            ("6h7g6h", true), // the passing Lion can take the Pawn on 6g
            ("9e9d", false),  // the Rook on 9d sees nothing
            ("9e9a", true),   // the Rook on 9a attacks the King on 3a: check
            ("2i2h", false),  // the Pawn on 2h attacks nothing; the Lion's threat is not new
        ] {
            let (_, mv, child) = after(text);
            assert_eq!(is_attacking(&*gen, &mv, &child), attacking, "{text}");
        }
    }
}
