//! KUMA-8.2 — the long algebraic notation of the sample games of Derzhanski's page *Kuma Chess*.
//!
//! A move names the moving piece by its letter (none for a Pawn), its from-square, an en dash
//! `–` for a move or a colon `:` for a capture, its to-square, then for a promotion the upper-case
//! letter of the piece it becomes, and last at most one mark:
//!
//! | text | meaning |
//! |---|---|
//! | `Bb1–c2` | the Blind Bear on b1 moves to c2 |
//! | `c4:d5` | the Pawn on c4 captures on d5 (en passant too) |
//! | `Sa7–a8M`, `c7–c8E` | a Bear Soldier (Pawn) reaches the last rank and becomes a Mighty Bear (Bear's Eyes) |
//! | `0–0`, `0–0–0` | castling short (King towards the high file) and long |
//! | `Ve6:d7+` | the move gives check and the game goes on |
//! | `Dc6–a8×` | the move checkmates |
//! | `Bd2–c1#` | the move wins by another rule of the game: in Kuma Chess, a Blind Bear reaching its last rank (KUMA-7.4). In this notation `#` is **not** checkmate. |
//!
//! Orthodox chess has no other way to win, and chess players write `#` for checkmate (FIDE Laws
//! of Chess, Appendix C, algebraic notation): in a chess record the reader takes `#` as well as
//! `×` for checkmate ([`hash_is_checkmate`]).
//!
//! The reader also accepts the ASCII hyphen `-` for the dash, `x` for the capture mark and
//! `O-O`/`O-O-O` (letter O) for castling; the printer always writes the page's own characters.
//!
//! The notation is written for any [`Game`]: the letter is [`Kind::letter`]; the kind whose
//! symbol is `P` is the pawn and is written without a letter; the kind whose symbol is `K` is the
//! King, and its moves of two or more files along its rank are castlings. A move with
//! intermediate squares (none in Kuma, chess or Hunterbeest) writes every square in order.
//!
//! Reading is two steps, as for FEN: [`parse`] turns text into a [`LanMove`] (syntax only; a
//! [`ParseLanError`] names the column), and [`resolve`] finds the legal move it names in a
//! position and checks every claim the text makes about it (piece letter, capture mark,
//! promotion letter, final mark), failing with a [`LanMoveError`] that says which claim is false.
//! [`to_lan`] prints a move so that reading it back gives the same move.
//!
//! ```
//! use fairyspec::notation::long_algebraic::{self, Mark};
//! use fairyspec::kuma::Kuma;
//!
//! let syntax = long_algebraic::parse::<Kuma>("Ve6:d7+").unwrap();
//! assert!(syntax.is_capture());
//! assert_eq!(syntax.mark, Mark::Check);
//! assert_eq!(syntax.to_string(), "Ve6:d7+");
//! // ASCII input, printed back in the page's characters.
//! assert_eq!(long_algebraic::parse::<Kuma>("O-O-O").unwrap().to_string(), "0–0–0");
//! ```

mod errors;
mod parse;
mod resolve;

pub use errors::{LanError, LanMoveError};
pub use parse::{parse, ParseLanError, ParseLanErrorKind};
pub use resolve::{read, resolve};

use crate::{Colour, Game, Generator, Kind, Move, Outcome, Position, Reason, Square, Via};
use std::fmt;

/// The en dash of Derzhanski's page, between the squares of a move and in castling.
pub const DASH: char = '–';
/// The capture mark of Derzhanski's page.
pub const CAPTURE: char = ':';

/// The final mark of a move (at most one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    /// No mark: the move neither gives check nor ends the game (or ends it in a draw).
    #[default]
    None,
    /// `+`: the move gives check and the game goes on.
    Check,
    /// `×`: the move checkmates.
    Checkmate,
    /// `#`: the move wins by a rule other than checkmate (Kuma: the Blind Bear, KUMA-7.4).
    Win,
}

impl Mark {
    /// The mark's text: `""`, `"+"`, `"×"` or `"#"`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Check => "+",
            Mark::Checkmate => "×",
            Mark::Win => "#",
        }
    }

    fn from_char(c: char) -> Option<Mark> {
        match c {
            '+' => Some(Mark::Check),
            '×' => Some(Mark::Checkmate),
            '#' => Some(Mark::Win),
            _ => None,
        }
    }

    /// The mark a move deserves, given the position it leads to: `×` for checkmate, `#` for any
    /// other win, none for a draw, `+` if the game goes on with the side to move in check.
    pub fn after<G: Game>(gen: &dyn Generator<G>, after: &Position<G>) -> Mark {
        match gen.outcome(after) {
            Some(Outcome {
                reason: Reason::Checkmate,
                ..
            }) => Mark::Checkmate,
            Some(Outcome {
                winner: Some(_), ..
            }) => Mark::Win,
            Some(_) => Mark::None,
            None if gen.is_check(after) => Mark::Check,
            None => Mark::None,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The two castlings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// `0–0`: the King moves towards the high file (h in Kuma and chess).
    Short,
    /// `0–0–0`: the King moves towards the a-file.
    Long,
}

/// What a move text says, before it is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LanBody<K> {
    /// `0–0` or `0–0–0`.
    Castle(CastleSide),
    /// A piece's move: `Bb1–c2`, `c4:d5`, `Sa7–a8M`.
    Piece {
        /// The written letter, `None` for a Pawn.
        letter: Option<K>,
        from: Square,
        /// Intermediate squares (empty in Kuma).
        via: Via,
        to: Square,
        /// Whether a capture mark (`:` or `x`) separates any two of the squares.
        capture: bool,
        /// The written promotion letter.
        promotion: Option<K>,
    },
}

