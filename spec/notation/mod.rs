//! Move notations beyond the default move text of [`crate::moves`].
//!
//! - [`long_algebraic`]: KUMA-8.2, the long algebraic notation of the sample games of Derzhanski's page *Kuma Chess*
//!   (`Bb1–c2`, `c4:d5`, `0–0–0`, `Sa7–a8M`, `+`, `×`, `#`), written for any [`crate::Game`].
//! - [`record`]: the layout of a game record around the moves (move numbers, leading text, the
//!   final full stop, a result token); [`crate::replay`] plays a record through a generator.

pub mod long_algebraic;
pub mod record;

pub use long_algebraic::{
    parse as parse_lan, resolve, to_lan, CastleSide, LanBody, LanError, LanMove, LanMoveError,
    Mark, ParseLanError, ParseLanErrorKind,
};
pub use record::{tokenize, Record, RecordResult, RecordToken};

#[cfg(test)]
mod tests;
