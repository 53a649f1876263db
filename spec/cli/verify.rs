//! `fairyspec verify`: the whole corpus through every generator that exists.
//!
//! For each game folder `corpus/<game>/`:
//! - every record of every `*.perft` file, at every depth it lists, with every generator; the
//!   reference skips (and says so) counts above `--max-reference-nodes`;
//! - every game record listed in `games/expected.txt` (lines `<file> <result> <reason…>`, `#`
//!   comments) is replayed with every generator and its result compared.
//!
//! Rows are printed as they finish. Any mismatch, or any entry that could not be checked (a file
//! that cannot be read, a bad FEN), makes the command fail.

use super::args;
use super::error::CliError;
use super::games::{self, CliGame, GameCommand, GeneratorChoice, GAMES};
use super::perft::divide_threads;
use super::replay::{read_text, reason_matches, result_of};
use crate::perft::{parse_perft_file, PerftRecord};
use crate::{Game, Generator, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The options `verify` accepts.
pub const VERIFY_OPTIONS: &[&str] = &["game", "max-reference-nodes", "corpus", "threads"];

/// Perft counts above this many nodes are skipped for the reference generator unless
/// `--max-reference-nodes` says otherwise.
pub const DEFAULT_MAX_REFERENCE_NODES: u64 = 5_000_000;

/// Where `verify` looks for the corpus unless `--corpus` says otherwise (relative to the current
/// directory).
pub const DEFAULT_CORPUS: &str = "corpus";

/// How the checks went.
#[derive(Debug, Default)]
struct Tally {
    ok: usize,
    skipped: usize,
    mismatches: usize,
    errors: usize,
}

struct Settings {
    max_reference_nodes: u64,
    threads: usize,
}

/// `fairyspec verify [--game G] [--max-reference-nodes N] [--corpus PATH] [--threads N]`.
pub fn verify_command(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(args, VERIFY_OPTIONS)?;
    parsed.positionals([])?;
    let settings = Settings {
        max_reference_nodes: match parsed.single("max-reference-nodes")? {
            Some(n) => args::number("--max-reference-nodes", n, 0, u64::MAX)?,
            None => DEFAULT_MAX_REFERENCE_NODES,
        },
        threads: super::perft::threads(&parsed)?,
    };
    let corpus = PathBuf::from(parsed.single("corpus")?.unwrap_or(DEFAULT_CORPUS));
    if !corpus.is_dir() {
        return Err(CliError::Corpus(format!(
            "no corpus folder at {:?}; run from the repository root or pass --corpus PATH",
            corpus.display().to_string()
        )));
    }
    let folders = match parsed.single("game")? {
        Some(game) => {
            // Unknown and unfinished games are errors when asked for by name.
            games::check_name(game)?;
            let dir = corpus.join(game);
            if !dir.is_dir() {
                return Err(CliError::Corpus(format!(
                    "no corpus for {game}: {} is not a folder",
                    dir.display()
                )));
            }
            vec![(game.to_string(), dir)]
        }
        None => subfolders(&corpus)?,
    };

    let mut tally = Tally::default();
    for (name, dir) in folders {
        if !GAMES.iter().any(|g| g.name == name) {
            writeln!(
                out,
                "({} is not a game folder; not checked)\n",
                dir.display()
            )?;
        } else if !games::implemented(&name) {
            writeln!(
                out,
                "== {name}: not implemented yet; {} not checked\n",
                dir.display()
            )?;
        } else {
            let cmd = VerifyGame {
                dir: &dir,
                settings: &settings,
                out: &mut *out,
                tally: &mut tally,
            };
            games::with_game(&name, cmd)?;
        }
    }
    let Tally {
        ok,
        skipped,
        mismatches,
        errors,
    } = tally;
    writeln!(
        out,
        "verify: {ok} ok, {skipped} skipped, {mismatches} MISMATCH, {errors} error(s)"
    )?;
    if mismatches + errors > 0 {
        return Err(CliError::VerifyFailed { mismatches, errors });
    }
    if ok == 0 {
        return Err(CliError::Corpus(format!(
            "nothing was checked in {}",
            corpus.display()
        )));
    }
    Ok(())
}

/// The subfolders of `dir`, sorted by name.
fn subfolders(dir: &Path) -> Result<Vec<(String, PathBuf)>, CliError> {
    let mut found: Vec<(String, PathBuf)> = list(dir)?
        .into_iter()
        .filter(|p| p.is_dir())
        .filter_map(|p| Some((p.file_name()?.to_str()?.to_string(), p)))
        .collect();
    found.sort();
    Ok(found)
}

/// The entries of `dir`, sorted.
fn list(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let io_err = |error| CliError::Io {
        path: dir.to_path_buf(),
        error,
    };
    let mut paths = std::fs::read_dir(dir)
        .map_err(io_err)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(io_err)?;
    paths.sort();
    Ok(paths)
}

struct VerifyGame<'a> {
    dir: &'a Path,
    settings: &'a Settings,
    out: &'a mut dyn Write,
    tally: &'a mut Tally,
}

