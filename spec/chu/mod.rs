//! # Chu Shogi
//!
//! Chu Shogi ("middle shogi"), the 12×12 shogi of medieval Japan, as played today on lishogi:
//! 21 kinds of piece and their promotions, the Lion with its two-step moves, no drops, no check;
//! a game is won by capturing the opponent's last royal piece, or by baring it. Rules: SPEC.md,
//! chapter "Chu Shogi" (rule IDs `CHU-…`).
//!
//! Notation is lishogi's, so that lishogi's tools and this specification speak the same text:
//!
//! - positions are **SFEN** ([`crate::fen::FenDialect::Sfen`]): `placement side counter-strike
//!   move-number`, the side `b` for sente (who moves first; [`Colour::White`] in this crate's
//!   two-colour model, upper case, starting at the bottom) and `w` for gote;
//! - squares are **USI** names ([`Square::usi`]): files `12`…`1` from sente's left to right,
//!   ranks `a`…`l` from the top (gote's back rank) down;
//! - moves are **USI** ([`crate::MoveNotation::Usi`], [`read_usi_move`]): `7g7f`, a promotion
//!   `9e9d+`, a two-step move of a piece with lion power `from mid to` (`7g6f7g` is igui, a
//!   capture without moving; `7g6f7g` with an empty `6f` is a pass).
//!
//! The rules as code: [`rules`] (the reference generator: pieces, lion power, the lion-trading
//! rules, promotion, the end of the game and every bare-king formulation), [`repetition`]
//! (repetition over a game's history) and [`record`] (the replay of USI game records).
//!
//! Promoted pieces are kinds of their own ([`ChuKind::PromotedRook`] is written `+R` and moves
//! like the Dragon King, but it is not one).

pub mod bitboard;
pub mod check;
mod diagram;
mod explain;
pub mod fuzz;
pub mod games;
pub mod kinds;
pub mod lishogi;
pub mod names;
pub mod record;
pub mod repetition;
pub mod rules;
mod switches;

use crate::fen::FenDialect;
use crate::moves::ParseMoveError;
use crate::position::Validation;
use crate::{Colour, Game, Move, Position, Shape, Square, Symmetry};
use crate::{PositionErrorKind, Setup};
use serde::{Deserialize, Serialize};

/// The game Chu Shogi (CHU-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chu;

/// The board of Chu Shogi: 12 files × 12 ranks (CHU-1.1).
pub const SHAPE: Shape = Shape::new(12, 12);

pub use kinds::{ChuKind, BETZA};

/// Reads a USI move of Chu Shogi (CHU-8): two squares (`7g7f`, a step, slide or jump) or three
/// (`7g6f5e`, a two-step move; `7g6f7g`, igui or a pass), then an optional `+`. Returns the move
/// without its promotion, and whether the text asks for one.
///
/// # Errors
/// [`ParseMoveError`] for anything else: a square off the 12×12 board, one or more than three
/// squares, text after the `+`.
pub fn read_usi_move(text: &str) -> Result<(Move<ChuKind>, bool), ParseMoveError> {
    Move::parse_usi(text, SHAPE)
}

/// The rule readings of Chu Shogi that can be switched (SPEC.md names each, with its sources).
/// The defaults are lishogi's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChuSwitches {
    /// CHU-7: when a side reduced to a bare royal loses.
    pub bare_king: BareKing,
    /// CHU-5.3: the counter-strike rule (L3).
    pub counter_strike: CounterStrike,
    /// CHU-5.3: whether the lion a Kirin has just become by taking a lion may be recaptured on
    /// its square by a non-lion.
    pub kirin_recapture: KirinRecapture,
    /// CHU-5.2: when the protection of a lion is judged (L2).
    pub lion_protection: LionProtection,
    /// CHU-4: which pieces may promote on reaching the last rank without a capture.
    pub last_rank_promotion: LastRankPromotion,
    /// CHU-6.5: what repetition does.
    pub repetition: Repetition,
}

