//! The two traits every game implements: [`Game`] (what the game is: board, pieces, FEN,
//! validation) and [`Generator`] (a move generator for it; each game has two).
//!
//! A [`Position`] is bounded by a smaller trait, [`Variant`]: the
//! part of `Game` a position needs (pieces, board, FEN, validation). Every `Game` is a `Variant`
//! by the blanket implementation below, so a game implements `Game` alone.
//!
//! The files of this module, bottom up: `counting.rs` ([`crate::perft::Counting`]) and
//! `table.rs` (the hashed perft's [`crate::perft::hash::PerftTable`]) need nothing of a game;
//! `generator.rs` holds [`Generator`] with the walks its provided perft methods take
//! ([`crate::perft::distinct_results`], [`crate::perft::hash::perft_positions`]); this file holds
//! [`Game`], which names its generators. They sit below [`crate::perft`] (divide, `.perft` files),
//! which re-exports the perft pieces under their public paths: so `position` < `game` < `perft`,
//! and no import runs back.

pub(crate) mod counting;
pub(crate) mod generator;
pub mod pasted;
pub(crate) mod table;

pub use generator::{Generator, GeneratorKind, MoveTextError};
pub use pasted::{Pasted, PastedError};

use crate::fen::FenDialect;
use crate::moves::{Move, ParseMoveError};
use crate::position::Variant;
use crate::{Kind, Outcome, Position, PositionError, Setup, Shape, Symmetry};
use std::fmt;

/// A game: its board, pieces, start position, FEN dialect, rule switches and validation.
///
/// Its first items (`Kind`, `NAME`, `SHAPE`, `START_FEN`, `DIALECT`, [`Game::validate`]) are
/// also what a [`Position`] needs of its game: they make the game a
/// [`Variant`] (see there for why that trait exists).
pub trait Game: Sized + Copy + fmt::Debug + Send + Sync + 'static {
    /// The game's piece kinds.
    type Kind: Kind;
    /// The rule readings that can be switched (documented in SPEC.md and described by
    /// [`crate::switches::Switches`]); `Default` is the spec's.
    type Switches: crate::switches::Switches;

    /// The name used on the command line (`kuma`, `chess`, `congo`, `hunterbeest`, `chu`).
    const NAME: &'static str;
    /// The game's name in words (`Kuma Chess`, `orthodox chess`), as the help, the page and the
    /// diagrams write it (capitalised at the start of a title).
    const TITLE: &'static str;
    const SHAPE: Shape;
    const START_FEN: &'static str;
    const DIALECT: FenDialect;
    /// Whether the game's records may write `#` for checkmate, as chess players do: only where
    /// `#` names no other win ([`crate::notation::long_algebraic::hash_is_checkmate`]).
    const HASH_IS_CHECKMATE: bool = false;
    /// How the two armies relate: mirror images across the middle rank (chess, Kuma, Congo; the
    /// default) or rotations of each other (Hunterbeest, Chu Shogi). The colour-symmetry
    /// property ([`crate::check::properties::colour_symmetry`]) transforms positions this way.
    const SYMMETRY: Symmetry = Symmetry::Mirror;
    /// How the game's players draw its board and pieces: letters on discs unless the game says.
    const LOOK: crate::Look = crate::Look::Discs;

    /// Whether pieces of `kind` are royal in the sense of check: the rules forbid leaving one
    /// attacked, so no legal move ever captures one (the King of chess and Kuma). The default,
    /// `false` for every kind, suits games whose royal piece can be captured (Congo's lion, Chu
    /// Shogi's king); the property [`crate::check::properties::no_royal_capture`] checks the
    /// kinds this names.
    fn is_royal(kind: Self::Kind) -> bool {
        let _ = kind;
        false
    }

    /// Checks a setup against the game's rules for positions.
    ///
    /// # Errors
    /// Every reason the setup is not a position of this game.
    fn validate(setup: Setup<Self::Kind>) -> Result<Position<Self>, PositionError<Self::Kind>>;

    /// Reads position text as the game's players paste it: a position, perhaps with moves after
    /// it, written strictly, with a note for each thing normalised on the way. The default takes
    /// the text as a FEN; Chu Shogi also reads lishogi's lenient SFEN, USI `position` lines and
    /// KIF records (CHU-8.4).
    ///
    /// # Errors
    /// What cannot be read, in words.
    fn read_position_text(text: &str) -> Result<PositionText, String> {
        Ok(PositionText {
            fen: text.trim().to_string(),
            moves: Vec::new(),
            notes: Vec::new(),
        })
    }

    /// Game records shipped with the crate (name, text in the game's record format), which the
    /// page steps through; none by default (Chu Shogi's corpus games).
    fn records() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The name of square `sq` in the game's notation: algebraic (`e4`, CORE-1.1) by default;
    /// Chu Shogi says USI (`7g`, CHU-1.1).
    fn square_name(sq: crate::Square) -> String {
        sq.to_string()
    }

    /// The name of a side as the game's players say it: `White` and `Black` by default; Chu
    /// Shogi says `sente` (the first player, [`crate::Colour::White`] here) and `gote` (CHU-1.3).
    fn side_name(colour: crate::Colour) -> &'static str {
        match colour {
            crate::Colour::White => "White",
            crate::Colour::Black => "Black",
        }
    }

    /// Reads move text in a position. The default is [`Move::parse`], which needs no position;
    /// a game whose text leaves something to the position overrides it (Chu Shogi: `+` promotes
    /// the piece on the from-square to its own promoted kind). This is notation, not move
    /// generation: it does not judge legality.
    ///
    /// # Errors
    /// [`ParseMoveError`] for text that is no move of the game's notation.
    fn read_move(pos: &Position<Self>, text: &str) -> Result<Move<Self::Kind>, ParseMoveError> {
        let _ = pos;
        Move::parse(text)
    }

    /// The reference generator with the given switches.
    fn reference(switches: &Self::Switches) -> Box<dyn Generator<Self>>;

    /// The optimized bitboard generator (every game has one).
    fn bitboard(switches: &Self::Switches) -> Box<dyn Generator<Self>>;
}

