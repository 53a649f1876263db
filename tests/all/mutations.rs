//! How far the fuzzers' positions get from their starting points: `check::arbitrary` on uniformly
//! random bytes, for every game. The shares are printed (`cargo test -- --nocapture mutations`)
//! and bounded below, so that a change to the byte layout that leaves most inputs on an unchanged
//! start position fails here. The figures measured when the bounds were set are in
//! corpus/fuzz/README.md.

use arbitrary::Unstructured;
use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::{corpus, CheckGame};
use fairyspec::chess::Chess;
use fairyspec::congo::Congo;
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;

/// xorshift64: the same bytes on every run.
struct Rng(u64);

impl Rng {
    fn byte(&mut self) -> u8 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 24) as u8
    }
}

/// Of `n` random 48-byte inputs, how many give a position other than the start they picked, and
/// how many distinct positions they give.
fn figures<G: CheckGame>(n: usize) -> (usize, usize) {
    let gen = G::reference(&Default::default());
    let starts = corpus::positions::<G>();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut changed = 0;
    let mut distinct = std::collections::HashSet::new();
    for _ in 0..n {
        let bytes: Vec<u8> = (0..48).map(|_| rng.byte()).collect();
        let start = &starts[bytes[0] as usize % starts.len()];
        let pos = arbitrary_position(&*gen, &mut Unstructured::new(&bytes), &starts)
            .expect("arbitrary_position fails only inside `arbitrary`");
        changed += usize::from(&pos != start);
        distinct.insert(pos.fen());
    }
    eprintln!(
        "{}: {} starts; {changed}/{n} inputs changed their start, {} distinct positions",
        G::NAME,
        starts.len(),
        distinct.len()
    );
    (changed, distinct.len())
}

fn check<G: CheckGame>() {
    let n = 400;
    let (changed, distinct) = figures::<G>(n);
    assert!(
        changed * 10 >= n * 8,
        "{}: only {changed}/{n} changed",
        G::NAME
    );
    assert!(
        distinct * 10 >= n * 8,
        "{}: only {distinct}/{n} distinct",
        G::NAME
    );
}

#[test]
fn kuma_mutations_change_most_starts() {
    check::<Kuma>();
}

#[test]
fn chess_mutations_change_most_starts() {
    check::<Chess>();
}

#[test]
fn congo_mutations_change_most_starts() {
    check::<Congo>();
}

#[test]
fn hunterbeest_mutations_change_most_starts() {
    check::<Hunterbeest>();
}

/// Every game's start list holds varied positions, each of them valid.
#[test]
fn every_game_has_varied_valid_starts() {
    for (game, fens, min) in [
        ("kuma", Kuma::STARTS, 20),
        ("chess", Chess::STARTS, 11),
        ("congo", Congo::STARTS, 16),
        ("hunterbeest", Hunterbeest::STARTS, 7),
    ] {
        assert!(fens.len() >= min, "{game}: {} starts", fens.len());
    }
    fn all_valid<G: CheckGame>() {
        for (name, fen) in G::STARTS {
            fairyspec::Position::<G>::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(
            corpus::positions::<G>().len(),
            G::STARTS.len(),
            "{}: a start is listed twice",
            G::NAME
        );
    }
    all_valid::<Kuma>();
    all_valid::<Chess>();
    all_valid::<Congo>();
    all_valid::<Hunterbeest>();
}
