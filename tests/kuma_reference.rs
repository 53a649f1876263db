//! The Kuma Chess reference generator against published numbers and hand-counted positions.

use fairyspec::kuma::Kuma;
use fairyspec::{Game, Generator, Position};

fn reference() -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&Default::default())
}

/// KUMA-1.2 — perft of the start position, depth 1..4: 16, 256, 4758, 88151. Published in the
/// rules brief (two independent programs agree).
#[test]
fn kuma_1_2_start_position_perft() {
    let start = Position::<Kuma>::start();
    let gen = reference();
    let expected = [16, 256, 4758, 88151];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        assert_eq!(gen.perft(&start, depth), nodes, "depth {depth}");
    }
}
