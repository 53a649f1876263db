//! The comparison: for every corpus position at every depth asked, the engine's divide against
//! the specification's; on any difference, a descent through the divide to the first position
//! where the legal-move lists themselves differ. An engine that only lists its moves (no perft,
//! [`Engine::counts_perft`]) is compared position by position instead, walking the
//! specification's tree.

mod explanations;
mod run;

use super::budget::spec_divide;
use super::engine::{Engine, EngineDivide, EngineError};
use super::mapping::MoveMap;
use super::matching::{compare_lists, counting_pattern, Results};
use super::report::{
    page_link, CountingPattern, Divergence, DivergenceKind, PositionReport, Status, Step,
};
use crate::explain::Explain;
use crate::perft::{divide_counting, Counting, Divide};
use crate::switches::Switches;
use crate::{Game, Generator, Position, Reason};
use explanations::{explain_differences, other_readings};
pub use run::{conform, conform_restarting, Restart, FIRST_FAILURES};

/// One corpus position and the depths to check it at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusEntry {
    pub id: String,
    /// The file it came from (for the report).
    pub source: String,
    pub fen: String,
    /// `(depth, expected count if the corpus gives one)`, in the order to check.
    pub depths: Vec<(u32, Option<u64>)>,
}

/// What a run compares with, besides the corpus.
pub struct ConformOptions<'a, G: Game> {
    /// The specification's generator.
    pub generator: &'a dyn Generator<G>,
    /// The engine's move text to the specification's.
    pub map: &'a dyn MoveMap,
    /// The mapping's name, for the report.
    pub map_name: &'a str,
    /// What counts as one node (CHU-9.5): every legal move, or one per distinct result.
    pub counting: Counting,
    /// Give the engine the position reached (its FEN, no moves) instead of the corpus position
    /// and the moves played from it — for an engine that cannot play moves itself.
    pub send_reached: bool,
    /// How long the specification's own count at a corpus position may take (`None`: no
    /// limit); a check whose count is stopped is skipped, saying why ([`super::budget`]).
    pub spec_timeout: Option<std::time::Duration>,
}

/// One position at one depth (also the check of a fuzz position, [`crate::conform::fuzz`]).
pub(crate) fn check<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    entry: &CorpusEntry,
    pos: &Position<G>,
    depth: u32,
    expected: Option<u64>,
) -> PositionReport {
    let mut report = PositionReport {
        id: entry.id.clone(),
        source: entry.source.clone(),
        fen: entry.fen.clone(),
        depth,
        spec_nodes: 0,
        engine_nodes: None,
        expected,
        status: Status::Agree,
        divergence: None,
        error: None,
        restarted: false,
        spec_stopped: None,
    };
    if depth == 0 {
        // Every implementation counts the position itself; nothing to ask.
        report.spec_nodes = 1;
        report.engine_nodes = Some(1);
        return report;
    }
    let gen = opts.generator;
    let ours = match spec_divide(gen, pos, depth, opts.counting, opts.spec_timeout) {
        Ok(ours) => ours,
        Err(why) => {
            report.status = Status::Skipped;
            report.spec_stopped = Some(why);
            return report;
        }
    };
    let spec_total = ours.total;
    let found = if engine.counts_perft() {
        descend(opts, engine, &entry.fen, pos, depth, ours)
    } else {
        walk(opts, engine, &entry.fen, pos, depth, spec_total)
    };
    match found {
        Ok((totals, divergence)) => {
            report.spec_nodes = totals.spec;
            report.engine_nodes = totals.engine;
            if divergence.is_some() {
                report.status = Status::Diverged;
            }
            report.divergence = divergence;
        }
        Err(e) => {
            report.spec_nodes = spec_total;
            report.status = match e {
                EngineError::Unsupported { .. } => Status::Skipped,
                _ => Status::EngineError,
            };
            report.error = Some(e);
        }
    }
    report
}

/// The two perft totals at a corpus position (the engine's unknown when it was not counted to
/// the end).
#[derive(Clone, Copy, Debug)]
struct Totals {
    spec: u64,
    engine: Option<u64>,
}

