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

use crate::{Colour, Game, Generator, Kind, Move, Outcome, Piece, Position, Reason, Square, Via};
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

/// Why a text is not a move in long algebraic notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLanError {
    /// The text that was read.
    pub text: String,
    /// Where the problem was found: 0-based, counted in characters (an en dash is one).
    pub column: usize,
    pub kind: ParseLanErrorKind,
}

/// The kinds of [`ParseLanError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseLanErrorKind {
    /// The text is empty.
    Empty,
    /// A square was expected here.
    ExpectedSquare,
    /// A square name whose rank is malformed (`a0`, `a01`, `b99`).
    BadSquare,
    /// A square that is not on this game's board.
    OffBoard(Square),
    /// A dash (`–`, `-`) or capture mark (`:`, `x`) was expected after a square.
    ExpectedSeparator,
    /// An upper-case letter that is no piece of this game.
    UnknownPiece(char),
    /// Castling text that is neither `0–0` nor `0–0–0` (nor their ASCII forms).
    BadCastling,
    /// More squares than any move can have.
    TooManySquares,
    /// Text after the move and its mark.
    TrailingText,
}

impl fmt::Display for ParseLanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseLanErrorKind::*;
        write!(
            f,
            "cannot read move {:?} at column {}: ",
            self.text, self.column
        )?;
        match &self.kind {
            Empty => write!(f, "no move"),
            ExpectedSquare => write!(f, "expected a square"),
            BadSquare => write!(f, "malformed square name"),
            OffBoard(sq) => write!(f, "{sq} is not on the board"),
            ExpectedSeparator => {
                write!(f, "expected a dash `{DASH}` or a capture mark `{CAPTURE}`")
            }
            UnknownPiece(c) => write!(f, "{c:?} is no piece of this game"),
            BadCastling => write!(f, "castling is written 0{DASH}0 or 0{DASH}0{DASH}0"),
            TooManySquares => write!(f, "too many squares for one move"),
            TrailingText => write!(f, "unexpected text after the move"),
        }
    }
}

impl std::error::Error for ParseLanError {}

fn is_dash(c: char) -> bool {
    c == DASH || c == '-'
}

fn is_capture_mark(c: char) -> bool {
    c == CAPTURE || c == 'x'
}

/// A character cursor that reports columns in characters.
struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn error(&self, column: usize, kind: ParseLanErrorKind) -> ParseLanError {
        ParseLanError {
            text: self.text.to_string(),
            column,
            kind,
        }
    }

    /// A square of `G`'s board: a file letter and a 1- or 2-digit rank.
    fn square<G: Game>(&mut self) -> Result<Square, ParseLanError> {
        let start = self.pos;
        match self.peek() {
            Some(c) if ('a'..='p').contains(&c) => {}
            _ => return Err(self.error(start, ParseLanErrorKind::ExpectedSquare)),
        }
        let mut name = String::new();
        name.extend(self.peek());
        self.pos += 1;
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            name.push(d);
            self.pos += 1;
        }
        if name.len() == 1 {
            return Err(self.error(self.pos, ParseLanErrorKind::ExpectedSquare));
        }
        let sq =
            Square::parse(&name).ok_or_else(|| self.error(start, ParseLanErrorKind::BadSquare))?;
        if !G::SHAPE.contains(sq) {
            return Err(self.error(start, ParseLanErrorKind::OffBoard(sq)));
        }
        Ok(sq)
    }

    /// An upper-case piece letter of `G`, if one is next.
    fn letter<G: Game>(&mut self) -> Result<Option<G::Kind>, ParseLanError> {
        match self.peek() {
            Some(c) if c.is_ascii_uppercase() => {
                let kind = G::Kind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.letter() == c)
                    .ok_or_else(|| self.error(self.pos, ParseLanErrorKind::UnknownPiece(c)))?;
                self.pos += 1;
                Ok(Some(kind))
            }
            _ => Ok(None),
        }
    }

    /// `0–0` or `0–0–0` (or with `O` and `-`), the reader standing on the first `0`/`O`.
    fn castling(&mut self) -> Result<CastleSide, ParseLanError> {
        let start = self.pos;
        let zero = self.peek();
        let mut zeros = 0;
        loop {
            if self.peek() != zero {
                return Err(self.error(self.pos, ParseLanErrorKind::BadCastling));
            }
            self.pos += 1;
            zeros += 1;
            match (self.peek(), self.peek_at(1)) {
                (Some(d), Some(z)) if is_dash(d) && Some(z) == zero => self.pos += 1,
                _ => break,
            }
        }
        match zeros {
            2 => Ok(CastleSide::Short),
            3 => Ok(CastleSide::Long),
            _ => Err(self.error(start, ParseLanErrorKind::BadCastling)),
        }
    }
}