/// A move in long algebraic notation, as read by [`parse`] or made by [`describe`].
///
/// `Display` prints the form of Derzhanski's page (en dash, `:`, `×`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LanMove<K> {
    pub body: LanBody<K>,
    pub mark: Mark,
}

impl<K: Kind> LanMove<K> {
    /// Whether the text marks a capture.
    pub fn is_capture(&self) -> bool {
        matches!(self.body, LanBody::Piece { capture: true, .. })
    }
}

impl<K: Kind> fmt::Display for LanMove<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.body {
            LanBody::Castle(CastleSide::Short) => write!(f, "0{DASH}0")?,
            LanBody::Castle(CastleSide::Long) => write!(f, "0{DASH}0{DASH}0")?,
            LanBody::Piece {
                letter,
                from,
                via,
                to,
                capture,
                promotion,
            } => {
                if let Some(k) = letter {
                    write!(f, "{}", k.letter())?;
                }
                write!(f, "{from}")?;
                for sq in via.as_slice() {
                    write!(f, "{DASH}{sq}")?;
                }
                let sep = if capture { CAPTURE } else { DASH };
                write!(f, "{sep}{to}")?;
                if let Some(k) = promotion {
                    write!(f, "{}", k.letter())?;
                }
            }
        }
        write!(f, "{}", self.mark)
    }
}

/// Whether records of game `G` may write `#` for checkmate, as chess players do: only in games
/// where `#` names no other win. Orthodox chess; not Kuma Chess (`#` is the Blind Bear win,
/// KUMA-8.2) nor Bachelor Hunterbeest (a Queen or Gnu beside its King wins, BHB-6.3) nor Congo
/// (no checkmate; the lion is captured).
pub fn hash_is_checkmate<G: Game>() -> bool {
    G::HASH_IS_CHECKMATE
}

/// Whether `kind` is the pawn ([`Kind::PAWN`]), written without a letter.
pub fn is_pawn<K: Kind>(kind: K) -> bool {
    K::PAWN == Some(kind)
}

/// Whether `kind` is the King ([`Kind::KING`]), whose two-file moves are castlings.
pub fn is_king<K: Kind>(kind: K) -> bool {
    K::KING == Some(kind)
}

/// Which castling `mv` is, if it is one: a King's move of two or more files along its rank.
pub fn castling_side<G: Game>(mv: &Move<G::Kind>, pos: &Position<G>) -> Option<CastleSide> {
    let king_moves = pos.piece_at(mv.from).is_some_and(|p| is_king(p.kind));
    if !king_moves || !mv.via.is_empty() || mv.from.rank() != mv.to.rank() {
        return None;
    }
    let (a, b) = (mv.from.file(), mv.to.file());
    if b >= a + 2 {
        Some(CastleSide::Short)
    } else if a >= b + 2 {
        Some(CastleSide::Long)
    } else {
        None
    }
}

/// The number of pieces of `colour` on the board.
fn count<G: Game>(pos: &Position<G>, colour: Colour) -> usize {
    pos.setup()
        .pieces()
        .filter(|(_, p)| p.colour == colour)
        .count()
}

/// The long algebraic description of `mv` in `pos`: letter, squares, capture mark, promotion
/// letter and the mark the move deserves ([`Mark::after`]).
///
/// `mv` should be legal in `pos`. For a move that is not, nothing is played: the capture mark
/// says whether the to-square holds an enemy piece and there is no final mark.
pub fn describe<G: Game>(
    mv: &Move<G::Kind>,
    pos: &Position<G>,
    gen: &dyn Generator<G>,
) -> LanMove<G::Kind> {
    let legal = gen.legal_moves(pos).contains(mv);
    let after = legal.then(|| gen.play_unchecked(pos, mv));
    let mark = after
        .as_ref()
        .map_or(Mark::None, |after| Mark::after(gen, after));
    if let Some(side) = castling_side(mv, pos) {
        return LanMove {
            body: LanBody::Castle(side),
            mark,
        };
    }
    let them = pos.turn().other();
    let capture = match &after {
        Some(after) => count(after, them) < count(pos, them),
        None => pos.piece_at(mv.to).is_some_and(|p| p.colour == them),
    };
    LanMove {
        body: LanBody::Piece {
            letter: pos
                .piece_at(mv.from)
                .map(|p| p.kind)
                .filter(|&k| !is_pawn(k)),
            from: mv.from,
            via: mv.via,
            to: mv.to,
            capture,
            promotion: mv.promotion,
        },
        mark,
    }
}

/// Prints `mv` (a legal move of `pos`) in long algebraic notation: `Bb1–c2`, `c4:d5`, `0–0–0`,
/// `Sa7–a8M`, `Ve6:d7+`, `Dc6–a8×`, `Bd2–c1#`. Reading the text back with [`parse`] and
/// [`resolve`] in the same position gives `mv` again.
///
/// For a move that is not legal see [`describe`].
pub fn to_lan<G: Game>(mv: &Move<G::Kind>, pos: &Position<G>, gen: &dyn Generator<G>) -> String {
    describe(mv, pos, gen).to_string()
}
