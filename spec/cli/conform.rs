//! `fairyspec conform`: an outside engine against the specification, position by position
//! (see [`crate::conform`]).

use super::args::ConformArgs;
pub use super::args::{Protocol, SetboardStyle};
use super::error::CliError;
use super::progress;
use crate::conform::corpus::CorpusError;
use crate::conform::fuzz::{Finding, FuzzOptions};
use crate::conform::mapping::builtin;
use crate::conform::{
    conform, start_engine, ConformOptions, CorpusEntry, EngineError, EngineSpec, PositionReport,
    Status,
};
use crate::corpus::CorpusPath;
use crate::coverage::corpus::{corpus_coverage_in, Check, CorpusCoverage, Walks, DEFAULT_BUDGET};
use crate::perft::Counting;
use crate::registry::{self, GameCommand, Registered};
use crate::Position;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// Seconds one engine query may take unless `--timeout` says otherwise.
pub const DEFAULT_TIMEOUT: u64 = 60;

/// The fuzz's seed unless `--seed` says otherwise.
pub const DEFAULT_SEED: u64 = 1;

/// The depth of a fuzz position unless `--fuzz-depth` or `--depth` says otherwise: two plies
/// compare the move lists of the position and of every position one move away, and cost any
/// engine little.
pub const DEFAULT_FUZZ_DEPTH: u32 = 2;

struct Conform<'o> {
    args: ConformArgs,
    corpus: CorpusPath,
    options: Vec<(String, String)>,
    out: &'o mut dyn Write,
}

/// `fairyspec conform <game> --engine "<command>" [--protocol perftree|uci|usi|xboard]
/// [--corpus PATH] [--depth N] [--count routes|results] [--option NAME=VALUE]...
/// [--perft-command TEXT] [--setboard fen|board] [--reached-fen] [--map NAME] [--timeout S]
/// [--report FILE.json] [--switch NAME=VALUE]... [--fuzz N] [--seed S] [--fuzz-depth D]
/// [--fuzz-time S]` (the switches choose the specification's rule readings).
pub fn conform_command(args: ConformArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let corpus = args
        .corpus
        .clone()
        .unwrap_or_else(|| CorpusPath::builtin_game(args.game.name()));
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
    if args.fuzz.is_none() && args.fuzz_time.is_none() {
        for (given, flag) in [
            (args.seed.is_some(), "--seed"),
            (args.fuzz_depth.is_some(), "--fuzz-depth"),
        ] {
            if given {
                return Err(CliError::Usage(format!(
                    "{flag} is for a fuzz run (--fuzz N or --fuzz-time S)"
                )));
            }
        }
    }
    if let Some(path) = &args.report {
        check_writable(path)?;
    }
    let game = args.game;
    game.run(Conform {
        args,
        corpus,
        options,
        out,
    })
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
/// name), on disk or built in; `depth` replaces the depths the files list
/// ([`crate::conform::corpus::read_corpus`]).
///
/// # Errors
/// [`CliError::Io`] for an unreadable path, [`CliError::Corpus`] for a broken file or an empty
/// corpus.
pub fn read_corpus(path: &CorpusPath, depth: Option<u32>) -> Result<Vec<CorpusEntry>, CliError> {
    crate::conform::corpus::read_corpus(path, depth).map_err(|e| match e {
        CorpusError::Io { path, error } => CliError::Io { path, error },
        CorpusError::Format(message) => CliError::Corpus(message),
    })
}

impl GameCommand for Conform<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        run::<G>(self)
    }
}

/// The rules the checks of `report` that agreed exercised (SPEC.md CORE-1.7), each check's tree
/// traced within the default budget.
pub fn agreed_coverage<G: Registered>(
    report: &crate::conform::Report,
    switches: &G::Switches,
    walks: &Walks,
) -> CorpusCoverage {
    let agreed: Vec<(&str, Position<G>, u32)> = report
        .positions
        .iter()
        .filter(|p| p.status == Status::Agree)
        .filter_map(|p| {
            Some((
                p.id.as_str(),
                Position::from_fen(p.fen.trim()).ok()?,
                p.depth,
            ))
        })
        .collect();
    let checks: Vec<Check<'_, G>> = agreed
        .iter()
        .map(|(id, pos, depth)| Check {
            id,
            pos,
            depth: *depth,
        })
        .collect();
    corpus_coverage_in(&checks, switches, DEFAULT_BUDGET, walks)
}

