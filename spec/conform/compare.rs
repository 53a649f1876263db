//! The comparison: for every corpus position at every depth asked, the engine's divide against
//! the specification's; on any difference, a descent through the divide to the first position
//! where the legal-move lists themselves differ.

use super::engine::{Engine, EngineDivide, EngineError};
use super::mapping::MoveMap;
use super::report::{
    Divergence, DivergenceKind, MoveExplanation, PositionReport, Report, Status, Step, Summary,
};
use crate::explain::{explain, Explain};
use crate::perft::divide;
use crate::{Game, Generator, Position};
use std::collections::BTreeMap;

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
}

/// Runs every check: each entry at each of its depths, shallow first. After a divergence the
/// deeper depths of the same position are skipped (they would find the same place); after an
/// engine error the run stops. `on_result` sees each check as it is made (for progress output).
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
    let mut positions = Vec::with_capacity(entries.len());
    for e in entries {
        let pos =
            Position::<G>::from_fen(e.fen.trim()).map_err(|err| (e.id.clone(), err.to_string()))?;
        positions.push(pos);
    }
    let mut report = Report {
        game: G::NAME.to_string(),
        engine: engine.describe(),
        map: opts.map_name.to_string(),
        generator: opts.generator.name().to_string(),
        positions: Vec::new(),
        summary: Summary::default(),
    };
    'entries: for (entry, pos) in entries.iter().zip(&positions) {
        for &(depth, expected) in &entry.depths {
            let result = check(opts, engine, entry, pos, depth, expected);
            report.summary.count(result.status);
            on_result(&result);
            let status = result.status;
            report.positions.push(result);
            match status {
                Status::Agree => {}
                Status::Diverged => continue 'entries,
                Status::EngineError => break 'entries,
            }
        }
    }
    Ok(report)
}

/// One position at one depth.
fn check<G: Explain>(
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
    };
    if depth == 0 {
        // Every implementation counts the position itself; nothing to ask.
        report.spec_nodes = 1;
        report.engine_nodes = Some(1);
        return report;
    }
    match descend(opts, engine, &entry.fen, pos, depth) {
        Ok((totals, divergence)) => {
            report.spec_nodes = totals.spec;
            report.engine_nodes = Some(totals.engine);
            if divergence.is_some() {
                report.status = Status::Diverged;
            }
            report.divergence = divergence;
        }
        Err(e) => {
            report.spec_nodes = opts.generator.perft(pos, depth);
            report.status = Status::EngineError;
            report.error = Some(e);
        }
    }
    report
}

/// Compares the two divides at the corpus position and, while their move lists agree, follows
/// the first move (in the specification's text order) whose counts differ. Returns the two
/// totals at the corpus position and the divergence, if any.
fn descend<G: Explain>(
    opts: &ConformOptions<'_, G>,
    engine: &mut dyn Engine,
    fen: &str,
    root: &Position<G>,
    depth: u32,
) -> Result<(Totals, Option<Divergence>), EngineError> {
    let gen = opts.generator;
    let mut pos = root.clone();
    let mut depth = depth;
    let mut path: Vec<String> = Vec::new();
    let mut engine_path: Vec<String> = Vec::new();
    let mut trail: Vec<Step> = Vec::new();
    let mut root_total = None;
    loop {
        let theirs = engine.divide(fen, &engine_path, depth)?;
        let ours = divide(gen, &pos, depth);
        root_total.get_or_insert(Totals {
            spec: ours.total,
            engine: theirs.total,
        });
        let spec_texts: Vec<String> = ours.moves.iter().map(|(m, _)| m.clone()).collect();
        let diff = compare_lists(opts.map, &theirs, &spec_texts);
        let found = |kind, only_engine: Vec<String>, only_spec: Vec<String>, trail| Divergence {
            explanations: explain_differences(gen, &pos, &only_engine, &only_spec),
            kind,
            fen: pos.fen(),
            path: path.clone(),
            engine_path: engine_path.clone(),
            depth,
            only_engine,
            only_spec,
            trail,
            spec_moves: ours.moves.len(),
            engine_moves: theirs.moves.len(),
        };
        let total = root_total.unwrap_or(Totals {
            spec: ours.total,
            engine: theirs.total,
        });
        if !diff.only_engine.is_empty() || !diff.only_spec.is_empty() {
            let d = found(
                DivergenceKind::MoveLists,
                diff.only_engine,
                diff.only_spec,
                trail,
            );
            return Ok((total, Some(d)));
        }
        // Same move lists: the first move whose counts differ.
        let differing = ours.moves.iter().find_map(|(text, spec_count)| {
            let (engine_text, engine_count) = diff.matched.get(text)?;
            (engine_count != spec_count).then(|| {
                (
                    text.clone(),
                    engine_text.clone(),
                    *spec_count,
                    *engine_count,
                )
            })
        });
        let Some((text, engine_text, spec_count, engine_count)) = differing else {
            // Same moves, same counts here.
            if trail.is_empty() && theirs.total == ours.total {
                return Ok((total, None));
            }
            let kind = if trail.is_empty() {
                // Only the engine's total disagrees with its own lines (an engine that printed
                // no divide lines, just a total).
                DivergenceKind::LeafCounts
            } else {
                DivergenceKind::EngineInconsistent
            };
            return Ok((total, Some(found(kind, Vec::new(), Vec::new(), trail))));
        };
        if depth == 1 {
            trail.push(Step {
                mv: text,
                engine_move: engine_text,
                depth: 0,
                spec: spec_count,
                engine: engine_count,
            });
            return Ok((
                total,
                Some(found(
                    DivergenceKind::LeafCounts,
                    Vec::new(),
                    Vec::new(),
                    trail,
                )),
            ));
        }
        let Ok(mv) = gen.parse_move(&pos, &text) else {
            // The spec's own move text always parses back; treat a failure as no divergence
            // found below this point rather than panicking.
            return Ok((
                total,
                Some(found(
                    DivergenceKind::EngineInconsistent,
                    Vec::new(),
                    Vec::new(),
                    trail,
                )),
            ));
        };
        pos = gen.play_unchecked(&pos, &mv);
        depth -= 1;
        trail.push(Step {
            mv: text.clone(),
            engine_move: engine_text.clone(),
            depth,
            spec: spec_count,
            engine: engine_count,
        });
        path.push(text);
        engine_path.push(engine_text);
    }
}

