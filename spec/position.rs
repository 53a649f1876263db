//! [`Position`]: a validated position of one game, [`PositionError`] for setups that are not, and
//! [`Variant`]: what a position needs to know of its game.

use crate::fen::{parse_fen, write_fen, FenDialect, ParseFenError};
use crate::{Castling, Colour, Piece, Setup, Shape, Square};
use serde::{Serialize, Serializer};
use std::collections::BTreeSet;
use std::fmt;

/// What a [`Position`] needs to know of its game: the piece kinds, the board's shape, how FEN is
/// written, the start position, and the game's validation.
///
/// Every [`Game`](crate::Game) is a `Variant`, with the same items: a blanket implementation in
/// the module of `Game` copies them over, and no type implements `Variant` by hand. You never need
/// to name this trait; write `G: Game` as usual, and `Position<G>` works.
///
/// Why a second trait, then? `Game` is the whole game: besides these items it names the game's
/// move generators ([`Game::reference`](crate::Game::reference)), and through them perft, the
/// hashed perft's table, and the move text. A `Position` needs none of that. Bounding
/// `Position<G>` by this smaller trait keeps this module below the game and its generators:
/// `position` uses nothing above it, so the modules of `spec/` form no import loop (`.ci/run`
/// checks that every file's imports run one way).
pub trait Variant: Sized + 'static {
    /// The game's piece kinds ([`Game::Kind`](crate::Game::Kind)).
    type Kind: crate::Kind;
    /// The game's name on the command line ([`Game::NAME`](crate::Game::NAME)).
    const NAME: &'static str;
    /// The board ([`Game::SHAPE`](crate::Game::SHAPE)).
    const SHAPE: Shape;
    /// The start position ([`Game::START_FEN`](crate::Game::START_FEN)).
    const START_FEN: &'static str;
    /// How the game writes FEN ([`Game::DIALECT`](crate::Game::DIALECT)).
    const DIALECT: FenDialect;

    /// Checks a setup against the game's rules for positions
    /// ([`Game::validate`](crate::Game::validate)).
    ///
    /// # Errors
    /// Every reason the setup is not a position of this game.
    fn validate(setup: Setup<Self::Kind>) -> Result<Position<Self>, PositionError<Self::Kind>>;
}

/// A position that passed its game's validation ([`Game::validate`](crate::Game::validate)).
///
/// The fields are private: a `Position` is made only by validation, or by a generator playing a
/// legal move. [`Position::setup`] gives the raw data back.
///
/// `G` is the game ([`crate::kuma::Kuma`], [`crate::chess::Chess`], …); the bound [`Variant`] is met by every
/// [`Game`](crate::Game).
pub struct Position<G: Variant> {
    setup: Setup<G::Kind>,
}

impl<G: Variant> Position<G> {
    /// Wraps a setup without validating it. Only for generators that derive a position from a
    /// valid one by a legal move.
    pub(crate) fn new_unchecked(setup: Setup<G::Kind>) -> Position<G> {
        Position { setup }
    }

    /// The start position of the game.
    pub fn start() -> Position<G> {
        match Position::from_fen(G::START_FEN) {
            Ok(p) => p,
            // The start FEN is a constant checked by the tests of every game.
            Err(e) => unreachable!("{}: start FEN rejected: {e}", G::NAME),
        }
    }

    /// Parses and validates a FEN (the two move counters may be omitted).
    ///
    /// # Errors
    /// [`FenError::Parse`] for text that is no FEN of this game, [`FenError::Invalid`] for a
    /// FEN that describes an impossible position.
    pub fn from_fen(text: &str) -> Result<Position<G>, FenError<G>> {
        let setup = parse_fen(text, G::SHAPE, G::DIALECT).map_err(FenError::Parse)?;
        G::validate(setup).map_err(FenError::Invalid)
    }

    /// The FEN of the position, with every field.
    pub fn fen(&self) -> String {
        write_fen(&self.setup, G::DIALECT)
    }

    pub fn setup(&self) -> &Setup<G::Kind> {
        &self.setup
    }

