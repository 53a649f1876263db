//! A conformance corpus from seeded random playouts — what `fairyspec corpus <game> --positions N
//! --depth D --seed S` prints.
//!
//! Each position is reached from the start position by a random number of random legal moves
//! (0 to [`MAX_PLIES`]; a playout that reaches a position without moves stops there), picked by
//! a small fixed PRNG ([`SplitMix64`]) so that a seed always gives the same corpus. Counts are
//! the generator's (the reference's, in `fairyspec corpus`), at every depth from 1 to the depth
//! asked. Duplicate positions are skipped. [`random_corpus_within`] bounds the time of each
//! position's counts, as `fairyspec corpus --timeout` does.
//!
//! ```
//! use fairyspec::corpus::random::{random_corpus, RandomCorpus};
//! use fairyspec::{kuma::Kuma, Game};
//!
//! let reference = Kuma::reference(&Default::default());
//! let asked = RandomCorpus { positions: 3, depth: 1, seed: 7 };
//! let records = random_corpus(&*reference, &asked);
//! assert_eq!(records.len(), 3);
//! assert_eq!(records[0].id, "random-1");
//! // The same seed, the same corpus.
//! assert_eq!(records, random_corpus(&*reference, &asked));
//! ```

use crate::perft::budgeted::{divide_within, leaf_depth_for, Limits, Stopped};
use crate::perft::{Counting, PerftRecord};
use crate::{Game, Generator, Position};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The longest random playout, in plies.
pub const MAX_PLIES: u64 = 60;

/// The SplitMix64 generator (Steele, Lea and Flood 2014): tiny, fast, and the same on every
/// platform, which is all a reproducible corpus needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator with this seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0; the tiny modulo bias does not matter here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// What corpus to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomCorpus {
    /// How many distinct positions.
    pub positions: usize,
    /// Counts at every depth from 1 to this.
    pub depth: u32,
    /// The number the random playouts start from (their seed).
    pub seed: u64,
}

/// The corpus: up to `asked.positions` distinct positions (`id random-1`, `random-2`, …) with
/// `gen`'s counts at depths 1 to `asked.depth`. Fewer only if that many distinct positions were
/// not found in fifty attempts per position (a tiny game tree).
pub fn random_corpus<G: Game>(gen: &dyn Generator<G>, asked: &RandomCorpus) -> Vec<PerftRecord> {
    let unbounded = |pos: &Position<G>, depth: u32| Ok(gen.perft(pos, depth));
    match corpus_counted(gen, asked, &unbounded) {
        Ok(records) => records,
        // `unbounded` never stops.
        Err(stop) => stop.made,
    }
}

/// A count of [`random_corpus_within`] that ran out of time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountStopped {
    /// The records made before it, whole.
    pub made: Vec<PerftRecord>,
    /// The id the position would have had (`random-7`).
    pub id: String,
    /// The position.
    pub fen: String,
    /// The depth whose count stopped.
    pub depth: u32,
    /// Why it stopped.
    pub stopped: Stopped,
}

/// [`random_corpus`] with a bound on each position: its counts at every depth together may take
/// `per_position`. A count past it (`--depth 64` is one no one can finish) stops the corpus with
/// [`CountStopped`], which keeps the records made before it.
///
/// # Errors
/// [`CountStopped`], as above.
pub fn random_corpus_within<G: Game>(
    gen: &dyn Generator<G>,
    asked: &RandomCorpus,
    per_position: Duration,
) -> Result<Vec<PerftRecord>, CountStopped> {
    // One deadline a position: it starts with the position's first count.
    let deadline = std::cell::Cell::new(None::<Instant>);
    let bounded = |pos: &Position<G>, depth: u32| {
        if depth == 1 {
            deadline.set(Some(Instant::now() + per_position));
        }
        let limits = Limits {
            deadline: deadline
                .get()
                .unwrap_or_else(|| Instant::now() + per_position),
            max_nodes: u64::MAX,
            leaf_depth: leaf_depth_for(gen.kind()),
        };
        divide_within(gen, pos, depth, &limits).map(|divide| divide.total)
    };
    corpus_counted(gen, asked, &bounded)
}

