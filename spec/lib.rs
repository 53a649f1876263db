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
//! ## Your engine against the specification, in your own tests
//!
//! Writing an engine, a GUI or a server for one of these games? Put fairyspec in your
//! `[dev-dependencies]`, without the command line and the server (it is not on crates.io yet, so
//! by git or path: `fairyspec = { git = "https://github.com/fairyspec/fairyspec",
//! default-features = false }`), implement [`conform::Implementation`] — the legal moves of a FEN,
//! in your move text — and [`conform::conform_implementation`] runs your generator over the game's
//! corpus (built into the crate) exactly as `fairyspec conform` runs an engine: agreement, or the
//! first position where your moves differ, with the rules of SPEC.md that explain each
//! difference. Here a generator that forgets en passant is caught:
//!
//! ```
//! use fairyspec::chess::{Chess, ChessKind};
//! use fairyspec::conform::{conform_implementation, Implementation, Settings};
//! use fairyspec::{Game, Position};
//!
//! /// Your move generator. Here, to have one that is wrong: the specification's own, made to
//! /// forget that a pawn may take en passant.
//! struct Mine;
//!
//! impl Implementation for Mine {
//!     fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
//!         let pos = Position::<Chess>::from_fen(fen).map_err(|e| e.to_string())?;
//!         let moves = Chess::bitboard(&Default::default()).legal_moves(&pos);
//!         let pawn = |sq| pos.piece_at(sq).is_some_and(|p| p.kind == ChessKind::Pawn);
//!         Ok(moves
//!             .iter()
//!             // The bug: no pawn move to the en-passant square.
//!             .filter(|m| !(pawn(m.from) && Some(m.to) == pos.ep_square()))
//!             .map(|m| m.to_string())
//!             .collect())
//!     }
//! }
//!
//! // Every position of the built-in chess corpus at depth 2 (the corpus lists deeper counts too).
//! let settings = Settings::<Chess> { depth: Some(2), ..Settings::default() };
//! let report = conform_implementation(&mut Mine, &settings).expect("the corpus is readable");
//! // In your test: assert!(report.passed(), "{}", report.text());
//! assert!(!report.passed());
//! let text = report.text();
//! assert!(text.contains("moves only the spec has"), "{text}");
//! assert!(text.contains("en passant"), "{text}");
//! ```
//!
//! For a quick look without an [`conform::Implementation`]: check your FENs with
//! [`Position::from_fen`], and compare your legal moves and your perft divide with a generator's.
//!
//! ```
//! use fairyspec::chess::Chess;
//! use fairyspec::perft::divide;
//! use fairyspec::{Game, Position};
//!
//! // "Position 3" of the Chess Programming Wiki's "Perft Results" page: 14 moves, 191 at
//! // depth 2. By hand: King a5 to a4 or a6 (b6 is guarded by c7); Pawn b5 pinned by the Rook
//! // h5; e2 and g2 one or two steps; Rook b4 to a4, c4, d4, e4, takes f4, and b3, b2, b1.
//! let pos = Position::<Chess>::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
//! assert!(Position::<Chess>::from_fen("8/8/8/8/8/8/8/K6K w - -").is_err()); // two white Kings
//! let spec = Chess::reference(&Default::default());
//! let mut moves: Vec<String> = spec.legal_moves(&pos).iter().map(|m| m.to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, ["a5a4", "a5a6", "b4a4", "b4b1", "b4b2", "b4b3", "b4c4", "b4d4", "b4e4",
//!                    "b4f4", "e2e3", "e2e4", "g2g3", "g2g4"]);
//! assert_eq!(divide(&*spec, &pos, 2).total, 191);
//! ```
//!
//! Also for your tests: `fairyspec::strategy` (feature `proptest`), proptest strategies for
//! random valid positions of every game under any reading of its rules; [`arbitrary`], the crate
//! the fuzzers build positions from bytes with ([`check::arbitrary`]); [`corpus`], the built-in
//! corpus and seeded random ones; [`Position::from_pasted`], position text as players paste it
//! (lishogi's for Chu Shogi, CHU-8.4). The default features `cli` and `serve` are the `fairyspec`
//! binary and its web page; `default-features = false` leaves out their crates.
//!
//! The module layout follows the vocabulary: [`geometry`] (shapes, squares), [`colour`],
//! [`piece`], [`setup`] (raw positions), [`fen`], [`position`] (validated positions), [`moves`],
//! [`outcome`], [`game`] (the traits), [`switches`] (the rule readings that can be switched),
//! [`perft`], [`corpus`] (the corpus built in, paths to corpora, seeded random corpora); one
//! module per game, each holding its generators and its glue ([`kuma`], [`chess`], [`congo`],
//! [`hunterbeest`], [`chu`]) and named once in the [`registry`]; the Betza oracle of
//! the piece tests ([`betza`]); Kuma's long algebraic notation and record replay ([`notation`],
//! [`replay`]); the differential harness and properties ([`check`]); corpus verification
//! ([`verify`]) and the JSON documents of the reports ([`documents`]); conformance testing of
//! other engines ([`conform`]); the reference generators explaining themselves — what they report
//! while they work ([`trace`]), `fairyspec explain` ([`explain`]) and the piece diagrams
//! ([`diagram`]) — the command line (`cli`, feature `cli`) and the local web page with its JSON
//! API (`serve`, feature `serve`); proptest strategies (`strategy`, feature `proptest`).

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
pub mod textfile;
pub mod trace;

pub mod betza;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod conform;
pub mod corpus;
pub mod coverage;
pub mod diagram;
pub mod documents;
pub mod explain;
pub mod notation;
pub mod registry;
pub mod replay;
#[cfg(feature = "serve")]
pub mod serve;
#[cfg(feature = "proptest")]
pub mod strategy;
pub mod verify;

pub mod chess;
pub mod chu;
pub mod congo;
pub mod hunterbeest;
pub mod kuma;

/// The `arbitrary` crate this one builds fuzz inputs with ([`check::arbitrary`]), so that a fuzz
/// target or test of yours uses the same version.
pub use arbitrary;
pub use colour::{ByColour, Colour};
pub use game::{claimable_draw, Game, Generator, GeneratorKind, MoveTextError};
pub use geometry::{Offset, Shape, Square};
pub use moves::{IllegalMoveError, Move, ParseMoveError, Via};
pub use outcome::{Outcome, Reason};
pub use piece::{Kind, Look, MoveNotation, Piece};
pub use position::{FenError, Position, PositionError, PositionErrorKind};
pub use setup::{CastleSides, Castling, Setup, Symmetry};
pub use switches::Switches;
