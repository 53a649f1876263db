//! Issue 30: `conform` inside an engine author's own tests — [`conform_implementation`] with an
//! [`Implementation`] in the same process catches a wrong generator, with the report `fairyspec
//! conform` prints, explanations included. The example (`examples/conform_in_process.rs`) is run
//! here too, so that it cannot rot.

use fairyspec::conform::{
    conform_implementation, ConformError, EngineError, Implementation, Settings, Status,
};
use fairyspec::corpus::CorpusPath;
use fairyspec::kuma::{Kuma, KumaKind};
use fairyspec::{Game, Position};

#[allow(dead_code)]
#[path = "../../examples/conform_in_process.rs"]
mod example;

/// KUMA-4.1, KUMA-4.2: in `castling-both-wings` (corpus/kuma/positions.perft) b1, c1 and d1 are
/// empty, the King stands on e1 unchecked with both rights, so castling long (`e1c1`) is legal;
/// a generator without it differs there at once. From the start position (corpus/kuma/start.perft,
/// 256 at depth 2 by Derzhanski's page) no castling is possible within two plies: it agrees.
#[test]
fn the_example_s_generator_without_long_castling_is_caught() {
    let report = example::run();
    assert!(!report.passed(), "{}", report.text());
    let castling = report
        .positions
        .iter()
        .find(|p| p.id == "castling-both-wings")
        .expect("the corpus position");
    assert_eq!(castling.status, Status::Diverged);
    let divergence = castling.divergence.as_ref().expect("a divergence");
    assert_eq!(divergence.path, Vec::<String>::new());
    assert_eq!(divergence.only_spec, ["e1c1"]);
    assert!(divergence.only_engine.is_empty());
    let explanation = &divergence.explanations[0];
    assert!(
        explanation.rules.contains(&"KUMA-4.1".to_string()),
        "{explanation:?}"
    );
    assert!(report.text().contains("the engine lacks e1c1: castling"));
    let start = report
        .positions
        .iter()
        .find(|p| p.id == "start")
        .expect("start");
    assert_eq!((start.status, start.spec_nodes), (Status::Agree, 256));
    assert!(report
        .header()
        .contains("a Kuma generator that forgets castling long"));
}

/// The specification's own generator, as a Kuma implementation: it agrees everywhere.
struct Faithful;

impl Implementation for Faithful {
    fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
        let pos = Position::<Kuma>::from_fen(fen).map_err(|e| e.to_string())?;
        let moves = Kuma::reference(&Default::default()).legal_moves(&pos);
        Ok(moves.iter().map(|m| m.to_string()).collect())
    }
}

#[test]
fn a_faithful_implementation_passes_every_position() {
    let settings = Settings::<Kuma> {
        depth: Some(2),
        ..Settings::default()
    };
    let report = conform_implementation(&mut Faithful, &settings).expect("the corpus reads");
    assert!(report.passed(), "{}", report.text());
    let entries = fairyspec::conform::corpus::read_corpus(&settings.corpus, Some(2))
        .expect("the built-in corpus");
    assert_eq!(report.summary.agreed, entries.len());
    assert_eq!(report.positions.len(), entries.len());
}

/// A perft-counting implementation whose move generation forgets en passant (KUMA-6.1): its
/// divide is compared, and the descent goes down the first differing root move.
struct PerftWithoutEnPassant;

fn without_en_passant(pos: &Position<Kuma>) -> Vec<fairyspec::Move<KumaKind>> {
    let gen = Kuma::bitboard(&Default::default());
    let pawn = |sq| pos.piece_at(sq).is_some_and(|p| p.kind == KumaKind::Pawn);
    gen.legal_moves(pos)
        .into_iter()
        .filter(|m| !(pawn(m.from) && Some(m.to) == pos.ep_square()))
        .collect()
}