/// Reads a move of game `G` in long algebraic notation (syntax only; see [`resolve`]).
///
/// # Errors
/// [`ParseLanError`] naming the first column that does not fit the notation.
///
/// ```
/// use fairyspec::notation::long_algebraic::{self, ParseLanErrorKind};
/// use fairyspec::kuma::Kuma;
///
/// let err = long_algebraic::parse::<Kuma>("Bb1–z2").unwrap_err();
/// assert_eq!((err.column, err.kind), (4, ParseLanErrorKind::ExpectedSquare));
/// let err = long_algebraic::parse::<Kuma>("Qd1–d2").unwrap_err();
/// assert_eq!(err.kind, ParseLanErrorKind::UnknownPiece('Q'));
/// ```
pub fn parse<G: Game>(text: &str) -> Result<LanMove<G::Kind>, ParseLanError> {
    let mut r = Reader {
        text,
        chars: text.chars().collect(),
        pos: 0,
    };
    let body = match (r.peek(), r.peek_at(1)) {
        (None, _) => return Err(r.error(0, ParseLanErrorKind::Empty)),
        (Some('0'), _) => LanBody::Castle(r.castling()?),
        (Some('O'), Some(d)) if is_dash(d) => LanBody::Castle(r.castling()?),
        _ => {
            let letter = r.letter::<G>()?;
            let mut squares = vec![r.square::<G>()?];
            let mut capture = false;
            loop {
                match r.peek() {
                    Some(c) if is_dash(c) || is_capture_mark(c) => {
                        capture |= is_capture_mark(c);
                        r.pos += 1;
                        squares.push(r.square::<G>()?);
                    }
                    _ if squares.len() < 2 => {
                        return Err(r.error(r.pos, ParseLanErrorKind::ExpectedSeparator))
                    }
                    _ => break,
                }
            }
            let promotion = r.letter::<G>()?;
            let (from, rest) = (squares[0], &squares[1..]);
            let (to, between) = match rest.split_last() {
                Some((&to, between)) => (to, between),
                None => return Err(r.error(r.pos, ParseLanErrorKind::ExpectedSeparator)),
            };
            let via = Via::from_slice(between)
                .ok_or_else(|| r.error(0, ParseLanErrorKind::TooManySquares))?;
            LanBody::Piece {
                letter,
                from,
                via,
                to,
                capture,
                promotion,
            }
        }
    };
    let mut mark = Mark::None;
    if let Some(m) = r.peek().and_then(Mark::from_char) {
        mark = m;
        r.pos += 1;
    }
    if r.peek().is_some() {
        return Err(r.error(r.pos, ParseLanErrorKind::TrailingText));
    }
    Ok(LanMove { body, mark })
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

/// A move text that reads correctly but is false in the position at hand: each variant is one
/// claim of the text that the position refutes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanMoveError<K> {
    /// The game has already ended; no move can follow.
    GameOver(Outcome),
    /// The from-square is empty.
    NoPiece { square: Square },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece { square: Square, piece: Piece<K> },
    /// The letter (or its absence, which means a Pawn) does not name the piece on the
    /// from-square.
    WrongPiece {
        square: Square,
        written: Option<K>,
        found: K,
    },
    /// The piece cannot make this move here (not its move, blocked, or it would leave its King
    /// attacked).
    Illegal { square: Square, kind: K, to: Square },
    /// The castling is not legal here.
    CastlingIllegal(CastleSide),
    /// More than one legal King move fits the castling text.
    CastlingAmbiguous(CastleSide),
    /// The move promotes but no promotion letter is written; `options` are the kinds it may
    /// become.
    MissingPromotion { options: Vec<K> },
    /// The written promotion letter is not one the move can become.
    WrongPromotion { written: K, options: Vec<K> },
    /// A promotion letter on a move that does not promote.
    NotAPromotion { written: K },
    /// The move captures but has no capture mark.
    MissingCaptureMark,
    /// A capture mark on a move that captures nothing.
    SpuriousCaptureMark,
    /// The final mark does not match what the move does. `outcome` is how the game ends after
    /// the move, if it does.
    WrongMark {
        written: Mark,
        expected: Mark,
        outcome: Option<Outcome>,
    },
}

