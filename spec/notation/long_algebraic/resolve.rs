//! Finding the legal move a long algebraic text names (KUMA-8.2) and checking every claim the
//! text makes about it.

use super::{
    castling_side, count, hash_is_checkmate, is_pawn, parse, LanBody, LanError, LanMove,
    LanMoveError, Mark,
};
use crate::{Game, Generator, Move, Position};

/// Finds the legal move of `pos` that `syntax` names, and checks every claim the text makes:
/// the letter names the piece on the from-square (no letter: a Pawn), the promotion letter is
/// the piece the move makes, the capture mark is there exactly when the move captures (en
/// passant included), and the final mark is the one [`Mark::after`] gives (`+` exactly on checks
/// that do not end the game, `×` exactly on checkmates, `#` exactly on other wins).
///
/// # Errors
/// The first false claim, as a [`LanMoveError`], checked in this order: game over, from-square,
/// letter, legality, promotion, capture mark, final mark.
pub fn resolve<G: Game>(
    syntax: &LanMove<G::Kind>,
    pos: &Position<G>,
    gen: &dyn Generator<G>,
) -> Result<Move<G::Kind>, LanMoveError<G::Kind>> {
    let legal = gen.legal_moves(pos);
    if legal.is_empty() {
        // A position without moves is over (or the generator says why not below).
        if let Some(outcome) = gen.outcome(pos) {
            return Err(LanMoveError::GameOver(outcome));
        }
    }
    let (mv, after) = match syntax.body {
        LanBody::Castle(side) => {
            let fits: Vec<_> = legal
                .iter()
                .filter(|m| castling_side(m, pos) == Some(side))
                .collect();
            match fits[..] {
                [only] => (*only, gen.play_unchecked(pos, only)),
                [] => return Err(LanMoveError::CastlingIllegal(side)),
                _ => return Err(LanMoveError::CastlingAmbiguous(side)),
            }
        }
        LanBody::Piece {
            letter,
            from,
            via,
            to,
            capture,
            promotion,
        } => {
            let piece = pos
                .piece_at(from)
                .ok_or(LanMoveError::NoPiece { square: from })?;
            if piece.colour != pos.turn() {
                return Err(LanMoveError::NotYourPiece {
                    square: from,
                    piece,
                });
            }
            let letter_fits = match letter {
                Some(k) => k == piece.kind,
                None => is_pawn(piece.kind),
            };
            if !letter_fits {
                return Err(LanMoveError::WrongPiece {
                    square: from,
                    written: letter,
                    found: piece.kind,
                });
            }
            let same_path: Vec<&Move<G::Kind>> = legal
                .iter()
                .filter(|m| m.from == from && m.via == via && m.to == to)
                .collect();
            if same_path.is_empty() {
                return Err(LanMoveError::Illegal {
                    square: from,
                    kind: piece.kind,
                    to,
                });
            }
            let options: Vec<G::Kind> = same_path.iter().filter_map(|m| m.promotion).collect();
            let mv = match same_path.iter().find(|m| m.promotion == promotion) {
                Some(m) => **m,
                None => {
                    return Err(match promotion {
                        None => LanMoveError::MissingPromotion { options },
                        Some(written) if options.is_empty() => {
                            LanMoveError::NotAPromotion { written }
                        }
                        Some(written) => LanMoveError::WrongPromotion { written, options },
                    })
                }
            };
            let after = gen.play_unchecked(pos, &mv);
            let them = pos.turn().other();
            let captures = count(&after, them) < count(pos, them);
            if captures && !capture {
                return Err(LanMoveError::MissingCaptureMark);
            }
            if capture && !captures {
                return Err(LanMoveError::SpuriousCaptureMark);
            }
            (mv, after)
        }
    };
    let expected = Mark::after(gen, &after);
    let chess_mate =
        expected == Mark::Checkmate && syntax.mark == Mark::Win && hash_is_checkmate::<G>();
    if expected != syntax.mark && !chess_mate {
        return Err(LanMoveError::WrongMark {
            written: syntax.mark,
            expected,
            outcome: gen.outcome(&after),
        });
    }
    Ok(mv)
}

/// Reads `text` and resolves it in `pos`: [`parse`] then [`resolve`].
///
/// # Errors
/// [`LanError::Parse`] for text that is not the notation, [`LanError::Move`] for a false claim.
pub fn read<G: Game>(
    text: &str,
    pos: &Position<G>,
    gen: &dyn Generator<G>,
) -> Result<Move<G::Kind>, LanError<G::Kind>> {
    let syntax = parse::<G>(text).map_err(LanError::Parse)?;
    resolve(&syntax, pos, gen).map_err(LanError::Move)
}
