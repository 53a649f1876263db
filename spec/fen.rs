//! FEN: reading a [`Setup`] from text and writing it back.
//!
//! The placement field is common to every game: ranks from the top (the highest rank) down,
//! separated by `/`; a piece is its symbol (upper case White, lower case Black, `+` before a
//! promoted Chu piece); a run of empty squares is a decimal number (`12` on a 12-file board).
//! The fields after it depend on the game's [`FenDialect`].

use crate::{ByColour, CastleSides, Colour, Kind, Piece, Setup, Shape, Square};
use std::fmt;

/// Which fields follow the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenDialect {
    /// `placement side castling en-passant [halfmove fullmove]` (chess, Kuma, Hunterbeest).
    /// The two counters may both be absent (EPD style); they then read as `0 1`.
    Chess,
    /// `placement side [move-counter]` (Congo; the counter reads as 0 when absent).
    Congo,
    /// `placement side counter-strike [move-number]` (lishogi's Chu Shogi SFEN). The side is `b`
    /// for the first player (sente, [`Colour::White`] here) and `w` for the second; the
    /// counter-strike square is a USI name ([`Square::usi`]).
    Sfen,
}

/// A FEN that cannot be read. Every variant names the field; `column` is the 0-based byte offset
/// in the input where the problem was found. The message counts columns from 1, as editors and
/// people do (`column 1` is the first character).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// No placement field at all.
    Empty,
    /// The placement has the wrong number of ranks.
    RankCount { found: usize, expected: u8 },
    /// One rank describes too few or too many squares. `rank` is the 1-based rank number.
    RankLength {
        rank: u8,
        found: usize,
        expected: u8,
        column: usize,
    },
    /// A character or symbol that is no piece of this game.
    UnknownPiece { symbol: String, column: usize },
    /// A run-length number that is zero or malformed (`0`, `08`).
    BadEmptyCount { column: usize },
    /// A field is missing.
    MissingField { field: &'static str },
    /// The side field is not `w` or `b`.
    Side { text: String, column: usize },
    /// The castling field is not `-` or a repetition-free subset of `KQkq`.
    Castling { text: String, column: usize },
    /// The en-passant field is not `-` or a square of this board.
    EpSquare { text: String, column: usize },
    /// The half-move clock is not a number.
    HalfmoveClock { text: String, column: usize },
    /// The move number is not a number (or is 0 where the dialect starts at 1).
    FullmoveNumber { text: String, column: usize },
    /// The counter-strike field is not `-` or a square.
    CounterStrike { text: String, column: usize },
    /// Only one of the two move counters is present.
    LoneCounter { column: usize },
    /// Text after the last field.
    TrailingText { column: usize },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseFenError::*;
        match self {
            Empty => write!(f, "empty FEN"),
            RankCount { found, expected } => {
                write!(f, "placement has {found} ranks, this game has {expected}")
            }
            RankLength {
                rank,
                found,
                expected,
                column,
            } => write!(
                f,
                "rank {rank} describes {found} squares, this game has {expected} files (column {})",
                column + 1
            ),
            UnknownPiece { symbol, column } => {
                write!(f, "unknown piece {symbol:?} at column {}", column + 1)
            }
            BadEmptyCount { column } => {
                write!(f, "bad empty-square count at column {}", column + 1)
            }
            MissingField { field } => write!(f, "missing {field} field"),
            Side { text, column } => {
                write!(
                    f,
                    "side to move must be 'w' or 'b', found {text:?} (column {})",
                    column + 1
                )
            }
            Castling { text, column } => {
                write!(
                    f,
                    "bad castling field {text:?} (column {}); expected '-' or letters from KQkq",
                    column + 1
                )
            }
            EpSquare { text, column } => {
                write!(
                    f,
                    "bad en-passant field {text:?} (column {}); expected '-' or a square",
                    column + 1
                )
            }
            HalfmoveClock { text, column } => {
                write!(f, "bad half-move clock {text:?} (column {})", column + 1)
            }
            FullmoveNumber { text, column } => {
                write!(f, "bad move number {text:?} (column {})", column + 1)
            }
            CounterStrike { text, column } => {
                write!(
                    f,
                    "bad counter-strike field {text:?} (column {})",
                    column + 1
                )
            }
            LoneCounter { column } => write!(
                f,
                "only one move counter at column {}: give both (halfmove fullmove) or neither",
                column + 1
            ),
            TrailingText { column } => {
                write!(f, "unexpected text after the FEN at column {}", column + 1)
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Splits on ASCII whitespace, keeping each field's byte offset.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        out.push((start, &text[start..i]));
    }
    out
}

/// Reads the placement field into a board of `shape` (mailbox order).
pub fn parse_placement<K: Kind>(
    text: &str,
    base: usize,
    shape: Shape,
) -> Result<Vec<Option<Piece<K>>>, ParseFenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != shape.ranks as usize {
        return Err(ParseFenError::RankCount {
            found: rows.len(),
            expected: shape.ranks,
        });
    }
    let mut board = vec![None; shape.len()];
    let mut column = base;
    for (i, row) in rows.iter().enumerate() {
        let rank = shape.ranks - 1 - i as u8;
        let mut file: usize = 0;
        let mut chars = row.char_indices().peekable();
        while let Some((j, c)) = chars.next() {
            let at = column + j;
            if c.is_ascii_digit() {
                let mut digits = String::from(c);
                while let Some(&(_, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    digits.push(d);
                    chars.next();
                }
                if digits.starts_with('0') || digits.len() > 2 {
                    return Err(ParseFenError::BadEmptyCount { column: at });
                }
                // Two digits at most, so this parse cannot fail or overflow.
                file += digits.parse::<usize>().unwrap_or(0);
            } else {
                let mut symbol = String::from(c);
                if c == '+' {
                    if let Some((_, next)) = chars.next() {
                        symbol.push(next);
                    }
                }
                let piece = Piece::<K>::from_fen_symbol(&symbol)
                    .ok_or(ParseFenError::UnknownPiece { symbol, column: at })?;
                if file < shape.files as usize {
                    board[shape.index(Square::new(file as u8, rank))] = Some(piece);
                }
                file += 1;
            }
            if file > shape.files as usize {
                return Err(ParseFenError::RankLength {
                    rank: rank + 1,
                    found: file,
                    expected: shape.files,
                    column: at,
                });
            }
        }
        if file != shape.files as usize {
            return Err(ParseFenError::RankLength {
                rank: rank + 1,
                found: file,
                expected: shape.files,
                column: column + row.len(),
            });
        }
        column += row.len() + 1;
    }
    Ok(board)
}

fn parse_castling(text: &str, column: usize) -> Result<ByColour<CastleSides>, ParseFenError> {
    let err = || ParseFenError::Castling {
        text: text.to_string(),
        column,
    };
    let mut rights = ByColour::<CastleSides>::default();
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let slot = match c {
            'K' => &mut rights.white.short,
            'Q' => &mut rights.white.long,
            'k' => &mut rights.black.short,
            'q' => &mut rights.black.long,
            _ => return Err(err()),
        };
        if *slot {
            return Err(err());
        }
        *slot = true;
    }
    Ok(rights)
}

fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_square_field(text: &str, shape: Shape) -> Option<Option<Square>> {
    if text == "-" {
        return Some(None);
    }
    Square::parse(text)
        .filter(|&sq| shape.contains(sq))
        .map(Some)
}

/// `-` or a USI square name (SFEN's counter-strike field).
fn parse_usi_square_field(text: &str, shape: Shape) -> Option<Option<Square>> {
    if text == "-" {
        return Some(None);
    }
    Square::parse_usi(text, shape).map(Some)
}

/// Reads a FEN of the given dialect into a [`Setup`] of the given shape.
///
/// # Errors
/// A [`ParseFenError`] naming the first field that cannot be read.
pub fn parse_fen<K: Kind>(
    text: &str,
    shape: Shape,
    dialect: FenDialect,
) -> Result<Setup<K>, ParseFenError> {
    let fields = fields(text);
    let mut it = fields.iter().copied();
    let (pcol, placement) = it.next().ok_or(ParseFenError::Empty)?;
    let mut setup = Setup::empty(shape);
    setup.board = parse_placement(placement, pcol, shape)?;

    let (scol, side) = it.next().ok_or(ParseFenError::MissingField {
        field: "side to move",
    })?;
    // Chess-like FENs name the first player `w`; shogi's SFEN names it `b` (sente, "Black").
    let (first, second) = match dialect {
        FenDialect::Sfen => ("b", "w"),
        _ => ("w", "b"),
    };
    setup.turn = match side {
        s if s == first => Colour::White,
        s if s == second => Colour::Black,
        _ => {
            return Err(ParseFenError::Side {
                text: side.to_string(),
                column: scol,
            })
        }
    };

    match dialect {
        FenDialect::Chess => {
            let (ccol, castling) = it
                .next()
                .ok_or(ParseFenError::MissingField { field: "castling" })?;
            setup.castling = parse_castling(castling, ccol)?;
            let (ecol, ep) = it.next().ok_or(ParseFenError::MissingField {
                field: "en passant",
            })?;
            setup.ep_square =
                parse_square_field(ep, shape).ok_or_else(|| ParseFenError::EpSquare {
                    text: ep.to_string(),
                    column: ecol,
                })?;
            match (it.next(), it.next()) {
                (None, _) => {
                    setup.halfmove_clock = 0;
                    setup.fullmove_number = 1;
                }
                (Some((hcol, _)), None) => return Err(ParseFenError::LoneCounter { column: hcol }),
                (Some((hcol, half)), Some((fcol, full))) => {
                    setup.halfmove_clock =
                        parse_number(half).ok_or_else(|| ParseFenError::HalfmoveClock {
                            text: half.to_string(),
                            column: hcol,
                        })?;
                    setup.fullmove_number =
                        parse_number(full).filter(|&n| n > 0).ok_or_else(|| {
                            ParseFenError::FullmoveNumber {
                                text: full.to_string(),
                                column: fcol,
                            }
                        })?;
                }
            }
        }
        FenDialect::Congo => {
            setup.fullmove_number = match it.next() {
                None => 0,
                Some((col, n)) => parse_number(n).ok_or_else(|| ParseFenError::FullmoveNumber {
                    text: n.to_string(),
                    column: col,
                })?,
            };
        }
        FenDialect::Sfen => {
            let (ccol, cs) = it.next().ok_or(ParseFenError::MissingField {
                field: "counter-strike",
            })?;
            setup.counter_strike =
                parse_usi_square_field(cs, shape).ok_or_else(|| ParseFenError::CounterStrike {
                    text: cs.to_string(),
                    column: ccol,
                })?;
            setup.fullmove_number = match it.next() {
                None => 1,
                Some((col, n)) => parse_number(n).filter(|&n| n > 0).ok_or_else(|| {
                    ParseFenError::FullmoveNumber {
                        text: n.to_string(),
                        column: col,
                    }
                })?,
            };
        }
    }
    if let Some((col, _)) = it.next() {
        return Err(ParseFenError::TrailingText { column: col });
    }
    Ok(setup)
}

