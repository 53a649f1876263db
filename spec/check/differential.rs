//! Differential testing: two generators of one game, asked the same questions about the same
//! position, must give the same answers.
//!
//! [`differential`] compares one position: the legal moves (as sorted move text), the position
//! after each move (as FEN), the outcome, whether the side to move is in check, and perft(2).
//! [`differential_walk`] follows a line of move choices from a start position and compares at
//! every node on the way, so a fuzzer or a property test can steer both generators deep into a
//! game. The first difference is returned as a [`Divergence`]: where (the FEN, and the moves that
//! led there), and what (moves only one generator knows, the two different children, …).
//!
//! **Testing your own engine?** Start with [`crate::conform::conform_implementation`] instead:
//! implement [`crate::conform::Implementation`] (your legal moves of a FEN, in your move text) and
//! it runs your generator over the game's whole corpus, descends to the first position where your
//! moves differ, and explains each difference with the rules of SPEC.md — `fairyspec conform`'s
//! report, in your test suite. This module is the harness the crate checks its own two
//! generators with; a generator of yours that implements [`crate::Generator`] on this crate's
//! types (its kind [`crate::GeneratorKind::Outside`]) can be compared here too, position by
//! position.
//!
//! ```
//! use fairyspec::check::differential::differential;
//! use fairyspec::{kuma::Kuma, Game, Position};
//!
//! let reference = Kuma::reference(&Default::default());
//! let bitboard = Kuma::bitboard(&Default::default());
//! assert!(differential(&*reference, &*bitboard, &Position::<Kuma>::start()).is_ok());
//! ```

// A Divergence is a report, built once when a check fails and carried to the user; its size on the
// failure path costs nothing that matters, and the `Result<(), Divergence>` signatures are the
// module's contract.
#![allow(clippy::result_large_err)]

use crate::fen::{castling_text, placement_text};
use crate::{Game, Generator, Kind, Move, Outcome, Position, Setup};
use serde::Serialize;
use std::fmt;

/// The perft depth [`differential`] compares.
pub const PERFT_DEPTH: u32 = 2;

/// Where two generators first disagree, and on what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// The game ([`Game::NAME`]).
    pub game: &'static str,
    /// The two generators: name and switches, e.g. `reference KumaSwitches { … }`.
    pub generators: [String; 2],
    /// The position the comparison started from.
    pub start_fen: String,
    /// The moves (text) that lead from `start_fen` to `fen`; empty when they are the same.
    pub path: Vec<String>,
    /// The position where the generators disagree.
    pub fen: String,
    /// What they disagree on.
    pub difference: Difference,
}

/// What two generators disagree on in one position. `a` is the first generator passed to
/// [`differential`], `b` the second.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "what", rename_all = "kebab-case")]
pub enum Difference {
    /// The legal-move lists differ (compared as sorted lists of move text, so a move listed twice
    /// by one generator shows up too).
    LegalMoves {
        only_a: Vec<String>,
        only_b: Vec<String>,
    },
    /// The side to move is in check for one generator and not for the other.
    Check { a: bool, b: bool },
    /// The outcomes differ (`None`: the game goes on).
    Outcome {
        a: Option<Outcome>,
        b: Option<Outcome>,
    },
    /// The same legal move gives different positions.
    Child {
        #[serde(rename = "move")]
        mv: String,
        fen_a: String,
        fen_b: String,
    },
    /// The same legal move gives positions with the same FEN that differ in a field the game's
    /// FEN dialect does not write (e.g. castling rights in Congo): `fields` lists each such field
    /// as `name: a-value / b-value`.
    HiddenState {
        #[serde(rename = "move")]
        mv: String,
        fen: String,
        fields: Vec<String>,
    },
    /// The two generators list moves with the same text that are different values (text is
    /// meant to name a move uniquely).
    MoveValue {
        #[serde(rename = "move")]
        mv: String,
        a: String,
        b: String,
    },
    /// perft differs although every child agreed; `first_child` is the first root move (in move
    /// text order) whose subtree counts differ, when one does.
    Perft {
        depth: u32,
        a: u64,
        b: u64,
        first_child: Option<ChildCount>,
    },
}

