//! The command line as [clap](https://docs.rs/clap) types: one struct per command, the options
//! they share, and the value parsers that check numbers while clap reads them.
//!
//! The game names (clap's `ValueEnum` of [`GameId`]) and their rule switches in the help pages are
//! generated from the games themselves ([`crate::registry`]), never written here.

use crate::perft::Counting;
use crate::registry::{self, GameCommand, GameId, GeneratorChoice, Registered};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;
/// The deepest perft the command line accepts (as in `.perft` files).
pub const MAX_DEPTH: u32 = 64;

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
    /// Lists the legal moves, one per line, sorted by move text
    #[command(after_help = super::help::moves_details())]
    Moves(MovesArgs),
    /// Replays a game record and prints its result
    #[command(after_help = super::help::replay_details())]
    Replay(ReplayArgs),
    /// Tests another implementation (engine, GUI, server) against the specification
    #[command(after_help = super::help::conform_details())]
    Conform(ConformArgs),
    /// Writes a conformance corpus (.perft) of seeded random positions on stdout
    Corpus(CorpusArgs),
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
    /// The move generator (default: bitboard where the game has one, else reference)
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
    #[arg(value_name = "depth", allow_negative_numbers = true, value_parser = depth)]
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Threads sharing the root moves (1 to 256)
    #[arg(long, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
    /// What one node is: `routes`, one per legal move (the default), or `results`, one per
    /// distinct result of a piece's move (CHU-9.5)
    #[arg(long, value_name = "C", default_value = "routes", value_parser = counting())]
    pub count: Counting,
    /// A transposition table of this many MiB, shared by the threads (0 to 1048576; 0: none)
    #[arg(long, value_name = "MB", default_value = "0", value_parser = hash_mib)]
    pub hash: usize,
    /// The seed of the table's position keys (a second run with another seed is an independent
    /// check of a count)
    #[arg(long, value_name = "S", default_value = "0", value_parser = seed)]
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
    /// The game record
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
    #[arg(long, value_name = "N", default_value = "5_000_000", value_parser = max_reference_nodes)]
    pub max_reference_nodes: u64,
    /// Every generator skips counts above this (for the deep tables of corpus/deep; default: none)
    #[arg(long, value_name = "N", default_value = "18446744073709551615", hide_default_value = true, value_parser = max_nodes)]
    pub max_nodes: u64,
    /// The corpus: a folder of game folders, one game folder, or one .perft file
    #[arg(long, value_name = "PATH", default_value = crate::verify::DEFAULT_CORPUS)]
    pub corpus: std::path::PathBuf,
    /// Threads sharing each count's root moves (1 to 256)
    #[arg(long, value_name = "N", default_value = "1", value_parser = threads)]
    pub threads: usize,
    /// Only the records counted this way (`count` in a .perft block; default: every record, each
    /// counted as its block says)
    #[arg(long, value_name = "C", value_parser = counting())]
    pub count: Option<Counting>,
    /// The whole result as one JSON object (schema fairyspec.verify/1) instead of the tables
    #[arg(long)]
    pub json: bool,
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
    /// A .perft file or a folder of them (default: corpus/GAME)
    #[arg(long, value_name = "PATH")]
    pub corpus: Option<std::path::PathBuf>,
    /// Check every position at this depth only (default: the depths the corpus lists)
    #[arg(long, value_name = "N", value_parser = conform_depth)]
    pub depth: Option<u32>,
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
    /// Seconds per engine query (1 to 86400); the engine is then killed
    #[arg(long, value_name = "S", default_value = "60", value_parser = timeout)]
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
    #[arg(long, value_name = "N", default_value = "2", value_parser = threads)]
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

/// One game, or every game (`diagram all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// Every game.
    All,
    /// This game.
    One(GameId),
}

/// Reads a game name or `all` (for `diagram all`).
#[derive(Clone, Copy, Debug)]
pub struct GameOrAll;

impl TypedValueParser for GameOrAll {
    type Value = Games;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Games, clap::Error> {
        let text = value.to_string_lossy();
        if text == "all" {
            return Ok(Games::All);
        }
        text.parse().map(Games::One).map_err(|_| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                unknown_game_message(&text),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let all = PossibleValue::new("all").help("every game (SPEC.md's diagrams)");
        Some(Box::new(
            GameId::ALL
                .iter()
                .map(|g| PossibleValue::new(g.name()).help(g.title()))
                .chain(std::iter::once(all)),
        ))
    }
}

/// `fairyspec corpus`.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The game
    #[arg(value_name = "game")]
    pub game: GameId,
    /// How many distinct positions (1 to 100000)
    #[arg(long, value_name = "N", required = true, value_parser = positions)]
    pub positions: usize,
    /// Counts at every depth from 1 to D (1 to 64)
    #[arg(long, value_name = "D", required = true, value_parser = conform_depth)]
    pub depth: u32,
    /// The seed of the random playouts
    #[arg(long, value_name = "S", required = true, value_parser = seed)]
    pub seed: u64,
}

/// Parses a whole number for option or argument `what`; `_` and `,` may group digits
/// (`5_000_000`).
///
/// # Errors
/// A message naming `what` and the range if it is not a number in `min..=max`.
pub fn number<T>(what: &str, text: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let digits: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    let bad = || format!("{what} must be a whole number from {min} to {max}, not {text:?}");
    let n = digits.parse::<T>().map_err(|_| bad())?;
    if n < min || n > max {
        return Err(bad());
    }
    Ok(n)
}

