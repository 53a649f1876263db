//! # Congo
//!
//! Demian Freeling's Congo (1982): a 7×7 chess variant with a river across the middle, two 3×3
//! castles that confine the lions, and animals for pieces. Rules: SPEC.md, chapter "Congo"
//! (rule IDs `CONGO-…`).
//!
//! - [`rules`]: the reference generator, one function per rule, read it beside SPEC.md.
//! - [`bitboard`]: the optimized generator (49 squares in a `u64`; shares only the types).
//! - [`zillions`]: reads Zillions of Games save files (`.zsg`) and replays them.
//!
//! ```
//! use fairyspec::{Game, Position, congo::Congo};
//!
//! let start = Position::<Congo>::start();
//! let reference = Congo::reference(&Default::default());
//! // CONGO-8.1: 19 pawn moves, giraffe a1a3 and a1c3, elephants c1c3 and e1e3, zebra g1f3.
//! assert_eq!(reference.legal_moves(&start).len(), 24);
//! ```
//!
//! A Congo move never carries a promotion letter: a pawn that reaches its last rank becomes a
//! superpawn by rule (CONGO-3.9), so [`Move::promotion`](crate::Move) is always `None` and the
//! text is just the squares (`d6d7`). A monkey chain is its full landing path (`c3e3e5c3`).
//! [`read_move_text`] also reads mindsports' `d2-e3` and `a2-c4-c6x`.

pub mod bitboard;
pub mod check;
mod diagram;
mod explain;
pub mod rules;
mod switches;
pub mod zillions;

pub use switches::{CongoSwitches, LionJump, MonkeyReentry};

use crate::fen::FenDialect;
use crate::moves::ParseMoveError;
use crate::piece::{kinds_of, KindRow};
use crate::position::Validation;
use crate::{
    Colour, Game, Generator, IllegalMoveError, Kind, Move, MoveTextError, Piece, Position,
    PositionError, PositionErrorKind as E, Setup, Shape, Square,
};
use serde::{Deserialize, Serialize};

/// The game Congo (CONGO-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Congo;

/// The pieces of Congo (CONGO-3). The letter is the FEN symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CongoKind {
    /// L — the royal piece, confined to its castle — CONGO-3.2.
    Lion,
    /// Z — the knight — CONGO-3.3.
    Zebra,
    /// E — CONGO-3.4.
    Elephant,
    /// G — CONGO-3.5.
    Giraffe,
    /// C — CONGO-3.6; never drowns.
    Crocodile,
    /// M — captures by jumping, in chains — CONGO-3.7, CONGO-4.
    Monkey,
    /// P — CONGO-3.8; promotes to the superpawn on its last rank (CONGO-3.9).
    Pawn,
    /// S — the promoted pawn — CONGO-3.10.
    Superpawn,
}

/// The one table of the kinds: each one's FEN symbol and name, in [`crate::Kind::ALL`]'s order.
const KINDS: [KindRow<CongoKind>; 8] = [
    (CongoKind::Lion, "L", "Lion"),
    (CongoKind::Zebra, "Z", "Zebra"),
    (CongoKind::Elephant, "E", "Elephant"),
    (CongoKind::Giraffe, "G", "Giraffe"),
    (CongoKind::Crocodile, "C", "Crocodile"),
    (CongoKind::Monkey, "M", "Monkey"),
    (CongoKind::Pawn, "P", "Pawn"),
    (CongoKind::Superpawn, "S", "Superpawn"),
];

impl crate::Kind for CongoKind {
    const ALL: &'static [CongoKind] = &kinds_of(&KINDS);
    const TABLE: &'static [KindRow<CongoKind>] = &KINDS;
    const BETZA: &'static [(CongoKind, &'static str)] = BETZA;
    const PAWN: Option<Self> = Some(CongoKind::Pawn);

    fn rule(self) -> Option<&'static str> {
        Some(rules::movement_rule(self))
    }
}

