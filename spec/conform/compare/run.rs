//! The run: every corpus entry at each of its depths, shallow first, through an engine's whole
//! day. An engine that fails on one position — times out, crashes, prints what is not perft
//! output — has that check recorded as an engine error, and the run goes on with the next
//! position; a long-lived engine (UCI, USI, XBoard), which its error killed, is started again
//! first. The report then holds every divergence and every error, and the caller decides (the
//! command line exits 2 when any engine error was met, else 1 when anything diverged).
//!
//! The run stops early only where going on cannot help: the engine cannot be run at all (its
//! executable is missing, its command line is broken), it cannot be started again after an
//! error, or it failed on each of the first [`FIRST_FAILURES`] checks without ever answering (a
//! script that prints nothing, an engine spoken to in the wrong protocol) — rather than waiting
//! out a time limit at every position. The report says why ([`Report::stopped`]) and how many
//! checks were not made.

use super::{check, ConformOptions, CorpusEntry};
use crate::conform::engine::{Engine, EngineError};
use crate::conform::report::{PositionReport, Report, Status, Stopped, Summary};
use crate::explain::Explain;
use crate::Position;

/// How many checks at the start of a run may all fail in the engine, none of them answered,
/// before the run stops.
pub const FIRST_FAILURES: usize = 3;

/// Starts the engine again after an error, for the next check.
pub type Restart<'a> = dyn FnMut() -> Result<Box<dyn Engine>, EngineError> + 'a;

/// The engine a run asks: one it was lent (asked again after an error, as it is), or one it
/// owns and starts again after each error.
enum Current<'e, 'r> {
    Lent(&'e mut dyn Engine),
    Owned {
        engine: &'e mut Option<Box<dyn Engine>>,
        restart: &'r mut Restart<'r>,
    },
}

impl Current<'_, '_> {
    fn engine(&mut self) -> Option<&mut dyn Engine> {
        match self {
            Current::Lent(e) => Some(&mut **e),
            Current::Owned { engine, .. } => match engine {
                Some(e) => Some(&mut **e),
                None => None,
            },
        }
    }
}

/// Runs every check: each entry at each of its depths, shallow first. After a divergence or an
/// engine error the deeper depths of the same position are skipped (they would find the same
/// place, or fail the same way); a position the engine cannot be given is skipped. After an
/// engine error the run goes on with the same `engine` (see the module's text for when it
/// stops). `on_result` sees each check as it is made (for progress output).
///
/// Positions whose FEN the specification rejects are not the engine's fault: they are returned
/// as `Err` before anything is run.
///
/// # Errors
/// The id and the reason of the first corpus entry whose FEN is not a position of the game.
pub fn conform<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    entries: &[CorpusEntry],
    on_result: &mut dyn FnMut(&PositionReport),
) -> Result<Report, (String, String)> {
    run(opts, Current::Lent(engine), entries, on_result)
}

/// As [`conform`], for an engine process the caller hands over in `engine`: after an engine
/// error (which kills a long-lived engine) the engine is dropped and `restart` starts another
/// for the next check; the check's report says so ([`PositionReport::restarted`]). A restart
/// that fails stops the run (and leaves `engine` empty). `engine` holds the engine the run
/// ended with, for what the caller asks next (the fuzz); after an error at the last check it is
/// the engine that failed, not started again.
///
/// # Errors
/// As [`conform`].
pub fn conform_restarting<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut Option<Box<dyn Engine>>,
    restart: &mut Restart<'_>,
    entries: &[CorpusEntry],
    on_result: &mut dyn FnMut(&PositionReport),
) -> Result<Report, (String, String)> {
    let current = Current::Owned { engine, restart };
    run(opts, current, entries, on_result)
}

/// Errors after which no other position can do better: the engine cannot be run at all.
fn cannot_run(e: &EngineError) -> bool {
    matches!(
        e,
        EngineError::NotFound { .. } | EngineError::BadCommand { .. }
    )
}

fn run<G: Explain>(
    opts: &ConformOptions<'_, G>,
    mut current: Current<'_, '_>,
    entries: &[CorpusEntry],
    on_result: &mut dyn FnMut(&PositionReport),
) -> Result<Report, (String, String)> {
    let mut positions = Vec::with_capacity(entries.len());
    for e in entries {
        let pos =
            Position::<G>::from_fen(e.fen.trim()).map_err(|err| (e.id.clone(), err.to_string()))?;
        positions.push(pos);
    }
    let describe = current.engine().map(|e| e.describe()).unwrap_or_default();
    let mut report = Report {
        game: G::NAME.to_string(),
        engine: describe,
        map: opts.map_name.to_string(),
        generator: opts.generator.name().to_string(),
        counting: opts.counting,
        positions: Vec::new(),
        summary: Summary::default(),
        stopped: None,
        coverage: None,
        fuzz: None,
    };
    // Whether the engine has answered any check (agreed or diverged), and how many checks
    // failed before it did.
    let mut answered = false;
    let mut failed_first = 0;
    'entries: for (i, (entry, pos)) in entries.iter().zip(&positions).enumerate() {
        for &(depth, expected) in &entry.depths {
            let Some(engine) = current.engine() else {
                break 'entries;
            };
            let mut result = check(opts, engine, entry, pos, depth, expected);
            let status = result.status;
            let mut stop: Option<(String, EngineError)> = None;
            match (status, result.error.clone()) {
                (Status::Agree | Status::Diverged, _) => answered = true,
                (Status::EngineError, Some(error)) => {
                    if cannot_run(&error) {
                        stop = Some((
                            "the engine cannot be run (see its error above)".into(),
                            error,
                        ));
                    } else if !answered {
                        failed_first += 1;
                        if failed_first >= FIRST_FAILURES {
                            stop = Some((
                                format!(
                                    "the engine failed on each of the first {FIRST_FAILURES} \
                                     checks and answered none (see the errors above)"
                                ),
                                error,
                            ));
                        }
                    }
                    let more = i + 1 < entries.len();
                    if let (None, true, Current::Owned { engine, restart }) =
                        (&stop, more, &mut current)
                    {
                        // Kill the failed engine before starting its successor.
                        **engine = None;
                        match restart() {
                            Ok(fresh) => {
                                **engine = Some(fresh);
                                result.restarted = true;
                            }
                            Err(e) => {
                                stop = Some((
                                    "the engine could not be started again after its error"
                                        .to_string(),
                                    e,
                                ));
                            }
                        }
                    }
                }
                _ => {}
            }
            report.summary.count(status);
            on_result(&result);
            report.positions.push(result);
            let not_checked: usize = entries[i + 1..].iter().map(|e| e.depths.len()).sum();
            if let (Some((reason, error)), true) = (stop, not_checked > 0) {
                report.summary.not_checked = not_checked;
                report.stopped = Some(Stopped {
                    reason,
                    error,
                    not_checked,
                });
                break 'entries;
            }
            if status != Status::Agree {
                continue 'entries;
            }
        }
    }
    Ok(report)
}
