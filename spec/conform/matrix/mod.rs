//! The conformance matrix: every implementation fairyspec can run, over its game's corpus, under
//! the reading of the rules it follows, as one table (`docs/conformance.md`, written by
//! `fairyspec matrix` from `corpus/matrix.txt`; CI writes it again and fails when it differs).
//!
//! The matrix file holds blocks separated by blank lines, `#` comments, one `key value` per line:
//!
//! ```text
//! row minase-lishogi                     a name for the row (unique)
//! game chu
//! implementation minase                  what is tested, and where it comes from
//! version 2.6.0
//! source crates.io `minase` (stepney141), GPL-3.0-or-later; run, not copied
//! version-check cargo install --list => minase v2.6.0
//! engine python3 examples/chu/minase_perftree.py lishogi
//! protocol perftree                      perftree | uci | usi | xboard
//! option NAME=VALUE                      (repeatable) engine options
//! map identity                           the move-text mapping (--map)
//! setboard board                         XBoard only
//! count results                          routes (default) | results
//! switch counter-strike=jcsa             (repeatable) the spec's reading the engine follows
//! reading minase's `lishogi` rule set (L1, L2, P0, P3): the spec's defaults
//! corpus corpus/chu                      a .perft file or a folder of them
//! sample 4                               every 4th position only (default: every position)
//! whole rules.perft                      (repeatable) a file of the corpus checked whole,
//!                                        whatever `sample` says (the others are sampled)
//! depth 2
//! fuzz 40                                then 40 positions of `conform --fuzz` (default: none)
//! fuzz-seed 1                            their seed (default 1)
//! timeout 120                            seconds per query
//! settled TEXT => VERDICT                (repeatable) see below
//! ```
//!
//! A row that cannot be run says why instead of naming an engine: `not-run REASON`.
//!
//! **Every difference settled.** A row's checks that diverge are grouped by the specification's
//! explanation of the first differing position; each group must match a `settled` line (its
//! `TEXT` appears in one of the explanation's lines, the counting note or the engine error) whose
//! `VERDICT` says what it is — a reading the engine follows (then it has a switch and the row
//! should use it) or a defect of the engine, shown by a minimal position pinned in
//! `tests/all/conform.rs`. A difference no `settled` line names makes the row *unsettled* and
//! `fairyspec matrix` fail. `version-check` runs a command (no shell) whose output must contain
//! the text after `=>`: the implementation is the pinned version, or the row fails.

mod page;

pub use page::{command, render};

use super::report::{MoveExplanation, PositionReport, Report, Status};
use crate::perft::Counting;
use std::collections::BTreeMap;
use std::fmt;
use std::process::{Command, Stdio};
use std::time::Duration;

pub use super::start::Protocol;

/// A difference the matrix file explains: where `text` appears, `verdict` says what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub text: String,
    pub verdict: String,
}

/// What a row runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The engine's command line.
    pub engine: String,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
    pub map: String,
    /// XBoard: `board` (the board field alone) or `fen`.
    pub setboard: Option<String>,
    pub counting: Counting,
    /// `--switch NAME=VALUE` lines.
    pub switches: Vec<String>,
    pub corpus: String,
    /// Every `sample`-th position of the corpus (1: every position), for a slow engine.
    pub sample: usize,
    /// Files of the corpus (by name) checked at every position whatever `sample` says: the
    /// positions placed to exercise a rule or tell a reading apart (SPEC.md CORE-1.7).
    pub whole: Vec<String>,
    pub depth: u32,
    /// The fuzz after the corpus (`conform --fuzz N --seed S`, at the row's depth), if any.
    pub fuzz: Option<RowFuzz>,
    pub timeout: Duration,
    /// `command => expected text`.
    pub version_check: Option<(String, String)>,
    pub settled: Vec<Settlement>,
}

/// A row's fuzz: how many positions, from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowFuzz {
    pub positions: usize,
    pub seed: u64,
}

/// One row of the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub game: String,
    pub implementation: String,
    pub version: String,
    pub source: String,
    /// The reading of the rules in words.
    pub reading: String,
    /// What to run, or why nothing is run.
    pub run: Result<Run, String>,
    /// The line of the matrix file where the row starts.
    pub line: usize,
}

/// A matrix file that cannot be read: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for MatrixError {}

/// The keys of a block, as read.
#[derive(Default)]
struct Block {
    line: usize,
    single: BTreeMap<String, (usize, String)>,
    many: BTreeMap<String, Vec<String>>,
}

const SINGLE: &[&str] = &[
    "row",
    "game",
    "implementation",
    "version",
    "source",
    "version-check",
    "engine",
    "protocol",
    "map",
    "setboard",
    "count",
    "reading",
    "corpus",
    "depth",
    "timeout",
    "sample",
    "fuzz",
    "fuzz-seed",
    "not-run",
];
const MANY: &[&str] = &["option", "switch", "settled", "whole"];

