//! The result of a conformance run: [`Report`] (serialised as the JSON of `--report FILE`) and
//! its human-readable text ([`Report::text`], [`PositionReport::write_text`]).

use super::engine::EngineError;
use super::fuzz::FuzzReport;
use crate::perft::Counting;
use serde::Serialize;
use std::fmt::Write as _;

/// Everything a conformance run found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's command-line name.
    pub game: String,
    /// The engine as [`super::Engine::describe`] puts it.
    pub engine: String,
    /// The move-text mapping (`--map`).
    pub map: String,
    /// The specification's generator that gave the counts (`bitboard` or `reference`).
    pub generator: String,
    /// What counts as one node (`routes`, the default, or `results`: CHU-9.5).
    pub counting: Counting,
    /// One entry per (position, depth) checked, in order.
    pub positions: Vec<PositionReport>,
    /// Counts of the entries.
    pub summary: Summary,
    /// The rules of SPEC.md the checks the engine agreed on exercised, and those they did not
    /// (SPEC.md CORE-1.7). Set by the command line (`fairyspec conform`), which counts them
    /// after the run; `None` from [`super::conform`] itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coverage: Option<crate::coverage::corpus::CorpusCoverage>,
    /// Why the run ended before its last check, if it did (`null` when every check was made).
    pub stopped: Option<Stopped>,
    /// The fuzz part of the run (`conform --fuzz`), if there was one; its checks are among
    /// `positions` (ids `fuzz-N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fuzz: Option<FuzzReport>,
}

/// A run that ended early: the engine could not run at all, could not be started again after an
/// error, or failed on each of the first checks without ever answering.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stopped {
    /// Why, in words.
    pub reason: String,
    /// The error that ended it (for a restart that failed, the restart's error).
    pub error: EngineError,
    /// Checks not made.
    pub not_checked: usize,
}

/// How many checks agreed, diverged, or could not be made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub checks: usize,
    pub agreed: usize,
    pub diverged: usize,
    pub engine_errors: usize,
    /// Positions the engine cannot be given ([`EngineError::Unsupported`]), or the
    /// specification could not count within its time limit ([`PositionReport::spec_stopped`]).
    pub skipped: usize,
    /// Checks not made because the run stopped early ([`Report::stopped`]).
    pub not_checked: usize,
}

/// The outcome of one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Same moves, same counts.
    Agree,
    /// The engine and the specification differ; see the divergence.
    Diverged,
    /// The engine gave no usable answer; see the error.
    EngineError,
    /// The engine cannot be given this position (its protocol cannot say it; see the error), or
    /// the specification's own count was stopped ([`PositionReport::spec_stopped`]).
    Skipped,
}

/// One corpus position at one depth.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReport {
    /// The corpus record's id.
    pub id: String,
    /// The corpus file it came from.
    pub source: String,
    /// The corpus position.
    pub fen: String,
    pub depth: u32,
    /// The specification's count.
    pub spec_nodes: u64,
    /// The engine's count (none after an engine error).
    pub engine_nodes: Option<u64>,
    /// The corpus file's count for this depth, if it lists one.
    pub expected: Option<u64>,
    pub status: Status,
    pub divergence: Option<Divergence>,
    pub error: Option<EngineError>,
    /// After an engine error: the engine process was started again for the next check (a
    /// long-lived engine is killed on an error; a perftree engine runs once per query anyway).
    pub restarted: bool,
    /// Why the specification's own count was stopped (its time limit, `conform --timeout`),
    /// when it was: the check is then skipped, the engine not asked, and `spec_nodes` is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec_stopped: Option<String>,
}

impl PositionReport {
    /// Why the check was skipped, if it was: the engine's reason or the specification's.
    pub fn skip_reason(&self) -> Option<String> {
        if self.status != Status::Skipped {
            return None;
        }
        self.error
            .as_ref()
            .map(|e| e.to_string())
            .or_else(|| self.spec_stopped.clone())
    }
}

