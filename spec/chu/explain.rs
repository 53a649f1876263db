//! [`Explain`] for Chu Shogi: its reference generator run with a trace, the rule IDs of SPEC.md
//! that the explanations cite beside the generator's own (the end of the game: [`rules::end`]),
//! and its own names for squares and sides.

use super::{rules, Chu, ChuKind, ChuSwitches};
use crate::explain::{Explain, RuleBook};
use crate::moves::ParseMoveError;
use crate::trace::{Rule, Trace};
use crate::{Game, Kind, Move, Position, Reason, Setup, Square};

impl Explain for Chu {
    const RULES: RuleBook = RuleBook {
        board: "CHU-1.1",
        movement: "CHU-3.1",
        range: None,
        check: None,
        terminal: "CHU-6.7",
        promotion: None,
        drowning: None,
        promotion_text: "CHU-4.5",
    };

    fn traced_legal_moves(
        switches: &ChuSwitches,
        pos: &Position<Chu>,
        trace: &mut dyn Trace<ChuKind>,
    ) -> Vec<Move<ChuKind>> {
        rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(setup: &Setup<ChuKind>, from: Square, trace: &mut dyn Trace<ChuKind>) {
        rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        rules::end::outcome_rule(reason)
    }

    /// CHU-1.1, CHU-1.3: squares in USI (`7g`, not the crate's `f7`) and the sides as sente
    /// (the crate's White, called Black in shogi) and gote.
    fn in_own_terms(sentence: &str) -> String {
        chu_terms(sentence)
    }

    /// CHU-8.2: USI (`7g7f`, `7g6f5e`); a `+` needs the position ([`crate::Game::read_move`]).
    fn read_move(text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
        <ChuKind as Kind>::read_move(text)
    }
}

/// Rewrites a sentence's algebraic square names (`f7`: a file letter `a`–`l` and a rank number
/// `1`–`12` standing alone) as USI (`7f`), and the words White and Black as sente and gote.
fn chu_terms(sentence: &str) -> String {
    let chars: Vec<char> = sentence.chars().collect();
    let mut out = String::with_capacity(sentence.len());
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        if starts_word {
            let word: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let replaced = match word.as_str() {
                "White" => Some("sente".to_string()),
                "Black" => Some("gote".to_string()),
                w => Square::parse(w)
                    .filter(|&sq| Chu::SHAPE.contains(sq))
                    .map(|sq| sq.usi(Chu::SHAPE)),
            };
            if let Some(r) = replaced {
                out.push_str(r.as_str());
                i += word.chars().count();
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}