/// Asks the engine for its divide of the position reached by `path` (its own text) from the
/// corpus position `fen` — or, with [`ConformOptions::send_reached`], of `reached` alone.
fn ask<G: Game>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    fen: &str,
    path: &[String],
    reached: &Position<G>,
    depth: u32,
) -> Result<EngineDivide, EngineError> {
    if opts.send_reached && !path.is_empty() {
        engine.divide(&reached.fen(), &[], depth)
    } else {
        engine.divide(fen, path, depth)
    }
}

/// Where the descent stands: the position, its path in both texts, the counts so far.
struct Place<G: Game> {
    pos: Position<G>,
    depth: u32,
    path: Vec<String>,
    engine_path: Vec<String>,
    trail: Vec<Step>,
}

/// Compares the engine's moves with the spec's at one place. `None` when the lists agree (and
/// the matched moves, spec text → (engine text, engine count)); otherwise the divergence.
fn compare_here<G: Explain>(
    opts: &ConformOptions<'_, G>,
    root: &Position<G>,
    place: &Place<G>,
    theirs: &EngineDivide,
    spec_texts: &[String],
) -> Result<std::collections::BTreeMap<String, (String, u64)>, Box<Divergence>> {
    let gen = opts.generator;
    let pos = &place.pos;
    // The results are needed to match by result, and to recognise the other counting.
    let mut results: Option<Results> =
        (opts.counting == Counting::Results).then(|| Results::new(gen, pos));
    // The matching looks the spec's moves up in text order; the divide lists them in the order of
    // move lists (shogi order for Chu, crate::order).
    let mut by_text = spec_texts.to_vec();
    by_text.sort();
    let diff = compare_lists(
        opts.map,
        theirs,
        &by_text,
        opts.counting,
        results.as_ref(),
        pos,
    );
    if diff.agree() {
        return Ok(diff.matched);
    }
    let results = results.get_or_insert_with(|| Results::new(gen, pos));
    let pattern = counting_pattern(opts.map, theirs, opts.counting, results, pos).map(|c| {
        let rule = G::RULES.counting;
        let cite = rule.map(|r| format!(" ({r})")).unwrap_or_default();
        let text = match c {
            Counting::Results => format!(
                "this engine seems to count by result{cite}: its {} moves are exactly the spec's \
                 {} distinct results (of {} moves); run conform with --count results",
                theirs.moves.len(),
                results.results(),
                results.routes()
            ),
            Counting::Routes => format!(
                "this engine seems to count every route: its {} moves are exactly the spec's {} \
                 legal moves (of {} distinct results{cite}); run conform with --count routes",
                theirs.moves.len(),
                results.routes(),
                results.results()
            ),
        };
        CountingPattern {
            counting: c,
            rule: rule.map(str::to_string),
            text,
        }
    });
    let outcome = gen.outcome(pos);
    let mut notes: Vec<String> = Vec::new();
    if theirs.moves.is_empty() && !spec_texts.is_empty() {
        notes.push(
            "the engine lists no move here, as if the game were over; in the spec it goes on (no \
             rule of the game's end applies)"
                .to_string(),
        );
    } else if spec_texts.is_empty() && outcome.is_none() {
        notes.push(
            "the spec has no legal move here, and the game is not over by any other rule"
                .to_string(),
        );
    }
    if theirs.moves.len() < spec_texts.len() {
        if let Some(win) = royal_capture(gen, pos) {
            notes.push(format!(
                "the side to move can end the game here by taking the enemy's last royal ({win})"
            ));
        }
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    // The engine's moves in the spec's text: the matched ones, and its own as the map reads them.
    let engine_moves: std::collections::BTreeSet<String> = diff
        .matched
        .keys()
        .cloned()
        .chain(
            diff.only_engine
                .iter()
                .map(|shown| shown.rsplit(" -> ").next().unwrap_or(shown).to_string()),
        )
        .collect();
    let readings = other_readings(gen, root, &place.path, &engine_moves, opts.counting);
    Err(Box::new(Divergence {
        explanations: explain_differences(gen, pos, &diff.only_engine, &diff.only_spec),
        kind: DivergenceKind::MoveLists,
        fen: pos.fen(),
        path: place.path.clone(),
        engine_path: place.engine_path.clone(),
        depth: place.depth,
        only_engine: diff.only_engine,
        only_spec: diff.only_spec,
        listed_twice: diff.twice,
        trail: place.trail.clone(),
        spec_moves: spec_texts.len(),
        engine_moves: theirs.moves.len(),
        counting_pattern: pattern,
        note,
        readings,
        page: page(gen, pos),
    }))
}

/// The position on the page of `fairyspec serve`, under the generator's rule switches.
fn page<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>) -> String {
    let changed: Vec<(&str, &str)> = gen
        .switches()
        .values()
        .into_iter()
        .filter(|(name, value)| {
            G::Switches::SWITCHES
                .iter()
                .any(|s| s.name == *name && s.default_value() != *value)
        })
        .collect();
    page_link(G::NAME, &pos.fen(), &changed)
}