/// Betza-like descriptions of the pieces, as documentation (owner-relative; `m` = move only,
/// `c` = capture only, `f`/`b`/`s` = forward/backward/sideways, `W` wazir, `F` ferz, `K` king,
/// `N` knight, `D`/`A` the straight/diagonal leap of two, `R` rook). Congo's specials have no
/// standard Betza letters and are described in words; neither generator reads this table.
pub const BETZA: &[(CongoKind, &str)] = &[
    (
        CongoKind::Lion,
        "K inside its castle; plus a rook/bishop-like capture of the enemy lion along an open file or diagonal",
    ),
    (CongoKind::Zebra, "N"),
    (CongoKind::Elephant, "WD"),
    (CongoKind::Giraffe, "mKDA"),
    (
        CongoKind::Crocodile,
        "K; plus R along its file towards the river (up to the river square); R along the river while in it",
    ),
    (
        CongoKind::Monkey,
        "mK; plus chains of captures by jumping an adjacent enemy to the empty square beyond (cJ-like)",
    ),
    (
        CongoKind::Pawn,
        "fWfF; plus mbW and mbW2 (unblocked) once beyond the river",
    ),
    (CongoKind::Superpawn, "fWfFsW; plus mbWmbF and mbW2mbA2 (unblocked)"),
];

impl Game for Congo {
    type Kind = CongoKind;
    type Switches = CongoSwitches;
    const NAME: &'static str = "congo";
    const TITLE: &'static str = "Congo";
    const SHAPE: Shape = Shape::new(7, 7);
    /// CONGO-1.3.
    const START_FEN: &'static str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    const DIALECT: FenDialect = FenDialect::Congo;

    /// CONGO-2: the rules a position must satisfy.
    fn validate(setup: Setup<CongoKind>) -> Result<Position<Congo>, PositionError<CongoKind>> {
        let mut v = Validation::new(setup);
        if v.setup.shape != Congo::SHAPE || v.setup.board.len() != Congo::SHAPE.len() {
            v.fail(E::WrongShape);
            return Err(PositionError {
                setup: v.setup,
                kinds: v.kinds,
            });
        }
        validate_lions(&mut v);
        validate_pawns(&mut v);
        validate_river(&mut v);
        validate_material(&mut v);
        validate_no_chess_state(&mut v);
        v.finish()
    }

    fn reference(switches: &CongoSwitches) -> Box<dyn Generator<Congo>> {
        Box::new(rules::Reference::new(*switches))
    }

    fn bitboard(switches: &CongoSwitches) -> Box<dyn Generator<Congo>> {
        Box::new(bitboard::Bitboard::new(*switches))
    }
}

/// CONGO-2.7: Congo has no castling, no en passant and no fifty-move clock. A setup carrying
/// castling rights or an e.p. square (possible only when built by hand: the Congo FEN has no such
/// fields) is rejected; a half-move clock means nothing in Congo and is reset to 0.
fn validate_no_chess_state(v: &mut Validation<CongoKind>) {
    for c in Colour::ALL {
        if v.setup.castling[c].short || v.setup.castling[c].long {
            v.fail(E::InvalidCastlingRights(c));
        }
    }
    if v.setup.ep_square.is_some() {
        v.fail(E::InvalidEpSquare);
    }
    v.setup.halfmove_clock = 0;
}

/// CONGO-1.2: whether `sq` is in `colour`'s castle (White c1–e3, Black c5–e7).
pub const fn in_castle(colour: Colour, sq: Square) -> bool {
    let file_ok = sq.file() >= 2 && sq.file() <= 4;
    let rank_ok = match colour {
        Colour::White => sq.rank() <= 2,
        Colour::Black => sq.rank() >= 4,
    };
    file_ok && rank_ok && sq.rank() != 3
}

/// CONGO-1.2: the river is the middle rank (rank 4, index 3).
pub const RIVER_RANK: u8 = 3;

/// CONGO-1.2: whether `sq` is in the river.
pub const fn in_river(sq: Square) -> bool {
    sq.rank() == RIVER_RANK
}

