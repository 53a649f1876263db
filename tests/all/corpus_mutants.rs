//! The default corpus against wrong implementations (issue 29 item 4; `docs/corpus-mutants.md`).
//!
//! An engine author has only the corpus: `fairyspec conform GAME --engine E` over `corpus/GAME/`,
//! at the depths it lists, must fail every engine that gets a rule wrong. Here the wrong engines
//! are built from the **reference** generator, and the specification side is the **bitboard**
//! generator (the two share no move-generation code), both run in this process through
//! `conform::conform` itself — the same comparison, the same divides, as the command:
//!
//! - [`reference_conforms`], one ignored test per game, runs the reference as the engine. It
//!   passes on the crate as it is; under a mutant of a reference rule file (cargo-mutants) it
//!   fails exactly when the corpus tells the mutated reference from the bitboard generator, i.e.
//!   when `conform` would catch that engine. `.ci/corpus-mutants.sh` runs it under every mutant
//!   of the rule files.
//! - [`faults`]: a fault set written from the reference's own trace, one wrong engine per rule
//!   and way of getting it wrong, run by `cargo test` with no rebuild.
//!
//! The checks run depth by depth over the whole corpus (every position at depth 1, then every
//! position at depth 2, …) and stop at the first divergence: the verdict is `conform`'s (any
//! divergence at any listed depth), found as cheaply as it can be.

use fairyspec::conform::corpus::read_corpus;
use fairyspec::conform::mapping::Identity;
use fairyspec::conform::{
    conform, ConformOptions, CorpusEntry, Engine, EngineDivide, EngineError, Status,
};
use fairyspec::corpus::CorpusPath;
use fairyspec::explain::Explain;
use fairyspec::perft::hash::{perft_positions, PerftTable};
use fairyspec::perft::Counting;
use fairyspec::{Game, Generator, Position};

mod faults;

use faults::{collect, Fault, Faulty};

/// The default corpus of `G`, the one `conform` runs without `--corpus`: every `.perft` file of
/// the built-in `corpus/<game>/`, at the depths it lists.
pub fn default_corpus<G: Game>() -> Vec<CorpusEntry> {
    read_corpus(&CorpusPath::builtin_game(G::NAME), None)
        .unwrap_or_else(|e| panic!("corpus/{}: {e}", G::NAME))
}

/// An engine in this process: a generator's divide, its moves named as `fairyspec perft` names
/// them (the text `conform` compares with the identity mapping), counted through a transposition
/// table that lives as long as the engine (every check reuses the subtrees the earlier ones
/// counted). The table's 128-bit keys cover everything a count depends on (board, side to move,
/// castling rights, e.p. square, Chu's counter-strike square: `perft::hash`), so the counts are
/// the generator's plain perft.
pub struct InProcess<'a, G: Game> {
    pub gen: &'a dyn Generator<G>,
    pub name: String,
    pub table: PerftTable,
}

impl<'a, G: Game> InProcess<'a, G> {
    pub fn new(gen: &'a dyn Generator<G>, name: String) -> Self {
        InProcess {
            gen,
            name,
            table: PerftTable::new(64, 0).expect("a 64 MiB table"),
        }
    }
}

impl<G: Game> Engine for InProcess<'_, G> {
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let refuse = |message: String| EngineError::Io { message };
        let mut pos = Position::<G>::from_fen(fen).map_err(|e| refuse(e.to_string()))?;
        for text in moves {
            // The engine's own text for its own move: look it up among its own legal moves (an
            // engine with an extra move must be able to play it).
            let mv = self
                .gen
                .legal_moves(&pos)
                .into_iter()
                .find(|m| m.to_string() == *text)
                .ok_or_else(|| refuse(format!("{text}: not among the engine's moves")))?;
            pos = self.gen.play_unchecked(&pos, &mv);
        }
        let mut divide: Vec<(String, u64)> = self
            .gen
            .legal_moves(&pos)
            .iter()
            .map(|m| {
                let child = self.gen.play_unchecked(&pos, m);
                let n = perft_positions(self.gen, &child, depth - 1, Counting::Routes, &self.table);
                (m.to_string(), n)
            })
            .collect();
        divide.sort();
        Ok(EngineDivide {
            total: divide.iter().map(|(_, n)| n).sum(),
            moves: divide,
        })
    }
}

