//! Bachelor Hunterbeest: perft speed of the two generators from the start position,
//! single-threaded.
//!
//! `cargo bench --bench hunterbeest` runs the bitboard generator at depth 5 and the reference
//! generator at depth 4 (it plays every candidate move on a copied mailbox and scans the whole
//! board for attacks; depth 5 takes about a minute, so the default stays one lower — the ratio
//! compares speeds, so the depths may differ). It prints nodes, CPU and wall seconds, nodes per
//! CPU second and the ratio of the two speeds. CPU time (from `/proc/thread-self/schedstat`) is
//! the measure because the build machine is shared. The counts are checked against
//! `corpus/hunterbeest/start.perft`. Other depths: `HUNTERBEEST_BITBOARD_DEPTH`,
//! `HUNTERBEEST_REFERENCE_DEPTH`.

use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches};
use fairyspec::perft::parse_perft_file;
use fairyspec::{Game, Generator, Position};
use std::time::Instant;

struct Run {
    depth: u32,
    nodes: u64,
    cpu: f64,
    wall: f64,
}

/// CPU seconds this thread has run so far; `None` where the file does not exist.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn depth(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn run(
    gen: &dyn Generator<Hunterbeest>,
    pos: &Position<Hunterbeest>,
    depth: u32,
    expected: Option<u64>,
) -> Run {
    let (t, cpu) = (Instant::now(), thread_cpu_seconds());
    let nodes = gen.perft(pos, depth);
    let wall = t.elapsed().as_secs_f64();
    let cpu = match (cpu, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    if let Some(expected) = expected {
        assert_eq!(nodes, expected, "{} perft({depth})", gen.name());
    }
    Run {
        depth,
        nodes,
        cpu,
        wall,
    }
}

fn main() {
    let switches = HunterbeestSwitches::default();
    let start = Position::<Hunterbeest>::start();
    let reference = Hunterbeest::reference(&switches);
    let bitboard = Hunterbeest::bitboard(&switches);
    let counts: Vec<(u32, u64)> =
        parse_perft_file(include_str!("../corpus/hunterbeest/start.perft"))
            .ok()
            .and_then(|records| records.into_iter().next())
            .map(|r| r.counts)
            .unwrap_or_default();
    let expected = |d: u32| {
        counts
            .iter()
            .find(|(depth, _)| *depth == d)
            .map(|(_, n)| *n)
    };

    println!("Bachelor Hunterbeest, start position {}", start.fen());
    let bd = depth("HUNTERBEEST_BITBOARD_DEPTH", 5);
    let rd = depth("HUNTERBEEST_REFERENCE_DEPTH", 4);
    let b = run(bitboard.as_ref(), &start, bd, expected(bd));
    let r = run(reference.as_ref(), &start, rd, expected(rd));
    println!(
        "{:<9} {:>5} {:>12} {:>9} {:>9} {:>14}",
        "generator", "depth", "nodes", "cpu s", "wall s", "nodes/s (cpu)"
    );
    for (name, x) in [("bitboard", &b), ("reference", &r)] {
        println!(
            "{:<9} {:>5} {:>12} {:>9.3} {:>9.3} {:>14.0}",
            name,
            x.depth,
            x.nodes,
            x.cpu,
            x.wall,
            x.nodes as f64 / x.cpu
        );
    }
    println!(
        "bitboard / reference speed: {:.1}x",
        (b.nodes as f64 / b.cpu) / (r.nodes as f64 / r.cpu)
    );
}
