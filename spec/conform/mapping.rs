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
];

/// The built-in mapping called `name`, if there is one.
pub fn builtin(name: &str) -> Option<Box<dyn MoveMap>> {
    match name {
        "identity" => Some(Box::new(Identity)),
        "fairy-stockfish" => Some(Box::new(FairyStockfish)),
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
    fn names() {
        for (name, _) in BUILTIN {
            assert!(builtin(name).is_some(), "{name}");
        }
        assert!(builtin("nonsense").is_none());
        assert_eq!(Identity.to_spec("f1f8+", &[]), "f1f8+");
    }
}