/// Where `conform` first caught `engine` on `entries` against `spec`, checking every position at
/// depth 1, then every position at depth 2, and so on; `None` if the engine agrees everywhere.
/// The place is `id@depth: status`. With a `budget`, only the checks whose listed count is at
/// most that many nodes are made.
pub fn first_catch<G: Explain>(
    spec: &dyn Generator<G>,
    engine: &mut dyn Engine,
    entries: &[CorpusEntry],
    budget: Option<u64>,
) -> Option<String> {
    let opts = ConformOptions {
        generator: spec,
        map: &Identity,
        map_name: "identity",
        counting: Counting::Routes,
        send_reached: false,
        spec_timeout: None,
    };
    let deepest = entries
        .iter()
        .flat_map(|e| e.depths.iter().map(|d| d.0))
        .max()
        .unwrap_or(0);
    for depth in 1..=deepest {
        let layer: Vec<CorpusEntry> = entries
            .iter()
            .filter_map(|e| {
                let at = e.depths.iter().find(|d| d.0 == depth)?;
                if budget.is_some_and(|b| at.1.is_some_and(|n| n > b)) {
                    return None;
                }
                Some(CorpusEntry {
                    depths: vec![*at],
                    ..e.clone()
                })
            })
            .collect();
        if layer.is_empty() {
            continue;
        }
        for entry in &layer {
            let report = conform(&opts, engine, std::slice::from_ref(entry), &mut |_| {})
                .unwrap_or_else(|(id, why)| panic!("{id}: {why}"));
            if let Some(p) = report.positions.iter().find(|p| p.status != Status::Agree) {
                return Some(format!("{}@{}: {:?}", p.id, p.depth, p.status));
            }
        }
    }
    None
}

/// The node budget of a check from `FAIRYSPEC_MUTANT_BUDGET` (none: the whole corpus at every
/// depth it lists). `.ci/corpus-mutants.sh --budget N` sets it for a cheap first pass.
fn budget_from_env() -> Option<u64> {
    let text = std::env::var("FAIRYSPEC_MUTANT_BUDGET").ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("FAIRYSPEC_MUTANT_BUDGET={text:?}: not a number of nodes")),
    )
}

/// The reference generator, as an engine, against the bitboard generator over the default
/// corpus: they must agree. Under a mutant of a reference rule file this fails exactly when the
/// default corpus catches the mutant.
fn reference_conforms<G: Explain>() {
    let switches = G::Switches::default();
    let spec = G::bitboard(&switches);
    let reference = G::reference(&switches);
    let entries = default_corpus::<G>();
    let mut engine = InProcess::new(&*reference, "the reference generator".to_string());
    if let Some(at) = first_catch::<G>(&*spec, &mut engine, &entries, budget_from_env()) {
        panic!(
            "{}: the default corpus tells the reference from the bitboard generator at {at}",
            G::NAME
        );
    }
}

// Each runs the reference over its game's whole default corpus at the listed depths (minutes:
// Kuma's deepest count is 55 million nodes, chess's 194 million), so they are ignored by
// `cargo test`; `.ci/corpus-mutants.sh` runs them (`--ignored`) under each mutant.

#[test]
#[ignore = "minutes: the reference over the whole corpus; .ci/corpus-mutants.sh runs it"]
fn kuma_reference_conforms_on_the_default_corpus() {
    reference_conforms::<fairyspec::kuma::Kuma>();
}

#[test]
#[ignore = "minutes: the reference over the whole corpus; .ci/corpus-mutants.sh runs it"]
fn chess_reference_conforms_on_the_default_corpus() {
    reference_conforms::<fairyspec::chess::Chess>();
}

#[test]
#[ignore = "minutes: the reference over the whole corpus; .ci/corpus-mutants.sh runs it"]
fn hunterbeest_reference_conforms_on_the_default_corpus() {
    reference_conforms::<fairyspec::hunterbeest::Hunterbeest>();
}

#[test]
#[ignore = "minutes: the reference over the whole corpus; .ci/corpus-mutants.sh runs it"]
fn congo_reference_conforms_on_the_default_corpus() {
    reference_conforms::<fairyspec::congo::Congo>();
}

#[test]
#[ignore = "minutes: the reference over the whole corpus; .ci/corpus-mutants.sh runs it"]
fn chu_reference_conforms_on_the_default_corpus() {
    reference_conforms::<fairyspec::chu::Chu>();
}

// ---------------------------------------------------------------------------------------------
// The fault set (faults.rs): every fault the reference's trace shows on the corpus positions and
// on seeded random playouts from them, each run as an engine over the default corpus.
// ---------------------------------------------------------------------------------------------

/// What the default corpus does to the fault set of `G`: the faults it catches (with where) and
/// those it does not, each check limited to `budget` nodes.
pub fn fault_set<G: Explain>(budget: Option<u64>) -> (Vec<(Fault, String)>, Vec<Fault>) {
    let entries = default_corpus::<G>();
    let starts: Vec<Position<G>> = entries
        .iter()
        .map(|e| Position::<G>::from_fen(e.fen.trim()).expect("a corpus position"))
        .collect();
    let playouts = (400 / starts.len()).max(1);
    let faults = collect::<G>(&starts, playouts, 80);
    let spec = G::bitboard(&G::Switches::default());
    let (mut caught, mut missed) = (Vec::new(), Vec::new());
    for fault in faults {
        let faulty = Faulty::<G>::new(fault.clone());
        let mut engine = InProcess::new(&faulty, fault.to_string());
        match first_catch::<G>(&*spec, &mut engine, &entries, budget) {
            Some(at) => caught.push((fault, at)),
            None => missed.push(fault),
        }
    }
    (caught, missed)
}

