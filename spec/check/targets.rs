//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), kept in the library so that
//! `tests/all/fuzz_corpus.rs` replays every saved input through exactly the same code in `cargo test`.
//!
//! Each function takes the fuzzer's bytes, never panics on them by itself (a panic means a bug in
//! the code under test), and returns the first property or divergence that fails.

use super::arbitrary::arbitrary_position;
use super::corpus;
use super::differential::{differential, differential_walk, Divergence};
use super::properties::{self, PropertyFailure};
use crate::chess::Chess;
use crate::chu::{BareKing, Chu, ChuSwitches, CounterStrike, LastRankPromotion, LionProtection};
use crate::congo::{Congo, CongoSwitches, MonkeyReentry};
use crate::fen::{parse_fen, FenDialect};
use crate::hunterbeest::{Hunterbeest, HunterbeestSwitches, StalemateResult};
use crate::kuma::{BlindBearWin, Kuma, KumaKind, KumaSwitches};
use crate::notation::seed;
use crate::replay::replay;
use crate::{Game, Move, Position, Shape};
use ::arbitrary::{Arbitrary, Unstructured};
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
    /// The game (its [`Game::NAME`]) has no bitboard generator to compare the reference with; a
    /// differential target of such a game would only compare the reference with itself.
    NoBitboard(&'static str),
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
            TargetFailure::NoBitboard(game) => write!(
                f,
                "{game} has no bitboard generator: there is nothing to compare the reference with"
            ),
        }
    }
}

impl std::error::Error for TargetFailure {}

/// Both readings of the Kuma Chess switches (KUMA-7.4).
pub const KUMA_SWITCHES: [KumaSwitches; 2] = [
    KumaSwitches {
        blind_bear: BlindBearWin::NeedsLegalMove,
    },
    KumaSwitches {
        blind_bear: BlindBearWin::EvenIfExposed,
    },
];

/// Both readings of Congo's monkey river re-entry (CONGO-5.4).
pub const CONGO_SWITCHES: [CongoSwitches; 2] = [
    CongoSwitches {
        monkey_reentry: MonkeyReentry::Drowns,
    },
    CongoSwitches {
        monkey_reentry: MonkeyReentry::Survives,
    },
];

/// Both readings of Bachelor Hunterbeest's stalemate (BHB-6.4).
pub const HUNTERBEEST_SWITCHES: [HunterbeestSwitches; 2] = [
    HunterbeestSwitches {
        stalemate: StalemateResult::Draw,
    },
    HunterbeestSwitches {
        stalemate: StalemateResult::Win,
    },
];

/// Differential fuzzing of game `G` from bytes: a position from [`arbitrary_position`] (the
/// game's corpus as starting points, the reference generator's moves), the properties of
/// [`properties::cheap`] there for both generators, then a [`differential_walk`] of the
/// reference against the bitboard generator along the move choices in the remaining bytes (one byte a ply, at most
/// [`MAX_PLIES`]), with a full [`differential`] (perft(2) included) where the walk ends.
///
/// # Errors
/// The first property failure or divergence; [`TargetFailure::NoBitboard`] for a game without a
/// bitboard generator (comparing the reference with itself would check nothing).
pub fn differential_bytes<G: Game>(
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
    let reference = G::reference(switches);
    let Some(other) = G::bitboard(switches) else {
        return Err(TargetFailure::NoBitboard(G::NAME));
    };
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
    let end = differential_walk(&*reference, &*other, &pos, &choices, WALK_PERFT_DEPTH)?;
    differential(&*reference, &*other, &end)?;
    Ok(())
}

/// Readings of the Chu Shogi switches the fuzz targets try: the default (lishogi) and every
/// alternative at least once (CHU-4.3, CHU-5.2, CHU-5.3, CHU-7).
pub const CHU_SWITCHES: [ChuSwitches; 3] = [
    ChuSwitches {
        bare_king: BareKing::Lishogi,
        counter_strike: CounterStrike::Lishogi,
        kirin_recapture: crate::chu::KirinRecapture::Allowed,
        lion_protection: LionProtection::Lishogi,
        last_rank_promotion: LastRankPromotion::PawnAndLance,
        repetition: crate::chu::Repetition::Lishogi,
    },
    ChuSwitches {
        bare_king: BareKing::Munster1997,
        counter_strike: CounterStrike::Jcsa,
        kirin_recapture: crate::chu::KirinRecapture::CounterStrike,
        lion_protection: LionProtection::Hachu,
        last_rank_promotion: LastRankPromotion::PawnOnly,
        repetition: crate::chu::Repetition::Western,
    },
    ChuSwitches {
        bare_king: BareKing::Munster1997Emended,
        counter_strike: CounterStrike::Lishogi,
        kirin_recapture: crate::chu::KirinRecapture::CounterStrike,
        lion_protection: LionProtection::Lishogi,
        last_rank_promotion: LastRankPromotion::PawnAndLance,
        repetition: crate::chu::Repetition::Lishogi,
    },
];

