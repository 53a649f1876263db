//! Conformance testing of other implementations: run an outside engine (a perftree script, a
//! UCI or USI engine, or an XBoard engine without perft) on a corpus of positions, compare its
//! perft counts with the specification's generator, and when they differ walk down the tree to
//! the first position where the two lists of legal moves themselves differ.
//!
//! ```text
//! fairyspec conform kuma --engine "python3 examples/kuma/pyffish_perftree.py" --map fairy-stockfish
//! fairyspec conform chess --engine /usr/games/fairy-stockfish --protocol uci --depth 3
//! fairyspec conform chu --engine "python3 examples/chu/minase_perftree.py lishogi" --count results
//! fairyspec conform chu --engine /usr/games/hachu --protocol xboard --map xboard --count results
//! ```
//!
//! In a Rust test suite, [`conform_implementation`] does the same for a move generator in the same
//! process: implement [`Implementation`] (the legal moves of a position, or its perft) and get the
//! same [`Report`], explanations included ([`implementation`]).
//!
//! The pieces:
//! - [`implementation`]: [`Implementation`], a move generator in this process, and
//!   [`conform_implementation`], the whole run for it;
//! - [`engine`]: the [`Engine`] trait (`divide(fen, moves, depth)`) and its typed
//!   [`EngineError`]s (missing executable, time-out, crash, garbage output — with the engine's
//!   last output);
//! - [`process`]: an engine's process in a group of its own (killed whole), its output read
//!   through bounded readers;
//! - [`perftree`]: an engine run once per query in the perftree convention;
//! - [`session`]: a long-lived engine process spoken to line by line, every wait bounded;
//! - [`uci`]: a UCI or USI engine asked `go perft N` (or its own perft command);
//! - [`xboard`]: an XBoard engine without perft, asked for its legal moves (HaChu);
//! - [`start`]: starting an engine in any of these protocols;
//! - [`corpus`]: reading a corpus of `.perft` files;
//! - [`mapping`]: the hook that turns an engine's move text into the specification's;
//! - [`matching`]: matching moves by text or by result (CHU-9.5), and recognising the other
//!   counting;
//! - [`compare`]: the comparison and the descent to the first differing position;
//! - [`budget`]: the specification's own count, bounded by the same time limit as the engine;
//! - [`report`]: the result as JSON and as text;
//! - [`matrix`]: every installed implementation over its game's corpus, as one table
//!   (`docs/conformance.md`).
//!
//! An engine is always given the corpus position's FEN and the moves played from it, in the
//! engine's own move text (the text it printed one level up), so no mapping back is needed.

pub mod budget;
pub mod compare;
pub mod corpus;
pub mod engine;
pub mod fuzz;
pub mod hints;
pub mod implementation;
pub mod mapping;
pub mod matching;
pub mod matrix;
pub mod perftree;
pub mod process;
pub mod report;
pub mod session;
pub mod start;
pub mod uci;
pub mod xboard;

pub use compare::{conform, conform_restarting, ConformOptions, CorpusEntry, Restart};
pub use engine::{Engine, EngineDivide, EngineError};
pub use implementation::{conform_implementation, ConformError, Implementation, Settings};
pub use mapping::MoveMap;
pub use perftree::PerftreeEngine;
pub use report::{
    page_link, Divergence, MoveExplanation, PositionReport, Report, Status, Step, Stopped,
};
pub use start::{start_engine, EngineSpec, Protocol};
pub use uci::{Dialect, UciEngine};
pub use xboard::{Setboard, XboardEngine};
