//! `fairyspec verify`: the whole corpus through every generator that exists.
//!
//! For each game folder `corpus/<game>/`:
//! - every record of every `*.perft` file, at every depth it lists, with every generator; the
//!   reference skips (and says so) counts above `--max-reference-nodes`;
//! - every game record listed in `games/expected.txt` (lines `<file> <result> <reason…>`, `#`
//!   comments) is replayed with every generator and its result compared.
//!
//! `--corpus` may also name one game's folder (`corpus/kuma`) or a single `.perft` file, whose
//! game is `--game` or the name of its folder.
//!
//! Rows are printed as they finish (whole lines, drawn around the progress bar when stderr is a
//! terminal); with `--json` one [`super::json::Verify`] object is printed at the end instead.
//! Any mismatch, or any entry that could not be checked (a bad FEN, a malformed line), makes the
//! command fail with exit status 1; a corpus file that cannot be read at all (missing, not
//! UTF-8, no permission) with exit status 2, as a command that could not run.

use super::args::VerifyArgs;
use super::error::CliError;
use super::games::{self, CliGame, GameCommand, GeneratorChoice, GAMES};
use super::json::{self, Check, PerftRow as JsonPerftRow, RecordRow, Status};
use super::perft::{divide_with, DivideOptions};
use super::progress;
use super::replay::{read_text, reason_matches, result_of};
use crate::perft::{parse_perft_file, Counting, PerftRecord};
use crate::{Game, Generator, Position};
use indicatif::ProgressBar;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    /// Files that could not be read at all (a subset of `errors`): exit status 2.
    unreadable: usize,
}

struct Settings {
    max_reference_nodes: u64,
    /// Every generator skips counts above this (the deep tables, `corpus/deep/`).
    max_nodes: u64,
    threads: usize,
    /// `--count`: only the records counted this way.
    count: Option<Counting>,
}

/// What to check for one game: its `.perft` files and its `games/expected.txt`, if any.
struct GameWork {
    name: String,
    /// The folder shown in the header.
    shown: PathBuf,
    perft_files: Vec<PathBuf>,
    expected: Option<PathBuf>,
}

/// `fairyspec verify [--game G] [--max-reference-nodes N] [--corpus PATH] [--threads N]
/// [--json]`.
pub fn verify_command(args: VerifyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let settings = Settings {
        max_reference_nodes: args.max_reference_nodes,
        max_nodes: args.max_nodes,
        threads: args.threads,
        count: args.count,
    };
    let corpus = args.corpus.clone();
    let mut sink = std::io::sink();
    let text: &mut dyn Write = if args.json { &mut sink } else { &mut *out };
    let mut report = json::Verify {
        schema: json::VERIFY_SCHEMA.to_string(),
        corpus: corpus.display().to_string(),
        ..json::Verify::default()
    };

    let mut tally = Tally::default();
    for plan in plan(&corpus, args.game.as_deref())? {
        let work = match plan {
            Plan::Check(work) => work,
            Plan::Skip { path, why } => {
                writeln!(text, "({} {why}; not checked)\n", path.display())?;
                report.not_checked.push(json::NotChecked {
                    path: path.display().to_string(),
                    why,
                });
                continue;
            }
        };
        let name = work.name.clone();
        let cmd = VerifyGame {
            work,
            settings: &settings,
            out: &mut *text,
            tally: &mut tally,
        };
        report.games.push(games::with_game(&name, cmd)?);
    }
    let Tally {
        ok,
        skipped,
        mismatches,
        errors,
        unreadable,
    } = tally;
    report.summary = json::Summary {
        ok,
        skipped,
        mismatches,
        errors,
    };
    writeln!(
        text,
        "verify: {ok} ok, {skipped} skipped, {mismatches} MISMATCH, {errors} error(s)"
    )?;
    if args.json {
        json::write(out, &report)?;
    }
    if unreadable > 0 {
        return Err(CliError::Corpus(format!(
            "{} could not be read (see the ERROR lines); {}",
            super::error::count(unreadable, "corpus file", "corpus files"),
            super::error::count(mismatches, "mismatch", "mismatches"),
        )));
    }
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

/// One step of the run: a game to check, or a folder passed over.
enum Plan {
    Check(GameWork),
    Skip { path: PathBuf, why: String },
}

/// What `--corpus` (and `--game`) name: a folder of game folders, one game folder, or one
/// `.perft` file.
fn plan(corpus: &Path, game: Option<&str>) -> Result<Vec<Plan>, CliError> {
    let shown = corpus.display().to_string();
    if corpus.is_file() {
        let from_folder = corpus
            .parent()
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str())
            .filter(|n| GAMES.iter().any(|g| g.name == *n));
        let Some(name) = game.or(from_folder) else {
            return Err(CliError::Corpus(format!(
                "which game is {shown:?}? Its folder is no game's name; add --game GAME"
            )));
        };
        games::check_name(name)?;
        return Ok(vec![Plan::Check(GameWork {
            name: name.to_string(),
            shown: corpus.to_path_buf(),
            perft_files: vec![corpus.to_path_buf()],
            expected: None,
        })]);
    }
    if !corpus.is_dir() {
        return Err(CliError::Corpus(format!(
            "no corpus folder or .perft file at {shown:?}; run from the repository root or pass \
             --corpus PATH"
        )));
    }
    let own_name = corpus
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| GAMES.iter().any(|g| g.name == *n));
    if let Some(own) = own_name {
        // One game's folder (corpus/kuma).
        if let Some(asked) = game.filter(|g| *g != own) {
            return Err(CliError::Corpus(format!(
                "{shown} is the corpus of {own}, not of {asked}"
            )));
        }
        games::check_name(own)?;
        return Ok(vec![Plan::Check(game_work(own, corpus)?)]);
    }
    match game {
        Some(name) => {
            // Unknown and unfinished games are errors when asked for by name.
            games::check_name(name)?;
            let dir = corpus.join(name);
            if !dir.is_dir() {
                return Err(CliError::Corpus(format!(
                    "no corpus for {name}: {} is not a folder",
                    dir.display()
                )));
            }
            Ok(vec![Plan::Check(game_work(name, &dir)?)])
        }
        None => subfolders(corpus)?
            .into_iter()
            .map(|(name, dir)| {
                Ok(if !GAMES.iter().any(|g| g.name == name) {
                    Plan::Skip {
                        path: dir,
                        why: "is not a game folder".to_string(),
                    }
                } else if !games::implemented(&name) {
                    Plan::Skip {
                        path: dir,
                        why: format!("is the corpus of {name}, not implemented yet"),
                    }
                } else {
                    Plan::Check(game_work(&name, &dir)?)
                })
            })
            .collect(),
    }
}