/// The formulations of the bare-king rule (CHU-7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BareKing {
    /// lishogi's rule (the default).
    #[default]
    Lishogi,
    /// The Japanese Chu Shogi Association's: only King and one counting piece against a lone
    /// King wins, if that piece cannot be recaptured at once.
    Jcsa,
    /// Münster 1997, as written (exceptions (a), (b), (c)).
    #[serde(rename = "munster1997")]
    Munster1997,
    /// Münster 1997 with the emendation to (a) and (b).
    #[serde(rename = "munster1997-emended")]
    Munster1997Emended,
    /// Münster 1997 as written, its words taken literally: a side is bare when it has "only one
    /// piece on the board", a dead piece counting as one (CHU-7.3).
    #[serde(rename = "munster1997-all-pieces")]
    Munster1997AllPieces,
    /// Münster 1997 emended, every piece on the board counting, dead ones too (CHU-7.4).
    #[serde(rename = "munster1997-emended-all-pieces")]
    Munster1997EmendedAllPieces,
    /// Adams's first interpretation: the side that bares the other wins at the moment the bare
    /// royal appears, whatever either side could do next (CHU-7.7).
    Instantaneous,
}

/// How one of the Münster 1997 formulations reads its text (CHU-7.3, CHU-7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MunsterReading {
    /// With Adams's emendation of (a) and (b) (CHU-7.4).
    pub emended: bool,
    /// Every piece on the board counts, dead pieces too (the text's "only one piece on the
    /// board"); otherwise dead pieces are ignored, as in every other formulation (CHU-7.3).
    pub all_pieces: bool,
}

impl BareKing {
    /// The reading of the Münster text, if this is one of its four formulations.
    pub const fn munster(self) -> Option<MunsterReading> {
        let (emended, all_pieces) = match self {
            BareKing::Munster1997 => (false, false),
            BareKing::Munster1997Emended => (true, false),
            BareKing::Munster1997AllPieces => (false, true),
            BareKing::Munster1997EmendedAllPieces => (true, true),
            BareKing::Lishogi | BareKing::Jcsa | BareKing::Instantaneous => return None,
        };
        Some(MunsterReading {
            emended,
            all_pieces,
        })
    }
}

/// The counter-strike rule, L3 (CHU-5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CounterStrike {
    /// lishogi: after a non-lion captures a lion, the opponent may not capture a lion with a
    /// non-lion on the next move except on that square (the default).
    #[default]
    Lishogi,
    /// JCSA / Okazaki: the ban applies only if the lion to be captured is protected.
    Jcsa,
}

/// The counter-strike rule and the lion a Kirin becomes by taking a lion (CHU-5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KirinRecapture {
    /// lishogi, English Wikipedia, the Chess Variant Pages (minase's rule code L2): the
    /// counter-strike rule never bars a capture on the counter-strike square itself, so the new
    /// lion may be taken there by any piece (the default).
    #[default]
    Allowed,
    /// The JCSA's standard rules (as minase 2.6.0's rule book reads them): the new lion is
    /// covered by the counter-strike rule like any other lion.
    CounterStrike,
}

/// When a lion's protection is judged for L2 (CHU-5.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LionProtection {
    /// lishogi: before the move, with the capturing lion lifted (the default).
    #[default]
    Lishogi,
    /// HaChu: after the move.
    Hachu,
}

/// Which unpromoted pieces may promote by reaching the last rank without capturing (CHU-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastRankPromotion {
    /// lishogi: Pawn and Lance (the default).
    #[default]
    PawnAndLance,
    /// JCSA: the Pawn only.
    PawnOnly,
}