fn kind_list<K: Kind>(kinds: &[K]) -> String {
    let names: Vec<String> = kinds
        .iter()
        .map(|k| format!("{} ({})", k.name(), k.letter()))
        .collect();
    names.join(" or ")
}

fn mark_name(mark: Mark) -> String {
    match mark {
        Mark::None => "no mark".to_string(),
        m => format!("`{m}`"),
    }
}

impl<K: Kind> fmt::Display for LanMoveError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LanMoveError::*;
        match self {
            GameOver(o) => write!(f, "the game is already over ({o})"),
            NoPiece { square } => write!(f, "no piece on {square}"),
            NotYourPiece { square, piece } => write!(
                f,
                "the {} on {square} is {}'s, but {} is to move",
                piece.kind.name(),
                piece.colour,
                piece.colour.other()
            ),
            WrongPiece {
                square,
                written: Some(k),
                found,
            } => write!(
                f,
                "no {} on {square} (the piece there is a {}, letter {})",
                k.name(),
                found.name(),
                found.letter()
            ),
            WrongPiece {
                square,
                written: None,
                found,
            } => write!(
                f,
                "no letter means a Pawn, but {square} holds a {} (letter {})",
                found.name(),
                found.letter()
            ),
            Illegal { square, kind, to } => write!(
                f,
                "the {} on {square} cannot move to {to} in this position",
                kind.name()
            ),
            CastlingIllegal(side) => write!(
                f,
                "castling {} is not legal in this position",
                match side {
                    CastleSide::Short => "short (0–0)",
                    CastleSide::Long => "long (0–0–0)",
                }
            ),
            CastlingAmbiguous(side) => {
                write!(f, "more than one King move fits castling {side:?}")
            }
            MissingPromotion { options } => write!(
                f,
                "the move promotes: write the letter of the piece it becomes ({})",
                kind_list(options)
            ),
            WrongPromotion { written, options } => write!(
                f,
                "the move cannot promote to a {} ({}); it becomes a {}",
                written.name(),
                written.letter(),
                kind_list(options)
            ),
            NotAPromotion { written } => write!(
                f,
                "the move does not promote, yet the promotion letter {} is written",
                written.letter()
            ),
            MissingCaptureMark => write!(f, "the move captures but has no capture mark `:`"),
            SpuriousCaptureMark => {
                write!(
                    f,
                    "the capture mark `:` is written but the move captures nothing"
                )
            }
            WrongMark {
                written,
                expected,
                outcome,
            } => {
                let does = match (expected, outcome) {
                    (Mark::Check, _) => "gives check".to_string(),
                    (Mark::Checkmate, _) => "checkmates".to_string(),
                    (_, Some(o)) => format!("ends the game ({o})"),
                    (_, None) => "neither gives check nor ends the game".to_string(),
                };
                write!(
                    f,
                    "the move {does}, so it takes {}, but {} is written",
                    mark_name(*expected),
                    mark_name(*written)
                )
            }
        }
    }
}

impl<K: Kind> std::error::Error for LanMoveError<K> {}