/// The corpus with each position's counts at depths 1 to `asked.depth` (in that order) made by
/// `count`; the first count that stops ends it.
fn corpus_counted<G: Game, F>(
    gen: &dyn Generator<G>,
    asked: &RandomCorpus,
    count: &F,
) -> Result<Vec<PerftRecord>, CountStopped>
where
    F: Fn(&Position<G>, u32) -> Result<u64, Stopped>,
{
    let mut rng = SplitMix64::new(asked.seed);
    let mut seen = BTreeSet::new();
    let mut records = Vec::new();
    let mut attempts = asked.positions.saturating_mul(50);
    while records.len() < asked.positions && attempts > 0 {
        attempts -= 1;
        let pos = playout(gen, &mut rng);
        let fen = pos.fen();
        if !seen.insert(fen.clone()) {
            continue;
        }
        let id = format!("random-{}", records.len() + 1);
        let mut counts = Vec::new();
        for depth in 1..=asked.depth {
            match count(&pos, depth) {
                Ok(n) => counts.push((depth, n)),
                Err(stopped) => {
                    return Err(CountStopped {
                        made: records,
                        id,
                        fen,
                        depth,
                        stopped,
                    })
                }
            }
        }
        records.push(PerftRecord {
            id,
            epd: fen,
            counts,
            counting: Counting::Routes,
            line: 0,
            comments: Vec::new(),
        });
    }
    Ok(records)
}

/// The corpus as the text of a `.perft` file, as `fairyspec corpus` prints it: two `#` lines
/// naming the command and the source of the counts (`generator`, e.g. `reference generator`),
/// then one block per record.
pub fn perft_text<G: Game>(
    asked: &RandomCorpus,
    generator: &str,
    records: &[PerftRecord],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Source: fairyspec corpus {} --positions {} --depth {} --seed {} ({generator})",
        G::NAME,
        asked.positions,
        asked.depth,
        asked.seed
    );
    let _ = writeln!(
        out,
        "# Random playouts of 0 to {MAX_PLIES} plies from the start position; counts from \
         fairyspec's {generator}: a corpus for `fairyspec conform`, not independent data."
    );
    for r in records {
        let _ = writeln!(out);
        let _ = writeln!(out, "id {}", r.id);
        let _ = writeln!(out, "epd {}", r.epd);
        for (d, n) in &r.counts {
            let _ = writeln!(out, "perft {d} {n}");
        }
    }
    out
}

/// A random legal playout from the start position: 0 to [`MAX_PLIES`] plies, each move drawn
/// from `gen`'s legal moves sorted by text (so that the seed alone decides).
pub fn playout<G: Game>(gen: &dyn Generator<G>, rng: &mut SplitMix64) -> Position<G> {
    let plies = rng.below(MAX_PLIES + 1);
    playout_plies(gen, rng, plies)
}

/// A random legal playout of `plies` plies from the start position (fewer where the game ends),
/// each move drawn from `gen`'s legal moves sorted by text.
pub fn playout_plies<G: Game>(
    gen: &dyn Generator<G>,
    rng: &mut SplitMix64,
    plies: u64,
) -> Position<G> {
    let mut pos = Position::<G>::start();
    for _ in 0..plies {
        let moves = gen.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        // Generators list moves in no particular order; sort so the seed alone decides.
        let mut moves: Vec<_> = moves.into_iter().map(|m| (m.to_string(), m)).collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let i = rng.below(moves.len() as u64) as usize;
        pos = gen.play_unchecked(&pos, &moves[i].1);
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_sequence() {
        // First outputs for seed 1234567 from the reference C implementation
        // (https://prng.di.unimi.it/splitmix64.c), as listed in many ports' test suites.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn the_text_reads_back_as_the_records() {
        use crate::kuma::Kuma;
        let gen = Kuma::reference(&Default::default());
        let asked = RandomCorpus {
            positions: 4,
            depth: 2,
            seed: 3,
        };
        let records = random_corpus(&*gen, &asked);
        let text = perft_text::<Kuma>(&asked, "reference generator", &records);
        let back = crate::perft::parse_perft_file(&text).unwrap();
        assert_eq!(back.len(), 4);
        for (a, b) in records.iter().zip(&back) {
            assert_eq!((&a.id, &a.epd, &a.counts), (&b.id, &b.epd, &b.counts));
        }
        // Every position is one of the game's, and the depth-1 count is its move count.
        for r in &records {
            let pos = Position::<Kuma>::from_fen(&r.epd).unwrap();
            assert_eq!(r.counts[0], (1, gen.legal_moves(&pos).len() as u64));
        }
    }
}
