//! Move-text mappings: from an engine's move text to the specification's.
//!
//! fairyspec writes a move as from-square and to-square, a promotion with the new piece's letter
//! in lower case (`a7a8m`), castling as the King's move (`e1g1`) — see
//! [`crate::moves`]. An engine that writes some moves differently is compared through a
//! [`MoveMap`], chosen on the command line with `--map NAME`:
//!
//! | name | for | what it changes |
//! |---|---|---|
//! | `identity` | engines that already write fairyspec's text (the default) | nothing |
//! | `fairy-stockfish` | Fairy-Stockfish and pyffish | a shogi-style piece promotion `f1f8+` becomes the spec's `f1f8d`: the one legal spec move from `f1` to `f8` with a promotion letter |
//! | `xboard` | XBoard engines (HaChu; `--protocol xboard`) | algebraic squares (`a1` at the first player's lower left) become the game's own (USI for Chu Shogi: `f4f5` is `7i7h`); a two-step move `f3e4,e4d5` becomes one path (`7j8i9h`); `+` stays |
//!
//! A mapping only ever sees one move and the specification's legal moves in the same position
//! (sorted move text), so it can resolve text that needs the position — like `+`, which does not
//! say which piece the mover becomes. Text that a mapping cannot resolve is returned unchanged
//! and shows up in the report as a move only the engine has, which is the honest outcome: the
//! two notations really differ there.
//!
//! The engine is always sent its own move text (the text it printed for the move one level up),
//! so a mapping needs only this one direction.
//!
//! ## Adding a mapping
//! 1. Write a type implementing [`MoveMap`] in this file (a unit struct is enough), with a doc
//!    comment saying which engine writes what.
//! 2. Add a row to [`BUILTIN`] (its `--map` name and a one-line description) and an arm to
//!    [`builtin`].
//! 3. Add a unit test below with the engine's real text for every case it changes.
//!
//! Library users can instead pass their own `&dyn MoveMap` to [`super::conform`].

use crate::{Game, Kind, Move, Square, Via};

/// Turns an engine's move text into the specification's.
pub trait MoveMap {
    /// The specification's text for the engine's `engine_text`, given the specification's legal
    /// moves in the same position (`spec_moves`, sorted). Unknown text is returned unchanged.
    fn to_spec(&self, engine_text: &str, spec_moves: &[String]) -> String;
}

/// The mapping that changes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Identity;

impl MoveMap for Identity {
    fn to_spec(&self, engine_text: &str, _spec_moves: &[String]) -> String {
        engine_text.to_string()
    }
}

/// Fairy-Stockfish's UCI move text (also pyffish's `legal_moves`). It writes a pawn's promotion
/// like fairyspec (`e7e8e`) and castling as the King's move (`e1g1`, unless `UCI_Chess960` is
/// on), but a *piece* promotion (`promotedPieceType`, shogi style) with a `+` suffix:
/// `f1f8+` for a Running Bear that becomes a Dashing Bear. The spec names the new piece
/// (`f1f8d`); the mapping picks the one legal spec move with the same squares and a promotion
/// letter. A `-` suffix (Fairy-Stockfish's declined optional promotion) is dropped.
#[derive(Clone, Copy, Debug, Default)]
pub struct FairyStockfish;

impl MoveMap for FairyStockfish {
    fn to_spec(&self, engine_text: &str, spec_moves: &[String]) -> String {
        if let Some(base) = engine_text.strip_suffix('+') {
            let promotions: Vec<&String> = spec_moves
                .iter()
                .filter(|m| {
                    m.len() == base.len() + 1
                        && m.starts_with(base)
                        && m.ends_with(|c: char| c.is_ascii_lowercase())
                })
                .collect();
            if let [only] = promotions[..] {
                return only.clone();
            }
            return engine_text.to_string();
        }
        if let Some(base) = engine_text.strip_suffix('-') {
            return base.to_string();
        }
        engine_text.to_string()
    }
}

