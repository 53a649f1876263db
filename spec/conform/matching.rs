//! Matching an engine's moves to the specification's in one position: by move text (after the
//! [`MoveMap`]), and — when counting by result (CHU-9.5) — by the result a move leads to, so that
//! an engine may name a result by any of its routes (a jump `7g5e` or a path through an empty
//! square `7g6f5e`) or write a pass as a move from a square to itself (`7h7h`).
//!
//! It also recognises the pattern of the other counting: an engine whose moves are exactly the
//! specification's distinct results while routes are being compared (or exactly its routes while
//! results are), which the report names instead of listing hundreds of "differences".

use super::engine::EngineDivide;
use super::mapping::MoveMap;
use crate::perft::Counting;
use crate::{Game, Generator, Position, Setup, Square};
use std::collections::{BTreeMap, HashMap};

/// The specification's legal moves in one position, grouped by result: the pair (the square the
/// moving piece starts from, the position after the move), as [`crate::perft::distinct_results`]
/// defines it.
pub struct Results {
    /// Every legal move's text → the index of its result.
    of_text: BTreeMap<String, usize>,
    /// Per result: the text [`crate::perft::distinct_results`] keeps for it (its shortest route,
    /// then the first in sorting order).
    representative: Vec<String>,
    /// Per from-square: the result of its passes (a move back to its own square that leaves
    /// the board as it was), if the piece there can pass.
    pass_of: HashMap<Square, usize>,
}

impl Results {
    /// The results of `pos`'s legal moves under `gen`.
    pub fn new<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>) -> Results {
        let mut moves: Vec<(String, crate::Move<G::Kind>)> = gen
            .legal_moves(pos)
            .into_iter()
            .map(|m| (m.to_string(), m))
            .collect();
        moves.sort_by(|(a, _), (b, _)| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        let mut index: HashMap<(Square, Setup<G::Kind>), usize> = HashMap::new();
        let mut of_text = BTreeMap::new();
        let mut representative = Vec::new();
        let mut pass_of = HashMap::new();
        let board = pos.setup();
        for (text, m) in moves {
            let child = gen.play_unchecked(pos, &m);
            let key = (m.from, child.setup().clone());
            let next = representative.len();
            let i = *index.entry(key).or_insert(next);
            if i == next {
                representative.push(text.clone());
            }
            if m.to == m.from && !m.via.is_empty() && same_board(board, child.setup()) {
                pass_of.insert(m.from, i);
            }
            of_text.insert(text, i);
        }
        Results {
            of_text,
            representative,
            pass_of,
        }
    }

    /// How many legal moves (routes) there are.
    pub fn routes(&self) -> usize {
        self.of_text.len()
    }

    /// How many distinct results there are.
    pub fn results(&self) -> usize {
        self.representative.len()
    }

    /// The result of the move `text` (spec text): a legal route's, or for a move written from a
    /// square back to itself with nothing between (`7h7h`) the result of that piece's passes.
    pub fn resolve<G: Game>(&self, pos: &Position<G>, text: &str) -> Option<usize> {
        if let Some(&i) = self.of_text.get(text) {
            return Some(i);
        }
        let mv = G::read_move(pos, text).ok()?;
        if mv.from == mv.to && mv.via.is_empty() && mv.promotion.is_none() {
            return self.pass_of.get(&mv.from).copied();
        }
        None
    }

    /// The text the specification's divide uses for result `i`.
    pub fn representative(&self, i: usize) -> &str {
        &self.representative[i]
    }
}

/// Whether two setups have the same pieces on the same squares.
fn same_board<K: crate::Kind>(a: &Setup<K>, b: &Setup<K>) -> bool {
    a.pieces().eq(b.pieces())
}

/// The engine's moves matched to the specification's.
pub struct ListDiff {
    /// spec text -> (engine text, engine count)
    pub matched: BTreeMap<String, (String, u64)>,
    /// Engine moves with no spec move (`engine text`, or `engine text -> spec reading`).
    pub only_engine: Vec<String>,
    /// Spec moves no engine move matched.
    pub only_spec: Vec<String>,
    /// Engine moves listed a second time: the same text again, or — counting by result — a
    /// second route to a result already listed (`engine text -> the result's spec text`).
    pub twice: Vec<String>,
}