/// Every game is a [`Variant`]: the items a [`Position`] needs, taken from the game's `Game`.
impl<G: Game> Variant for G {
    type Kind = G::Kind;
    const NAME: &'static str = G::NAME;
    const SHAPE: Shape = G::SHAPE;
    const START_FEN: &'static str = G::START_FEN;
    const DIALECT: FenDialect = G::DIALECT;

    fn validate(setup: Setup<G::Kind>) -> Result<Position<G>, PositionError<G::Kind>> {
        <G as Game>::validate(setup)
    }
}

/// Position text as pasted, read ([`Game::read_position_text`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionText {
    /// The position, as the game's FEN (strict).
    pub fen: String,
    /// Moves to play from it, in the game's notation.
    pub moves: Vec<String>,
    /// What was normalised on the way, in words (empty for strict text).
    pub notes: Vec<String>,
}

/// The draw the side to move may claim in chess-like games, if any: the fifty-move rule when the
/// half-move clock has reached 100 (KUMA-7.5), or threefold repetition when `history` (the
/// repetition keys of the earlier positions of the game) holds this position twice already
/// (KUMA-7.6).
pub fn claimable_draw<G: Game>(pos: &Position<G>, history: &[Setup<G::Kind>]) -> Option<Outcome> {
    let key = pos.repetition_key();
    if history.iter().filter(|k| **k == key).count() >= 2 {
        Some(Outcome::draw(crate::Reason::ThreefoldClaim))
    } else if pos.halfmove_clock() >= 100 {
        Some(Outcome::draw(crate::Reason::FiftyMoveClaim))
    } else {
        None
    }
}
