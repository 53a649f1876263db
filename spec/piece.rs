//! Pieces: a game's [`Kind`] (what moves) owned by a [`Colour`] (who owns it).

use crate::{Colour, Shape};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::Hash;

/// The kinds of piece of one game. Each game owns an enum implementing this trait; the generic
/// machinery (FEN, move text, perft) only needs the symbols.
pub trait Kind: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static {
    /// Every kind, in a fixed order.
    const ALL: &'static [Self];

    /// The game's pawn (symbol `P`), written without a letter in long algebraic notation
    /// (KUMA-8.2), if it has one.
    const PAWN: Option<Self> = None;

    /// The game's King (symbol `K`), whose moves of two files are castlings in long algebraic
    /// notation, if it has one.
    const KING: Option<Self> = None;

    /// The game's table of kinds (a [`KindRow`] each: kind, symbol, name), which the provided
    /// [`Kind::symbol`] and [`Kind::name`] read. Empty by default, for a game that overrides both
    /// (Chu Shogi's table has more columns).
    const TABLE: &'static [KindRow<Self>] = &[];

    /// SPEC.md's Betza string of each kind (the game's `BETZA` table), which the provided
    /// [`Kind::betza`] reads.
    const BETZA: &'static [(Self, &'static str)] = &[];

    /// The upper-case FEN symbol of the kind: one letter, optionally preceded by `+` for promoted
    /// pieces in games that write them so (Chu Shogi). By default its row of [`Kind::TABLE`]
    /// (`"?"` for a kind the table lacks).
    fn symbol(self) -> &'static str {
        symbol_and_name(Self::TABLE, self).0
    }

    /// The English name, e.g. `"Running Bear"`. By default its row of [`Kind::TABLE`].
    fn name(self) -> &'static str {
        symbol_and_name(Self::TABLE, self).1
    }

    /// The kind whose [`Kind::symbol`] is `symbol` (upper case).
    fn from_symbol(symbol: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.symbol() == symbol)
    }

    /// How the kind moves in Betza's notation, owner-relative, as SPEC.md's piece table gives it
    /// ([`Kind::BETZA`]); `None` where SPEC.md gives none.
    fn betza(self) -> Option<&'static str> {
        Self::BETZA
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, b)| *b)
    }

    /// The rule of SPEC.md that says how the kind moves (`KUMA-3.5`), the one its moves cite.
    fn rule(self) -> Option<&'static str> {
        None
    }

    /// The label a player of the game reads on the piece, where it is not the letter: the
    /// kanji of a shogi piece (Chu Shogi, as lishogi's piece sets write them), the figure of a
    /// chess piece (`♘`). `None`: the letter.
    fn label(self) -> Option<&'static str> {
        None
    }

    /// The name a player of the game writes in records, where it is not [`Kind::name`]: a Chu
    /// Shogi piece's name in kanji (`獅子`).
    fn long_label(self) -> Option<&'static str> {
        None
    }

    /// Whether the kind makes two-step moves of single steps (Chu Shogi's lion power: the
    /// Lion, the promoted Kirin, the Horned Falcon and the Soaring Eagle, CHU-3.4, CHU-3.6).
    fn two_steps(self) -> bool {
        false
    }

    /// How the game writes its moves as text: algebraic unless the game says.
    const MOVE_NOTATION: MoveNotation = MoveNotation::Algebraic;

    /// The letter of the kind without any `+` prefix.
    fn letter(self) -> char {
        self.symbol().chars().last().unwrap_or('?')
    }
}

/// One row of a game's table of kinds: the kind, its upper-case FEN symbol ([`Kind::symbol`])
/// and its English name ([`Kind::name`]). Each game writes its kinds once, in such a table, and
/// reads [`Kind::ALL`] ([`kinds_of`]), the symbols and the names from it.
pub type KindRow<K> = (K, &'static str, &'static str);

/// The kinds of a table of kinds, in its order (a game's [`Kind::ALL`]).
pub const fn kinds_of<K: Copy, const N: usize>(table: &[KindRow<K>; N]) -> [K; N] {
    let mut kinds = [table[0].0; N];
    let mut i = 1;
    while i < N {
        kinds[i] = table[i].0;
        i += 1;
    }
    kinds
}

/// The FEN symbol and the name of `kind` in a table of kinds (`"?"` for a kind the table lacks).
pub fn symbol_and_name<K: PartialEq>(
    table: &'static [KindRow<K>],
    kind: K,
) -> (&'static str, &'static str) {
    table
        .iter()
        .find(|row| row.0 == kind)
        .map_or(("?", "?"), |row| (row.1, row.2))
}

/// How a game writes its moves as text ([`Kind::MOVE_NOTATION`]); `Move`'s `Display` and
/// `Move::parse` follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// The squares of the path by their algebraic names, then the lower-case letter of a
    /// promotion: `e2e4`, `a7a8m`, `c3e3e5c3` (Kuma, Congo, Hunterbeest, chess).
    Algebraic,
    /// USI on a board of this shape: two squares, or three for a two-step move, by their USI
    /// names, then `+` for a promotion: `7g7f`, `7g6f5e`, `8h7g+` (Chu Shogi, CHU-8).
    Usi(Shape),
}

/// How a game's pieces are drawn (the page, `fairyspec diagram`): the players' own look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Look {
    /// Discs with the piece's letter on a chequered board (Kuma, Congo, Hunterbeest).
    Discs,
    /// The usual chess figures on a chequered board ([`Kind::label`]).
    Figures,
    /// Shogi: a plain board with grid lines; pentagonal tiles pointing at the opponent, with
    /// the piece's kanji ([`Kind::label`]), red on a promoted piece.
    Tiles,
}

/// A piece on the board: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece<K> {
    pub colour: Colour,
    pub kind: K,
}

impl<K: Kind> Piece<K> {
    pub const fn new(colour: Colour, kind: K) -> Piece<K> {
        Piece { colour, kind }
    }

    /// The FEN text: upper case for White, lower case for Black (`U`, `u`, `+R`, `+r`).
    pub fn fen_symbol(self) -> String {
        match self.colour {
            Colour::White => self.kind.symbol().to_string(),
            Colour::Black => self.kind.symbol().to_ascii_lowercase(),
        }
    }

    /// Reads a FEN symbol (`U`, `u`, `+R`); the case gives the colour.
    pub fn from_fen_symbol(text: &str) -> Option<Piece<K>> {
        let letter = text.chars().last()?;
        let colour = if letter.is_ascii_uppercase() {
            Colour::White
        } else if letter.is_ascii_lowercase() {
            Colour::Black
        } else {
            return None;
        };
        K::from_symbol(&text.to_ascii_uppercase()).map(|kind| Piece { colour, kind })
    }
}

impl<K: Kind> fmt::Display for Piece<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen_symbol())
    }
}