/// A legal move of `pos` that wins at once by taking the enemy's last royal (a King, a Congo
/// lion), in words with its rule, if there is one.
fn royal_capture<G: Explain>(gen: &dyn Generator<G>, pos: &Position<G>) -> Option<String> {
    let mut moves = gen.legal_moves(pos);
    moves.sort_by_key(|m| m.to_string());
    moves.into_iter().find_map(|m| {
        let after = gen.play_unchecked(pos, &m);
        let o = gen.outcome(&after)?;
        let taken = matches!(o.reason, Reason::RoyalCaptured | Reason::LionCaptured);
        (taken && o.winner == Some(pos.turn()))
            .then(|| format!("{m}: {} ({})", o, G::outcome_rule(o.reason)))
    })
}

/// A divergence of a kind other than the move lists, at `place`.
fn divergence_at<G: Game>(
    gen: &dyn Generator<G>,
    place: &Place<G>,
    kind: DivergenceKind,
    spec_moves: usize,
    engine_moves: usize,
) -> Divergence {
    Divergence {
        explanations: Vec::new(),
        kind,
        fen: place.pos.fen(),
        path: place.path.clone(),
        engine_path: place.engine_path.clone(),
        depth: place.depth,
        only_engine: Vec::new(),
        only_spec: Vec::new(),
        listed_twice: Vec::new(),
        trail: place.trail.clone(),
        spec_moves,
        engine_moves,
        counting_pattern: None,
        note: None,
        readings: Vec::new(),
        page: page(gen, &place.pos),
    }
}

