//! Perft speed of the two Kuma Chess generators, single-threaded.
//!
//! `cargo bench --bench kuma` prints one table: for each position the nodes (leaves), the CPU
//! and wall seconds, the nodes per CPU second of the bitboard and the reference generator, and
//! the ratio of their speeds. CPU time (from `/proc/thread-self/schedstat`) is the measure
//! because the build machine is shared: wall time counts the time other processes held the core.
//!
//! The start position runs at depth 6 for the bitboard generator (38,737,937 leaves,
//! Fairy-Stockfish's count, asserted) and at depth 5 for the reference (1,852,287, published),
//! which would take too long at depth 6; the ratio compares speeds, so the depths may differ.
//! Positions of `corpus/kuma/*.perft` (if present) run at the deepest listed depth within a node
//! budget (a smaller one for the reference). The last line is the peak memory of the process
//! (VmHWM).

use fairyspec::kuma::Kuma;
use fairyspec::perft::parse_perft_file;
use fairyspec::{Game, Generator, Position};
use std::time::Instant;

/// Node budgets: the deepest depth whose expected count stays within these is run.
const BITBOARD_BUDGET: u64 = 60_000_000;
const REFERENCE_BUDGET: u64 = 2_500_000;

/// A position to measure and its expected counts, `(depth, nodes)`.
struct Case {
    name: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

struct Run {
    depth: u32,
    nodes: u64,
    /// CPU time of this thread (the machine is shared, so wall time overstates the cost).
    seconds: f64,
    wall: f64,
}

impl Run {
    fn nps(&self) -> f64 {
        self.nodes as f64 / self.seconds
    }
}

/// CPU seconds this thread has run so far: the first field of `/proc/thread-self/schedstat`
/// (nanoseconds on a CPU); `None` where that file does not exist.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn run(gen: &dyn Generator<Kuma>, pos: &Position<Kuma>, depth: u32, expected: u64) -> Run {
    let (t, cpu) = (Instant::now(), thread_cpu_seconds());
    let nodes = gen.perft(pos, depth);
    let wall = t.elapsed().as_secs_f64();
    let seconds = match (cpu, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    assert_eq!(nodes, expected, "{} perft({depth}) of {pos}", gen.name());
    Run {
        depth,
        nodes,
        seconds,
        wall,
    }
}

/// The deepest `(depth, nodes)` within `budget` (the shallowest if none is).
fn pick(counts: &[(u32, u64)], budget: u64) -> Option<(u32, u64)> {
    counts
        .iter()
        .filter(|(_, n)| *n <= budget)
        .max_by_key(|(d, _)| *d)
        .or_else(|| counts.iter().min_by_key(|(d, _)| *d))
        .copied()
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn main() {
    let switches = Default::default();
    let bitboard = Kuma::bitboard(&switches);
    let reference = Kuma::reference(&switches);

    let mut cases = vec![Case {
        name: "start".to_string(),
        fen: Kuma::START_FEN.to_string(),
        counts: vec![(5, 1_852_287), (6, 38_737_937)],
    }];
    if let Ok(dir) = std::fs::read_dir("corpus/kuma") {
        let mut paths: Vec<_> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "perft"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            match parse_perft_file(&text) {
                Ok(records) => {
                    for r in records {
                        if r.epd.split_whitespace().next() == Kuma::START_FEN.split(' ').next()
                            && r.epd.contains(" w KQkq - ")
                        {
                            continue; // the start position is measured above
                        }
                        cases.push(Case {
                            name: r.id,
                            fen: r.epd,
                            counts: r.counts,
                        });
                    }
                }
                Err(e) => eprintln!("{}: {e}", path.display()),
            }
        }
    }

    println!(
        "{:<24} {:<9} {:>5} {:>12} {:>9} {:>9} {:>14} {:>9}",
        "position", "generator", "depth", "nodes", "cpu s", "wall s", "nodes/s (cpu)", "ratio"
    );
    for Case { name, fen, counts } in &cases {
        let Ok(pos) = Position::<Kuma>::from_fen(fen) else {
            eprintln!("{name}: invalid FEN {fen}");
            continue;
        };
        let (Some((bd, bn)), Some((rd, rn))) = (
            pick(counts, BITBOARD_BUDGET),
            pick(counts, REFERENCE_BUDGET),
        ) else {
            continue;
        };
        let b = run(&*bitboard, &pos, bd, bn);
        let r = run(&*reference, &pos, rd, rn);
        let ratio = b.nps() / r.nps();
        for (gen, x, ratio) in [
            ("bitboard", &b, format!("{ratio:.1}x")),
            ("reference", &r, String::new()),
        ] {
            println!(
                "{:<24} {:<9} {:>5} {:>12} {:>9.3} {:>9.3} {:>14.0} {:>9}",
                name,
                gen,
                x.depth,
                x.nodes,
                x.seconds,
                x.wall,
                x.nps(),
                ratio
            );
        }
    }
    println!("peak memory (VmHWM): {}", peak_memory());
}