fn perft(pos: &Position<Kuma>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let gen = Kuma::bitboard(&Default::default());
    without_en_passant(pos)
        .iter()
        .map(|m| perft(&gen.play_unchecked(pos, m), depth - 1))
        .sum()
}

impl Implementation for PerftWithoutEnPassant {
    fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
        let pos = Position::<Kuma>::from_fen(fen).map_err(|e| e.to_string())?;
        Ok(without_en_passant(&pos)
            .iter()
            .map(|m| m.to_string())
            .collect())
    }

    fn divide(&mut self, fen: &str, depth: u32) -> Option<Result<Vec<(String, u64)>, String>> {
        let pos = match Position::<Kuma>::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => return Some(Err(e.to_string())),
        };
        let gen = Kuma::bitboard(&Default::default());
        Some(Ok(without_en_passant(&pos)
            .iter()
            .map(|m| {
                (
                    m.to_string(),
                    perft(&gen.play_unchecked(&pos, m), depth - 1),
                )
            })
            .collect()))
    }
}

/// examples/kuma/ep.perft: a black Pawn on d4, so White's double steps c2c4 and e2e4 each give
/// Black an en-passant capture (KUMA-6.1). At depth 3 the root counts of both differ; the descent
/// follows the first in the spec's text order, c2c4, and finds d4c3 missing there.
#[test]
fn a_perft_implementation_is_followed_down_its_divide() {
    let settings = Settings::<Kuma> {
        corpus: CorpusPath::from(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kuma/ep.perft"),
        ),
        depth: Some(3),
        ..Settings::default()
    };
    let report =
        conform_implementation(&mut PerftWithoutEnPassant, &settings).expect("the corpus reads");
    assert!(!report.passed());
    let ep = &report.positions[0];
    assert_eq!(ep.status, Status::Diverged, "{}", report.text());
    // Its own perft was asked: the engine's total is known (a list-only run would not know it).
    assert!(
        ep.engine_nodes.is_some_and(|n| n < ep.spec_nodes),
        "{}",
        report.text()
    );
    let divergence = ep.divergence.as_ref().expect("a divergence");
    assert_eq!(divergence.path, ["c2c4"]);
    assert_eq!(divergence.only_spec, ["d4c3"]);
    assert!(divergence.explanations[0]
        .rules
        .contains(&"KUMA-6.1".to_string()));
}

/// An implementation that fails: its error is recorded as an in-process engine error.
struct Fails;

impl Implementation for Fails {
    fn legal_moves(&mut self, fen: &str) -> Result<Vec<String>, String> {
        Err(format!("cannot read {fen}"))
    }
}

#[test]
fn an_implementation_s_error_is_reported_as_such() {
    let settings = Settings::<Kuma> {
        corpus: CorpusPath::builtin_game("kuma").join("start.perft"),
        depth: Some(1),
        ..Settings::default()
    };
    let report = conform_implementation(&mut Fails, &settings).expect("the corpus reads");
    assert!(!report.passed());
    assert_eq!(report.summary.engine_errors, 1);
    let error = report.engine_error().expect("an engine error");
    assert!(matches!(error, EngineError::InProcess { .. }), "{error:?}");
    let shown = error.to_string();
    assert!(
        shown.starts_with("the implementation failed on legal_moves("),
        "{shown}"
    );
    assert!(
        shown.ends_with(&format!("cannot read {}", Kuma::START_FEN)),
        "{shown}"
    );
}

#[test]
fn a_corpus_that_cannot_be_read_stops_the_run() {
    let settings = Settings::<Kuma> {
        corpus: CorpusPath::builtin_game("kuma").join("no-such.perft"),
        ..Settings::default()
    };
    let err = conform_implementation(&mut Faithful, &settings).unwrap_err();
    assert!(matches!(err, ConformError::Corpus(_)), "{err:?}");
    assert!(
        err.to_string()
            .contains("builtin:corpus/kuma/no-such.perft"),
        "{err}"
    );
}