/// What kind of difference the descent ended at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DivergenceKind {
    /// The two lists of legal moves differ (the usual case).
    MoveLists,
    /// Same moves, but at depth 1 the engine counts a move as other than one leaf.
    LeafCounts,
    /// Same moves and counts here, although one level up the engine gave this position another
    /// count: the engine contradicts itself (e.g. a hashing bug in its perft).
    EngineInconsistent,
}

/// The first position where the engine and the specification differ.
#[derive(Clone, Debug, Serialize)]
pub struct Divergence {
    pub kind: DivergenceKind,
    /// The position where the move lists differ.
    pub fen: String,
    /// The moves from the corpus position to it, in the specification's text.
    pub path: Vec<String>,
    /// The same moves in the engine's text.
    pub engine_path: Vec<String>,
    /// The perft depth asked at that position.
    pub depth: u32,
    /// Moves the engine lists and the specification does not (the engine's text; where the
    /// mapping changed it, `engine text -> mapped text`).
    pub only_engine: Vec<String>,
    /// Moves the specification lists and the engine does not.
    pub only_spec: Vec<String>,
    /// Moves the engine lists more than once: the same text again, or — counting by result — a
    /// second route to a result it listed already (`route -> the result's spec text`).
    pub listed_twice: Vec<String>,
    /// The counts along the way: one step per move of the path.
    pub trail: Vec<Step>,
    /// Number of legal moves there: specification, engine.
    pub spec_moves: usize,
    pub engine_moves: usize,
    /// The specification's explanation of each move in `only_engine` and `only_spec`
    /// (`fairyspec explain`): the rules that make a spec move legal, or forbid an engine move.
    pub explanations: Vec<MoveExplanation>,
    /// Set when the engine's moves there follow the other way of counting: exactly the spec's
    /// distinct results while routes are compared, or exactly its routes while results are.
    pub counting_pattern: Option<CountingPattern>,
    /// A remark on the position as a whole (the engine lists no move where the spec's game goes
    /// on), if there is one.
    pub note: Option<String>,
    /// The other readings of the rules (a switch set otherwise, SPEC.md's **\[reading\]**s) under
    /// which the spec reaches this position by the same moves and has exactly the engine's
    /// moves there: the engine may follow one of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<OtherReading>,
    /// The position on the page of `fairyspec serve`, with the rule switches of the run:
    /// `/play/<game>#<FEN>` ([`page_link`]).
    pub page: String,
}

/// Another reading of the rules that gives exactly the engine's moves at a divergence.
#[derive(Clone, Debug, Serialize)]
pub struct OtherReading {
    /// The switch and the value (`blind-bear`, `even-if-exposed`).
    pub switch: String,
    pub value: String,
    /// The rules of SPEC.md that state that reading (`KUMA-7.4`).
    pub rules: Vec<String>,
    /// The sentence for the report.
    pub text: String,
}

/// Where `fairyspec serve` listens unless told otherwise (`crate::serve::DEFAULT_PORT`; a test
/// holds the two equal, and this module does not need the server to be built).
pub const PAGE_ORIGIN: &str = "http://127.0.0.1:8754";

/// The page's link to a position: `/play/<game>#<FEN>`, the FEN percent-encoded (a space is
/// `%20`), then `&switch=NAME=VALUE` for each rule switch that is not at its default — what the
/// page's script reads from the address (`spec/serve/assets/app.js`).
pub fn page_link(game: &str, fen: &str, switches: &[(&str, &str)]) -> String {
    let mut link = format!("/play/{game}#{}", encode_fragment(fen));
    for (name, value) in switches {
        link.push_str(&format!(
            "&switch={}={}",
            encode_fragment(name),
            encode_fragment(value)
        ));
    }
    link
}