impl ListDiff {
    /// Whether the two lists are the same moves, each once.
    pub fn agree(&self) -> bool {
        self.only_engine.is_empty() && self.only_spec.is_empty() && self.twice.is_empty()
    }
}

/// Matches the engine's divide against the specification's move texts `spec_texts` (sorted; one
/// per result under [`Counting::Results`]). Under results, an engine move whose text is not one of
/// `spec_texts` is matched by the result it leads to. A move the engine lists again — the same
/// text, or under results a second route to a result already matched (it counts one result
/// twice) — is named in [`ListDiff::twice`], not matched again.
pub fn compare_lists<G: Game>(
    map: &dyn MoveMap,
    theirs: &EngineDivide,
    spec_texts: &[String],
    counting: Counting,
    results: Option<&Results>,
    pos: &Position<G>,
) -> ListDiff {
    let mut matched = BTreeMap::new();
    let mut only_engine = Vec::new();
    let mut twice = Vec::new();
    let mut listed: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for (engine_text, count) in &theirs.moves {
        let mapped = map.to_spec(engine_text, spec_texts);
        let mut target = mapped.clone();
        if counting == Counting::Results && spec_texts.binary_search(&mapped).is_err() {
            if let Some(i) = results.and_then(|r| r.resolve(pos, &mapped)) {
                target = results.map_or(mapped.clone(), |r| r.representative(i).to_string());
            }
        }
        let shown = if target == *engine_text {
            engine_text.clone()
        } else {
            format!("{engine_text} -> {target}")
        };
        if !listed.insert(engine_text.as_str()) || matched.contains_key(&target) {
            twice.push(shown);
        } else if spec_texts.binary_search(&target).is_err() {
            only_engine.push(shown);
        } else {
            matched.insert(target, (engine_text.clone(), *count));
        }
    }
    only_engine.sort();
    twice.sort();
    twice.dedup();
    let only_spec = spec_texts
        .iter()
        .filter(|t| !matched.contains_key(*t))
        .cloned()
        .collect();
    ListDiff {
        matched,
        only_engine,
        only_spec,
        twice,
    }
}

