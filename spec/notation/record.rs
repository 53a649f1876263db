//! The layout of a game record: what surrounds the moves.
//!
//! A record is whitespace-separated words:
//!
//! - optional leading text (Derzhanski's sample games' "Zillions of Games—Zillions of Games",
//!   naming the two players): every word before the first move number, when the record has move
//!   numbers;
//! - move numbers: `12.` before a White move, `12…` or `12...` (or `12.` followed by a lone `…`)
//!   before a Black move; a number may be glued to its move (`1.c2–c4`);
//! - moves, in any notation (the long algebraic notation of Derzhanski's sample games, or plain
//!   move text `e2e4`);
//! - a full stop glued to the last move (`Dc6–a8×.`), which is not part of the move;
//! - an optional result at the end: `1-0`, `0-1`, `1/2-1/2`, `½-½` (en dashes too), or `*`.
//!
//! [`tokenize`] splits the text into these parts; it accepts any text (what a word means as a
//! move is decided by the replay, which has the position).
//!
//! ```
//! use fairyspec::notation::record::{tokenize, RecordResult, RecordToken};
//! use fairyspec::Colour;
//!
//! let record = tokenize("Zillions of Games—Zillions of Games 1. c2–c4 c7–c6 2. Bb1–c2#. 1-0");
//! assert_eq!(record.leading, "Zillions of Games—Zillions of Games");
//! assert_eq!(record.tokens, vec![
//!     RecordToken::Number { number: 1, side: Colour::White },
//!     RecordToken::Move("c2–c4"),
//!     RecordToken::Move("c7–c6"),
//!     RecordToken::Number { number: 2, side: Colour::White },
//!     RecordToken::Move("Bb1–c2#"),
//!     RecordToken::Result(RecordResult::WhiteWins),
//! ]);
//! ```

use crate::{Colour, Outcome};
use std::fmt;

/// The result a record states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished (or unknown).
    Unfinished,
}

