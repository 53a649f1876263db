//! The perft corpus (`corpus/<game>/*.perft`) through every generator that exists, up to a node
//! limit so that `cargo test` stays fast. The files keep the deep numbers; `fairyspec verify`
//! runs those.
//!
//! One generic driver, [`test_perft_file`]; each game adds one test calling [`test_corpus`].

use fairyspec::chess::Chess;
use fairyspec::chu::Chu;
use fairyspec::congo::Congo;
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;
use fairyspec::perft::parse_perft_file;
use fairyspec::{Game, Position};
use std::path::{Path, PathBuf};

/// Counts above this many nodes are left to `fairyspec verify`.
const NODE_LIMIT: u64 = 100_000;

/// Checks every record of one `.perft` file with every generator of `G` (default switches), for
/// every count up to `node_limit` nodes, counted as the record says (`count routes|results`).
/// Returns how many counts were checked.
fn test_perft_file<G: Game>(path: &Path, node_limit: u64) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let records = parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(!records.is_empty(), "{}: no records", path.display());
    let switches = G::Switches::default();
    let mut generators = vec![G::reference(&switches)];
    generators.push(G::bitboard(&switches));
    let mut checked = 0;
    for rec in &records {
        let pos = Position::<G>::from_fen(&rec.epd)
            .unwrap_or_else(|e| panic!("{}:{} {}: {e}", path.display(), rec.line, rec.id));
        for gen in &generators {
            for &(depth, nodes) in rec.counts.iter().filter(|(_, n)| *n <= node_limit) {
                assert_eq!(
                    gen.perft_counting(&pos, depth, rec.counting),
                    nodes,
                    "{}:{} {} depth {depth} by {}, {} generator",
                    path.display(),
                    rec.line,
                    rec.id,
                    rec.counting,
                    gen.name()
                );
                checked += 1;
            }
        }
    }
    checked
}

/// Every `.perft` file of `corpus/<G::NAME>/`; fails if the folder holds none, or if the node
/// limit left nothing to check (a test that checks nothing cannot fail).
fn test_corpus<G: Game>(node_limit: u64) {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "corpus", G::NAME]
        .iter()
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .perft files in {}", dir.display());
    let checked: usize = files
        .iter()
        .map(|f| test_perft_file::<G>(f, node_limit))
        .sum();
    assert!(
        checked > 0,
        "{}: every count is above {node_limit}",
        dir.display()
    );
}

/// KUMA-1.2 and CORE-1.4: the Kuma Chess perft corpus (start position: published counts).
#[test]
fn kuma_perft_corpus() {
    test_corpus::<Kuma>(NODE_LIMIT);
}

/// CONGO-8.2: the Congo perft corpus (hand counts and generator agreement, see the file).
#[test]
fn congo_perft_corpus() {
    test_corpus::<Congo>(NODE_LIMIT);
}

/// CORE-1.4 for orthodox chess: the perft corpus (published counts and python-chess, see the
/// files' sources).
#[test]
fn chess_perft_corpus() {
    test_corpus::<Chess>(NODE_LIMIT);
}

/// BHB-1.2 and CORE-1.4: the Bachelor Hunterbeest perft corpus (hand counts and generator
/// agreement, see the files' sources).
#[test]
fn hunterbeest_perft_corpus() {
    test_corpus::<Hunterbeest>(NODE_LIMIT);
}

/// CHU-9: the Chu Shogi perft corpus (lishogi's data: all 288 depth-1 rows, and the start
/// position to depth 3 = 52599 under this limit; depth 4 and 5 are left to `fairyspec verify`).
#[test]
fn chu_perft_corpus() {
    test_corpus::<Chu>(NODE_LIMIT);
}

/// CHU-9.5: counted by result, a piece's routes that end the same way count once.
///
/// scalashogi's "solo lion" position (`corpus/chu/lishogi-perft.perft`, special 1): the Lion on
/// 7g stands in the open, with Black's King in the corner on 1l. By route lishogi counts 91. By
/// hand, by result: the Lion's 8 steps, 16 jumps (every square two away is on the board and
/// empty) and one pass (all 8 out-and-back routes lead to the same position) — 25 — and the
/// King's 3 steps: 28. The start position by result is 36, 1,296, 48,315 at depths 1–3 as
/// counted by minase 2.6.0 (`minase dev perft N --rules lishogi`), a Chu program written
/// independently of this crate that counts this way.
#[test]
fn chu_9_5_counting_by_result() {
    use fairyspec::perft::{divide_counting, Counting};
    let solo = Position::<Chu>::from_fen("kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1").unwrap();
    let start = Position::<Chu>::start();
    let switches = Default::default();
    let mut generators = vec![Chu::reference(&switches)];
    generators.push(Chu::bitboard(&switches));
    for gen in &generators {
        assert_eq!(gen.perft(&solo, 1), 91, "{} by route", gen.name());
        assert_eq!(gen.perft_results(&solo, 1), 28, "{} by result", gen.name());
        let d = divide_counting(&**gen, &solo, 1, Counting::Results);
        assert_eq!(d.total, 28);
        assert!(
            d.moves.iter().any(|(m, _)| m == "7g5e"),
            "a jump keeps its two-square text"
        );
        assert_eq!(
            d.moves
                .iter()
                .filter(|(m, _)| m.starts_with("7g") && m.ends_with("7g"))
                .count(),
            1,
            "one pass"
        );
        for (depth, nodes) in [(1, 36), (2, 1_296), (3, 48_315)] {
            assert_eq!(
                gen.perft_counting(&start, depth, Counting::Results),
                nodes,
                "{} start depth {depth}",
                gen.name()
            );
        }
    }
}
