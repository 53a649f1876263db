//! # Kuma Chess
//!
//! Ivan A. Derzhanski's Kuma Chess (2006): orthodox chess played with the bears of Taikyoku
//! Shōgi. Rules: SPEC.md, chapter "Kuma Chess" (rule IDs `KUMA-…`).
//!
//! - [`rules`]: the reference generator, one function per rule, read it beside SPEC.md.
//! - [`bitboard`]: the optimized generator (shares only the types of this crate).
//!
//! The piece descriptions of Derzhanski's page ([`BETZA`], [`DIAGRAMS`]) are kept here as data: the
//! property tests hold the reference generator to them; neither generator reads them.

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
    Setup, Shape, Square,
};
use serde::{Deserialize, Serialize};

/// The game Kuma Chess (KUMA-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kuma;

/// The pieces of Kuma Chess (KUMA-3). The letter is the FEN and move-text symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum KumaKind {
    /// K — KUMA-3.3.
    King,
    /// P — KUMA-3.2.
    Pawn,
    /// E — Bear's Eyes, the promoted Pawn — KUMA-3.4.
    BearsEyes,
    /// B — KUMA-3.5; wins on reaching the last rank (KUMA-7.4).
    BlindBear,
    /// V — KUMA-3.6; promotes to the Great Bear.
    ViolentBear,
    /// G — KUMA-3.7.
    GreatBear,
    /// U — KUMA-3.8; castles long; promotes to the Dashing Bear.
    UprightBear,
    /// R — KUMA-3.9; castles short; promotes to the Dashing Bear.
    RunningBear,
    /// D — KUMA-3.10.
    DashingBear,
    /// S — KUMA-3.11; promotes to the Mighty Bear.
    BearSoldier,
    /// M — KUMA-3.12.
    MightyBear,
}

/// The one table of the kinds: each one's FEN symbol and name, in [`crate::Kind::ALL`]'s order.
const KINDS: [KindRow<KumaKind>; 11] = [
    (KumaKind::King, "K", "King"),
    (KumaKind::Pawn, "P", "Pawn"),
    (KumaKind::BearsEyes, "E", "Bear's Eyes"),
    (KumaKind::BlindBear, "B", "Blind Bear"),
    (KumaKind::ViolentBear, "V", "Violent Bear"),
    (KumaKind::GreatBear, "G", "Great Bear"),
    (KumaKind::UprightBear, "U", "Upright Bear"),
    (KumaKind::RunningBear, "R", "Running Bear"),
    (KumaKind::DashingBear, "D", "Dashing Bear"),
    (KumaKind::BearSoldier, "S", "Bear Soldier"),
    (KumaKind::MightyBear, "M", "Mighty Bear"),
];

impl crate::Kind for KumaKind {
    const ALL: &'static [KumaKind] = &kinds_of(&KINDS);
    const TABLE: &'static [KindRow<KumaKind>] = &KINDS;
    const BETZA: &'static [(KumaKind, &'static str)] = BETZA;
    const PAWN: Option<Self> = Some(KumaKind::Pawn);
    const KING: Option<Self> = Some(KumaKind::King);

    fn rule(self) -> Option<&'static str> {
        Some(crate::mailbox::MailboxRules::movement_rule(self))
    }
}

/// Derzhanski's Betza string of each piece, as printed (`+` separates atoms; owner-relative).
/// The Pawn's special moves (double step, e.p.) are rules of their own (KUMA-3.2, KUMA-6.1).
pub const BETZA: &[(KumaKind, &str)] = &[
    (KumaKind::King, "W+F"),
    (KumaKind::Pawn, "mfW+cfF"),
    (KumaKind::BearsEyes, "W+F"),
    (KumaKind::BlindBear, "sW+F"),
    (KumaKind::ViolentBear, "fsW+fF2"),
    (KumaKind::GreatBear, "fR+sbW+fB"),
    (KumaKind::UprightBear, "fR+bW+sW2"),
    (KumaKind::RunningBear, "fbR+sW2"),
    (KumaKind::DashingBear, "vR+B"),
    (KumaKind::BearSoldier, "fR+sW2+bW+fB"),
    (KumaKind::MightyBear, "fsR+bW2+B"),
];

