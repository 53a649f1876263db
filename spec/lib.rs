//! # fairyspec
//!
//! An executable, formally tested rules specification of **Kuma Chess**, Congo, Bachelor
//! Hunterbeest, Chu Shogi and orthodox chess. Every game has two move generators that share no
//! move-generation code: a *reference* generator written to be read beside `SPEC.md`, and an
//! optimized *bitboard* generator. Both implement [`Generator`]; the tests, the fuzzers and the
//! `fairyspec verify` command hold them to each other and to published data.
//!
//! A short tour: parse a Kuma Chess position, list its moves, count the tree.
//!
//! ```
//! use fairyspec::{Game, Position, kuma::Kuma};
//!
//! let start = Position::<Kuma>::start();
//! let reference = Kuma::reference(&Default::default());
//! assert_eq!(reference.legal_moves(&start).len(), 16);
//! assert_eq!(reference.perft(&start, 2), 256);
//! ```
//!
//! The module layout follows the vocabulary: [`geometry`] (shapes, squares), [`colour`],
//! [`piece`], [`setup`] (raw positions), [`fen`], [`position`] (validated positions), [`moves`],
//! [`outcome`], [`game`] (the traits), [`perft`], one module per game ([`kuma`], [`chess`],
//! [`congo`], [`hunterbeest`]), the Betza oracle of the piece tests ([`betza`]), the seed's game
//! notation and record replay ([`notation`], [`replay`]), the differential harness and properties
//! ([`check`]), conformance testing of other engines ([`conform`]), the reference generators
//! explaining themselves — what they report while they work ([`trace`]), `fairyspec explain`
//! ([`explain`]) and the piece diagrams ([`diagram`]) — the command line ([`cli`]) and the local
//! web page with its JSON API ([`serve`]).

pub mod colour;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod mailbox;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod setup;
pub mod trace;

pub mod betza;
pub mod check;
pub mod cli;
pub mod conform;
pub mod diagram;
pub mod explain;
pub mod notation;
pub mod replay;
pub mod serve;

pub mod chess;
pub mod congo;
pub mod hunterbeest;
pub mod kuma;

pub use colour::{ByColour, Colour};
pub use game::{claimable_draw, Game, Generator, MoveTextError};
pub use geometry::{Offset, Shape, Square};
pub use moves::{IllegalMoveError, Move, ParseMoveError, Via};
pub use outcome::{Outcome, Reason};
pub use piece::{Kind, Piece};
pub use position::{FenError, Position, PositionError, PositionErrorKind};
pub use setup::{CastleSides, Castling, Setup, Symmetry};
