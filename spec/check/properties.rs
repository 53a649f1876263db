//! Properties every correct generator has, whatever the game: each is a function of a generator
//! and a position that returns a [`PropertyFailure`] naming the position (and the move) where the
//! property breaks.
//!
//! | function | property |
//! |---|---|
//! | [`colour_symmetry`] | the colour-swapped twin ([`Game::SYMMETRY`]) is valid, has the mapped moves, the same check and perft, the swapped outcome |
//! | [`fen_round_trip`] | the FEN of a position reads back as the same position |
//! | [`legal_moves_leave_king_safe`] | no move leaves the mover's King attacked, by the *other* generator's attack test; every child passes [`Game::validate`] |
//! | [`perft_is_sum_of_children`] | perft(n) = Σ perft(n−1) over the children |
//! | [`no_royal_capture`] | no legal move removes a royal piece ([`Game::is_royal`]) |
//! | [`outcome_iff_no_moves`] | a position has an outcome exactly when it has no legal moves |
//! | [`move_text_round_trip`] | each legal move's text reads back as that move |
//! | [`parse_move_finds_each_move`] | [`Generator::parse_move`] finds each legal move by its text |
//!
//! [`all`] runs them all; [`cheap`] the ones a fuzz target can afford on every input.
//!
//! ```
//! use fairyspec::check::properties;
//! use fairyspec::{kuma::Kuma, Game, Position};
//!
//! let reference = Kuma::reference(&Default::default());
//! assert!(properties::all(&*reference, &Position::<Kuma>::start(), 2).is_ok());
//! ```

// A PropertyFailure is a report, built once when a check fails and carried to the user; its size on the
// failure path costs nothing that matters, and the `Result<(), PropertyFailure>` signatures are the
// module's contract.
#![allow(clippy::result_large_err)]

use super::differential::setup_differences;
use crate::fen::{parse_fen, write_fen, FenDialect};
use crate::{Game, Generator, Kind, Move, Position, Setup};
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt;

/// A position (and maybe a move) where a property does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyFailure {
    /// The property, as its function is named (`colour_symmetry`, …).
    pub property: &'static str,
    /// The game ([`Game::NAME`]).
    pub game: &'static str,
    /// The generator (name and switches), or `-` for properties of the types alone.
    pub generator: String,
    /// The position.
    pub fen: String,
    /// The move, for properties of single moves.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// What went wrong, in words.
    pub detail: String,
}

impl fmt::Display for PropertyFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: property {} fails for {} in {}",
            self.game, self.property, self.generator, self.fen
        )?;
        if let Some(mv) = &self.mv {
            write!(f, " at move {mv}")?;
        }
        write!(f, ": {}", self.detail)
    }
}

impl std::error::Error for PropertyFailure {}

/// A failure of `property` for `gen` in `pos`.
fn failure<G: Game>(
    property: &'static str,
    gen: Option<&dyn Generator<G>>,
    fen: String,
    mv: Option<&Move<G::Kind>>,
    detail: String,
) -> PropertyFailure {
    PropertyFailure {
        property,
        game: G::NAME,
        generator: gen.map_or_else(
            || "-".to_string(),
            |g| format!("{} {:?}", g.name(), g.switches()),
        ),
        fen,
        mv: mv.map(|m| m.to_string()),
        detail,
    }
}

/// Runs every property of this module on `pos`, perft-based ones up to `depth` (0 skips them).
///
/// # Errors
/// The first failure.
pub fn all<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
) -> Result<(), PropertyFailure> {
    cheap(gen, pos)?;
    parse_move_finds_each_move(gen, pos)?;
    perft_is_sum_of_children(gen, pos, depth)?;
    colour_symmetry(gen, pos, depth)
}

/// The properties whose cost is linear in the number of legal moves (no perft beyond depth 1,
/// no [`parse_move_finds_each_move`]): what a fuzz target can afford on every input.
///
/// # Errors
/// The first failure.
pub fn cheap<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>) -> Result<(), PropertyFailure> {
    fen_round_trip(pos)?;
    outcome_iff_no_moves(gen, pos)?;
    move_text_round_trip(gen, pos)?;
    legal_moves_leave_king_safe(gen, pos)?;
    no_royal_capture(gen, pos)?;
    perft_is_sum_of_children(gen, pos, 1)?;
    colour_symmetry(gen, pos, 1)
}

