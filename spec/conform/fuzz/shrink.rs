//! Shrinking a divergence: the shortest prefix of the playout that shows the same difference,
//! then the smallest depth at which that prefix still shows it.
//!
//! "The same difference" is judged by the divergence's [`Signature`]: its kind, and for each move
//! the two sides disagree about, the side, the verdict and the *first* rule the specification's
//! explanation cites (the rule that makes the move, or forbids it; not its incidental effects
//! such as a capture or a check). Two divergences are the same when they are of one kind and
//! share such a rule — so a shorter line that trips over another bug of the engine is not taken
//! for this one. The prefixes are tried shortest
//! first, so the result is the shortest (not merely a local minimum); every check is remembered
//! for the run, since playouts share their first positions.

use super::playout::Playout;
use crate::conform::compare::check;
use crate::conform::report::{DivergenceKind, PositionReport, Status};
use crate::conform::{ConformOptions, CorpusEntry, Engine};
use crate::explain::Explain;
use std::collections::{BTreeSet, HashMap};

/// What makes two divergences the same difference (see the module's comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    kind: DivergenceKind,
    /// `(side, legal, first rule)` of every explanation.
    rules: BTreeSet<(String, bool, String)>,
}

impl Signature {
    /// Whether `other` shows the same difference: the same kind, and a rule in common (or no
    /// explanation on either side, where the kind is all there is).
    pub fn same(&self, other: &Signature) -> bool {
        self.kind == other.kind
            && (self.rules.is_empty() && other.rules.is_empty()
                || self.rules.intersection(&other.rules).next().is_some())
    }
}

/// The signature of a check that diverged; `None` for any other status.
pub fn signature(p: &PositionReport) -> Option<Signature> {
    let d = p
        .divergence
        .as_ref()
        .filter(|_| p.status == Status::Diverged)?;
    let rules = d
        .explanations
        .iter()
        .filter_map(|e| Some((e.side.clone(), e.legal, e.rules.first()?.clone())))
        .collect();
    Some(Signature {
        kind: d.kind,
        rules,
    })
}

/// The checks of a run, by FEN and depth (a check's result depends on nothing else).
#[derive(Default)]
pub struct Checks {
    done: HashMap<(String, u32), PositionReport>,
    /// Checks made (not found in the cache).
    pub made: usize,
}

impl Checks {
    /// Remembers a check made elsewhere (the corpus run's) of the position with this FEN (as
    /// [`crate::Position::fen`] writes it); only agreement and divergence are remembered, since
    /// an engine error or a skip says nothing about the position.
    pub fn remember(&mut self, fen: &str, p: &PositionReport) {
        if matches!(p.status, Status::Agree | Status::Diverged) {
            let mut p = p.clone();
            p.fen = fen.to_string();
            self.done.insert((fen.to_string(), p.depth), p);
        }
    }

    /// The check of `fen` at `depth` (made now, or remembered), under the id `id`.
    pub fn check<G: Explain>(
        &mut self,
        opts: &ConformOptions<'_, G>,
        engine: &mut dyn Engine,
        id: &str,
        fen: &str,
        depth: u32,
    ) -> PositionReport {
        let key = (fen.to_string(), depth);
        if let Some(p) = self.done.get(&key) {
            let mut p = p.clone();
            p.id = id.to_string();
            return p;
        }
        let entry = CorpusEntry {
            id: id.to_string(),
            source: "fuzz".to_string(),
            fen: fen.to_string(),
            depths: vec![(depth, None)],
        };
        // A FEN the generator wrote itself always reads back; if one did not, there is nothing
        // to check (the caller never asks for one: it made the position from this FEN).
        let report = match crate::Position::<G>::from_fen(fen) {
            Ok(pos) => check(opts, engine, &entry, &pos, depth, None),
            Err(_) => unreachable_fen(&entry, depth),
        };
        self.made += 1;
        self.done.insert(key, report.clone());
        report
    }
}

/// The report of a check that could not be made: skipped, with the reason.
fn unreachable_fen(entry: &CorpusEntry, depth: u32) -> PositionReport {
    PositionReport {
        id: entry.id.clone(),
        source: entry.source.clone(),
        fen: entry.fen.clone(),
        depth,
        spec_nodes: 0,
        engine_nodes: None,
        expected: None,
        status: Status::Skipped,
        divergence: None,
        restarted: false,
        spec_stopped: None,
        error: Some(crate::conform::EngineError::Unsupported {
            query: entry.fen.clone(),
            reason: "the specification cannot read back its own FEN".to_string(),
        }),
    }
}

/// A divergence shrunk: the prefix length, the depth, and the check there.
pub struct Shrunk {
    pub plies: usize,
    pub depth: u32,
    pub report: PositionReport,
    /// Checks made while shrinking (remembered ones not counted).
    pub checks: usize,
}

/// Shrinks the divergence `found` (the check of `line`'s end at `depth`): every shorter prefix
/// of the line, shortest first, is checked at `depth` until one shows the same difference; then
/// that prefix at depths 1, 2, … below `depth`. An engine error ends the shrinking where it is
/// (the engine may be gone); what was found so far stands.
pub fn shrink<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    checks: &mut Checks,
    line: &Playout<G>,
    depth: u32,
    found: &PositionReport,
) -> Shrunk {
    let made = checks.made;
    let mut best = Shrunk {
        plies: line.moves.len(),
        depth,
        report: found.clone(),
        checks: 0,
    };
    let Some(wanted) = signature(found) else {
        return best;
    };
    let same = |p: &PositionReport| signature(p).is_some_and(|s| wanted.same(&s));
    let mut failed = false;
    for plies in 0..line.moves.len() {
        let p = checks.check(opts, engine, &found.id, &line.positions[plies].fen(), depth);
        if p.status == crate::conform::Status::EngineError {
            failed = true;
            break;
        }
        if same(&p) {
            best.plies = plies;
            best.report = p;
            break;
        }
    }
    if !failed {
        let fen = line.positions[best.plies].fen();
        for d in 1..depth {
            let p = checks.check(opts, engine, &found.id, &fen, d);
            if p.status == crate::conform::Status::EngineError {
                break;
            }
            if same(&p) {
                best.depth = d;
                best.report = p;
                break;
            }
        }
    }
    best.checks = checks.made - made;
    best
}
