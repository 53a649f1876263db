//! # Orthodox chess (calibration)
//!
//! FIDE chess, implemented through the same machinery as the variants so that the shared parts
//! (FEN, positions, move text, perft, the differential harness) can be checked against the
//! most-checked numbers in the field before they are trusted on Kuma Chess and the others.
//! Rules: SPEC.md, chapter "Orthodox chess (calibration)" (rule IDs `CHESS-…`), after the FIDE
//! Laws of Chess.
//!
//! - [`rules`]: the reference generator, one function per rule, read it beside SPEC.md.
//! - [`bitboard`]: the optimized generator (magic bitboards, legal generation with check and pin
//!   masks, bulk-counting perft); it shares only the types of this crate with [`rules`].
//!
//! ```
//! use fairyspec::{chess::Chess, Game, Position};
//!
//! let start = Position::<Chess>::start();
//! let reference = Chess::reference(&Default::default());
//! assert_eq!(reference.legal_moves(&start).len(), 20);
//! let fast = Chess::bitboard(&Default::default());
//! assert_eq!(fast.perft(&start, 3), 8902);
//! ```

pub mod bitboard;
pub mod check;
mod diagram;
mod explain;
pub mod rules;

use crate::fen::FenDialect;
use crate::piece::{kinds_of, KindRow};
use crate::position::Validation;
use crate::{
    CastleSides, Colour, Game, Generator, Piece, Position, PositionError, PositionErrorKind as E,
    Setup, Shape, Square,
};
use serde::{Deserialize, Serialize};

/// The game of orthodox chess (CHESS-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess;

/// The pieces of chess (CHESS-3). The letter is the FEN and move-text symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ChessKind {
    /// K — CHESS-3.3.
    King,
    /// Q — CHESS-3.4.
    Queen,
    /// R — CHESS-3.5; castles with the King (CHESS-4.1).
    Rook,
    /// B — CHESS-3.6.
    Bishop,
    /// N — CHESS-3.7.
    Knight,
    /// P — CHESS-3.2; promotes on the last rank (CHESS-5.1), captures en passant (CHESS-6.1).
    Pawn,
}

impl ChessKind {
    /// The kinds a Pawn may promote to (CHESS-5.1), strongest first.
    pub const PROMOTIONS: [ChessKind; 4] = [
        ChessKind::Queen,
        ChessKind::Rook,
        ChessKind::Bishop,
        ChessKind::Knight,
    ];
}

/// The one table of the kinds: each one's FEN symbol and name, in [`crate::Kind::ALL`]'s order.
const KINDS: [KindRow<ChessKind>; 6] = [
    (ChessKind::King, "K", "King"),
    (ChessKind::Queen, "Q", "Queen"),
    (ChessKind::Rook, "R", "Rook"),
    (ChessKind::Bishop, "B", "Bishop"),
    (ChessKind::Knight, "N", "Knight"),
    (ChessKind::Pawn, "P", "Pawn"),
];

impl crate::Kind for ChessKind {
    const ALL: &'static [ChessKind] = &kinds_of(&KINDS);
    const TABLE: &'static [KindRow<ChessKind>] = &KINDS;
    const PAWN: Option<Self> = Some(ChessKind::Pawn);
    const KING: Option<Self> = Some(ChessKind::King);

    /// The usual Betza of the chess pieces (the Pawn's first double step and e.p. included).
    fn betza(self) -> Option<&'static str> {
        Some(match self {
            ChessKind::King => "K",
            ChessKind::Queen => "Q",
            ChessKind::Rook => "R",
            ChessKind::Bishop => "B",
            ChessKind::Knight => "N",
            ChessKind::Pawn => "fmWfceFifmnD",
        })
    }

    fn rule(self) -> Option<&'static str> {
        Some(crate::mailbox::MailboxRules::movement_rule(self))
    }

    /// The usual figures (Unicode's chess symbols), drawn in each side's colour.
    fn label(self) -> Option<&'static str> {
        Some(match self {
            ChessKind::King => "\u{265A}",
            ChessKind::Queen => "\u{265B}",
            ChessKind::Rook => "\u{265C}",
            ChessKind::Bishop => "\u{265D}",
            ChessKind::Knight => "\u{265E}",
            ChessKind::Pawn => "\u{265F}",
        })
    }
}

