//! `fairyspec coverage`: which rules of SPEC.md a corpus exercises at its depths, with no engine
//! (SPEC.md CORE-1.7; [`crate::coverage`]).

use super::args::CoverageArgs;
use super::conform::read_corpus;
use super::error::CliError;
use crate::conform::corpus::sample;
use crate::corpus::CorpusPath;
use crate::coverage::corpus::{corpus_coverage, Check, CorpusCoverage};
use crate::coverage::{catalogue, RuleClass};
use crate::registry::{self, GameCommand, Registered};
use crate::Position;
use serde::Serialize;
use std::io::Write;

/// The schema of `coverage --json`.
pub const COVERAGE_SCHEMA: &str = "fairyspec.coverage/1";

struct Coverage<'o> {
    args: CoverageArgs,
    corpus: CorpusPath,
    out: &'o mut dyn Write,
}

/// `fairyspec coverage <game> [--corpus PATH] [--depth N] [--sample K] [--switch NAME=VALUE]...
/// [--budget N] [--require-all] [--json]`.
pub fn coverage_command(args: CoverageArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let corpus = args
        .corpus
        .clone()
        .unwrap_or_else(|| CorpusPath::builtin_game(args.game.name()));
    let game = args.game;
    game.run(Coverage { args, corpus, out })
}

impl GameCommand for Coverage<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        run::<G>(self)
    }
}

/// One rule in the JSON document.
#[derive(Serialize)]
struct RuleLine {
    rule: &'static str,
    title: &'static str,
    /// The first check that exercised it (none: not exercised).
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<crate::coverage::corpus::FirstSeen>,
    /// Why it is left out (left-out rules only).
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<&'static str>,
}

/// `coverage --json`.
#[derive(Serialize)]
struct Document {
    schema: &'static str,
    game: &'static str,
    corpus: String,
    /// The depth every position was checked at; none: each at the depths the corpus lists.
    depth: Option<u32>,
    sample: usize,
    switches: serde_json::Value,
    positions: usize,
    checks: usize,
    budget: u64,
    in_force: usize,
    exercised: Vec<RuleLine>,
    missing: Vec<RuleLine>,
    left_out: Vec<RuleLine>,
    /// Rules of other readings of the switches: they govern nothing under these.
    other_readings: Vec<RuleLine>,
    shortened: Vec<crate::coverage::corpus::Shortened>,
}

