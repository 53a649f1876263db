//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), kept in the library so that
//! `tests/all/fuzz_corpus.rs` replays every saved input through exactly the same code in `cargo test`.
//!
//! Each function takes the fuzzer's bytes, never panics on them by itself (a panic means a bug in
//! the code under test), and returns the first property or divergence that fails.

use super::arbitrary::arbitrary_position;
use super::corpus;
pub use super::corpus::read_switches;
use super::differential::{
    differential_walk, differential_walk_visit, perft_agrees, Divergence, SortedMoves,
};
use super::properties::{self, PropertyFailure};
use super::reach::{self, Reach};
use super::CheckGame;
use crate::chu::Chu;
use crate::congo::Congo;
use crate::fen::{parse_fen, FenDialect};
use crate::kuma::{Kuma, KumaKind, KumaSwitches};
use crate::notation::long_algebraic;
use crate::registry::{GameCommand, GameId, Registered};
use crate::replay::replay;
use crate::{Game, Move, Position, Shape};
use ::arbitrary::Unstructured;
use serde::Serialize;
use std::fmt;

/// The most plies a differential walk follows from one input.
pub const MAX_PLIES: usize = 32;

/// The perft depth compared at every node of a fuzzed walk. Zero: the walk compares moves,
/// children, check and outcome at every node, and perft(2) only where it ends (perft at every
/// node would make an input about ten times slower).
pub const WALK_PERFT_DEPTH: u32 = 0;

/// What a fuzz target found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetFailure {
    Divergence(Box<Divergence>),
    Property(Box<PropertyFailure>),
}

impl From<Divergence> for TargetFailure {
    fn from(d: Divergence) -> Self {
        TargetFailure::Divergence(Box::new(d))
    }
}

impl From<PropertyFailure> for TargetFailure {
    fn from(p: PropertyFailure) -> Self {
        TargetFailure::Property(Box::new(p))
    }
}

impl fmt::Display for TargetFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetFailure::Divergence(d) => write!(f, "{d}"),
            TargetFailure::Property(p) => write!(f, "{p}"),
        }
    }
}

impl std::error::Error for TargetFailure {}

/// Differential fuzzing of game `G` from bytes: a position from [`arbitrary_position`] (the
/// game's corpus as starting points, the reference generator's moves), the properties of
/// [`properties::cheap`] there for both generators, then a [`differential_walk`] of the
/// reference against the bitboard generator along the move choices in the remaining bytes (one byte a ply, at most
/// [`MAX_PLIES`]), and perft(2) compared where the walk ends (with what the walk compared there,
/// a full [`super::differential::differential`]).
///
/// # Errors
/// The first property failure or divergence.
pub fn differential_bytes<G: CheckGame>(
    u: &mut Unstructured<'_>,
    switches: &G::Switches,
) -> Result<(), TargetFailure> {
    differential_bytes_from(u, switches, &corpus::positions::<G>())
}

/// [`differential_bytes`] with the starting positions given.
///
/// # Errors
/// The first property failure or divergence.
pub fn differential_bytes_from<G: Game>(
    u: &mut Unstructured<'_>,
    switches: &G::Switches,
    starts: &[Position<G>],
) -> Result<(), TargetFailure> {
    differential_bytes_counted(
        u,
        switches,
        starts,
        |_, m, o, _, r| reach::common::<G>(m, o, r),
        &mut Reach::new(),
    )
}

/// [`differential_bytes_from`], counting in `reach` what `paths` finds at each node of the walk.
///
/// # Errors
/// The first property failure or divergence.
pub fn differential_bytes_counted<G: Game>(
    u: &mut Unstructured<'_>,
    switches: &G::Switches,
    starts: &[Position<G>],
    paths: reach::Paths<G>,
    reach: &mut Reach,
) -> Result<(), TargetFailure> {
    let reference = G::reference(switches);
    let other = G::bitboard(switches);
    let Ok(pos) = arbitrary_position(&*reference, u, starts) else {
        return Ok(());
    };
    properties::cheap(&*reference, &pos)?;
    properties::cheap(&*other, &pos)?;
    let choices: Vec<usize> = u
        .peek_bytes(u.len())
        .unwrap_or_default()
        .iter()
        .take(MAX_PLIES)
        .map(|&b| b as usize)
        .collect();
    let mut visit = |node: &Position<G>, moves: &SortedMoves<G::Kind>| {
        let outcome = if moves.is_empty() {
            reference.outcome(node)
        } else {
            None
        };
        paths(node, moves, outcome, switches, reach);
    };
    let end = differential_walk_visit(
        &*reference,
        &*other,
        &pos,
        &choices,
        WALK_PERFT_DEPTH,
        &mut visit,
    )?;
    // The walk compared everything but perft at `end`: only perft(2) is left.
    perft_agrees(&*reference, &*other, &end)?;
    Ok(())
}

