//! The `fairyspec` command line: argument parsing ([clap](https://docs.rs/clap), in [`args`]),
//! dispatch to one generic function per command, and exit codes. The work itself is library calls
//! ([`crate::perft`], [`crate::replay`], the generators).
//!
//! ```text
//! fairyspec verify [--game GAME] [--max-reference-nodes N] [--corpus PATH|builtin:…] [--threads N] [--json]
//! fairyspec perft <game> <depth> [--fen FEN] [--moves "M1 M2 ..."] [--generator G] [--switch NAME=VALUE]... [--threads N] [--json]
//! fairyspec moves <game> [--fen FEN] [--moves "M1 M2 ..."] [--generator G] [--switch NAME=VALUE]... [--json]
//! fairyspec replay <game> <file> [--switch NAME=VALUE]... [--json]
//! fairyspec conform <game> --engine COMMAND [--protocol P] [--corpus PATH] [--depth N] …
//! fairyspec corpus <game> --positions N --depth D --seed S [--timeout S] [-o FILE.perft]
//! fairyspec corpus <game|all> --builtin -o DIR
//! fairyspec coverage <game> [--corpus PATH] [--depth N] [--sample K] [--switch NAME=VALUE]... [--budget N] [--require-all] [--json]
//! fairyspec matrix [--matrix FILE] [--output FILE.md] [--check] [--row NAME]... [--jobs N]
//! fairyspec explain <game> [--fen FEN] [--moves "M1 M2 ..."] [--switch NAME=VALUE]... [--json] <move>
//! fairyspec diagram <game> [--fen FEN] [--moves "M1 M2 ..."] [--piece X] [--square S] [--highlight MOVE]... [-o FILE.svg]
//! fairyspec diagram all -o DIR
//! fairyspec serve [--bind ADDR] [--port N] [--allow-host HOST]...
//! fairyspec completions <bash|zsh|fish|elvish|powershell>
//! ```
//!
//! `fairyspec --help` and `fairyspec <command> --help` give the whole contract, and `tests/all/cli.rs`
//! exercises it end to end. The machine-readable output of `--json` is the library's documents,
//! [`crate::documents`]; the games come from [`crate::registry`].

pub mod args;
pub mod conform;
pub mod corpus;
pub mod coverage;
pub mod error;
pub mod explain;
pub mod help;
pub mod matrix;
pub mod perft;
pub mod progress;
pub mod replay;
pub mod serve;
pub mod values;
pub mod verify;
pub mod verify_summary;

pub use error::CliError;

use args::{Cli, Command};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};
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

/// The whole command-line definition, with the generated parts of the help (games, switches,
/// synopsis) filled in. Shell completions are generated from it too.
pub fn command() -> clap::Command {
    let cmd = Cli::command();
    let overview = help::overview(&cmd);
    cmd.after_help(overview)
}

/// Runs one command line (the words after the program name), writing its output to `out`.
///
/// # Errors
/// Whatever stopped the command; [`CliError::exit_code`] gives the exit status.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let mut definition = command();
    let words = std::iter::once("fairyspec").chain(args.iter().map(String::as_str));
    let matches = match definition.try_get_matches_from_mut(words) {
        Ok(m) => m,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    write!(out, "{}", e.render()).map_err(CliError::Output)
                }
                _ => Err(usage_error(&e, &definition, args)),
            }
        }
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| usage_error(&e, &definition, args))?;
    match cli.command {
        Command::Verify(a) => verify::verify_command(a, out),
        Command::Perft(a) => perft::perft_command(a, out),
        Command::Moves(a) => perft::moves_command(a, out),
        Command::Replay(a) => replay::replay_command(a, out),
        Command::Conform(a) => conform::conform_command(a, out),
        Command::Corpus(a) => corpus::corpus_command(a, out),
        Command::Coverage(a) => coverage::coverage_command(a, out),
        Command::Matrix(a) => matrix::matrix_command(a, out),
        Command::Explain(a) => explain::explain_command(a, out),
        Command::Diagram(a) => explain::diagram_command(a, out),
        Command::Serve(a) => serve::serve_command(a, out),
        Command::Completions { shell } => {
            let mut cmd = command();
            clap_complete::generate(shell, &mut cmd, "fairyspec", out);
            Ok(())
        }
    }
}

/// A command-line mistake clap found, in fairyspec's words, pointing at the help page of the
/// command.
fn usage_error(e: &clap::Error, definition: &clap::Command, args: &[String]) -> CliError {
    let page = args
        .first()
        .filter(|a| definition.find_subcommand(a.as_str()).is_some())
        .map_or_else(String::new, |c| format!(" {c}"));
    CliError::CommandLine(format!(
        "{} (see `fairyspec{page} --help`)",
        usage_message(e, definition, args)
    ))
}

