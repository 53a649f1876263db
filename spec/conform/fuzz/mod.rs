//! Fuzzing an outside engine (`fairyspec conform --fuzz N --seed S`): besides the corpus, `N`
//! positions made by seeded random playouts are checked against the engine exactly as corpus
//! positions are ([`crate::conform::compare`]: the same comparison, the same descent to the first
//! differing position, the same explanations), and every divergence is shrunk to the shortest
//! playout that shows it and printed as a `.perft` block the engine's author can keep.
//!
//! - Where the positions come from ([`playout`]): random legal playouts of the specification's
//!   generator, under the run's rule readings (`--switch`), from the game's start position and
//!   from every corpus position; and every other position from the search aimed at the rules
//!   the run has not exercised yet ([`aim`]).
//! - Shrinking ([`shrink()`]): the shortest prefix of the playout that shows the same difference,
//!   then the smallest depth.
//! - The block ([`finding::perft_block`]): `id`, `epd`, `perft D N` with the specification's count,
//!   in the format of `corpus/*/*.perft`.
//!
//! **The same seed gives the same run.** Every random choice comes from one [`SplitMix64`]
//! seeded by `--seed`, over moves sorted by text; what is checked next never depends on the
//! engine's answers, only on the specification. So the positions, their order and the shrinking
//! are the same on every run; a time limit (`--fuzz-time`) only decides how far down the same
//! sequence a run gets.

pub mod aim;
pub mod finding;
pub mod playout;
pub mod shrink;

pub use crate::corpus::random::SplitMix64;
pub use finding::{perft_block, BlockContext, Finding, FuzzReport};

use super::compare::{ConformOptions, CorpusEntry};
use super::engine::Engine;
use super::report::{PositionReport, Report, Status};
use crate::coverage::{Cover, RuleSet};
use crate::Position;
use aim::Aim;
use playout::{plain, roots, Playout};
use shrink::{shrink, Checks};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What a fuzz run does.
#[derive(Clone, Debug)]
pub struct FuzzOptions {
    /// At most this many positions (`--fuzz N`; `None`: until the time is up).
    pub positions: Option<usize>,
    /// The seed of every random choice (`--seed`).
    pub seed: u64,
    /// The depth each position is checked at.
    pub depth: u32,
    /// No new position is started after this long (`--fuzz-time`).
    pub time: Option<Duration>,
    /// The run's `--switch NAME=VALUE` readings, for the blocks' comments.
    pub switches: Vec<String>,
    /// Every other position from the search aimed at rules not yet exercised ([`aim`]); off,
    /// plain playouts only.
    pub aim: bool,
}

/// How many playouts may fail to give a new position, per position asked, before the run gives
/// up (a tiny game tree has few distinct positions).
const ATTEMPTS_PER_POSITION: usize = 50;

