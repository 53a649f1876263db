//! Checking generators: against each other, against properties, on positions made from bytes.
//!
//! - [`differential`](mod@differential): two generators of a game compared position by position
//!   ([`differential::differential`]) and along a line of play
//!   ([`differential::differential_walk`]); a difference is a [`Divergence`].
//! - [`properties`]: what every correct generator satisfies (colour symmetry, FEN round trip,
//!   King safety, perft consistency, no royal capture, …); a failure is a [`PropertyFailure`].
//! - [`arbitrary`]: valid positions from fuzzer bytes by mutation.
//! - [`corpus`]: starting positions per game (hand-made, from the corpus files and game records).
//! - [`targets`]: the bodies of the cargo-fuzz targets, shared with the corpus replay test (Chu
//!   Shogi's in [`chu_target`]); [`reach`] counts the switch readings and the rare paths they
//!   reach.
//!
//! Everything is generic over [`crate::Game`]; the Kuma Chess entry points live in [`targets`].

pub mod arbitrary;
pub mod chu_target;
pub mod corpus;
pub mod differential;
pub mod properties;
pub mod reach;
pub mod targets;

pub use differential::{differential, differential_walk, Difference, Divergence};
pub use properties::PropertyFailure;
pub use targets::TargetFailure;
