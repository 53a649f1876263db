//! # Bachelor Hunterbeest — the reference generator
//!
//! This module is the rules of Bachelor Hunterbeest written as code, to be read beside SPEC.md.
//! It is deliberately plain: a mailbox board (the [`Setup`]'s board), no precomputed tables, one
//! function per piece whose body reads like the piece's Betza string, and one function per rule
//! whose doc comment starts with the rule's ID. Speed is the business of the bitboard generator
//! ([`super::bitboard`]); the two share only the types of this crate and are held to each other
//! by the differential tests.
//!
//! How a move is found, in order:
//!
//! 1. A position where the side that just moved has its own Queen or Gnu next to its King is
//!    over (`partner_beside_king`, BHB-6.3): no moves at all.
//! 2. Every piece of the side to move makes its own movement ([`piece_moves`], BHB-3), a Pawn
//!    that reaches its last rank promoting to each of its ten choices (`promotions`, BHB-4.1).
//! 3. The special moves are added: the Pawn's double step (`pawn_double_steps`, BHB-3.4), en
//!    passant (`en_passant`, BHB-4.2) and castling on both wings (`castlings`, BHB-5).
//! 4. Each candidate is played on a copy of the board and kept only if the mover's King is not
//!    attacked afterwards (`is_legal`, BHB-6.1).
//!
//! The rule functions are private: read them in this file, or in the documentation built with
//! `cargo doc --document-private-items`. The public face is [`Reference`] (a [`Generator`]) and
//! the questions other code asks: [`piece_moves`], [`is_attacked`], [`in_check`].
//!
//! ```
//! use fairyspec::{Game, Position, hunterbeest::Hunterbeest};
//!
//! let start = Position::<Hunterbeest>::start();
//! let reference = Hunterbeest::reference(&Default::default());
//! assert_eq!(reference.legal_moves(&start).len(), 26);
//! ```

use super::{Hunterbeest, HunterbeestKind, HunterbeestSwitches, StalemateResult};
use crate::mailbox::fide::{self, Castling, FideRules, Wing};
use crate::mailbox::{king_square, MailboxRules, MovementRow};
use crate::trace::{NoTrace, Rule, Trace};
use crate::{
    Colour, Generator, Move, Offset, Outcome, Piece, Position, Reason, Setup, Shape, Square,
};

use HunterbeestKind as K;

// Directions (BHB-1.1): owner-relative, written once for the chess-like references in
// [`crate::mailbox::directions`].
use crate::mailbox::directions::{
    BACKWARD, BACKWARD_LEFT, BACKWARD_RIGHT, DIAGONAL, FORWARD, FORWARD_LEFT, FORWARD_RIGHT, LEFT,
    ORTHOGONAL, RIGHT,
};
// (Every piece of the game is left–right symmetric, so negating the rank is the same as
// turning the board round.)

/// The Knight's eight leaps (Betza `N`): one file and two ranks, or two files and one rank.
const NARROW_KNIGHT: [Offset; 4] = [
    Offset::new(-1, 2),
    Offset::new(1, 2),
    Offset::new(-1, -2),
    Offset::new(1, -2),
];
const WIDE_KNIGHT: [Offset; 4] = [
    Offset::new(-2, 1),
    Offset::new(2, 1),
    Offset::new(-2, -1),
    Offset::new(2, -1),
];
/// The Camel's eight leaps (Betza `C`): one file and three ranks, or three files and one rank.
const NARROW_CAMEL: [Offset; 4] = [
    Offset::new(-1, 3),
    Offset::new(1, 3),
    Offset::new(-1, -3),
    Offset::new(1, -3),
];
const WIDE_CAMEL: [Offset; 4] = [
    Offset::new(-3, 1),
    Offset::new(3, 1),
    Offset::new(-3, -1),
    Offset::new(3, -1),
];

/// The movement helpers of every reference generator: [`Walk::leap`], [`Walk::slide`] and the
/// Pawn's [`Walk::step_to_empty`] / [`Walk::step_to_capture`] (BHB-3.1).
type Walk<'a> = crate::mailbox::Walk<'a, HunterbeestKind>;