/// The counting the engine seems to follow when it is not `counting`: its moves are exactly the
/// specification's distinct results (one move per result, every result once) while routes are
/// compared, or exactly its routes while results are. `None` when the pattern does not fit, or
/// when the two countings agree in this position (then nothing tells them apart).
pub fn counting_pattern<G: Game>(
    map: &dyn MoveMap,
    theirs: &EngineDivide,
    counting: Counting,
    results: &Results,
    pos: &Position<G>,
) -> Option<Counting> {
    if results.routes() == results.results() {
        return None;
    }
    let all_texts: Vec<String> = results.of_text.keys().cloned().collect();
    match counting {
        Counting::Routes => {
            if theirs.moves.len() != results.results() {
                return None;
            }
            let mut seen = vec![false; results.results()];
            for (text, _) in &theirs.moves {
                let mapped = map.to_spec(text, &all_texts);
                let i = results.resolve(pos, &mapped)?;
                if std::mem::replace(&mut seen[i], true) {
                    return None;
                }
            }
            Some(Counting::Results)
        }
        Counting::Results => {
            if theirs.moves.len() != results.routes() {
                return None;
            }
            let mut texts: Vec<String> = theirs
                .moves
                .iter()
                .map(|(t, _)| map.to_spec(t, &all_texts))
                .collect();
            texts.sort();
            texts.dedup();
            (texts == all_texts).then_some(Counting::Routes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chu::Chu;
    use crate::conform::mapping::Identity;
    use crate::kuma::Kuma;

    /// A move listed twice is named as such, not as a move only the engine has (which it is
    /// not: the spec has it) — and the lists do not agree. A move neither has, listed twice,
    /// is both. Kuma's start position has 16 moves (corpus/kuma/start.perft); `a2a3` is one.
    #[test]
    fn a_move_listed_twice_is_named_as_such() {
        let pos = Position::<Kuma>::start();
        let gen = Kuma::reference(&Default::default());
        let mut spec: Vec<String> = gen
            .legal_moves(&pos)
            .iter()
            .map(|m| m.to_string())
            .collect();
        spec.sort();
        assert_eq!(spec.len(), 16);
        let mut theirs: Vec<&str> = spec.iter().map(String::as_str).collect();
        theirs.push("a2a3");
        let diff = compare_lists(
            &Identity,
            &divide(&theirs),
            &spec,
            Counting::Routes,
            None,
            &pos,
        );
        assert_eq!(diff.twice, ["a2a3"]);
        assert!(diff.only_engine.is_empty() && diff.only_spec.is_empty());
        assert!(!diff.agree());
        theirs.extend(["a2a5", "a2a5"]);
        let diff = compare_lists(
            &Identity,
            &divide(&theirs),
            &spec,
            Counting::Routes,
            None,
            &pos,
        );
        assert_eq!(diff.only_engine, ["a2a5"]);
        assert_eq!(diff.twice, ["a2a3", "a2a5"]);
        let all: Vec<&str> = spec.iter().map(String::as_str).collect();
        let diff = compare_lists(
            &Identity,
            &divide(&all),
            &spec,
            Counting::Routes,
            None,
            &pos,
        );
        assert!(diff.agree());
    }

    /// scalashogi's solo Lion: 91 moves, 28 results (SPEC.md CHU-9.5).
    fn solo() -> (Box<dyn Generator<Chu>>, Position<Chu>) {
        let pos =
            Position::<Chu>::from_fen("kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1").unwrap();
        (Chu::reference(&Default::default()), pos)
    }

    fn divide(moves: &[&str]) -> EngineDivide {
        EngineDivide {
            moves: moves.iter().map(|m| (m.to_string(), 1)).collect(),
            total: moves.len() as u64,
        }
    }

    #[test]
    fn results_group_routes_and_read_a_pass_written_as_a_null_move() {
        let (gen, pos) = solo();
        let r = Results::new(&*gen, &pos);
        assert_eq!((r.routes(), r.results()), (91, 28));
        // The jump and the paths through an empty square that end on 5e are one result.
        let jump = r.resolve(&pos, "7g5e").unwrap();
        assert_eq!(r.resolve(&pos, "7g6f5e"), Some(jump));
        assert_eq!(r.representative(jump), "7g5e");
        // Every pass, and minase's `7g7g`, are one result; the King has none.
        let pass = r.resolve(&pos, "7g6f7g").unwrap();
        assert_eq!(r.resolve(&pos, "7g8h7g"), Some(pass));
        assert_eq!(r.resolve(&pos, "7g7g"), Some(pass));
        assert_eq!(r.resolve(&pos, "1l1l"), None);
        assert_eq!(r.resolve(&pos, "7g1a"), None);
    }

    #[test]
    fn an_engine_that_counts_by_result_is_recognised() {
        let (gen, pos) = solo();
        let r = Results::new(&*gen, &pos);
        let reps: Vec<String> = (0..r.results())
            .map(|i| r.representative(i).to_string())
            .collect();
        // minase's list: the representatives, its pass written `7g7g`.
        let theirs: Vec<&str> = reps
            .iter()
            .map(|m| if m == "7g6f7g" { "7g7g" } else { m.as_str() })
            .collect();
        let d = divide(&theirs);
        assert_eq!(
            counting_pattern(&Identity, &d, Counting::Routes, &r, &pos),
            Some(Counting::Results)
        );
        // Compared by result, it agrees.
        let mut spec = reps.clone();
        spec.sort();
        let diff = compare_lists(&Identity, &d, &spec, Counting::Results, Some(&r), &pos);
        assert!(diff.only_engine.is_empty() && diff.only_spec.is_empty());
        // One result twice is named as a move listed twice, not a match.
        let mut twice = theirs.clone();
        twice.push("7g6f5e");
        let d = divide(&twice);
        let diff = compare_lists(&Identity, &d, &spec, Counting::Results, Some(&r), &pos);
        assert!(diff.only_engine.is_empty() && diff.only_spec.is_empty());
        assert_eq!(diff.twice, ["7g6f5e -> 7g5e"]);
        assert!(!diff.agree());
        assert_eq!(
            counting_pattern(&Identity, &d, Counting::Routes, &r, &pos),
            None
        );
        // And an engine that lists every route, compared by result, is named the other way.
        let all: Vec<String> = gen
            .legal_moves(&pos)
            .iter()
            .map(|m| m.to_string())
            .collect();
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(
            counting_pattern(&Identity, &divide(&all), Counting::Results, &r, &pos),
            Some(Counting::Routes)
        );
    }
}
