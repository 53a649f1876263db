//! The reason checker (`fairyspec::explain::check`, issue 31): on positions of every game, every
//! piece of the side to move is sent to every square (and a piece with multi-leg moves along
//! short paths), and every reason `explain` gives for an illegal move must hold — against the
//! position, the piece's moves on an empty board and the bitboard generator — and cite a rule
//! about the piece or the situation. Zero false reasons; a reason without a checkable claim
//! fails too. The fuzz target `explain_reasons` runs the same check on many more positions.

use arbitrary::Unstructured;
use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::corpus::{positions, CheckGame};
use fairyspec::chess::Chess;
use fairyspec::chu::Chu;
use fairyspec::congo::Congo;
use fairyspec::explain::check::fuzz::extra_moves;
use fairyspec::explain::check::{check_position, ReasonCheck, Tally};
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;
use fairyspec::switches::Switches;
use fairyspec::Position;

fn spec_md() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md")
}

/// A fixed stream of bytes (xorshift), so that the positions are the same on every run.
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Checks the reasons on each of the game's starting points (`CheckGame::STARTS`, the start
/// position first) and on `random` positions mutated from them, each under the next combination
/// of the game's switch readings, with extra moves (promotion letters, longer paths) from the
/// same bytes.
fn check_game<G: ReasonCheck + CheckGame>(random: usize, spec: &str) -> Tally {
    let starts = positions::<G>();
    let combinations = G::Switches::combinations();
    let mut tally = Tally::default();
    let mut check = |i: usize, pos: &Position<G>, extra_bytes: &[u8]| {
        let switches = G::Switches::combination(i % combinations);
        let extra = extra_moves(pos, &mut Unstructured::new(extra_bytes));
        if let Err(false_reason) = check_position(&switches, pos, &extra, spec, &mut tally) {
            panic!("{false_reason}\nswitches {:?}", switches.values());
        }
    };
    for (i, pos) in starts.iter().enumerate() {
        check(i, pos, &bytes(1000 + i as u64, 64));
    }
    for i in 0..random {
        let data = bytes(i as u64 + 1, 160);
        let reference = G::reference(&Default::default());
        let pos = arbitrary_position(&*reference, &mut Unstructured::new(&data), &starts)
            .expect("arbitrary position");
        check(i, &pos, &data[96..]);
    }
    eprintln!("{}: {tally}", G::NAME);
    assert!(tally.reasons > 0, "{}: no reason checked", G::NAME);
    tally
}

#[test]
fn kuma_reasons_hold() {
    check_game::<Kuma>(60, &spec_md());
}

#[test]
fn chess_reasons_hold() {
    check_game::<Chess>(60, &spec_md());
}

#[test]
fn congo_reasons_hold() {
    check_game::<Congo>(60, &spec_md());
}

#[test]
fn hunterbeest_reasons_hold() {
    check_game::<Hunterbeest>(60, &spec_md());
}

#[test]
fn chu_reasons_hold() {
    check_game::<Chu>(10, &spec_md());
}

/// The fuzz target's body on uniformly random inputs, for a longer run without cargo-fuzz:
/// `EXPLAIN_REASONS_INPUTS=5000 cargo test --test all explain_reasons::random_inputs -- --ignored`.
#[test]
#[ignore = "long: the fuzz target's body on many random inputs"]
fn random_inputs() {
    let spec = spec_md();
    let n: u64 = std::env::var("EXPLAIN_REASONS_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let mut tally = Tally::default();
    for i in 0..n {
        let data = bytes(0x5eed_0000 + i, 8 + (i as usize * 37) % 400);
        match fairyspec::explain::check::fuzz::explain_reasons(&data, &spec) {
            Ok(t) => tally.add(&t),
            Err(false_reason) => panic!("input {i} ({data:?}): {false_reason}"),
        }
    }
    eprintln!("{tally}");
}
