//! Positions from fuzzer bytes, by mutation (the pattern of shakmaty's `arbitrary_position`).
//!
//! Start from a position (the start position or one of a corpus) and apply a list of
//! [`Mutation`]s read from the bytes: play a legal move, put a piece on a square, empty a square,
//! toggle a castling right, set or clear the e.p. square, pass the move. Each mutated setup goes
//! through [`Game::validate`]; a mutation it rejects becomes a legal move instead (so that every
//! mutation changes the position while one is possible). So every result is a valid position,
//! yet the positions wander far from the start: promoted pieces, castling rights with the pieces
//! in place, e.p. squares, Blind Bears next to the last rank, Kings in check.
//!
//! Measured on uniformly random bytes (`tests/all/mutations.rs` pins these figures): most inputs
//! reach a position other than the start they picked, in every game.
//!
//! The byte layout is simple enough to write seeds by hand (see [`Mutation`]):
//!
//! ```
//! use arbitrary::Unstructured;
//! use fairyspec::check::arbitrary::arbitrary_position;
//! use fairyspec::{kuma::Kuma, Game, Position};
//!
//! let reference = Kuma::reference(&Default::default());
//! let starts = [Position::<Kuma>::start()];
//! // start 0; a mutation (1), LegalMove (tag 0) with index 11; then stop (0).
//! let bytes = [0, 1, 0, 11, 0];
//! let pos = arbitrary_position(&*reference, &mut Unstructured::new(&bytes), &starts).unwrap();
//! assert_eq!(pos.turn(), fairyspec::Colour::Black);
//! ```

use crate::fen::FenDialect;
use crate::{CastleSides, Colour, Game, Generator, Kind, Piece, Position, Square};
use arbitrary::{Arbitrary, Unstructured};

/// The most mutations [`arbitrary_position`] applies (further ones are read and ignored), which
/// keeps one fuzz input cheap.
pub const MAX_MUTATIONS: usize = 64;

/// One change to a position. Numbers are raw bytes, interpreted for the game at hand: a square
/// is a mailbox index modulo the number of squares, a piece an index modulo twice the number of
/// kinds (White's kinds in [`Kind::ALL`] order, then Black's).
///
/// Byte layout: a tag byte (`tag % 6` picks the variant, in the order below), then the variant's
/// bytes (`LegalMove` 1, `SetPieceAt` 2, `DiscardPieceAt` 1, `ToggleCastles` 1, `SetEp` 1,
/// `ToggleTurn` 0). Missing bytes read as zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    /// Play legal move number `idx % n` of the `n` legal moves sorted by text (skipped when
    /// there are none).
    LegalMove { idx: u8 },
    /// Put piece number `piece` on square number `sq`, replacing what stands there.
    SetPieceAt { sq: u8, piece: u8 },
    /// Empty square number `sq`.
    DiscardPieceAt { sq: u8 },
    /// Toggle one castling right: bit 0 the colour (0 White), bit 1 the side (0 short, 1 long).
    ToggleCastles { which: u8 },
    /// Set the e.p. square to square number `sq % (n + 1)` of the `n` squares, where `n` itself
    /// means none.
    SetEp { sq: u8 },
    /// Give the move to the other side (e.p. square cleared).
    ToggleTurn,
}

impl<'a> Arbitrary<'a> for Mutation {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Mutation> {
        let byte = |u: &mut Unstructured<'a>| u8::arbitrary(u);
        Ok(match byte(u)? % 6 {
            0 => Mutation::LegalMove { idx: byte(u)? },
            1 => Mutation::SetPieceAt {
                sq: byte(u)?,
                piece: byte(u)?,
            },
            2 => Mutation::DiscardPieceAt { sq: byte(u)? },
            3 => Mutation::ToggleCastles { which: byte(u)? },
            4 => Mutation::SetEp { sq: byte(u)? },
            _ => Mutation::ToggleTurn,
        })
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(3))
    }
}

/// Square number `n` (modulo the board size) of game `G`.
fn square<G: Game>(n: u8) -> Square {
    let len = G::SHAPE.len();
    // `n % len < len`, so the square exists; a1 is a harmless fallback for an empty shape.
    G::SHAPE
        .square(n as usize % len.max(1))
        .unwrap_or(Square::new(0, 0))
}

