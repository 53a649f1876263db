//! `fairyspec conform`: an outside engine against the specification, position by position
//! (see [`crate::conform`]).

use super::args::ConformArgs;
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use super::progress;
use super::verify::DEFAULT_CORPUS;
use crate::conform::mapping::builtin;
use crate::conform::uci::DEFAULT_PERFT_COMMAND;
use crate::conform::{
    conform, ConformOptions, CorpusEntry, Dialect, Engine, EngineError, PerftreeEngine, Setboard,
    UciEngine, XboardEngine,
};
use crate::fen::FenDialect;
use crate::perft::{parse_perft_file, Counting};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seconds one engine query may take unless `--timeout` says otherwise.
pub const DEFAULT_TIMEOUT: u64 = 60;

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

/// How an XBoard engine is given a position (`--setboard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SetboardStyle {
    /// `setboard <FEN>`
    Fen,
    /// `setboard <board>` only, the first player to move (HaChu 0.21); other positions turned
    Board,
}

struct Conform<'o> {
    args: ConformArgs,
    corpus: PathBuf,
    options: Vec<(String, String)>,
    out: &'o mut dyn Write,
}

/// The name of a game in XBoard's `variant` command, where it is not the default (orthodox chess).
pub fn xboard_variant(game: &str) -> Option<&'static str> {
    match game {
        "chu" => Some("chu"),
        _ => None,
    }
}

/// `fairyspec conform <game> --engine "<command>" [--protocol perftree|uci|usi|xboard]
/// [--corpus PATH] [--depth N] [--count routes|results] [--option NAME=VALUE]...
/// [--perft-command TEXT] [--setboard fen|board] [--reached-fen] [--map NAME] [--timeout S]
/// [--report FILE.json] [--switch NAME=VALUE]...` (the switches choose the specification's rule
/// readings).
pub fn conform_command(args: ConformArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let corpus = args
        .corpus
        .clone()
        .unwrap_or_else(|| Path::new(DEFAULT_CORPUS).join(&args.game));
    let options = engine_options(&args.options)?;
    if !options.is_empty() && args.protocol == Protocol::Perftree {
        return Err(CliError::Usage(
            "--option is for UCI, USI and XBoard engines (--protocol uci|usi|xboard)".to_string(),
        ));
    }
    if args.perft_command.is_some() && !matches!(args.protocol, Protocol::Uci | Protocol::Usi) {
        return Err(CliError::Usage(
            "--perft-command is for UCI and USI engines (--protocol uci|usi)".to_string(),
        ));
    }
    if args.setboard.is_some() && args.protocol != Protocol::Xboard {
        return Err(CliError::Usage(
            "--setboard is for XBoard engines (--protocol xboard)".to_string(),
        ));
    }
    if let Some(path) = &args.report {
        check_writable(path)?;
    }
    let game = args.game.clone();
    games::with_game(
        &game,
        Conform {
            args,
            corpus,
            options,
            out,
        },
    )
}

/// Fails now, before the run, if the report cannot be written: creates (or truncates) the file.
fn check_writable(path: &Path) -> Result<(), CliError> {
    std::fs::write(path, "").map_err(|error| CliError::Io {
        path: path.to_path_buf(),
        error,
    })
}

/// Every `--option NAME=VALUE`.
fn engine_options(pairs: &[String]) -> Result<Vec<(String, String)>, CliError> {
    pairs
        .iter()
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

impl GameCommand for Conform<'_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        run::<G>(self)
    }
}

fn engine_failed(e: &EngineError) -> CliError {
    CliError::Engine(e.to_string())
}

fn run<G: CliGame>(cmd: Conform<'_>) -> Result<(), CliError> {
    let args = &cmd.args;
    let entries = read_corpus(&cmd.corpus, args.depth)?;
    let switches = games::switches::<G>(args.switches.iter().map(String::as_str))?;
    let gen = games::generator::<G>(None, &switches)?;
    let map =
        builtin::<G>(&args.map).ok_or_else(|| CliError::Usage(format!("--map {:?}", args.map)))?;
    let timeout = Duration::from_secs(args.timeout);
    let perft_command = args
        .perft_command
        .as_deref()
        .unwrap_or(DEFAULT_PERFT_COMMAND);
    let mut engine: Box<dyn Engine> = match args.protocol {
        Protocol::Perftree => {
            Box::new(PerftreeEngine::new(&args.engine, timeout).map_err(|e| engine_failed(&e))?)
        }
        Protocol::Uci | Protocol::Usi => {
            let dialect = if args.protocol == Protocol::Uci {
                Dialect::Uci
            } else {
                Dialect::Usi
            };
            Box::new(
                UciEngine::start_dialect(
                    dialect,
                    &args.engine,
                    &cmd.options,
                    perft_command,
                    timeout,
                )
                .map_err(|e| engine_failed(&e))?,
            )
        }
        Protocol::Xboard => {
            let setboard = match args.setboard.unwrap_or(SetboardStyle::Fen) {
                SetboardStyle::Fen => Setboard::Fen,
                SetboardStyle::Board => Setboard::Board {
                    symmetry: G::SYMMETRY,
                    first: match G::DIALECT {
                        FenDialect::Sfen => 'b',
                        _ => 'w',
                    },
                },
            };
            Box::new(
                XboardEngine::start(
                    &args.engine,
                    &cmd.options,
                    xboard_variant(G::NAME),
                    setboard,
                    timeout,
                )
                .map_err(|e| engine_failed(&e))?,
            )
        }
    };
    let opts = ConformOptions {
        generator: &*gen,
        map: &*map,
        map_name: &args.map,
        counting: args.count,
        send_reached: args.reached_fen,
    };
    let out = cmd.out;
    let counting = match args.count {
        Counting::Routes => "",
        Counting::Results => "; counting by result",
    };
    writeln!(
        out,
        "conform {}: engine {}; map {}; spec generator {}{counting}",
        G::NAME,
        engine.describe(),
        args.map,
        gen.name()
    )?;
    let checks: usize = entries.iter().map(|e| e.depths.len()).sum();
    let bar = progress::bar(
        checks as u64,
        &format!(
            "conform {} [{{bar:30}}] {{pos}}/{{len}} checks  {{elapsed_precise}} (left {{eta}})",
            G::NAME
        ),
    );
    let mut written: std::io::Result<()> = Ok(());
    let report = conform(&opts, &mut *engine, &entries, &mut |p| {
        let mut text = String::new();
        p.write_text(&mut text);
        if written.is_ok() {
            let mut write = || out.write_all(text.as_bytes()).and_then(|()| out.flush());
            written = match &bar {
                Some(bar) => bar.suspend(write),
                None => write(),
            };
        }
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    })
    .map_err(|(id, message)| CliError::Corpus(format!("corpus position {id:?}: {message}")))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    drop(engine);
    written?;
    write!(out, "{}", report.footer())?;
    if let Some(path) = &args.report {
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::Corpus(format!("cannot write the report: {e}")))?;
        std::fs::write(path, json + "\n").map_err(|error| CliError::Io {
            path: path.clone(),
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