/// The rule readings of orthodox chess that can be switched. Chess has none: FIDE's rules are
/// taken as they stand (SPEC.md, CHESS chapter). The type exists so that chess goes through the
/// same [`Game`] machinery as the variants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChessSwitches {}

impl crate::switches::Switches for ChessSwitches {
    const SWITCHES: &'static [crate::switches::Switch] = &[];

    fn get(&self, _name: &str) -> Option<&'static str> {
        None
    }

    fn set(&mut self, name: &str, _value: &str) -> Result<(), crate::switches::SwitchError> {
        Err(Self::unknown_switch(name))
    }
}

impl Game for Chess {
    type Kind = ChessKind;
    type Switches = ChessSwitches;
    const NAME: &'static str = "chess";
    const TITLE: &'static str = "orthodox chess";
    /// `#` is checkmate: orthodox chess has no other win.
    const HASH_IS_CHECKMATE: bool = true;
    /// CHESS-1.1.
    const SHAPE: Shape = Shape::new(8, 8);
    /// CHESS-1.2 (FIDE Art. 2).
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const DIALECT: FenDialect = FenDialect::Chess;
    const LOOK: crate::Look = crate::Look::Figures;

    /// The King is royal: no legal move leaves it attacked, so none captures it.
    fn is_royal(kind: ChessKind) -> bool {
        kind == ChessKind::King
    }

    /// CHESS-2: the rules a position must satisfy.
    fn validate(setup: Setup<ChessKind>) -> Result<Position<Chess>, PositionError<ChessKind>> {
        let mut v = Validation::new(setup);
        if v.setup.shape != Chess::SHAPE || v.setup.board.len() != Chess::SHAPE.len() {
            v.fail(E::WrongShape);
            return Err(PositionError {
                setup: v.setup,
                kinds: v.kinds,
            });
        }
        v.one_king_each(ChessKind::King); // CHESS-2.2
        validate_back_ranks(&mut v);
        validate_material(&mut v);
        validate_castling(&mut v);
        v.ep_square_follows_double_step(ChessKind::Pawn); // CHESS-2.6
                                                          // CHESS-2.4: only meaningful with one King each.
        if v.is_ok() && rules::in_check(&v.setup, v.setup.turn.other()) {
            v.fail(E::OppositeCheck);
        }
        v.finish()
    }

    fn reference(switches: &ChessSwitches) -> Box<dyn Generator<Chess>> {
        Box::new(rules::Reference::new(*switches))
    }

    fn bitboard(switches: &ChessSwitches) -> Box<dyn Generator<Chess>> {
        Box::new(bitboard::Bitboard::new(*switches))
    }
}

/// Records in the common notation of [`crate::replay::replay`].
impl crate::replay::Records for Chess {}

fn piece(colour: Colour, kind: ChessKind) -> Piece<ChessKind> {
    Piece::new(colour, kind)
}

/// CHESS-2.3: no Pawn on the first or the last rank (a Pawn starts on its second rank, only
/// moves forward and promotes on arrival at the last rank).
fn validate_back_ranks(v: &mut Validation<ChessKind>) {
    let bad: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| p.kind == ChessKind::Pawn && (sq.rank() == 0 || sq.rank() == 7))
        .map(|(sq, _)| sq)
        .collect();
    for sq in bad {
        v.fail(E::PawnOrUnpromotedOnBackRank(sq));
    }
}

/// CHESS-2.7: a side has at most 16 pieces, of which at most 8 are Pawns (every other piece
/// beyond the start set must be a promoted Pawn, but that finer count is not checked).
fn validate_material(v: &mut Validation<ChessKind>) {
    for c in Colour::ALL {
        let pieces = v.setup.pieces().filter(|(_, p)| p.colour == c).count();
        let pawns = v.setup.squares_of(piece(c, ChessKind::Pawn)).len();
        if pieces > 16 || pawns > 8 {
            v.fail(E::ImpossibleMaterial(c));
        }
    }
}