/// An XBoard engine's move text: squares named algebraically (file letter `a`…, rank number
/// `1`… from the first player's lower left, as XBoard names them for every board), a two-step move
/// as two legs `f3e4,e4d5`, a promotion by `+` (HaChu). The squares are written again in the
/// game's own notation ([`crate::Kind::MOVE_NOTATION`]: USI for Chu Shogi), the legs joined into one path,
/// and `+` kept. Text that is not squares is returned unchanged.
pub struct Xboard<K: Kind>(std::marker::PhantomData<K>);

impl<K: Kind> Default for Xboard<K> {
    fn default() -> Self {
        Xboard(std::marker::PhantomData)
    }
}

impl<K: Kind> MoveMap for Xboard<K> {
    fn to_spec(&self, engine_text: &str, _spec_moves: &[String]) -> String {
        let (body, plus) = match engine_text.strip_suffix('+') {
            Some(body) => (body, "+"),
            None => (engine_text, ""),
        };
        let mut squares: Vec<Square> = Vec::new();
        for leg in body.split(',') {
            let bytes = leg.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let Some((sq, n)) = Square::parse_prefix(&bytes[i..]) else {
                    return engine_text.to_string();
                };
                // The second leg starts where the first ended.
                if squares.last() != Some(&sq) || i > 0 {
                    squares.push(sq);
                }
                i += n;
            }
        }
        if squares.len() < 2 {
            return engine_text.to_string();
        }
        let Some(via) = Via::from_slice(&squares[1..squares.len() - 1]) else {
            return engine_text.to_string();
        };
        let mv: Move<K> = Move {
            from: squares[0],
            via,
            to: squares[squares.len() - 1],
            promotion: None,
        };
        format!("{mv}{plus}")
    }
}

/// The built-in mappings: `--map` name and what it is for.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "identity",
        "the engine writes fairyspec's move text (default)",
    ),
    (
        "fairy-stockfish",
        "Fairy-Stockfish/pyffish: piece promotion `f1f8+` -> `f1f8d`",
    ),
    (
        "xboard",
        "XBoard engines (HaChu): algebraic squares -> the game's own (USI for Chu)",
    ),
];

/// The built-in mapping called `name` for game `G`, if there is one.
pub fn builtin<G: Game>(name: &str) -> Option<Box<dyn MoveMap>> {
    match name {
        "identity" => Some(Box::new(Identity)),
        "fairy-stockfish" => Some(Box::new(FairyStockfish)),
        "xboard" => Some(Box::new(Xboard::<G::Kind>::default())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn fairy_stockfish_plus_becomes_the_named_promotion() {
        let spec = texts(&["e1f1", "f1f8d", "f1g1", "g7g8e"]);
        let map = FairyStockfish;
        assert_eq!(map.to_spec("f1f8+", &spec), "f1f8d");
        assert_eq!(map.to_spec("g7g8e", &spec), "g7g8e");
        assert_eq!(map.to_spec("e1f1", &spec), "e1f1");
        assert_eq!(map.to_spec("f1f8-", &spec), "f1f8");
        // No such spec move: left as it is, so that the report shows it.
        assert_eq!(map.to_spec("a1a8+", &spec), "a1a8+");
    }

    #[test]
    fn xboard_squares_become_usi_for_chu() {
        let map = Xboard::<crate::chu::ChuKind>::default();
        assert_eq!(map.to_spec("f4f5", &[]), "7i7h");
        assert_eq!(map.to_spec("f3e4,e4d5", &[]), "7j8i9h");
        assert_eq!(map.to_spec("f3e4,e4f3", &[]), "7j8i7j");
        assert_eq!(map.to_spec("f3f3", &[]), "7j7j");
        assert_eq!(map.to_spec("c9c10+", &[]), "10d10c+");
        assert_eq!(map.to_spec("@@@@", &[]), "@@@@");
        let chess = Xboard::<crate::chess::ChessKind>::default();
        assert_eq!(chess.to_spec("e2e4", &[]), "e2e4");
    }

    #[test]
    fn names() {
        for (name, _) in BUILTIN {
            assert!(builtin::<crate::kuma::Kuma>(name).is_some(), "{name}");
        }
        assert!(builtin::<crate::kuma::Kuma>("nonsense").is_none());
        assert_eq!(Identity.to_spec("f1f8+", &[]), "f1f8+");
    }
}