/// Compares the two divides at the corpus position (the specification's is `root_divide`) and,
/// while their move lists agree, follows the first move (in the specification's text order)
/// whose counts differ. Returns the two totals at the corpus position and the divergence, if any.
fn descend<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    fen: &str,
    root: &Position<G>,
    depth: u32,
    root_divide: Divide,
) -> Result<(Totals, Option<Divergence>), EngineError> {
    let gen = opts.generator;
    let mut place = Place {
        pos: root.clone(),
        depth,
        path: Vec::new(),
        engine_path: Vec::new(),
        trail: Vec::new(),
    };
    let mut root_total: Option<Totals> = None;
    let mut first = Some(root_divide);
    loop {
        let theirs = ask(
            opts,
            engine,
            fen,
            &place.engine_path,
            &place.pos,
            place.depth,
        )?;
        let ours = match first.take() {
            Some(ours) => ours,
            None => divide_counting(gen, &place.pos, place.depth, opts.counting),
        };
        let total = *root_total.get_or_insert(Totals {
            spec: ours.total,
            engine: Some(theirs.total),
        });
        let spec_texts: Vec<String> = ours.moves.iter().map(|(m, _)| m.clone()).collect();
        let matched = match compare_here(opts, root, &place, &theirs, &spec_texts) {
            Ok(matched) => matched,
            Err(d) => return Ok((total, Some(*d))),
        };
        // Same move lists: the first move whose counts differ.
        let differing = ours.moves.iter().find_map(|(text, spec_count)| {
            let (engine_text, engine_count) = matched.get(text)?;
            (engine_count != spec_count).then(|| {
                (
                    text.clone(),
                    engine_text.clone(),
                    *spec_count,
                    *engine_count,
                )
            })
        });
        let (n_spec, n_engine) = (ours.moves.len(), theirs.moves.len());
        let Some((text, engine_text, spec_count, engine_count)) = differing else {
            // Same moves, same counts here.
            if place.trail.is_empty() && theirs.total == ours.total {
                return Ok((total, None));
            }
            let kind = if place.trail.is_empty() {
                // Only the engine's total disagrees with its own lines (an engine that printed
                // no divide lines, just a total).
                DivergenceKind::LeafCounts
            } else {
                DivergenceKind::EngineInconsistent
            };
            return Ok((
                total,
                Some(divergence_at(gen, &place, kind, n_spec, n_engine)),
            ));
        };
        if place.depth == 1 {
            place.trail.push(Step {
                mv: text,
                engine_move: engine_text,
                depth: 0,
                spec: spec_count,
                engine: engine_count,
            });
            let d = divergence_at(gen, &place, DivergenceKind::LeafCounts, n_spec, n_engine);
            return Ok((total, Some(d)));
        }
        let Ok(mv) = gen.parse_move(&place.pos, &text) else {
            // The spec's own move text always parses back; treat a failure as no divergence
            // found below this point rather than panicking.
            let d = divergence_at(
                gen,
                &place,
                DivergenceKind::EngineInconsistent,
                n_spec,
                n_engine,
            );
            return Ok((total, Some(d)));
        };
        place.pos = gen.play_unchecked(&place.pos, &mv);
        place.depth -= 1;
        place.trail.push(Step {
            mv: text.clone(),
            engine_move: engine_text.clone(),
            depth: place.depth,
            spec: spec_count,
            engine: engine_count,
        });
        place.path.push(text);
        place.engine_path.push(engine_text);
    }
}

/// For an engine that only lists moves: compares the move lists of every position of the
/// specification's tree above the leaves (depth − 1 plies deep), in the spec's move order, and
/// stops at the first that differs. When all agree, the engine's count is the spec's (`spec`).
fn walk<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    fen: &str,
    root: &Position<G>,
    depth: u32,
    spec: u64,
) -> Result<(Totals, Option<Divergence>), EngineError> {
    let mut stack = vec![Place {
        pos: root.clone(),
        depth,
        path: Vec::new(),
        engine_path: Vec::new(),
        trail: Vec::new(),
    }];
    while let Some(place) = stack.pop() {
        let theirs = ask(opts, engine, fen, &place.engine_path, &place.pos, 1)?;
        let ours = divide_counting(opts.generator, &place.pos, 1, opts.counting);
        let spec_texts: Vec<String> = ours.moves.iter().map(|(m, _)| m.clone()).collect();
        let matched = match compare_here(opts, root, &place, &theirs, &spec_texts) {
            Ok(matched) => matched,
            Err(d) => {
                let totals = Totals { spec, engine: None };
                return Ok((totals, Some(*d)));
            }
        };
        if place.depth <= 1 {
            continue;
        }
        // Children in reverse, so that the first move (in text order) is walked first.
        for text in spec_texts.iter().rev() {
            let (Some((engine_text, _)), Ok(mv)) = (
                matched.get(text),
                opts.generator.parse_move(&place.pos, text),
            ) else {
                continue;
            };
            let child = opts.generator.play_unchecked(&place.pos, &mv);
            let mut path = place.path.clone();
            path.push(text.clone());
            let mut engine_path = place.engine_path.clone();
            engine_path.push(engine_text.clone());
            stack.push(Place {
                pos: child,
                depth: place.depth - 1,
                path,
                engine_path,
                trail: Vec::new(),
            });
        }
    }
    Ok((
        Totals {
            spec,
            engine: Some(spec),
        },
        None,
    ))
}

#[cfg(test)]
mod tests;
