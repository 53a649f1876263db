//! [`Generator`]: a move generator for a game, and the walks its provided perft methods take.
//!
//! A generator's perft counts can be had three ways, each a provided method a fast generator may
//! override: [`Generator::perft`] (one node per move), [`Generator::perft_results`] (one node per
//! distinct result, [`Counting::Results`], through [`distinct_results`]) and
//! [`Generator::perft_hashed`] (through the transposition table of [`crate::perft::hash`], by
//! [`perft_positions`]). The walks live here, beside the trait whose defaults call them, rather
//! than in [`crate::perft`]: `perft` (divide, `.perft` files, the budgeted walk) stands on the
//! generator, so the generator must not stand on `perft`. [`crate::perft`] and
//! [`crate::perft::hash`] re-export them under their old names.

use super::counting::Counting;
use super::table::{Key, PerftTable};
use super::Game;
use crate::moves::{IllegalMoveError, Move, ParseMoveError};
use crate::{Outcome, Position};
use std::collections::HashSet;
use std::fmt;

/// A move generator for game `G`. The reference and the bitboard generator of a game implement
/// this trait independently; the differential harness compares them through it.
///
/// A terminal position (checkmate, stalemate, a Blind Bear home, a captured lion, …) has no
/// legal moves; [`Generator::outcome`] tells why.
pub trait Generator<G: Game>: Send + Sync {
    /// Which generator this is: one of the game's two, or [`GeneratorKind::Outside`] for one
    /// from outside the crate (a wrapper of one of the two says what it wraps).
    fn kind(&self) -> GeneratorKind;

    /// `"reference"`, `"bitboard"` or `"outside"` ([`GeneratorKind::name`]), as reports print
    /// it; a generator from outside, or a wrapper in a test, may call itself something else.
    fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The rule readings this generator was built with.
    fn switches(&self) -> &G::Switches;

    /// Every legal move, in no particular order.
    fn legal_moves(&self, pos: &Position<G>) -> Vec<Move<G::Kind>>;

    /// Plays a move taken from [`Generator::legal_moves`] of the same position.
    ///
    /// # Panics
    /// May panic or give a meaningless position for a move that is not legal; use
    /// [`Generator::play`] for moves from outside.
    fn play_unchecked(&self, pos: &Position<G>, mv: &Move<G::Kind>) -> Position<G>;

    /// Whether the side to move is in check (always `false` in games without check).
    fn is_check(&self, pos: &Position<G>) -> bool;

    /// The outcome if the game is over in this position; `None` while it goes on. Claimable
    /// draws are not outcomes (see [`crate::claimable_draw`]).
    fn outcome(&self, pos: &Position<G>) -> Option<Outcome>;

    /// Number of leaf nodes of the legal-move tree `depth` plies deep.
    fn perft(&self, pos: &Position<G>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.perft(&self.play_unchecked(pos, m), depth - 1))
            .sum()
    }

    /// Number of leaf nodes `depth` plies deep when every node is a distinct *result* rather than
    /// a distinct move ([`crate::perft::Counting::Results`], CHU-9.5): at each node the legal
    /// moves that start from the same square and lead to the same position count once. The
    /// default walks [`Generator::legal_moves`] and compares the positions; a generator may count
    /// the same thing faster.
    fn perft_results(&self, pos: &Position<G>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = distinct_results(self, pos);
        if depth == 1 {
            return children.len() as u64;
        }
        children
            .iter()
            .map(|(_, child)| self.perft_results(child, depth - 1))
            .sum()
    }

    /// Perft counted as `counting` says: [`Generator::perft`] for routes, [`Generator::perft_results`]
    /// for results.
    fn perft_counting(&self, pos: &Position<G>, depth: u32, counting: Counting) -> u64 {
        match counting {
            Counting::Routes => self.perft(pos, depth),
            Counting::Results => self.perft_results(pos, depth),
        }
    }

    /// Perft counted as `counting` says, through the transposition table `table`
    /// ([`crate::perft::hash`]): the same number as [`Generator::perft_counting`]. The default
    /// walks positions ([`crate::perft::hash::perft_positions`]); a bitboard generator walks its
    /// own boards.
    fn perft_hashed(
        &self,
        pos: &Position<G>,
        depth: u32,
        counting: Counting,
        table: &PerftTable,
    ) -> u64 {
        perft_positions(self, pos, depth, counting, table)
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if it is not among the legal moves.
    fn play(&self, pos: &Position<G>, mv: &Move<G::Kind>) -> Result<Position<G>, IllegalMoveError> {
        if self.legal_moves(pos).contains(mv) {
            Ok(self.play_unchecked(pos, mv))
        } else {
            Err(IllegalMoveError {
                text: mv.to_string(),
                fen: pos.fen(),
                reason: "not a legal move in this position".to_string(),
            })
        }
    }

    /// Reads move text (`e2e4`, `a7a8m`) and finds the legal move it names. A promotion letter
    /// may be left out when the move has exactly one legal promotion (a forced one).
    ///
    /// # Errors
    /// [`MoveTextError::Parse`] for bad syntax, [`MoveTextError::Illegal`] for a move that is not
    /// legal here.
    fn parse_move(&self, pos: &Position<G>, text: &str) -> Result<Move<G::Kind>, MoveTextError> {
        let mv = G::read_move(pos, text).map_err(MoveTextError::Parse)?;
        let legal = self.legal_moves(pos);
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let same_path: Vec<_> = legal
            .iter()
            .filter(|m| m.from == mv.from && m.to == mv.to && m.via == mv.via)
            .collect();
        if mv.promotion.is_none() {
            if let [only] = same_path[..] {
                return Ok(*only);
            }
        }
        let reason = if let Some(outcome) = self.outcome(pos) {
            format!("the game is over ({outcome})")
        } else if mv.promotion.is_none() && same_path.len() > 1 {
            let mut choices: Vec<String> = same_path.iter().map(|m| m.to_string()).collect();
            choices.sort();
            format!(
                "this move promotes: add the new piece's letter, one of {}",
                choices.join(", ")
            )
        } else if pos.piece_at(mv.from).is_none() {
            format!("no piece on {}", mv.from)
        } else if pos.piece_at(mv.from).map(|p| p.colour) != Some(pos.turn()) {
            format!("the piece on {} is not {}'s", mv.from, pos.turn())
        } else {
            "not a legal move in this position".to_string()
        };
        Err(MoveTextError::Illegal(IllegalMoveError {
            text: text.to_string(),
            fen: pos.fen(),
            reason,
        }))
    }
}

