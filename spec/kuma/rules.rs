//! # Kuma Chess — the reference generator
//!
//! This module is the rules of Kuma Chess written as code, to be read beside SPEC.md. It is
//! deliberately plain: a mailbox board (the [`Setup`]'s board), no precomputed tables, one
//! function per piece whose body reads like the piece's Betza string, and one function per rule
//! whose doc comment starts with the rule's ID. Speed is the business of the bitboard generator
//! ([`super::bitboard`]); the two share only the types of this crate and are held to each other
//! by the differential tests.
//!
//! How a move is found, in order:
//!
//! 1. A position where the side that just moved has a Blind Bear on its last rank is over
//!    (`blind_bear_home`, KUMA-7.4): no moves at all.
//! 2. Every piece of the side to move makes its own movement ([`piece_moves`], KUMA-3), a piece
//!    that reaches its last rank promoting as it must (`promotion`, KUMA-5.1).
//! 3. The special moves are added: the Pawn's double step (`pawn_double_steps`, KUMA-3.2), en
//!    passant (`en_passant`, KUMA-6.1) and castling (`castlings`, KUMA-4.1/4.2).
//! 4. Each candidate is played on a copy of the board and kept only if the mover's King is not
//!    attacked afterwards (`Reference::is_legal`, KUMA-7.1, with the Blind Bear switch of
//!    KUMA-7.4).
//!
//! The rule functions are private: read them in this file, or in the documentation built with
//! `cargo doc --document-private-items`. The public face is [`Reference`] (a
//! [`Generator`]) and the three questions other code asks: [`piece_moves`], [`is_attacked`],
//! [`in_check`].
//!
//! ```
//! use fairyspec::{Game, Position, kuma::Kuma};
//!
//! let start = Position::<Kuma>::start();
//! let reference = Kuma::reference(&Default::default());
//! // Eight Pawns, each with a single and a double step: the bears are all shut in.
//! assert_eq!(reference.legal_moves(&start).len(), 16);
//! ```

use super::{BlindBearWin, Kuma, KumaKind, KumaSwitches};
use crate::mailbox::fide::{self, Castling, FideRules};
use crate::mailbox::{MailboxRules, MovementRow};
use crate::trace::{NoTrace, Rule, Trace};
use crate::{Colour, Generator, Move, Outcome, Piece, Position, Reason, Setup, Shape, Square};

// Directions (KUMA-1.1): owner-relative, written once for the chess-like references in
// [`crate::mailbox::directions`].
use crate::mailbox::directions::{
    BACKWARD, DIAGONAL, FORWARD, FORWARD_LEFT, FORWARD_RIGHT, LEFT, ORTHOGONAL, RIGHT,
};

/// The movement helpers of every reference generator: [`Walk::step`], [`Walk::range`],
/// [`Walk::slide`] and the Pawn's [`Walk::step_to_empty`] / [`Walk::step_to_capture`] (KUMA-3.1).
type Walk<'a> = crate::mailbox::Walk<'a, KumaKind>;

// ---------------------------------------------------------------------------------------------
// The pieces (KUMA-3). Each body spells out the Betza string of Derzhanski's page (SPEC.md).
// ---------------------------------------------------------------------------------------------

/// KUMA-3.2 — Pawn, `mfW cfF`: one step straight forward to an empty square; captures one step
/// diagonally forward. (The double step and en passant are rules of their own:
/// [`pawn_double_steps`], [`en_passant`].)
fn pawn(w: &mut Walk) {
    w.step_to_empty(FORWARD);
    w.step_to_capture(FORWARD_LEFT);
    w.step_to_capture(FORWARD_RIGHT);
}

