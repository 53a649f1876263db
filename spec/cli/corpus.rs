//! `fairyspec corpus`: a conformance corpus from seeded random playouts
//! ([`crate::corpus::random`]), or the corpus built into the binary written out as files
//! ([`crate::corpus::builtin`]).

use super::args::{CorpusArgs, Games};
use super::error::CliError;
use crate::corpus::builtin::{self, WriteError};
use crate::corpus::random::{perft_text, random_corpus_within, CountStopped, RandomCorpus};
use crate::perft::budgeted::Stopped;
use crate::registry::{GameCommand, GameId, Registered};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// `fairyspec corpus <game> --positions N --depth D --seed S [--timeout S] [-o FILE]` and
/// `fairyspec corpus <game|all> --builtin -o DIR`.
pub fn corpus_command(args: CorpusArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.builtin {
        let Some(dir) = &args.output else {
            return Err(CliError::Usage("corpus --builtin needs -o DIR".to_string()));
        };
        let games = match args.game {
            Games::All => GameId::ALL.to_vec(),
            Games::One(game) => vec![game],
        };
        return write_builtin(&games, dir, out);
    }
    let Games::One(game) = args.game else {
        return Err(CliError::Usage(
            "random positions are made for one game; `corpus all` is for --builtin -o DIR"
                .to_string(),
        ));
    };
    // clap requires all three without --builtin.
    let (Some(positions), Some(depth), Some(seed)) = (args.positions, args.depth, args.seed) else {
        return Err(CliError::Usage(
            "corpus needs --positions N --depth D --seed S (or --builtin -o DIR)".to_string(),
        ));
    };
    let timeout = Duration::from_secs(args.timeout);
    let (text, stopped) = game.run(Random {
        asked: RandomCorpus {
            positions,
            depth,
            seed,
        },
        timeout,
    });
    // The blocks made before a stop are written whole, then the stop is the error.
    match &args.output {
        Some(file) if file.as_os_str() != "-" => {
            std::fs::write(file, text).map_err(|error| CliError::Io {
                path: file.clone(),
                error,
            })?;
        }
        _ => out.write_all(text.as_bytes())?,
    }
    match stopped {
        None => Ok(()),
        Some(stop) => Err(stop_error(&stop, timeout)),
    }
}

/// The error for a position whose counts ran out of time.
fn stop_error(stop: &CountStopped, timeout: Duration) -> CliError {
    let after = match stop.stopped {
        Stopped::Time { nodes } => format!("after {nodes} nodes"),
        Stopped::Nodes { max } => format!("after {max} nodes"),
    };
    CliError::Stopped(format!(
        "{} ({}): the reference's count at depth {} was stopped at the time limit of one \
         position ({} s, --timeout) {after}; ask for less --depth or a longer --timeout",
        stop.id,
        stop.fen,
        stop.depth,
        timeout.as_secs()
    ))
}

/// The random corpus of one game, as `.perft` text (the whole blocks made before a count that
/// ran out of time, and that stop).
struct Random {
    asked: RandomCorpus,
    timeout: Duration,
}

impl GameCommand for Random {
    type Output = (String, Option<CountStopped>);
    fn run<G: Registered>(self) -> (String, Option<CountStopped>) {
        let asked = self.asked;
        let gen = G::reference(&G::Switches::default());
        let (records, stopped) = match random_corpus_within(&*gen, &asked, self.timeout) {
            Ok(records) => (records, None),
            Err(stop) => (stop.made.clone(), Some(stop)),
        };
        if stopped.is_none() && records.len() < asked.positions {
            eprintln!("fairyspec: only {} distinct positions found", records.len());
        }
        (
            perft_text::<G>(&asked, "reference generator", &records),
            stopped,
        )
    }
}

/// Writes each game's built-in corpus into `dir/<game>/` and lists the files written.
fn write_builtin(games: &[GameId], dir: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    for game in games {
        let written = builtin::write_folder(&format!("corpus/{}", game.name()), dir).map_err(
            |e| match e {
                WriteError::Io { path, error } => CliError::Io { path, error },
                WriteError::NoSuchFolder(folder) => {
                    CliError::Corpus(format!("no built-in corpus {folder:?}"))
                }
            },
        )?;
        for path in written {
            writeln!(out, "{}", path.display())?;
        }
    }
    Ok(())
}
