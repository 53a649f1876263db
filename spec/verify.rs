//! Corpus verification, the library side of `fairyspec verify`: what a corpus path holds
//! ([`plan`]: a folder of game folders, one game folder, or one `.perft` file, on disk or built in
//! — [`CorpusPath`]), each game's perft
//! rows ([`perft_rows`]) and expected game results ([`parse_expected`]), and one generator's
//! check of one row ([`check_count`], [`check_record`]) as the [`Check`] of the JSON report
//! ([`crate::documents::Verify`]). The command line prints the tables and the progress.
//!
//! For each game folder `corpus/<game>/`:
//! - every record of every `*.perft` file, at every depth it lists, with every generator; the
//!   reference skips (and says so) counts above `--max-reference-nodes`;
//! - every game record listed in `games/expected.txt` (lines `<file> <result> <reason…>`, `#`
//!   comments) is replayed with every generator and its result compared.

use crate::corpus::CorpusPath;
use crate::documents::{Check, Status};
use crate::outcome::Reason;
use crate::perft::{divide_with, Counting, DivideOptions, PerftRecord};
use crate::registry::{GameId, GeneratorChoice};
use crate::replay::{Records, ReplaySummary};
use crate::{Game, Generator, Position};
use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

/// Perft counts above this many nodes are skipped for the reference generator unless
/// `--max-reference-nodes` says otherwise.
pub const DEFAULT_MAX_REFERENCE_NODES: u64 = 5_000_000;

/// Where `verify` looks for the corpus unless `--corpus` says otherwise: the corpus built into the
/// crate ([`CorpusPath::builtin`]), so that it runs from any folder.
pub const DEFAULT_CORPUS: &str = "builtin:corpus";

/// The limits of a run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The reference generator skips counts above this.
    pub max_reference_nodes: u64,
    /// Every generator skips counts above this (the deep tables, `corpus/deep/`).
    pub max_nodes: u64,
    /// Threads sharing each count's root moves.
    pub threads: usize,
    /// `--count`: only the records counted this way.
    pub count: Option<Counting>,
}

/// What to check for one game: its `.perft` files and its `games/expected.txt`, if any.
pub struct GameWork {
    /// The game.
    pub game: GameId,
    /// The folder shown in the header.
    pub shown: CorpusPath,
    /// Its `.perft` files.
    pub perft_files: Vec<CorpusPath>,
    /// Its `games/expected.txt`.
    pub expected: Option<CorpusPath>,
}