impl GameCommand for VerifyGame<'_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        verify_game::<G>(self)
    }
}

/// One line of a game's perft table.
enum PerftRow<G: Game> {
    /// A count to check.
    Count {
        id: String,
        position: Position<G>,
        depth: u32,
        expected: u64,
    },
    /// A record that cannot be checked (its FEN is no position, or it lists no counts).
    Broken { id: String, why: String },
}

impl<G: Game> PerftRow<G> {
    fn id(&self) -> &str {
        match self {
            PerftRow::Count { id, .. } | PerftRow::Broken { id, .. } => id,
        }
    }
}

/// The rows of one `.perft` record: one per count, or one [`PerftRow::Broken`].
fn perft_rows<G: Game>(rec: PerftRecord) -> Vec<PerftRow<G>> {
    let position = match Position::<G>::from_fen(&rec.epd) {
        Ok(pos) if !rec.counts.is_empty() => pos,
        Ok(_) => {
            let why = format!("line {}: no perft lines", rec.line);
            return vec![PerftRow::Broken { id: rec.id, why }];
        }
        Err(e) => {
            let why = format!("line {}: {:?}: {e}", rec.line, rec.epd);
            return vec![PerftRow::Broken { id: rec.id, why }];
        }
    };
    rec.counts
        .iter()
        .map(|&(depth, expected)| PerftRow::Count {
            id: rec.id.clone(),
            position: position.clone(),
            depth,
            expected,
        })
        .collect()
}

const CELL: usize = 24;

/// Checks one game's folder: its `.perft` files, then its game records.
fn verify_game<G: CliGame>(cmd: VerifyGame<'_>) -> Result<(), CliError> {
    let VerifyGame {
        dir,
        settings,
        out,
        tally,
    } = cmd;
    let switches = G::Switches::default();
    let gens = games::all_generators::<G>(&switches);
    let names: Vec<&str> = gens.iter().map(|(c, _)| c.name()).collect();
    writeln!(
        out,
        "== {} ({}): generators: {}{}",
        G::NAME,
        dir.display(),
        names.join(", "),
        if gens.len() == 1 {
            " (no bitboard generator yet)"
        } else {
            ""
        }
    )?;

    // Read every .perft file first, so the table's columns can be sized.
    let mut files: Vec<(String, Vec<PerftRow<G>>)> = Vec::new();
    for path in list(dir)? {
        if path.extension().and_then(|e| e.to_str()) != Some("perft") || !path.is_file() {
            continue;
        }
        let file = path.display().to_string();
        let records = read_text(&path).and_then(|text| {
            parse_perft_file(&text).map_err(|e| CliError::Corpus(format!("{file}: {e}")))
        });
        let records = match records {
            Ok(r) => r,
            Err(e) => {
                writeln!(out, "ERROR {e}")?;
                tally.errors += 1;
                continue;
            }
        };
        let rows = records.into_iter().flat_map(perft_rows::<G>).collect();
        files.push((file, rows));
    }

    let id_width = files
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|r| r.id().len()))
        .chain(["position".len()])
        .max()
        .unwrap_or(8);
    if !files.is_empty() {
        write!(
            out,
            "{:<id_width$} {:>5} {:>14}",
            "position", "depth", "expected"
        )?;
        for (i, name) in names.iter().enumerate() {
            write!(out, "  {}", pad(name, i + 1 < names.len()))?;
        }
        writeln!(out)?;
    }
    for (file, rows) in &files {
        writeln!(out, "-- {file}")?;
        for row in rows {
            let (id, pos, depth, expected) = match row {
                PerftRow::Count {
                    id,
                    position,
                    depth,
                    expected,
                } => (id, position, *depth, *expected),
                PerftRow::Broken { id, why } => {
                    writeln!(out, "{id:<id_width$} ERROR {why}")?;
                    tally.errors += 1;
                    continue;
                }
            };
            write!(out, "{id:<id_width$} {depth:>5} {expected:>14}")?;
            for (i, (choice, gen)) in gens.iter().enumerate() {
                let cell = if *choice == GeneratorChoice::Reference
                    && expected > settings.max_reference_nodes
                {
                    tally.skipped += 1;
                    format!("skipped (> {})", settings.max_reference_nodes)
                } else {
                    let start = Instant::now();
                    let got = divide_threads(&**gen, pos, depth, settings.threads, None).total;
                    let took = secs(start.elapsed());
                    if got == expected {
                        tally.ok += 1;
                        format!("ok {took}")
                    } else {
                        tally.mismatches += 1;
                        format!("MISMATCH {got} {took}")
                    }
                };
                write!(out, "  {}", pad(&cell, i + 1 < gens.len()))?;
                out.flush()?;
            }
            writeln!(out)?;
        }
    }

    let expected = dir.join("games").join("expected.txt");
    if expected.is_file() {
        verify_records::<G>(&expected, &gens, out, tally)?;
    }
    writeln!(out)?;
    Ok(())
}

