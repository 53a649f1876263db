//! # Bachelor Hunterbeest
//!
//! Charles Gilman's Bachelor Hunterbeest (2009): Bachelor Chess (the King may win by standing
//! next to its own Queen or Gnu), Wildebeest Chess (the Gnu, the 9-file board) and Nimrod
//! Chess (pieces that move one way forward and another way back), on 9 files × 8 ranks. Rules:
//! SPEC.md, chapter "Bachelor Hunterbeest" (rule IDs `BHB-…`).
//!
//! - [`rules`]: the reference generator, one function per rule, read it beside SPEC.md.
//! - [`bitboard`]: the optimized generator on `u128` bitboards (shares only the types of this
//!   crate).
//!
//! The piece descriptions ([`BETZA`]) are kept here as data: the property tests hold the
//! reference generator to them; neither generator reads them.
//!
//! **The start position is a reconstruction** (BHB-1.2): Gilman's setup diagram was an image
//! and is lost. [`START_ARRAY`] documents the evidence; any other array can be given as a FEN.
//!
//! ```
//! use fairyspec::{Game, Position, hunterbeest::Hunterbeest};
//!
//! let start = Position::<Hunterbeest>::start();
//! let reference = Hunterbeest::reference(&Default::default());
//! // Nine Pawns with two moves each, and two leaps for each of the four leapers.
//! assert_eq!(reference.legal_moves(&start).len(), 26);
//! ```

pub mod bitboard;
pub mod check;
mod diagram;
mod explain;
pub mod rules;

use crate::fen::FenDialect;
use crate::piece::{kinds_of, KindRow};
use crate::position::Validation;
use crate::switches::{Reading, Switch, SwitchError, SwitchValue, Switches};
use crate::{
    CastleSides, Colour, Game, Generator, Piece, Position, PositionError, PositionErrorKind as E,
    Setup, Shape, Square, Symmetry,
};
use serde::{Deserialize, Serialize};

/// The game Bachelor Hunterbeest (BHB-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hunterbeest;

/// The pieces of Bachelor Hunterbeest (BHB-3). The letter is the FEN and move-text symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum HunterbeestKind {
    /// K — BHB-3.2; castles (BHB-5).
    King,
    /// Q — BHB-3.3; only by promotion; next to its own King it wins (BHB-6.3).
    Queen,
    /// P — BHB-3.4.
    Pawn,
    /// H — Hunter, `fRbB` — BHB-3.5.
    Hunter,
    /// F — Hawker, `fBbR` — BHB-3.6.
    Hawker,
    /// S — Huntress, `fsRbB` — BHB-3.7; a five-way piece, castles.
    Huntress,
    /// E — Hawkress, `bsRfB` — BHB-3.8; a five-way piece, castles.
    Hawkress,
    /// G — Gnu, `NC` — BHB-3.9; only by promotion; next to its own King it wins (BHB-6.3).
    Gnu,
    /// T — Hartebeest, `vCsN` — BHB-3.10.
    Hartebeest,
    /// C — Cohartebeest, `vNsC` — BHB-3.11.
    Cohartebeest,
    /// Y — Hinny: forward as the Hartebeest, backward as the Cohartebeest — BHB-3.12.
    Hinny,
    /// O — Cohinny: forward as the Cohartebeest, backward as the Hartebeest — BHB-3.13.
    Cohinny,
}

/// The one table of the kinds: each one's FEN symbol and name, in [`crate::Kind::ALL`]'s order.
const KINDS: [KindRow<HunterbeestKind>; 12] = [
    (HunterbeestKind::King, "K", "King"),
    (HunterbeestKind::Queen, "Q", "Queen"),
    (HunterbeestKind::Pawn, "P", "Pawn"),
    (HunterbeestKind::Hunter, "H", "Hunter"),
    (HunterbeestKind::Hawker, "F", "Hawker"),
    (HunterbeestKind::Huntress, "S", "Huntress"),
    (HunterbeestKind::Hawkress, "E", "Hawkress"),
    (HunterbeestKind::Gnu, "G", "Gnu"),
    (HunterbeestKind::Hartebeest, "T", "Hartebeest"),
    (HunterbeestKind::Cohartebeest, "C", "Cohartebeest"),
    (HunterbeestKind::Hinny, "Y", "Hinny"),
    (HunterbeestKind::Cohinny, "O", "Cohinny"),
];

