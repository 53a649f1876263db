//! The reason checker: `explain`'s reasons for illegal moves held to the position, not to golden
//! text.
//!
//! For a position, every piece of the side to move is sent to every square of the board (and a
//! piece that makes multi-leg moves along short paths as well); each reason given for an illegal
//! move carries its [`Claim`], and the claim must hold:
//!
//! - in the position: "e5 is occupied" — a piece stands on e5; "the slide stops at d4" — a piece
//!   stands on d4, between the two squares ([`claims`]);
//! - on an empty board: "the Pawn never moves straight back" — from no square of an empty board
//!   does it (its own movement and the special moves the reference generator makes there);
//!   "the Pawn moves at most two squares straight forward from e2" — from e2 it goes no farther;
//! - for the generator: "leaves the King on e1 attacked" — the bitboard generator's attack test
//!   finds the King attacked after the move; "the lion on 5e is protected" — some piece of its
//!   side can take on its square with the capturing lion lifted ([`claims`]);
//! - and the rule it cites concerns the piece or the situation: the piece's own rule, or a rule
//!   whose paragraph of SPEC.md names the piece or the situation ([`rules`]).
//!
//! Every kind of claim has its check: `claims::check` is one `match` over [`Claim`] without a
//! catch-all, so a new kind of reason does not compile until it has one. `cargo test` runs the
//! checker on random positions of every game (`tests/all/explain_reasons.rs`), the fuzz target
//! `explain_reasons` longer.

pub mod claims;
pub mod fuzz;
pub mod rules;

use super::{Claim, Explain, Explainer};
use crate::trace::Recorder;
use crate::{Move, Piece, Position, Setup, Square};
use std::collections::BTreeMap;
use std::fmt;

/// The squares a `piece` alone on an empty board reaches from `from`: its own movement's lines
/// and the moves the reference generator's special rules make there (a Pawn's double step, a
/// lion's two-step move), the piece's side to move.
pub fn empty_board_moves<G: Explain>(piece: Piece<G::Kind>, from: Square) -> Vec<Square> {
    let mut setup = Setup::empty(G::SHAPE);
    setup.set(from, Some(piece));
    setup.turn = piece.colour;
    let mut rec = Recorder::default();
    G::traced_piece_moves(&setup, from, &mut rec);
    let mut to: Vec<Square> = rec
        .lines
        .iter()
        .filter(|l| l.from == from)
        .flat_map(|l| l.reached.iter().copied())
        .chain(
            rec.candidates
                .iter()
                .map(|(m, _, _)| m)
                .filter(|m| m.from == from && m.to != from)
                .map(|m| m.to),
        )
        .collect();
    to.sort();
    to.dedup();
    to
}

/// A game whose explanations the checker can check: the claims only a game makes (a Chu lion's
/// protection, a Congo monkey's chain) are checked by the game.
pub trait ReasonCheck: Explain {
    /// Whether `claim`, given for the illegal move `mv` in `pos`, holds — for the claims that
    /// belong to this game alone. The default: the game makes no such claim.
    ///
    /// # Errors
    /// Why the claim is false, in words.
    fn game_claim(
        switches: &Self::Switches,
        pos: &Position<Self>,
        mv: &Move<Self::Kind>,
        claim: &Claim,
    ) -> Result<(), String> {
        let _ = (switches, pos, mv);
        Err(format!("{} makes no claim {}", Self::NAME, claim.kind()))
    }
}

/// A reason that does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FalseReason {
    pub game: &'static str,
    pub fen: String,
    pub mv: String,
    pub rule: String,
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for FalseReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: false reason for {} in {}: \"{}\" ({}): {}",
            self.game, self.mv, self.fen, self.text, self.rule, self.why
        )
    }
}

impl std::error::Error for FalseReason {}