/// One root move's subtree counts under both generators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChildCount {
    #[serde(rename = "move")]
    pub mv: String,
    pub a: u64,
    pub b: u64,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.generators;
        writeln!(f, "{}: the generators disagree", self.game)?;
        writeln!(f, "  a: {a}")?;
        writeln!(f, "  b: {b}")?;
        writeln!(f, "  position: {}", self.fen)?;
        if !self.path.is_empty() {
            writeln!(
                f,
                "  reached from {} by {}",
                self.start_fen,
                self.path.join(" ")
            )?;
        }
        write!(f, "  {}", self.difference)
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |o: &Option<Outcome>| o.map_or_else(|| "none".to_string(), |o| o.to_string());
        match self {
            Difference::LegalMoves { only_a, only_b } => write!(
                f,
                "legal moves differ: only a [{}], only b [{}]",
                only_a.join(" "),
                only_b.join(" ")
            ),
            Difference::Check { a, b } => write!(f, "in check: a says {a}, b says {b}"),
            Difference::Outcome { a, b } => {
                write!(f, "outcome: a says {}, b says {}", opt(a), opt(b))
            }
            Difference::Child { mv, fen_a, fen_b } => {
                write!(f, "after {mv}: a gives {fen_a}, b gives {fen_b}")
            }
            Difference::HiddenState { mv, fen, fields } => write!(
                f,
                "after {mv}: both give {fen}, but differ outside the FEN in {}",
                fields.join("; ")
            ),
            Difference::MoveValue { mv, a, b } => {
                write!(f, "move {mv} is {a} for a and {b} for b")
            }
            Difference::Perft {
                depth,
                a,
                b,
                first_child,
            } => {
                write!(f, "perft({depth}): a counts {a}, b counts {b}")?;
                if let Some(c) = first_child {
                    write!(
                        f,
                        " (first differing root move {}: {} vs {})",
                        c.mv, c.a, c.b
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Divergence {}

/// Legal moves with their text, sorted by it.
pub type SortedMoves<K> = Vec<(String, Move<K>)>;

/// What [`differential_walk_visit`] calls at each node: the position and its sorted moves.
pub type Visit<'a, G> = dyn FnMut(&Position<G>, &SortedMoves<<G as Game>::Kind>) + 'a;

/// The legal moves of `pos` sorted by their text, each with its text. The order every walk and
/// mutation in this module uses to turn an index into a move.
pub fn sorted_moves<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>) -> SortedMoves<G::Kind> {
    let mut moves: Vec<_> = gen
        .legal_moves(pos)
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    moves.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.cmp(&y.1)));
    moves
}

/// `a` and `b` as the [`Divergence::generators`] field names them.
fn describe<G: Game>(gen: &dyn Generator<G>) -> String {
    format!("{} {:?}", gen.name(), gen.switches())
}

/// The elements of `x` not matched by an equal element of `y` (multiset difference of two sorted
/// lists).
fn missing_from(x: &[String], y: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut j = 0;
    for item in x {
        while j < y.len() && y[j] < *item {
            j += 1;
        }
        if j < y.len() && y[j] == *item {
            j += 1;
        } else {
            out.push(item.clone());
        }
    }
    out
}

/// The fields in which two setups differ, as `name: a / b` (the board as FEN placement text).
pub fn setup_differences<K: Kind>(a: &Setup<K>, b: &Setup<K>) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name}: {x} / {y}"));
        }
    };
    field("turn", a.turn.to_string(), b.turn.to_string());
    field(
        "castling",
        castling_text(&a.castling),
        castling_text(&b.castling),
    );
    let square = |sq: Option<crate::Square>| sq.map_or_else(|| "-".to_string(), |s| s.to_string());
    field("ep_square", square(a.ep_square), square(b.ep_square));
    field(
        "halfmove_clock",
        a.halfmove_clock.to_string(),
        b.halfmove_clock.to_string(),
    );
    field(
        "fullmove_number",
        a.fullmove_number.to_string(),
        b.fullmove_number.to_string(),
    );
    field(
        "counter_strike",
        square(a.counter_strike),
        square(b.counter_strike),
    );
    field("board", placement_text(a), placement_text(b));
    out
}

