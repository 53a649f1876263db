//! Congo perft speed: nodes per second of the reference and the bitboard generator from the
//! start (depth 5) and from two middlegame positions of the stored Zillions game (after plies 60
//! and 100), and the bitboard/reference ratio (goal: at least 30×).
//!
//! `cargo bench --bench congo`

use fairyspec::congo::{zillions, Congo, CongoSwitches};
use fairyspec::{Game, Generator, Position};
use std::time::Instant;

const GAME: &str = include_str!("../corpus/congo/games/zillions-stock-3min-1.zsg");

/// The position after the first `plies` plies of the stored game.
fn game_position(gen: &dyn Generator<Congo>, plies: usize) -> Position<Congo> {
    let record = zillions::parse_zillions(GAME).expect("the stored game reads");
    let mut pos = Position::<Congo>::start();
    for ply in record.iter().take(plies) {
        let mv = ply.to_move().expect("a move");
        pos = gen.play(&pos, &mv).expect("the stored game is legal");
    }
    pos
}

/// Nodes and seconds of `gen.perft(pos, depth)`, best of `runs`.
fn time(gen: &dyn Generator<Congo>, pos: &Position<Congo>, depth: u32, runs: usize) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = gen.perft(pos, depth);
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let switches = CongoSwitches::default();
    let reference = Congo::reference(&switches);
    let bitboard = Congo::bitboard(&switches);
    let cases = [
        ("start", Position::<Congo>::start(), 5),
        ("zillions ply 60", game_position(reference.as_ref(), 60), 4),
        (
            "zillions ply 100",
            game_position(reference.as_ref(), 100),
            4,
        ),
    ];
    println!(
        "{:<18} {:>5} {:>12} {:>14} {:>14} {:>8}",
        "position", "depth", "nodes", "reference n/s", "bitboard n/s", "ratio"
    );
    let mut ratios = Vec::new();
    for (name, pos, depth) in &cases {
        let (nr, tr) = time(reference.as_ref(), pos, *depth, 1);
        let (nb, tb) = time(bitboard.as_ref(), pos, *depth, 3);
        assert_eq!(nr, nb, "{name}: the generators disagree");
        let ratio = tr / tb;
        ratios.push(ratio);
        println!(
            "{:<18} {:>5} {:>12} {:>14.0} {:>14.0} {:>7.1}x",
            name,
            depth,
            nr,
            nr as f64 / tr,
            nb as f64 / tb,
            ratio
        );
        println!("    {}", pos.fen());
    }
    let geo = ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64;
    println!("geometric mean ratio: {:.1}x (goal: 30x)", geo.exp());
}
