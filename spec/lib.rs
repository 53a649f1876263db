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
//! ## In another program's test suite
//!
//! Writing an engine, a GUI or a server for one of these games? Put fairyspec in its
//! `[dev-dependencies]` without the command line (`fairyspec = { version = "0.1",
//! default-features = false }`; the default `cli` feature brings clap and indicatif for the
//! binary) and hold your code to the specification in your own tests: check the FENs you write,
//! compare your legal moves, compare your perft divide.
//!
//! ```
//! use fairyspec::chess::Chess;
//! use fairyspec::perft::divide;
//! use fairyspec::{Game, Position};
//!
//! // What your engine says. Here: "Position 3" of the Chess Programming Wiki's "Perft Results"
//! // page, 14 moves and 191 at depth 2. By hand: King a5 to a4 or a6 (b6 is guarded by c7);
//! // Pawn b5 pinned by the Rook h5; e2 and g2 one or two steps; Rook b4 to a4, c4, d4, e4,
//! // takes f4, and b3, b2, b1.
//! let my_fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
//! let my_moves = ["a5a4", "a5a6", "b4a4", "b4b1", "b4b2", "b4b3", "b4c4", "b4d4", "b4e4",
//!                 "b4f4", "e2e3", "e2e4", "g2g3", "g2g4"];
//! let my_perft_2 = 191;
//!
//! // 1. The FEN is a legal position of the game (one King each, nothing impossible).
//! let pos = Position::<Chess>::from_fen(my_fen).expect("a valid chess position");
//! assert_eq!(pos.fen(), my_fen);
//! assert!(Position::<Chess>::from_fen("8/8/8/8/8/8/8/K6K w - -").is_err()); // two white Kings
//!
//! // 2. The same legal moves (sorted move text: from-square, to-square, promotion letter).
//! let spec = Chess::reference(&Default::default());
//! let mut moves: Vec<String> = spec.legal_moves(&pos).iter().map(|m| m.to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, my_moves);
//!
//! // 3. The same perft, and on a difference the root move whose subtree differs.
//! let d = divide(&*spec, &pos, 2);
//! assert_eq!(d.total, my_perft_2);
//! for (mv, nodes) in &d.moves {
//!     // compare with your engine's count below `mv`
//!     assert!(*nodes > 0, "{mv}");
//! }
//! ```
//!
//! `fairyspec conform` does the same from outside for an engine that speaks UCI or prints
//! perftree output, position by position over a corpus (see the README).
//!
//! The module layout follows the vocabulary: [`geometry`] (shapes, squares), [`colour`],
//! [`piece`], [`setup`] (raw positions), [`fen`], [`position`] (validated positions), [`moves`],
//! [`outcome`], [`game`] (the traits), [`switches`] (the rule readings that can be switched),
//! [`perft`]; one module per game, each holding its generators and its glue ([`kuma`], [`chess`],
//! [`congo`], [`hunterbeest`], [`chu`]) and named once in the [`registry`]; the Betza oracle of
//! the piece tests ([`betza`]); Kuma's long algebraic notation and record replay ([`notation`],
//! [`replay`]); the differential harness and properties ([`check`]); corpus verification
//! ([`verify`]) and the JSON documents of the reports ([`documents`]); conformance testing of
//! other engines ([`conform`]); the reference generators explaining themselves — what they report
//! while they work ([`trace`]), `fairyspec explain` ([`explain`]) and the piece diagrams
//! ([`diagram`]) — the command line ([`cli`]) and the local web page with its JSON API
//! ([`serve`]).

pub mod colour;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod mailbox;
pub mod moves;
pub mod order;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod setup;
pub mod switches;
pub mod trace;

pub mod betza;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod conform;
pub mod diagram;
pub mod documents;
pub mod explain;
pub mod notation;
pub mod registry;
pub mod replay;
#[cfg(feature = "cli")]
pub mod serve;
pub mod verify;

pub mod chess;
pub mod chu;
pub mod congo;
pub mod hunterbeest;
pub mod kuma;

pub use colour::{ByColour, Colour};
pub use game::{claimable_draw, Game, Generator, GeneratorKind, MoveTextError};
pub use geometry::{Offset, Shape, Square};
pub use moves::{IllegalMoveError, Move, ParseMoveError, Via};
pub use outcome::{Outcome, Reason};
pub use piece::{Kind, Look, MoveNotation, Piece};
pub use position::{FenError, Position, PositionError, PositionErrorKind};
pub use setup::{CastleSides, Castling, Setup, Symmetry};
pub use switches::Switches;