/// Which move generator a [`Generator`] is: one of a game's two independent generators, or one
/// from outside the crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GeneratorKind {
    /// The readable one: a mailbox board, one function per rule ([`Game::reference`]).
    Reference,
    /// The fast one ([`Game::bitboard`]).
    Bitboard,
    /// A generator from outside this crate: yours, implementing [`Generator`] to be compared with
    /// the specification's ([`mod@crate::check::differential`]), or a test's wrapper around one.
    Outside,
}

impl GeneratorKind {
    /// The name reports and the command line use: `reference`, `bitboard`, `outside`.
    pub const fn name(self) -> &'static str {
        match self {
            GeneratorKind::Reference => "reference",
            GeneratorKind::Bitboard => "bitboard",
            GeneratorKind::Outside => "outside",
        }
    }
}

/// Move text that could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    Parse(ParseMoveError),
    Illegal(IllegalMoveError),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Parse(e) => write!(f, "{e}"),
            MoveTextError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The legal moves of `pos` with one move per result (CHU-9.5), each with the position it leads
/// to. The move kept for a result is its shortest text, then the first in sorting order (a Lion's
/// jump `7g5e` rather than its routes `7g6f5e`, `7g6e5e`, …).
pub fn distinct_results<G: Game, Gen: Generator<G> + ?Sized>(
    gen: &Gen,
    pos: &Position<G>,
) -> Vec<(Move<G::Kind>, Position<G>)> {
    let mut moves: Vec<(String, Move<G::Kind>)> = gen
        .legal_moves(pos)
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    moves.sort_by(|(a, _), (b, _)| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (_, m) in moves {
        let child = gen.play_unchecked(pos, &m);
        if seen.insert((m.from, child.setup().clone())) {
            out.push((m, child));
        }
    }
    out
}

/// The key of a position for any generator: its board, side to move, castling rights,
/// en-passant square and counter-strike square (not the move counters).
pub fn position_key<G: Game>(pos: &Position<G>, table: &PerftTable) -> Key {
    use std::hash::Hash;
    let s = pos.setup();
    let mut h = table.hasher();
    s.board.hash(&mut h);
    s.turn.hash(&mut h);
    s.castling.hash(&mut h);
    s.ep_square.hash(&mut h);
    s.counter_strike.hash(&mut h);
    h.finish()
}

/// Perft through `table` for any generator, walking [`Position`]s: what
/// [`Generator::perft_hashed`] does unless a generator walks its own boards. The last ply is
/// the generator's own [`Generator::perft_counting`] at depth 1.
pub fn perft_positions<G: Game, Gen: Generator<G> + ?Sized>(
    gen: &Gen,
    pos: &Position<G>,
    depth: u32,
    counting: Counting,
    table: &PerftTable,
) -> u64 {
    if depth <= 1 {
        return gen.perft_counting(pos, depth, counting);
    }
    let key = position_key(pos, table);
    if let Some(n) = table.probe(key, depth) {
        return n;
    }
    let n = match counting {
        Counting::Routes => gen
            .legal_moves(pos)
            .iter()
            .map(|m| perft_positions(gen, &gen.play_unchecked(pos, m), depth - 1, counting, table))
            .sum(),
        Counting::Results => distinct_results(gen, pos)
            .iter()
            .map(|(_, child)| perft_positions(gen, child, depth - 1, counting, table))
            .sum(),
    };
    table.store(key, depth, n);
    n
}