impl crate::Kind for HunterbeestKind {
    const ALL: &'static [HunterbeestKind] = &kinds_of(&KINDS);
    const TABLE: &'static [KindRow<HunterbeestKind>] = &KINDS;
    const BETZA: &'static [(HunterbeestKind, &'static str)] = BETZA;
    const PAWN: Option<Self> = Some(HunterbeestKind::Pawn);
    const KING: Option<Self> = Some(HunterbeestKind::King);

    fn rule(self) -> Option<&'static str> {
        Some(crate::mailbox::MailboxRules::movement_rule(self))
    }
}

impl HunterbeestKind {
    /// BHB-4.1 — the kinds a Pawn may promote to, in the order SPEC.md lists them: every piece
    /// of the array except King and Pawn, plus the Queen and the Gnu.
    pub const PROMOTIONS: [HunterbeestKind; 10] = [
        HunterbeestKind::Hunter,
        HunterbeestKind::Hawker,
        HunterbeestKind::Huntress,
        HunterbeestKind::Hawkress,
        HunterbeestKind::Hartebeest,
        HunterbeestKind::Cohartebeest,
        HunterbeestKind::Hinny,
        HunterbeestKind::Cohinny,
        HunterbeestKind::Queen,
        HunterbeestKind::Gnu,
    ];

    /// BHB-5.1 — the two five-way pieces, either of which may castle.
    pub const fn is_five_way(self) -> bool {
        matches!(self, HunterbeestKind::Huntress | HunterbeestKind::Hawkress)
    }
}

/// Every piece's movement as a Betza string, owner-relative (`f` is towards the enemy), from the
/// words of Gilman's page and SPEC.md's table (BHB-3). The Pawn's double step and en passant are
/// rules of their own (BHB-3.4). The Hinny and Cohinny have no string in SPEC.md; theirs are
/// written from SPEC.md's offsets: `ffC` is the two narrow forward Camel leaps (±1, +3), `fsN`
/// the two wide forward Knight leaps (±2, +1), and so on.
pub const BETZA: &[(HunterbeestKind, &str)] = &[
    (HunterbeestKind::King, "K"),
    (HunterbeestKind::Queen, "Q"),
    (HunterbeestKind::Pawn, "mfW+cfF"),
    (HunterbeestKind::Hunter, "fR+bB"),
    (HunterbeestKind::Hawker, "fB+bR"),
    (HunterbeestKind::Huntress, "fsR+bB"),
    (HunterbeestKind::Hawkress, "bsR+fB"),
    (HunterbeestKind::Gnu, "N+C"),
    (HunterbeestKind::Hartebeest, "vC+sN"),
    (HunterbeestKind::Cohartebeest, "vN+sC"),
    (HunterbeestKind::Hinny, "ffC+fsN+bbN+bsC"),
    (HunterbeestKind::Cohinny, "ffN+fsC+bbC+bsN"),
];

/// BHB-1.2 — the start position, **reconstructed** (the setup diagram of Gilman's page is lost):
///
/// ```text
///   a b c d e f g h i
/// 8 s t f c k o h y e
/// 7 p p p p p p p p p
/// 2 P P P P P P P P P
/// 1 E Y H O K C F T S
/// ```
///
/// White: Hawkress a1, Hinny b1, Hunter c1, Cohinny d1, King e1, Cohartebeest f1, Hawker g1,
/// Hartebeest h1, Huntress i1; Pawns a2–i2. Black is White turned 180° (i8 holds White's a1
/// kind), as in Hunterbeest and Wildebeest.
///
/// Evidence (SPEC.md, BHB-1.2): the board size is documented (the parent Bachelor Kamil, 9 × 8);
/// the King must stand on e and the five-way pieces in the corners, since they castle "exactly
/// as with Rooks Queenside" with a King that needs three squares' room on each wing; the Hunter
/// and Hawker stand on c and g, the four leapers on b, d, f, h. Guessed: which corner and wing
/// gets which piece, the leaper order (chosen so that every Pawn starts protected), and rotation
/// rather than mirroring (the mirrored alternative is
/// `eyhokcfts/ppppppppp/9/9/9/9/PPPPPPPPP/EYHOKCFTS w KQkq - 0 1`; give it with `--fen`).
pub const START_ARRAY: &str = "stfckohye/ppppppppp/9/9/9/9/PPPPPPPPP/EYHOKCFTS w KQkq - 0 1";