/// The `.perft` files and `games/expected.txt` of a game folder.
fn game_work(name: &str, dir: &Path) -> Result<GameWork, CliError> {
    let perft_files = list(dir)?
        .into_iter()
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("perft") && p.is_file())
        .collect();
    let expected = dir.join("games").join("expected.txt");
    Ok(GameWork {
        name: name.to_string(),
        shown: dir.to_path_buf(),
        perft_files,
        expected: expected.is_file().then_some(expected),
    })
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
    work: GameWork,
    settings: &'a Settings,
    out: &'a mut dyn Write,
    tally: &'a mut Tally,
}

impl GameCommand for VerifyGame<'_> {
    type Output = json::VerifyGame;
    fn run<G: CliGame>(self) -> Result<json::VerifyGame, CliError> {
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
        counting: Counting,
    },
    /// A record that cannot be checked (its FEN is no position, or it lists no counts).
    Broken { id: String, why: String },
}

impl<G: Game> PerftRow<G> {
    /// The width of the row's id in the table (with ` [results]` for a count by result).
    fn shown_len(&self) -> usize {
        match self {
            PerftRow::Count {
                id,
                counting: Counting::Results,
                ..
            } => id.len() + " [results]".len(),
            PerftRow::Count { id, .. } | PerftRow::Broken { id, .. } => id.len(),
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
            counting: rec.counting,
        })
        .collect()
}

const CELL: usize = 24;

/// Where a game's lines go: whole lines to `out`, drawn around the progress bar if there is one.
struct Lines<'a> {
    out: &'a mut dyn Write,
    bar: Option<ProgressBar>,
}

impl Lines<'_> {
    fn line(&mut self, text: &str) -> Result<(), CliError> {
        let out = &mut *self.out;
        let mut write = || -> std::io::Result<()> {
            writeln!(out, "{text}")?;
            out.flush()
        };
        match &self.bar {
            Some(bar) => bar.suspend(write)?,
            None => write()?,
        }
        Ok(())
    }

    fn step(&self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(what.to_string());
            bar.inc(1);
        }
    }
}