/// One line of `expected.txt`.
struct ExpectedGame {
    file: String,
    result: String,
    reason: String,
}

/// Reads `expected.txt`: `<file> <result> <reason…>` per line, `#` comments, blank lines.
fn parse_expected(text: &str) -> Vec<(usize, Result<ExpectedGame, String>)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let mut words = line.split_whitespace();
            let entry = match (words.next(), words.next()) {
                (Some(file), Some(result)) if ["1-0", "0-1", "1/2-1/2", "*"].contains(&result) => {
                    let reason = words.collect::<Vec<_>>().join(" ");
                    if reason.is_empty() {
                        Err(format!("{file}: no reason after the result"))
                    } else {
                        Ok(ExpectedGame {
                            file: file.to_string(),
                            result: result.to_string(),
                            reason,
                        })
                    }
                }
                _ => Err(format!(
                    "expected '<file> <1-0|0-1|1/2-1/2|*> <reason>', found {line:?}"
                )),
            };
            Some((i + 1, entry))
        })
        .collect()
}

/// Replays every record `expected.txt` lists with every generator and compares the results.
fn verify_records<G: CliGame>(
    expected: &Path,
    gens: &[(GeneratorChoice, Box<dyn Generator<G>>)],
    out: &mut dyn Write,
    tally: &mut Tally,
) -> Result<(), CliError> {
    let dir = expected.parent().unwrap_or(Path::new("."));
    let entries = match read_text(expected) {
        Ok(text) => parse_expected(&text),
        Err(e) => {
            writeln!(out, "ERROR {e}")?;
            tally.errors += 1;
            return Ok(());
        }
    };
    writeln!(out, "-- {}", expected.display())?;
    let width = entries
        .iter()
        .filter_map(|(_, e)| e.as_ref().ok())
        .map(|e| e.file.len())
        .chain(["record".len()])
        .max()
        .unwrap_or(6);
    write!(out, "{:<width$} {:<36}", "record", "expected")?;
    for (i, (choice, _)) in gens.iter().enumerate() {
        write!(out, "  {}", pad(choice.name(), i + 1 < gens.len()))?;
    }
    writeln!(out)?;
    for (line, entry) in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                writeln!(out, "ERROR {}:{line}: {e}", expected.display())?;
                tally.errors += 1;
                continue;
            }
        };
        let want = format!("{} {}", entry.result, entry.reason);
        write!(out, "{:<width$} {want:<36}", entry.file)?;
        out.flush()?;
        let text = match read_text(&dir.join(&entry.file)) {
            Ok(t) => t,
            Err(e) => {
                writeln!(out, "  ERROR {e}")?;
                tally.errors += 1;
                continue;
            }
        };
        let mut details = Vec::new();
        for (i, (choice, gen)) in gens.iter().enumerate() {
            let start = Instant::now();
            let replayed = G::replay(&**gen, &text);
            let took = secs(start.elapsed());
            let verdict = match replayed {
                Ok(summary) => {
                    let (result, reason) = result_of(&summary);
                    let actual = summary.outcome.or(summary.claimable).map(|o| o.reason);
                    if result == entry.result && reason_matches(&entry.reason, actual) {
                        None
                    } else {
                        Some(format!("got {result} {reason}"))
                    }
                }
                Err(e) => Some(e.to_string()),
            };
            let cell = match verdict {
                None => {
                    tally.ok += 1;
                    format!("ok {took}")
                }
                Some(why) => {
                    tally.mismatches += 1;
                    details.push(format!("    {}: {why}", choice.name()));
                    format!("MISMATCH {took}")
                }
            };
            write!(out, "  {}", pad(&cell, i + 1 < gens.len()))?;
            out.flush()?;
        }
        writeln!(out)?;
        for d in details {
            writeln!(out, "{d}")?;
        }
    }
    Ok(())
}

/// A table cell, padded to the column width unless it ends the line.
fn pad(cell: &str, more_follow: bool) -> String {
    if more_follow {
        format!("{cell:<CELL$}")
    } else {
        cell.to_string()
    }
}

fn secs(d: Duration) -> String {
    format!("{:.2}s", d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_lines() {
        let text =
            "# comment\n\ngame1.txt 1-0 checkmate\ngame2.txt 0-1 blind bear\nbad 2-0 x\nlone *\n";
        let entries = parse_expected(text);
        assert_eq!(entries.len(), 4);
        let (line, first) = &entries[0];
        let first = first.as_ref().unwrap();
        assert_eq!(
            (*line, first.file.as_str(), first.result.as_str()),
            (3, "game1.txt", "1-0")
        );
        assert_eq!(entries[1].1.as_ref().unwrap().reason, "blind bear");
        assert!(entries[2].1.is_err());
        assert!(entries[3].1.is_err());
    }
}
