//! Checking generators: against each other, against properties, on positions made from bytes.
//! (To test an engine of your own, start with [`crate::conform::conform_implementation`].)
//!
//! - [`differential`](mod@differential): two generators of a game compared position by position
//!   ([`differential::differential`]) and along a line of play
//!   ([`differential::differential_walk`]); a difference is a [`Divergence`].
//! - [`properties`]: what every correct generator satisfies (colour symmetry, FEN round trip,
//!   King safety, perft consistency, no royal capture, …); a failure is a [`PropertyFailure`].
//! - [`arbitrary`]: valid positions from fuzzer bytes by mutation.
//! - [`corpus`]: what the checks need to know of a game ([`CheckGame`], implemented in each
//!   game's folder: its starting positions, what its fuzz target counts).
//! - [`targets`]: the bodies of the cargo-fuzz targets, shared with the corpus replay test (Chu
//!   Shogi's, whose walk keeps the game's history, in [`crate::chu::fuzz`]); [`reach`] counts
//!   the switch readings and the rare paths they reach.
//!
//! Everything is generic over [`crate::Game`] (or [`CheckGame`]).

pub mod arbitrary;
pub mod corpus;
pub mod differential;
pub mod properties;
pub mod reach;
pub mod targets;

pub use corpus::CheckGame;
pub use differential::{differential, differential_walk, Difference, Divergence};
pub use properties::PropertyFailure;
pub use targets::TargetFailure;
