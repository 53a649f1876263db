//! Move notations beyond the default move text of [`crate::moves`].
//!
//! - [`seed`]: KUMA-8.2, the long algebraic notation of the Kuma Chess seed's sample games
//!   (`Bb1–c2`, `c4:d5`, `0–0–0`, `Sa7–a8M`, `+`, `×`, `#`), written for any [`crate::Game`].
//! - [`record`]: the layout of a game record around the moves (move numbers, leading text, the
//!   final full stop, a result token); [`crate::replay`] plays a record through a generator.

pub mod record;
pub mod seed;

pub use record::{tokenize, Record, RecordResult, RecordToken};
pub use seed::{
    parse as parse_seed, resolve, to_seed, CastleSide, Mark, ParseSeedError, ParseSeedErrorKind,
    SeedBody, SeedError, SeedMove, SeedMoveError,
};

#[cfg(test)]
mod tests;
