//! `fairyspec matrix`: every row of the conformance matrix run and the page written (or checked);
//! the matrix itself — its file, its outcome, its page — is [`crate::conform::matrix`].

use super::args::MatrixArgs;
use super::conform::{agreed_coverage, read_corpus};
use super::error::CliError;
use crate::conform::fuzz::{fuzz, FuzzOptions};
use crate::conform::mapping::builtin;
use crate::conform::matrix::{check_version, outcome_of, parse_matrix, render, Outcome, Row, Run};
use crate::conform::{conform_restarting, start_engine, ConformOptions, EngineSpec};
use crate::corpus::CorpusPath;
use crate::coverage::corpus::Walks;
use crate::registry::{self, GameCommand, GameId, Registered};
use std::io::Write;

/// The page's first lines (the table and the details follow).
const HEADER: &str = "\
# Conformance matrix

Every implementation of these games that fairyspec can install and run, held to the
specification position by position (`fairyspec conform`). This page is written by
`fairyspec matrix` from [`corpus/matrix.txt`](../corpus/matrix.txt), which names each
implementation and the version it must report, the reading of the rules it follows (its
switches, SPEC.md), the counting (`routes`, or `results`: SPEC.md CHU-9.5), the corpus and the
depth; CI (`.ci/run`) runs it again from a fresh clone, with every implementation installed by
`.ci/engines.sh`, and fails when the page differs. Do not edit it by hand.

A row agrees when the implementation's perft (or, for an engine without perft, its legal moves
at every position of the specification's tree) equals the specification's at every corpus
position. Every difference is settled in `corpus/matrix.txt`: it is a reading of the rules the
implementation follows (then the row uses the switch that selects it), or a defect of the
implementation, shown by a minimal position in `tests/all/conform.rs`; an unsettled difference
fails the run. Below the table, the first position of every difference with the
specification's explanation, and each row's command: it pastes into a shell as it is and runs
the row from the repository root (with `fairyspec` on the PATH, `cargo install --path .`).
";

/// `fairyspec matrix [--matrix FILE] [--output FILE.md] [--check] [--row NAME]... [--jobs N]`.
pub fn matrix_command(args: MatrixArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = crate::textfile::read_text(&args.matrix).map_err(|error| CliError::Io {
        path: args.matrix.clone(),
        error,
    })?;
    let rows = parse_matrix(&text)
        .map_err(|e| CliError::Corpus(format!("{}: {e}", args.matrix.display())))?;
    for name in &args.rows {
        if !rows.iter().any(|r| &r.name == name) {
            return Err(CliError::Usage(format!(
                "--row {name:?}: no such row in {}",
                args.matrix.display()
            )));
        }
    }
    let selected: Vec<Row> = rows
        .into_iter()
        .filter(|row| args.rows.is_empty() || args.rows.contains(&row.name))
        .collect();
    let outcomes = run_rows(&selected, args.jobs, out)?;
    let results: Vec<(Row, Outcome)> = selected.into_iter().zip(outcomes).collect();
    let unsettled: Vec<&str> = results
        .iter()
        .filter(|(_, o)| !o.settled())
        .map(|(r, _)| r.name.as_str())
        .collect();
    if !args.rows.is_empty() {
        let page = render(&results, HEADER);
        write!(out, "\n{page}")?;
    } else {
        let page = render(&results, HEADER);
        if args.check {
            let old = crate::textfile::read_text(&args.output).unwrap_or_default();
            if old != page {
                let first = old
                    .lines()
                    .zip(page.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or_else(|| old.lines().count().min(page.lines().count()));
                return Err(CliError::MatrixFailed(format!(
                    "{} is not what the matrix gives now (first difference at line {}); run \
                     `fairyspec matrix` and commit the page",
                    args.output.display(),
                    first + 1
                )));
            }
        } else {
            std::fs::write(&args.output, &page).map_err(|error| CliError::Io {
                path: args.output.clone(),
                error,
            })?;
            writeln!(out, "wrote {}", args.output.display())?;
        }
    }
    if !unsettled.is_empty() {
        return Err(CliError::MatrixFailed(format!(
            "rows with an unsettled difference or a missing implementation: {}",
            unsettled.join(", ")
        )));
    }
    Ok(())
}

/// Runs `rows`, `jobs` at a time (each row's engine is one process at a time, so two rows keep
/// two cores busy), printing a line per row as it ends, with its time (stdout only, never the
/// page). The outcomes in the order of `rows`.
fn run_rows(rows: &[Row], jobs: usize, out: &mut dyn Write) -> Result<Vec<Outcome>, CliError> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let walks = &Walks::default();
    let (send, receive) = std::sync::mpsc::channel();
    let mut outcomes: Vec<Option<Outcome>> = vec![None; rows.len()];
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, rows.len().max(1)) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(row) = rows.get(i) else { break };
                let start = std::time::Instant::now();
                let outcome = run_row(row, walks);
                if send.send((i, outcome, start.elapsed())).is_err() {
                    break;
                }
            });
        }
        drop(send);
        for (i, outcome, took) in receive {
            let outcome = outcome?;
            writeln!(
                out,
                "{}: {} ({:.0} s)",
                rows[i].name,
                summary(&outcome),
                took.as_secs_f64()
            )?;
            out.flush()?;
            outcomes[i] = Some(outcome);
        }
        Ok::<(), CliError>(())
    })?;
    Ok(outcomes.into_iter().flatten().collect())
}