    pub fn into_setup(self) -> Setup<G::Kind> {
        self.setup
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece<G::Kind>> {
        self.setup.piece_at(sq)
    }

    pub fn turn(&self) -> Colour {
        self.setup.turn
    }

    pub fn castling(&self) -> Castling {
        self.setup.castling
    }

    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.setup.halfmove_clock
    }

    /// The position without its move counters, for repetition: two positions with equal keys
    /// are "the same position" (board, side, castling rights, e.p. square, counter-strike).
    pub fn repetition_key(&self) -> Setup<G::Kind> {
        Setup {
            halfmove_clock: 0,
            fullmove_number: 0,
            ..self.setup.clone()
        }
    }
}

impl<G: Variant> Clone for Position<G> {
    fn clone(&self) -> Self {
        Position {
            setup: self.setup.clone(),
        }
    }
}

impl<G: Variant> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        self.setup == other.setup
    }
}

impl<G: Variant> Eq for Position<G> {}

impl<G: Variant> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({})", G::NAME, self.fen())
    }
}

impl<G: Variant> fmt::Display for Position<G> {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl<G: Variant> Serialize for Position<G> {
    /// A position serializes as its FEN.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

/// One reason a setup is not a valid position. Each names the rule it enforces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionErrorKind {
    /// The board has the wrong number of squares for this game.
    WrongShape,
    /// A side has no royal piece (King; Lion in Congo) (KUMA-2.2, CHESS-2.2).
    MissingKing(Colour),
    /// A side has more than one King (Lion in Congo) (KUMA-2.2).
    TooManyKings(Colour),
    /// A piece that must promote on its last rank stands there, or a pawn stands on its own first
    /// rank (KUMA-2.3).
    PawnOrUnpromotedOnBackRank(Square),
    /// The e.p. square is not the square a pawn of the side not to move just passed (KUMA-2.6).
    InvalidEpSquare,
    /// A castling right whose King or partner piece is not on its start square (KUMA-2.5).
    InvalidCastlingRights(Colour),
    /// The side not to move is in check: the side to move could capture the King (KUMA-2.4).
    OppositeCheck,
    /// The side to move has a Blind Bear on its last rank: the game already ended (KUMA-2.7).
    BlindBearAlreadyHome(Square),
    /// The side to move has already won by a rule judged after its own move, so the game ended
    /// before this position (BHB-2.7: its own Queen or Gnu on this square stands beside its King).
    AlreadyWon(Square),
    /// A royal piece outside the place the rules confine it to (Congo: a lion outside its castle).
    RoyalOutsideCastle(Square),
    /// Too many pieces of some kind for the game to have produced them.
    ImpossibleMaterial(Colour),
    /// A side has more than one non-crocodile piece in the river: all but the one that just
    /// entered it would have drowned (Congo, CONGO-2.5).
    CrowdedRiver(Colour),
    /// The counter-strike square holds a piece of the side to move, or a Lion: a lion can only
    /// just have been captured there by a non-lion of the side not to move (Chu Shogi, CHU-2.4).
    InvalidCounterStrike(Square),
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind::*;
        match self {
            WrongShape => write!(f, "the board has the wrong size for this game"),
            MissingKing(c) => write!(f, "{c} has no king"),
            TooManyKings(c) => write!(f, "{c} has more than one king"),
            PawnOrUnpromotedOnBackRank(sq) => {
                write!(f, "the piece on {sq} cannot stand on that rank (it must have promoted, or a pawn on its first rank)")
            }
            InvalidEpSquare => write!(f, "the en-passant square does not follow a double step"),
            InvalidCastlingRights(c) => {
                write!(
                    f,
                    "{c} has a castling right but its king or partner piece has left its square"
                )
            }
            OppositeCheck => write!(f, "the side not to move is in check"),
            BlindBearAlreadyHome(sq) => {
                write!(f, "the side to move has a blind bear on its last rank ({sq}): the game is already over")
            }
            AlreadyWon(sq) => write!(
                f,
                "the side to move already won on its previous move (its piece on {sq} stands beside its king): the game is over"
            ),
            RoyalOutsideCastle(sq) => write!(f, "the royal piece on {sq} is outside its castle"),
            ImpossibleMaterial(c) => write!(f, "{c} has more pieces than the game can produce"),
            CrowdedRiver(c) => write!(
                f,
                "{c} has more than one non-crocodile piece in the river (the others would have drowned)"
            ),
            InvalidCounterStrike(sq) => write!(
                f,
                "the counter-strike square {sq} does not hold a non-lion of the side that just moved (nor is it empty)"
            ),
        }
    }
}