/// What repeating a position does (CHU-6.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// lishogi's server rule as its code decides it (the default): a fourfold repetition ends
    /// the game once twelve reversible moves in a row have been played; a side that made only
    /// attacking moves throughout loses, otherwise draw.
    #[default]
    Lishogi,
    /// The rule as players state it: the fourth occurrence of a position ends the game at once;
    /// a side that made only attacking moves throughout loses, otherwise draw.
    Fourfold,
    /// Western: recreating a position with the same side to move is illegal.
    Western,
}

/// CHU-8: reads USI move text against a position: `+` promotes the piece on the from-square to
/// its promoted kind ([`ChuKind::promotes_to`]). Notation only; legality is the generator's.
///
/// # Errors
/// [`ParseMoveError`] for text that is no USI move, or a `+` for a square holding no piece that
/// can promote.
pub fn read_move(pos: &Position<Chu>, text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
    let (mut mv, promotes) = read_usi_move(text)?;
    if promotes {
        let piece = pos
            .piece_at(mv.from)
            .ok_or_else(|| ParseMoveError::CannotPromote {
                text: text.to_string(),
                reason: format!("no piece on {} to promote", mv.from.usi(SHAPE)),
            })?;
        let to = piece
            .kind
            .promotes_to()
            .ok_or_else(|| ParseMoveError::CannotPromote {
                text: text.to_string(),
                reason: format!("a {} never promotes", crate::Kind::name(piece.kind)),
            })?;
        mv.promotion = Some(to);
    }
    Ok(mv)
}

impl Game for Chu {
    type Kind = ChuKind;
    type Switches = ChuSwitches;
    const NAME: &'static str = "chu";
    const TITLE: &'static str = "Chu Shogi";
    const SHAPE: Shape = SHAPE;
    /// CHU-1.2, lishogi's start SFEN.
    const START_FEN: &'static str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    const DIALECT: FenDialect = FenDialect::Sfen;
    const LOOK: crate::Look = crate::Look::Tiles;
    const SYMMETRY: Symmetry = Symmetry::Rotation;

    fn read_move(pos: &Position<Chu>, text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
        read_move(pos, text)
    }

