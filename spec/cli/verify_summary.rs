//! `verify`'s default output: one line per game — its positions, perft counts and game records,
//! each generator's verdicts and the time — instead of a line per position (`--verbose`). Built
//! from the same document `--json` prints ([`documents::Verify`]).

use crate::documents::{self, Status, VerifyGame};
use crate::registry::GeneratorChoice;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// One generator's verdicts on a game: `73 ok`, `61 ok, 12 skipped`, `70 ok, 3 MISMATCH`.
fn cell(game: &VerifyGame, generator: &str) -> String {
    if !game.generators.iter().any(|g| g == generator) {
        return "-".to_string();
    }
    let (mut ok, mut skipped, mut mismatch) = (0, 0, 0);
    let checks = game
        .perft
        .iter()
        .flat_map(|r| &r.results)
        .chain(game.records.iter().flat_map(|r| &r.results))
        .filter(|c| c.generator == generator);
    for c in checks {
        match c.status {
            Status::Ok => ok += 1,
            Status::Skipped => skipped += 1,
            Status::Mismatch => mismatch += 1,
        }
    }
    let mut text = format!("{ok} ok");
    if skipped > 0 {
        let _ = write!(text, ", {skipped} skipped");
    }
    if mismatch > 0 {
        let _ = write!(text, ", {mismatch} MISMATCH");
    }
    text
}

/// The generators, as the table's columns.
fn generators() -> impl Iterator<Item = &'static str> {
    GeneratorChoice::ALL.iter().map(|g| g.name())
}

/// The width of a generator's column (`9999 ok, 9999 skipped` fits; a longer cell, with
/// mismatches, pushes the rest of its line right).
const CELL: usize = 22;

/// The table's head line.
pub fn head() -> String {
    let mut out = format!(
        "{:<12} {:>9} {:>6} {:>7}",
        "game", "positions", "counts", "records"
    );
    for name in generators() {
        let _ = write!(out, "  {name:<CELL$}");
    }
    out.push_str("  time\n");
    out
}

/// The table's line for `game`, which took `seconds`.
pub fn row(game: &VerifyGame, seconds: f64) -> String {
    let positions: BTreeSet<(&str, &str)> = game
        .perft
        .iter()
        .map(|r| (r.file.as_str(), r.id.as_str()))
        .collect();
    let mut out = format!(
        "{:<12} {:>9} {:>6} {:>7}",
        game.game,
        positions.len(),
        game.perft.len(),
        game.records.len()
    );
    for name in generators() {
        let _ = write!(out, "  {:<CELL$}", cell(game, name));
    }
    let _ = write!(out, "  {seconds:.1}s");
    if !game.errors.is_empty() {
        let _ = write!(out, "  {} ERROR(s)", game.errors.len());
    }
    out.push('\n');
    out
}

/// The lines after the totals of a default run: what `skipped` means, where the per-position
/// lines are, and how to run the deep tables (`corpus/deep`, which the default run leaves out).
///
/// `limits` are `--max-reference-nodes` and `--max-nodes` when something was skipped.
pub fn afterword(
    corpus: &crate::corpus::CorpusPath,
    not_checked: &[documents::NotChecked],
    limits: Option<(u64, u64)>,
) -> String {
    let mut out = String::new();
    if let Some((reference, all)) = limits {
        let _ = write!(
            out,
            "skipped: counts above {} nodes for the reference generator (--max-reference-nodes)",
            super::progress::grouped(reference)
        );
        if all < u64::MAX {
            let _ = write!(
                out,
                ", above {} for every generator (--max-nodes)",
                super::progress::grouped(all)
            );
        }
        out.push('\n');
    }
    for n in not_checked.iter().filter(|n| !is_deep(&n.path)) {
        let _ = writeln!(out, "({} {}; not checked)", n.path, n.why);
    }
    out.push_str("Every position's and record's line: fairyspec verify --verbose\n");
    let deep = corpus.join("deep");
    if deep.is_dir() {
        let _ = writeln!(
            out,
            "The deep counts ({}, hours of CPU in all) are not part of this run:\n  \
             fairyspec verify --corpus {} --max-nodes 1_000_000_000 --max-reference-nodes 0\n\
             checks those up to a billion nodes; without --max-nodes, all of them \
             ({}/README.md).",
            deep, deep, deep
        );
    }
    out
}

fn is_deep(path: &str) -> bool {
    std::path::Path::new(path)
        .file_name()
        .is_some_and(|n| n == "deep")
}

#[cfg(test)]
mod tests {
    use super::*;
    use documents::{Check, PerftRow, RecordRow};

    fn check(generator: &str, status: Status) -> Check {
        Check {
            generator: generator.to_string(),
            status,
            got: None,
            seconds: 0.0,
        }
    }

    #[test]
    fn one_line_per_game_with_each_generator_s_verdicts() {
        let perft_row = |id: &str, depth, r: Status| PerftRow {
            file: "start.perft".to_string(),
            id: id.to_string(),
            depth,
            expected: 1,
            results: vec![check("reference", r), check("bitboard", Status::Ok)],
            count: Default::default(),
        };
        let kuma = VerifyGame {
            game: "kuma".to_string(),
            generators: vec!["reference".to_string(), "bitboard".to_string()],
            perft: vec![
                perft_row("start", 1, Status::Ok),
                perft_row("start", 2, Status::Skipped),
                perft_row("ep", 1, Status::Mismatch),
            ],
            records: vec![RecordRow {
                file: "game1.txt".to_string(),
                expected: "1-0 checkmate".to_string(),
                results: vec![
                    check("reference", Status::Ok),
                    check("bitboard", Status::Ok),
                ],
            }],
            errors: vec!["x: bad FEN".to_string()],
        };
        let lines = [head(), row(&kuma, 1.3)].concat();
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(
            lines,
            [
                "game         positions counts records  reference               bitboard                time",
                "kuma                 2      3       1  2 ok, 1 skipped, 1 MISMATCH  4 ok                    1.3s  1 ERROR(s)",
            ]
        );
    }

    #[test]
    fn the_afterword_says_how_to_run_the_deep_tables() {
        let corpus = crate::corpus::CorpusPath::builtin();
        let text = afterword(&corpus, &[], Some((5_000_000, u64::MAX)));
        assert!(
            text.starts_with(
                "skipped: counts above 5,000,000 nodes for the reference generator \
                 (--max-reference-nodes)\n"
            ),
            "{text}"
        );
        assert!(text.contains("fairyspec verify --verbose"), "{text}");
        assert!(
            text.contains(&format!(
                "fairyspec verify --corpus {} --max-nodes 1_000_000_000",
                corpus.join("deep")
            )),
            "{text}"
        );
        let text = afterword(&corpus.join("deep"), &[], None);
        assert!(!text.contains("deep counts"), "{text}");
    }
}
