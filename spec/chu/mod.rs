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
pub mod lishogi;
pub mod names;
pub mod record;
pub mod repetition;
pub mod rules;
mod switches;

use crate::fen::FenDialect;
use crate::moves::ParseMoveError;
use crate::position::Validation;
use crate::{Colour, Game, Move, MoveNotation, Position, Shape, Square, Symmetry};
use crate::{PositionErrorKind, Setup};
use serde::{Deserialize, Serialize};

/// The game Chu Shogi (CHU-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chu;

/// The board of Chu Shogi: 12 files × 12 ranks (CHU-1.1).
pub const SHAPE: Shape = Shape::new(12, 12);

/// The pieces of Chu Shogi (CHU-3): the 21 kinds a side starts with, then the 18 kinds that
/// only promotion makes. The symbol is the SFEN letter, `+` before a promoted kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ChuKind {
    /// K — King, royal.
    King,
    /// N — Lion: lion power (steps, jumps, two-step moves).
    Lion,
    /// Q — Free King (the queen of chess).
    FreeKing,
    /// D — Dragon King; promotes to the Soaring Eagle.
    DragonKing,
    /// H — Dragon Horse; promotes to the Horned Falcon.
    DragonHorse,
    /// R — Rook; promotes to `+R` (moves as a Dragon King).
    Rook,
    /// B — Bishop; promotes to `+B` (moves as a Dragon Horse).
    Bishop,
    /// V — Vertical Mover; promotes to the Flying Ox.
    VerticalMover,
    /// M — Side Mover; promotes to the Free Boar.
    SideMover,
    /// A — Reverse Chariot; promotes to the Whale.
    ReverseChariot,
    /// L — Lance; promotes to the White Horse.
    Lance,
    /// O — Kirin; promotes to `+O`, which is a lion.
    Kirin,
    /// X — Phoenix; promotes to `+X` (moves as a Free King).
    Phoenix,
    /// E — Drunk Elephant; promotes to the Crown Prince (royal).
    DrunkElephant,
    /// T — Blind Tiger; promotes to the Flying Stag.
    BlindTiger,
    /// G — Gold General; promotes to `+G` (moves as a Rook).
    GoldGeneral,
    /// S — Silver General; promotes to `+S` (moves as a Vertical Mover).
    SilverGeneral,
    /// C — Copper General; promotes to `+C` (moves as a Side Mover).
    CopperGeneral,
    /// F — Ferocious Leopard; promotes to `+F` (moves as a Bishop).
    FerociousLeopard,
    /// I — Go-Between; promotes to `+I` (moves as a Drunk Elephant, not royal).
    GoBetween,
    /// P — Pawn; promotes to `+P`, the tokin (moves as a Gold General).
    Pawn,
    /// +D — Soaring Eagle (promoted Dragon King): lion power on the two forward diagonals.
    SoaringEagle,
    /// +H — Horned Falcon (promoted Dragon Horse): lion power straight forward.
    HornedFalcon,
    /// +R — promoted Rook, moves as a Dragon King.
    PromotedRook,
    /// +B — promoted Bishop, moves as a Dragon Horse.
    PromotedBishop,
    /// +V — Flying Ox (promoted Vertical Mover).
    FlyingOx,
    /// +M — Free Boar (promoted Side Mover).
    FreeBoar,
    /// +A — Whale (promoted Reverse Chariot).
    Whale,
    /// +L — White Horse (promoted Lance).
    WhiteHorse,
    /// +O — promoted Kirin: moves as a Lion and **is** a lion for the lion-trading rules.
    PromotedKirin,
    /// +X — promoted Phoenix, moves as a Free King.
    PromotedPhoenix,
    /// +E — Crown Prince (promoted Drunk Elephant): moves as a King and is royal.
    CrownPrince,
    /// +T — Flying Stag (promoted Blind Tiger).
    FlyingStag,
    /// +G — promoted Gold General, moves as a Rook.
    PromotedGold,
    /// +S — promoted Silver General, moves as a Vertical Mover.
    PromotedSilver,
    /// +C — promoted Copper General, moves as a Side Mover.
    PromotedCopper,
    /// +F — promoted Ferocious Leopard, moves as a Bishop.
    PromotedLeopard,
    /// +I — promoted Go-Between, moves as a Drunk Elephant (not royal).
    PromotedGoBetween,
    /// +P — tokin (promoted Pawn), moves as a Gold General.
    Tokin,
}

