//! The two traits every game implements: [`Game`] (what the game is: board, pieces, FEN,
//! validation) and [`Generator`] (a move generator for it; each game has two).
//!
//! A [`Position`] is bounded by a smaller trait, [`Variant`](crate::position::Variant): the
//! part of `Game` a position needs (pieces, board, FEN, validation). Every `Game` is a `Variant`
//! by the blanket implementation below, so a game implements `Game` alone.

use crate::fen::FenDialect;
use crate::moves::{IllegalMoveError, Move, ParseMoveError};
use crate::position::Variant;
use crate::{Kind, Outcome, Position, PositionError, Setup, Shape, Symmetry};
use std::fmt;

/// A game: its board, pieces, start position, FEN dialect, rule switches and validation.
///
/// Its first items (`Kind`, `NAME`, `SHAPE`, `START_FEN`, `DIALECT`, [`Game::validate`]) are
/// also what a [`Position`] needs of its game: they make the game a
/// [`Variant`](crate::position::Variant) (see there for why that trait exists).
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

    /// The optimized bitboard generator, where the game has one yet.
    fn bitboard(switches: &Self::Switches) -> Option<Box<dyn Generator<Self>>>;
}

/// A move generator for game `G`. The reference and the bitboard generator of a game implement
/// this trait independently; the differential harness compares them through it.
///
/// A terminal position (checkmate, stalemate, a Blind Bear home, a captured lion, …) has no
/// legal moves; [`Generator::outcome`] tells why.
pub trait Generator<G: Game>: Send + Sync {
    /// Which of the game's two generators this is (a wrapper says what it wraps).
    fn kind(&self) -> GeneratorKind;

    /// `"reference"` or `"bitboard"` ([`GeneratorKind::name`]), as reports print it; a wrapper
    /// in a test may call itself something else.
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
        let children = crate::perft::distinct_results(self, pos);
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
    fn perft_counting(
        &self,
        pos: &Position<G>,
        depth: u32,
        counting: crate::perft::Counting,
    ) -> u64 {
        match counting {
            crate::perft::Counting::Routes => self.perft(pos, depth),
            crate::perft::Counting::Results => self.perft_results(pos, depth),
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
        counting: crate::perft::Counting,
        table: &crate::perft::hash::PerftTable,
    ) -> u64 {
        crate::perft::hash::perft_positions(self, pos, depth, counting, table)
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

/// Which of a game's two independent move generators a [`Generator`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GeneratorKind {
    /// The readable one: a mailbox board, one function per rule ([`Game::reference`]).
    Reference,
    /// The fast one ([`Game::bitboard`]).
    Bitboard,
}

impl GeneratorKind {
    /// The name reports and the command line use: `reference`, `bitboard`.
    pub const fn name(self) -> &'static str {
        match self {
            GeneratorKind::Reference => "reference",
            GeneratorKind::Bitboard => "bitboard",
        }
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