/// Reads a matrix file.
///
/// # Errors
/// The first line that breaks the format: an unknown key, a key given twice, a row without its
/// required keys, a bad value.
pub fn parse_matrix(text: &str) -> Result<Vec<Row>, MatrixError> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut current: Option<Block> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            blocks.extend(current.take());
            continue;
        }
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim().to_string();
        let err = |message: String| MatrixError {
            line: line_no,
            message,
        };
        if value.is_empty() {
            return Err(err(format!("{key:?} needs a value")));
        }
        let block = current.get_or_insert_with(|| Block {
            line: line_no,
            ..Block::default()
        });
        if SINGLE.contains(&key) {
            if block.single.contains_key(key) {
                return Err(err(format!("{key:?} twice in one row")));
            }
            block.single.insert(key.to_string(), (line_no, value));
        } else if MANY.contains(&key) {
            block.many.entry(key.to_string()).or_default().push(value);
        } else {
            return Err(err(format!("unknown key {key:?}")));
        }
    }
    blocks.extend(current.take());
    let mut rows: Vec<Row> = Vec::new();
    for b in blocks {
        let row = row_of(&b)?;
        if rows.iter().any(|r| r.name == row.name) {
            return Err(MatrixError {
                line: b.line,
                message: format!("a second row {:?}", row.name),
            });
        }
        rows.push(row);
    }
    Ok(rows)
}