/// What the checker has checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub positions: usize,
    /// Moves explained (legal and illegal).
    pub moves: usize,
    /// Reasons checked (one per illegal move, as a rule).
    pub reasons: usize,
    /// Reasons checked, by the kind of their claim.
    pub by_kind: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Adds another tally to this one.
    pub fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.reasons += other.reasons;
        for (k, n) in &other.by_kind {
            *self.by_kind.entry(k).or_default() += n;
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions, {} moves, {} reasons:",
            self.positions, self.moves, self.reasons
        )?;
        for (k, n) in &self.by_kind {
            write!(f, " {k} {n}")?;
        }
        Ok(())
    }
}

/// The moves the checker explains in `pos`: every piece of the side to move to every square of
/// the board; and, for a piece that has a multi-leg move there (a lion's two-step move, a
/// monkey's chain), every two-leg path through a square within two of it to a square within
/// two of that. Besides, a move from an empty square, one of the other side's pieces and one
/// to a square off the board.
pub fn moves_to_check<G: Explain>(
    pos: &Position<G>,
    legal: &[Move<G::Kind>],
) -> Vec<Move<G::Kind>> {
    let setup = pos.setup();
    let squares: Vec<Square> = G::SHAPE.squares().collect();
    let near =
        |a: Square, b: Square| a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())) <= 2;
    let mut out = Vec::new();
    let first = squares[0];
    if let Some(&empty) = squares.iter().find(|&&s| setup.piece_at(s).is_none()) {
        out.push(Move::new(empty, first));
    }
    if let Some((theirs, _)) = setup.pieces().find(|(_, p)| p.colour != setup.turn) {
        out.push(Move::new(theirs, first));
    }
    let own = setup.pieces().find(|(_, p)| p.colour == setup.turn);
    if let (Some((from, _)), true) = (own, G::SHAPE.files < 16) {
        out.push(Move::new(from, Square::new(G::SHAPE.files, 0)));
    }
    for (from, piece) in setup.pieces() {
        if piece.colour != setup.turn {
            continue;
        }
        out.extend(squares.iter().map(|&to| Move::new(from, to)));
        let multi_leg = legal.iter().any(|m| m.from == from && !m.via.is_empty());
        if multi_leg {
            for &mid in squares.iter().filter(|&&s| near(from, s)) {
                for &to in squares.iter().filter(|&&s| near(mid, s)) {
                    if let Some(via) = crate::Via::from_slice(&[mid]) {
                        out.push(Move {
                            from,
                            via,
                            to,
                            promotion: None,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Checks every reason `explain` gives for the illegal moves of [`moves_to_check`] (and `extra`
/// moves) in `pos`, read with `switches`; `spec_md` is SPEC.md's text, for the rules' subjects.
///
/// # Errors
/// The first reason that does not hold, or an illegal move explained without a checkable claim.
pub fn check_position<G: ReasonCheck>(
    switches: &G::Switches,
    pos: &Position<G>,
    extra: &[Move<G::Kind>],
    spec_md: &str,
    tally: &mut Tally,
) -> Result<(), Box<FalseReason>> {
    let explainer = Explainer::new(switches, pos);
    let mut moves = moves_to_check::<G>(pos, explainer.legal_moves());
    moves.extend_from_slice(extra);
    let subjects = rules::Subjects::of(spec_md);
    let oracle = claims::Oracle::new(switches, pos);
    tally.positions += 1;
    for mv in &moves {
        let text = mv.to_string();
        let Ok(e) = explainer.explain(&text) else {
            continue;
        };
        tally.moves += 1;
        if e.legal {
            continue;
        }
        for reason in &e.reasons {
            let fail = |why: String| {
                Box::new(FalseReason {
                    game: G::NAME,
                    fen: pos.fen(),
                    mv: text.clone(),
                    rule: reason.rule.clone(),
                    text: reason.text.clone(),
                    why,
                })
            };
            let Some(claim) = &reason.claim else {
                return Err(fail("the reason carries no claim to check".to_string()));
            };
            tally.reasons += 1;
            *tally.by_kind.entry(claim.kind()).or_default() += 1;
            oracle.check(mv, claim).map_err(&fail)?;
            rules::concerns::<G>(&subjects, pos, mv, claim, &reason.rule).map_err(&fail)?;
        }
    }
    Ok(())
}