fn depth(text: &str) -> Result<u32, String> {
    number("the depth", text, 0, MAX_DEPTH)
}

fn conform_depth(text: &str) -> Result<u32, String> {
    number("--depth", text, 1, MAX_DEPTH)
}

fn threads(text: &str) -> Result<usize, String> {
    number("--threads", text, 1, MAX_THREADS)
}

fn hash_mib(text: &str) -> Result<usize, String> {
    number("--hash", text, 0, 1 << 20)
}

fn max_nodes(text: &str) -> Result<u64, String> {
    number("--max-nodes", text, 0, u64::MAX)
}

fn max_reference_nodes(text: &str) -> Result<u64, String> {
    number("--max-reference-nodes", text, 0, u64::MAX)
}

fn timeout(text: &str) -> Result<u64, String> {
    number("--timeout", text, 1, 86_400)
}

fn positions(text: &str) -> Result<usize, String> {
    number("--positions", text, 1, 100_000)
}

fn seed(text: &str) -> Result<u64, String> {
    number("--seed", text, 0, u64::MAX)
}

/// `routes` or `results` ([`Counting`]).
fn counting() -> impl TypedValueParser<Value = Counting> {
    clap::builder::PossibleValuesParser::new(Counting::ALL.map(Counting::name)).try_map(|name| {
        Counting::from_name(&name).ok_or_else(|| format!("unknown counting {name:?}"))
    })
}

fn map_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        crate::conform::mapping::BUILTIN
            .iter()
            .map(|(name, _)| *name),
    )
}

/// Reads `--switch NAME=VALUE` as text: which game's switch it must be is known only once the
/// command runs ([`registry::switches`] checks it then, naming the choices). Its possible
/// values — every `NAME=VALUE` of every game, from [`crate::switches::Switches::SWITCHES`] — feed
/// the shell completions (the help pages list them per game instead).
#[derive(Clone, Copy, Debug)]
pub struct SwitchPair;

impl TypedValueParser for SwitchPair {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        static PAIRS: std::sync::OnceLock<Vec<(String, &'static str)>> = std::sync::OnceLock::new();
        let pairs = PAIRS.get_or_init(|| {
            struct Pairs;
            impl GameCommand for Pairs {
                type Output = Vec<(String, &'static str)>;
                fn run<G: Registered>(self) -> Self::Output {
                    use crate::switches::Switches;
                    G::Switches::SWITCHES
                        .iter()
                        .flat_map(|s| {
                            s.readings
                                .iter()
                                .map(move |r| (format!("{}={}", s.name, r.value), r.meaning))
                        })
                        .collect()
                }
            }
            let mut all: Vec<(String, &'static str)> = Vec::new();
            for g in GameId::ALL {
                for pair in g.run(Pairs) {
                    if !all.iter().any(|(p, _)| *p == pair.0) {
                        all.push(pair);
                    }
                }
            }
            all
        });
        Some(Box::new(pairs.iter().map(|(pair, meaning)| {
            PossibleValue::new(pair.as_str()).help(*meaning)
        })))
    }
}

/// `unknown game "shogi"; the games are: …` with a suggestion when one is close.
pub fn unknown_game_message(name: &str) -> String {
    let mut msg = registry::UnknownGame(name.to_string()).to_string();
    if let Some(close) = registry::closest(name, &GameId::names()) {
        msg.push_str(&format!("; did you mean {close:?}?"));
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn numbers_accept_grouping_and_name_their_range() {
        assert_eq!(
            number::<u64>("nodes", "5_000,000", 0, u64::MAX),
            Ok(5_000_000)
        );
        for bad in ["-1", "65", "x", ""] {
            let e = number::<u32>("the depth", bad, 0, 64).unwrap_err();
            assert!(e.contains("the depth") && e.contains("0 to 64"), "{e}");
        }
    }

    /// The completions offer every reading of every game's switches; any text is read (the
    /// game checks it when the command runs).
    #[test]
    fn switch_completions_list_every_reading() {
        let values: Vec<String> = SwitchPair
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        for pair in [
            "blind-bear=even-if-exposed",
            "monkey-reentry=survives",
            "stalemate=win",
            "bare-king=munster1997-emended",
            "repetition=western",
        ] {
            assert!(values.iter().any(|v| v == pair), "{pair}: {values:?}");
        }
        // SPEC.md's switch tables: Kuma, Congo and Hunterbeest two readings each; Chu's
        // kirin-recapture two, bare-king four, counter-strike, lion-protection,
        // last-rank-promotion two, repetition three.
        assert_eq!(values.len(), 2 + 2 + 2 + 2 + 4 + 2 + 2 + 2 + 3);
        let cmd = Cli::command();
        let text = SwitchPair.parse_ref(&cmd, None, std::ffi::OsStr::new("x=y"));
        assert_eq!(text.unwrap(), "x=y");
    }

    #[test]
    fn misspelt_game_names_get_a_suggestion() {
        assert!(unknown_game_message("kumma").contains("did you mean \"kuma\"?"));
        assert!(unknown_game_message("hunterbeast").contains("\"hunterbeest\""));
        assert!(!unknown_game_message("xiangqi").contains("did you mean"));
    }
}