fn row_of(b: &Block) -> Result<Row, MatrixError> {
    let err = |line: usize, message: String| MatrixError { line, message };
    let get = |key: &str| b.single.get(key).map(|(_, v)| v.clone());
    let need = |key: &str| get(key).ok_or_else(|| err(b.line, format!("the row has no {key:?}")));
    let many = |key: &str| b.many.get(key).cloned().unwrap_or_default();
    let name = need("row")?;
    let run = match get("not-run") {
        Some(reason) => Err(reason),
        None => {
            let line_of = |key: &str| b.single.get(key).map_or(b.line, |(l, _)| *l);
            let protocol_name = get("protocol").unwrap_or_else(|| "perftree".to_string());
            let protocol = Protocol::from_name(&protocol_name).ok_or_else(|| {
                err(
                    line_of("protocol"),
                    format!("protocol {protocol_name:?}: perftree, uci, usi or xboard"),
                )
            })?;
            let counting = match get("count") {
                None => Counting::Routes,
                Some(c) => Counting::from_name(&c).ok_or_else(|| {
                    err(line_of("count"), format!("count {c:?}: routes or results"))
                })?,
            };
            let depth = need("depth")?
                .parse::<u32>()
                .ok()
                .filter(|d| (1..=64).contains(d))
                .ok_or_else(|| err(line_of("depth"), "depth: 1 to 64".to_string()))?;
            let timeout = match get("timeout") {
                None => super::start::DEFAULT_TIMEOUT,
                Some(t) => t
                    .parse::<u64>()
                    .ok()
                    .filter(|t| (1..=86_400).contains(t))
                    .ok_or_else(|| err(line_of("timeout"), "timeout: 1 to 86400".to_string()))?,
            };
            let sample = match get("sample") {
                None => 1,
                Some(n) => n
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=super::corpus::MAX_SAMPLE).contains(n))
                    .ok_or_else(|| {
                        let max = super::corpus::MAX_SAMPLE;
                        err(line_of("sample"), format!("sample: 1 to {max}"))
                    })?,
            };
            let fuzz = match get("fuzz") {
                None => None,
                Some(n) => Some(RowFuzz {
                    positions: n
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=1_000_000).contains(n))
                        .ok_or_else(|| err(line_of("fuzz"), "fuzz: 1 to 1000000".to_string()))?,
                    seed: match get("fuzz-seed") {
                        None => 1,
                        Some(s) => s.parse::<u64>().map_err(|_| {
                            err(line_of("fuzz-seed"), "fuzz-seed: a number".to_string())
                        })?,
                    },
                }),
            };
            if fuzz.is_none() && get("fuzz-seed").is_some() {
                return Err(err(
                    line_of("fuzz-seed"),
                    "fuzz-seed without fuzz".to_string(),
                ));
            }
            let options = many("option")
                .into_iter()
                .map(|o| match o.split_once('=') {
                    Some((n, v)) => Ok((n.trim().to_string(), v.trim().to_string())),
                    None => Err(err(b.line, format!("option {o:?}: NAME=VALUE"))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let settled = many("settled")
                .into_iter()
                .map(|s| match s.split_once("=>") {
                    Some((t, v)) if !t.trim().is_empty() && !v.trim().is_empty() => {
                        Ok(Settlement {
                            text: t.trim().to_string(),
                            verdict: v.trim().to_string(),
                        })
                    }
                    _ => Err(err(b.line, format!("settled {s:?}: TEXT => VERDICT"))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let version_check = match get("version-check") {
                None => None,
                Some(v) => match v.split_once("=>") {
                    Some((c, e)) => Some((c.trim().to_string(), e.trim().to_string())),
                    None => {
                        return Err(err(
                            line_of("version-check"),
                            "version-check: COMMAND => EXPECTED".to_string(),
                        ))
                    }
                },
            };
            Ok(Run {
                engine: need("engine")?,
                protocol,
                options,
                map: get("map").unwrap_or_else(|| "identity".to_string()),
                setboard: get("setboard"),
                counting,
                switches: many("switch"),
                corpus: need("corpus")?,
                sample,
                whole: many("whole"),
                depth,
                fuzz,
                timeout: Duration::from_secs(timeout),
                version_check,
                settled,
            })
        }
    };
    Ok(Row {
        name,
        game: need("game")?,
        implementation: need("implementation")?,
        version: get("version").unwrap_or_else(|| "-".to_string()),
        source: get("source").unwrap_or_default(),
        reading: get("reading").unwrap_or_else(|| "the spec's defaults".to_string()),
        run,
        line: b.line,
    })
}

/// Runs a row's `version-check`: `Ok` if the output holds the expected text, else why not.
///
/// # Errors
/// The command is missing, fails, or prints another version.
pub fn check_version(command: &str, expected: &str) -> Result<(), String> {
    let words = super::engine::split_command(command).map_err(|e| e.to_string())?;
    let out = Command::new(&words[0])
        .args(&words[1..])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("`{command}` cannot run: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if text.contains(expected) {
        Ok(())
    } else {
        let found: String = text.lines().take(3).collect::<Vec<_>>().join(" | ");
        Err(format!(
            "`{command}` does not say {expected:?} (it says {found:?}): not the pinned version"
        ))
    }
}

impl Run {
    /// The corpus positions the row checks, from all of its corpus (`entries`, in order): every
    /// [`Run::sample`]-th of those not in a [`Run::whole`] file, then every one of those.
    pub fn sampled(&self, entries: Vec<super::CorpusEntry>) -> Vec<super::CorpusEntry> {
        super::corpus::sample_keeping(entries, self.sample, &self.whole)
    }
}

/// One kind of difference of a row: the checks that diverged the same way, and what settles it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    /// What the checks of this cause share: the `settled` text that matched, or (unsettled) the
    /// line that names the difference.
    pub key: String,
    /// The line that names the difference (the first explanation, the engine error).
    pub text: String,
    /// The position where it was first seen (`id`, depth) and its FEN.
    pub first: (String, u32, String),
    pub count: usize,
    /// The verdict of the matching `settled` line; `None`: unsettled.
    pub verdict: Option<String>,
    /// The details of the first occurrence, for the page.
    pub detail: Vec<String>,
}

/// What a row found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not run, and why.
    NotRun(String),
    /// The implementation is missing or not the pinned version.
    Unavailable(String),
    /// The checks made.
    Ran {
        /// Positions to check (each at one depth): the corpus's, and the fuzz's.
        positions: usize,
        /// How many of `positions` the fuzz asked for (`fuzz N`).
        fuzzed: usize,
        /// Positions left unchecked after an engine error ended the run.
        unchecked: usize,
        agreed: usize,
        skipped: Vec<(String, String)>,
        causes: Vec<Cause>,
        /// The rules the checks that agreed exercised (SPEC.md CORE-1.7), if counted.
        coverage: Option<Box<crate::coverage::corpus::CorpusCoverage>>,
    },
}

impl Outcome {
    /// Whether every difference is settled (and the row could run, or says why not).
    pub fn settled(&self) -> bool {
        match self {
            Outcome::NotRun(_) => true,
            Outcome::Unavailable(_) => false,
            Outcome::Ran { causes, .. } => causes.iter().all(|c| c.verdict.is_some()),
        }
    }
}

/// The lines a divergence or an engine error is known by: what a `settled` text is looked for
/// in, the first of them naming the cause.
fn cause_lines(p: &PositionReport) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(e) = &p.error {
        lines.push(format!("engine error: {e}"));
    }
    if let Some(d) = &p.divergence {
        if let Some(c) = &d.counting_pattern {
            lines.push(c.text.clone());
        }
        if let Some(n) = &d.note {
            lines.push(n.clone());
        }
        for group in MoveExplanation::grouped(&d.explanations) {
            lines.push(MoveExplanation::group_line(&group));
        }
        lines.extend(d.readings.iter().map(|r| r.text.clone()));
        if lines.is_empty() {
            let mut text = String::new();
            p.write_text(&mut text);
            lines.extend(text.lines().skip(3).map(str::trim).map(str::to_string));
        }
    }
    lines
}

