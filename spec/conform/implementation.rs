//! Conformance testing inside your own test suite: implement [`Implementation`] for your move
//! generator — its legal moves in a position, and if you like its perft — and
//! [`conform_implementation`] runs it over the game's corpus exactly as `fairyspec conform` runs
//! an engine, returning the same [`Report`]: per position and depth, agreement or the first
//! position where your legal moves differ from the specification's, with the spec's explanation
//! of every move only one side has (the rules that make it legal, or the rule that forbids it).
//!
//! ```
//! use fairyspec::conform::{conform_implementation, Implementation, Settings};
//! use fairyspec::{hunterbeest::Hunterbeest, Game, Generator, Position};
//!
//! /// Your move generator: here the specification's own, so it agrees everywhere.
//! struct Mine;
//!
//! impl Implementation for Mine {
//!     fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
//!         let pos = Position::<Hunterbeest>::from_fen(fen).map_err(|e| e.to_string())?;
//!         let spec = Hunterbeest::bitboard(&Default::default());
//!         Ok(spec.legal_moves(&pos).iter().map(|m| m.to_string()).collect())
//!     }
//! }
//!
//! let settings = Settings::<Hunterbeest> { depth: Some(2), ..Settings::default() };
//! let report = conform_implementation(&mut Mine, &settings).unwrap();
//! assert!(report.passed(), "{}", report.text());
//! ```
//!
//! How your implementation is asked: always with a FEN of the game as
//! [`crate::Position::fen`] writes it, never with moves to play. With only
//! [`Implementation::legal_moves`], the comparison walks the specification's tree and asks for
//! the moves of every position above the leaves (the spec plays the moves); with
//! [`Implementation::divide`] too, it compares your perft divide at the corpus position and
//! descends through the first differing subtree (then your own move-making is tested as well).
//! Your move text is mapped to the spec's by [`Settings::map`] (the spec's own text by default:
//! from-square and to-square, `e2e4`; a promotion's letter, `a7a8m`; castling as the King's move).

use super::compare::{conform, ConformOptions};
use super::corpus::{read_corpus, CorpusError};
use super::engine::{Engine, EngineDivide, EngineError};
use super::mapping::{Identity, MoveMap};
use super::report::Report;
use crate::corpus::CorpusPath;
use crate::explain::Explain;
use crate::perft::Counting;
use crate::{Game, Position};
use std::fmt;

/// A move generator under test in this process: yours. Implement
/// [`Implementation::legal_moves`]; implement [`Implementation::divide`] too if your program
/// counts perft.
pub trait Implementation {
    /// A name for the report's header.
    fn name(&self) -> String {
        "in-process implementation".to_string()
    }

    /// The legal moves of the position `fen` (a FEN of the game), in your move text, in any
    /// order; none when the game is over there.
    ///
    /// # Errors
    /// Your program's own failure, in words (a FEN it cannot read, …): recorded as an
    /// [`EngineError::InProcess`] in the report.
    fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String>;

    /// Your perft of `fen`, `depth` plies deep (at least 1), divided by root move: `(move,
    /// leaves below it)` in your move text. `None` (the default) when your program does not
    /// count perft: then every call must give `None`, and the comparison asks
    /// [`Implementation::legal_moves`] position by position instead.
    fn divide(&mut self, fen: &str, depth: u32) -> Option<Result<Vec<(String, u64)>, String>> {
        let _ = (fen, depth);
        None
    }
}

/// What [`conform_implementation`] checks, and under which reading of the rules.
pub struct Settings<G: Game> {
    /// The positions and their depths: a `.perft` file or a folder of them, on disk or built in
    /// (default: the game's built-in corpus, [`CorpusPath::builtin_game`]).
    pub corpus: CorpusPath,
    /// Check every position at this depth only (default: the depths the corpus lists, which go
    /// deep: pass a small depth for a quick test).
    pub depth: Option<u32>,
    /// The specification's reading of the rules (default: the spec's).
    pub switches: G::Switches,
    /// What counts as one node (CHU-9.5): every legal move (the default), or one per result.
    pub counting: Counting,
    /// Your move text to the spec's (default: [`Identity`], your text is the spec's).
    pub map: Box<dyn MoveMap>,
    /// The mapping's name, for the report.
    pub map_name: String,
}

impl<G: Game> Default for Settings<G> {
    fn default() -> Self {
        Settings {
            corpus: CorpusPath::builtin_game(G::NAME),
            depth: None,
            switches: G::Switches::default(),
            counting: Counting::Routes,
            map: Box::new(Identity),
            map_name: "identity".to_string(),
        }
    }
}

