//! `fairyspec conform`: an outside engine against the specification, position by position
//! (see [`crate::conform`]).

use super::args::ConformArgs;
pub use super::args::{Protocol, SetboardStyle};
use super::error::{count, CliError};
use super::progress;
use crate::conform::corpus::{sample_keeping, CorpusError};
use crate::conform::fuzz::{Finding, FuzzOptions};
use crate::conform::hints;
use crate::conform::mapping::builtin;
use crate::conform::{
    conform, conform_restarting, start_engine, ConformOptions, CorpusEntry, EngineError,
    EngineSpec, PositionReport, Report, Status,
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
pub use crate::conform::start::DEFAULT_TIMEOUT;

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
/// [--corpus PATH] [--depth N] [--sample K] [--whole FILE]... [--count routes|results] [--option NAME=VALUE]...
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

/// The error that ends the command when the engine could not be started: the error, and under
/// it what to try ([`hints`]).
fn engine_failed(e: &EngineError, cx: &hints::Context<'_>) -> CliError {
    match hints::hint(e, cx) {
        Some(h) => CliError::Engine(format!("{e}\nhint: {h}")),
        None => CliError::Engine(e.to_string()),
    }
}

/// The error that ends a run in which the engine failed on some checks: how many, the first,
/// why the run stopped early if it did, and the divergences besides.
fn engine_errors(report: &Report, cx: &hints::Context<'_>) -> Option<CliError> {
    let failed: Vec<&PositionReport> = report
        .positions
        .iter()
        .filter(|p| p.status == Status::EngineError)
        .collect();
    let first = failed.first()?;
    let error = first.error.as_ref()?;
    let mut text = format!(
        "the engine failed on {} (the first: {} depth {}: {error})",
        count(failed.len(), "check", "checks"),
        first.id,
        first.depth
    );
    if let Some(stop) = &report.stopped {
        text.push_str(&format!(
            "; the run stopped: {}, {} not made",
            stop.reason,
            count(stop.not_checked, "check", "checks")
        ));
    }
    if report.summary.diverged > 0 {
        text.push_str(&format!(
            "; besides, the engine and the specification differ in {}",
            count(report.summary.diverged, "check", "checks")
        ));
    }
    let cx = hints::Context {
        fen: &first.fen,
        depth: first.depth,
        ..*cx
    };
    if let Some(h) = hints::hint(error, &cx) {
        text.push_str(&format!("\nhint: {h}"));
    }
    Some(CliError::Engine(text))
}

/// `; every 4th of 290 positions` for a sampled run, else nothing.
fn sampled(k: usize, of: usize) -> String {
    if k <= 1 {
        return String::new();
    }
    let suffix = match (k % 10, k % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("; every {k}{suffix} of {of} positions")
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

/// The engine the fuzz asks after the corpus run: none when the run stopped early (going on
/// cannot help) or the engine could not be started again; an engine whose error ended the
/// corpus run (the last check, after which the run starts none again) is started again first.
pub(super) fn engine_for_fuzz(
    report: &Report,
    engine: Option<Box<dyn crate::conform::Engine>>,
    restart: &mut crate::conform::Restart<'_>,
) -> Option<Box<dyn crate::conform::Engine>> {
    if report.stopped.is_some() {
        return None;
    }
    let last = report.positions.last();
    if last.is_some_and(|p| p.status == Status::EngineError && !p.restarted) {
        drop(engine);
        return restart().ok();
    }
    engine
}

fn run<G: Registered>(cmd: Conform<'_>) -> Result<(), CliError> {
    let args = &cmd.args;
    let all = read_corpus(&cmd.corpus, args.depth)?;
    let positions = all.len();
    let entries = sample_keeping(all, args.sample, &args.whole);
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
    let first = entries.first();
    let cx = hints::Context {
        protocol: spec.protocol,
        command: &args.engine,
        fen: first.map_or("", |e| e.fen.as_str()),
        depth: first.and_then(|e| e.depths.first()).map_or(1, |&(d, _)| d),
    };
    let engine = start_engine::<G>(&spec).map_err(|e| engine_failed(&e, &cx))?;
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
        "conform {}: engine {}; map {}; spec generator {}{counting}{}",
        G::NAME,
        engine.describe(),
        args.map,
        gen.name(),
        sampled(args.sample, positions)
    )?;
    let fuzz = fuzz_options(args);
    if let Some(f) = &fuzz {
        writeln!(out, "{}", fuzz_header(f))?;
    }
    let checks: usize = entries.iter().map(|e| e.depths.len()).sum::<usize>()
        + fuzz.as_ref().map_or(0, |f| f.positions.unwrap_or(0));
    let bar = progress::conform_bar(G::NAME, checks as u64);
    let mut written: std::io::Result<()> = Ok(());
    // Each hint is said once, under the first error it is for.
    let mut hinted: Vec<String> = Vec::new();
    let mut show = |p: &PositionReport, finding: Option<&Finding>| {
        let mut text = String::new();
        p.write_text(&mut text);
        if let Some(f) = finding {
            f.write_text(&mut text);
        }
        if let Some(e) = &p.error {
            let cx = hints::Context {
                fen: &p.fen,
                depth: p.depth,
                ..cx
            };
            let hint = hints::hint(e, &cx);
            // The same hint for another position differs in its position only.
            let key = hints::hint(
                e,
                &hints::Context {
                    fen: "",
                    depth: 0,
                    ..cx
                },
            );
            if let (Some(h), Some(key)) = (hint, key) {
                if !hinted.contains(&key) {
                    text.push_str(&format!("  hint: {h}\n"));
                    hinted.push(key);
                }
            }
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
    // A long-lived engine is killed by its error and started again for the next check; a
    // perftree engine is a new process for every query anyway.
    let mut engine = Some(engine);
    let mut restart = || start_engine::<G>(&spec);
    let mut report = if args.protocol == Protocol::Perftree {
        let lent = engine.as_deref_mut().expect("the engine started above");
        conform(&opts, lent, &entries, &mut |p| show(p, None))
    } else {
        conform_restarting(&opts, &mut engine, &mut restart, &entries, &mut |p| {
            show(p, None)
        })
    }
    .map_err(|(id, message)| CliError::Corpus(format!("corpus position {id:?}: {message}")))?;
    if let Some(f) = &fuzz {
        if let Some(engine) = engine_for_fuzz(&report, engine, &mut restart) {
            let mut engine = engine;
            crate::conform::fuzz::fuzz(&opts, &mut *engine, f, &entries, &mut report, &mut show);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
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
    if let Some(e) = engine_errors(&report, &cx) {
        return Err(e);
    }
    if report.summary.diverged > 0 {
        return Err(CliError::ConformFailed {
            diverged: report.summary.diverged,
        });
    }
    Ok(())
}
