//! SPEC.md CORE-1.7 — every reading told apart by the default corpus (issue 29 item 3).
//!
//! For every game, every switch and every value other than the default, driven by the switch
//! data (`fairyspec::switches`), so that a switch added later is held to it at once:
//! fairyspec's own generator under that reading, run in process as the engine, against the
//! default reading over the default corpus (`corpus/<game>/`, each position at the depths it
//! lists) must diverge, and the divergence's explanation must name the switch's rule. A switch
//! perft cannot see is named in `fairyspec::coverage::readings::OUTSIDE_PERFT` with the check
//! that sees it instead, and that check is made here.

use fairyspec::conform::corpus::read_corpus;
use fairyspec::conform::CorpusEntry;
use fairyspec::corpus::CorpusPath;
use fairyspec::coverage::readings::{
    first_divergence, names_rule, outcome_told_apart, outside_perft, reading, told_apart, verdict,
    OtherCheck,
};
use fairyspec::registry::{GameCommand, GameId, Registered};
use fairyspec::switches::Switches;
use std::path::Path;

/// Checks above this many nodes are not needed to tell readings apart (the distinguishing
/// positions are small); conform runs them all the same.
const MAX_NODES: u64 = 300_000;

fn corpus(game: &str) -> Vec<CorpusEntry> {
    read_corpus(&CorpusPath::builtin_game(game), None)
        .unwrap_or_else(|e| panic!("builtin:corpus/{game}: {e}"))
}

/// One line of the readings table: `switch=value`, the position that tells it apart and how.
type Line = String;

struct Readings;

impl GameCommand for Readings {
    type Output = Result<Vec<Line>, Vec<String>>;

    fn run<G: Registered>(self) -> Self::Output {
        let entries = corpus(G::NAME);
        let mut lines = Vec::new();
        let mut failures = Vec::new();
        for switch in G::Switches::SWITCHES {
            for value in switch.values().skip(1) {
                let what = format!("{} {}={value}", G::NAME, switch.name);
                let switches = match reading::<G>(switch.name, value) {
                    Ok(s) => s,
                    Err(e) => {
                        failures.push(format!("{what}: {e}"));
                        continue;
                    }
                };
                match outside_perft(G::NAME, switch.name) {
                    Some(OtherCheck::Outcome) => {
                        match outcome_told_apart::<G>(&entries, &switches) {
                            Some((id, a, b)) => lines.push(format!(
                                "{what}: outside perft; {id} ends {a} by default, {b} under it"
                            )),
                            None => failures.push(format!(
                                "{what}: no finished corpus position whose outcome differs"
                            )),
                        }
                        continue;
                    }
                    Some(OtherCheck::Records) => {
                        match records_told_apart::<G>(switch.name, value) {
                            Ok(line) => lines.push(format!("{what}: outside perft; {line}")),
                            Err(e) => failures.push(format!("{what}: {e}")),
                        }
                        continue;
                    }
                    None => {}
                }
                let Some(t) = told_apart::<G>(&entries, &switches, MAX_NODES) else {
                    failures.push(format!(
                        "{what}: no check of the default corpus has other counts under it"
                    ));
                    continue;
                };
                let entry: Vec<CorpusEntry> = entries
                    .iter()
                    .filter(|e| e.id == t.id && e.source == t.source)
                    .map(|e| CorpusEntry {
                        depths: e
                            .depths
                            .iter()
                            .copied()
                            .filter(|d| d.0 <= t.depth)
                            .collect(),
                        ..e.clone()
                    })
                    .collect();
                let report = match verdict::<G>(&entry, &switches) {
                    Ok(r) => r,
                    Err((id, e)) => {
                        failures.push(format!("{what}: {id}: {e}"));
                        continue;
                    }
                };
                let Some(d) = first_divergence(&report) else {
                    failures.push(format!(
                        "{what}: conform passed the engine on {} ({})",
                        t.id, t.source
                    ));
                    continue;
                };
                if !names_rule(d, switch) {
                    failures.push(format!(
                        "{what}: the divergence at {} does not name {}: {:?} {:?}",
                        t.id, switch.rules, d.explanations, d.note
                    ));
                    continue;
                }
                lines.push(format!(
                    "{what}: {} ({}) depth {}: {} by default, {} under it",
                    t.id, t.source, t.depth, t.default_nodes, t.other_nodes
                ));
            }
        }
        if failures.is_empty() {
            Ok(lines)
        } else {
            Err(failures)
        }
    }
}

/// The records of `corpus/<game>/games/readings.txt` under `switch`: each line
/// `<file> <switch>=<value> <end>` says how the record's replay ends under that reading —
/// `<result> <reason>`, or `refused <move number>` (the record's move there is refused) — and
/// the replay must end so, and otherwise than under the default reading.
fn records_told_apart<G: Registered>(switch: &str, value: &str) -> Result<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(G::NAME)
        .join("games");
    let list = std::fs::read_to_string(dir.join("readings.txt"))
        .map_err(|e| format!("{}/readings.txt: {e}", dir.display()))?;
    let pair = format!("{switch}={value}");
    let mut told = Vec::new();
    for line in list.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 3 || words[1] != pair {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(words[0]))
            .map_err(|e| format!("{}: {e}", words[0]))?;
        let end = |switches: &G::Switches| match G::replay(&*G::reference(switches), &text) {
            Ok(s) => match s.outcome {
                Some(o) => format!("{} {}", o.result(), o.reason),
                None => "* unfinished".to_string(),
            },
            Err(e) => format!("refused {}", e.move_number),
        };
        let under = end(&reading::<G>(switch, value)?);
        let default = end(&G::Switches::default());
        let want = words[2..].join(" ");
        if under != want {
            return Err(format!(
                "{}: ends {under:?} under {pair}, the list says {want:?}",
                words[0]
            ));
        }
        if under == default {
            return Err(format!("{}: ends {under:?} under both readings", words[0]));
        }
        told.push(format!(
            "{} ends {default} by default, {under} under it",
            words[0]
        ));
    }
    if told.is_empty() {
        return Err(format!("no record of readings.txt is listed under {pair}"));
    }
    Ok(told.join("; "))
}

/// CORE-1.7: every non-default reading of every switch of every game is told apart by the
/// default corpus — by perft, so that `conform` fails an engine following it and names the
/// switch's rule, or, for the switches perft cannot see, by the check that sees them.
#[test]
fn core_1_7_every_reading_is_told_apart_by_the_default_corpus() {
    let mut table = Vec::new();
    let mut failures = Vec::new();
    for game in GameId::ALL {
        match game.run(Readings) {
            Ok(lines) => table.extend(lines),
            Err(f) => failures.extend(f),
        }
    }
    // The table, for the report (`cargo test readings:: -- --nocapture`).
    for line in &table {
        println!("{line}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The check tells a reading apart only where the readings differ: the default reading against
/// itself passes every corpus position (so a reading told apart above is the reading's doing).
#[test]
fn core_1_7_the_default_reading_passes_its_own_corpus() {
    struct Own;
    impl GameCommand for Own {
        type Output = Option<String>;
        fn run<G: Registered>(self) -> Option<String> {
            let entries = corpus(G::NAME);
            let default = G::Switches::default();
            told_apart::<G>(&entries, &default, MAX_NODES)
                .map(|t| format!("{}: {} differs from itself", G::NAME, t.id))
        }
    }
    for game in GameId::ALL {
        assert_eq!(game.run(Own), None);
    }
}
