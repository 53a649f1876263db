//! The command line as [clap](https://docs.rs/clap) types: one struct per command, the options
//! they share, and the value parsers that check numbers while clap reads them.
//!
//! The game names (clap's `ValueEnum` of [`GameId`]) and their rule switches in the help pages are
//! generated from the games themselves ([`crate::registry`]), never written here.

use super::values::{
    counting, map_names, ANY_U64, BUDGET, DEPTH, DEPTH_FROM_1, FUZZ_DEPTH, FUZZ_POSITIONS,
    FUZZ_TIME, HASH_MIB, POSITIONS, SAMPLE, THREADS, TIMEOUT,
};
pub use super::values::{
    number, unknown_game_message, GameOrAll, Games, SwitchPair, MAX_DEPTH, MAX_THREADS,
};
use crate::perft::Counting;
use crate::registry::{GameId, GeneratorChoice};
use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

/// How the engine is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// One process per query: `<command> <depth> "<fen>" "<moves>"`, perftree output
    Perftree,
    /// One long-lived UCI engine answering `go perft N`
    Uci,
    /// One long-lived USI (shogi) engine answering its perft command (--perft-command)
    Usi,
    /// One long-lived XBoard engine without perft: its moves from its highlight answers
    Xboard,
}

impl Protocol {
    /// The library's name for it.
    pub fn library(self) -> crate::conform::Protocol {
        match self {
            Protocol::Perftree => crate::conform::Protocol::Perftree,
            Protocol::Uci => crate::conform::Protocol::Uci,
            Protocol::Usi => crate::conform::Protocol::Usi,
            Protocol::Xboard => crate::conform::Protocol::Xboard,
        }
    }
}

/// How an XBoard engine is given a position (`--setboard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SetboardStyle {
    /// `setboard <FEN>`
    Fen,
    /// `setboard <board>` only, the first player to move (HaChu 0.21); other positions turned
    Board,
}

/// A deliberate rules bug, for testing conformance tooling (`perft --inject-fault NAME`; see
/// `examples/broken-engine.sh` and `tests/all/conform.rs`). Not for anything else: the counts it
/// gives are wrong on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    /// En passant captures are never generated
    NoEnPassant,
}

/// An executable rules specification of chess variants.
#[derive(Debug, Parser)]
#[command(
    name = "fairyspec",
    version,
    about = "fairyspec — an executable rules specification of chess variants",
    long_about = None,
    subcommand_required = true,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs the corpus through every generator that exists
    #[command(after_help = super::help::verify_details())]
    Verify(VerifyArgs),
    /// Counts the leaves of the legal-move tree, divided by root move (the perftree format)
    #[command(after_help = super::help::perft_details())]
    Perft(PerftArgs),
    /// Lists the legal moves, one per line, sorted (numbers as numbers: 9i9h before 10c10d)
    #[command(after_help = super::help::moves_details())]
    Moves(MovesArgs),
    /// Replays a game record and prints its result
    #[command(after_help = super::help::replay_details())]
    Replay(ReplayArgs),
    /// Tests another implementation (engine, GUI, server) against the specification
    #[command(after_help = super::help::conform_details())]
    Conform(ConformArgs),
    /// Writes a .perft corpus of seeded random positions, or the built-in corpus as files
    #[command(after_help = super::help::corpus_details())]
    Corpus(CorpusArgs),
    /// Lists the rules of SPEC.md a corpus exercises at its depths, and those it does not
    #[command(after_help = super::help::coverage_details())]
    Coverage(CoverageArgs),
    /// Runs every implementation of the conformance matrix and writes docs/conformance.md
    #[command(after_help = super::help::matrix_details())]
    Matrix(MatrixArgs),
    /// Says whether a move is legal and why, citing SPEC.md's rule IDs
    #[command(after_help = super::help::explain_details())]
    Explain(ExplainArgs),
    /// Draws a board, or a piece's moves, as SVG
    #[command(after_help = super::help::diagram_details())]
    Diagram(DiagramArgs),
    /// Serves a web page per game, SPEC.md and a JSON API on 127.0.0.1
    Serve(ServeArgs),
    /// Prints a shell completion script on stdout
    #[command(after_help = super::help::completions_details())]
    Completions {
        /// The shell
        #[arg(value_name = "shell")]
        shell: Shell,
    },
}

/// The position and rules of `perft` and `moves`.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position (default: the start position); the move counters may be left out. Quote it
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Plays these moves (space-separated move text) from the position first
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    pub moves: Option<String>,
    /// The move generator (default: bitboard)
    #[arg(long, value_name = "G")]
    pub generator: Option<GeneratorChoice>,
    /// A rule reading SPEC.md names (see `fairyspec --help` for each game's)
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
}