/// Colour symmetry: the colour-swapped twin of `pos` (mirrored or rotated as
/// [`Game::SYMMETRY`] says) is a valid position whose legal moves are exactly the moves of `pos`
/// transformed the same way, with the same in-check answer, the outcome with the winner
/// swapped, and the same perft counts at depths 1..=`depth`.
///
/// # Errors
/// The first of these that fails.
pub fn colour_symmetry<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
) -> Result<(), PropertyFailure> {
    let fail = |detail: String| failure("colour_symmetry", Some(gen), pos.fen(), None, detail);
    let sym = G::SYMMETRY;
    let twin_setup = sym.apply(pos.setup());
    let twin = G::validate(twin_setup.clone()).map_err(|e| {
        fail(format!(
            "the {sym:?} twin {} is rejected: {e}",
            write_fen(&twin_setup, G::DIALECT)
        ))
    })?;
    let map_move = |m: &Move<G::Kind>| {
        let mut via = crate::Via::EMPTY;
        for &sq in m.via.as_slice() {
            via.push(sym.square(G::SHAPE, sq));
        }
        Move {
            from: sym.square(G::SHAPE, m.from),
            via,
            to: sym.square(G::SHAPE, m.to),
            promotion: m.promotion,
        }
        .to_string()
    };
    let mapped: BTreeSet<String> = gen.legal_moves(pos).iter().map(map_move).collect();
    let twin_moves: BTreeSet<String> = gen
        .legal_moves(&twin)
        .iter()
        .map(|m| m.to_string())
        .collect();
    if mapped != twin_moves {
        let missing: Vec<_> = mapped.difference(&twin_moves).cloned().collect();
        let extra: Vec<_> = twin_moves.difference(&mapped).cloned().collect();
        return Err(fail(format!(
            "the twin {} lacks the mapped moves [{}] and has the unmapped moves [{}]",
            twin.fen(),
            missing.join(" "),
            extra.join(" ")
        )));
    }
    if gen.is_check(pos) != gen.is_check(&twin) {
        return Err(fail(format!(
            "in check: {} here, {} in the twin {}",
            gen.is_check(pos),
            gen.is_check(&twin),
            twin.fen()
        )));
    }
    let swapped = gen.outcome(pos).map(|mut o| {
        o.winner = o.winner.map(|c| c.other());
        o
    });
    if swapped != gen.outcome(&twin) {
        return Err(fail(format!(
            "outcome {:?} here, {:?} in the twin {} (expected the winner swapped)",
            gen.outcome(pos),
            gen.outcome(&twin),
            twin.fen()
        )));
    }
    for d in 1..=depth {
        let (here, there) = (gen.perft(pos, d), gen.perft(&twin, d));
        if here != there {
            return Err(fail(format!(
                "perft({d}) is {here} here and {there} in the twin {}",
                twin.fen()
            )));
        }
    }
    Ok(())
}

/// FEN round trip: the FEN of `pos` parses and validates back to `pos`, and writing it again
/// gives the same text.
///
/// # Errors
/// When the FEN is rejected or reads back as a different position.
pub fn fen_round_trip<G: Game>(pos: &Position<G>) -> Result<(), PropertyFailure> {
    let fen = pos.fen();
    let fail = |detail: String| failure::<G>("fen_round_trip", None, fen.clone(), None, detail);
    let back = Position::<G>::from_fen(&fen).map_err(|e| fail(format!("rejected: {e}")))?;
    if back != *pos {
        return Err(fail(format!(
            "reads back as a different position (written / read): {}",
            setup_differences(pos.setup(), back.setup()).join("; ")
        )));
    }
    if back.fen() != fen {
        return Err(fail(format!("writes back as {}", back.fen())));
    }
    Ok(())
}