use ChuKind as K;

impl ChuKind {
    /// The 21 kinds of the start position (CHU-1.2), in the order of SPEC.md's table.
    pub const UNPROMOTED: [ChuKind; 21] = [
        K::King,
        K::Lion,
        K::FreeKing,
        K::DragonKing,
        K::DragonHorse,
        K::Rook,
        K::Bishop,
        K::VerticalMover,
        K::SideMover,
        K::ReverseChariot,
        K::Lance,
        K::Kirin,
        K::Phoenix,
        K::DrunkElephant,
        K::BlindTiger,
        K::GoldGeneral,
        K::SilverGeneral,
        K::CopperGeneral,
        K::FerociousLeopard,
        K::GoBetween,
        K::Pawn,
    ];

    /// CHU-4: the kind this one becomes when it promotes; `None` for King, Lion, Free King and
    /// every promoted kind (they never promote).
    pub const fn promotes_to(self) -> Option<ChuKind> {
        Some(match self {
            K::DragonKing => K::SoaringEagle,
            K::DragonHorse => K::HornedFalcon,
            K::Rook => K::PromotedRook,
            K::Bishop => K::PromotedBishop,
            K::VerticalMover => K::FlyingOx,
            K::SideMover => K::FreeBoar,
            K::ReverseChariot => K::Whale,
            K::Lance => K::WhiteHorse,
            K::Kirin => K::PromotedKirin,
            K::Phoenix => K::PromotedPhoenix,
            K::DrunkElephant => K::CrownPrince,
            K::BlindTiger => K::FlyingStag,
            K::GoldGeneral => K::PromotedGold,
            K::SilverGeneral => K::PromotedSilver,
            K::CopperGeneral => K::PromotedCopper,
            K::FerociousLeopard => K::PromotedLeopard,
            K::GoBetween => K::PromotedGoBetween,
            K::Pawn => K::Tokin,
            _ => return None,
        })
    }

    /// The kind a promoted kind was before it promoted; `None` for unpromoted kinds.
    pub fn promoted_from(self) -> Option<ChuKind> {
        ChuKind::UNPROMOTED
            .into_iter()
            .find(|k| k.promotes_to() == Some(self))
    }

    /// Whether this kind is a promoted one (written with `+`).
    pub fn is_promoted(self) -> bool {
        self.promoted_from().is_some()
    }

    /// CHU-6: the royal kinds, King and Crown Prince. Capturing a side's last royal wins.
    pub const fn is_royal(self) -> bool {
        matches!(self, K::King | K::CrownPrince)
    }

    /// CHU-5: the lions of the lion-trading rules: the Lion and the promoted Kirin.
    pub const fn is_lion(self) -> bool {
        matches!(self, K::Lion | K::PromotedKirin)
    }
}