/// `fairyspec perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// Plies deep (0 to 64)
    #[arg(value_name = "depth", allow_negative_numbers = true, value_parser = DEPTH)]
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Threads sharing the root moves (1 to 256)
    #[arg(long, value_name = "N", default_value = "1", value_parser = THREADS)]
    pub threads: usize,
    /// What one node is: `routes`, one per legal move (the default), or `results`, one per
    /// distinct result of a piece's move (CHU-9.5)
    #[arg(long, value_name = "C", default_value = "routes", value_parser = counting())]
    pub count: Counting,
    /// A transposition table of this many MiB, shared by the threads (0 to 1048576; 0: none)
    #[arg(long, value_name = "MB", default_value = "0", value_parser = HASH_MIB)]
    pub hash: usize,
    /// The number the table's position keys are made from (a second run with another seed checks the table and
    /// its keys, not the move generator)
    #[arg(long, value_name = "S", default_value = "0", value_parser = ANY_U64)]
    pub hash_seed: u64,
    /// The result as one JSON object (schema fairyspec.perft/1) instead of the perftree text
    #[arg(long)]
    pub json: bool,
    /// For testing conformance tooling only: a deliberate rules bug (wrong counts on purpose)
    #[arg(long, value_name = "FAULT")]
    pub inject_fault: Option<Fault>,
}

/// `fairyspec moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    #[command(flatten)]
    pub position: PositionArgs,
    /// The result as one JSON object (schema fairyspec.moves/1)
    #[arg(long)]
    pub json: bool,
}

/// `fairyspec replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// The game record (a file, or a built-in one: builtin:corpus/kuma/games/game1.txt)
    #[arg(value_name = "file")]
    pub file: std::path::PathBuf,
    /// A rule reading SPEC.md names (see `fairyspec --help` for each game's)
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
    /// The result as one JSON object (schema fairyspec.replay/1)
    #[arg(long)]
    pub json: bool,
}

/// `fairyspec verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Only this game
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameId>,
    /// The reference generator skips counts above this
    #[arg(long, value_name = "N", default_value = "5_000_000", value_parser = ANY_U64)]
    pub max_reference_nodes: u64,
    /// Every generator skips counts above this (for the deep tables of corpus/deep; default: none)
    #[arg(long, value_name = "N", default_value = "18446744073709551615", hide_default_value = true, value_parser = ANY_U64)]
    pub max_nodes: u64,
    /// The corpus: a folder of game folders, one game folder, or one .perft file; on disk, or
    /// built in (`builtin:corpus/kuma`, `builtin:corpus/deep`: the corpus the binary carries)
    #[arg(long, value_name = "PATH", default_value = crate::verify::DEFAULT_CORPUS)]
    pub corpus: crate::corpus::CorpusPath,
    /// Threads sharing each count's root moves (1 to 256)
    #[arg(long, value_name = "N", default_value = "1", value_parser = THREADS)]
    pub threads: usize,
    /// Only the records counted this way (`count` in a .perft block; default: every record, each
    /// counted as its block says)
    #[arg(long, value_name = "C", value_parser = counting())]
    pub count: Option<Counting>,
    /// The whole result as one JSON object (schema fairyspec.verify/1) instead of the tables
    #[arg(long)]
    pub json: bool,
    /// Prints every position's and every record's line, a table per game (by default: one line
    /// per game, and the lines of what failed)
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// `fairyspec conform`.
#[derive(Debug, Args)]
pub struct ConformArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// The engine's command line (split on spaces, quotes respected; no shell)
    #[arg(long, value_name = "COMMAND", required = true)]
    pub engine: String,
    /// How the engine is spoken to
    #[arg(long, value_name = "P", default_value = "perftree")]
    pub protocol: Protocol,
    /// A .perft file or a folder of them, on disk or built in (default: builtin:corpus/GAME, the
    /// game's corpus the binary carries)
    #[arg(long, value_name = "PATH")]
    pub corpus: Option<crate::corpus::CorpusPath>,
    /// Check every position at this depth only (default: the depths the corpus lists)
    #[arg(long, value_name = "N", value_parser = DEPTH_FROM_1)]
    pub depth: Option<u32>,
    /// Check every K-th position of the corpus only, from the first (1 to 1000; default 1: all)
    #[arg(long, value_name = "K", default_value = "1", value_parser = SAMPLE)]
    pub sample: usize,
    /// With --sample: a file of the corpus (by name, `rules.perft`) checked whole, all its
    /// positions after the sample of the others (repeatable; a matrix row's `whole FILE`)
    #[arg(long, value_name = "FILE", requires = "sample")]
    pub whole: Vec<String>,
    /// An engine option: `setoption` (UCI, USI) or `option NAME=VALUE` (XBoard)
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The perft command of a UCI or USI engine, `{depth}` standing for the depth
    /// (default `go perft {depth}`)
    #[arg(long, value_name = "TEXT")]
    pub perft_command: Option<String>,
    /// How an XBoard engine is given a position: the whole FEN, or the board alone (HaChu)
    #[arg(long, value_name = "S")]
    pub setboard: Option<SetboardStyle>,
    /// Give the engine the FEN of the position reached, with no moves, instead of the corpus
    /// position and the moves played from it (for an engine that cannot play moves itself)
    #[arg(long)]
    pub reached_fen: bool,
    /// The engine's move text to the spec's
    #[arg(long, value_name = "NAME", default_value = "identity", value_parser = map_names())]
    pub map: String,
    /// Seconds per engine query, and per count of the spec's own at a corpus position (1 to
    /// 86400): the engine is then killed, with every process it started; a check whose spec count
    /// is stopped is skipped, saying why
    #[arg(long, value_name = "S", default_value = "60", value_parser = TIMEOUT)]
    pub timeout: u64,
    /// Writes the whole result as JSON to this file (checked writable before the run)
    #[arg(long, value_name = "FILE.json")]
    pub report: Option<std::path::PathBuf>,
    /// The specification's rule reading SPEC.md names
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
    /// What counts as one node: every legal move (routes), or one per distinct result (CHU-9.5)
    #[arg(long, value_name = "C", default_value = "routes", value_parser = counting())]
    pub count: Counting,
    /// After the corpus, also checks N positions from seeded random playouts (1 to 1000000);
    /// each divergence is shrunk and printed as a .perft block
    #[arg(long, value_name = "N", value_parser = FUZZ_POSITIONS)]
    pub fuzz: Option<usize>,
    /// The seed of the fuzz (default 1): the same seed gives the same positions and shrinking
    #[arg(long, value_name = "S", value_parser = ANY_U64)]
    pub seed: Option<u64>,
    /// The depth of every fuzz position (default: --depth, else 2)
    #[arg(long, value_name = "D", value_parser = FUZZ_DEPTH)]
    pub fuzz_depth: Option<u32>,
    /// Starts no fuzz position after this many seconds of fuzzing; without --fuzz, fuzzes until
    /// then
    #[arg(long, value_name = "S", value_parser = FUZZ_TIME)]
    pub fuzz_time: Option<u64>,
}

