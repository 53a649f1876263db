//! Every reading told apart (SPEC.md CORE-1.7): for every switch of a game and every value other
//! than the default, a corpus position whose counts differ between the two readings, so that
//! `conform` fails an engine that follows the other reading — and names the switch's rule.
//!
//! [`OwnEngine`] is fairyspec's own generator under a reading, run in process as the engine;
//! [`told_apart`] finds the first corpus check that tells a reading from the default;
//! [`verdict`] runs `conform` on it with the default reading as the specification and
//! [`OwnEngine`] under the other as the engine. A reading no perft can see (the verdict on a
//! stalemate, repetition, which needs a game's history) is named in [`OUTSIDE_PERFT`] with the
//! check that sees it instead.

use crate::conform::compare::{conform, ConformOptions, CorpusEntry};
use crate::conform::engine::{Engine, EngineDivide, EngineError};
use crate::conform::mapping::builtin;
use crate::conform::report::{Divergence, Report, Status};
use crate::explain::Explain;
use crate::perft::{divide, Counting};
use crate::switches::{Switch, Switches};
use crate::{Game, Generator, Position};

/// fairyspec's own generator, as an engine answering in process: the divide of the position
/// reached by the moves (in the specification's text).
pub struct OwnEngine<G: Game> {
    generator: Box<dyn Generator<G>>,
    description: String,
}

impl<G: Game> OwnEngine<G> {
    /// The generator of game `G` (its bitboard generator where it has one) under `switches`.
    pub fn new(switches: &G::Switches) -> OwnEngine<G> {
        let generator = G::bitboard(switches);
        let readings: Vec<String> = switches
            .values()
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        OwnEngine {
            description: format!(
                "fairyspec's {} generator in process ({})",
                generator.name(),
                if readings.is_empty() {
                    "no switches".to_string()
                } else {
                    readings.join(" ")
                }
            ),
            generator,
        }
    }
}

impl<G: Game> Engine for OwnEngine<G> {
    fn describe(&self) -> String {
        self.description.clone()
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let query = || format!("{fen} moves {}", moves.join(" "));
        let garbage = |reason: String| EngineError::Garbage {
            query: query(),
            line: String::new(),
            reason,
        };
        let mut pos = Position::<G>::from_fen(fen).map_err(|e| garbage(e.to_string()))?;
        for text in moves {
            let mv = self
                .generator
                .parse_move(&pos, text)
                .map_err(|e| garbage(format!("{text}: {e}")))?;
            pos = self.generator.play_unchecked(&pos, &mv);
        }
        let d = divide(&*self.generator, &pos, depth);
        Ok(EngineDivide {
            moves: d.moves,
            total: d.total,
        })
    }
}

/// A corpus check that tells a reading from the default: its counts under both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToldApart {
    /// The corpus position's id, and the file it is in.
    pub id: String,
    pub source: String,
    pub fen: String,
    pub depth: u32,
    /// Perft under the default reading (the spec's) and under the other.
    pub default_nodes: u64,
    pub other_nodes: u64,
}

/// `G`'s switches with switch `name` set to `value`, the others at their default.
///
/// # Errors
/// The switch or the value does not exist.
pub fn reading<G: Game>(name: &str, value: &str) -> Result<G::Switches, String> {
    let mut s = G::Switches::default();
    s.set(name, value).map_err(|e| e.to_string())?;
    Ok(s)
}

/// The first check of `entries` (each position at each depth it lists, in order) whose perft
/// differs between the default reading and `switches`; checks whose listed count is above
/// `max_nodes` are passed over (conform would run them too, but they are not needed to tell
/// readings apart).
pub fn told_apart<G: Game>(
    entries: &[CorpusEntry],
    switches: &G::Switches,
    max_nodes: u64,
) -> Option<ToldApart> {
    let default = G::Switches::default();
    let spec = G::bitboard(&default);
    let other = G::bitboard(switches);
    for e in entries {
        let Ok(pos) = Position::<G>::from_fen(e.fen.trim()) else {
            continue;
        };
        for &(depth, expected) in &e.depths {
            if expected.is_some_and(|n| n > max_nodes) {
                continue;
            }
            let (a, b) = (spec.perft(&pos, depth), other.perft(&pos, depth));
            if a != b {
                return Some(ToldApart {
                    id: e.id.clone(),
                    source: e.source.clone(),
                    fen: e.fen.clone(),
                    depth,
                    default_nodes: a,
                    other_nodes: b,
                });
            }
        }
    }
    None
}