/// Fuzz target `kuma_differential`: the first byte picks the Blind Bear reading (bit 0: 0
/// NeedsLegalMove, 1 EvenIfExposed), the rest goes to [`differential_bytes`].
///
/// # Errors
/// The first property failure or divergence.
pub fn kuma_differential(data: &[u8]) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let flags = u8::arbitrary(&mut u).unwrap_or(0);
    let switches = KUMA_SWITCHES[(flags & 1) as usize];
    differential_bytes::<Kuma>(&mut u, &switches)
}

/// Fuzz target `chess_differential`: orthodox chess (no switches), all bytes to
/// [`differential_bytes`].
///
/// # Errors
/// The first property failure or divergence.
pub fn chess_differential(data: &[u8]) -> Result<(), TargetFailure> {
    differential_bytes::<Chess>(&mut Unstructured::new(data), &Default::default())
}

/// Fuzz target `congo_differential`: the first byte picks the monkey river re-entry reading
/// (CONGO-5.4; bit 0: 0 Drowns, 1 Survives), the rest goes to [`differential_bytes`].
///
/// # Errors
/// The first property failure or divergence.
pub fn congo_differential(data: &[u8]) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let flags = u8::arbitrary(&mut u).unwrap_or(0);
    differential_bytes::<Congo>(&mut u, &CONGO_SWITCHES[(flags & 1) as usize])
}

/// Fuzz target `hunterbeest_differential`: the first byte picks the stalemate reading (BHB-6.4;
/// bit 0: 0 Draw, 1 Win), the rest goes to [`differential_bytes`].
///
/// # Errors
/// The first property failure or divergence.
pub fn hunterbeest_differential(data: &[u8]) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let flags = u8::arbitrary(&mut u).unwrap_or(0);
    differential_bytes::<Hunterbeest>(&mut u, &HUNTERBEEST_SWITCHES[(flags & 1) as usize])
}

/// Every reading of the Chu Shogi switches a generator sees (CHU-5.2, CHU-5.3, CHU-4.3, CHU-7):
/// 4 bare-king formulations × 2 counter-strike rules × 2 lion-protection timings × 2 last-rank
/// promotion rules. Repetition is judged only in replay, so it keeps its default.
pub fn chu_switches() -> Vec<ChuSwitches> {
    let mut out = Vec::new();
    for bare_king in [
        BareKing::Lishogi,
        BareKing::Jcsa,
        BareKing::Munster1997,
        BareKing::Munster1997Emended,
    ] {
        for counter_strike in [CounterStrike::Lishogi, CounterStrike::Jcsa] {
            for lion_protection in [LionProtection::Lishogi, LionProtection::Hachu] {
                for last_rank_promotion in
                    [LastRankPromotion::PawnAndLance, LastRankPromotion::PawnOnly]
                {
                    out.push(ChuSwitches {
                        bare_king,
                        counter_strike,
                        lion_protection,
                        last_rank_promotion,
                        ..ChuSwitches::default()
                    });
                }
            }
        }
    }
    out
}

/// Fuzz target `chu_differential`: the first byte picks one of the 32 switch readings of
/// [`chu_switches`] (its low five bits), the rest goes to [`differential_bytes`] (a corpus
/// position, mutations, a walk of the reference against the bitboard generator).
///
/// # Errors
/// The first property failure or divergence.
pub fn chu_differential(data: &[u8]) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let flags = u8::arbitrary(&mut u).unwrap_or(0);
    let all = chu_switches();
    let switches = all[flags as usize % all.len()];
    differential_bytes_from::<Chu>(&mut u, &switches, chu_starts())
}

