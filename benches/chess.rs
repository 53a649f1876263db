//! Perft speed of fairyspec's chess bitboard generator against shakmaty (a dev-dependency used
//! only here), on the same positions and depths in one run. Both count the last ply in bulk
//! (fairyspec by popcount, shakmaty's `perft` by the length of the leaf move list).
//!
//! `cargo bench --bench chess`; `CHESS_BENCH_ROUNDS` (default 5) sets how many rounds are run.
//! Each round times fairyspec and then shakmaty on each position, so both see the same machine
//! load; the best round of each counts (load only ever slows a run down). Time is the thread's
//! on-CPU time from `/proc/thread-self/schedstat` where Linux provides it (time spent waiting
//! for a core on a busy machine is then not counted), else wall-clock time.

use fairyspec::chess::Chess;
use fairyspec::{Game, Position};
use shakmaty::fen::Fen;
use shakmaty::CastlingMode;
use std::time::{Duration, Instant};

/// (name, FEN, depth, published node count — see corpus/chess/perft.perft for the sources).
const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "cpw-3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "cpw-4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "cpw-5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

/// Nanoseconds this thread has spent running on a CPU (Linux), if available.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs `f` once; returns its result and the time it took (on-CPU if available, else wall).
fn timed(f: impl FnOnce() -> u64) -> (u64, Duration) {
    let (cpu, wall) = (cpu_nanos(), Instant::now());
    let nodes = f();
    let elapsed = match (cpu, cpu_nanos()) {
        (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
        _ => wall.elapsed(),
    };
    (nodes, elapsed)
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64()
}

fn main() {
    let rounds: usize = std::env::var("CHESS_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1);
    let ours_gen = Chess::bitboard(&Default::default());
    let clock = if cpu_nanos().is_some() {
        "on-CPU time"
    } else {
        "wall-clock time"
    };
    println!("chess perft, best of {rounds} interleaved rounds, {clock}");
    println!(
        "{:<9} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "fairyspec n/s", "shakmaty n/s", "ratio"
    );
    let (mut ours_total, mut theirs_total) = (Duration::ZERO, Duration::ZERO);
    let mut all_nodes = 0;
    for &(name, fen, depth, expected) in CASES {
        let ours_pos = match Position::<Chess>::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{name}: {e}"),
        };
        let theirs_pos: shakmaty::Chess = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .unwrap_or_else(|| panic!("{name}: shakmaty rejects the FEN"));
        let (mut ours_time, mut theirs_time) = (Duration::MAX, Duration::MAX);
        let (mut ours_nodes, mut theirs_nodes) = (0, 0);
        for _ in 0..rounds {
            let (n, t) = timed(|| ours_gen.perft(&ours_pos, depth));
            (ours_nodes, ours_time) = (n, ours_time.min(t));
            let (n, t) = timed(|| shakmaty::perft(&theirs_pos, depth));
            (theirs_nodes, theirs_time) = (n, theirs_time.min(t));
        }
        assert_eq!(ours_nodes, expected, "{name}: fairyspec's count");
        assert_eq!(theirs_nodes, expected, "{name}: shakmaty's count");
        let (ours_rate, theirs_rate) =
            (rate(ours_nodes, ours_time), rate(theirs_nodes, theirs_time));
        println!(
            "{name:<9} {depth:>5} {ours_nodes:>12} {:>14.0} {:>14.0} {:>7.2}",
            ours_rate,
            theirs_rate,
            ours_rate / theirs_rate
        );
        ours_total += ours_time;
        theirs_total += theirs_time;
        all_nodes += expected;
    }
    let (ours_rate, theirs_rate) = (rate(all_nodes, ours_total), rate(all_nodes, theirs_total));
    println!(
        "{:<9} {:>5} {all_nodes:>12} {:>14.0} {:>14.0} {:>7.2}",
        "total",
        "",
        ours_rate,
        theirs_rate,
        ours_rate / theirs_rate
    );
    println!("ratio = fairyspec nodes/s ÷ shakmaty nodes/s (above 1: fairyspec is faster)");
}