/// Finds the legal move of `pos` that `syntax` names, and checks every claim the text makes:
/// the letter names the piece on the from-square (no letter: a Pawn), the promotion letter is
/// the piece the move makes, the capture mark is there exactly when the move captures (en
/// passant included), and the final mark is the one [`Mark::after`] gives (`+` exactly on checks
/// that do not end the game, `×` exactly on checkmates, `#` exactly on other wins).
///
/// # Errors
/// The first false claim, as a [`LanMoveError`], checked in this order: game over, from-square,
/// letter, legality, promotion, capture mark, final mark.
pub fn resolve<G: Game>(
    syntax: &LanMove<G::Kind>,
    pos: &Position<G>,
    gen: &dyn Generator<G>,
) -> Result<Move<G::Kind>, LanMoveError<G::Kind>> {
    let legal = gen.legal_moves(pos);
    if legal.is_empty() {
        // A position without moves is over (or the generator says why not below).
        if let Some(outcome) = gen.outcome(pos) {
            return Err(LanMoveError::GameOver(outcome));
        }
    }
    let (mv, after) = match syntax.body {
        LanBody::Castle(side) => {
            let fits: Vec<_> = legal
                .iter()
                .filter(|m| castling_side(m, pos) == Some(side))
                .collect();
            match fits[..] {
                [only] => (*only, gen.play_unchecked(pos, only)),
                [] => return Err(LanMoveError::CastlingIllegal(side)),
                _ => return Err(LanMoveError::CastlingAmbiguous(side)),
            }
        }
        LanBody::Piece {
            letter,
            from,
            via,
            to,
            capture,
            promotion,
        } => {
            let piece = pos
                .piece_at(from)
                .ok_or(LanMoveError::NoPiece { square: from })?;
            if piece.colour != pos.turn() {
                return Err(LanMoveError::NotYourPiece {
                    square: from,
                    piece,
                });
            }
            let letter_fits = match letter {
                Some(k) => k == piece.kind,
                None => is_pawn(piece.kind),
            };
            if !letter_fits {
                return Err(LanMoveError::WrongPiece {
                    square: from,
                    written: letter,
                    found: piece.kind,
                });
            }
            let same_path: Vec<&Move<G::Kind>> = legal
                .iter()
                .filter(|m| m.from == from && m.via == via && m.to == to)
                .collect();
            if same_path.is_empty() {
                return Err(LanMoveError::Illegal {
                    square: from,
                    kind: piece.kind,
                    to,
                });
            }
            let options: Vec<G::Kind> = same_path.iter().filter_map(|m| m.promotion).collect();
            let mv = match same_path.iter().find(|m| m.promotion == promotion) {
                Some(m) => **m,
                None => {
                    return Err(match promotion {
                        None => LanMoveError::MissingPromotion { options },
                        Some(written) if options.is_empty() => {
                            LanMoveError::NotAPromotion { written }
                        }
                        Some(written) => LanMoveError::WrongPromotion { written, options },
                    })
                }
            };
            let after = gen.play_unchecked(pos, &mv);
            let them = pos.turn().other();
            let captures = count(&after, them) < count(pos, them);
            if captures && !capture {
                return Err(LanMoveError::MissingCaptureMark);
            }
            if capture && !captures {
                return Err(LanMoveError::SpuriousCaptureMark);
            }
            (mv, after)
        }
    };
    let expected = Mark::after(gen, &after);
    let chess_mate =
        expected == Mark::Checkmate && syntax.mark == Mark::Win && hash_is_checkmate::<G>();
    if expected != syntax.mark && !chess_mate {
        return Err(LanMoveError::WrongMark {
            written: syntax.mark,
            expected,
            outcome: gen.outcome(&after),
        });
    }
    Ok(mv)
}

/// Reads `text` and resolves it in `pos`: [`parse`] then [`resolve`].
///
/// # Errors
/// [`LanError::Parse`] for text that is not the notation, [`LanError::Move`] for a false claim.
pub fn read<G: Game>(
    text: &str,
    pos: &Position<G>,
    gen: &dyn Generator<G>,
) -> Result<Move<G::Kind>, LanError<G::Kind>> {
    let syntax = parse::<G>(text).map_err(LanError::Parse)?;
    resolve(&syntax, pos, gen).map_err(LanError::Move)
}

/// Either stage of reading a long algebraic move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanError<K> {
    Parse(ParseLanError),
    Move(LanMoveError<K>),
}

impl<K: Kind> fmt::Display for LanError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LanError::Parse(e) => write!(f, "{e}"),
            LanError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl<K: Kind> std::error::Error for LanError<K> {}