impl crate::Kind for ChuKind {
    const ALL: &'static [ChuKind] = &[
        K::King,
        K::Lion,
        K::FreeKing,
        K::DragonKing,
        K::DragonHorse,
        K::Rook,
        K::Bishop,
        K::VerticalMover,
        K::SideMover,
        K::ReverseChariot,
        K::Lance,
        K::Kirin,
        K::Phoenix,
        K::DrunkElephant,
        K::BlindTiger,
        K::GoldGeneral,
        K::SilverGeneral,
        K::CopperGeneral,
        K::FerociousLeopard,
        K::GoBetween,
        K::Pawn,
        K::SoaringEagle,
        K::HornedFalcon,
        K::PromotedRook,
        K::PromotedBishop,
        K::FlyingOx,
        K::FreeBoar,
        K::Whale,
        K::WhiteHorse,
        K::PromotedKirin,
        K::PromotedPhoenix,
        K::CrownPrince,
        K::FlyingStag,
        K::PromotedGold,
        K::PromotedSilver,
        K::PromotedCopper,
        K::PromotedLeopard,
        K::PromotedGoBetween,
        K::Tokin,
    ];
    const PAWN: Option<Self> = Some(K::Pawn);
    const KING: Option<Self> = Some(K::King);

    fn symbol(self) -> &'static str {
        match self {
            K::King => "K",
            K::Lion => "N",
            K::FreeKing => "Q",
            K::DragonKing => "D",
            K::DragonHorse => "H",
            K::Rook => "R",
            K::Bishop => "B",
            K::VerticalMover => "V",
            K::SideMover => "M",
            K::ReverseChariot => "A",
            K::Lance => "L",
            K::Kirin => "O",
            K::Phoenix => "X",
            K::DrunkElephant => "E",
            K::BlindTiger => "T",
            K::GoldGeneral => "G",
            K::SilverGeneral => "S",
            K::CopperGeneral => "C",
            K::FerociousLeopard => "F",
            K::GoBetween => "I",
            K::Pawn => "P",
            K::SoaringEagle => "+D",
            K::HornedFalcon => "+H",
            K::PromotedRook => "+R",
            K::PromotedBishop => "+B",
            K::FlyingOx => "+V",
            K::FreeBoar => "+M",
            K::Whale => "+A",
            K::WhiteHorse => "+L",
            K::PromotedKirin => "+O",
            K::PromotedPhoenix => "+X",
            K::CrownPrince => "+E",
            K::FlyingStag => "+T",
            K::PromotedGold => "+G",
            K::PromotedSilver => "+S",
            K::PromotedCopper => "+C",
            K::PromotedLeopard => "+F",
            K::PromotedGoBetween => "+I",
            K::Tokin => "+P",
        }
    }

    fn betza(self) -> Option<&'static str> {
        BETZA.iter().find(|(k, _)| *k == self).map(|(_, b)| *b)
    }

    fn rule(self) -> Option<&'static str> {
        Some(rules::movement_rule(self))
    }

    /// The kanji of lishogi's Chu piece sets ([`names::kanji`]).
    fn label(self) -> Option<&'static str> {
        Some(names::kanji(self))
    }

    /// CHU-3.4, CHU-3.6: lion power, everywhere or on its rays.
    fn two_steps(self) -> bool {
        matches!(
            self,
            K::Lion | K::PromotedKirin | K::HornedFalcon | K::SoaringEagle
        )
    }

    fn long_label(self) -> Option<&'static str> {
        Some(names::kanji_name(self))
    }

    fn name(self) -> &'static str {
        match self {
            K::King => "King",
            K::Lion => "Lion",
            K::FreeKing => "Free King",
            K::DragonKing => "Dragon King",
            K::DragonHorse => "Dragon Horse",
            K::Rook => "Rook",
            K::Bishop => "Bishop",
            K::VerticalMover => "Vertical Mover",
            K::SideMover => "Side Mover",
            K::ReverseChariot => "Reverse Chariot",
            K::Lance => "Lance",
            K::Kirin => "Kirin",
            K::Phoenix => "Phoenix",
            K::DrunkElephant => "Drunk Elephant",
            K::BlindTiger => "Blind Tiger",
            K::GoldGeneral => "Gold General",
            K::SilverGeneral => "Silver General",
            K::CopperGeneral => "Copper General",
            K::FerociousLeopard => "Ferocious Leopard",
            K::GoBetween => "Go-Between",
            K::Pawn => "Pawn",
            K::SoaringEagle => "Soaring Eagle",
            K::HornedFalcon => "Horned Falcon",
            K::PromotedRook => "promoted Rook (moves as Dragon King)",
            K::PromotedBishop => "promoted Bishop (moves as Dragon Horse)",
            K::FlyingOx => "Flying Ox",
            K::FreeBoar => "Free Boar",
            K::Whale => "Whale",
            K::WhiteHorse => "White Horse",
            K::PromotedKirin => "promoted Kirin (a lion)",
            K::PromotedPhoenix => "promoted Phoenix (moves as Free King)",
            K::CrownPrince => "Crown Prince",
            K::FlyingStag => "Flying Stag",
            K::PromotedGold => "promoted Gold General (moves as Rook)",
            K::PromotedSilver => "promoted Silver General (moves as Vertical Mover)",
            K::PromotedCopper => "promoted Copper General (moves as Side Mover)",
            K::PromotedLeopard => "promoted Ferocious Leopard (moves as Bishop)",
            K::PromotedGoBetween => "promoted Go-Between (moves as Drunk Elephant)",
            K::Tokin => "tokin (promoted Pawn, moves as Gold General)",
        }
    }

    /// CHU-8: moves are written in USI (`7g7f`, `7g6f5e`, `8h7g+`). Without a position a
    /// promotion (`+`) cannot be read (what the piece becomes depends on the piece):
    /// [`ParseMoveError::PromotionNeedsPosition`]; [`Game::read_move`] reads it with the
    /// position.
    const MOVE_NOTATION: MoveNotation = MoveNotation::Usi(SHAPE);
}

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

