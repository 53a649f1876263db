//! The library's reports as JSON documents: what `--json` prints (one object per run on stdout,
//! for other tools and CI dashboards) and what the web API answers.
//!
//! Every object starts with a `schema` field, `fairyspec.<command>/<version>`. The version goes
//! up only when a field changes meaning or disappears; new fields may be added within a version,
//! so readers should ignore fields they do not know. Errors still go to stderr with the usual exit
//! codes (a bad FEN or an illegal move in a record prints no JSON); `verify` prints its JSON also
//! when it finds mismatches (exit status 1), since they are part of its result.
//!
//! | command | schema | fields |
//! |---|---|---|
//! | `perft` | [`PERFT_SCHEMA`] | [`Perft`]: `game`, `fen`, `depth`, `generator`, `moves` (`[{"move", "nodes"}]`, in move-list order: [`crate::order`]), `total`, `count` (`routes` or `results`) |
//! | `moves` | [`MOVES_SCHEMA`] | [`Moves`]: `game`, `fen`, `generator`, `moves` (in move-list order), `outcome` (`null` or `{"result", "reason"}`) |
//! | `replay` | [`REPLAY_SCHEMA`] | [`Replay`]: `game`, `file`, `plies`, `final`, `result`, `reason` |
//! | `verify` | [`VERIFY_SCHEMA`] | [`Verify`]: `corpus`, `games` (per game: `perft` rows, `records`, `errors`), `not_checked`, `summary` |
//! | `explain` | [`EXPLAIN_SCHEMA`] | [`Explain`]: `game`, `fen`, `text`, `move`, `legal`, `reasons` (`[{"rule", "text"}]`), `effects`, `piece_moves`, `position` ([`crate::explain::Explanation`]) |
//!
//! `conform --report FILE.json` writes its own report ([`crate::conform::report::Report`]).
//!
//! ```console
//! $ fairyspec perft kuma 1 --fen "4k3/8/8/8/8/8/8/4K3 w - -" --json
//! {"schema":"fairyspec.perft/1","game":"kuma","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","depth":1,"generator":"bitboard","moves":[{"move":"e1d1","nodes":1},{"move":"e1d2","nodes":1},{"move":"e1e2","nodes":1},{"move":"e1f1","nodes":1},{"move":"e1f2","nodes":1}],"total":5,"count":"routes"}
//! ```

use crate::perft::Divide;
use crate::{Game, Generator, Position};
use serde::{Deserialize, Serialize};
use std::io::Write;

/// The schema of `perft --json`.
pub const PERFT_SCHEMA: &str = "fairyspec.perft/1";
/// The schema of `moves --json`.
pub const MOVES_SCHEMA: &str = "fairyspec.moves/1";
/// The schema of `replay --json`.
pub const REPLAY_SCHEMA: &str = "fairyspec.replay/1";
/// The schema of `verify --json`.
pub const VERIFY_SCHEMA: &str = "fairyspec.verify/1";
/// The schema of `explain --json`.
pub const EXPLAIN_SCHEMA: &str = "fairyspec.explain/1";

/// `explain --json`: the explanation with its schema.
#[derive(Clone, Debug, Serialize)]
pub struct Explain<'a> {
    /// [`EXPLAIN_SCHEMA`].
    pub schema: &'static str,
    #[serde(flatten)]
    pub explanation: &'a crate::explain::Explanation,
}

/// Writes `doc` as one line of JSON (what `--json` prints).
///
/// # Errors
/// What writing to `out` gave.
pub fn write_line(out: &mut dyn Write, doc: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, doc)?;
    writeln!(out)
}

/// `perft --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perft {
    /// [`PERFT_SCHEMA`].
    pub schema: String,
    /// The game (`kuma`).
    pub game: String,
    /// The position counted (after `--moves`), in full FEN.
    pub fen: String,
    /// Plies deep.
    pub depth: u32,
    /// `reference` or `bitboard`.
    pub generator: String,
    /// The count below each root move, in move-list order ([`crate::order`]; empty at depth 0).
    pub moves: Vec<MoveCount>,
    /// The sum (1 at depth 0).
    pub total: u64,
    /// How nodes were counted: `routes` (one per legal move, the default) or `results` (one per
    /// distinct result, `--count results`; CHU-9.5).
    #[serde(default)]
    pub count: crate::perft::Counting,
}

impl Perft {
    /// The document of a perft `divide` of `pos` to `depth` by `gen`.
    pub fn new<G: Game>(
        gen: &dyn Generator<G>,
        pos: &Position<G>,
        depth: u32,
        divide: &Divide,
        count: crate::perft::Counting,
    ) -> Perft {
        Perft {
            schema: PERFT_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            fen: pos.fen(),
            depth,
            generator: gen.name().to_string(),
            moves: divide
                .moves
                .iter()
                .map(|(mv, nodes)| MoveCount {
                    mv: mv.clone(),
                    nodes: *nodes,
                })
                .collect(),
            total: divide.total,
            count,
        }
    }
}

