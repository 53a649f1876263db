//! The `fairyspec` command line: argument parsing, dispatch to one generic function per command,
//! and exit codes. The work itself is library calls ([`crate::perft`], [`crate::replay`], the
//! generators).
//!
//! ```text
//! fairyspec verify [--game G] [--max-reference-nodes N] [--corpus PATH] [--threads N]
//! fairyspec perft <game> <depth> [--fen FEN] [--generator reference|bitboard] [--threads N]
//! fairyspec moves <game> [--fen FEN]
//! fairyspec replay <game> <file>
//! fairyspec conform <game> --engine "<command>" [--protocol perftree|uci] [--corpus PATH] …
//! fairyspec corpus <game> --positions N --depth D --seed S
//! fairyspec serve [--bind ADDR] [--port N]
//! fairyspec explain <game> [--fen FEN] [--moves "M…"] [--switch NAME=VALUE]… [--json] <move>
//! fairyspec diagram <game> [--fen FEN] [--piece X] [--square S] [--highlight MOVE]… [-o FILE.svg]
//! fairyspec diagram all -o docs/diagrams
//! ```
//!
//! See [`help::help`] for the whole contract, and `tests/cli.rs` for it exercised end to end.

pub mod args;
pub mod conform;
pub mod corpus;
pub mod error;
pub mod explain;
pub mod games;
pub mod help;
pub mod perft;
pub mod replay;
pub mod serve;
pub mod verify;

pub use error::CliError;

use std::io::Write;
use std::process::ExitCode;

/// Runs the command line of this process: output on stdout, errors on stderr, the exit code.
pub fn main() -> ExitCode {
    let args: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string()
                .map_err(|bad| CliError::Usage(format!("argument {bad:?} is not UTF-8")))
        })
        .collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = args.and_then(|args| run(&args, &mut out));
    let flushed = out.flush();
    match result.and(flushed.map_err(CliError::Output)) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output went away (`fairyspec perft … | head`): nothing to say.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(e) => {
            eprintln!("fairyspec: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs one command line (the words after the program name), writing its output to `out`.
///
/// # Errors
/// Whatever stopped the command; [`CliError::exit_code`] gives the exit status.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage(
            "no command given; the commands are verify, perft, moves, replay, conform, corpus, explain, diagram, serve"
                .to_string(),
        ));
    };
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        write!(out, "{}", help::help())?;
        return Ok(());
    }
    match command.as_str() {
        "help" | "--help" | "-h" => write!(out, "{}", help::help()).map_err(CliError::Output),
        "--version" | "-V" => {
            writeln!(out, "fairyspec {}", env!("CARGO_PKG_VERSION")).map_err(CliError::Output)
        }
        "perft" => perft::perft_command(rest, out),
        "moves" => perft::moves_command(rest, out),
        "replay" => replay::replay_command(rest, out),
        "verify" => verify::verify_command(rest, out),
        "conform" => conform::conform_command(rest, out),
        "corpus" => corpus::corpus_command(rest, out),
        "serve" => serve::serve_command(rest, out),
        "explain" => explain::explain_command(rest, out),
        "diagram" => explain::diagram_command(rest, out),
        other => Err(CliError::Usage(format!("unknown command {other:?}"))),
    }
}