/// CHU-3.2, CHU-3.3 — each piece's movement as a Betza string (owner-relative; the table of
/// SPEC.md and of lishogi's rules). For the pieces with lion power this is the set of squares
/// one leg reaches (`KNAD` for the lions; the Eagle's `fF`+`fA` and the Falcon's `fW`+`fD` on their
/// lion rays); their two-step moves (CHU-3.4 … CHU-3.6) are not Betza.
pub const BETZA: &[(ChuKind, &str)] = &[
    (K::King, "K"),
    (K::Lion, "KNAD"),
    (K::FreeKing, "Q"),
    (K::DragonKing, "RF"),
    (K::DragonHorse, "BW"),
    (K::Rook, "R"),
    (K::Bishop, "B"),
    (K::VerticalMover, "vRsW"),
    (K::SideMover, "sRvW"),
    (K::ReverseChariot, "vR"),
    (K::Lance, "fR"),
    (K::Kirin, "FD"),
    (K::Phoenix, "WA"),
    (K::DrunkElephant, "FsfW"),
    (K::BlindTiger, "FsbW"),
    (K::GoldGeneral, "WfF"),
    (K::SilverGeneral, "FfW"),
    (K::CopperGeneral, "fFvW"),
    (K::FerociousLeopard, "FvW"),
    (K::GoBetween, "vW"),
    (K::Pawn, "fW"),
    (K::SoaringEagle, "RbBfFfA"),
    (K::HornedFalcon, "BsbRfWfD"),
    (K::PromotedRook, "RF"),
    (K::PromotedBishop, "BW"),
    (K::FlyingOx, "BvR"),
    (K::FreeBoar, "BsR"),
    (K::Whale, "vRbB"),
    (K::WhiteHorse, "vRfB"),
    (K::PromotedKirin, "KNAD"),
    (K::PromotedPhoenix, "Q"),
    (K::CrownPrince, "K"),
    (K::FlyingStag, "FvRsW"),
    (K::PromotedGold, "R"),
    (K::PromotedSilver, "vRsW"),
    (K::PromotedCopper, "sRvW"),
    (K::PromotedLeopard, "B"),
    (K::PromotedGoBetween, "FsfW"),
    (K::Tokin, "WfF"),
];

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

    fn bitboard(switches: &ChuSwitches) -> Option<Box<dyn crate::Generator<Chu>>> {
        Some(Box::new(bitboard::Bitboard::new(*switches)))
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