/// Percent-encodes everything but the characters a FEN is made of that need no encoding in an
/// address's fragment (letters, digits, `/ + - . _ ~`), so that `decodeURIComponent` gives the
/// text back.
fn encode_fragment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'+' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char);
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The engine seems to count another way than the run asked (`--count`).
#[derive(Clone, Debug, Serialize)]
pub struct CountingPattern {
    /// The counting the engine seems to follow.
    pub counting: Counting,
    /// The rule that defines it (`CHU-9.5`), where the game has one.
    pub rule: Option<String>,
    /// The sentence for the report.
    pub text: String,
}

/// The specification's word on one move the engine and the specification disagree about.
#[derive(Clone, Debug, Serialize)]
pub struct MoveExplanation {
    /// `spec-only` (the engine lacks it) or `engine-only` (the engine has it, the spec does not).
    pub side: String,
    /// The move in the specification's text.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether the specification finds it legal.
    pub legal: bool,
    /// The reasons and effects, each with its rule ID, in one line.
    pub text: String,
    /// The rule IDs cited.
    pub rules: Vec<String>,
    /// `text` with the squares the move goes to (all but its start) left out, so that the
    /// explanations of moves of one kind (a Lion's two-step moves) group into one line.
    #[serde(skip)]
    pub pattern: String,
}

impl MoveExplanation {
    /// The short form of a full explanation: the state of the game first where it matters (why
    /// the game is over), then the reasons and the effects.
    pub fn from_explanation(side: &str, e: &crate::explain::Explanation) -> MoveExplanation {
        let parts: Vec<String> = e
            .position
            .iter()
            .chain(&e.reasons)
            .chain(&e.effects)
            .map(|c| c.to_string())
            .collect();
        let text = parts.join("; ");
        MoveExplanation {
            side: side.to_string(),
            mv: e.mv.clone().unwrap_or_else(|| e.text.clone()),
            legal: e.legal,
            // The caller that knows the position leaves the squares out (compare.rs).
            pattern: text.clone(),
            text,
            rules: e.rules().iter().map(|r| r.to_string()).collect(),
        }
    }

    /// One line of the text report.
    pub fn line(&self) -> String {
        MoveExplanation::group_line(std::slice::from_ref(self))
    }

    /// One line for explanations that say the same thing (same side, verdict and pattern)
    /// about several moves: `the engine lacks 7j6i7j 7j6j7j (2 moves): …`, the squares the
    /// moves go to left out of the shared explanation (`…`).
    pub fn group_line(group: &[MoveExplanation]) -> String {
        let Some(first) = group.first() else {
            return String::new();
        };
        let text = if group.len() > 1 {
            &first.pattern
        } else {
            &first.text
        };
        let mut moves: Vec<&str> = group.iter().map(|e| e.mv.as_str()).collect();
        let shown = if moves.len() > 12 {
            let n = moves.len();
            moves.truncate(10);
            format!("{} … ({n} moves)", moves.join(" "))
        } else if moves.len() > 1 {
            format!("{} ({} moves)", moves.join(" "), moves.len())
        } else {
            moves.join(" ")
        };
        match (first.side.as_str(), first.legal) {
            ("spec-only", _) => format!("the engine lacks {shown}: {text}"),
            (_, false) => format!("the engine has {shown}, which the spec forbids: {text}"),
            (_, true) => format!("the engine has {shown} (the spec finds it legal: {text})"),
        }
    }

    /// Groups explanations that say the same thing, in the order of their first member.
    pub fn grouped(all: &[MoveExplanation]) -> Vec<Vec<MoveExplanation>> {
        let mut groups: Vec<Vec<MoveExplanation>> = Vec::new();
        for e in all {
            match groups
                .iter_mut()
                .find(|g| g[0].side == e.side && g[0].legal == e.legal && g[0].pattern == e.pattern)
            {
                Some(g) => g.push(e.clone()),
                None => groups.push(vec![e.clone()]),
            }
        }
        groups
    }
}