/// Why a corpus cannot be checked at all.
#[derive(Debug)]
pub enum CorpusError {
    /// A file or folder that cannot be read.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Nothing to check there (the message says why).
    Corpus(String),
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            CorpusError::Corpus(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for CorpusError {}

/// The text of a corpus file or a game record, at most [`crate::textfile::MAX_FILE_BYTES`].
///
/// # Errors
/// [`CorpusError::Io`] with the path (a file past the limit:
/// [`std::io::ErrorKind::FileTooLarge`]).
pub fn read_text(path: &CorpusPath) -> Result<String, CorpusError> {
    path.read_text()
        .map(|text| text.into_owned())
        .map_err(|error| CorpusError::Io {
            path: path.to_path_buf(),
            error,
        })
}

/// One step of the run: a game to check, or a folder passed over.
pub enum Plan {
    /// Check this game.
    Check(GameWork),
    /// Pass over this folder, and why.
    Skip { path: CorpusPath, why: String },
}

/// What `--corpus` (and `--game`) name: a folder of game folders, one game folder, or one
/// `.perft` file.
///
/// # Errors
/// [`CorpusError`]: nothing to check there, or a folder that cannot be listed.
pub fn plan(corpus: &CorpusPath, game: Option<GameId>) -> Result<Vec<Plan>, CorpusError> {
    let shown = corpus.to_string();
    if corpus.is_file() {
        let from_folder = corpus
            .parent()
            .and_then(|p| p.file_name().and_then(|n| n.parse().ok()));
        let Some(game) = game.or(from_folder) else {
            return Err(CorpusError::Corpus(format!(
                "which game is {shown:?}? Its folder is no game's name; add --game GAME"
            )));
        };
        return Ok(vec![Plan::Check(GameWork {
            game,
            shown: corpus.clone(),
            perft_files: vec![corpus.clone()],
            expected: None,
        })]);
    }
    if !corpus.is_dir() {
        let what = if corpus.is_builtin() {
            format!(
                "the built-in corpus has {}",
                CorpusPath::builtin_folders().join(", ")
            )
        } else {
            format!("leave --corpus out for the built-in corpus ({DEFAULT_CORPUS})")
        };
        return Err(CorpusError::Corpus(format!(
            "no corpus folder or .perft file at {shown:?}; {what}"
        )));
    }
    let own_name = corpus.file_name().and_then(|n| n.parse::<GameId>().ok());
    if let Some(own) = own_name {
        // One game's folder (corpus/kuma).
        if let Some(asked) = game.filter(|g| *g != own) {
            return Err(CorpusError::Corpus(format!(
                "{shown} is the corpus of {own}, not of {asked}"
            )));
        }
        return Ok(vec![Plan::Check(game_work(own, corpus)?)]);
    }
    match game {
        Some(name) => {
            let dir = corpus.join(name.name());
            if !dir.is_dir() {
                return Err(CorpusError::Corpus(format!(
                    "no corpus for {name}: {dir} is not a folder"
                )));
            }
            Ok(vec![Plan::Check(game_work(name, &dir)?)])
        }
        None => subfolders(corpus)?
            .into_iter()
            .map(|(name, dir)| {
                Ok(match name.parse::<GameId>() {
                    Ok(game) => Plan::Check(game_work(game, &dir)?),
                    Err(_) => Plan::Skip {
                        path: dir,
                        why: "is not a game folder".to_string(),
                    },
                })
            })
            .collect(),
    }
}

/// The `.perft` files and `games/expected.txt` of a game folder.
fn game_work(game: GameId, dir: &CorpusPath) -> Result<GameWork, CorpusError> {
    let perft_files = list(dir)?
        .into_iter()
        .filter(|p| p.has_extension("perft") && p.is_file())
        .collect();
    let expected = dir.join("games").join("expected.txt");
    Ok(GameWork {
        game,
        shown: dir.clone(),
        perft_files,
        expected: expected.is_file().then_some(expected),
    })
}

/// The subfolders of `dir`, sorted by name.
fn subfolders(dir: &CorpusPath) -> Result<Vec<(String, CorpusPath)>, CorpusError> {
    let mut found: Vec<(String, CorpusPath)> = list(dir)?
        .into_iter()
        .filter(|p| p.is_dir())
        .filter_map(|p| Some((p.file_name()?.to_string(), p)))
        .collect();
    found.sort();
    Ok(found)
}

/// The entries of `dir`, sorted.
fn list(dir: &CorpusPath) -> Result<Vec<CorpusPath>, CorpusError> {
    dir.entries().map_err(|error| CorpusError::Io {
        path: dir.to_path_buf(),
        error,
    })
}

/// One line of a game's perft table.
pub enum PerftRow<G: Game> {
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
    /// The record's `id`.
    pub fn id(&self) -> &str {
        match self {
            PerftRow::Count { id, .. } | PerftRow::Broken { id, .. } => id,
        }
    }

    /// The width of the row's id in the table (with ` [results]` for a count by result).
    pub fn shown_len(&self) -> usize {
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
pub fn perft_rows<G: Game>(rec: PerftRecord) -> Vec<PerftRow<G>> {
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

/// One line of `expected.txt`.
pub struct ExpectedGame {
    /// The record's file, relative to `games/`.
    pub file: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The reason, in words ([`reason_matches`]).
    pub reason: String,
}

/// Reads `expected.txt`: `<file> <result> <reason…>` per line, `#` comments, blank lines.
pub fn parse_expected(text: &str) -> Vec<(usize, Result<ExpectedGame, String>)> {
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

/// The largest count generator `choice` runs under `settings`.
pub fn limit(settings: &Settings, choice: GeneratorChoice) -> u64 {
    match choice {
        GeneratorChoice::Reference => settings.max_reference_nodes.min(settings.max_nodes),
        GeneratorChoice::Bitboard => settings.max_nodes,
    }
}

/// Generator `gen` (`choice`) counts `pos` to `depth` and compares with `expected`; skipped above
/// its [`limit`].
pub fn check_count<G: Game>(
    gen: &dyn Generator<G>,
    choice: GeneratorChoice,
    pos: &Position<G>,
    depth: u32,
    expected: u64,
    counting: Counting,
    settings: &Settings,
) -> Check {
    if expected > limit(settings, choice) {
        return Check {
            generator: choice.name().to_string(),
            status: Status::Skipped,
            got: None,
            seconds: 0.0,
        };
    }
    let start = Instant::now();
    let options = DivideOptions {
        threads: settings.threads,
        counting,
        table: None,
    };
    let got = divide_with(gen, pos, depth, &options, None).total;
    let took = start.elapsed().as_secs_f64();
    let ok = got == expected;
    Check {
        generator: choice.name().to_string(),
        status: if ok { Status::Ok } else { Status::Mismatch },
        got: (!ok).then(|| got.to_string()),
        seconds: took,
    }
}

/// Generator `gen` (`choice`) replays the record `text` ([`Records::replay`]) and its result is
/// compared with `entry`; on a difference [`Check::got`] says what it found.
pub fn check_record<G: Records>(
    gen: &dyn Generator<G>,
    choice: GeneratorChoice,
    text: &str,
    entry: &ExpectedGame,
) -> Check {
    let start = Instant::now();
    let replayed = G::replay(gen, text);
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
    Check {
        generator: choice.name().to_string(),
        status: if verdict.is_none() {
            Status::Ok
        } else {
            Status::Mismatch
        },
        got: verdict,
        seconds: took,
    }
}

/// The result and reason of a replayed game: the outcome if the game ended; otherwise `*` with the
/// draw the player to move could claim, or `*` and `unfinished`.
pub fn result_of(summary: &ReplaySummary) -> (&'static str, String) {
    match (&summary.outcome, &summary.claimable) {
        (Some(o), _) => (o.result(), o.reason.to_string()),
        (None, Some(claim)) => ("*", claim.reason.to_string()),
        (None, None) => ("*", "unfinished".to_string()),
    }
}

/// Whether the reason `expected` (as written in an `expected.txt`) names `actual` (`None` =
/// unfinished). Accepted spellings, compared without case and punctuation: the reason as
/// `fairyspec replay` prints it (`blind bear reached the last rank`), its short serde name
/// (`blind-bear`, `checkmate`, `threefold-claim`), and `unfinished` for a game still going on.
pub fn reason_matches(expected: &str, actual: Option<Reason>) -> bool {
    let norm = |s: &str| {
        s.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let expected = norm(expected);
    match actual {
        None => expected == "unfinished",
        Some(reason) => {
            let short = serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            expected == norm(&reason.to_string()) || expected == norm(&short)
        }
    }
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

    #[test]
    fn reasons_match_their_spellings() {
        assert!(reason_matches("checkmate", Some(Reason::Checkmate)));
        assert!(reason_matches("blind-bear", Some(Reason::BlindBear)));
        assert!(reason_matches(
            "Blind Bear reached the last rank",
            Some(Reason::BlindBear)
        ));
        assert!(reason_matches(
            "threefold-claim",
            Some(Reason::ThreefoldClaim)
        ));
        assert!(reason_matches("unfinished", None));
        assert!(!reason_matches("checkmate", Some(Reason::Stalemate)));
        assert!(!reason_matches("checkmate", None));
        assert!(!reason_matches("unfinished", Some(Reason::Checkmate)));
    }
}
