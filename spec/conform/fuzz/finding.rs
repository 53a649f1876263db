//! What a fuzz run found: its summary ([`FuzzReport`], the `fuzz` part of `conform --report`)
//! and each divergence shrunk ([`Finding`]), with the `.perft` block that reproduces it
//! ([`perft_block`]).

use crate::perft::Counting;
use serde::Serialize;
use std::fmt::Write as _;

/// The fuzz part of a conformance run.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzReport {
    /// The number the random playouts start from (`--seed`).
    pub seed: u64,
    /// The depth every fuzz position was checked at.
    pub depth: u32,
    /// The positions asked for (`--fuzz N`); none when only the time limited the run.
    pub asked: Option<usize>,
    /// The time limit in seconds (`--fuzz-time`), if any.
    pub time_limit: Option<u64>,
    /// The positions checked.
    pub positions: usize,
    /// How many of them the search aimed at rules not yet exercised gave (the rest are plain
    /// playouts).
    pub aimed: usize,
    /// The rules the fuzz positions exercised (SPEC.md CORE-1.7) that no corpus check had,
    /// each check counted within [`super::aim::BUDGET`] positions.
    pub rules_beyond_corpus: Vec<String>,
    /// The rules in force exercised neither by the corpus nor by the fuzz, counted so.
    pub rules_missing: Vec<String>,
    /// Why fewer positions than asked were checked, if so (the time was up, the engine failed,
    /// no new distinct position was found).
    pub stopped: Option<String>,
    /// Every divergence found, shrunk, in the order found.
    pub findings: Vec<Finding>,
}

/// A divergence the fuzz found, shrunk to the shortest playout that shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The check's id in the report (`fuzz-12`).
    pub id: String,
    /// The root the playout started from: `start` or a corpus position's id.
    pub root: String,
    /// The root's FEN.
    pub root_fen: String,
    /// The playout as generated (the specification's move text), and the depth it was checked
    /// at.
    pub playout: Vec<String>,
    pub depth: u32,
    /// The shortest prefix of the playout that shows the same difference, and the smallest
    /// depth at which it does.
    pub shrunk: Vec<String>,
    pub shrunk_depth: u32,
    /// The position `shrunk` reaches: the `epd` of the block.
    pub fen: String,
    /// The two counts there at `shrunk_depth`.
    pub spec_nodes: u64,
    pub engine_nodes: Option<u64>,
    /// The checks shrinking made (each one engine query or more).
    pub shrink_checks: usize,
    /// The `.perft` block that reproduces it (paste it into a corpus file).
    pub block: String,
    /// An earlier finding of the run shrunk to the same position and depth, if any (its block
    /// is not printed again).
    pub same_as: Option<String>,
}

/// What a block's comments say about the run.
pub struct BlockContext<'a> {
    pub game: &'a str,
    pub seed: u64,
    /// The specification's generator (`bitboard`, `reference`).
    pub generator: &'a str,
    pub counting: Counting,
    /// The run's `--switch NAME=VALUE` readings.
    pub switches: &'a [String],
}

/// The `.perft` block of a finding: a `# Source:` comment (where the count comes from, the
/// readings it needs), the playout in a comment, then `id`, `epd`, `count results` where the
/// run counts by result, and `perft D N` with the specification's count — the format of
/// `corpus/*/*.perft` ([`crate::perft::parse_perft_file`] reads it back).
pub fn perft_block(ctx: &BlockContext<'_>, f: &Finding) -> String {
    let mut b = String::new();
    let readings = if ctx.switches.is_empty() {
        String::new()
    } else {
        let s: Vec<String> = ctx
            .switches
            .iter()
            .map(|s| format!("--switch {s}"))
            .collect();
        format!(", under {} (run conform with the same)", s.join(" "))
    };
    let counting = match ctx.counting {
        Counting::Routes => "",
        Counting::Results => ", counting by result",
    };
    let engine = f
        .engine_nodes
        .map_or_else(|| "no count".to_string(), |n| n.to_string());
    let _ = writeln!(
        b,
        "# Source: fairyspec conform {} --fuzz, seed {}, {}: the specification's count ({} \
         generator{counting}{readings}); the engine counted {engine}",
        ctx.game, ctx.seed, f.id, ctx.generator
    );
    let from = if f.root == "start" {
        "the start position".to_string()
    } else {
        format!("corpus position {} ({})", f.root, f.root_fen)
    };
    let line = if f.shrunk.is_empty() {
        "(no moves)".to_string()
    } else {
        f.shrunk.join(" ")
    };
    let _ = writeln!(
        b,
        "# Reached from {from} by {}: {line}",
        plies(f.shrunk.len())
    );
    let _ = writeln!(b, "id fuzz-{}-{}", ctx.seed, number(&f.id));
    let _ = writeln!(b, "epd {}", f.fen);
    if ctx.counting == Counting::Results {
        let _ = writeln!(b, "count results");
    }
    let _ = writeln!(b, "perft {} {}", f.shrunk_depth, f.spec_nodes);
    b
}

/// `12` of `fuzz-12`.
fn number(id: &str) -> &str {
    id.rsplit('-').next().unwrap_or(id)
}

impl Finding {
    /// The lines printed under the check of a fuzz position that diverged: how it was found and
    /// shrunk, then the block to paste (not indented, so that it pastes as it is).
    pub fn write_text(&self, out: &mut String) {
        let from = if self.root == "start" {
            "the start position".to_string()
        } else {
            format!("corpus position {}", self.root)
        };
        let _ = writeln!(
            out,
            "  shrunk: the playout of {} from {from} (checked at depth {}) cut to its first {} \
             (depth {}), the fuzz position above; {} check(s)",
            plies(self.playout.len()),
            self.depth,
            plies(self.shrunk.len()),
            self.shrunk_depth,
            self.shrink_checks
        );
        match &self.same_as {
            Some(id) => {
                let _ = writeln!(
                    out,
                    "  the same position and depth as {id}: its block is above"
                );
            }
            None => {
                let _ = writeln!(out, "  the .perft block for your corpus:\n");
                out.push_str(&self.block);
                out.push('\n');
            }
        }
    }
}

/// `1 ply`, `2 plies`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

impl FuzzReport {
    /// The summary line of the fuzz part.
    pub fn footer(&self) -> String {
        let aimed = if self.aimed > 0 {
            format!(
                " ({} from the search aimed at rules not yet exercised)",
                self.aimed
            )
        } else {
            String::new()
        };
        let stopped = self
            .stopped
            .as_ref()
            .map(|s| format!("; stopped early: {s}"))
            .unwrap_or_default();
        let list = |rules: &[String]| {
            if rules.is_empty() {
                "none".to_string()
            } else {
                rules.join(", ")
            }
        };
        format!(
            "fuzz: {} position(s) from seed {} at depth {}{aimed}: {} divergence(s), each \
             shrunk{stopped}\nfuzz: rules exercised beyond the corpus: {}; rules exercised by \
             neither: {}\n",
            self.positions,
            self.seed,
            self.depth,
            self.findings.len(),
            list(&self.rules_beyond_corpus),
            list(&self.rules_missing)
        )
    }
}