/// `fairyspec coverage`.
#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// A .perft file or a folder of them, on disk or built in (default: builtin:corpus/GAME, the
    /// game's corpus the binary carries)
    #[arg(long, value_name = "PATH")]
    pub corpus: Option<crate::corpus::CorpusPath>,
    /// Count every position at this depth only (default: the depths the corpus lists), as
    /// `conform --depth N` checks them
    #[arg(long, value_name = "N", value_parser = DEPTH_FROM_1)]
    pub depth: Option<u32>,
    /// Every K-th position of the corpus only, from the first (1 to 1000; default 1: all), as
    /// `conform --sample K` and a matrix row's `sample K` take them
    #[arg(long, value_name = "K", default_value = "1", value_parser = SAMPLE)]
    pub sample: usize,
    /// The specification's rule reading SPEC.md names
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
    /// At most this many distinct positions traced per check (1 to 10^9); a deeper tree is
    /// counted as deep as fits, and said so
    #[arg(long, value_name = "N", default_value = "20000", value_parser = BUDGET)]
    pub budget: u64,
    /// Exit 1 when a rule that governs moves or the outcome is not exercised
    #[arg(long)]
    pub require_all: bool,
    /// The result as one JSON object (schema fairyspec.coverage/1)
    #[arg(long)]
    pub json: bool,
}

/// `fairyspec matrix`.
#[derive(Debug, Args)]
pub struct MatrixArgs {
    /// The matrix: which implementations, games, readings, corpora and depths
    #[arg(long, value_name = "FILE", default_value = "corpus/matrix.txt")]
    pub matrix: std::path::PathBuf,
    /// The page written
    #[arg(long, value_name = "FILE.md", default_value = "docs/conformance.md")]
    pub output: std::path::PathBuf,
    /// Writes nothing; fails if the page differs from what the matrix gives now
    #[arg(long)]
    pub check: bool,
    /// Runs only this row (repeatable), printing its result; writes nothing
    #[arg(long = "row", value_name = "NAME")]
    pub rows: Vec<String>,
    /// Rows run at once (1 to 256); each row's engine is one process at a time
    #[arg(long, value_name = "N", default_value = "2", value_parser = THREADS)]
    pub jobs: usize,
}