/// Sorts a row's report over a corpus of `positions` positions (and the fuzz positions after
/// them, if the report has a fuzz part) into agreement and causes, each cause matched to its
/// settlement.
pub fn outcome_of(report: &Report, positions: usize, settled: &[Settlement]) -> Outcome {
    let fuzzed = report
        .fuzz
        .as_ref()
        .map_or(0, |f| f.asked.unwrap_or(f.positions));
    let positions = positions + fuzzed;
    let findings: Vec<_> = report.fuzz.iter().flat_map(|f| &f.findings).collect();
    let mut checked: Vec<&str> = report.positions.iter().map(|p| p.id.as_str()).collect();
    checked.dedup();
    let mut causes: Vec<Cause> = Vec::new();
    let mut skipped = Vec::new();
    let mut agreed = 0;
    for p in &report.positions {
        match p.status {
            Status::Agree => agreed += 1,
            Status::Skipped => skipped.push((p.id.clone(), p.skip_reason().unwrap_or_default())),
            Status::Diverged | Status::EngineError => {
                let lines = cause_lines(p);
                let verdict = settled
                    .iter()
                    .find(|s| lines.iter().any(|l| l.contains(&s.text)))
                    .map(|s| (s.text.clone(), s.verdict.clone()));
                // Settled differences group by their settlement; unsettled ones by their text.
                let key = match &verdict {
                    Some((text, _)) => text.clone(),
                    None => lines.first().cloned().unwrap_or_default(),
                };
                match causes.iter_mut().find(|c| c.key == key) {
                    Some(c) => c.count += 1,
                    None => {
                        let mut detail = String::new();
                        p.write_text(&mut detail);
                        if let Some(f) = findings.iter().find(|f| f.id == p.id) {
                            f.write_text(&mut detail);
                        }
                        causes.push(Cause {
                            key,
                            text: lines.first().cloned().unwrap_or_default(),
                            first: (p.id.clone(), p.depth, p.fen.clone()),
                            count: 1,
                            verdict: verdict.map(|(_, v)| v),
                            detail: detail.lines().map(str::to_string).collect(),
                        });
                    }
                }
            }
        }
    }
    Outcome::Ran {
        positions,
        fuzzed,
        unchecked: positions.saturating_sub(checked.len()),
        agreed,
        skipped,
        causes,
        coverage: report.coverage.clone().map(Box::new),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
# a comment
row a
game chu
implementation minase
version 2.6.0
engine python3 x.py lishogi
count results
switch counter-strike=jcsa
corpus corpus/chu
depth 2
fuzz 40
fuzz-seed 3
settled a finished game has no moves => defect: counts after the end

row b
game congo
implementation (none known)
not-run no runnable implementation is known
";

    #[test]
    fn reads_rows() {
        let rows = parse_matrix(FILE).unwrap();
        assert_eq!(rows.len(), 2);
        let run = rows[0].run.as_ref().unwrap();
        assert_eq!(run.counting, Counting::Results);
        assert_eq!(run.protocol, Protocol::Perftree);
        assert_eq!(run.switches, ["counter-strike=jcsa"]);
        assert_eq!(run.settled[0].text, "a finished game has no moves");
        assert_eq!(
            run.fuzz,
            Some(RowFuzz {
                positions: 40,
                seed: 3
            })
        );
        assert_eq!(
            rows[1].run,
            Err("no runnable implementation is known".to_string())
        );
    }

    #[test]
    fn rejects_broken_rows() {
        for (text, line) in [
            ("row a\ngame chu\nimplementation x\nfoo 1\n", 4),
            ("row a\nrow b\n", 2),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\n", 1),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\ndepth 0\n", 6),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\ndepth 1\ncount moves\n", 7),
            ("row a\ngame chu\nimplementation x\nnot-run x\n\nrow a\ngame chu\nimplementation y\nnot-run y\n", 6),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\ndepth 1\nfuzz 0\n", 7),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\ndepth 1\nfuzz-seed 2\n", 7),
            ("row a\ngame chu\nimplementation x\nengine e\ncorpus c\ndepth 1\nfuzz 9\nfuzz-seed x\n", 8),
        ] {
            let e = parse_matrix(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
    }

    #[test]
    fn versions_are_checked() {
        assert!(check_version("echo minase v2.6.0", "minase v2.6.0").is_ok());
        let e = check_version("echo minase v2.5.0", "minase v2.6.0").unwrap_err();
        assert!(e.contains("not the pinned version"), "{e}");
        assert!(check_version("/nonexistent/x", "1").is_err());
    }
}