/// CHESS-2.5: a castling right needs the King on e1/e8 and the Rook on its corner: h1/h8 for the
/// short castling (FEN `K`/`k`), a1/a8 for the long one (`Q`/`q`).
fn validate_castling(v: &mut Validation<ChessKind>) {
    for c in Colour::ALL {
        let rights: CastleSides = v.setup.castling[c];
        let rank = c.relative_rank(0, 8);
        let king_home = v.setup.piece_at(Square::new(4, rank)) == Some(piece(c, ChessKind::King));
        let rook_on =
            |file| v.setup.piece_at(Square::new(file, rank)) == Some(piece(c, ChessKind::Rook));
        let short_ok = king_home && rook_on(7);
        let long_ok = king_home && rook_on(0);
        if (rights.short && !short_ok) || (rights.long && !long_ok) {
            v.fail(E::InvalidCastlingRights(c));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FenError, Kind};

    fn kinds(fen: &str) -> Vec<E> {
        match Position::<Chess>::from_fen(fen) {
            Ok(_) => Vec::new(),
            Err(FenError::Invalid(e)) => e.kinds.into_iter().collect(),
            Err(FenError::Parse(e)) => panic!("{fen}: parse error {e}"),
        }
    }

    #[test]
    fn chess_1_2_start_fen_is_valid() {
        let start = Position::<Chess>::start();
        assert_eq!(start.fen(), Chess::START_FEN);
    }

    #[test]
    fn chess_2_1_letters_round_trip() {
        for &k in ChessKind::ALL {
            assert_eq!(ChessKind::from_symbol(k.symbol()), Some(k));
        }
        assert_eq!(ChessKind::from_symbol("M"), None);
    }

    #[test]
    fn chess_2_2_one_king_each() {
        assert_eq!(
            kinds("8/8/8/8/8/8/8/4K3 w - -"),
            vec![E::MissingKing(Colour::Black)]
        );
        assert_eq!(
            kinds("k7/8/8/8/8/8/8/3KK3 w - -"),
            vec![E::TooManyKings(Colour::White)]
        );
    }

    #[test]
    fn chess_2_3_no_pawn_on_back_ranks() {
        assert_eq!(
            kinds("k6P/8/8/8/8/8/8/K7 w - -"),
            vec![E::PawnOrUnpromotedOnBackRank(Square::new(7, 7))]
        );
        assert_eq!(
            kinds("k7/8/8/8/8/8/8/K6p w - -"),
            vec![E::PawnOrUnpromotedOnBackRank(Square::new(7, 0))]
        );
    }

    #[test]
    fn chess_2_4_side_not_to_move_not_in_check() {
        // White to move while the white Rook on a8 attacks the black King on h8.
        assert_eq!(kinds("R6k/8/8/8/8/8/8/K7 w - -"), vec![E::OppositeCheck]);
        // The same with Black to move is an ordinary check.
        assert_eq!(kinds("R6k/8/8/8/8/8/8/K7 b - -"), vec![]);
    }

    #[test]
    fn chess_2_5_castling_rights_need_king_and_rook_home() {
        assert_eq!(kinds("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"), vec![]);
        assert_eq!(
            kinds("r3k2r/8/8/8/8/8/8/R4K1R w K -"),
            vec![E::InvalidCastlingRights(Colour::White)]
        );
        assert_eq!(
            kinds("1r2k2r/8/8/8/8/8/8/R3K2R w q -"),
            vec![E::InvalidCastlingRights(Colour::Black)]
        );
    }

    #[test]
    fn chess_2_6_ep_square_follows_a_double_step() {
        assert_eq!(
            kinds("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3"),
            vec![]
        );
        assert_eq!(
            kinds("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3"),
            vec![E::InvalidEpSquare]
        );
        // Right square, wrong side to move.
        assert_eq!(
            kinds("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3"),
            vec![E::InvalidEpSquare]
        );
    }

    #[test]
    fn chess_2_7_at_most_eight_pawns() {
        assert_eq!(
            kinds("k7/8/8/8/8/P7/PPPPPPPP/K7 w - -"),
            vec![E::ImpossibleMaterial(Colour::White)]
        );
    }
}