// ---------------------------------------------------------------------------------------------
// The pieces (BHB-3). Each body spells out the piece's Betza string.
// ---------------------------------------------------------------------------------------------

/// BHB-3.2 — King, `K`: one step in any of the eight directions. (Castling: [`castlings`].)
fn king(w: &mut Walk) {
    w.leaps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// BHB-3.3 — Queen, `Q`: slides in all eight directions. Only a promoted Pawn can be one.
fn queen(w: &mut Walk) {
    w.slides(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// BHB-3.4 — Pawn, `mfW cfF`: one step straight forward to an empty square; captures one step
/// diagonally forward. (The double step and en passant: [`pawn_double_steps`], [`en_passant`].)
fn pawn(w: &mut Walk) {
    w.step_to_empty(FORWARD);
    w.step_to_capture(FORWARD_LEFT);
    w.step_to_capture(FORWARD_RIGHT);
}

/// BHB-3.5 — Hunter, `fR bB`: slides straight forward, or diagonally backward.
fn hunter(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// BHB-3.6 — Hawker, `fB bR`: slides diagonally forward, or straight backward.
fn hawker(w: &mut Walk) {
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
    w.slide(BACKWARD);
}

/// BHB-3.7 — Huntress, `fsR bB`: slides straight forward, sideways, or diagonally backward
/// (five directions).
fn huntress(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// BHB-3.8 — Hawkress, `bsR fB`: slides straight backward, sideways, or diagonally forward
/// (five directions).
fn hawkress(w: &mut Walk) {
    w.slide(BACKWARD);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
}

/// BHB-3.9 — Gnu, `N C`: every Knight leap and every Camel leap (sixteen). Only a promoted Pawn
/// can be one.
fn gnu(w: &mut Walk) {
    for dir in NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_KNIGHT)
        .chain(NARROW_CAMEL)
        .chain(WIDE_CAMEL)
    {
        w.leap(dir);
    }
}

/// BHB-3.10 — Hartebeest, `vC sN`: leaps one file and three ranks, or two files and one rank.
fn hartebeest(w: &mut Walk) {
    w.leaps(NARROW_CAMEL.into_iter().chain(WIDE_KNIGHT));
}

/// BHB-3.11 — Cohartebeest, `vN sC`: leaps one file and two ranks, or three files and one rank.
fn cohartebeest(w: &mut Walk) {
    w.leaps(NARROW_KNIGHT.into_iter().chain(WIDE_CAMEL));
}

/// Whether a leap goes towards the enemy (every leap of the game changes the rank).
fn is_forward(dir: &Offset) -> bool {
    dir.rank > 0
}

/// BHB-3.12 — Hinny, `ffC fsN bbN bsC`: advances like the Hartebeest ((±1, +3), (±2, +1)),
/// retreats like the Cohartebeest ((±1, −2), (±3, −1)).
fn hinny(w: &mut Walk) {
    let advances = NARROW_CAMEL
        .into_iter()
        .chain(WIDE_KNIGHT)
        .filter(is_forward);
    let retreats = NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_CAMEL)
        .filter(|d| !is_forward(d));
    w.leaps(advances.chain(retreats));
}

/// BHB-3.13 — Cohinny, `ffN fsC bbC bsN`: advances like the Cohartebeest ((±1, +2), (±3, +1)),
/// retreats like the Hartebeest ((±1, −3), (±2, −1)).
fn cohinny(w: &mut Walk) {
    let advances = NARROW_KNIGHT
        .into_iter()
        .chain(WIDE_CAMEL)
        .filter(is_forward);
    let retreats = NARROW_CAMEL
        .into_iter()
        .chain(WIDE_KNIGHT)
        .filter(|d| !is_forward(d));
    w.leaps(advances.chain(retreats));
}

/// BHB-3 — the movement of every kind: its rule in SPEC.md and the function above that walks it.
const MOVEMENT: [MovementRow<HunterbeestKind>; 12] = [
    (K::King, "BHB-3.2", king),
    (K::Queen, "BHB-3.3", queen),
    (K::Pawn, "BHB-3.4", pawn),
    (K::Hunter, "BHB-3.5", hunter),
    (K::Hawker, "BHB-3.6", hawker),
    (K::Huntress, "BHB-3.7", huntress),
    (K::Hawkress, "BHB-3.8", hawkress),
    (K::Gnu, "BHB-3.9", gnu),
    (K::Hartebeest, "BHB-3.10", hartebeest),
    (K::Cohartebeest, "BHB-3.11", cohartebeest),
    (K::Hinny, "BHB-3.12", hinny),
    (K::Cohinny, "BHB-3.13", cohinny),
];

impl MailboxRules for HunterbeestKind {
    const MOVEMENT: &'static [MovementRow<HunterbeestKind>] = &MOVEMENT;
}

/// BHB-3.1 and BHB-6.1 from the leaps and slides above, by the mailbox code of every reference
/// ([`crate::mailbox`]): [`piece_moves`] is a piece's reach ignoring check, castling, the double
/// step and e.p. ([`piece_moves_traced`] reports it, double step included), [`is_attacked`] and
/// [`attackers`] answer the attack test (for the Pawn its two diagonal-forward squares), and
/// [`in_check`] says whether a side's King is attacked (`false` if it has none).
///
/// ```
/// use fairyspec::{Position, Square, hunterbeest::{Hunterbeest, rules::piece_moves}};
///
/// // The Hartebeest on h1 of the start position: (±1, +3) reaches g4 and i4; its wide Knight
/// // leaps land on its own Pawn f2 or off the board.
/// let start = Position::<Hunterbeest>::start();
/// let h1 = Square::parse("h1").unwrap();
/// let names: Vec<String> = piece_moves(start.setup(), h1).iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["g4", "i4"]);
/// ```
pub use crate::mailbox::{attackers, fide::piece_moves_traced, in_check, is_attacked, piece_moves};

// ---------------------------------------------------------------------------------------------
// The rules (BHB-4 … BHB-6), one function each.
// ---------------------------------------------------------------------------------------------

/// BHB-4.1 — promotion: a Pawn reaching its last rank, by a step or a capture, must promote, to
/// any one of Hunter, Hawker, Huntress, Hawkress, Hartebeest, Cohartebeest, Hinny, Cohinny,
/// Queen or Gnu (no limit on how many of a kind). One move per choice, written with the
/// lower-case letter (`e7e8q`). Every other move is one move without promotion.
impl FideRules for HunterbeestKind {
    fn promotions(self, owner: Colour, to: Square, shape: Shape) -> &'static [HunterbeestKind] {
        if self == K::Pawn && to.rank() == shape.last_rank_of(owner) {
            &HunterbeestKind::PROMOTIONS
        } else {
            &[]
        }
    }

    const PROMOTION: (Rule, &'static str) = ("BHB-4.1", "promotion");

    /// BHB-3.4: the Pawn\'s double step.
    const DOUBLE_STEP: Rule = "BHB-3.4";
}

/// BHB-3.1 with BHB-4.1 — every move of the side to move by its pieces' own movement
/// ([`fide::ordinary_moves`]).
fn ordinary_moves(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    fide::ordinary_moves(setup, trace)
}

/// BHB-3.4 — the Pawn's double step: a Pawn on its second rank may move two squares straight
/// forward if both squares in front of it are empty.
fn pawn_double_steps(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    fide::pawn_double_steps(setup, K::Pawn, "BHB-3.4", trace)
}

/// BHB-4.2 — en passant, as FIDE: right after an enemy Pawn's double step, a Pawn that could
/// have captured it had it made a single step may capture it so, moving diagonally forward to
/// the square it passed over (the e.p. square).
fn en_passant(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    fide::en_passant(setup, K::Pawn, "BHB-4.2", trace)
}

/// BHB-5.1 — castling on both wings, with a five-way piece (Huntress or Hawkress) for the Rook:
/// the i-side castling (FEN `K`/`k`, the `short` right), King e1–g1 and five-way piece i1–f1,
/// like FIDE's queenside castling mirrored (three squares between King and corner); the a-side
/// castling (FEN `Q`/`q`, the `long` right), King e1–c1 and five-way piece a1–d1, exactly FIDE's
/// queenside castling. Written as the King's move (`e1g1`, `e1c1`, BHB-7.1).
///
/// BHB-5.3 — castling rights are lost as FIDE says ([`fide::update_castling_rights`]): both
/// when the King moves (castling included); one when the piece on that wing's corner leaves it,
/// or when anything lands on that corner (capturing the piece there).
const CASTLING: Castling<HunterbeestKind> = Castling {
    king_file: 4,
    short: Wing {
        partner: HunterbeestKind::is_five_way,
        corner: 8,
        partner_to: 5,
        king_to: 6,
        between: &[5, 6, 7],
    },
    long: Wing {
        partner: HunterbeestKind::is_five_way,
        corner: 0,
        partner_to: 3,
        king_to: 2,
        between: &[1, 2, 3],
    },
    rule: "BHB-5.1",
    conditions: "BHB-5.2",
    rights: "BHB-5.3",
};

/// BHB-5.2 — the conditions of castling, as FIDE: the side still has the right (BHB-5.3), the
/// King stands on e1 (e8) and a five-way piece of its own on the wing's corner, every square
/// between them is empty, the King is not in check, and it neither passes over nor lands on a
/// square the enemy attacks (the five-way piece may pass attacked squares; [`fide::castlings`]).
/// Each castling is reported to `trace` as a candidate, or as refused with the first condition
/// it fails.
fn castlings(
    setup: &Setup<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> Vec<Move<HunterbeestKind>> {
    fide::castlings(setup, &CASTLING, trace)
}

/// BHB-6.3 — "mate" and "tame": the side that just moved has its own Queen (a marriage) or its
/// own Gnu (a taming) on one of the eight squares next to its own King. That side has won; the
/// position has no moves (BHB-6.6). A Queen is looked for first, so a move bringing both reads
/// as a marriage. The other side's Queen or Gnu next to this King means nothing.
fn partner_beside_king(setup: &Setup<HunterbeestKind>) -> Option<Reason> {
    let mover = setup.turn.other();
    let king = king_square(setup, mover)?;
    let beside = |kind: HunterbeestKind| {
        ORTHOGONAL.into_iter().chain(DIAGONAL).any(|dir| {
            setup
                .shape
                .offset(king, dir)
                .is_some_and(|sq| setup.piece_at(sq) == Some(Piece::new(mover, kind)))
        })
    };
    if beside(K::Queen) {
        Some(Reason::Marriage)
    } else if beside(K::Gnu) {
        Some(Reason::Taming)
    } else {
        None
    }
}

/// Plays a move found by this generator on a copy of the setup ([`fide::play`]): moves the piece,
/// with the promotion the move carries (BHB-4.1); a Pawn moving diagonally onto the e.p. square
/// takes the Pawn behind it (BHB-4.2); a King moving two files castles, the five-way piece on
/// that wing's corner landing on the square the King passed over (BHB-5.1); the rights are
/// updated (BHB-5.3).
///
/// BHB-4.2 — the e.p. square after a move: the square a Pawn passed over with its double step
/// (after every double step, the usual FEN convention); none after any other move.
///
/// BHB-6.5 — the clocks, as FIDE: the half-move clock starts again at 0 after a Pawn move or a
/// capture and counts up by one after any other move; the full-move number goes up by one after
/// Black's move.
fn play(setup: &Setup<HunterbeestKind>, mv: &Move<HunterbeestKind>) -> Setup<HunterbeestKind> {
    fide::play(setup, &CASTLING, mv)
}

/// BHB-6.1 — legality by make-and-test: a move is legal if, once played, the mover's King is
/// not attacked. This comes before the win of BHB-6.3: a move that brings the Queen or Gnu next
/// to the King but leaves the King attacked is no move at all. A refused move is reported to
/// `trace` with the King's square and its attackers.
fn is_legal(
    setup: &Setup<HunterbeestKind>,
    mv: &Move<HunterbeestKind>,
    trace: &mut dyn Trace<HunterbeestKind>,
) -> bool {
    fide::keeps_king_safe(setup, &CASTLING, mv, "BHB-6.1", trace)
}

// ---------------------------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------------------------

/// The reference generator of Bachelor Hunterbeest: the rules of SPEC.md, chapter "Bachelor
/// Hunterbeest", one function each. Made with the rule switches ([`HunterbeestSwitches`]).
///
/// ```
/// use fairyspec::{Generator, Position};
/// use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches, rules::Reference};
///
/// let reference = Reference::new(HunterbeestSwitches::default());
/// let start = Position::<Hunterbeest>::start();
/// // No first move of either side touches the other's 26 moves (see corpus/hunterbeest).
/// assert_eq!(reference.perft(&start, 2), 26 * 26);
/// ```
pub struct Reference {
    switches: HunterbeestSwitches,
}

impl Reference {
    /// The reference generator reading the rules with `switches`.
    pub fn new(switches: HunterbeestSwitches) -> Reference {
        Reference { switches }
    }

    /// BHB-6.6 — no moves once the game is won by a Queen or Gnu beside the King; otherwise
    /// every candidate move (ordinary moves with their promotions, double steps, en passant,
    /// castlings) that passes the legality test of BHB-6.1. Each rule reports to `trace` what it
    /// made and what it refused.
    pub fn legal_moves_traced(
        &self,
        pos: &Position<Hunterbeest>,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) -> Vec<Move<HunterbeestKind>> {
        let setup = pos.setup();
        if partner_beside_king(setup).is_some() {
            trace.game_over("BHB-6.3");
            return Vec::new();
        }
        let mut moves = ordinary_moves(setup, trace);
        moves.extend(pawn_double_steps(setup, trace));
        moves.extend(en_passant(setup, trace));
        moves.extend(castlings(setup, trace));
        moves.retain(|mv| is_legal(setup, mv, trace));
        moves
    }
}

impl Generator<Hunterbeest> for Reference {
    fn kind(&self) -> crate::GeneratorKind {
        crate::GeneratorKind::Reference
    }

    fn switches(&self) -> &HunterbeestSwitches {
        &self.switches
    }

    /// [`Reference::legal_moves_traced`] with nobody listening.
    fn legal_moves(&self, pos: &Position<Hunterbeest>) -> Vec<Move<HunterbeestKind>> {
        self.legal_moves_traced(pos, &mut NoTrace)
    }

    fn play_unchecked(
        &self,
        pos: &Position<Hunterbeest>,
        mv: &Move<HunterbeestKind>,
    ) -> Position<Hunterbeest> {
        Position::new_unchecked(play(pos.setup(), mv))
    }

    fn is_check(&self, pos: &Position<Hunterbeest>) -> bool {
        in_check(pos.setup(), pos.turn())
    }

    /// BHB-6.3, 6.2, 6.4 in this order: a Queen or Gnu beside the King of the side that just
    /// moved wins for that side; otherwise, with no legal move, the side to move is checkmated
    /// (in check: the other side wins) or stalemated (a draw, or under
    /// [`StalemateResult::Win`] a win for the side that stalemated).
    fn outcome(&self, pos: &Position<Hunterbeest>) -> Option<Outcome> {
        let setup = pos.setup();
        if let Some(reason) = partner_beside_king(setup) {
            return Some(Outcome::win(setup.turn.other(), reason));
        }
        if !self.legal_moves(pos).is_empty() {
            return None;
        }
        if in_check(setup, setup.turn) {
            Some(Outcome::win(setup.turn.other(), Reason::Checkmate))
        } else {
            Some(match self.switches.stalemate {
                StalemateResult::Draw => Outcome::draw(Reason::Stalemate),
                StalemateResult::Win => Outcome::win(setup.turn.other(), Reason::Stalemate),
            })
        }
    }
}