/// Compares `a` and `b` on one position; see the [module docs](self). On success, returns the
/// legal moves (sorted by text, as [`sorted_moves`] gives them for `a`).
fn compare<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    pos: &Position<G>,
    perft_depth: u32,
) -> Result<SortedMoves<G::Kind>, Difference> {
    let moves_a = sorted_moves(a, pos);
    let moves_b = sorted_moves(b, pos);
    let text_a: Vec<String> = moves_a.iter().map(|(t, _)| t.clone()).collect();
    let text_b: Vec<String> = moves_b.iter().map(|(t, _)| t.clone()).collect();
    if text_a != text_b {
        return Err(Difference::LegalMoves {
            only_a: missing_from(&text_a, &text_b),
            only_b: missing_from(&text_b, &text_a),
        });
    }
    let (check_a, check_b) = (a.is_check(pos), b.is_check(pos));
    if check_a != check_b {
        return Err(Difference::Check {
            a: check_a,
            b: check_b,
        });
    }
    let (outcome_a, outcome_b) = (a.outcome(pos), b.outcome(pos));
    if outcome_a != outcome_b {
        return Err(Difference::Outcome {
            a: outcome_a,
            b: outcome_b,
        });
    }
    // Equal move text is the same move for every game whose text is injective; compare the
    // positions the moves lead to under each generator's own copy of the move.
    for ((text, mv_a), (_, mv_b)) in moves_a.iter().zip(&moves_b) {
        if mv_a != mv_b {
            return Err(Difference::MoveValue {
                mv: text.clone(),
                a: format!("{mv_a:?}"),
                b: format!("{mv_b:?}"),
            });
        }
        let child_a = a.play_unchecked(pos, mv_a);
        let child_b = b.play_unchecked(pos, mv_b);
        // Equal positions have equal FENs: the FENs are written only to tell a difference on
        // the board from one in a field the FEN does not write. (Writing two FENs for every
        // child was 40 % of a Chu input's time, callgrind.)
        if child_a != child_b {
            let (fen_a, fen_b) = (child_a.fen(), child_b.fen());
            if fen_a != fen_b {
                return Err(Difference::Child {
                    mv: text.clone(),
                    fen_a,
                    fen_b,
                });
            }
            return Err(Difference::HiddenState {
                mv: text.clone(),
                fen: fen_a,
                fields: setup_differences(child_a.setup(), child_b.setup()),
            });
        }
    }
    compare_perft(a, b, pos, perft_depth, Some(&moves_a))?;
    Ok(moves_a)
}

/// Compares perft(`depth`) of `a` and `b` on `pos` (nothing when `depth` is 0); where they
/// differ, `pos`'s legal moves sorted by text (`moves`, or [`sorted_moves`] of `a` if `None`)
/// are searched for the first root move whose counts differ.
fn compare_perft<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    moves: Option<&SortedMoves<G::Kind>>,
) -> Result<(), Difference> {
    if depth == 0 {
        return Ok(());
    }
    let (count_a, count_b) = (a.perft(pos, depth), b.perft(pos, depth));
    if count_a == count_b {
        return Ok(());
    }
    let sorted;
    let moves = match moves {
        Some(m) => m,
        None => {
            sorted = sorted_moves(a, pos);
            &sorted
        }
    };
    let first_child = moves.iter().find_map(|(text, mv)| {
        let child = a.play_unchecked(pos, mv);
        let (x, y) = (a.perft(&child, depth - 1), b.perft(&child, depth - 1));
        (x != y).then(|| ChildCount {
            mv: text.clone(),
            a: x,
            b: y,
        })
    });
    Err(Difference::Perft {
        depth,
        a: count_a,
        b: count_b,
        first_child,
    })
}

/// The last comparison of [`differential`], perft([`PERFT_DEPTH`]), alone: for the end of a walk
/// whose every node was compared without perft ([`compare_at`] with depth 0), where a full
/// [`differential`] would compare the moves, children, check and outcome a second time.
///
/// # Errors
/// The [`Difference::Perft`] found (its path is empty: the position is its own start).
pub fn perft_agrees<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), Divergence> {
    compare_perft(a, b, pos, PERFT_DEPTH, None).map_err(|difference| Divergence {
        game: G::NAME,
        generators: [describe(a), describe(b)],
        start_fen: pos.fen(),
        path: Vec::new(),
        fen: pos.fen(),
        difference,
    })
}

