//! [`CliError`]: everything that can stop a command, and the exit code it maps to.

use crate::registry::InputError;
use crate::replay::ReplayError;
use crate::verify::CorpusError;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a command did not succeed.
///
/// Exit codes: `1` when the command ran and found something wrong (a corpus mismatch, an illegal
/// move in a record), `2` when it could not run at all (bad arguments, an unknown game, a bad
/// FEN, a file that cannot be read).
#[derive(Debug)]
pub enum CliError {
    /// The command line is malformed: unknown command or option, missing or extra argument, a
    /// value that does not parse.
    Usage(String),
    /// A mistake clap found, already in fairyspec's words with the help page to see.
    CommandLine(String),
    /// `--fen` that is not a position of the game, a `--switch` the game does not have or a value
    /// it does not accept, `--generator bitboard` for a game without one.
    Input(InputError),
    /// `--moves` text that is not a legal line from the position (the message names the move
    /// and the position it was tried in).
    Moves(String),
    /// A file or folder that cannot be read.
    Io { path: PathBuf, error: io::Error },
    /// The corpus folder is missing or holds nothing to check.
    Corpus(String),
    /// A game record with a wrong move.
    Replay(ReplayError),
    /// `verify` found counts or results that differ from the corpus, or corpus entries it could
    /// not check.
    VerifyFailed { mismatches: usize, errors: usize },
    /// `conform`: the engine could not be run or gave no usable answer (the message says which
    /// and why).
    Engine(String),
    /// `conform`: the engine and the specification differ in this many checks.
    ConformFailed { diverged: usize },
    /// `matrix`: rows with a difference no `settled` line names, an implementation missing, or
    /// (with `--check`) a page that is not the one the matrix gives.
    MatrixFailed(String),
    /// `coverage --require-all`: rules that govern moves or the outcome that the corpus does not
    /// exercise.
    CoverageIncomplete { missing: Vec<&'static str> },
    /// Writing the output failed (e.g. the reader of a pipe went away).
    Output(io::Error),
    /// A count of the specification's own was stopped at its time limit (`corpus --timeout`):
    /// the message names the position and the depth.
    Stopped(String),
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Replay(_)
            | CliError::VerifyFailed { .. }
            | CliError::ConformFailed { .. }
            | CliError::MatrixFailed(_)
            | CliError::CoverageIncomplete { .. } => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(msg) => write!(f, "{msg} (see `fairyspec --help`)"),
            CliError::CommandLine(msg) => write!(f, "{msg}"),
            CliError::Input(e) => write!(f, "{e}"),
            CliError::Moves(msg) => write!(f, "--moves: {msg}"),
            CliError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            CliError::Corpus(msg) => write!(f, "{msg}"),
            CliError::Replay(e) => write!(f, "{e}"),
            CliError::VerifyFailed { mismatches, errors } => write!(
                f,
                "verify failed: {}, {} that could not be checked",
                count(*mismatches, "mismatch", "mismatches"),
                count(*errors, "entry", "entries")
            ),
            CliError::Engine(msg) => write!(f, "engine failure: {msg}"),
            CliError::ConformFailed { diverged } => write!(
                f,
                "conform failed: the engine and the specification differ in {}",
                count(*diverged, "check", "checks")
            ),
            CliError::MatrixFailed(why) => write!(f, "matrix: {why}"),
            CliError::CoverageIncomplete { missing } => write!(
                f,
                "coverage: {} not exercised: {}",
                count(missing.len(), "rule", "rules"),
                missing.join(", ")
            ),
            CliError::Output(e) => write!(f, "cannot write the output: {e}"),
            CliError::Stopped(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for CliError {}

/// `1 entry`, `2 entries`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl From<ReplayError> for CliError {
    fn from(e: ReplayError) -> Self {
        CliError::Replay(e)
    }
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> Self {
        CliError::Input(e)
    }
}

impl From<CorpusError> for CliError {
    fn from(e: CorpusError) -> Self {
        match e {
            CorpusError::Io { path, error } => CliError::Io { path, error },
            CorpusError::Corpus(msg) => CliError::Corpus(msg),
        }
    }
}

impl From<io::Error> for CliError {
    /// Only for errors writing to the output; file errors carry their path ([`CliError::Io`]).
    fn from(e: io::Error) -> Self {
        CliError::Output(e)
    }
}