/// CONGO-2.2, CONGO-2.3: lions. The side **not** to move has exactly one lion, in its castle.
/// The side to move has at most one; none means it was just captured (a finished game,
/// CONGO-6.1), and only then may the winner's lion stand outside its own castle — in the
/// loser's castle, where the flying capture (CONGO-3.2) put it.
fn validate_lions(v: &mut Validation<CongoKind>) {
    let us = v.setup.turn;
    let lion_count =
        |v: &Validation<CongoKind>, c| v.setup.squares_of(Piece::new(c, CongoKind::Lion)).len();
    let us_lions = lion_count(v, us);
    for c in Colour::ALL {
        match lion_count(v, c) {
            0 if c != us => v.fail(E::MissingKing(c)),
            0 | 1 => {}
            _ => v.fail(E::TooManyKings(c)),
        }
    }
    let game_over = us_lions == 0;
    let bad: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| {
            p.kind == CongoKind::Lion
                && !in_castle(p.colour, sq)
                && !(game_over && p.colour != us && in_castle(us, sq))
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in bad {
        v.fail(E::RoyalOutsideCastle(sq));
    }
}

/// CONGO-2.4: no pawn on its last rank (it would have become a superpawn, CONGO-3.9).
fn validate_pawns(v: &mut Validation<CongoKind>) {
    let last = Congo::SHAPE.last_rank();
    let bad: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| {
            p.kind == CongoKind::Pawn && sq.rank() == p.colour.relative_rank(last, 7)
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in bad {
        v.fail(E::PawnOrUnpromotedOnBackRank(sq));
    }
}

/// CONGO-2.5: each side has at most one non-crocodile piece in the river. After a side's move
/// only the piece that just entered the river may stand there (CONGO-5.2: the others drowned),
/// and the opponent's move cannot add pieces of that side, so this holds for both sides.
fn validate_river(v: &mut Validation<CongoKind>) {
    for c in Colour::ALL {
        let swimmers = v
            .setup
            .pieces()
            .filter(|&(sq, p)| p.colour == c && p.kind != CongoKind::Crocodile && in_river(sq))
            .count();
        if swimmers > 1 {
            v.fail(E::CrowdedRiver(c));
        }
    }
}

/// CONGO-2.6: no more pieces of a kind than the game can produce: at most one zebra, two
/// elephants, one giraffe, one crocodile and one monkey, and at most seven pawns and superpawns
/// together (a pawn becomes a superpawn, nothing else ever changes kind). So a side has at most
/// fourteen pieces, and a monkey chain at most fourteen jumps.
fn validate_material(v: &mut Validation<CongoKind>) {
    for c in Colour::ALL {
        let count = |kind| v.setup.squares_of(Piece::new(c, kind)).len();
        let too_many = count(CongoKind::Zebra) > 1
            || count(CongoKind::Elephant) > 2
            || count(CongoKind::Giraffe) > 1
            || count(CongoKind::Crocodile) > 1
            || count(CongoKind::Monkey) > 1
            || count(CongoKind::Pawn) + count(CongoKind::Superpawn) > 7;
        if too_many {
            v.fail(E::ImpossibleMaterial(c));
        }
    }
}

/// CONGO-7.1: reads Congo move text: the default `d2e3` / `c3e3e5c3`, or mindsports' form with
/// dashes between the squares and an optional trailing `x` (`d2-e3`, `a2-c4-c6x`). Upper-case
/// square letters are accepted too (`D2-E3`). A promotion letter is never part of a Congo move.
///
/// # Errors
/// [`ParseMoveError`] if the text is not two or more squares in one of these forms.
///
/// # Examples
/// ```
/// use fairyspec::congo::read_move_text;
/// assert_eq!(read_move_text("a2-c4-c6x").unwrap().to_string(), "a2c4c6");
/// assert_eq!(read_move_text("c3e3e5c3").unwrap().to_string(), "c3e3e5c3");
/// assert!(read_move_text("d7d8").is_err()); // no rank 8 on a 7×7 board
/// assert!(read_move_text("d6d7s").is_err()); // no promotion letters in Congo
/// ```
pub fn read_move_text(text: &str) -> Result<Move<CongoKind>, ParseMoveError> {
    let trimmed = text.trim();
    let body = trimmed
        .strip_suffix('x')
        .or_else(|| trimmed.strip_suffix('X'))
        .unwrap_or(trimmed);
    let dashed = body.contains('-');
    let mut compact = String::with_capacity(body.len());
    for (i, part) in body.split('-').enumerate() {
        if dashed && (part.len() < 2 || part.len() > 3) {
            return Err(ParseMoveError::Syntax {
                text: text.to_string(),
                column: i,
            });
        }
        compact.push_str(&part.to_ascii_lowercase());
    }
    let mv = Move::<CongoKind>::parse(&compact).map_err(|e| match e {
        ParseMoveError::Syntax { column, .. } => ParseMoveError::Syntax {
            text: text.to_string(),
            column,
        },
        ParseMoveError::TooFewSquares { .. } => ParseMoveError::TooFewSquares {
            text: text.to_string(),
        },
        ParseMoveError::TooLong { .. } => ParseMoveError::TooLong {
            text: text.to_string(),
        },
        ParseMoveError::UnknownPromotion { letter, .. } => ParseMoveError::UnknownPromotion {
            text: text.to_string(),
            letter,
        },
        // The default notation reports none of these.
        other @ (ParseMoveError::BadSquare { .. }
        | ParseMoveError::PromotionNeedsPosition { .. }
        | ParseMoveError::CannotPromote { .. }
        | ParseMoveError::OtherNotation { .. }) => other,
    })?;
    let on_board = mv.path().iter().all(|&sq| Congo::SHAPE.contains(sq));
    if mv.promotion.is_some() || !on_board {
        return Err(ParseMoveError::Syntax {
            text: text.to_string(),
            column: compact.len().saturating_sub(1),
        });
    }
    Ok(mv)
}

/// The `parse_move` of both Congo generators: [`read_move_text`], then the legal move it names.
pub(crate) fn parse_legal_move(
    gen: &dyn Generator<Congo>,
    pos: &Position<Congo>,
    text: &str,
) -> Result<Move<CongoKind>, MoveTextError> {
    let mv = read_move_text(text).map_err(MoveTextError::Parse)?;
    if gen.legal_moves(pos).contains(&mv) {
        return Ok(mv);
    }
    let reason = if let Some(outcome) = gen.outcome(pos) {
        format!("the game is over ({outcome})")
    } else {
        match pos.piece_at(mv.from) {
            None => format!("no piece on {}", mv.from),
            Some(p) if p.colour != pos.turn() => {
                format!("the piece on {} is not {}'s", mv.from, pos.turn())
            }
            Some(p) => format!("not a move of the {} on {}", p.kind.name(), mv.from),
        }
    };
    Err(MoveTextError::Illegal(IllegalMoveError {
        text: text.to_string(),
        fen: pos.fen(),
        reason,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    fn setup(fen: &str) -> Setup<CongoKind> {
        parse_fen(fen, Congo::SHAPE, Congo::DIALECT).expect("test FEN parses")
    }

    fn errors(fen: &str) -> Vec<E> {
        match Congo::validate(setup(fen)) {
            Ok(_) => Vec::new(),
            Err(e) => e.kinds.into_iter().collect(),
        }
    }

    #[test]
    fn congo_1_3_start_position_is_valid() {
        let start = Position::<Congo>::start();
        assert_eq!(start.fen(), Congo::START_FEN);
        assert_eq!(
            Position::<Congo>::from_fen("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w")
                .map(|p| p.fen())
                .ok(),
            Some(Congo::START_FEN.to_string())
        );
    }

    #[test]
    fn congo_1_2_castles_and_river() {
        let castle: Vec<String> = Congo::SHAPE
            .squares()
            .filter(|&sq| in_castle(Colour::White, sq))
            .map(|sq| sq.to_string())
            .collect();
        assert_eq!(
            castle,
            ["c1", "d1", "e1", "c2", "d2", "e2", "c3", "d3", "e3"]
        );
        let castle: Vec<String> = Congo::SHAPE
            .squares()
            .filter(|&sq| in_castle(Colour::Black, sq))
            .map(|sq| sq.to_string())
            .collect();
        assert_eq!(
            castle,
            ["c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"]
        );
        assert_eq!(Congo::SHAPE.squares().filter(|&s| in_river(s)).count(), 7);
    }

    #[test]
    fn congo_2_2_lions() {
        // The side not to move (Black) has no lion: invalid.
        assert_eq!(errors("7/7/7/7/7/3L3/7 w"), [E::MissingKing(Colour::Black)]);
        // The side to move has none: its lion was just captured; valid and finished.
        assert_eq!(errors("7/7/3L3/7/7/7/7 b"), []);
        assert_eq!(
            errors("3l3/3l3/7/7/7/3L3/7 w"),
            [E::TooManyKings(Colour::Black)]
        );
    }

    #[test]
    fn congo_2_3_lion_outside_castle() {
        let sq = Square::parse("a2").expect("square");
        assert_eq!(errors("3l3/7/7/7/7/L6/7 b"), [E::RoyalOutsideCastle(sq)]);
        // The winner's lion in the enemy castle after the flying capture is fine, but only when
        // the game is over.
        assert_eq!(errors("7/7/3L3/7/7/7/7 b"), []);
        let d5 = Square::parse("d5").expect("square");
        assert_eq!(errors("3l3/7/3L3/7/7/7/7 b"), [E::RoyalOutsideCastle(d5)]);
    }

    #[test]
    fn congo_2_4_no_pawn_on_its_last_rank() {
        let a7 = Square::parse("a7").expect("square");
        let a1 = Square::parse("a1").expect("square");
        assert_eq!(
            errors("P2l3/7/7/7/7/3L3/p6 w"),
            [
                E::PawnOrUnpromotedOnBackRank(a1),
                E::PawnOrUnpromotedOnBackRank(a7)
            ]
        );
        // Superpawns and pawns on their own first rank are fine.
        assert_eq!(errors("S2l2p/7/7/7/7/3L3/s5P w"), []);
    }

    #[test]
    fn congo_2_5_at_most_one_swimmer_per_side() {
        assert_eq!(
            errors("3l3/7/7/PP5/7/3L3/7 w"),
            [E::CrowdedRiver(Colour::White)]
        );
        assert_eq!(errors("3l3/7/7/P1C1c2/7/3L3/7 b"), []);
    }

    #[test]
    fn congo_2_6_material_the_game_can_produce() {
        assert_eq!(
            errors("3l3/7/7/7/7/ZZ1L3/7 w"),
            [E::ImpossibleMaterial(Colour::White)]
        );
        assert_eq!(
            errors("3l3/ssssppp/p6/7/7/3L3/7 w"),
            [E::ImpossibleMaterial(Colour::Black)]
        );
        assert_eq!(errors(Congo::START_FEN), []);
    }

    #[test]
    fn congo_7_1_move_text_forms() {
        for (text, want) in [
            ("d2e3", "d2e3"),
            ("d2-e3", "d2e3"),
            ("a2-c4-c6x", "a2c4c6"),
            ("A2-C4-C6X", "a2c4c6"),
            ("c3e3e5c3", "c3e3e5c3"),
        ] {
            assert_eq!(
                read_move_text(text).map(|m| m.to_string()),
                Ok(want.to_string()),
                "{text}"
            );
        }
        for bad in [
            "", "d2", "d2-", "d2--e3", "d2-e3-", "h1h2", "d2e8", "d6d7s", "d2 e3", "x",
        ] {
            assert!(read_move_text(bad).is_err(), "{bad:?}");
        }
    }
}