/// Derzhanski's 3×3 move diagrams, rows from the owner's forward side down: a digit is the range in
/// that direction, `†` unlimited, `◦` no move, `☼` the piece. Paired as the page's tabular copy
/// pairs them (SPEC.md, KUMA-3); the Pawn has none.
pub const DIAGRAMS: &[(KumaKind, [&str; 3])] = &[
    (KumaKind::King, ["111", "1☼1", "111"]),
    (KumaKind::BearsEyes, ["111", "1☼1", "111"]),
    (KumaKind::BlindBear, ["1◦1", "1☼1", "1◦1"]),
    (KumaKind::ViolentBear, ["212", "1☼1", "◦◦◦"]),
    (KumaKind::GreatBear, ["†††", "1☼1", "◦1◦"]),
    (KumaKind::UprightBear, ["◦†◦", "2☼2", "◦1◦"]),
    (KumaKind::DashingBear, ["†††", "◦☼◦", "†††"]),
    (KumaKind::RunningBear, ["◦†◦", "2☼2", "◦†◦"]),
    (KumaKind::BearSoldier, ["†††", "2☼2", "◦1◦"]),
    (KumaKind::MightyBear, ["†††", "†☼†", "†2†"]),
];

/// The rule readings of Kuma Chess that can be switched (SPEC.md names each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KumaSwitches {
    /// KUMA-7.4: may a Blind Bear win by a move that leaves its own King attacked?
    pub blind_bear: BlindBearWin,
}

/// The two readings of the Blind Bear win (KUMA-7.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlindBearWin {
    /// Default: the move to the last rank must be legal like any other (it may not leave the
    /// mover's King attacked). Evidence: game 2, move 50.
    #[default]
    NeedsLegalMove,
    /// Alternative: reaching the last rank wins even if the move exposes the mover's King.
    EvenIfExposed,
}

impl SwitchValue for BlindBearWin {
    const SWITCH: Switch = Switch {
        name: "blind-bear",
        rules: "KUMA-7.4",
        question: "may a Blind Bear win by a move that leaves its own King attacked?",
        readings: &[
            Reading {
                value: "needs-legal-move",
                rules: "KUMA-7.4",
                meaning: "no: the winning move must be legal like any other (game 2, move 50)",
            },
            Reading {
                value: "even-if-exposed",
                rules: "KUMA-7.4",
                meaning: "yes: reaching the last rank wins even if it exposes the mover's King",
            },
        ],
    };
    const ALL: &'static [BlindBearWin] =
        &[BlindBearWin::NeedsLegalMove, BlindBearWin::EvenIfExposed];

    fn text(self) -> &'static str {
        match self {
            BlindBearWin::NeedsLegalMove => "needs-legal-move",
            BlindBearWin::EvenIfExposed => "even-if-exposed",
        }
    }
}

impl Switches for KumaSwitches {
    const SWITCHES: &'static [Switch] = &[BlindBearWin::SWITCH];

    fn get(&self, name: &str) -> Option<&'static str> {
        (name == BlindBearWin::SWITCH.name).then(|| self.blind_bear.text())
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError> {
        match name {
            "blind-bear" => self.blind_bear = BlindBearWin::from_text(value)?,
            _ => return Err(Self::unknown_switch(name)),
        }
        Ok(())
    }
}

impl Game for Kuma {
    type Kind = KumaKind;
    type Switches = KumaSwitches;
    const NAME: &'static str = "kuma";
    const TITLE: &'static str = "Kuma Chess";
    const SHAPE: Shape = Shape::new(8, 8);
    /// KUMA-1.2.
    const START_FEN: &'static str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
    const DIALECT: FenDialect = FenDialect::Chess;

    /// KUMA-3.3, KUMA-7.1: the King is royal (no legal move leaves it attacked).
    fn is_royal(kind: KumaKind) -> bool {
        kind == KumaKind::King
    }