/// Runs the fuzz after a corpus run: appends a check per fuzz position to `report` (its
/// `positions` and `summary`) and the fuzz summary (`report.fuzz`). `corpus` gives the roots,
/// and the checks already made on it (`report.positions`) are not made again. `on_result`
/// sees each check as it is made, with its finding when it diverged (the check it sees, and the
/// one in the report, is then the shrunk one).
///
/// After an engine error no further position is tried, as in the corpus run.
pub fn fuzz<G: Cover>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    fuzz: &FuzzOptions,
    corpus: &[CorpusEntry],
    report: &mut Report,
    on_result: &mut dyn FnMut(&PositionReport, Option<&Finding>),
) {
    let started = Instant::now();
    let gen = opts.generator;
    let roots = roots::<G>(corpus);
    let mut rng = SplitMix64::new(fuzz.seed);
    let mut checks = Checks::default();
    let mut seen: HashSet<String> = HashSet::new();
    let mut aim = Aim::<G>::new(gen.switches());
    // The corpus positions count as seen, their checks as made, and the rules they exercised
    // as exercised.
    for p in &report.positions {
        if let Ok(pos) = Position::<G>::from_fen(p.fen.trim()) {
            seen.insert(pos.fen());
            checks.remember(&pos.fen(), p);
            if matches!(p.status, Status::Agree | Status::Diverged) {
                aim.record(None, &aim.exercises(&pos, p.depth));
            }
        }
    }
    let mut beyond_corpus = RuleSet::new();
    let ctx = BlockContext {
        game: G::NAME,
        seed: fuzz.seed,
        generator: gen.name(),
        counting: opts.counting,
        switches: &fuzz.switches,
    };
    let mut out = FuzzReport {
        seed: fuzz.seed,
        depth: fuzz.depth,
        asked: fuzz.positions,
        time_limit: fuzz.time.map(|t| t.as_secs()),
        positions: 0,
        aimed: 0,
        rules_beyond_corpus: Vec::new(),
        rules_missing: Vec::new(),
        stopped: None,
        findings: Vec::new(),
    };
    let wanted = fuzz.positions.unwrap_or(usize::MAX);
    let mut attempts = wanted.saturating_mul(ATTEMPTS_PER_POSITION);
    while out.positions < wanted {
        if fuzz.time.is_some_and(|t| started.elapsed() >= t) {
            if fuzz.positions.is_some() {
                out.stopped = Some(format!(
                    "the time limit of {} s was up",
                    fuzz.time.map_or(0, |t| t.as_secs())
                ));
            }
            break;
        }
        if attempts == 0 {
            out.stopped = Some("no new distinct position was found".to_string());
            break;
        }
        attempts -= 1;
        // Every other position aimed, while rules are missing.
        let aimed = fuzz.aim && out.positions % 2 == 1;
        let (line, aimed) = match aimed.then(|| aim.line(gen, &roots, &mut rng, fuzz.depth)) {
            Some(Some(line)) => (line, true),
            _ => (plain(gen, &roots, &mut rng), false),
        };
        let fen = line.end().fen();
        if !seen.insert(fen.clone()) {
            continue;
        }
        out.positions += 1;
        out.aimed += usize::from(aimed);
        let id = format!("fuzz-{}", out.positions);
        let mut result = checks.check(opts, engine, &id, &fen, fuzz.depth);
        let mut finding = None;
        if result.status == Status::Diverged {
            let (mut f, shrunk) =
                shrunk_finding(opts, engine, &mut checks, &ctx, &roots, &line, &result);
            f.same_as = out
                .findings
                .iter()
                .find(|e| e.fen == f.fen && e.shrunk_depth == f.shrunk_depth)
                .map(|e| e.same_as.clone().unwrap_or_else(|| e.id.clone()));
            result = shrunk;
            finding = Some(f);
        }
        if result.status != Status::EngineError {
            let rules = aim.exercises(line.end(), fuzz.depth);
            beyond_corpus.extend(aim.record(Some(&line), &rules));
        }
        report.summary.count(result.status);
        on_result(&result, finding.as_ref());
        let status = result.status;
        report.positions.push(result);
        out.findings.extend(finding);
        if status == Status::EngineError {
            out.stopped = Some("the engine failed".to_string());
            break;
        }
    }
    out.rules_beyond_corpus = beyond_corpus.into_iter().map(str::to_string).collect();
    out.rules_missing = aim.missing().into_iter().map(str::to_string).collect();
    report.fuzz = Some(out);
}

/// Shrinks the divergence `found` at the end of `line` and makes its finding; the check of the
/// shrunk position (under the fuzz position's id) goes into the report.
fn shrunk_finding<G: Cover>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    checks: &mut Checks,
    ctx: &BlockContext<'_>,
    roots: &[playout::Root<G>],
    line: &Playout<G>,
    found: &PositionReport,
) -> (Finding, PositionReport) {
    let s = shrink(opts, engine, checks, line, found.depth, found);
    let root = &roots[line.root];
    let mut f = Finding {
        id: found.id.clone(),
        root: root.id.clone(),
        root_fen: root.pos.fen(),
        playout: line.moves.clone(),
        depth: found.depth,
        shrunk: line.moves[..s.plies].to_vec(),
        shrunk_depth: s.depth,
        fen: s.report.fen.clone(),
        spec_nodes: s.report.spec_nodes,
        engine_nodes: s.report.engine_nodes,
        shrink_checks: s.checks,
        block: String::new(),
        same_as: None,
    };
    f.block = perft_block(ctx, &f);
    (f, s.report)
}

#[cfg(test)]
mod tests;