    fn records() -> &'static [(&'static str, &'static str)] {
        games::RECORDS
    }

    /// CHU-8.4: what lishogi's users paste ([`lishogi::read_pasted`]).
    fn read_position_text(text: &str) -> Result<crate::game::PositionText, String> {
        lishogi::read_pasted(text)
    }

    /// CHU-1.1: USI (`7g`).
    fn square_name(sq: Square) -> String {
        sq.usi(SHAPE)
    }

    /// CHU-1.3: sente moves first (this crate's White), gote second.
    fn side_name(colour: Colour) -> &'static str {
        match colour {
            Colour::White => "sente",
            Colour::Black => "gote",
        }
    }

    /// CHU-2 — what a Chu Shogi position must satisfy, as generous as lishogi's own reading
    /// (every SFEN of lishogi's data is a position):
    ///
    /// - CHU-2.1: the 12×12 board; no castling rights and no e.p. square (SFEN has neither);
    /// - CHU-2.2: at least one side has a royal piece (a side may have several, or none: then
    ///   the game is over, CHU-6.2);
    /// - CHU-2.3: dead pieces (an unpromoted Pawn or Lance on its last rank) are legal;
    /// - CHU-2.4: the counter-strike square, if any, is empty or holds a piece of the side that
    ///   just moved that is not a Lion (the non-lion that took a lion there, or a Kirin that
    ///   promoted to a lion doing so; empty after a Falcon's or Eagle's igui of a lion);
    /// - CHU-2.5: finished games are positions too (a side without royal, a bare king): they
    ///   have no moves.
    fn validate(setup: Setup<ChuKind>) -> Result<Position<Chu>, crate::PositionError<ChuKind>> {
        let mut v = Validation::new(setup);
        if v.setup.shape != SHAPE || v.setup.board.len() != SHAPE.len() {
            v.fail(PositionErrorKind::WrongShape);
            return v.finish();
        }
        for c in Colour::ALL {
            if v.setup.castling[c] != crate::CastleSides::default() {
                v.fail(PositionErrorKind::InvalidCastlingRights(c));
            }
        }
        if v.setup.ep_square.is_some() {
            v.fail(PositionErrorKind::InvalidEpSquare);
        }
        if Colour::ALL
            .into_iter()
            .all(|c| rules::end::royals(&v.setup, c).is_empty())
        {
            v.fail(PositionErrorKind::MissingKing(Colour::White));
            v.fail(PositionErrorKind::MissingKing(Colour::Black));
        }
        if let Some(cs) = v.setup.counter_strike {
            let ok = SHAPE.contains(cs)
                && v.setup
                    .piece_at(cs)
                    .is_none_or(|p| p.colour != v.setup.turn && p.kind != ChuKind::Lion);
            if !ok {
                v.fail(PositionErrorKind::InvalidCounterStrike(cs));
            }
        }
        v.finish()
    }

    fn reference(switches: &ChuSwitches) -> Box<dyn crate::Generator<Chu>> {
        Box::new(rules::Reference::new(*switches))
    }

    fn bitboard(switches: &ChuSwitches) -> Box<dyn crate::Generator<Chu>> {
        Box::new(bitboard::Bitboard::new(*switches))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn symbols_are_distinct_and_promotions_pair_up() {
        let mut seen = std::collections::BTreeSet::new();
        for &k in ChuKind::ALL {
            assert!(seen.insert(k.symbol()), "{k:?}");
            assert_eq!(ChuKind::from_symbol(k.symbol()), Some(k));
        }
        assert_eq!(ChuKind::ALL.len(), 21 + 18);
        let promoting = ChuKind::UNPROMOTED
            .iter()
            .filter(|k| k.promotes_to().is_some())
            .count();
        assert_eq!(promoting, 18, "all but King, Lion and Free King promote");
        for k in ChuKind::UNPROMOTED {
            if let Some(p) = k.promotes_to() {
                assert_eq!(p.symbol(), format!("+{}", k.symbol()));
                assert_eq!(p.promoted_from(), Some(k));
                assert_eq!(p.promotes_to(), None);
            }
        }
    }

    #[test]
    fn usi_move_text() {
        // Syntax only (no generator yet): squares and the promotion mark.
        let (mv, p) = read_usi_move("7g7f").unwrap();
        assert!(!p);
        assert_eq!((mv.from, mv.to), (Square::new(5, 5), Square::new(5, 6)));
        let (mv, p) = read_usi_move("7g6f7g").unwrap();
        assert!(!p);
        assert_eq!(mv.via.as_slice(), &[Square::new(6, 6)]);
        assert_eq!(mv.to, mv.from);
        assert!(read_usi_move("9e9d+").unwrap().1);
        for bad in [
            "", "7g", "7g7", "7g7f++", "7g7f+x", "13a1a", "7g6f5e4d", "7g7m",
        ] {
            assert!(read_usi_move(bad).is_err(), "{bad:?}");
        }
        assert!(matches!(
            Move::<ChuKind>::parse("9e9d+"),
            Err(ParseMoveError::PromotionNeedsPosition { .. })
        ));
    }

    #[test]
    fn sfen_side_and_counter_strike() {
        let setup = crate::fen::parse_fen::<ChuKind>(
            "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w 8j 3",
            SHAPE,
            FenDialect::Sfen,
        )
        .unwrap();
        // `w` is gote, the second player.
        assert_eq!(setup.turn, Colour::Black);
        assert_eq!(setup.counter_strike, Square::parse_usi("8j", SHAPE));
        assert_eq!(
            setup.piece_at(Square::parse_usi("11k", SHAPE).unwrap()),
            Some(crate::Piece::new(Colour::White, ChuKind::PromotedGold))
        );
        assert_eq!(
            crate::fen::write_fen(&setup, FenDialect::Sfen),
            "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w 8j 3"
        );
    }
}