/// The rule readings of Bachelor Hunterbeest that can be switched (SPEC.md names each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HunterbeestSwitches {
    /// BHB-6.4: what a stalemate is.
    pub stalemate: StalemateResult,
}

/// The two readings of stalemate (BHB-6.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateResult {
    /// Default \[reading\]: a draw, as in FIDE chess (Gilman's page says nothing).
    #[default]
    Draw,
    /// Wildebeest Chess's rule: the player who stalemates the other wins.
    Win,
}

impl SwitchValue for StalemateResult {
    const SWITCH: Switch = Switch {
        name: "stalemate",
        rules: "BHB-6.4",
        question: "what is a stalemate?",
        readings: &[
            Reading {
                value: "draw",
                rules: "BHB-6.4",
                meaning: "a draw, as in FIDE chess",
            },
            Reading {
                value: "win",
                rules: "BHB-6.4",
                meaning: "a win for the side that stalemates (Wildebeest Chess's rule)",
            },
        ],
    };
    const ALL: &'static [StalemateResult] = &[StalemateResult::Draw, StalemateResult::Win];

    fn text(self) -> &'static str {
        match self {
            StalemateResult::Draw => "draw",
            StalemateResult::Win => "win",
        }
    }
}

impl Switches for HunterbeestSwitches {
    const SWITCHES: &'static [Switch] = &[StalemateResult::SWITCH];

    fn get(&self, name: &str) -> Option<&'static str> {
        (name == StalemateResult::SWITCH.name).then(|| self.stalemate.text())
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError> {
        match name {
            "stalemate" => self.stalemate = StalemateResult::from_text(value)?,
            _ => return Err(Self::unknown_switch(name)),
        }
        Ok(())
    }
}

impl Game for Hunterbeest {
    type Kind = HunterbeestKind;
    type Switches = HunterbeestSwitches;
    const NAME: &'static str = "hunterbeest";
    const TITLE: &'static str = "Bachelor Hunterbeest";
    const SHAPE: Shape = Shape::new(9, 8);
    /// BHB-1.2 — the reconstructed array [`START_ARRAY`].
    const START_FEN: &'static str = START_ARRAY;
    const DIALECT: FenDialect = FenDialect::Chess;
    /// BHB-1.2: Black's army is White's rotated 180°.
    const SYMMETRY: Symmetry = Symmetry::Rotation;

    /// The King is royal: checkmate wins and no legal move leaves it attacked.
    fn is_royal(kind: HunterbeestKind) -> bool {
        kind == HunterbeestKind::King
    }

    /// BHB-2: the rules a position must satisfy.
    ///
    /// BHB-2.7: a position in which the side that just moved has its own Queen or Gnu next to its
    /// King is a finished game (BHB-6.3), valid and terminal: the generators give it no moves and
    /// its outcome is that side's win. The side *to move* having its Queen or Gnu next to its own
    /// King is invalid: that side's previous move made the pair and won, so the game is over
    /// (`PositionErrorKind::AlreadyWon`).
    fn validate(
        setup: Setup<HunterbeestKind>,
    ) -> Result<Position<Hunterbeest>, PositionError<HunterbeestKind>> {
        let mut v = Validation::new(setup);
        if v.setup.shape != Hunterbeest::SHAPE || v.setup.board.len() != Hunterbeest::SHAPE.len() {
            v.fail(E::WrongShape);
            return Err(PositionError {
                setup: v.setup,
                kinds: v.kinds,
            });
        }
        v.one_king_each(HunterbeestKind::King); // BHB-2.2
        validate_pawn_ranks(&mut v);
        validate_castling(&mut v);
        v.ep_square_follows_double_step(HunterbeestKind::Pawn); // BHB-2.6
        validate_not_already_won(&mut v);
        // BHB-2.4: only meaningful with one King each.
        if v.is_ok() && rules::in_check(&v.setup, v.setup.turn.other()) {
            v.fail(E::OppositeCheck);
        }
        v.finish()
    }