/// The placement field of a board.
pub fn placement_text<K: Kind>(setup: &Setup<K>) -> String {
    let shape = setup.shape;
    let mut out = String::new();
    for rank in (0..shape.ranks).rev() {
        let mut empty = 0;
        for file in 0..shape.files {
            match setup.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&p.fen_symbol());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The castling field (`KQkq`, `-`).
pub fn castling_text(rights: &ByColour<CastleSides>) -> String {
    let mut s = String::new();
    for (set, c) in [
        (rights.white.short, 'K'),
        (rights.white.long, 'Q'),
        (rights.black.short, 'k'),
        (rights.black.long, 'q'),
    ] {
        if set {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// Writes a FEN of the given dialect, with every field (counters included).
pub fn write_fen<K: Kind>(setup: &Setup<K>, dialect: FenDialect) -> String {
    let placement = placement_text(setup);
    let side = match dialect {
        FenDialect::Sfen => setup.turn.fold_wb('b', 'w'),
        _ => setup.turn.char(),
    };
    let sq = |s: Option<Square>| s.map_or_else(|| "-".to_string(), |s| s.to_string());
    match dialect {
        FenDialect::Chess => format!(
            "{placement} {side} {} {} {} {}",
            castling_text(&setup.castling),
            sq(setup.ep_square),
            setup.halfmove_clock,
            setup.fullmove_number
        ),
        FenDialect::Congo => format!("{placement} {side} {}", setup.fullmove_number),
        FenDialect::Sfen => format!(
            "{placement} {side} {} {}",
            setup
                .counter_strike
                .map_or_else(|| "-".to_string(), |s| s.usi(setup.shape)),
            setup.fullmove_number
        ),
    }
}