fn run<G: Registered>(cmd: Coverage<'_>) -> Result<(), CliError> {
    let args = &cmd.args;
    // The positions `conform --sample K` checks.
    let entries = sample(read_corpus(&cmd.corpus, args.depth)?, args.sample);
    let switches = registry::switches::<G>(args.switches.iter().map(String::as_str))?;
    let mut positions = Vec::with_capacity(entries.len());
    for e in &entries {
        let pos = Position::<G>::from_fen(e.fen.trim())
            .map_err(|err| CliError::Corpus(format!("corpus position {:?}: {err}", e.id)))?;
        positions.push(pos);
    }
    let checks: Vec<Check<'_, G>> = entries
        .iter()
        .zip(&positions)
        .flat_map(|(e, pos)| {
            e.depths.iter().map(move |&(depth, _)| Check {
                id: &e.id,
                pos,
                depth,
            })
        })
        .collect();
    let found = corpus_coverage::<G>(&checks, &switches, args.budget);
    let doc = document::<G>(args, &cmd.corpus, &switches, entries.len(), &found);
    let out = cmd.out;
    if args.json {
        let text = serde_json::to_string(&doc)
            .map_err(|e| CliError::Corpus(format!("cannot write the JSON: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        write!(out, "{}", text(&doc))?;
    }
    if args.require_all && !found.coverage.missing.is_empty() {
        return Err(CliError::CoverageIncomplete {
            missing: found.coverage.missing.clone(),
        });
    }
    Ok(())
}

fn document<G: Registered>(
    args: &CoverageArgs,
    corpus: &CorpusPath,
    switches: &G::Switches,
    positions: usize,
    found: &CorpusCoverage,
) -> Document {
    let rules = catalogue::<G>();
    let line = |id: &&'static str| {
        let entry = rules.iter().find(|e| e.id == *id);
        RuleLine {
            rule: id,
            title: entry.map_or("", |e| e.title),
            first: found.first.get(id).cloned(),
            why: None,
        }
    };
    let left_out = rules
        .iter()
        .filter_map(|e| match e.class {
            RuleClass::LeftOut(why) => Some(RuleLine {
                rule: e.id,
                title: e.title,
                first: None,
                why: Some(why),
            }),
            _ => None,
        })
        .collect();
    let other_readings = rules
        .iter()
        .filter(|e| e.class.governs() && !found.coverage.in_force.contains(&e.id))
        .map(|e| line(&e.id))
        .collect();
    Document {
        schema: COVERAGE_SCHEMA,
        game: G::NAME,
        corpus: corpus.to_string(),
        depth: args.depth,
        sample: args.sample,
        switches: serde_json::to_value(switches).unwrap_or_default(),
        positions,
        checks: found.checks,
        budget: args.budget,
        in_force: found.coverage.in_force.len(),
        exercised: found.coverage.exercised.iter().map(line).collect(),
        missing: found.coverage.missing.iter().map(line).collect(),
        left_out,
        other_readings,
        shortened: found.shortened.clone(),
    }
}

/// The text form: the summary line, then every rule by what became of it.
fn text(doc: &Document) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let depth = doc.depth.map_or_else(
        || "at the depths the corpus lists".to_string(),
        |d| format!("at depth {d}"),
    );
    let sample = if doc.sample > 1 {
        format!(", every {}th position", doc.sample)
    } else {
        String::new()
    };
    let switches = match doc.switches.as_object() {
        Some(o) if !o.is_empty() => o
            .iter()
            .map(|(k, v)| format!("{}={}", k.replace('_', "-"), v.as_str().unwrap_or("")))
            .collect::<Vec<_>>()
            .join(" "),
        _ => "none".to_string(),
    };
    let _ = writeln!(
        out,
        "coverage {}: corpus {} ({} positions{sample}, {} checks {depth}); switches: {switches}",
        doc.game, doc.corpus, doc.positions, doc.checks
    );
    let _ = writeln!(
        out,
        "rules exercised: {} of {} (SPEC.md CORE-1.7)",
        doc.exercised.len(),
        doc.in_force
    );
    for r in &doc.exercised {
        let first = r
            .first
            .as_ref()
            .map(|f| format!(" (first: {} at depth {})", f.id, f.depth))
            .unwrap_or_default();
        let _ = writeln!(out, "  {:<10} {}{first}", r.rule, r.title);
    }
    let _ = writeln!(out, "not exercised: {}", doc.missing.len());
    for r in &doc.missing {
        let _ = writeln!(out, "  {:<10} {}", r.rule, r.title);
    }
    if !doc.shortened.is_empty() {
        let _ = writeln!(
            out,
            "counted less deep than checked (over the budget of {} positions a check):",
            doc.budget
        );
        for s in &doc.shortened {
            let _ = writeln!(
                out,
                "  {} at depth {}: to depth {}",
                s.id, s.depth, s.walked
            );
        }
    }
    if !doc.other_readings.is_empty() {
        let _ = writeln!(
            out,
            "rules of other readings (govern nothing under these switches): {}",
            doc.other_readings
                .iter()
                .map(|r| r.rule)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        out,
        "left out (they govern neither the moves nor the outcome): {}",
        doc.left_out.len()
    );
    for r in &doc.left_out {
        let _ = writeln!(
            out,
            "  {:<10} {}: {}",
            r.rule,
            r.title,
            r.why.unwrap_or_default()
        );
    }
    out
}