/// `conform`'s verdict on fairyspec's own generator under `switches` ([`OwnEngine`]) as the
/// engine, the default reading as the specification, over `entries` (each at the depths it
/// lists).
///
/// # Errors
/// The id and the reason of a corpus entry whose FEN is no position of the game.
pub fn verdict<G: Explain>(
    entries: &[CorpusEntry],
    switches: &G::Switches,
) -> Result<Report, (String, String)> {
    let default = G::Switches::default();
    let spec = G::bitboard(&default);
    let map = builtin::<G>("identity").ok_or_else(|| {
        (
            String::new(),
            "the identity move map is missing".to_string(),
        )
    })?;
    let opts = ConformOptions {
        generator: &*spec,
        map: &*map,
        map_name: "identity",
        counting: Counting::Routes,
        send_reached: false,
        spec_timeout: None,
    };
    let mut engine = OwnEngine::<G>::new(switches);
    conform(&opts, &mut engine, entries, &mut |_| {})
}

/// The first divergence of a report, if it has one.
pub fn first_divergence(report: &Report) -> Option<&Divergence> {
    report
        .positions
        .iter()
        .filter(|p| p.status == Status::Diverged)
        .find_map(|p| p.divergence.as_ref())
}

/// Whether the divergence names one of `switch`'s rules (its explanations' rules, the other
/// readings it names, or its notes and counting remark): `CHU-7` names `CHU-7.2`.
pub fn names_rule(d: &Divergence, switch: &Switch) -> bool {
    let ids: Vec<&str> = switch
        .rules
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    let names = |rule: &str| {
        ids.iter().any(|id| {
            rule == *id
                || rule
                    .strip_prefix(id)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    };
    let in_text = |text: &str| {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
            .map(|w| w.trim_end_matches('.'))
            .any(names)
    };
    d.explanations
        .iter()
        .any(|e| e.rules.iter().any(|r| names(r)) || in_text(&e.text))
        || d.readings.iter().any(|r| r.rules.iter().any(|x| names(x)))
        || d.note.as_deref().is_some_and(in_text)
        || d.counting_pattern
            .as_ref()
            .is_some_and(|c| in_text(&c.text))
}

/// How a reading perft cannot see is told apart instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherCheck {
    /// The readings differ only in the verdict on a finished game (who wins, or a draw), never
    /// in which moves there are: a finished corpus position whose outcome differs tells them
    /// apart (`fairyspec moves`, `replay` and `verify` report it; perft, and so `conform`,
    /// cannot).
    Outcome,
    /// The readings need the game's history: game records whose replay ends differently under
    /// the reading, listed in `corpus/<game>/games/readings.txt` (`fairyspec verify` replays
    /// them under each).
    Records,
}

/// The switches perft cannot see, game by game (`(game, switch, how they are told apart)`):
/// SPEC.md CORE-1.7 says why for each.
pub const OUTSIDE_PERFT: &[(&str, &str, OtherCheck)] = &[
    ("hunterbeest", "stalemate", OtherCheck::Outcome),
    ("chu", "repetition", OtherCheck::Records),
];

/// How switch `switch` of game `game` is told apart when perft cannot see it, if it is one.
pub fn outside_perft(game: &str, switch: &str) -> Option<OtherCheck> {
    OUTSIDE_PERFT
        .iter()
        .find(|(g, s, _)| *g == game && *s == switch)
        .map(|(_, _, c)| *c)
}

/// The first corpus position whose outcome differs between the default reading and `switches`
/// ([`OtherCheck::Outcome`]), with the two outcomes in words.
pub fn outcome_told_apart<G: Game>(
    entries: &[CorpusEntry],
    switches: &G::Switches,
) -> Option<(String, String, String)> {
    let default = G::Switches::default();
    let spec = G::reference(&default);
    let other = G::reference(switches);
    entries.iter().find_map(|e| {
        let pos = Position::<G>::from_fen(e.fen.trim()).ok()?;
        let (a, b) = (spec.outcome(&pos), other.outcome(&pos));
        (a != b).then(|| {
            let words = |o: Option<crate::Outcome>| o.map_or("none".to_string(), |o| o.to_string());
            (e.id.clone(), words(a), words(b))
        })
    })
}