/// FEN round trip for raw setups (any board a FEN can describe, valid or not): writing `setup`
/// and reading it back gives `setup` again, and the written text is a fixed point.
///
/// Only the fields `dialect` writes are compared (the Chess dialect has no counter-strike square,
/// Congo none of the chess fields).
///
/// # Errors
/// When the written FEN does not read back, or reads back differently.
pub fn setup_fen_round_trip<K: Kind>(
    setup: &Setup<K>,
    dialect: FenDialect,
) -> Result<(), PropertyFailure> {
    let text = write_fen(setup, dialect);
    let fail = |detail: String| PropertyFailure {
        property: "setup_fen_round_trip",
        game: "-",
        generator: "-".to_string(),
        fen: text.clone(),
        mv: None,
        detail,
    };
    let back: Setup<K> = parse_fen(&text, setup.shape, dialect)
        .map_err(|e| fail(format!("{dialect:?} FEN does not read back: {e}")))?;
    let mut expected = setup.clone();
    match dialect {
        FenDialect::Chess => expected.counter_strike = None,
        FenDialect::Congo => {
            expected.castling = Default::default();
            expected.ep_square = None;
            expected.halfmove_clock = 0;
            expected.counter_strike = None;
        }
        FenDialect::Sfen => {
            expected.castling = Default::default();
            expected.ep_square = None;
            expected.halfmove_clock = 0;
        }
    }
    if back != expected {
        return Err(fail(format!(
            "{dialect:?} FEN reads back differently (expected / read): {}",
            setup_differences(&expected, &back).join("; ")
        )));
    }
    let again = write_fen(&back, dialect);
    if again != text {
        return Err(fail(format!("writes back as {again}")));
    }
    Ok(())
}

/// Every legal move leaves the mover's King safe, judged by an attack test other than the
/// generator's own: the game's *other* generator (the bitboard generator judges the reference,
/// the reference judges every other generator) is asked whether the mover stands in check in the
/// child, by [`Generator::is_check`] on the child with the turn handed back to the mover (KUMA-7.1,
/// CHESS-7.1, BHB-6.1: a move may not leave one's own King attacked). The one exemption the rules
/// make, a winning move that leaves the King attacked (the Blind Bear home under the exposing
/// reading of KUMA-7.4), passes only when the judge too says the mover has won *and* lists the
/// move as legal. Each child must also pass [`Game::validate`].
///
/// Games that name no royal kind ([`Game::is_royal`]: Congo, whose lion may be captured) have no
/// such rule; for them only the validation is checked. A game with a royal kind but only one
/// generator cannot be judged independently, which is a failure, not a silent pass.
///
/// # Errors
/// The first move whose child is rejected or leaves the mover in check, with the reasons.
pub fn legal_moves_leave_king_safe<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), PropertyFailure> {
    let fail = |mv: Option<&Move<G::Kind>>, detail: String| {
        failure(
            "legal_moves_leave_king_safe",
            Some(gen),
            pos.fen(),
            mv,
            detail,
        )
    };
    let has_royal = G::Kind::ALL.iter().any(|&k| G::is_royal(k));
    let judge = if !has_royal {
        None
    } else if gen.kind() == crate::GeneratorKind::Reference {
        Some(G::bitboard(gen.switches()))
    } else {
        Some(G::reference(gen.switches()))
    };
    let mover = pos.turn();
    for mv in gen.legal_moves(pos) {
        let child = gen.play_unchecked(pos, &mv);
        if let Some(judge) = &judge {
            // The child with the mover to move again: the judge's in-check test then looks at the
            // mover's King. No e.p. square: it belongs to the other side's move.
            let mut turned = child.setup().clone();
            turned.turn = mover;
            turned.ep_square = None;
            if judge.is_check(&Position::new_unchecked(turned))
                && !(judge
                    .outcome(&child)
                    .is_some_and(|o| o.winner == Some(mover))
                    && judge.legal_moves(pos).contains(&mv))
            {
                return Err(fail(
                    Some(&mv),
                    format!(
                        "the {} generator's attack test finds {mover}'s King attacked in the child {}",
                        judge.name(),
                        write_fen(child.setup(), G::DIALECT)
                    ),
                ));
            }
        }
        if let Err(e) = G::validate(child.setup().clone()) {
            return Err(fail(
                Some(&mv),
                format!(
                    "the child {} is not a valid position: {e}",
                    write_fen(child.setup(), G::DIALECT)
                ),
            ));
        }
    }
    Ok(())
}