    fn reference(switches: &HunterbeestSwitches) -> Box<dyn Generator<Hunterbeest>> {
        Box::new(rules::Reference::new(*switches))
    }

    fn bitboard(switches: &HunterbeestSwitches) -> Box<dyn Generator<Hunterbeest>> {
        Box::new(bitboard::Bitboard::new(*switches))
    }
}

/// Records in the common notation of [`crate::replay::replay`].
impl crate::replay::Records for Hunterbeest {}

fn piece(colour: Colour, kind: HunterbeestKind) -> Piece<HunterbeestKind> {
    Piece::new(colour, kind)
}

/// BHB-2.7: the side to move has no Queen or Gnu of its own beside its own King. Only the side
/// to move's own moves can bring the two together (the opponent can only part them, by a
/// capture), and its last move would then have won (BHB-6.3).
fn validate_not_already_won(v: &mut Validation<HunterbeestKind>) {
    let us = v.setup.turn;
    let kings = v.setup.squares_of(piece(us, HunterbeestKind::King));
    let [king] = kings[..] else { return };
    let partners: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| {
            p.colour == us
                && matches!(p.kind, HunterbeestKind::Queen | HunterbeestKind::Gnu)
                && sq != king
                && sq.file().abs_diff(king.file()) <= 1
                && sq.rank().abs_diff(king.rank()) <= 1
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in partners {
        v.fail(E::AlreadyWon(sq));
    }
}

/// BHB-2.3: no Pawn on its own first rank (it could never have stood there) or on its last rank
/// (it would have promoted, BHB-4.1).
fn validate_pawn_ranks(v: &mut Validation<HunterbeestKind>) {
    let shape = v.setup.shape;
    let bad: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| {
            p.kind == HunterbeestKind::Pawn
                && (sq.rank() == p.colour.relative_rank(0, shape.ranks)
                    || sq.rank() == p.colour.relative_rank(shape.last_rank(), shape.ranks))
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in bad {
        v.fail(E::PawnOrUnpromotedOnBackRank(sq));
    }
}

/// BHB-2.5: a castling right needs the King on e1/e8 and a five-way piece (Huntress or
/// Hawkress) of the same colour on that wing's corner: i1/i8 for the i-side castling (FEN
/// `K`/`k`), a1/a8 for the a-side castling (FEN `Q`/`q`). In the reconstructed array these are
/// White's Huntress i1 and Hawkress a1, Black's Hawkress i8 and Huntress a8 (BHB-1.2); either
/// five-way piece is accepted, so the mirrored alternative array castles too (BHB-5.1).
fn validate_castling(v: &mut Validation<HunterbeestKind>) {
    let shape = v.setup.shape;
    for c in Colour::ALL {
        let rights: CastleSides = v.setup.castling[c];
        let rank = c.relative_rank(0, shape.ranks);
        let king_home =
            v.setup.piece_at(Square::new(4, rank)) == Some(piece(c, HunterbeestKind::King));
        let five_way_on = |file: u8| {
            v.setup
                .piece_at(Square::new(file, rank))
                .is_some_and(|p| p.colour == c && p.kind.is_five_way())
        };
        let i_side_ok = king_home && five_way_on(shape.files - 1);
        let a_side_ok = king_home && five_way_on(0);
        if (rights.short && !i_side_ok) || (rights.long && !a_side_ok) {
            v.fail(E::InvalidCastlingRights(c));
        }
    }
}