/// Prints the fault set's figures and returns the faults the corpus missed.
fn report_fault_set<G: Explain>(budget: Option<u64>) -> Vec<String> {
    let start = std::time::Instant::now();
    let (caught, missed) = fault_set::<G>(budget);
    eprintln!(
        "{}: the default corpus catches {} of {} faults ({:.0} s)",
        G::NAME,
        caught.len(),
        caught.len() + missed.len(),
        start.elapsed().as_secs_f64()
    );
    for (fault, at) in &caught {
        eprintln!("  caught  {fault}  at {at}");
    }
    for fault in &missed {
        eprintln!("  MISSED  {fault}");
    }
    missed.iter().map(|f| f.to_string()).collect()
}

/// Each check of the fault-set tests that `cargo test` runs counts at most this many nodes.
const FAULT_BUDGET: u64 = 200_000;

/// The Congo faults no corpus can catch: equivalent. A Crocodile one square from the river
/// (rank 3 or 5) reaches the river square by its step as well as by its slide (CONGO-3.6: "a
/// destination reached both by a step and by a slide is one move"), so without the one-square
/// slide, or with it one square short, it has the same moves.
const CONGO_EQUIVALENT: [&str; 4] = [
    "drop line CONGO-3.6 range 1 (+0,-1)",
    "drop line CONGO-3.6 range 1 (+0,+1)",
    "short line CONGO-3.6 range 1 (+0,-1): one square early",
    "short line CONGO-3.6 range 1 (+0,+1): one square early",
];

/// Runs the fault set of `G` with each check limited to `budget` nodes; every fault it misses must
/// be among `known`, the equivalent ones (each explained in docs/corpus-mutants.md; the set is
/// read from the reference's trace, so a fault listed here may not arise at all).
fn fault_set_misses_only<G: Explain>(budget: Option<u64>, known: &[&str]) {
    let missed = report_fault_set::<G>(budget);
    let unexplained: Vec<&String> = missed
        .iter()
        .filter(|m| !known.contains(&m.as_str()))
        .collect();
    assert!(
        unexplained.is_empty(),
        "{}: the default corpus misses faults that are not listed as equivalent \
         (docs/corpus-mutants.md): {unexplained:?}",
        G::NAME
    );
}

#[test]
fn kuma_default_corpus_catches_the_fault_set() {
    fault_set_misses_only::<fairyspec::kuma::Kuma>(Some(FAULT_BUDGET), &[]);
}

#[test]
fn chess_default_corpus_catches_the_fault_set() {
    fault_set_misses_only::<fairyspec::chess::Chess>(Some(FAULT_BUDGET), &[]);
}

#[test]
fn hunterbeest_default_corpus_catches_the_fault_set() {
    fault_set_misses_only::<fairyspec::hunterbeest::Hunterbeest>(Some(FAULT_BUDGET), &[]);
}

#[test]
fn congo_default_corpus_catches_the_fault_set() {
    fault_set_misses_only::<fairyspec::congo::Congo>(Some(FAULT_BUDGET), &CONGO_EQUIVALENT);
}

#[test]
fn chu_default_corpus_catches_the_fault_set() {
    fault_set_misses_only::<fairyspec::chu::Chu>(Some(FAULT_BUDGET), &[]);
}

// The same over the whole corpus, every depth it lists (minutes for chess): the measurement of
// docs/corpus-mutants.md, `cargo test --test all corpus_mutants::whole -- --ignored --nocapture`.

#[test]
#[ignore = "minutes: every fault over the whole corpus; docs/corpus-mutants.md"]
fn whole_corpus_kuma_fault_set() {
    fault_set_misses_only::<fairyspec::kuma::Kuma>(None, &[]);
}

#[test]
#[ignore = "minutes: every fault over the whole corpus; docs/corpus-mutants.md"]
fn whole_corpus_chess_fault_set() {
    fault_set_misses_only::<fairyspec::chess::Chess>(None, &[]);
}

#[test]
#[ignore = "minutes: every fault over the whole corpus; docs/corpus-mutants.md"]
fn whole_corpus_hunterbeest_fault_set() {
    fault_set_misses_only::<fairyspec::hunterbeest::Hunterbeest>(None, &[]);
}

#[test]
#[ignore = "minutes: every fault over the whole corpus; docs/corpus-mutants.md"]
fn whole_corpus_congo_fault_set() {
    fault_set_misses_only::<fairyspec::congo::Congo>(None, &CONGO_EQUIVALENT);
}

#[test]
#[ignore = "minutes: every fault over the whole corpus; docs/corpus-mutants.md"]
fn whole_corpus_chu_fault_set() {
    fault_set_misses_only::<fairyspec::chu::Chu>(None, &[]);
}
