//! `fairyspec verify`: the whole corpus through every generator that exists — the checks are the
//! library's ([`crate::verify`]); this module prints their tables and the progress.
//!
//! The corpus is the one built into the binary (`builtin:corpus`) unless `--corpus` names
//! another: a folder of game folders, one game's folder (`corpus/kuma`, `builtin:corpus/kuma`) or a
//! single `.perft` file, whose game is `--game` or the name of its folder.
//!
//! Rows are printed as they finish (whole lines, drawn around the progress bar when stderr is a
//! terminal); with `--json` one [`crate::documents::Verify`] object is printed at the end instead.
//! Any mismatch, or any entry that could not be checked (a bad FEN, a malformed line), makes the
//! command fail with exit status 1; a corpus file that cannot be read at all (missing, not
//! UTF-8, no permission) with exit status 2, as a command that could not run.

use super::args::VerifyArgs;
use super::error::CliError;
use super::progress;
use super::verify_summary;
use crate::corpus::CorpusPath;
use crate::documents::{self, PerftRow as JsonPerftRow, RecordRow, Status};
use crate::perft::{parse_perft_file, Counting};
use crate::registry::{self, GameCommand, GameId, GeneratorChoice, Registered};
use crate::verify::{
    check_count, check_record, limit, parse_expected, perft_rows, plan, read_text, ExpectedGame,
    GameWork, PerftRow, Plan, Settings,
};
use crate::Generator;
use indicatif::ProgressBar;
use std::io::Write;

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
    let mut report = documents::Verify {
        schema: documents::VERIFY_SCHEMA.to_string(),
        corpus: corpus.to_string(),
        ..documents::Verify::default()
    };

    let mut tally = Tally::default();
    let mut plans = plan(&corpus, args.game)?;
    // The games in the registry's order, Kuma (the flagship) first; folders passed over last.
    plans.sort_by_key(|p| match p {
        Plan::Check(work) => GameId::ALL.iter().position(|g| *g == work.game),
        Plan::Skip { .. } => Some(GameId::ALL.len()),
    });
    // Without --verbose: a line per game as it ends, the lines of what failed after the table.
    let mut held: Vec<String> = Vec::new();
    let mut table_head = !args.verbose;
    for plan in plans {
        let work = match plan {
            Plan::Check(work) => work,
            Plan::Skip { path, why } => {
                if args.verbose {
                    writeln!(text, "({path} {why}; not checked)\n")?;
                }
                report.not_checked.push(documents::NotChecked {
                    path: path.to_string(),
                    why,
                });
                continue;
            }
        };
        let game = work.game;
        let start = std::time::Instant::now();
        let cmd = VerifyGame {
            work,
            settings: &settings,
            out: &mut *text,
            tally: &mut tally,
            held: (!args.verbose).then_some(&mut held),
        };
        let done = game.run(cmd)?;
        if !args.verbose {
            if std::mem::take(&mut table_head) {
                write!(text, "{}", verify_summary::head())?;
            }
            let seconds = start.elapsed().as_secs_f64();
            write!(text, "{}", verify_summary::row(&done, seconds))?;
            text.flush()?;
        }
        report.games.push(done);
    }
    if !held.is_empty() {
        writeln!(text, "\n{}", held.join("\n"))?;
    }
    let Tally {
        ok,
        skipped,
        mismatches,
        errors,
        unreadable,
    } = tally;
    report.summary = documents::Summary {
        ok,
        skipped,
        mismatches,
        errors,
    };
    writeln!(
        text,
        "verify: {ok} ok, {skipped} skipped, {mismatches} MISMATCH, {errors} error(s)"
    )?;
    if !args.verbose {
        let limit = (skipped > 0).then_some((settings.max_reference_nodes, settings.max_nodes));
        write!(
            text,
            "{}",
            verify_summary::afterword(&corpus, &report.not_checked, limit)
        )?;
    }
    if args.json {
        documents::write_line(out, &report)?;
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
        return Err(CliError::Corpus(format!("nothing was checked in {corpus}")));
    }
    Ok(())
}

struct VerifyGame<'a> {
    work: GameWork,
    settings: &'a Settings,
    out: &'a mut dyn Write,
    tally: &'a mut Tally,
    /// Where the lines of what failed are held for the end (without `--verbose`); `None`: every
    /// line is printed as it comes.
    held: Option<&'a mut Vec<String>>,
}

impl GameCommand for VerifyGame<'_> {
    type Output = Result<documents::VerifyGame, CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        verify_game::<G>(self)
    }
}

const CELL: usize = 24;

/// Where a game's lines go: whole lines to `out`, drawn around the progress bar if there is one.
/// Without `verbose` only the lines of what failed are shown, each after the lines that give it
/// its context (the game, the table's head, the file) the first time.
struct Lines<'a> {
    out: &'a mut dyn Write,
    bar: Option<ProgressBar>,
    verbose: bool,
    /// Where failed rows go without `--verbose` (held for the end of the run).
    held: Option<&'a mut Vec<String>>,
    /// Context lines not shown yet, with their level (0 the game, 1 the table's head, 2 a file).
    pending: Vec<(u8, String)>,
}