/// The starting positions of `chu_differential` (the second byte picks one, modulo their
/// number): the start position, the two bare-king examples of Adams' 1999 post (CHU-7.6), the hand-made
/// rule positions of [`corpus::CHU`], then every position of lishogi's perft data in
/// `corpus/chu/` in file order (scalashogi's special positions with lone lions, Falcons, Eagles
/// and counter-strike squares first; then shogiops' random middle games; only the first 256
/// are reachable from one byte). Duplicates are dropped.
pub fn chu_starts() -> &'static [Position<Chu>] {
    static STARTS: std::sync::OnceLock<Vec<Position<Chu>>> = std::sync::OnceLock::new();
    STARTS.get_or_init(|| {
        let mut fens = vec![
            Chu::START_FEN.to_string(),
            "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1".to_string(),
            "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1".to_string(),
        ];
        fens.extend(corpus::CHU.iter().map(|(_, fen)| fen.to_string()));
        for text in [
            include_str!("../../corpus/chu/lishogi-perft.perft"),
            include_str!("../../corpus/chu/lishogi-perft-odd.perft"),
        ] {
            for r in crate::perft::parse_perft_file(text).unwrap_or_default() {
                fens.push(lenient_sfen(&r.epd));
            }
        }
        let mut out: Vec<Position<Chu>> = Vec::new();
        for fen in fens {
            if let Ok(pos) = Position::<Chu>::from_fen(&fen) {
                if !out.contains(&pos) {
                    out.push(pos);
                }
            }
        }
        out
    })
}

/// lishogi's lenient SFEN forms in the four-field form: a third field that is no square name
/// means no counter-strike square, a missing move number is 1.
fn lenient_sfen(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let side = f.get(1).copied().unwrap_or("b");
    let cs = match f.get(2) {
        Some(c) if crate::Square::parse_usi(c, Chu::SHAPE).is_some() => *c,
        _ => "-",
    };
    let number = f.get(3).copied().unwrap_or("1");
    format!("{} {side} {cs} {number}", f.first().copied().unwrap_or(""))
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
/// [`position_checks`] under every reading of the game's switches (Chu: [`CHU_SWITCHES`] and the
/// JCSA bare-king rule).
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
    // Every game under every switch (orthodox chess has none); a new game adds its line.
    position_checks::<Kuma>(text, &KUMA_SWITCHES)?;
    position_checks::<Chess>(text, &[Default::default()])?;
    position_checks::<Congo>(text, &CONGO_SWITCHES)?;
    position_checks::<Hunterbeest>(text, &HUNTERBEEST_SWITCHES)?;
    let jcsa = ChuSwitches {
        bare_king: BareKing::Jcsa,
        ..ChuSwitches::default()
    };
    position_checks::<Chu>(text, &CHU_SWITCHES)?;
    position_checks::<Chu>(text, &[jcsa])?;
    Ok(())
}

/// If `text` is a valid FEN of game `G`: the position round-trips through its FEN, and for each
/// of `switches` the reference generator (and the bitboard generator, where the game has one)
/// satisfies [`properties::cheap`] there, and the two agree on it (a [`differential_walk`] of no
/// moves without perft: moves, children, check, outcome).
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
        if let Some(bitboard) = G::bitboard(s) {
            properties::cheap(&*bitboard, &pos)?;
            differential_walk(&*reference, &*bitboard, &pos, &[], 0)?;
        }
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
/// - What the seed's notation ([`seed::parse`], KUMA-8.2) accepts prints and reads back as the
///   same seed move.
/// - In every corpus position, a move that [`crate::Generator::parse_move`] or [`seed::read`]
///   accepts is legal, and its own text (plain, or [`seed::to_seed`]) reads back as it.
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
    if let Ok(sm) = seed::parse::<Kuma>(text) {
        let printed = sm.to_string();
        match seed::parse::<Kuma>(&printed) {
            Ok(back) if back == sm => {}
            other => {
                return Err(fail(
                    "-".to_string(),
                    format!(
                        "seed move {sm:?} prints as {printed:?}, which reads back as {other:?}"
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
        if let Ok(mv) = seed::read(text, &pos, gen) {
            if !legal.contains(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!("seed::read gives {mv}, not a legal move"),
                ));
            }
            let written = seed::to_seed(&mv, &pos, gen);
            let again = seed::read(&written, &pos, gen);
            if again.as_ref() != Ok(&mv) {
                return Err(fail(
                    pos.fen(),
                    format!(
                        "seed::read gives {mv}, written {written:?}, which reads back as {again:?}"
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