/// `fairyspec explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// The move (`e2e4`, `a7a8m`, a Congo chain `c3e3e5c3`)
    #[arg(value_name = "move")]
    pub mv: String,
    /// The position (default: the start position); the move counters may be left out. Quote it
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Plays these moves (space-separated move text) from the position first
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    pub moves: Option<String>,
    /// A rule reading SPEC.md names (see `fairyspec --help` for each game's)
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
    /// The answer as one JSON object (schema fairyspec.explain/1)
    #[arg(long)]
    pub json: bool,
}

/// `fairyspec diagram`.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// The game, or `all` for SPEC.md's diagrams of every piece of every game (with -o DIR)
    #[arg(value_name = "game", value_parser = GameOrAll)]
    pub game: Games,
    /// The position (default: the start position). Quote it
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Plays these moves (space-separated move text) from the position first
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    pub moves: Option<String>,
    /// A rule reading SPEC.md names
    #[arg(long = "switch", value_name = "NAME=VALUE", value_parser = SwitchPair, hide_possible_values = true)]
    pub switches: Vec<String>,
    /// Draws this piece (its FEN letter; upper case White) alone on the board, with its moves
    #[arg(long, value_name = "X")]
    pub piece: Option<String>,
    /// The square of --piece (default: the square of SPEC.md's diagram); without --piece, marks
    /// the moves of the piece on this square of the position
    #[arg(long, value_name = "S")]
    pub square: Option<String>,
    /// Draws this move as an arrow (repeatable)
    #[arg(long, value_name = "MOVE")]
    pub highlight: Vec<String>,
    /// Writes the SVG to this file (default: stdout); for `all`, the folder
    #[arg(short = 'o', long = "output", value_name = "FILE.svg")]
    pub output: Option<std::path::PathBuf>,
}

/// `fairyspec serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (default 127.0.0.1: this machine only)
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<String>,
    /// The port (default 8754; 0 for any free port)
    #[arg(long, value_name = "N")]
    pub port: Option<u16>,
    /// Also answer requests that name the server HOST (or HOST:PORT), besides localhost, the
    /// loopback addresses and the address it listens on; repeatable
    #[arg(long, value_name = "HOST")]
    pub allow_host: Vec<String>,
    /// For testing the server only: `panic-route` makes /api/_fault/panic and
    /// /api/_fault/panic-question panic (each must be answered 500, the server going on)
    #[arg(long, value_name = "FAULT")]
    pub inject_fault: Option<ServeFault>,
}

/// A deliberate fault of `serve --inject-fault`, for the tests of the panic guard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ServeFault {
    /// Two routes that panic: /api/_fault/panic (in the worker) and /api/_fault/panic-question
    /// (in a question's thread)
    PanicRoute,
}

/// `fairyspec corpus`.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The game, or `all` (with --builtin)
    #[arg(value_name = "game", value_parser = GameOrAll)]
    pub game: Games,
    /// How many distinct positions (1 to 100000)
    #[arg(long, value_name = "N", required_unless_present = "builtin", value_parser = POSITIONS)]
    pub positions: Option<usize>,
    /// Counts at every depth from 1 to D (1 to 64)
    #[arg(long, value_name = "D", required_unless_present = "builtin", value_parser = DEPTH_FROM_1)]
    pub depth: Option<u32>,
    /// The seed of the random playouts
    #[arg(long, value_name = "S", required_unless_present = "builtin", value_parser = ANY_U64)]
    pub seed: Option<u64>,
    /// Writes the corpus built into the binary instead (the game's .perft files, its game records
    /// and the READMEs naming their sources) into the folder -o DIR, as DIR/GAME/
    #[arg(long, requires = "output", conflicts_with_all = ["positions", "depth", "seed"])]
    pub builtin: bool,
    /// With --builtin the folder to write into; else the .perft file (default: stdout)
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<std::path::PathBuf>,
    /// Seconds the counts of one position may take (1 to 86400); past it the command stops with
    /// an error naming the position and depth (the blocks written so far are whole)
    #[arg(long, value_name = "S", default_value = "60", value_parser = TIMEOUT, conflicts_with = "builtin")]
    pub timeout: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The defaults written here for clap are the library's.
    #[test]
    fn conform_defaults_are_the_library_s() {
        let cli = Cli::try_parse_from(["fairyspec", "conform", "kuma", "--engine", "x"]).unwrap();
        let Command::Conform(a) = cli.command else {
            panic!("not conform")
        };
        assert_eq!(a.timeout, crate::conform::start::DEFAULT_TIMEOUT);
        assert_eq!(a.sample, 1);
    }
}