/// Applies one mutation; `None` if it does not apply (no legal move; castling rights or an e.p.
/// square in a game whose FEN dialect has none) or the result is not a valid position.
/// [`arbitrary_position`] then plays a legal move instead ([`apply_or_move`]).
pub fn apply<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    mutation: Mutation,
) -> Option<Position<G>> {
    let mut setup = pos.setup().clone();
    match mutation {
        Mutation::LegalMove { idx } => {
            let moves = super::differential::sorted_moves(gen, pos);
            if moves.is_empty() {
                return None;
            }
            let (_, mv) = &moves[idx as usize % moves.len()];
            return Some(gen.play_unchecked(pos, mv));
        }
        Mutation::SetPieceAt { sq, piece } => {
            let kinds = <G::Kind as Kind>::ALL;
            if kinds.is_empty() {
                return None;
            }
            let n = piece as usize % (2 * kinds.len());
            let colour = if n < kinds.len() {
                Colour::White
            } else {
                Colour::Black
            };
            setup.set(
                square::<G>(sq),
                Some(Piece::new(colour, kinds[n % kinds.len()])),
            );
        }
        Mutation::DiscardPieceAt { sq } => setup.set(square::<G>(sq), None),
        // Castling rights and e.p. squares exist only in games whose FEN has them (the Chess
        // dialect); elsewhere no FEN and no move can make them, so neither does a mutation.
        Mutation::ToggleCastles { .. } | Mutation::SetEp { .. }
            if G::DIALECT != FenDialect::Chess =>
        {
            return None;
        }
        Mutation::ToggleCastles { which } => {
            let colour = if which & 1 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            let CastleSides { short, long } = setup.castling[colour];
            setup.castling[colour] = if which & 2 == 0 {
                CastleSides {
                    short: !short,
                    long,
                }
            } else {
                CastleSides { short, long: !long }
            };
        }
        Mutation::SetEp { sq } => {
            let len = G::SHAPE.len();
            let n = sq as usize % (len + 1);
            setup.ep_square = G::SHAPE.square(n);
        }
        Mutation::ToggleTurn => {
            setup.turn = setup.turn.other();
            setup.ep_square = None;
        }
    }
    G::validate(setup).ok()
}

/// [`apply`], or where it does not apply, legal move number `n % moves` of `pos` (sorted by
/// text), `n` being the mutation's first byte after its tag; `None` only when `pos` has no legal
/// move either.
pub fn apply_or_move<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    mutation: Mutation,
) -> Option<Position<G>> {
    apply(gen, pos, mutation).or_else(|| {
        let idx = match mutation {
            Mutation::LegalMove { idx } => idx,
            Mutation::SetPieceAt { sq, .. } | Mutation::DiscardPieceAt { sq } => sq,
            Mutation::ToggleCastles { which } => which,
            Mutation::SetEp { sq } => sq,
            Mutation::ToggleTurn => 0,
        };
        apply(gen, pos, Mutation::LegalMove { idx })
    })
}

/// Whether the byte before a mutation says that one follows: any byte but a multiple of 8 (so `1`
/// continues and `0` ends, as in hand-written seeds, and random bytes continue seven times in
/// eight: a list of about seven mutations, not the one of a coin-flip convention).
pub fn another_follows(byte: u8) -> bool {
    byte % 8 != 0
}

/// A position made from fuzzer bytes: one of `starts` (chosen by the first byte, modulo the
/// number of starts; no byte is read and the game's start position is used when `starts` is
/// empty), then up to [`MAX_MUTATIONS`] mutations, each preceded by a byte that says whether one
/// follows ([`another_follows`]; missing bytes end the list), each applied by [`apply_or_move`].
/// Legal moves come from `gen`. The bytes after the last mutation are left in `u`.
///
/// # Errors
/// Never for lack of bytes (missing bytes read as zero); only if `arbitrary` itself fails.
pub fn arbitrary_position<G: Game>(
    gen: &dyn Generator<G>,
    u: &mut Unstructured<'_>,
    starts: &[Position<G>],
) -> arbitrary::Result<Position<G>> {
    let mut pos = if starts.is_empty() {
        Position::start()
    } else {
        // Always one byte, also for a single start, so that seeds are easy to write.
        starts[u8::arbitrary(u)? as usize % starts.len()].clone()
    };
    let mut applied = 0;
    while !u.is_empty() && another_follows(u8::arbitrary(u)?) {
        let mutation = Mutation::arbitrary(u)?;
        if applied >= MAX_MUTATIONS {
            continue;
        }
        applied += 1;
        if let Some(next) = apply_or_move(gen, &pos, mutation) {
            pos = next;
        }
    }
    Ok(pos)
}
