//! Move text in another notation than the game's: recognised, so that the answer can say how
//! to write the move (`Nf3` → `g1f3`), in every game. The common forms: upper case (`E2E4`),
//! a dash or `x` between the squares (`e2-e4`, `7g-7f`), and SAN-like text naming the piece
//! and its target (`Nf3`, `exd5`, `O-O`, `e8=Q`, `+`/`#` marks), resolved against the legal
//! moves: exactly one must fit.

use crate::moves::ParseMoveError;
use crate::{Game, Kind, Move, Position};

/// The legal move `text` means in another notation, as a [`ParseMoveError::OtherNotation`] that
/// says how the game writes it; `None` when the text means no single legal move.
pub fn hint<G: Game>(
    pos: &Position<G>,
    legal: &[Move<G::Kind>],
    text: &str,
) -> Option<ParseMoveError> {
    let said = text.trim();
    let found = |notation: &'static str, mv: &Move<G::Kind>| ParseMoveError::OtherNotation {
        text: said.to_string(),
        notation,
        written: mv.to_string(),
    };
    // Long algebraic with a separator, or in upper case: the same squares.
    let squares_only: String = said
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '×'))
        .collect::<String>()
        .to_lowercase();
    if squares_only != said {
        if let Ok(mv) = G::read_move(pos, &squares_only) {
            let mv = legal
                .iter()
                .find(|m| m.from == mv.from && m.to == mv.to && m.via == mv.via)
                .copied()
                .unwrap_or(mv);
            let notation = if said.chars().any(|c| c.is_ascii_uppercase())
                && !said.contains(['-', 'x', ':'])
            {
                "upper case"
            } else {
                "a dash or x between the squares"
            };
            return Some(found(notation, &mv));
        }
    }
    san::<G>(pos, legal, said).map(|mv| found("SAN", &mv))
}

/// SAN-like text: `[piece][from-hint][x]to[=promotion]`, castling `O-O`/`O-O-O`.
fn san<G: Game>(pos: &Position<G>, legal: &[Move<G::Kind>], text: &str) -> Option<Move<G::Kind>> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let setup = pos.setup();
    let kind_of = |m: &Move<G::Kind>| setup.piece_at(m.from).map(|p| p.kind);
    if matches!(t, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        let long = t.len() > 3;
        let fits: Vec<_> = legal
            .iter()
            .filter(|m| kind_of(m).is_some_and(|k| Some(k) == G::Kind::KING))
            .filter(|m| {
                let df = i32::from(m.to.file()) - i32::from(m.from.file());
                df.abs() >= 2 && (df < 0) == long
            })
            .collect();
        return single(&fits);
    }
    // The promotion: `=Q` or a trailing letter after the square (`e8Q`).
    let (body, promotion) = match t.split_once('=') {
        Some((b, p)) => (b, Some(p.to_uppercase())),
        None => (t, None),
    };
    // The target: the longest tail that names a square of the board.
    let squares: Vec<_> = G::SHAPE.squares().collect();
    let (target, head) = (1..=body.len().min(4))
        .rev()
        .filter(|&n| body.is_char_boundary(body.len() - n))
        .find_map(|n| {
            let tail = &body[body.len() - n..];
            squares
                .iter()
                .find(|&&s| G::square_name(s) == tail.to_lowercase())
                .map(|&s| (s, &body[..body.len() - n]))
        })?;
    let head = head.trim_end_matches(['x', '-', ':']);
    // The piece: the longest head that is a kind's symbol (upper case); none is a Pawn.
    let (kind, hint) = G::Kind::ALL
        .iter()
        .filter(|k| head.starts_with(k.symbol()))
        .max_by_key(|k| k.symbol().len())
        .map(|k| (Some(*k), &head[k.symbol().len()..]))
        .unwrap_or((None, head));
    let kind = kind.or_else(|| G::Kind::from_symbol("P"))?;
    let fits: Vec<_> = legal
        .iter()
        .filter(|m| m.to == target && kind_of(m) == Some(kind))
        .filter(|m| {
            let from = G::square_name(m.from);
            hint.chars().all(|c| from.contains(c.to_ascii_lowercase()))
        })
        .filter(|m| match (&promotion, m.promotion) {
            (Some(p), Some(k)) => k.symbol() == p || k.symbol().trim_start_matches('+') == p,
            (None, None) => true,
            (Some(_), None) | (None, Some(_)) => false,
        })
        .collect();
    single(&fits)
}

fn single<K: Kind>(moves: &[&Move<K>]) -> Option<Move<K>> {
    match moves {
        [only] => Some(**only),
        _ => None,
    }
}