impl Lines<'_> {
    /// A row that passed: shown with `--verbose` only.
    fn line(&mut self, text: &str) -> Result<(), CliError> {
        if self.verbose {
            self.show(text)?;
        }
        Ok(())
    }

    /// A line that gives the rows below it their context, at `level`.
    fn context(&mut self, level: u8, text: &str) -> Result<(), CliError> {
        if self.verbose {
            return self.show(text);
        }
        self.pending.retain(|(l, _)| *l < level);
        self.pending.push((level, text.to_string()));
        Ok(())
    }

    /// A row that failed (a mismatch, an error): always shown, after its context.
    fn failed(&mut self, text: &str) -> Result<(), CliError> {
        if let Some(held) = &mut self.held {
            held.extend(
                std::mem::take(&mut self.pending)
                    .into_iter()
                    .map(|(_, c)| c),
            );
            held.push(text.to_string());
            return Ok(());
        }
        self.show(text)
    }

    fn show(&mut self, text: &str) -> Result<(), CliError> {
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
fn verify_game<G: Registered>(cmd: VerifyGame<'_>) -> Result<documents::VerifyGame, CliError> {
    let VerifyGame {
        work,
        settings,
        out,
        tally,
        held,
    } = cmd;
    let switches = G::Switches::default();
    let gens = registry::all_generators::<G>(&switches);
    let names: Vec<&str> = gens.iter().map(|(c, _)| c.name()).collect();
    let mut report = documents::VerifyGame {
        game: G::NAME.to_string(),
        generators: names.iter().map(|n| n.to_string()).collect(),
        ..documents::VerifyGame::default()
    };
    let mut lines = Lines {
        out,
        bar: None,
        verbose: held.is_none(),
        held,
        pending: Vec::new(),
    };
    lines.context(
        0,
        &format!(
            "== {} ({}): generators: {}",
            G::NAME,
            work.shown,
            names.join(", ")
        ),
    )?;

    // Read every .perft file first, so the table's columns can be sized and the bar's length
    // known.
    let mut files: Vec<(String, Vec<PerftRow<G>>)> = Vec::new();
    for path in &work.perft_files {
        let file = path.to_string();
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
                lines.failed(&format!("ERROR {e}"))?;
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
                lines.failed(&format!("ERROR {e}"))?;
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
    lines.bar = progress::verify_bar(G::NAME, (steps * gens.len()) as u64);

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
        lines.context(1, &head)?;
    }
    for (file, rows) in &files {
        lines.context(2, &format!("-- {file}"))?;
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
                    lines.failed(&format!("{id:<id_width$} ERROR {why}"))?;
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
            let mut failed = false;
            for (i, (choice, gen)) in gens.iter().enumerate() {
                lines.step(&format!("{id} depth {depth} ({})", choice.name()));
                let check = check_count(&**gen, *choice, pos, depth, expected, counting, settings);
                match check.status {
                    Status::Skipped => tally.skipped += 1,
                    Status::Ok => tally.ok += 1,
                    Status::Mismatch => {
                        tally.mismatches += 1;
                        failed = true;
                    }
                }
                let cell = match check.status {
                    Status::Skipped => format!("skipped (> {})", limit(settings, *choice)),
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
            if failed {
                lines.failed(&text)?;
            } else {
                lines.line(&text)?;
            }
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
    if lines.verbose {
        lines.show("")?;
    }
    Ok(report)
}

/// Replays every record `expected.txt` lists with every generator and compares the results.
fn verify_records<G: Registered>(
    expected: &CorpusPath,
    entries: Vec<(usize, Result<ExpectedGame, String>)>,
    gens: &[(GeneratorChoice, Box<dyn Generator<G>>)],
    lines: &mut Lines<'_>,
    tally: &mut Tally,
    report: &mut documents::VerifyGame,
) -> Result<(), CliError> {
    let dir = expected
        .parent()
        .unwrap_or_else(|| CorpusPath::from_text("."));
    lines.context(2, &format!("-- {expected}"))?;
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
    lines.context(3, &head)?;
    for (line, entry) in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let e = format!("{expected}:{line}: {e}");
                lines.failed(&format!("ERROR {e}"))?;
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
                lines.failed(&format!("{row}  ERROR {e}"))?;
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
            let check = check_record(&**gen, *choice, &text, &entry);
            let cell = match &check.got {
                None => {
                    tally.ok += 1;
                    format!("ok {}", secs(check.seconds))
                }
                Some(why) => {
                    tally.mismatches += 1;
                    details.push(format!("    {}: {why}", choice.name()));
                    format!("MISMATCH {}", secs(check.seconds))
                }
            };
            row.push_str(&format!("  {}", pad(&cell, i + 1 < gens.len())));
            results.push(check);
        }
        if details.is_empty() {
            lines.line(&row)?;
        } else {
            lines.failed(&row)?;
            for d in details {
                lines.failed(&d)?;
            }
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
