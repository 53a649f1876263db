//! KUMA-8.2 — the seed's two sample games replayed by the reference generator, and records
//! mutated so that each claim of the notation fails in turn.

use fairyspec::kuma::Kuma;
use fairyspec::replay::{replay, ReplayError};
use fairyspec::{Colour, Game, Generator, Outcome, Reason};

fn reference() -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&Default::default())
}

const GAME1: &str = include_str!("../corpus/kuma/games/game1.txt");
const GAME2: &str = include_str!("../corpus/kuma/games/game2.txt");

#[test]
fn scratch() {
    let g = reference();
    println!("{:?}", replay(&*g, GAME1));
    println!("{:?}", replay(&*g, GAME2));
}