/// Fuzz target `<game>_differential` (Chu Shogi's is [`crate::chu::fuzz`]): the first byte
/// picks the switch reading ([`CheckGame::fuzz_switches`]: combination number byte, so for Kuma
/// Chess even is the default reading of KUMA-7.4 and odd the other; orthodox chess, without
/// switches, reads no byte), the rest goes to [`differential_bytes`] from the game's corpus positions.
///
/// # Errors
/// The first property failure or divergence.
pub fn differential_target<G: CheckGame>(data: &[u8]) -> Result<(), TargetFailure> {
    differential_target_counted::<G>(data, &mut Reach::new())
}

/// [`differential_target`], counting in `reach` the switch reading and what the game's
/// [`CheckGame::reach`] finds at each node of the walk.
///
/// # Errors
/// The first property failure or divergence.
pub fn differential_target_counted<G: CheckGame>(
    data: &[u8],
    reach: &mut Reach,
) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let switches = G::fuzz_switches(&mut u);
    reach.input(&switches);
    differential_bytes_counted(
        &mut u,
        &switches,
        &corpus::positions::<G>(),
        G::reach,
        reach,
    )
}

/// The board shapes and FEN dialects the `fen` target reads every input with (Kuma's piece
/// letters throughout: the placement syntax is the same for every game).
pub const FEN_FORMATS: [(Shape, FenDialect); 4] = [
    (Kuma::SHAPE, FenDialect::Chess),
    (Shape::new(9, 8), FenDialect::Chess),
    (Shape::new(7, 7), FenDialect::Congo),
    (Shape::new(12, 12), FenDialect::Sfen),
];

/// Fuzz target `fen`: any text. Whatever [`parse_fen`] accepts in one of [`FEN_FORMATS`] (and
/// as a Chu Shogi SFEN with Chu's pieces) must write and read back unchanged
/// ([`properties::setup_fen_round_trip`]); whatever [`Position::from_fen`] accepts as a position
/// of Kuma Chess, orthodox chess, Congo, Bachelor Hunterbeest or Chu Shogi goes through
/// [`position_checks`] under every combination of the game's switches (Chu Shogi: its default and
/// combination number `text.len()`, [`crate::switches::Switches::combination`]).
///
/// # Errors
/// The first property failure or divergence.
pub fn fen(data: &[u8]) -> Result<(), TargetFailure> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    for (shape, dialect) in FEN_FORMATS {
        if let Ok(setup) = parse_fen::<KumaKind>(text, shape, dialect) {
            properties::setup_fen_round_trip(&setup, dialect)?;
        }
    }
    // Chu Shogi's pieces (`+R`, …) in lishogi's SFEN.
    if let Ok(setup) = parse_fen::<crate::chu::ChuKind>(text, Chu::SHAPE, FenDialect::Sfen) {
        properties::setup_fen_round_trip(&setup, FenDialect::Sfen)?;
    }
    // Every game of the registry under the readings its CheckGame::fen_switches picks: every
    // combination of its switches (orthodox chess has none); Chu Shogi, with 336, its default and
    // the one combination the text's length picks.
    struct Checks<'t>(&'t str);
    impl GameCommand for Checks<'_> {
        type Output = Result<(), TargetFailure>;
        fn run<G: Registered>(self) -> Self::Output {
            position_checks::<G>(self.0, &G::fen_switches(self.0))
        }
    }
    for game in GameId::ALL {
        game.run(Checks(text))?;
    }
    Ok(())
}

/// If `text` is a valid FEN of game `G`: the position round-trips through its FEN, and for each
/// of `switches` the reference generator and the bitboard generator satisfy
/// [`properties::cheap`] there, and the two agree on it (a [`differential_walk`] of no moves
/// without perft: moves, children, check, outcome).
///
/// # Errors
/// The first property failure or divergence.
pub fn position_checks<G: Game>(text: &str, switches: &[G::Switches]) -> Result<(), TargetFailure> {
    let Ok(pos) = Position::<G>::from_fen(text) else {
        return Ok(());
    };
    properties::fen_round_trip(&pos)?;
    for s in switches {
        let reference = G::reference(s);
        properties::cheap(&*reference, &pos)?;
        let bitboard = G::bitboard(s);
        properties::cheap(&*bitboard, &pos)?;
        differential_walk(&*reference, &*bitboard, &pos, &[], 0)?;
    }
    Ok(())
}