/// The two perft totals at a corpus position.
#[derive(Clone, Copy, Debug)]
struct Totals {
    spec: u64,
    engine: u64,
}

/// The engine's moves matched to the specification's.
struct ListDiff {
    /// spec text -> (engine text, engine count)
    matched: BTreeMap<String, (String, u64)>,
    only_engine: Vec<String>,
    only_spec: Vec<String>,
}

/// The specification's explanation of each move the two lists do not share: why the spec's own
/// moves are legal (and what they do), why the engine's extra moves are not.
fn explain_differences<G: Explain>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    only_engine: &[String],
    only_spec: &[String],
) -> Vec<MoveExplanation> {
    let engine_moves = only_engine.iter().map(|shown| {
        // `engine text -> mapped text`: the mapped text is the spec's reading of the move.
        let text = shown.rsplit(" -> ").next().unwrap_or(shown);
        (true, text)
    });
    let spec_moves = only_spec.iter().map(|text| (false, text.as_str()));
    engine_moves
        .chain(spec_moves)
        .map(|(engine_only, text)| {
            let side = if engine_only {
                "engine-only"
            } else {
                "spec-only"
            };
            match explain::<G>(gen.switches(), pos, text) {
                Ok(e) => MoveExplanation::from_explanation(side, &e),
                Err(err) => MoveExplanation {
                    side: side.to_string(),
                    mv: text.to_string(),
                    legal: false,
                    text: format!("the spec cannot read it: {err}"),
                    rules: Vec::new(),
                },
            }
        })
        .collect()
}

