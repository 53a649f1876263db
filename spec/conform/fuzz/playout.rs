//! Seeded random playouts: where a fuzz position comes from. A playout starts at one of the
//! run's *roots* — the game's start position and every corpus position — and plays random legal
//! moves of the specification's generator (with the run's rule readings), each picked from the
//! moves sorted by text, so that the seed alone decides the line.

use crate::conform::CorpusEntry;
use crate::corpus::random::SplitMix64;
use crate::{Game, Generator, Move, Position};

/// The longest plain playout, in plies: long enough to leave the opening of every game (a Chu
/// middle game is further, but the corpus positions are roots too), short enough that shrinking
/// a divergence tries few prefixes.
pub const MAX_PLIES: u64 = 40;

/// A position a playout may start from.
#[derive(Clone, Debug)]
pub struct Root<G: Game> {
    /// `start`, or the corpus record's id.
    pub id: String,
    pub pos: Position<G>,
}

/// The roots of a run: the start position, then every corpus position of another FEN (in
/// corpus order). A corpus FEN the specification rejects is no root (the corpus run reports it).
pub fn roots<G: Game>(corpus: &[CorpusEntry]) -> Vec<Root<G>> {
    let mut roots = vec![Root {
        id: "start".to_string(),
        pos: Position::<G>::start(),
    }];
    for e in corpus {
        let Ok(pos) = Position::<G>::from_fen(e.fen.trim()) else {
            continue;
        };
        if roots.iter().all(|r| r.pos.fen() != pos.fen()) {
            roots.push(Root {
                id: e.id.clone(),
                pos,
            });
        }
    }
    roots
}

/// A line of play from a root: the moves and the positions they reach.
#[derive(Clone, Debug)]
pub struct Playout<G: Game> {
    /// Index into the run's roots.
    pub root: usize,
    /// The moves, in the specification's text.
    pub moves: Vec<String>,
    /// `positions[i]` is the position after the first `i` moves (`positions[0]` the root).
    pub positions: Vec<Position<G>>,
}

impl<G: Game> Playout<G> {
    /// A line of no moves at `roots[root]`.
    pub fn at(roots: &[Root<G>], root: usize) -> Playout<G> {
        Playout {
            root,
            moves: Vec::new(),
            positions: vec![roots[root].pos.clone()],
        }
    }

    /// The position the line reaches.
    pub fn end(&self) -> &Position<G> {
        // `positions` always holds the root.
        &self.positions[self.moves.len()]
    }

    /// Plays `plies` random legal moves more (fewer where a position has none: the game is over
    /// there).
    pub fn extend(&mut self, gen: &dyn Generator<G>, rng: &mut SplitMix64, plies: u64) {
        for _ in 0..plies {
            let mut moves = sorted_moves(gen, self.end());
            if moves.is_empty() {
                break;
            }
            let (text, mv) = moves.swap_remove(rng.below(moves.len() as u64) as usize);
            let next = gen.play_unchecked(self.end(), &mv);
            self.moves.push(text);
            self.positions.push(next);
        }
    }

    /// The first `plies` moves of the line.
    pub fn prefix(&self, plies: usize) -> Playout<G> {
        let plies = plies.min(self.moves.len());
        Playout {
            root: self.root,
            moves: self.moves[..plies].to_vec(),
            positions: self.positions[..=plies].to_vec(),
        }
    }
}

/// A plain playout: a random root, then 1 to [`MAX_PLIES`] random moves.
pub fn plain<G: Game>(
    gen: &dyn Generator<G>,
    roots: &[Root<G>],
    rng: &mut SplitMix64,
) -> Playout<G> {
    let root = rng.below(roots.len() as u64) as usize;
    let plies = 1 + rng.below(MAX_PLIES);
    let mut line = Playout::at(roots, root);
    line.extend(gen, rng, plies);
    line
}

/// The legal moves of `pos` with their text, sorted by text (generators list moves in no
/// particular order; sorting makes the seed alone decide).
pub fn sorted_moves<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Vec<(String, Move<G::Kind>)> {
    let mut moves: Vec<_> = gen
        .legal_moves(pos)
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves
}