/// One root move of [`Perft`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCount {
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The leaves below it.
    pub nodes: u64,
}

/// `moves --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moves {
    /// [`MOVES_SCHEMA`].
    pub schema: String,
    /// The game.
    pub game: String,
    /// The position (after `--moves`), in full FEN.
    pub fen: String,
    /// `reference` or `bitboard`.
    pub generator: String,
    /// The legal moves, in the order of move lists ([`crate::order`]: by move text, numbers as
    /// numbers).
    pub moves: Vec<String>,
    /// How the game ended in this position, or `null` while it goes on.
    pub outcome: Option<Outcome>,
}

impl Moves {
    /// The document of the legal moves of `pos` by `gen`, and how the game ended there.
    pub fn new<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>) -> Moves {
        let mut moves: Vec<String> = gen.legal_moves(pos).iter().map(|m| m.to_string()).collect();
        crate::order::sort_moves(&mut moves);
        Moves {
            schema: MOVES_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            fen: pos.fen(),
            generator: gen.name().to_string(),
            moves,
            outcome: gen.outcome(pos).map(Outcome::from),
        }
    }
}

/// A game result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why, in words (`checkmate`).
    pub reason: String,
}

impl From<crate::Outcome> for Outcome {
    fn from(o: crate::Outcome) -> Outcome {
        Outcome {
            result: o.result().to_string(),
            reason: o.reason.to_string(),
        }
    }
}

/// `replay --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// [`REPLAY_SCHEMA`].
    pub schema: String,
    /// The game.
    pub game: String,
    /// The record's path as given.
    pub file: String,
    /// Half-moves played.
    pub plies: usize,
    /// The final position.
    #[serde(rename = "final")]
    pub final_fen: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game that has not ended.
    pub result: String,
    /// Why (`checkmate`), or for `*` `unfinished` or the draw the player to move may claim.
    pub reason: String,
}

/// `verify --json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verify {
    /// [`VERIFY_SCHEMA`].
    pub schema: String,
    /// The corpus path as given.
    pub corpus: String,
    /// One entry per game checked.
    pub games: Vec<VerifyGame>,
    /// Folders that were not checked and why (not a game, not implemented).
    pub not_checked: Vec<NotChecked>,
    /// The totals; the command fails if `mismatches + errors > 0` or `ok == 0`.
    pub summary: Summary,
}

/// A folder `verify` passed over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotChecked {
    /// The folder.
    pub path: String,
    /// Why.
    pub why: String,
}

/// One game of [`Verify`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifyGame {
    /// The game.
    pub game: String,
    /// The generators that ran, reference first.
    pub generators: Vec<String>,
    /// One row per perft count.
    pub perft: Vec<PerftRow>,
    /// One row per game record of `games/expected.txt`.
    pub records: Vec<RecordRow>,
    /// Entries that could not be checked (unreadable file, bad FEN, bad line), in words.
    pub errors: Vec<String>,
}

/// One perft count of [`VerifyGame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftRow {
    /// The `.perft` file.
    pub file: String,
    /// The record's `id`.
    pub id: String,
    /// Plies deep.
    pub depth: u32,
    /// The corpus count.
    pub expected: u64,
    /// One result per generator, in the order of [`VerifyGame::generators`].
    pub results: Vec<Check>,
    /// How the count counts (`routes`, or `results` where the block says `count results`).
    #[serde(default)]
    pub count: crate::perft::Counting,
}

/// One game record of [`VerifyGame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordRow {
    /// The record's file, relative to `games/`.
    pub file: String,
    /// The expected `<result> <reason>`.
    pub expected: String,
    /// One result per generator.
    pub results: Vec<Check>,
}

/// One generator's result on one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// `reference` or `bitboard`.
    pub generator: String,
    /// `ok`, `mismatch` or `skipped`.
    pub status: Status,
    /// What the generator found when it differs: the count, or the result or error of a replay.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub got: Option<String>,
    /// Seconds taken (0 when skipped).
    pub seconds: f64,
}

impl Eq for Check {}

/// The verdict of a [`Check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Same as the corpus.
    Ok,
    /// Different from the corpus.
    Mismatch,
    /// Not run (a reference count above `--max-reference-nodes`).
    Skipped,
}

/// The totals of [`Verify`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Checks that agreed with the corpus.
    pub ok: usize,
    /// Reference checks skipped.
    pub skipped: usize,
    /// Checks that disagreed.
    pub mismatches: usize,
    /// Entries that could not be checked.
    pub errors: usize,
}