impl RecordResult {
    /// Reads a result token (`1-0`, `1–0`, `0-1`, `0–1`, `1/2-1/2`, `½-½`, `*`).
    pub fn parse(word: &str) -> Option<RecordResult> {
        match word.replace('–', "-").as_str() {
            "1-0" => Some(RecordResult::WhiteWins),
            "0-1" => Some(RecordResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(RecordResult::Draw),
            "*" => Some(RecordResult::Unfinished),
            _ => None,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn text(self) -> &'static str {
        match self {
            RecordResult::WhiteWins => "1-0",
            RecordResult::BlackWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unfinished => "*",
        }
    }

    /// Whether the result agrees with the game's outcome by rule (`None`: the game did not end
    /// by rule). A finished game must state its result; `*` fits only an unfinished game; a
    /// decided result on an unfinished game is a resignation, an agreement or a claim, and fits.
    pub fn fits(self, outcome: Option<Outcome>) -> bool {
        match (self, outcome) {
            (RecordResult::Unfinished, o) => o.is_none(),
            (_, None) => true,
            (r, Some(o)) => r.text() == o.result(),
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// One part of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordToken<'a> {
    /// A move number and the side whose move follows.
    Number { number: u32, side: Colour },
    /// A move as written (the record's final full stop removed).
    Move(&'a str),
    /// The stated result.
    Result(RecordResult),
}

/// A record split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// The text before the first move number (empty if none).
    pub leading: String,
    pub tokens: Vec<RecordToken<'a>>,
}

/// Splits a move number off the start of `word`: `12.` (White), `12…`/`12...` (Black). Returns
/// the number, the side and the rest of the word.
fn move_number(word: &str) -> Option<(u32, Colour, &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let number: u32 = word[..digits].parse().ok()?;
    let rest = &word[digits..];
    if let Some(rest) = rest.strip_prefix("...").or_else(|| rest.strip_prefix('…')) {
        Some((number, Colour::Black, rest))
    } else if let Some(rest) = rest.strip_prefix('.') {
        Some((number, Colour::White, rest))
    } else {
        None
    }
}

/// Splits a record into leading text, move numbers, moves and a result (see the module doc).
pub fn tokenize(text: &str) -> Record<'_> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let first_number = words
        .iter()
        .position(|w| RecordResult::parse(w).is_none() && move_number(w).is_some());
    let (leading, words) = match first_number {
        Some(i) => (words[..i].join(" "), &words[i..]),
        None => (String::new(), &words[..]),
    };
    let mut tokens = Vec::new();
    for &word in words {
        if let Some(result) = RecordResult::parse(word) {
            tokens.push(RecordToken::Result(result));
            continue;
        }
        if word == "…" || word == "..." {
            // `12. …`: the number announces a Black move.
            if let Some(RecordToken::Number { side, .. }) = tokens.last_mut() {
                *side = Colour::Black;
                continue;
            }
        }
        match move_number(word) {
            Some((number, side, rest)) => {
                tokens.push(RecordToken::Number { number, side });
                if !rest.is_empty() {
                    tokens.push(RecordToken::Move(rest));
                }
            }
            None => tokens.push(RecordToken::Move(word)),
        }
    }
    // The full stop that ends the record belongs to no move.
    if let Some(RecordToken::Move(last)) = tokens
        .iter_mut()
        .rev()
        .find(|t| matches!(t, RecordToken::Move(_)))
    {
        if let Some(stripped) = last.strip_suffix('.') {
            *last = stripped;
        }
    }
    tokens.retain(|t| *t != RecordToken::Move(""));
    Record { leading, tokens }
}

#[cfg(test)]
mod tests {
    use super::*;
    use RecordToken::*;

    #[test]
    fn numbers_in_every_form() {
        let r = tokenize("1.e2e4 e7e5 2. g1f3 2… b8c6 3... f1c4 3. … g8f6 *");
        assert_eq!(r.leading, "");
        assert_eq!(
            r.tokens,
            vec![
                Number {
                    number: 1,
                    side: Colour::White
                },
                Move("e2e4"),
                Move("e7e5"),
                Number {
                    number: 2,
                    side: Colour::White
                },
                Move("g1f3"),
                Number {
                    number: 2,
                    side: Colour::Black
                },
                Move("b8c6"),
                Number {
                    number: 3,
                    side: Colour::Black
                },
                Move("f1c4"),
                Number {
                    number: 3,
                    side: Colour::Black
                },
                Move("g8f6"),
                Result(RecordResult::Unfinished),
            ]
        );
    }

    #[test]
    fn coordinate_record_without_numbers_has_no_leading_text() {
        let r = tokenize("e2e4\ne7e5\t g1f3");
        assert_eq!(r.leading, "");
        assert_eq!(r.tokens, vec![Move("e2e4"), Move("e7e5"), Move("g1f3")]);
    }

    #[test]
    fn only_the_last_move_loses_its_full_stop() {
        let r = tokenize("1. a. b. 0–1");
        assert_eq!(
            r.tokens,
            vec![
                Number {
                    number: 1,
                    side: Colour::White
                },
                Move("a."),
                Move("b"),
                Result(RecordResult::BlackWins),
            ]
        );
        // A lone full stop disappears.
        assert_eq!(tokenize("1. a .").tokens.len(), 2);
    }

    #[test]
    fn results_are_not_move_numbers() {
        let r = tokenize("1/2-1/2 1-0 ½–½ 1–0");
        assert_eq!(r.leading, "");
        assert_eq!(
            r.tokens,
            vec![
                Result(RecordResult::Draw),
                Result(RecordResult::WhiteWins),
                Result(RecordResult::Draw),
                Result(RecordResult::WhiteWins),
            ]
        );
    }

    #[test]
    fn results_fit_outcomes() {
        use crate::Reason;
        let mate = Some(Outcome::win(Colour::White, Reason::Checkmate));
        assert!(RecordResult::WhiteWins.fits(mate));
        assert!(!RecordResult::BlackWins.fits(mate));
        assert!(!RecordResult::Draw.fits(mate));
        assert!(!RecordResult::Unfinished.fits(mate));
        assert!(RecordResult::Unfinished.fits(None));
        assert!(RecordResult::BlackWins.fits(None));
        assert!(RecordResult::Draw.fits(Some(Outcome::draw(Reason::Stalemate))));
    }
}