    /// KUMA-2: the rules a position must satisfy.
    fn validate(setup: Setup<KumaKind>) -> Result<Position<Kuma>, PositionError<KumaKind>> {
        let mut v = Validation::new(setup);
        if v.setup.shape != Kuma::SHAPE || v.setup.board.len() != Kuma::SHAPE.len() {
            v.fail(E::WrongShape);
            return Err(PositionError {
                setup: v.setup,
                kinds: v.kinds,
            });
        }
        v.one_king_each(KumaKind::King); // KUMA-2.2
        validate_back_ranks(&mut v);
        validate_blind_bears(&mut v);
        validate_castling(&mut v);
        v.ep_square_follows_double_step(KumaKind::Pawn); // KUMA-2.6
                                                         // KUMA-2.4: only meaningful with one King
                                                         // each. A game already won by a Blind Bear
                                                         // (under the EvenIfExposed reading the
                                                         // winner's King may stand attacked) is
                                                         // exempt.
        if v.is_ok()
            && !blind_bear_home(&v.setup)
            && rules::in_check(&v.setup, v.setup.turn.other())
        {
            v.fail(E::OppositeCheck);
        }
        v.finish()
    }

    fn reference(switches: &KumaSwitches) -> Box<dyn Generator<Kuma>> {
        Box::new(rules::Reference::new(*switches))
    }

    fn bitboard(switches: &KumaSwitches) -> Box<dyn Generator<Kuma>> {
        Box::new(bitboard::Bitboard::new(*switches))
    }
}

/// Records in the common notation of [`crate::replay::replay`].
impl crate::replay::Records for Kuma {}

fn piece(colour: Colour, kind: KumaKind) -> Piece<KumaKind> {
    Piece::new(colour, kind)
}

/// KUMA-2.3: no Pawn on its own first rank; no Pawn, Violent Bear, Upright Bear, Running Bear or
/// Bear Soldier on its last rank (it would have promoted, KUMA-5.1).
fn validate_back_ranks(v: &mut Validation<KumaKind>) {
    let shape = v.setup.shape;
    let bad: Vec<Square> = v
        .setup
        .pieces()
        .filter(|&(sq, p)| {
            let last = sq.rank() == p.colour.relative_rank(shape.last_rank(), shape.ranks);
            let first = sq.rank() == p.colour.relative_rank(0, shape.ranks);
            match p.kind {
                KumaKind::Pawn => first || last,
                KumaKind::ViolentBear
                | KumaKind::UprightBear
                | KumaKind::RunningBear
                | KumaKind::BearSoldier => last,
                _ => false,
            }
        })
        .map(|(sq, _)| sq)
        .collect();
    for sq in bad {
        v.fail(E::PawnOrUnpromotedOnBackRank(sq));
    }
}

/// KUMA-2.7: the side to move has no Blind Bear on its last rank (had it arrived there, the game
/// would have ended on that move). The other side's Blind Bear on its last rank is a finished
/// game (KUMA-7.4), which is a valid, terminal position.
fn validate_blind_bears(v: &mut Validation<KumaKind>) {
    let shape = v.setup.shape;
    let us = v.setup.turn;
    let home: Vec<Square> = v
        .setup
        .squares_of(piece(us, KumaKind::BlindBear))
        .into_iter()
        .filter(|sq| sq.rank() == us.relative_rank(shape.last_rank(), shape.ranks))
        .collect();
    for sq in home {
        v.fail(E::BlindBearAlreadyHome(sq));
    }
}

/// KUMA-7.4: the side that just moved has a Blind Bear on its last rank (the game is over).
fn blind_bear_home(setup: &Setup<KumaKind>) -> bool {
    let them = setup.turn.other();
    let last = them.relative_rank(7, 8);
    setup
        .squares_of(piece(them, KumaKind::BlindBear))
        .iter()
        .any(|sq| sq.rank() == last)
}

/// KUMA-2.5: a castling right needs the King on e1/e8 and its partner on its corner: the Running
/// Bear on h1/h8 for the short castling, the Upright Bear on a1/a8 for the long one.
fn validate_castling(v: &mut Validation<KumaKind>) {
    for c in Colour::ALL {
        let rights: CastleSides = v.setup.castling[c];
        let rank = c.relative_rank(0, 8);
        let king_home = v.setup.piece_at(Square::new(4, rank)) == Some(piece(c, KumaKind::King));
        let short_ok = king_home
            && v.setup.piece_at(Square::new(7, rank)) == Some(piece(c, KumaKind::RunningBear));
        let long_ok = king_home
            && v.setup.piece_at(Square::new(0, rank)) == Some(piece(c, KumaKind::UprightBear));
        if (rights.short && !short_ok) || (rights.long && !long_ok) {
            v.fail(E::InvalidCastlingRights(c));
        }
    }
}
