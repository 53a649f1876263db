//! `fairyspec conform`: an outside engine against the specification, position by position
//! (see [`crate::conform`]).

use super::args::{self, Parsed};
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use super::verify::DEFAULT_CORPUS;
use crate::conform::mapping::{builtin, BUILTIN};
use crate::conform::{
    conform, ConformOptions, CorpusEntry, Engine, EngineError, PerftreeEngine, UciEngine,
};
use crate::perft::parse_perft_file;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The options `conform` accepts.
pub const CONFORM_OPTIONS: &[&str] = &[
    "engine", "protocol", "corpus", "depth", "option", "map", "timeout", "report", "switch",
];

/// Seconds one engine query may take unless `--timeout` says otherwise.
pub const DEFAULT_TIMEOUT: u64 = 60;

/// How the engine is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Protocol {
    Perftree,
    Uci,
}

struct Conform<'a, 'o> {
    engine: &'a str,
    protocol: Protocol,
    corpus: PathBuf,
    depth: Option<u32>,
    options: Vec<(String, String)>,
    map: &'a str,
    timeout: Duration,
    report: Option<&'a str>,
    switches: Vec<&'a str>,
    out: &'o mut dyn Write,
}

/// `fairyspec conform <game> --engine "<command>" [--protocol perftree|uci] [--corpus PATH]
/// [--depth N] [--option NAME=VALUE]... [--map NAME] [--timeout S] [--report FILE.json]
/// [--switch NAME=VALUE]...` (the switches choose the specification's rule readings).
pub fn conform_command(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(args, CONFORM_OPTIONS)?;
    let [game] = parsed.positionals(["game"])?;
    let engine = parsed
        .single("engine")?
        .ok_or_else(|| CliError::Usage("conform needs --engine \"<command>\"".to_string()))?;
    let protocol = match parsed.single("protocol")? {
        None | Some("perftree") => Protocol::Perftree,
        Some("uci") => Protocol::Uci,
        Some(other) => {
            return Err(CliError::Usage(format!(
                "--protocol must be perftree or uci, not {other:?}"
            )))
        }
    };
    let map = parsed.single("map")?.unwrap_or("identity");
    if builtin(map).is_none() {
        let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        return Err(CliError::Usage(format!(
            "--map {map:?}: no such mapping; the mappings are {}",
            names.join(", ")
        )));
    }
    let cmd = Conform {
        engine,
        protocol,
        corpus: corpus_path(&parsed, game)?,
        depth: parsed
            .single("depth")?
            .map(|d| args::number("--depth", d, 1, super::perft::MAX_DEPTH))
            .transpose()?,
        options: engine_options(&parsed)?,
        map,
        timeout: Duration::from_secs(match parsed.single("timeout")? {
            Some(s) => args::number("--timeout", s, 1, 86_400)?,
            None => DEFAULT_TIMEOUT,
        }),
        report: parsed.single("report")?,
        switches: parsed.all("switch"),
        out,
    };
    games::with_game(game, cmd)
}

/// `--corpus PATH` or `corpus/<game>`.
fn corpus_path(parsed: &Parsed, game: &str) -> Result<PathBuf, CliError> {
    Ok(match parsed.single("corpus")? {
        Some(p) => PathBuf::from(p),
        None => Path::new(DEFAULT_CORPUS).join(game),
    })
}

/// Every `--option NAME=VALUE`.
fn engine_options(parsed: &Parsed) -> Result<Vec<(String, String)>, CliError> {
    parsed
        .all("option")
        .into_iter()
        .map(|pair| match pair.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.to_string())),
            _ => Err(CliError::Usage(format!(
                "--option {pair:?}: expected NAME=VALUE"
            ))),
        })
        .collect()
}

/// The corpus entries of a `.perft` file, or of every `.perft` file of a folder (sorted by
/// name); `depth` replaces the depths the files list.
///
/// # Errors
/// [`CliError::Io`] for an unreadable path, [`CliError::Corpus`] for a broken file or an empty
/// corpus.
pub fn read_corpus(path: &Path, depth: Option<u32>) -> Result<Vec<CorpusEntry>, CliError> {
    let io = |e| CliError::Io {
        path: path.to_path_buf(),
        error: e,
    };
    let files = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "perft"))
            .collect();
        files.sort();
        files
    } else {
        vec![path.to_path_buf()]
    };
    let mut entries = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|error| CliError::Io {
            path: file.clone(),
            error,
        })?;
        let records = parse_perft_file(&text)
            .map_err(|e| CliError::Corpus(format!("{}: {e}", file.display())))?;
        let source = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        for r in records {
            let depths = match depth {
                Some(d) => vec![(d, r.counts.iter().find(|(rd, _)| *rd == d).map(|c| c.1))],
                None => r.counts.iter().map(|&(d, n)| (d, Some(n))).collect(),
            };
            entries.push(CorpusEntry {
                id: r.id,
                source: source.clone(),
                fen: r.epd,
                depths,
            });
        }
    }
    if entries.is_empty() {
        return Err(CliError::Corpus(format!(
            "no positions in {} (a .perft file or a folder of them)",
            path.display()
        )));
    }
    Ok(entries)
}

impl GameCommand for Conform<'_, '_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        run::<G>(self)
    }
}

fn engine_failed(e: &EngineError) -> CliError {
    CliError::Engine(e.to_string())
}

fn run<G: CliGame>(cmd: Conform<'_, '_>) -> Result<(), CliError> {
    let entries = read_corpus(&cmd.corpus, cmd.depth)?;
    let switches = games::switches::<G>(cmd.switches.iter().copied())?;
    let gen = games::generator::<G>(None, &switches)?;
    let map = builtin(cmd.map).ok_or_else(|| CliError::Usage(format!("--map {:?}", cmd.map)))?;
    let mut engine: Box<dyn Engine> = match cmd.protocol {
        Protocol::Perftree => {
            if !cmd.options.is_empty() {
                return Err(CliError::Usage(
                    "--option is for UCI engines (--protocol uci)".to_string(),
                ));
            }
            Box::new(PerftreeEngine::new(cmd.engine, cmd.timeout).map_err(|e| engine_failed(&e))?)
        }
        Protocol::Uci => Box::new(
            UciEngine::start(cmd.engine, &cmd.options, cmd.timeout)
                .map_err(|e| engine_failed(&e))?,
        ),
    };
    let opts = ConformOptions {
        generator: &*gen,
        map: &*map,
        map_name: cmd.map,
    };
    let out = cmd.out;
    writeln!(
        out,
        "conform {}: engine {}; map {}; spec generator {}",
        G::NAME,
        engine.describe(),
        cmd.map,
        gen.name()
    )?;
    let mut written: std::io::Result<()> = Ok(());
    let report = conform(&opts, &mut *engine, &entries, &mut |p| {
        let mut text = String::new();
        p.write_text(&mut text);
        if written.is_ok() {
            written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        }
    })
    .map_err(|(id, message)| CliError::Corpus(format!("corpus position {id:?}: {message}")))?;
    drop(engine);
    written?;
    write!(out, "{}", report.footer())?;
    if let Some(path) = cmd.report {
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::Corpus(format!("cannot write the report: {e}")))?;
        std::fs::write(path, json + "\n").map_err(|error| CliError::Io {
            path: PathBuf::from(path),
            error,
        })?;
    }
    if let Some(e) = report.engine_error() {
        return Err(engine_failed(e));
    }
    if report.summary.diverged > 0 {
        return Err(CliError::ConformFailed {
            diverged: report.summary.diverged,
        });
    }
    Ok(())
}
