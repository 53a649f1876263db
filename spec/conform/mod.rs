//! Conformance testing of other implementations: run an outside engine (a perftree script or a
//! UCI engine) on a corpus of positions, compare its perft counts with the specification's
//! generator, and when they differ walk down the tree to the first position where the two lists
//! of legal moves themselves differ.
//!
//! ```text
//! fairyspec conform kuma --engine "python3 examples/kuma/pyffish_perftree.py" --map fairy-stockfish
//! fairyspec conform chess --engine /usr/games/fairy-stockfish --protocol uci --depth 3
//! ```
//!
//! The pieces:
//! - [`engine`]: the [`Engine`] trait (`divide(fen, moves, depth)`) and its typed
//!   [`EngineError`]s (missing executable, time-out, crash, garbage output);
//! - [`perftree`]: an engine run once per query in the perftree convention;
//! - [`uci`]: a long-lived UCI engine asked `go perft N`;
//! - [`mapping`]: the hook that turns an engine's move text into the specification's;
//! - [`compare`]: the comparison and the descent to the first differing position;
//! - [`report`]: the result as JSON and as text.
//!
//! An engine is always given the corpus position's FEN and the moves played from it, in the
//! engine's own move text (the text it printed one level up), so no mapping back is needed.

pub mod compare;
pub mod engine;
pub mod mapping;
pub mod perftree;
pub mod report;
pub mod uci;

pub use compare::{conform, ConformOptions, CorpusEntry};
pub use engine::{Engine, EngineDivide, EngineError};
pub use mapping::MoveMap;
pub use perftree::PerftreeEngine;
pub use report::{Divergence, MoveExplanation, PositionReport, Report, Status, Step};
pub use uci::UciEngine;