/// Checks one game: its `.perft` files, then its game records.
fn verify_game<G: CliGame>(cmd: VerifyGame<'_>) -> Result<json::VerifyGame, CliError> {
    let VerifyGame {
        work,
        settings,
        out,
        tally,
    } = cmd;
    let switches = G::Switches::default();
    let gens = games::all_generators::<G>(&switches);
    let names: Vec<&str> = gens.iter().map(|(c, _)| c.name()).collect();
    let mut report = json::VerifyGame {
        game: G::NAME.to_string(),
        generators: names.iter().map(|n| n.to_string()).collect(),
        ..json::VerifyGame::default()
    };
    let mut lines = Lines { out, bar: None };
    lines.line(&format!(
        "== {} ({}): generators: {}{}",
        G::NAME,
        work.shown.display(),
        names.join(", "),
        if gens.len() == 1 {
            " (no bitboard generator yet)"
        } else {
            ""
        }
    ))?;

    // Read every .perft file first, so the table's columns can be sized and the bar's length
    // known.
    let mut files: Vec<(String, Vec<PerftRow<G>>)> = Vec::new();
    for path in &work.perft_files {
        let file = path.display().to_string();
        let records = match read_text(path) {
            Ok(text) => parse_perft_file(&text).map_err(|e| format!("{file}: {e}")),
            Err(e) => {
                tally.unreadable += 1;
                Err(e.to_string())
            }
        };
        let records = match records {
            Ok(r) => r,
            Err(e) => {
                lines.line(&format!("ERROR {e}"))?;
                report.errors.push(e);
                tally.errors += 1;
                continue;
            }
        };
        let rows = records
            .into_iter()
            .filter(|r| settings.count.is_none_or(|c| c == r.counting))
            .flat_map(perft_rows::<G>)
            .collect();
        files.push((file, rows));
    }
    let expected = match &work.expected {
        Some(path) => match read_text(path) {
            Ok(text) => Some((path, parse_expected(&text))),
            Err(e) => {
                lines.line(&format!("ERROR {e}"))?;
                report.errors.push(e.to_string());
                tally.errors += 1;
                tally.unreadable += 1;
                None
            }
        },
        None => None,
    };
    let steps = files.iter().map(|(_, rows)| rows.len()).sum::<usize>()
        + expected.as_ref().map_or(0, |(_, e)| e.len());
    lines.bar = progress::bar(
        (steps * gens.len()) as u64,
        &format!(
            "verify {} [{{bar:30}}] {{pos}}/{{len}} checks  {{msg}}  {{elapsed_precise}}",
            G::NAME
        ),
    );

    let id_width = files
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(PerftRow::shown_len))
        .chain(["position".len()])
        .max()
        .unwrap_or(8);
    if !files.is_empty() {
        let mut head = format!(
            "{:<id_width$} {:>5} {:>14}",
            "position", "depth", "expected"
        );
        for (i, name) in names.iter().enumerate() {
            head.push_str(&format!("  {}", pad(name, i + 1 < names.len())));
        }
        lines.line(&head)?;
    }
    for (file, rows) in &files {
        lines.line(&format!("-- {file}"))?;
        for row in rows {
            let (id, pos, depth, expected, counting) = match row {
                PerftRow::Count {
                    id,
                    position,
                    depth,
                    expected,
                    counting,
                } => (id, position, *depth, *expected, *counting),
                PerftRow::Broken { id, why } => {
                    lines.line(&format!("{id:<id_width$} ERROR {why}"))?;
                    report.errors.push(format!("{file}: {id}: {why}"));
                    tally.errors += 1;
                    for _ in &gens {
                        lines.step(id);
                    }
                    continue;
                }
            };
            // A count by result is marked beside its id (`start [results]`), so the two
            // countings of one position never read as a contradiction.
            let shown = match counting {
                Counting::Routes => id.clone(),
                Counting::Results => format!("{id} [results]"),
            };
            let mut text = format!("{shown:<id_width$} {depth:>5} {expected:>14}");
            let mut results = Vec::new();
            for (i, (choice, gen)) in gens.iter().enumerate() {
                lines.step(&format!("{id} depth {depth} ({})", choice.name()));
                let limit = if *choice == GeneratorChoice::Reference {
                    settings.max_reference_nodes.min(settings.max_nodes)
                } else {
                    settings.max_nodes
                };
                let check = if expected > limit {
                    tally.skipped += 1;
                    Check {
                        generator: choice.name().to_string(),
                        status: Status::Skipped,
                        got: None,
                        seconds: 0.0,
                    }
                } else {
                    let start = Instant::now();
                    let options = DivideOptions {
                        threads: settings.threads,
                        counting,
                        table: None,
                    };
                    let got = divide_with(&**gen, pos, depth, &options, None).total;
                    let took = start.elapsed().as_secs_f64();
                    let ok = got == expected;
                    if ok {
                        tally.ok += 1;
                    } else {
                        tally.mismatches += 1;
                    }
                    Check {
                        generator: choice.name().to_string(),
                        status: if ok { Status::Ok } else { Status::Mismatch },
                        got: (!ok).then(|| got.to_string()),
                        seconds: took,
                    }
                };
                let cell = match check.status {
                    Status::Skipped if *choice == GeneratorChoice::Reference => format!(
                        "skipped (> {})",
                        settings.max_reference_nodes.min(settings.max_nodes)
                    ),
                    Status::Skipped => format!("skipped (> {})", settings.max_nodes),
                    Status::Ok => format!("ok {}", secs(check.seconds)),
                    Status::Mismatch => format!(
                        "MISMATCH {} {}",
                        check.got.as_deref().unwrap_or_default(),
                        secs(check.seconds)
                    ),
                };
                text.push_str(&format!("  {}", pad(&cell, i + 1 < gens.len())));
                results.push(check);
            }
            lines.line(&text)?;
            report.perft.push(JsonPerftRow {
                file: file.clone(),
                id: id.clone(),
                depth,
                expected,
                results,
                count: counting,
            });
        }
    }

    if let Some((path, entries)) = expected {
        verify_records::<G>(path, entries, &gens, &mut lines, tally, &mut report)?;
    }
    if let Some(bar) = lines.bar.take() {
        bar.finish_and_clear();
    }
    lines.line("")?;
    Ok(report)
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
    entries: Vec<(usize, Result<ExpectedGame, String>)>,
    gens: &[(GeneratorChoice, Box<dyn Generator<G>>)],
    lines: &mut Lines<'_>,
    tally: &mut Tally,
    report: &mut json::VerifyGame,
) -> Result<(), CliError> {
    let dir = expected.parent().unwrap_or(Path::new("."));
    lines.line(&format!("-- {}", expected.display()))?;
    let width = entries
        .iter()
        .filter_map(|(_, e)| e.as_ref().ok())
        .map(|e| e.file.len())
        .chain(["record".len()])
        .max()
        .unwrap_or(6);
    let mut head = format!("{:<width$} {:<36}", "record", "expected");
    for (i, (choice, _)) in gens.iter().enumerate() {
        head.push_str(&format!("  {}", pad(choice.name(), i + 1 < gens.len())));
    }
    lines.line(&head)?;
    for (line, entry) in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let e = format!("{}:{line}: {e}", expected.display());
                lines.line(&format!("ERROR {e}"))?;
                report.errors.push(e);
                tally.errors += 1;
                for _ in gens {
                    lines.step("");
                }
                continue;
            }
        };
        let want = format!("{} {}", entry.result, entry.reason);
        let mut row = format!("{:<width$} {want:<36}", entry.file);
        let text = match read_text(&dir.join(&entry.file)) {
            Ok(t) => t,
            Err(e) => {
                lines.line(&format!("{row}  ERROR {e}"))?;
                report.errors.push(e.to_string());
                tally.errors += 1;
                tally.unreadable += 1;
                for _ in gens {
                    lines.step(&entry.file);
                }
                continue;
            }
        };
        let mut details = Vec::new();
        let mut results = Vec::new();
        for (i, (choice, gen)) in gens.iter().enumerate() {
            lines.step(&format!("{} ({})", entry.file, choice.name()));
            let start = Instant::now();
            let replayed = G::replay(&**gen, &text);
            let took = start.elapsed().as_secs_f64();
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
            let cell = match &verdict {
                None => {
                    tally.ok += 1;
                    format!("ok {}", secs(took))
                }
                Some(why) => {
                    tally.mismatches += 1;
                    details.push(format!("    {}: {why}", choice.name()));
                    format!("MISMATCH {}", secs(took))
                }
            };
            row.push_str(&format!("  {}", pad(&cell, i + 1 < gens.len())));
            results.push(Check {
                generator: choice.name().to_string(),
                status: if verdict.is_none() {
                    Status::Ok
                } else {
                    Status::Mismatch
                },
                got: verdict,
                seconds: took,
            });
        }
        lines.line(&row)?;
        for d in details {
            lines.line(&d)?;
        }
        report.records.push(RecordRow {
            file: entry.file,
            expected: want,
            results,
        });
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

fn secs(seconds: f64) -> String {
    format!("{seconds:.2}s")
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