fn compare_lists(map: &dyn MoveMap, theirs: &EngineDivide, spec_texts: &[String]) -> ListDiff {
    let mut matched = BTreeMap::new();
    let mut only_engine = Vec::new();
    for (engine_text, count) in &theirs.moves {
        let mapped = map.to_spec(engine_text, spec_texts);
        let shown = if &mapped == engine_text {
            engine_text.clone()
        } else {
            format!("{engine_text} -> {mapped}")
        };
        if spec_texts.binary_search(&mapped).is_err() || matched.contains_key(&mapped) {
            // Not a spec move, or a second engine move with the same text.
            only_engine.push(shown);
        } else {
            matched.insert(mapped, (engine_text.clone(), *count));
        }
    }
    only_engine.sort();
    let only_spec = spec_texts
        .iter()
        .filter(|t| !matched.contains_key(*t))
        .cloned()
        .collect();
    ListDiff {
        matched,
        only_engine,
        only_spec,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conform::mapping::Identity;
    use crate::kuma::Kuma;

    /// An engine made of the spec's reference generator, with a fault: `drop` removes one move
    /// text in the position with that FEN; `lie` adds one to the total of a position's divide
    /// when asked at the corpus position with these moves.
    struct Fake {
        drop: Option<(String, String)>,
        lie_at: Option<Vec<String>>,
        calls: usize,
    }

    impl Engine for Fake {
        fn describe(&self) -> String {
            "fake".to_string()
        }
        fn divide(
            &mut self,
            fen: &str,
            moves: &[String],
            depth: u32,
        ) -> Result<EngineDivide, EngineError> {
            self.calls += 1;
            let gen = Kuma::reference(&Default::default());
            let mut pos = Position::<Kuma>::from_fen(fen).unwrap();
            for m in moves {
                let mv = gen.parse_move(&pos, m).unwrap();
                pos = gen.play_unchecked(&pos, &mv);
            }
            let drop = self.drop.clone();
            let perft = |p: &Position<Kuma>, d: u32| -> u64 {
                // A perft that forgets the dropped move wherever its position occurs.
                fn count(
                    gen: &dyn Generator<Kuma>,
                    p: &Position<Kuma>,
                    d: u32,
                    drop: &Option<(String, String)>,
                ) -> u64 {
                    if d == 0 {
                        return 1;
                    }
                    let fen = p.fen();
                    gen.legal_moves(p)
                        .iter()
                        .filter(|m| drop.as_ref() != Some(&(fen.clone(), m.to_string())))
                        .map(|m| count(gen, &gen.play_unchecked(p, m), d - 1, drop))
                        .sum()
                }
                count(&*gen, p, d, &drop)
            };
            let here = pos.fen();
            let mut out: Vec<(String, u64)> = gen
                .legal_moves(&pos)
                .iter()
                .filter(|m| drop.as_ref() != Some(&(here.clone(), m.to_string())))
                .map(|m| {
                    (
                        m.to_string(),
                        perft(&gen.play_unchecked(&pos, m), depth - 1),
                    )
                })
                .collect();
            if self.lie_at.as_deref() == Some(moves) {
                out[0].1 += 1;
            }
            let total = out.iter().map(|(_, n)| n).sum();
            Ok(EngineDivide { moves: out, total })
        }
    }

    fn run(engine: &mut Fake, depth: u32) -> Report {
        let gen = Kuma::reference(&Default::default());
        let opts = ConformOptions {
            generator: &*gen,
            map: &Identity,
            map_name: "identity",
        };
        let entry = CorpusEntry {
            id: "start".to_string(),
            source: "test".to_string(),
            fen: Kuma::START_FEN.to_string(),
            depths: vec![(depth, None)],
        };
        conform(&opts, engine, &[entry], &mut |_| {}).unwrap()
    }

    #[test]
    fn a_faithful_engine_agrees() {
        let mut e = Fake {
            drop: None,
            lie_at: None,
            calls: 0,
        };
        let r = run(&mut e, 2);
        assert_eq!(r.summary.agreed, 1);
        assert_eq!(r.positions[0].engine_nodes, Some(256));
        assert_eq!(e.calls, 1);
    }

    #[test]
    fn the_descent_stops_where_a_move_is_missing() {
        // After 1. e2e4 d7d5 the engine forgets White's capture e4d5.
        let after = "ubvskvbr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/UBVSKVBR w KQkq d6 0 2";
        let gen = Kuma::reference(&Default::default());
        let mut pos = Position::<Kuma>::start();
        for m in ["e2e4", "d7d5"] {
            let mv = gen.parse_move(&pos, m).unwrap();
            pos = gen.play_unchecked(&pos, &mv);
        }
        assert_eq!(pos.fen(), after);
        let mut e = Fake {
            drop: Some((after.to_string(), "e4d5".to_string())),
            lie_at: None,
            calls: 0,
        };
        let r = run(&mut e, 3);
        let d = r.positions[0].divergence.as_ref().unwrap();
        assert_eq!(d.kind, DivergenceKind::MoveLists);
        assert_eq!(d.fen, after);
        assert_eq!(d.path, vec!["e2e4", "d7d5"]);
        assert_eq!(d.only_spec, vec!["e4d5"]);
        assert!(d.only_engine.is_empty());
        // One query per level: the root, after e2e4, after e2e4 d7d5.
        assert_eq!(e.calls, 3);
        assert_eq!(d.trail.len(), 2);
        assert_eq!(d.trail[1].spec, d.trail[1].engine + 1);
    }

    #[test]
    fn an_engine_that_contradicts_itself_is_named_so() {
        // The root divide inflates its first move's count by one; one level down the engine's
        // own divide of that position adds up to the true count.
        let mut e = Fake {
            drop: None,
            lie_at: Some(Vec::new()),
            calls: 0,
        };
        let r = run(&mut e, 2);
        let d = r.positions[0].divergence.as_ref().unwrap();
        assert_eq!(d.kind, DivergenceKind::EngineInconsistent);
        assert_eq!(d.path.len(), 1);
        // At depth 1 an inflated count is a leaf-count divergence.
        let mut e = Fake {
            drop: None,
            lie_at: Some(Vec::new()),
            calls: 0,
        };
        let r = run(&mut e, 1);
        let d = r.positions[0].divergence.as_ref().unwrap();
        assert_eq!(d.kind, DivergenceKind::LeafCounts);
    }
}