/// KUMA-3.3 — King, `W F`: one step in any of the eight directions. (Castling: [`castlings`].)
fn king(w: &mut Walk) {
    w.steps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// KUMA-3.4 — Bear's Eyes, `W F`: one step in any of the eight directions, like the King, but
/// not royal.
fn bears_eyes(w: &mut Walk) {
    w.steps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// KUMA-3.5 — Blind Bear, `sW F`: one step sideways, or one step on any diagonal; never
/// straight forward or back.
fn blind_bear(w: &mut Walk) {
    w.step(LEFT);
    w.step(RIGHT);
    w.steps(DIAGONAL);
}

/// KUMA-3.6 — Violent Bear, `fsW fF2`: one step forward or sideways; up to two squares
/// diagonally forward (blockable, KUMA-3.13).
fn violent_bear(w: &mut Walk) {
    w.step(FORWARD);
    w.step(LEFT);
    w.step(RIGHT);
    w.range(FORWARD_LEFT, 2);
    w.range(FORWARD_RIGHT, 2);
}

/// KUMA-3.7 — Great Bear, `fR fB sbW`: slides forward and diagonally forward; one step sideways
/// or straight back.
fn great_bear(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
    w.step(LEFT);
    w.step(RIGHT);
    w.step(BACKWARD);
}

/// KUMA-3.8 — Upright Bear, `fR bW sW2`: slides forward; one step straight back; up to two
/// squares sideways (blockable, KUMA-3.13).
fn upright_bear(w: &mut Walk) {
    w.slide(FORWARD);
    w.step(BACKWARD);
    w.range(LEFT, 2);
    w.range(RIGHT, 2);
}

/// KUMA-3.9 — Running Bear, `fbR sW2`: slides forward; slides backward; up to two squares
/// sideways (blockable, KUMA-3.13).
fn running_bear(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.range(LEFT, 2);
    w.range(RIGHT, 2);
}

/// KUMA-3.10 — Dashing Bear, `vR B`: slides along the file both ways and along all four
/// diagonals; no sideways move.
fn dashing_bear(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.slides(DIAGONAL);
}

/// KUMA-3.11 — Bear Soldier, `fR fB sW2 bW`: slides forward and diagonally forward; up to two
/// squares sideways (blockable, KUMA-3.13); one step straight back.
fn bear_soldier(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
    w.range(LEFT, 2);
    w.range(RIGHT, 2);
    w.step(BACKWARD);
}

/// KUMA-3.12 — Mighty Bear, `fsR B bW2`: slides forward, sideways and along all four
/// diagonals; straight back only up to two squares (blockable, KUMA-3.13). A Queen, except
/// backwards.
fn mighty_bear(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slides(DIAGONAL);
    w.range(BACKWARD, 2);
}

/// KUMA-3 — how each kind moves: the rule that says so, as the walk reports it to a trace, and
/// the function above that spells out its Betza string.
const MOVEMENT: [MovementRow<KumaKind>; 11] = [
    (KumaKind::Pawn, "KUMA-3.2", pawn),
    (KumaKind::King, "KUMA-3.3", king),
    (KumaKind::BearsEyes, "KUMA-3.4", bears_eyes),
    (KumaKind::BlindBear, "KUMA-3.5", blind_bear),
    (KumaKind::ViolentBear, "KUMA-3.6", violent_bear),
    (KumaKind::GreatBear, "KUMA-3.7", great_bear),
    (KumaKind::UprightBear, "KUMA-3.8", upright_bear),
    (KumaKind::RunningBear, "KUMA-3.9", running_bear),
    (KumaKind::DashingBear, "KUMA-3.10", dashing_bear),
    (KumaKind::BearSoldier, "KUMA-3.11", bear_soldier),
    (KumaKind::MightyBear, "KUMA-3.12", mighty_bear),
];

impl MailboxRules for KumaKind {
    const MOVEMENT: &'static [MovementRow<KumaKind>] = &MOVEMENT;
}

/// KUMA-3.1, KUMA-7.1 — the questions other code asks of the bears' movement, answered from the
/// walks above by the code every reference shares ([`crate::mailbox`]): where a piece may go
/// ([`piece_moves`]; with the Pawn's double step, [`piece_moves_traced`]), whether and by whom a
/// square is attacked ([`is_attacked`], [`attackers`] — an own piece counts as attacked when
/// defended), and whether a side's King stands attacked ([`in_check`]).
///
/// ```
/// use fairyspec::{Position, Square, kuma::{Kuma, rules::piece_moves}};
///
/// // The Violent Bear on c1 of the start position: its forward step and its diagonal range-two
/// // moves are all blocked by the Pawns, its sideways steps by its neighbours.
/// let start = Position::<Kuma>::start();
/// assert!(piece_moves(start.setup(), Square::new(2, 0)).is_empty());
/// ```
pub use crate::mailbox::{attackers, fide::piece_moves_traced, in_check, is_attacked, piece_moves};

// ---------------------------------------------------------------------------------------------
// The rules (KUMA-4 … KUMA-7), one function each.
// ---------------------------------------------------------------------------------------------

/// KUMA-5.1 — compulsory promotion: a piece reaching its last rank, by a move or a capture,
/// becomes the single piece it promotes to: Pawn → Bear's Eyes, Violent Bear → Great Bear,
/// Upright Bear and Running Bear → Dashing Bear, Bear Soldier → Mighty Bear.
///
/// KUMA-5.2 — the King, Bear's Eyes, Great Bear, Dashing Bear, Mighty Bear and Blind Bear never
/// promote (the Blind Bear wins instead, KUMA-7.4). None for these, and for any move that does
/// not end on the mover's last rank.
impl FideRules for KumaKind {
    fn promotions(self, owner: Colour, to: Square, shape: Shape) -> &'static [KumaKind] {
        if to.rank() != shape.last_rank_of(owner) {
            return &[];
        }
        match self {
            KumaKind::Pawn => &[KumaKind::BearsEyes],
            KumaKind::ViolentBear => &[KumaKind::GreatBear],
            KumaKind::UprightBear | KumaKind::RunningBear => &[KumaKind::DashingBear],
            KumaKind::BearSoldier => &[KumaKind::MightyBear],
            KumaKind::King
            | KumaKind::BearsEyes
            | KumaKind::BlindBear
            | KumaKind::GreatBear
            | KumaKind::DashingBear
            | KumaKind::MightyBear => &[],
        }
    }

    const PROMOTION: (Rule, &'static str) = ("KUMA-5.1", "compulsory promotion");

    /// KUMA-3.2: the Pawn\'s double step.
    const DOUBLE_STEP: Rule = "KUMA-3.2";
}

/// KUMA-3.1 with KUMA-5.1 — every move of the side to move by its pieces' own movement, each
/// reaching the last rank carrying its compulsory promotion ([`fide::ordinary_moves`]).
fn ordinary_moves(setup: &Setup<KumaKind>, trace: &mut dyn Trace<KumaKind>) -> Vec<Move<KumaKind>> {
    fide::ordinary_moves(setup, trace)
}

/// KUMA-3.2 — the Pawn's double step: a Pawn on its second rank may move two squares straight
/// forward if both squares in front of it are empty.
fn pawn_double_steps(
    setup: &Setup<KumaKind>,
    trace: &mut dyn Trace<KumaKind>,
) -> Vec<Move<KumaKind>> {
    fide::pawn_double_steps(setup, KumaKind::Pawn, "KUMA-3.2", trace)
}

/// KUMA-6.1 — en passant, as FIDE: right after an enemy Pawn's double step, a Pawn that could
/// have captured it had it made a single step may capture it so, moving diagonally forward to
/// the square it passed over (the e.p. square). The captured Pawn stands beside the capturing
/// one, behind the e.p. square.
fn en_passant(setup: &Setup<KumaKind>, trace: &mut dyn Trace<KumaKind>) -> Vec<Move<KumaKind>> {
    fide::en_passant(setup, KumaKind::Pawn, "KUMA-6.1", trace)
}

/// KUMA-4.1 — castling, as FIDE, with a bear for the Rook: the short castling, King e1–g1 with
/// the Running Bear h1–f1, and the long one, King e1–c1 with the Upright Bear a1–d1 (Black on
/// rank 8). Written as the King's move (`e1g1`, `e1c1`, KUMA-8.1).
///
/// KUMA-4.3 — castling rights are lost as FIDE says ([`fide::update_castling_rights`]): both
/// when the King moves (castling included); one when that castling's partner leaves its
/// corner, or when anything lands on that corner (capturing the partner there).
const CASTLING: Castling<KumaKind> = Castling::on_eight_files(
    |kind| kind == KumaKind::RunningBear,
    |kind| kind == KumaKind::UprightBear,
    ["KUMA-4.1", "KUMA-4.2", "KUMA-4.3"],
);

/// KUMA-4.2 — the conditions of castling, as FIDE: the side still has the right (neither King
/// nor partner has moved, KUMA-4.3), King and partner stand on their start squares, every
/// square between them is empty, the King is not in check, and it neither passes over nor lands
/// on a square the enemy attacks ([`fide::castlings`]). Each castling is reported to `trace` as
/// a candidate, or as refused with the first condition it fails.
fn castlings(setup: &Setup<KumaKind>, trace: &mut dyn Trace<KumaKind>) -> Vec<Move<KumaKind>> {
    fide::castlings(setup, &CASTLING, trace)
}

/// KUMA-7.4 — the Blind Bear win: the side that just moved has a Blind Bear on its last rank.
/// The game is over; the position has no moves (KUMA-7.7).
fn blind_bear_home(setup: &Setup<KumaKind>) -> bool {
    let them = setup.turn.other();
    let home = setup.shape.last_rank_of(them);
    setup
        .pieces()
        .any(|(sq, p)| p == Piece::new(them, KumaKind::BlindBear) && sq.rank() == home)
}

/// KUMA-7.4 — whether `mv` brings a Blind Bear of the side to move to its last rank.
fn is_blind_bear_arrival(setup: &Setup<KumaKind>, mv: &Move<KumaKind>) -> bool {
    let us = setup.turn;
    setup.piece_at(mv.from) == Some(Piece::new(us, KumaKind::BlindBear))
        && mv.to.rank() == setup.shape.last_rank_of(us)
}

/// Plays a move found by this generator on a copy of the setup ([`fide::play`]): moves the piece,
/// with the promotion the move carries (KUMA-5.1); a Pawn moving diagonally onto the e.p. square
/// takes the Pawn behind it (KUMA-6.1); a King moving two files castles, its partner jumping to
/// the square the King passed over (KUMA-4.1); the rights are updated (KUMA-4.3).
///
/// KUMA-6.1 — the e.p. square after a move: the square a Pawn passed over with its double step
/// (after every double step, whether or not an enemy Pawn could take e.p. — the usual FEN
/// convention); no e.p. square after any other move.
///
/// KUMA-7.5 — the clocks: the half-move clock starts again at 0 after a Pawn move or a capture
/// and counts up by one after any other move (a bear promoting without capture included, a
/// \[reading\]); the full-move number goes up by one after Black's move.
fn play(setup: &Setup<KumaKind>, mv: &Move<KumaKind>) -> Setup<KumaKind> {
    fide::play(setup, &CASTLING, mv)
}

// ---------------------------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------------------------

/// The reference generator of Kuma Chess: the rules of SPEC.md, chapter "Kuma Chess", one
/// function each. Made with the rule switches ([`KumaSwitches`]).
///
/// ```
/// use fairyspec::{Generator, Position, kuma::{Kuma, KumaSwitches, rules::Reference}};
///
/// let reference = Reference::new(KumaSwitches::default());
/// let start = Position::<Kuma>::start();
/// assert_eq!(reference.perft(&start, 3), 4758);
/// ```
pub struct Reference {
    switches: KumaSwitches,
}

impl Reference {
    /// The reference generator reading the rules with `switches`.
    pub fn new(switches: KumaSwitches) -> Reference {
        Reference { switches }
    }

    /// KUMA-7.1 — legality by make-and-test: a move is legal if, once played, the mover's King
    /// is not attacked. KUMA-7.4 switch: under [`BlindBearWin::EvenIfExposed`] a Blind Bear's
    /// move to its last rank is legal even if it leaves the King attacked (the game ends
    /// before the King could be taken); under the default [`BlindBearWin::NeedsLegalMove`] it
    /// obeys this rule like any move.
    ///
    /// A refused move is reported to `trace` with the King's square and its attackers.
    fn is_legal(
        &self,
        setup: &Setup<KumaKind>,
        mv: &Move<KumaKind>,
        trace: &mut dyn Trace<KumaKind>,
    ) -> bool {
        if self.switches.blind_bear == BlindBearWin::EvenIfExposed
            && is_blind_bear_arrival(setup, mv)
        {
            return true;
        }
        fide::keeps_king_safe(setup, &CASTLING, mv, "KUMA-7.1", trace)
    }

    /// KUMA-7.7 — no moves once the game is over by the Blind Bear; otherwise every candidate
    /// move (ordinary moves with their promotions, double steps, en passant, castlings) that
    /// passes the legality test of KUMA-7.1. Each rule reports to `trace` what it made and what
    /// it refused.
    pub fn legal_moves_traced(
        &self,
        pos: &Position<Kuma>,
        trace: &mut dyn Trace<KumaKind>,
    ) -> Vec<Move<KumaKind>> {
        let setup = pos.setup();
        if blind_bear_home(setup) {
            trace.game_over("KUMA-7.4");
            return Vec::new();
        }
        let mut moves = ordinary_moves(setup, trace);
        moves.extend(pawn_double_steps(setup, trace));
        moves.extend(en_passant(setup, trace));
        moves.extend(castlings(setup, trace));
        moves.retain(|mv| self.is_legal(setup, mv, trace));
        moves
    }
}

impl Generator<Kuma> for Reference {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Reference
    }

    fn switches(&self) -> &KumaSwitches {
        &self.switches
    }

    /// [`Reference::legal_moves_traced`] with nobody listening.
    fn legal_moves(&self, pos: &Position<Kuma>) -> Vec<Move<KumaKind>> {
        self.legal_moves_traced(pos, &mut NoTrace)
    }

    fn play_unchecked(&self, pos: &Position<Kuma>, mv: &Move<KumaKind>) -> Position<Kuma> {
        Position::new_unchecked(play(pos.setup(), mv))
    }

    /// Whether the side to move's King is attacked.
    fn is_check(&self, pos: &Position<Kuma>) -> bool {
        in_check(pos.setup(), pos.turn())
    }

    /// KUMA-7.4, 7.2, 7.3 in this order: a Blind Bear on the last rank of the side that just
    /// moved wins for that side; otherwise, with no legal move, the side to move is checkmated
    /// (in check: the other side wins) or stalemated (a draw).
    fn outcome(&self, pos: &Position<Kuma>) -> Option<Outcome> {
        let setup = pos.setup();
        if blind_bear_home(setup) {
            return Some(Outcome::win(setup.turn.other(), Reason::BlindBear));
        }
        if !self.legal_moves(pos).is_empty() {
            return None;
        }
        if in_check(setup, setup.turn) {
            Some(Outcome::win(setup.turn.other(), Reason::Checkmate))
        } else {
            Some(Outcome::draw(Reason::Stalemate))
        }
    }
}
