//! `fairyspec corpus`: a conformance corpus from seeded random playouts
//! ([`crate::corpus::random`]), or the corpus built into the binary written out as files
//! ([`crate::corpus::builtin`]).

use super::args::{CorpusArgs, Games};
use super::error::CliError;
use crate::corpus::builtin::{self, WriteError};
use crate::corpus::random::{perft_text, random_corpus, RandomCorpus};
use crate::registry::{GameCommand, GameId, Registered};
use std::io::Write;
use std::path::Path;

/// `fairyspec corpus <game> --positions N --depth D --seed S [-o FILE]` and
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
    let text = game.run(Random(RandomCorpus {
        positions,
        depth,
        seed,
    }));
    match &args.output {
        Some(file) if file.as_os_str() != "-" => {
            std::fs::write(file, text).map_err(|error| CliError::Io {
                path: file.clone(),
                error,
            })
        }
        _ => Ok(out.write_all(text.as_bytes())?),
    }
}

/// The random corpus of one game, as `.perft` text.
struct Random(RandomCorpus);

impl GameCommand for Random {
    type Output = String;
    fn run<G: Registered>(self) -> String {
        let asked = self.0;
        let gen = G::reference(&G::Switches::default());
        let records = random_corpus(&*gen, &asked);
        if records.len() < asked.positions {
            eprintln!("fairyspec: only {} distinct positions found", records.len());
        }
        perft_text::<G>(&asked, "reference generator", &records)
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