/// One move of a divergence's path and the two counts below it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    #[serde(rename = "move")]
    pub mv: String,
    pub engine_move: String,
    /// The depth of the count below this move.
    pub depth: u32,
    pub spec: u64,
    pub engine: u64,
}

impl Summary {
    /// Adds one check.
    pub fn count(&mut self, status: Status) {
        self.checks += 1;
        match status {
            Status::Agree => self.agreed += 1,
            Status::Diverged => self.diverged += 1,
            Status::EngineError => self.engine_errors += 1,
            Status::Skipped => self.skipped += 1,
        }
    }
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "(none)".to_string()
    } else {
        moves.join(" ")
    }
}

impl PositionReport {
    /// `corpus`, or `fuzz` for a position of a fuzz run.
    fn kind(&self) -> &'static str {
        if self.source == "fuzz" {
            "fuzz"
        } else {
            "corpus"
        }
    }

    /// The check as text: one line, and for a divergence or an error the details below it.
    pub fn write_text(&self, out: &mut String) {
        let engine = self
            .engine_nodes
            .map_or_else(|| "-".to_string(), |n| n.to_string());
        let spec = match self.spec_stopped {
            Some(_) => "-".to_string(),
            None => self.spec_nodes.to_string(),
        };
        let status = match self.status {
            Status::Agree => "ok",
            Status::Diverged => "DIVERGED",
            Status::EngineError => "ENGINE ERROR",
            Status::Skipped => "skipped",
        };
        let _ = writeln!(
            out,
            "{} depth {}: spec {spec} engine {engine} {status}",
            self.id, self.depth
        );
        if let Some(e) = &self.error {
            let _ = writeln!(out, "  {e}");
        }
        if self.restarted {
            let _ = writeln!(out, "  (the engine was started again for the next check)");
        }
        if let Some(why) = &self.spec_stopped {
            let _ = writeln!(out, "  {why}");
        }
        if let Some(d) = &self.divergence {
            let _ = writeln!(out, "  {} position: {}", self.kind(), self.fen);
            let what = match d.kind {
                DivergenceKind::MoveLists => "the legal moves differ",
                DivergenceKind::LeafCounts => "same moves, but the engine counts a move as other than 1 at depth 1",
                DivergenceKind::EngineInconsistent => "same moves and counts here, but one level up the engine counted this position differently",
            };
            let _ = writeln!(out, "  first differing position ({what}):");
            let _ = writeln!(out, "    FEN: {}", d.fen);
            if !d.page.is_empty() {
                let _ = writeln!(
                    out,
                    "    on the page: {PAGE_ORIGIN}{} (while `fairyspec serve` runs)",
                    d.page
                );
            }
            let _ = writeln!(
                out,
                "    path from the {} position: {}",
                self.kind(),
                if d.path.is_empty() {
                    format!("(the {} position itself)", self.kind())
                } else {
                    d.path.join(" ")
                }
            );
            if d.engine_path != d.path {
                let _ = writeln!(out, "    (engine text: {})", d.engine_path.join(" "));
            }
            if !d.trail.is_empty() {
                let _ = writeln!(out, "    counts along the way:");
                for s in &d.trail {
                    let _ = writeln!(
                        out,
                        "      {} (depth {}): spec {} engine {}",
                        s.mv, s.depth, s.spec, s.engine
                    );
                }
            }
            let _ = writeln!(
                out,
                "    legal moves there: spec {}, engine {}",
                d.spec_moves, d.engine_moves
            );
            let _ = writeln!(
                out,
                "    moves only the engine has: {}",
                list(&d.only_engine)
            );
            let _ = writeln!(out, "    moves only the spec has:   {}", list(&d.only_spec));
            if !d.listed_twice.is_empty() {
                let _ = writeln!(
                    out,
                    "    moves the engine lists twice: {}",
                    d.listed_twice.join(" ")
                );
            }
            if let Some(p) = &d.counting_pattern {
                let _ = writeln!(out, "    {}", p.text);
            }
            if let Some(note) = &d.note {
                let _ = writeln!(out, "    {note}");
            }
            for r in &d.readings {
                let _ = writeln!(out, "    {}", r.text);
            }
            for group in MoveExplanation::grouped(&d.explanations) {
                let _ = writeln!(out, "    {}", MoveExplanation::group_line(&group));
            }
        }
    }
}