/// Compares generators `a` and `b` on `pos`: sorted legal-move text, the position after each
/// move (its FEN, and then every other field of the setup), the outcome, whether the side to
/// move is in check, and perft([`PERFT_DEPTH`]).
///
/// # Errors
/// The first [`Divergence`] found (its path is empty: the position is its own start).
pub fn differential<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    pos: &Position<G>,
) -> Result<(), Divergence> {
    compare(a, b, pos, PERFT_DEPTH)
        .map(|_| ())
        .map_err(|difference| Divergence {
            game: G::NAME,
            generators: [describe(a), describe(b)],
            start_fen: pos.fen(),
            path: Vec::new(),
            fen: pos.fen(),
            difference,
        })
}

/// Compares `a` and `b` at one node of a line of play: `pos`, reached from `start` by `path`
/// (the move texts), with perft to `perft_depth` (0 skips it). Returns the legal moves sorted by
/// text, as [`sorted_moves`] gives them for `a`.
///
/// # Errors
/// The [`Divergence`], naming `start` and `path`.
pub fn compare_at<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    start: &Position<G>,
    path: &[String],
    pos: &Position<G>,
    perft_depth: u32,
) -> Result<SortedMoves<G::Kind>, Divergence> {
    compare(a, b, pos, perft_depth).map_err(|difference| Divergence {
        game: G::NAME,
        generators: [describe(a), describe(b)],
        start_fen: start.fen(),
        path: path.to_vec(),
        fen: pos.fen(),
        difference,
    })
}

/// Follows a line of play from `start` and compares `a` and `b` at every node on it, with
/// perft to `perft_depth` at each (0 skips perft; moves, children, check and outcome are always
/// compared).
///
/// Each entry of `choices` picks the next move: index `choice % n` into the `n` legal moves
/// sorted by text. The walk stops early at a position without moves. Returns the last position.
///
/// # Errors
/// The first [`Divergence`], with the moves from `start` that led to it.
pub fn differential_walk<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    start: &Position<G>,
    choices: &[usize],
    perft_depth: u32,
) -> Result<Position<G>, Divergence> {
    differential_walk_visit(a, b, start, choices, perft_depth, &mut |_, _| {})
}

/// [`differential_walk`], calling `visit` with each node and its legal moves (sorted by text)
/// once the generators agree on it.
///
/// # Errors
/// The first [`Divergence`], with the moves from `start` that led to it.
pub fn differential_walk_visit<G: Game>(
    a: &dyn Generator<G>,
    b: &dyn Generator<G>,
    start: &Position<G>,
    choices: &[usize],
    perft_depth: u32,
    visit: &mut Visit<'_, G>,
) -> Result<Position<G>, Divergence> {
    let mut pos = start.clone();
    let mut path = Vec::new();
    let mut choices = choices.iter();
    loop {
        let moves = compare_at(a, b, start, &path, &pos, perft_depth)?;
        visit(&pos, &moves);
        let Some(choice) = choices.next() else {
            return Ok(pos);
        };
        if moves.is_empty() {
            return Ok(pos);
        }
        let (text, mv) = &moves[choice % moves.len()];
        pos = a.play_unchecked(&pos, mv);
        path.push(text.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_difference_of_sorted_lists() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            missing_from(&s(&["a", "b", "b", "c"]), &s(&["b", "c", "d"])),
            s(&["a", "b"])
        );
        assert_eq!(missing_from(&s(&[]), &s(&["x"])), s(&[]));
        assert_eq!(missing_from(&s(&["x"]), &s(&[])), s(&["x"]));
    }

    #[test]
    fn setup_differences_name_each_field() {
        use crate::kuma::KumaKind;
        let a = Setup::<KumaKind>::empty(crate::Shape::new(8, 8));
        let mut b = a.clone();
        assert!(setup_differences(&a, &b).is_empty());
        b.ep_square = Some(crate::Square::new(4, 2));
        b.castling.black.long = true;
        b.halfmove_clock = 3;
        assert_eq!(
            setup_differences(&a, &b),
            [
                "castling: - / q",
                "ep_square: - / e3",
                "halfmove_clock: 0 / 3"
            ]
        );
    }
}
