use super::*;
use crate::conform::mapping::Identity;
use crate::conform::report::Report;
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
    run_engine(engine, depth)
}

fn run_engine(engine: &mut dyn Engine, depth: u32) -> Report {
    let gen = Kuma::reference(&Default::default());
    let opts = ConformOptions {
        generator: &*gen,
        map: &Identity,
        map_name: "identity",
        counting: Counting::Routes,
        send_reached: false,
        spec_timeout: None,
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

/// [`Fake`] as an engine that only lists moves (an XBoard engine): the comparison walks.
struct ListOnly(Fake);

impl Engine for ListOnly {
    fn describe(&self) -> String {
        "list only".to_string()
    }
    fn counts_perft(&self) -> bool {
        false
    }
    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        assert_eq!(depth, 1, "a move-list engine is asked for moves only");
        self.0.divide(fen, moves, 1)
    }
}

#[test]
fn a_move_list_engine_is_walked_position_by_position() {
    let after = "ubvskvbr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/UBVSKVBR w KQkq d6 0 2";
    let mut faithful = ListOnly(Fake {
        drop: None,
        lie_at: None,
        calls: 0,
    });
    let r = run_engine(&mut faithful, 2);
    assert_eq!(r.summary.agreed, 1);
    // The engine's count is the spec's once every move list agreed: 16 x 16.
    assert_eq!(r.positions[0].engine_nodes, Some(256));
    // The root and its 16 children.
    assert_eq!(faithful.0.calls, 17);
    let mut broken = ListOnly(Fake {
        drop: Some((after.to_string(), "e4d5".to_string())),
        lie_at: None,
        calls: 0,
    });
    let r = run_engine(&mut broken, 3);
    let d = r.positions[0].divergence.as_ref().unwrap();
    assert_eq!(d.fen, after);
    assert_eq!(d.path, vec!["e2e4", "d7d5"]);
    assert_eq!(d.only_spec, vec!["e4d5"]);
    assert_eq!(r.positions[0].engine_nodes, None);
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

/// An engine that answers as [`Fake`] does but fails with a time-out where the position (the
/// corpus FEN) is in `fail_at`; it counts its queries.
struct Flaky {
    inner: Fake,
    fail_at: Vec<String>,
}

impl Engine for Flaky {
    fn describe(&self) -> String {
        "flaky".to_string()
    }
    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        if self.fail_at.iter().any(|f| f == fen) {
            self.inner.calls += 1;
            return Err(EngineError::Timeout {
                seconds: 1.0,
                query: format!("depth {depth} of {fen:?}"),
                output: Vec::new(),
                stderr: String::new(),
            });
        }
        self.inner.divide(fen, moves, depth)
    }
}

fn entries(fens: &[&str], depths: &[u32]) -> Vec<CorpusEntry> {
    fens.iter()
        .enumerate()
        .map(|(i, fen)| CorpusEntry {
            id: format!("p{i}"),
            source: "test".to_string(),
            fen: fen.to_string(),
            depths: depths.iter().map(|&d| (d, None)).collect(),
        })
        .collect()
}

fn run_entries(engine: &mut dyn Engine, entries: &[CorpusEntry]) -> Report {
    let gen = Kuma::reference(&Default::default());
    let opts = ConformOptions {
        generator: &*gen,
        map: &Identity,
        map_name: "identity",
        counting: Counting::Routes,
        send_reached: false,
        spec_timeout: None,
    };
    conform(&opts, engine, entries, &mut |_| {}).unwrap()
}

#[test]
fn the_run_goes_on_after_an_engine_error_on_one_position() {
    let other = "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq - 0 1";
    let mut e = Flaky {
        inner: Fake {
            drop: None,
            lie_at: None,
            calls: 0,
        },
        fail_at: vec![other.to_string()],
    };
    let r = run_entries(
        &mut e,
        &entries(&[Kuma::START_FEN, other, Kuma::START_FEN], &[1, 2]),
    );
    let got: Vec<(String, u32, Status)> = r
        .positions
        .iter()
        .map(|p| (p.id.clone(), p.depth, p.status))
        .collect();
    // The failing position's deeper depth is skipped; the next position is checked in full.
    assert_eq!(
        got,
        [
            ("p0".to_string(), 1, Status::Agree),
            ("p0".to_string(), 2, Status::Agree),
            ("p1".to_string(), 1, Status::EngineError),
            ("p2".to_string(), 1, Status::Agree),
            ("p2".to_string(), 2, Status::Agree),
        ]
    );
    assert_eq!(r.summary.engine_errors, 1);
    assert!(r.stopped.is_none());
    // A lent engine is asked again as it is: nothing says it was started again.
    assert!(r.positions.iter().all(|p| !p.restarted));
}

#[test]
fn an_engine_that_fails_the_first_checks_stops_the_run() {
    let mut e = Flaky {
        inner: Fake {
            drop: None,
            lie_at: None,
            calls: 0,
        },
        fail_at: vec![Kuma::START_FEN.to_string()],
    };
    let all = entries(&[Kuma::START_FEN; 5], &[1]);
    let r = run_entries(&mut e, &all);
    assert_eq!(r.positions.len(), FIRST_FAILURES);
    assert_eq!(e.inner.calls, FIRST_FAILURES);
    let stop = r.stopped.as_ref().expect("stopped");
    assert_eq!(stop.not_checked, 5 - FIRST_FAILURES);
    assert_eq!(r.summary.not_checked, 5 - FIRST_FAILURES);
    assert!(matches!(stop.error, EngineError::Timeout { .. }));
    // Once it has answered, failures no longer stop the run.
    let other = "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq - 0 1";
    let mut e = Flaky {
        inner: Fake {
            drop: None,
            lie_at: None,
            calls: 0,
        },
        fail_at: vec![Kuma::START_FEN.to_string()],
    };
    let mut fens = vec![other];
    fens.extend([Kuma::START_FEN; 5]);
    let r = run_entries(&mut e, &entries(&fens, &[1]));
    assert_eq!(r.positions.len(), 6);
    assert_eq!(r.summary.engine_errors, 5);
    assert!(r.stopped.is_none());
}

/// Starts of a [`Flaky`] engine: how many, and whether the next start fails.
#[test]
fn an_owned_engine_is_started_again_after_its_error() {
    let other = "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq - 0 1";
    let make = || -> Box<dyn Engine> {
        Box::new(Flaky {
            inner: Fake {
                drop: None,
                lie_at: None,
                calls: 0,
            },
            fail_at: vec![other.to_string()],
        })
    };
    let gen = Kuma::reference(&Default::default());
    let opts = ConformOptions {
        generator: &*gen,
        map: &Identity,
        map_name: "identity",
        counting: Counting::Routes,
        send_reached: false,
        spec_timeout: None,
    };
    let all = entries(&[Kuma::START_FEN, other, Kuma::START_FEN, other], &[1]);
    let mut starts = 0;
    let mut restart = || {
        starts += 1;
        Ok(make())
    };
    let r = conform_restarting(&opts, &mut Some(make()), &mut restart, &all, &mut |_| {}).unwrap();
    // Restarted after the first error; not after the last, which ends the run anyway.
    assert_eq!(starts, 1);
    let restarted: Vec<bool> = r.positions.iter().map(|p| p.restarted).collect();
    assert_eq!(restarted, [false, true, false, false]);
    // A restart that fails stops the run, with the restart's error.
    let mut failing = || {
        Err(EngineError::NotFound {
            command: "gone".to_string(),
            message: "No such file or directory".to_string(),
        })
    };
    let r = conform_restarting(&opts, &mut Some(make()), &mut failing, &all, &mut |_| {}).unwrap();
    assert_eq!(r.positions.len(), 2);
    let stop = r.stopped.expect("stopped");
    assert_eq!(stop.not_checked, 2);
    assert!(matches!(stop.error, EngineError::NotFound { .. }));
}
