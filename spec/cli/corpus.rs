//! `fairyspec corpus`: a conformance corpus from seeded random playouts.
//!
//! Each position is reached from the start position by a random number of random legal moves
//! (0 to [`MAX_PLIES`]; a playout that reaches a position without moves stops there), picked by
//! a small fixed PRNG ([`SplitMix64`]) so that a seed always gives the same corpus. Counts are
//! the reference generator's, at every depth from 1 to `--depth`. Duplicate positions are
//! skipped.

use super::args::CorpusArgs;
use super::error::CliError;
pub use crate::conform::fuzz::SplitMix64;
use crate::registry::{GameCommand, Registered};
use crate::{Game, Generator, Position};
use std::collections::BTreeSet;
use std::io::Write;

/// The longest random playout, in plies.
pub const MAX_PLIES: u64 = 60;

struct Corpus<'o> {
    positions: usize,
    depth: u32,
    seed: u64,
    out: &'o mut dyn Write,
}

/// `fairyspec corpus <game> --positions N --depth D --seed S`.
pub fn corpus_command(args: CorpusArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let cmd = Corpus {
        positions: args.positions,
        depth: args.depth,
        seed: args.seed,
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
        writeln!(cmd.out)?;
        writeln!(cmd.out, "id random-{made}")?;
        writeln!(cmd.out, "epd {fen}")?;
        for d in 1..=cmd.depth {
            writeln!(cmd.out, "perft {d} {}", gen.perft(&pos, d))?;
        }
    }
    if made < cmd.positions {
        eprintln!("fairyspec: only {made} distinct positions found");
    }
    Ok(())
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
