//! `fairyspec corpus`: a conformance corpus from seeded random playouts.
//!
//! Each position is reached from the start position by a random number of random legal moves
//! (0 to [`MAX_PLIES`]; a playout that reaches a position without moves stops there), picked by
//! a small fixed PRNG ([`SplitMix64`]) so that a seed always gives the same corpus. Counts are
//! the reference generator's, at every depth from 1 to `--depth`, within `--timeout` seconds a
//! position (a depth no one can count, `--depth 64`, stops the command with an error naming
//! the position, instead of running for ever). Duplicate positions are skipped.

use super::args::CorpusArgs;
use super::error::CliError;
use crate::perft::budgeted::{divide_within, leaf_depth_for, Limits, Stopped};
use crate::registry::{GameCommand, Registered};
use crate::{Game, Generator, Position};
use std::collections::BTreeSet;
use std::io::Write;
use std::time::{Duration, Instant};

/// The longest random playout, in plies.
pub const MAX_PLIES: u64 = 60;

/// The SplitMix64 generator (Steele, Lea and Flood 2014): tiny, fast, and the same on every
/// platform, which is all a reproducible corpus needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

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

struct Corpus<'o> {
    positions: usize,
    depth: u32,
    seed: u64,
    timeout: Duration,
    out: &'o mut dyn Write,
}

/// `fairyspec corpus <game> --positions N --depth D --seed S [--timeout S]`.
pub fn corpus_command(args: CorpusArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let cmd = Corpus {
        positions: args.positions,
        depth: args.depth,
        seed: args.seed,
        timeout: Duration::from_secs(args.timeout),
        out,
    };
    args.game.run(cmd)
}

impl GameCommand for Corpus<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        corpus::<G>(self)
    }
}

fn corpus<G: Registered>(cmd: Corpus<'_>) -> Result<(), CliError> {
    let gen = G::reference(&G::Switches::default());
    let mut rng = SplitMix64::new(cmd.seed);
    writeln!(
        cmd.out,
        "# Source: fairyspec corpus {} --positions {} --depth {} --seed {} (reference generator)",
        G::NAME,
        cmd.positions,
        cmd.depth,
        cmd.seed
    )?;
    writeln!(
        cmd.out,
        "# Random playouts of 0 to {MAX_PLIES} plies from the start position; counts from \
         fairyspec's reference generator: a corpus for `fairyspec conform`, not independent data."
    )?;
    let mut seen = BTreeSet::new();
    let mut made = 0;
    // Enough attempts for any game; a tiny game tree may give fewer distinct positions.
    let mut attempts = cmd.positions.saturating_mul(50);
    while made < cmd.positions && attempts > 0 {
        attempts -= 1;
        let pos = playout(&*gen, &mut rng);
        let fen = pos.fen();
        if !seen.insert(fen.clone()) {
            continue;
        }
        made += 1;
        let id = format!("random-{made}");
        // Every count of the position first, so that a stop leaves whole blocks behind.
        let limits = Limits {
            deadline: Instant::now() + cmd.timeout,
            max_nodes: u64::MAX,
            leaf_depth: leaf_depth_for(gen.kind()),
        };
        let mut counts = Vec::new();
        for d in 1..=cmd.depth {
            let n = divide_within(&*gen, &pos, d, &limits)
                .map_err(|stopped| stop_error(&id, &fen, d, cmd.timeout, stopped))?
                .total;
            counts.push(n);
        }
        writeln!(cmd.out)?;
        writeln!(cmd.out, "id {id}")?;
        writeln!(cmd.out, "epd {fen}")?;
        for (d, n) in (1..).zip(counts) {
            writeln!(cmd.out, "perft {d} {n}")?;
        }
    }
    if made < cmd.positions {
        eprintln!("fairyspec: only {made} distinct positions found");
    }
    Ok(())
}

/// The error for a position whose counts ran out of time.
fn stop_error(id: &str, fen: &str, depth: u32, timeout: Duration, stopped: Stopped) -> CliError {
    let after = match stopped {
        Stopped::Time { nodes } => format!("after {nodes} nodes"),
        Stopped::Nodes { max } => format!("after {max} nodes"),
    };
    CliError::Stopped(format!(
        "{id} ({fen}): the reference's count at depth {depth} was stopped at the time limit of \
         one position ({} s, --timeout) {after}; ask for less --depth or a longer --timeout",
        timeout.as_secs()
    ))
}

/// A random legal playout from the start position.
fn playout<G: Game>(gen: &dyn Generator<G>, rng: &mut SplitMix64) -> Position<G> {
    let mut pos = Position::<G>::start();
    let plies = rng.below(MAX_PLIES + 1);
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
}