/// The fuzz part of the run, if `--fuzz` or `--fuzz-time` asks for one.
fn fuzz_options(args: &ConformArgs) -> Option<FuzzOptions> {
    if args.fuzz.is_none() && args.fuzz_time.is_none() {
        return None;
    }
    Some(FuzzOptions {
        positions: args.fuzz,
        seed: args.seed.unwrap_or(DEFAULT_SEED),
        depth: args.fuzz_depth.or(args.depth).unwrap_or(DEFAULT_FUZZ_DEPTH),
        time: args.fuzz_time.map(Duration::from_secs),
        switches: args.switches.clone(),
        aim: true,
    })
}

/// The line that says what the fuzz will do (and how to run it again).
fn fuzz_header(f: &FuzzOptions) -> String {
    let size = match (f.positions, f.time) {
        (Some(n), None) => format!("{n} position(s)"),
        (Some(n), Some(t)) => format!("{n} position(s) within {} s", t.as_secs()),
        (None, Some(t)) => format!("as many positions as {} s allow", t.as_secs()),
        (None, None) => String::new(),
    };
    format!(
        "fuzz after the corpus: {size} from random playouts, seed {}, depth {}",
        f.seed, f.depth
    )
}

fn engine_failed(e: &EngineError) -> CliError {
    CliError::Engine(e.to_string())
}

fn run<G: Registered>(cmd: Conform<'_>) -> Result<(), CliError> {
    let args = &cmd.args;
    let entries = read_corpus(&cmd.corpus, args.depth)?;
    let switches = registry::switches::<G>(args.switches.iter().map(String::as_str))?;
    let gen = registry::generator::<G>(None, &switches);
    let map =
        builtin::<G>(&args.map).ok_or_else(|| CliError::Usage(format!("--map {:?}", args.map)))?;
    let timeout = Duration::from_secs(args.timeout);
    let spec = EngineSpec {
        protocol: args.protocol.library(),
        command: &args.engine,
        options: &cmd.options,
        perft_command: args.perft_command.as_deref(),
        board_only: args.setboard == Some(SetboardStyle::Board),
        timeout,
    };
    let mut engine = start_engine::<G>(&spec).map_err(|e| engine_failed(&e))?;
    let opts = ConformOptions {
        generator: &*gen,
        map: &*map,
        map_name: &args.map,
        counting: args.count,
        // An XBoard engine is always given the position reached (its driver reads the board).
        send_reached: args.reached_fen || args.protocol == Protocol::Xboard,
        // --timeout bounds the specification's own count too.
        spec_timeout: Some(timeout),
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
    let fuzz = fuzz_options(args);
    if let Some(f) = &fuzz {
        writeln!(out, "{}", fuzz_header(f))?;
    }
    let checks: usize = entries.iter().map(|e| e.depths.len()).sum::<usize>()
        + fuzz.as_ref().map_or(0, |f| f.positions.unwrap_or(0));
    let bar = progress::bar(
        checks as u64,
        &format!(
            "conform {} [{{bar:30}}] {{pos}}/{{len}} checks  {{elapsed_precise}} (left {{eta}})",
            G::NAME
        ),
    );
    let mut written: std::io::Result<()> = Ok(());
    let mut show = |p: &PositionReport, finding: Option<&Finding>| {
        let mut text = String::new();
        p.write_text(&mut text);
        if let Some(f) = finding {
            f.write_text(&mut text);
        }
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
    };
    let mut report = conform(&opts, &mut *engine, &entries, &mut |p| show(p, None))
        .map_err(|(id, message)| CliError::Corpus(format!("corpus position {id:?}: {message}")))?;
    if let Some(f) = &fuzz {
        crate::conform::fuzz::fuzz(&opts, &mut *engine, f, &entries, &mut report, &mut show);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    drop(engine);
    written?;
    report.coverage = Some(agreed_coverage::<G>(&report, &switches, &Walks::default()));
    write!(out, "{}", report.footer())?;
    if let Some(line) = report.coverage_line() {
        write!(out, "{line}")?;
    }
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
