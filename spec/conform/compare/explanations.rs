//! The specification's explanations of the moves two lists do not share, as the report shows
//! them.

use crate::conform::report::{MoveExplanation, OtherReading};
use crate::explain::{explain, Explain};
use crate::perft::{divide_counting, Counting};
use crate::switches::Switches;
use crate::{Game, Generator, Position};
use std::collections::BTreeSet;

/// `text` with every square the move `mv` goes to (its path but its start) written `…`, in the
/// game's own square names: the shared words of the explanations of moves of one kind.
fn without_destinations<G: Explain>(pos: &Position<G>, mv: &str, text: &str) -> String {
    let Ok(m) = <G as Game>::read_move(pos, mv) else {
        return text.to_string();
    };
    let names: Vec<String> = m
        .path()
        .iter()
        .skip(1)
        .filter(|&&sq| sq != m.from)
        .map(|&sq| G::square_name(sq))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if names.contains(word) {
            out.push('…');
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The specification's explanation of each move the two lists do not share: why the spec's own
/// moves are legal (and what they do), why the engine's extra moves are not.
pub(super) fn explain_differences<G: Explain>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    only_engine: &[String],
    only_spec: &[String],
) -> Vec<MoveExplanation> {
    let engine_moves = only_engine.iter().map(|shown| {
        // `engine text -> mapped text`: the mapped text is the spec's reading of the move.
        let text = shown.rsplit(" -> ").next().unwrap_or(shown);
        (true, text)
    });
    let spec_moves = only_spec.iter().map(|text| (false, text.as_str()));
    engine_moves
        .chain(spec_moves)
        .map(|(engine_only, text)| {
            let side = if engine_only {
                "engine-only"
            } else {
                "spec-only"
            };
            match explain::<G>(gen.switches(), pos, text) {
                Ok(e) => {
                    let mut m = MoveExplanation::from_explanation(side, &e);
                    m.pattern = without_destinations::<G>(pos, text, &m.text);
                    m
                }
                Err(err) => {
                    let why = format!("the spec cannot read it: {err}");
                    MoveExplanation {
                        side: side.to_string(),
                        mv: text.to_string(),
                        legal: false,
                        pattern: why.clone(),
                        text: why,
                        rules: Vec::new(),
                    }
                }
            }
        })
        .collect()
}

/// The other readings of the rules under which the spec, playing `path` (its own move text) from
/// the corpus position `root`, reaches a position whose moves are exactly `engine_moves` (the
/// engine's, in the spec's text): each switch of the game set to each of its other values, one
/// at a time. So an engine that follows another reading — a win that needs no legal move, a
/// monkey that survives its chain, the bare king judged otherwise — is named with the reading's
/// switch and rule, even where the moves that differ are explained by other rules (the move that
/// leaves the King in check, the Pawn a drowned monkey no longer blocks).
pub(super) fn other_readings<G: Explain>(
    gen: &dyn Generator<G>,
    root: &Position<G>,
    path: &[String],
    engine_moves: &BTreeSet<String>,
    counting: Counting,
) -> Vec<OtherReading> {
    let current = gen.switches();
    let mut found = Vec::new();
    for switch in G::Switches::SWITCHES {
        let in_force = current.get(switch.name).unwrap_or_default();
        for reading in switch.readings.iter().filter(|r| r.value != in_force) {
            let mut switches = current.clone();
            if switches.set(switch.name, reading.value).is_err() {
                continue;
            }
            let other = G::reference(&switches);
            let mut pos = root.clone();
            let reached = path.iter().all(|text| match other.parse_move(&pos, text) {
                Ok(mv) => {
                    pos = other.play_unchecked(&pos, &mv);
                    true
                }
                Err(_) => false,
            });
            if !reached {
                continue;
            }
            let moves: BTreeSet<String> = divide_counting(&*other, &pos, 1, counting)
                .moves
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            if &moves != engine_moves {
                continue;
            }
            let rules: Vec<String> = reading
                .rules
                .split(',')
                .map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty())
                .collect();
            found.push(OtherReading {
                switch: switch.name.to_string(),
                value: reading.value.to_string(),
                text: format!(
                    "the engine's moves here are exactly the spec's under another reading of \
                     the rules, --switch {}={} ({}: {})",
                    switch.name,
                    reading.value,
                    rules.join(", "),
                    reading.meaning
                ),
                rules,
            });
        }
    }
    found
}