impl Report {
    /// The header line.
    pub fn header(&self) -> String {
        let counting = match self.counting {
            Counting::Routes => String::new(),
            Counting::Results => "; counting by result".to_string(),
        };
        format!(
            "conform {}: engine {}; map {}; spec generator {}{counting}\n",
            self.game, self.engine, self.map, self.generator
        )
    }

    /// The lines after the checks: why the run stopped early, if it did, and the summary line.
    pub fn footer(&self) -> String {
        let s = self.summary;
        let mut out = String::new();
        if let Some(stop) = &self.stopped {
            let _ = writeln!(
                out,
                "stopped: {}; {} check(s) not made",
                stop.reason, stop.not_checked
            );
        }
        let skipped = if s.skipped > 0 {
            format!(", {} skipped", s.skipped)
        } else {
            String::new()
        };
        let not_checked = if s.not_checked > 0 {
            format!(", {} not checked", s.not_checked)
        } else {
            String::new()
        };
        if let Some(f) = &self.fuzz {
            out.push_str(&f.footer());
        }
        let _ = writeln!(
            out,
            "summary: {} check(s): {} agree, {} diverged, {} engine error(s){skipped}{not_checked}",
            s.checks, s.agreed, s.diverged, s.engine_errors
        );
        out
    }

    /// The line of the rules exercised (SPEC.md CORE-1.7), if they were counted: `rules
    /// exercised by the checks that agreed: N of M (SPEC.md CORE-1.7); not exercised: …`.
    pub fn coverage_line(&self) -> Option<String> {
        let c = self.coverage.as_ref()?;
        let mut text = format!(
            "rules exercised by the {} check(s) that agreed: {} of {} (SPEC.md CORE-1.7)",
            c.checks,
            c.coverage.exercised.len(),
            c.coverage.in_force.len()
        );
        // Where nothing agreed, the list would be every rule: the count says it.
        if !c.coverage.missing.is_empty() && !c.coverage.exercised.is_empty() {
            text.push_str("; not exercised: ");
            text.push_str(&c.coverage.missing.join(", "));
        }
        if !c.shortened.is_empty() {
            let least = c.shortened.iter().map(|s| s.walked).min().unwrap_or(0);
            text.push_str(&format!(
                "; {} deep check(s) counted to depth {least} or more",
                c.shortened.len()
            ));
        }
        text.push('\n');
        Some(text)
    }

    /// The whole report as text.
    pub fn text(&self) -> String {
        let mut out = self.header();
        let findings = self.fuzz.iter().flat_map(|f| &f.findings);
        for p in &self.positions {
            p.write_text(&mut out);
            if let Some(f) = findings.clone().find(|f| f.id == p.id) {
                f.write_text(&mut out);
            }
        }
        out.push_str(&self.footer());
        if let Some(line) = self.coverage_line() {
            out.push_str(&line);
        }
        out
    }

    /// Whether the engine passed: at least one check agreed, and none diverged or met an engine
    /// error (positions the engine cannot be given are skipped, not failed).
    pub fn passed(&self) -> bool {
        let s = self.summary;
        s.agreed > 0 && s.diverged == 0 && s.engine_errors == 0
    }

    /// The first engine error, if the run met one (a skipped position is none).
    pub fn engine_error(&self) -> Option<&EngineError> {
        self.positions
            .iter()
            .filter(|p| p.status == Status::EngineError)
            .find_map(|p| p.error.as_ref())
    }
}