/// One line per row on stdout.
fn summary(outcome: &Outcome) -> String {
    match outcome {
        Outcome::NotRun(why) => format!("not run ({why})"),
        Outcome::Unavailable(why) => format!("UNAVAILABLE: {why}"),
        Outcome::Ran {
            positions,
            agreed,
            skipped,
            causes,
            ..
        } => {
            let unsettled = causes.iter().filter(|c| c.verdict.is_none()).count();
            format!(
                "{agreed} of {positions} positions agree, {} skipped, {} kinds of difference{}",
                skipped.len(),
                causes.len(),
                if unsettled > 0 {
                    format!(" ({unsettled} UNSETTLED)")
                } else {
                    String::new()
                }
            )
        }
    }
}

/// Runs one row: its version check, then conform over its corpus.
fn run_row(row: &Row, walks: &Walks) -> Result<Outcome, CliError> {
    let run = match &row.run {
        Err(why) => return Ok(Outcome::NotRun(why.clone())),
        Ok(run) => run,
    };
    if let Some((command, expected)) = &run.version_check {
        if let Err(why) = check_version(command, expected) {
            return Ok(Outcome::Unavailable(why));
        }
    }
    let game: GameId = row
        .game
        .parse()
        .map_err(|e: registry::UnknownGame| CliError::Usage(e.to_string()))?;
    game.run(RowCommand { run, walks })
}

struct RowCommand<'a> {
    run: &'a Run,
    /// The coverage walks the rows share (SPEC.md CORE-1.7).
    walks: &'a Walks,
}

impl GameCommand for RowCommand<'_> {
    type Output = Result<Outcome, CliError>;
    fn run<G: Registered>(self) -> Result<Outcome, CliError> {
        let run = self.run;
        let entries = run.sampled(read_corpus(
            &CorpusPath::from_text(&run.corpus),
            Some(run.depth),
        )?);
        let switches = registry::switches::<G>(run.switches.iter().map(String::as_str))?;
        let gen = registry::generator::<G>(None, &switches);
        let map =
            builtin::<G>(&run.map).ok_or_else(|| CliError::Usage(format!("map {:?}", run.map)))?;
        let spec = EngineSpec {
            protocol: run.protocol,
            command: &run.engine,
            options: &run.options,
            perft_command: None,
            board_only: run.setboard.as_deref() == Some("board"),
            timeout: run.timeout,
        };
        let engine = match start_engine::<G>(&spec) {
            Ok(e) => e,
            Err(e) => return Ok(Outcome::Unavailable(e.to_string())),
        };
        let opts = ConformOptions {
            generator: &*gen,
            map: &*map,
            map_name: &run.map,
            counting: run.counting,
            send_reached: run.protocol == crate::conform::Protocol::Xboard,
            spec_timeout: Some(run.timeout),
        };
        // As `conform` does: a long-lived engine killed by an error is started again.
        let mut restart = || start_engine::<G>(&spec);
        let mut engine = Some(engine);
        let mut report =
            conform_restarting(&opts, &mut engine, &mut restart, &entries, &mut |_| {})
                .map_err(|(id, message)| CliError::Corpus(format!("{id}: {message}")))?;
        let engine = match run.fuzz {
            Some(_) => super::conform::engine_for_fuzz(&report, engine, &mut restart),
            None => None,
        };
        if let (Some(f), Some(mut engine)) = (run.fuzz, engine) {
            let options = FuzzOptions {
                positions: Some(f.positions),
                seed: f.seed,
                depth: run.depth,
                time: None,
                switches: run.switches.clone(),
                aim: true,
            };
            fuzz(
                &opts,
                &mut *engine,
                &options,
                &entries,
                &mut report,
                &mut |_, _| {},
            );
        }
        // The engine has ended (moved into the fuzz above, or dropped there).
        report.coverage = Some(agreed_coverage::<G>(&report, &switches, self.walks));
        Ok(outcome_of(&report, entries.len(), &run.settled))
    }
}