/// Fuzz target `betza`: any text, read by the Betza reader ([`crate::betza::parse()`], the oracle
/// of the piece tests). What it accepts prints and reads back as the same movement; what it
/// rejects is rejected with a column inside the text, on a character boundary, and a message.
///
/// # Errors
/// The first property failure.
pub fn betza(data: &[u8]) -> Result<(), TargetFailure> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let fail = |detail: String| -> TargetFailure {
        PropertyFailure {
            property: "betza_round_trip",
            game: "-",
            generator: "-".to_string(),
            fen: "-".to_string(),
            mv: Some(text.to_string()),
            detail,
        }
        .into()
    };
    match crate::betza::parse(text) {
        Ok(b) => {
            let printed = b.to_string();
            match crate::betza::parse(&printed) {
                Ok(back) if back == b => {}
                other => {
                    return Err(fail(format!(
                        "{b:?} prints as {printed:?}, which reads back as {other:?}"
                    )))
                }
            }
        }
        Err(e) => {
            if e.column() > text.len() || !text.is_char_boundary(e.column()) {
                return Err(fail(format!(
                    "the error column {} is not a character boundary of the text: {e}",
                    e.column()
                )));
            }
            if e.to_string().is_empty() {
                return Err(fail("the error has an empty message".to_string()));
            }
        }
    }
    Ok(())
}

/// Fuzz target `moves`: any text, read as a move and as a game record.
///
/// - What [`Move::parse`] accepts prints and reads back as the same move.
/// - What long algebraic notation ([`long_algebraic::parse`], KUMA-8.2) accepts prints and reads
///   back as the same move.
/// - In every corpus position, a move that [`crate::Generator::parse_move`] or [`long_algebraic::read`]
///   accepts is legal, and its own text (plain, or [`long_algebraic::to_lan`]) reads back as it.
/// - [`replay`] of the text as a Kuma record does not panic, and a successful replay ends in a
///   valid position.
///
/// # Errors
/// The first property failure.
pub fn moves(data: &[u8]) -> Result<(), TargetFailure> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let fail = |fen: String, detail: String| -> TargetFailure {
        PropertyFailure {
            property: "move_text_round_trip",
            game: Kuma::NAME,
            generator: "reference".to_string(),
            fen,
            mv: Some(text.to_string()),
            detail,
        }
        .into()
    };
    if let Ok(mv) = Move::<KumaKind>::parse(text) {
        let printed = mv.to_string();
        match Move::<KumaKind>::parse(&printed) {
            Ok(back) if back == mv => {}
            other => {
                return Err(fail(
                    "-".to_string(),
                    format!("{mv:?} prints as {printed:?}, which reads back as {other:?}"),
                ))
            }
        }
    }
    if let Ok(sm) = long_algebraic::parse::<Kuma>(text) {
        let printed = sm.to_string();
        match long_algebraic::parse::<Kuma>(&printed) {
            Ok(back) if back == sm => {}
            other => {
                return Err(fail(
                    "-".to_string(),
                    format!(
                        "long algebraic move {sm:?} prints as {printed:?}, which reads back as {other:?}"
                    ),
                ))
            }
        }
    }
    // Congo's reader (CONGO-7.1; mindsports' dashed form too): what it accepts prints in the
    // default form, which reads back to the same move; in Congo positions a legal reading is legal.
    if let Ok(mv) = crate::congo::read_move_text(text) {
        let printed = mv.to_string();
        match crate::congo::read_move_text(&printed) {
            Ok(back) if back == mv => {}
            other => {
                return Err(fail(
                    "-".to_string(),
                    format!(
                        "Congo move {mv:?} prints as {printed:?}, which reads back as {other:?}"
                    ),
                ))
            }
        }
    }
    let congo = Congo::reference(&Default::default());
    for pos in corpus::positions::<Congo>() {
        if let Ok(mv) = congo.parse_move(&pos, text) {
            if !congo.legal_moves(&pos).contains(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!("Congo parse_move gives {mv}, not a legal move"),
                ));
            }
        }
    }
    let reference = Kuma::reference(&KumaSwitches::default());
    let gen = &*reference;
    for pos in corpus::positions::<Kuma>() {
        let legal = gen.legal_moves(&pos);
        if let Ok(mv) = gen.parse_move(&pos, text) {
            if !legal.contains(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!("parse_move gives {mv}, not a legal move"),
                ));
            }
            let again = gen.parse_move(&pos, &mv.to_string());
            if again.as_ref() != Ok(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!("parse_move gives {mv}, whose text reads back as {again:?}"),
                ));
            }
        }
        if let Ok(mv) = long_algebraic::read(text, &pos, gen) {
            if !legal.contains(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!("long_algebraic::read gives {mv}, not a legal move"),
                ));
            }
            let written = long_algebraic::to_lan(&mv, &pos, gen);
            let again = long_algebraic::read(&written, &pos, gen);
            if again.as_ref() != Ok(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!(
                        "long_algebraic::read gives {mv}, written {written:?}, which reads back as {again:?}"
                    ),
                ));
            }
        }
    }
    if let Ok(summary) = replay(gen, text) {
        if let Err(e) = Position::<Kuma>::from_fen(&summary.final_fen) {
            return Err(fail(
                summary.final_fen.clone(),
                format!("the replay ends in an invalid position: {e}"),
            ));
        }
    }
    Ok(())
}