/// perft(n) = Σ perft(n − 1) over the children, for every n in 1..=`depth`, where perft(0) = 1;
/// so perft(1) is the number of legal moves. This holds the generator's own (possibly optimized)
/// [`Generator::perft`] to its move list.
///
/// # Errors
/// The first depth where the two differ.
pub fn perft_is_sum_of_children<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
) -> Result<(), PropertyFailure> {
    let moves = gen.legal_moves(pos);
    let children: Vec<Position<G>> = moves.iter().map(|m| gen.play_unchecked(pos, m)).collect();
    for d in 1..=depth {
        let total = gen.perft(pos, d);
        let sum: u64 = children.iter().map(|c| gen.perft(c, d - 1)).sum();
        if total != sum {
            return Err(failure(
                "perft_is_sum_of_children",
                Some(gen),
                pos.fen(),
                None,
                format!(
                    "perft({d}) = {total} but the {} children sum to {sum}",
                    children.len()
                ),
            ));
        }
    }
    Ok(())
}

/// No legal move captures a royal piece ([`Game::is_royal`]): the number of royal pieces of
/// each kind and colour is the same before and after every move. Vacuous for games that name no
/// royal kind.
///
/// # Errors
/// The first move that removes one.
pub fn no_royal_capture<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), PropertyFailure> {
    let royals = |s: &Setup<G::Kind>| -> Vec<_> {
        let mut v: Vec<_> = s
            .pieces()
            .filter(|(_, p)| G::is_royal(p.kind))
            .map(|(_, p)| p)
            .collect();
        v.sort();
        v
    };
    let before = royals(pos.setup());
    if before.is_empty() {
        return Ok(());
    }
    for mv in gen.legal_moves(pos) {
        let child = gen.play_unchecked(pos, &mv);
        let after = royals(child.setup());
        if after != before {
            return Err(failure(
                "no_royal_capture",
                Some(gen),
                pos.fen(),
                Some(&mv),
                format!(
                    "royal pieces before [{}], after [{}] ({})",
                    before.iter().map(|p| p.to_string()).collect::<String>(),
                    after.iter().map(|p| p.to_string()).collect::<String>(),
                    child.fen()
                ),
            ));
        }
    }
    Ok(())
}

/// A position has an [`crate::Outcome`] exactly when it has no legal moves (a terminal position
/// has no moves, and a position without moves is decided: mate, stalemate, …).
///
/// # Errors
/// When one holds without the other.
pub fn outcome_iff_no_moves<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), PropertyFailure> {
    let n = gen.legal_moves(pos).len();
    let outcome = gen.outcome(pos);
    if (n == 0) != outcome.is_some() {
        return Err(failure(
            "outcome_iff_no_moves",
            Some(gen),
            pos.fen(),
            None,
            format!("{n} legal moves, outcome {outcome:?}"),
        ));
    }
    Ok(())
}

/// Each legal move's text ([`Move`]'s `Display`) reads back as that move with
/// [`Game::read_move`].
///
/// # Errors
/// The first move whose text does not read back.
pub fn move_text_round_trip<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), PropertyFailure> {
    for mv in gen.legal_moves(pos) {
        let text = mv.to_string();
        let fail = |detail: String| {
            failure(
                "move_text_round_trip",
                Some(gen),
                pos.fen(),
                Some(&mv),
                detail,
            )
        };
        match G::read_move(pos, &text) {
            Ok(back) if back == mv => {}
            Ok(back) => return Err(fail(format!("reads back as {back:?}"))),
            Err(e) => return Err(fail(format!("does not read back: {e}"))),
        }
    }
    Ok(())
}

/// [`Generator::parse_move`] finds each legal move by its text. (Quadratic in the number of
/// moves, as `parse_move` lists the moves each time; [`cheap`] leaves it out.)
///
/// # Errors
/// The first move that `parse_move` does not find.
pub fn parse_move_finds_each_move<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), PropertyFailure> {
    for mv in gen.legal_moves(pos) {
        let fail = |detail: String| {
            failure(
                "parse_move_finds_each_move",
                Some(gen),
                pos.fen(),
                Some(&mv),
                detail,
            )
        };
        match gen.parse_move(pos, &mv.to_string()) {
            Ok(back) if back == mv => {}
            Ok(back) => return Err(fail(format!("parse_move gives {back:?}"))),
            Err(e) => return Err(fail(format!("parse_move rejects it: {e}"))),
        }
    }
    Ok(())
}