/// Why [`conform_implementation`] could not run (your implementation's own failures are in the
/// report instead).
#[derive(Debug)]
pub enum ConformError {
    /// The corpus cannot be read.
    Corpus(CorpusError),
    /// A corpus position is no position of the game: its id and why.
    Position { id: String, message: String },
}

impl fmt::Display for ConformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConformError::Corpus(e) => write!(f, "{e}"),
            ConformError::Position { id, message } => {
                write!(f, "corpus position {id:?}: {message}")
            }
        }
    }
}

impl std::error::Error for ConformError {}

/// Runs your implementation over the corpus of `settings`, as `fairyspec conform` runs an engine,
/// and returns the whole report ([`Report::passed`], [`Report::text`], and the JSON of
/// `--report` through serde).
///
/// # Errors
/// [`ConformError`] when the run cannot start: the corpus cannot be read, or holds a FEN that is
/// no position of the game.
pub fn conform_implementation<G: Explain>(
    implementation: &mut dyn Implementation,
    settings: &Settings<G>,
) -> Result<Report, ConformError> {
    let entries = read_corpus(&settings.corpus, settings.depth).map_err(ConformError::Corpus)?;
    let generator = G::bitboard(&settings.switches);
    let options = ConformOptions {
        generator: &*generator,
        map: &*settings.map,
        map_name: &settings.map_name,
        counting: settings.counting,
        send_reached: true,
        // The settings' depths bound the specification's own count, as the corpus lists them.
        spec_timeout: None,
    };
    let mut engine = InProcess::<G>::new(implementation);
    conform(&options, &mut engine, &entries, &mut |_| {})
        .map_err(|(id, message)| ConformError::Position { id, message })
}

/// An [`Implementation`] as an [`Engine`]: always given a FEN and no moves
/// ([`ConformOptions::send_reached`]).
struct InProcess<'a, G> {
    implementation: &'a mut dyn Implementation,
    /// Whether [`Implementation::divide`] answers (asked once, at the start position).
    counts: bool,
    game: std::marker::PhantomData<G>,
}

impl<'a, G: Game> InProcess<'a, G> {
    fn new(implementation: &'a mut dyn Implementation) -> Self {
        let counts = implementation.divide(G::START_FEN, 1).is_some();
        InProcess {
            implementation,
            counts,
            game: std::marker::PhantomData,
        }
    }
}

impl<G: Game> Engine for InProcess<'_, G> {
    fn describe(&self) -> String {
        self.implementation.name()
    }

    fn counts_perft(&self) -> bool {
        self.counts
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let failed = |query: String, message: String| EngineError::InProcess { query, message };
        // The corpus position as the corpus writes it (perhaps without its move counters), in
        // the FEN the trait promises; every corpus FEN was validated before the run.
        let written;
        let fen = match Position::<G>::from_fen(fen.trim()) {
            Ok(pos) => {
                written = pos.fen();
                written.as_str()
            }
            Err(_) => fen,
        };
        if !moves.is_empty() {
            // The comparison sends the position reached (send_reached), never moves.
            return Err(failed(
                format!("{fen:?} moves {}", moves.join(" ")),
                "an in-process implementation is given positions, not moves".to_string(),
            ));
        }
        if self.counts {
            let query = format!("divide({fen:?}, {depth})");
            let lines = match self.implementation.divide(fen, depth) {
                Some(Ok(lines)) => lines,
                Some(Err(message)) => return Err(failed(query, message)),
                None => {
                    let message = "divide gave None here after it answered at the start \
                                   position; it must answer always or never"
                        .to_string();
                    return Err(failed(query, message));
                }
            };
            let total = lines
                .iter()
                .try_fold(0u64, |sum, (_, n)| sum.checked_add(*n))
                .ok_or_else(|| failed(query, "the counts add up to more than 2^64".to_string()))?;
            return Ok(EngineDivide {
                moves: lines,
                total,
            });
        }
        let query = format!("legal_moves({fen:?})");
        if depth != 1 {
            return Err(failed(
                query,
                format!("asked for depth {depth} of an implementation that only lists moves"),
            ));
        }
        let moves = self
            .implementation
            .legal_moves(fen)
            .map_err(|message| failed(query, message))?;
        Ok(EngineDivide {
            total: moves.len() as u64,
            moves: moves.into_iter().map(|m| (m, 1)).collect(),
        })
    }
}