/// A setup that is not a valid position: every reason found, and the setup itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError<K> {
    pub setup: Setup<K>,
    pub kinds: BTreeSet<PositionErrorKind>,
}

impl<K> PositionError<K> {
    /// Whether `kind` is among the reasons.
    pub fn has(&self, kind: PositionErrorKind) -> bool {
        self.kinds.contains(&kind)
    }
}

impl<K> fmt::Display for PositionError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: ")?;
        for (i, k) in self.kinds.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

impl<K: fmt::Debug> std::error::Error for PositionError<K> {}

/// Collects the reasons of a [`PositionError`]; `finish` gives the position if there are none.
pub struct Validation<K> {
    pub setup: Setup<K>,
    pub kinds: BTreeSet<PositionErrorKind>,
}

impl<K> Validation<K> {
    pub fn new(setup: Setup<K>) -> Validation<K> {
        Validation {
            setup,
            kinds: BTreeSet::new(),
        }
    }

    pub fn fail(&mut self, kind: PositionErrorKind) {
        self.kinds.insert(kind);
    }

    pub fn is_ok(&self) -> bool {
        self.kinds.is_empty()
    }
}

impl<K: crate::Kind> Validation<K> {
    /// Exactly one `king` of each colour (KUMA-2.2, CHESS-2.2, BHB-2.2): `MissingKing` or
    /// `TooManyKings` otherwise.
    pub fn one_king_each(&mut self, king: K) {
        for c in Colour::ALL {
            match self.setup.squares_of(crate::Piece::new(c, king)).len() {
                0 => self.fail(PositionErrorKind::MissingKing(c)),
                1 => {}
                _ => self.fail(PositionErrorKind::TooManyKings(c)),
            }
        }
    }

    /// The e.p. square, if any, is the square a `pawn` of the side not to move just passed with
    /// its double step (KUMA-2.6, CHESS-2.6, BHB-2.6): on that side's third rank, empty, with that
    /// Pawn directly in front of it and the square behind it (the Pawn's start square) empty.
    /// `InvalidEpSquare` otherwise.
    pub fn ep_square_follows_double_step(&mut self, pawn: K) {
        let Some(ep) = self.setup.ep_square else {
            return;
        };
        let shape = self.setup.shape;
        let them = self.setup.turn.other();
        // `n` squares forward from the e.p. square, as the side not to move sees the board.
        let forward = |n: i8| shape.offset(ep, crate::Offset::new(0, n).for_colour(them));
        let pawn_in_front = forward(1)
            .is_some_and(|sq| self.setup.piece_at(sq) == Some(crate::Piece::new(them, pawn)));
        let start_empty = forward(-1).is_some_and(|sq| self.setup.piece_at(sq).is_none());
        let ok = shape.contains(ep)
            && ep.rank() == them.relative_rank(2, shape.ranks)
            && self.setup.piece_at(ep).is_none()
            && pawn_in_front
            && start_empty;
        if !ok {
            self.fail(PositionErrorKind::InvalidEpSquare);
        }
    }

    /// The position, or every reason it is not one.
    pub fn finish<G: Variant<Kind = K>>(self) -> Result<Position<G>, PositionError<K>> {
        if self.kinds.is_empty() {
            Ok(Position::new_unchecked(self.setup))
        } else {
            Err(PositionError {
                setup: self.setup,
                kinds: self.kinds,
            })
        }
    }
}

/// A FEN that is not a valid position of the game.
pub enum FenError<G: Variant> {
    Parse(ParseFenError),
    Invalid(PositionError<G::Kind>),
}

impl<G: Variant> fmt::Debug for FenError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "Parse({e:?})"),
            FenError::Invalid(e) => write!(f, "Invalid({:?})", e.kinds),
        }
    }
}

impl<G: Variant> fmt::Display for FenError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "bad FEN: {e}"),
            FenError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl<G: Variant> std::error::Error for FenError<G> {}