/// A command-line mistake clap found, in fairyspec's words: one line naming the bad word, with a
/// suggestion where one is close (`did you mean`).
fn usage_message(e: &clap::Error, definition: &clap::Command, args: &[String]) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        _ => None,
    };
    let option_name = |arg: &str| arg.split_whitespace().next().unwrap_or(arg).to_string();
    let suggestion = |kind| {
        text(kind)
            .map(|s| format!("; did you mean {s}?"))
            .unwrap_or_default()
    };
    let commands = || {
        definition
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|n| n != "help")
            .collect::<Vec<_>>()
            .join(", ")
    };
    let subcommand = args
        .first()
        .filter(|a| definition.find_subcommand(a.as_str()).is_some());
    match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no command given; the commands are {}", commands())
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command {:?}; the commands are {}{}",
            text(ContextKind::InvalidSubcommand).unwrap_or_default(),
            commands(),
            suggestion(ContextKind::SuggestedSubcommand)
        ),
        ErrorKind::UnknownArgument => {
            let word = text(ContextKind::InvalidArg).unwrap_or_default();
            if let Some(message) = after_double_dash(&word, subcommand.map(String::as_str), args) {
                return message;
            }
            if !word.starts_with('-') {
                return format!("unexpected argument {word:?}");
            }
            let name = word.split('=').next().unwrap_or(&word);
            let owners: Vec<&str> = definition
                .get_subcommands()
                .filter(|c| {
                    c.get_arguments()
                        .any(|a| a.get_long().is_some_and(|l| format!("--{l}") == name))
                })
                .map(|c| c.get_name())
                .collect();
            match (&subcommand, owners.is_empty()) {
                (Some(cmd), false) => format!(
                    "{name} is not an option of `{cmd}` (it is one of `{}`)",
                    owners.join("`, `")
                ),
                _ => format!(
                    "unknown option {word:?}{}",
                    suggestion(ContextKind::SuggestedArg)
                ),
            }
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = text(ContextKind::InvalidArg).unwrap_or_default();
            if missing.starts_with('-') {
                format!("missing option {missing}")
            } else {
                format!("missing argument {missing}")
            }
        }
        ErrorKind::InvalidValue => {
            let arg = option_name(&text(ContextKind::InvalidArg).unwrap_or_default());
            let value = text(ContextKind::InvalidValue).unwrap_or_default();
            if value.is_empty() {
                return format!("option {arg} needs a value");
            }
            if arg == "<game>" || arg == "--game" {
                return args::unknown_game_message(&value);
            }
            let mut msg = format!(
                "{arg} must be one of: {}",
                text(ContextKind::ValidValue).unwrap_or_default()
            );
            msg.push_str(&format!(", not {value:?}"));
            msg.push_str(&suggestion(ContextKind::SuggestedValue));
            msg
        }
        ErrorKind::ValueValidation => match std::error::Error::source(e) {
            Some(source) => source.to_string(),
            None => first_line(e),
        },
        ErrorKind::ArgumentConflict => {
            let arg = text(ContextKind::InvalidArg).unwrap_or_default();
            if text(ContextKind::PriorArg).as_deref() == Some(arg.as_str()) {
                format!("option {} given twice", option_name(&arg))
            } else {
                first_line(e)
            }
        }
        _ => first_line(e),
    }
}

/// The message for an argument clap could not place that came after `--`, which ends the
/// options: what follows it is read as arguments, so an option there is no option at all.
fn after_double_dash(word: &str, command: Option<&str>, args: &[String]) -> Option<String> {
    let dashes = args.iter().position(|a| a == "--")?;
    if !args[dashes + 1..].iter().any(|a| a == word) {
        return None;
    }
    let command = command.map_or_else(|| "fairyspec".to_string(), |c| format!("`{c}`"));
    let fix = if word.starts_with('-') {
        let name = word.split('=').next().unwrap_or(word);
        format!("to give {name} as an option, put it before the `--`, or leave the `--` out")
    } else {
        "leave it out".to_string()
    };
    Some(format!(
        "{word:?} comes after `--`, which ends the options (what follows it is read as \
         arguments), and {command} takes no more arguments; {fix}"
    ))
}

/// The first line of clap's own message, without its `error: ` prefix.
fn first_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let line = rendered.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(words: &[&str]) -> String {
        let args: Vec<String> = words.iter().map(ToString::to_string).collect();
        run(&args, &mut Vec::new()).unwrap_err().to_string()
    }

    /// `verify -- --max-nodes 256` was answered "--max-nodes is not an option of `verify` (it
    /// is one of `verify`)".
    #[test]
    fn an_option_after_the_double_dash_is_explained() {
        let e = error(&["verify", "--", "--max-nodes", "256"]);
        assert!(
            e.starts_with(
                "\"--max-nodes\" comes after `--`, which ends the options (what follows it is \
                 read as arguments), and `verify` takes no more arguments; to give --max-nodes as \
                 an option, put it before the `--`, or leave the `--` out"
            ),
            "{e}"
        );
        let e = error(&["perft", "kuma", "1", "--", "2"]);
        assert!(e.starts_with("\"2\" comes after `--`"), "{e}");
        assert!(
            e.contains("`perft` takes no more arguments; leave it out"),
            "{e}"
        );
        // Before `--`, an option of another command is still named as such.
        let e = error(&["verify", "--engine", "x"]);
        assert!(
            e.starts_with("--engine is not an option of `verify` (it is one of `conform`"),
            "{e}"
        );
    }
}
