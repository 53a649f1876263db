//! Bachelor Hunterbeest: perft speed of the two generators from the start position.
//!
//! `cargo bench --bench hunterbeest` prints nodes per second of the bitboard generator at depth
//! 5 and of the reference generator at depth 4 (the reference plays every candidate move on a
//! copied mailbox and scans the whole board for attacks: depth 5 would take many minutes), and
//! the ratio of the two speeds. Depths can be changed with `HUNTERBEEST_BITBOARD_DEPTH` and
//! `HUNTERBEEST_REFERENCE_DEPTH`.

use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches};
use fairyspec::{Game, Generator, Position};
use std::time::Instant;

fn depth(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs perft and returns (nodes, nodes per second).
fn measure(
    gen: &dyn Generator<Hunterbeest>,
    pos: &Position<Hunterbeest>,
    depth: u32,
) -> (u64, f64) {
    let start = Instant::now();
    let nodes = gen.perft(pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{:>9} perft {depth}: {nodes:>12} nodes in {secs:>8.3} s = {:>12.0} nodes/s",
        gen.name(),
        nodes as f64 / secs
    );
    (nodes, nodes as f64 / secs)
}

fn main() {
    let switches = HunterbeestSwitches::default();
    let start = Position::<Hunterbeest>::start();
    let reference = Hunterbeest::reference(&switches);
    let Some(bitboard) = Hunterbeest::bitboard(&switches) else {
        eprintln!("no bitboard generator");
        return;
    };
    println!("Bachelor Hunterbeest, start position {}", start.fen());
    let (_, fast) = measure(
        bitboard.as_ref(),
        &start,
        depth("HUNTERBEEST_BITBOARD_DEPTH", 5),
    );
    let (_, slow) = measure(
        reference.as_ref(),
        &start,
        depth("HUNTERBEEST_REFERENCE_DEPTH", 4),
    );
    println!("bitboard / reference speed: {:.0}×", fast / slow);
}
