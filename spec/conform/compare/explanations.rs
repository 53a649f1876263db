//! The specification's explanations of the moves two lists do not share, as the report shows
//! them.

use crate::conform::report::MoveExplanation;
use crate::explain::{explain, Explain};
use crate::{Game, Generator, Position};

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
