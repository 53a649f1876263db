//! The JSON API under `/api/`: the same questions as the command line (`moves`, `perft`, `play`,
//! `outcome`, `explain`), answered with the documents of its `--json` output: the types of
//! [`crate::documents`], flattened into the answer with the few fields the page needs besides.
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/games` | `fairyspec.games/1`: every game, its board, labels, zones, switches |
//! | `/api/<game>/moves?fen=&moves=&switch=&generator=` | `fairyspec.moves/1` plus `turn`, `check`, `pieces`, `legal` (each move's path) |
//! | `/api/<game>/play?…&move=e2e4` | the `moves` document of the position after the move, plus `played` |
//! | `/api/<game>/perft?…&depth=N` | `fairyspec.perft/1` (the divide), bitboard generator by default |
//! | `/api/<game>/outcome?…` | `fairyspec.outcome/1`: `outcome`, `check`, `claimable` |
//! | `/api/<game>/explain?…&move=b1b2` (or `&from=b1&to=b2`) | `fairyspec.explain/1`: `explain --json`, legal or not and why, with rule IDs |
//!
//! Every question takes the same inputs, as query parameters of a `GET` or as one JSON object in
//! the body of a `POST` ([`Params`]): `fen` (default: the start position), `moves` (played from
//! it first: move text separated by spaces, or in JSON also an array), `switch` (`name=value`,
//! repeatable; in JSON also `"switches": {"name": "value"}`), `generator` (`reference` or
//! `bitboard`). The page uses the **reference** generator (it is the specification); `perft`
//! defaults to the bitboard generator, the fast one.
//!
//! A question that cannot be answered — a bad FEN, an illegal or unreadable move, an unknown
//! switch or parameter, a perft over budget — gets status 400 and `{"error": "…"}` in words.

mod documents;
mod params;

pub use self::documents::{
    board_doc, games, switch_docs, BoardDoc, ExplainDoc, GameDoc, Games, LegalMove, Moves,
    OutcomeDoc, OutcomeField, Perft, PieceDoc, PieceOn, SwitchDoc, Zone, EXPLAIN_SCHEMA,
    GAMES_SCHEMA, OUTCOME_SCHEMA,
};
pub use self::params::{
    Body, Params, MAX_MOVES, MAX_MOVE_TEXT, MAX_PERFT_DEPTH, MAX_RECORD_TEXT, MAX_TEXT, PARAMS,
};
pub use super::budget::ApiError;
use crate::documents as json;
use crate::perft::budgeted::{divide_within, Limits, Stopped};
use crate::registry::{self, GameCommand, GeneratorChoice, Registered};
use crate::serve::budget::Budget;
use crate::{Colour, Game, Generator, Kind, Move, Position, Square};
use serde::Serialize;
use std::time::Instant;

/// Which question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    Moves,
    Play,
    Perft,
    Outcome,
    Explain,
}

impl Question {
    /// Every question, in the order the start page lists them.
    pub const ALL: [Question; 5] = [
        Question::Moves,
        Question::Play,
        Question::Perft,
        Question::Outcome,
        Question::Explain,
    ];

    /// The question's name in the address: `/api/<game>/<name>`.
    pub fn name(self) -> &'static str {
        match self {
            Question::Moves => "moves",
            Question::Play => "play",
            Question::Perft => "perft",
            Question::Outcome => "outcome",
            Question::Explain => "explain",
        }
    }

    pub fn parse(name: &str) -> Option<Question> {
        Question::ALL.into_iter().find(|q| q.name() == name)
    }
}

/// A question about one game, run by [`crate::registry::GameId::run`].
pub struct Ask<'a> {
    pub question: Question,
    pub params: &'a Params,
    pub budget: &'a Budget,
    /// When the answer is due ([`Budget::compute`]).
    pub deadline: Instant,
}

impl GameCommand for Ask<'_> {
    type Output = Result<Vec<u8>, ApiError>;
    fn run<G: Registered>(self) -> Self::Output {
        answer::<G>(self.question, self.params, self.budget, self.deadline)
    }
}

/// The answer when a question's `deadline` has passed, after `done` (what was done so far).
fn late(done: &str) -> ApiError {
    ApiError::busy(format!(
        "the question is over the time limit of one question after {done}; ask for less"
    ))
}

/// Answers a question about game `G`: the JSON document. The moves of the request are played
/// only while `deadline` has not passed.
///
/// # Errors
/// [`ApiError`] with the reason.
pub fn answer<G: Registered>(
    question: Question,
    params: &Params,
    budget: &Budget,
    deadline: Instant,
) -> Result<Vec<u8>, ApiError> {
    let default_generator = match question {
        Question::Perft => None,
        _ => Some(GeneratorChoice::Reference),
    };
    let (pos, gen, switches, pasted) = prepare::<G>(params, default_generator, deadline)?;
    let doc = match question {
        Question::Moves => {
            let mut doc = moves_doc(&*gen, &pos, None);
            doc.notes = pasted.notes;
            doc.history = pasted.history;
            serde_json::to_vec(&doc)
        }
        Question::Play => {
            let Some(text) = params.mv.as_deref() else {
                return Err(ApiError::bad("play needs a move (parameter \"move\")"));
            };
            let mv = gen
                .parse_move(&pos, text.trim())
                .map_err(|e| ApiError::bad(e.to_string()))?;
            let next = gen.play_unchecked(&pos, &mv);
            serde_json::to_vec(&moves_doc(&*gen, &next, Some(mv.to_string())))
        }
        Question::Outcome => serde_json::to_vec(&OutcomeDoc {
            schema: OUTCOME_SCHEMA,
            game: G::NAME,
            fen: pos.fen(),
            outcome: gen.outcome(&pos).map(OutcomeField::from),
            check: gen.is_check(&pos),
            claimable: crate::claimable_draw(&pos, &[]).map(OutcomeField::from),
        }),
        Question::Explain => serde_json::to_vec(&explain_doc::<G>(&switches, &pos, params)?),
        Question::Perft => {
            let depth = match params.depth.as_deref() {
                None => return Err(ApiError::bad("perft needs a depth (parameter \"depth\")")),
                Some(d) => match d.trim().parse::<u32>() {
                    Ok(n) if n <= MAX_PERFT_DEPTH => n,
                    _ => {
                        return Err(ApiError::bad(format!(
                            "depth must be a whole number from 0 to {MAX_PERFT_DEPTH}, not {:?}",
                            d.chars().take(20).collect::<String>()
                        )))
                    }
                },
            };
            serde_json::to_vec(&perft_doc(&*gen, &pos, depth, budget, deadline)?)
        }
    };
    doc.map_err(|e| ApiError {
        status: 500,
        message: format!("cannot write the answer: {e}"),
    })
}

/// A request's position, the generator to answer with, the rule switches, and what the
/// pasted position text held besides the position ([`Pasted`]).
type Prepared<G> = (
    Position<G>,
    Box<dyn Generator<G>>,
    <G as Game>::Switches,
    Pasted,
);

/// What a pasted `fen` held besides a strict position ([`Game::read_position_text`]): the notes
/// on what was normalised, and the moves it played (a USI `position … moves …` line, a KIF).
#[derive(Clone, Debug, Default)]
pub struct Pasted {
    pub notes: Vec<String>,
    pub history: Vec<HistoryEntry>,
}

/// A move the pasted text played: the position before it, the move, the piece that moved.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryEntry {
    pub fen: String,
    #[serde(rename = "move")]
    pub text: String,
    pub piece: String,
}

/// The position and generator a request names: switches, generator, FEN, then its moves (while
/// `deadline` has not passed).
fn prepare<G: Registered>(
    params: &Params,
    default_generator: Option<GeneratorChoice>,
    deadline: Instant,
) -> Result<Prepared<G>, ApiError> {
    let switches = registry::switches::<G>(params.switches.iter().map(String::as_str))?;
    let choice = match params.generator.as_deref() {
        Some(text) => Some(GeneratorChoice::parse(text).ok_or_else(|| {
            ApiError::bad(format!(
                "generator must be reference or bitboard, not {:?}",
                text.chars().take(20).collect::<String>()
            ))
        })?),
        None => default_generator,
    };
    let gen = registry::generator::<G>(choice, &switches);
    let mut pasted = Pasted::default();
    let mut pos = match params.fen.as_deref() {
        None => Position::<G>::start(),
        Some(text) => {
            let read = G::read_position_text(text)
                .map_err(|e| ApiError::bad(format!("fen {:?}: {e}", short(text))))?;
            pasted.notes = read.notes;
            if read.moves.len() > MAX_MOVES {
                return Err(ApiError::bad(format!(
                    "{} moves in \"fen\"; at most {MAX_MOVES}",
                    read.moves.len()
                )));
            }
            let mut pos = registry::position::<G>(Some(&read.fen))?;
            for (i, m) in read.moves.iter().enumerate() {
                if Instant::now() > deadline {
                    return Err(late(&format!(
                        "{i} of the {} moves of \"fen\"",
                        read.moves.len()
                    )));
                }
                let mv = gen
                    .parse_move(&pos, m)
                    .map_err(|e| ApiError::bad(format!("move {} of \"fen\": {e}", i + 1)))?;
                pasted.history.push(HistoryEntry {
                    fen: pos.fen(),
                    text: mv.to_string(),
                    piece: pos
                        .piece_at(mv.from)
                        .map(|p| p.fen_symbol())
                        .unwrap_or_default(),
                });
                pos = gen.play_unchecked(&pos, &mv);
            }
            pos
        }
    };
    for (i, text) in params.moves.iter().enumerate() {
        if Instant::now() > deadline {
            return Err(late(&format!(
                "{i} of the {} moves of \"moves\"",
                params.moves.len()
            )));
        }
        let mv = gen
            .parse_move(&pos, text)
            .map_err(|e| ApiError::bad(format!("move {} of \"moves\": {e}", i + 1)))?;
        pos = gen.play_unchecked(&pos, &mv);
    }
    Ok((pos, gen, switches, pasted))
}

/// The first characters of a long text, for a message.
fn short(text: &str) -> String {
    text.chars().take(60).collect()
}

/// Explains the request's move (`move`, or `from` and `to`).
fn explain_doc<G: Registered>(
    switches: &G::Switches,
    pos: &Position<G>,
    params: &Params,
) -> Result<ExplainDoc, ApiError> {
    let text = match (&params.mv, &params.from, &params.to) {
        (Some(text), None, None) => text.trim().to_string(),
        (None, Some(from), Some(to)) => {
            Move::<G::Kind>::new(square::<G>(from)?, square::<G>(to)?).to_string()
        }
        _ => {
            return Err(ApiError::bad(
                "explain needs a move: \"move\", or \"from\" and \"to\"",
            ))
        }
    };
    let explanation = crate::explain::explain::<G>(switches, pos, &text)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(ExplainDoc {
        schema: EXPLAIN_SCHEMA,
        explanation,
    })
}

/// The square `name` names in the game's own notation ([`Game::square_name`]: `f4`, or USI's
/// `7i` in Chu Shogi).
///
/// # Errors
/// 400 for a name that is no square of the board, saying which notation the game's squares are
/// named in.
fn square<G: Game>(name: &str) -> Result<Square, ApiError> {
    let name = name.trim();
    if let Some(sq) = G::SHAPE.squares().find(|&s| G::square_name(s) == name) {
        return Ok(sq);
    }
    let corner = |file: u8, rank: u8| G::square_name(Square::new(file, rank));
    let (files, ranks) = (G::SHAPE.files, G::SHAPE.ranks);
    let sample = Square::new(files / 2, ranks / 2);
    let notation = if G::square_name(sample) == sample.usi(G::SHAPE) {
        "USI"
    } else {
        "algebraic notation"
    };
    Err(ApiError::bad(format!(
        "{:?} is no square of the {} board: {} names its squares in {notation}, {} to {} (e.g. {:?})",
        name.chars().take(20).collect::<String>(),
        G::SHAPE,
        G::NAME,
        corner(0, 0),
        corner(files - 1, ranks - 1),
        G::square_name(sample),
    )))
}

/// `white` or `black`.
fn side(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// The `moves` document of a position.
pub fn moves_doc<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    played: Option<String>,
) -> Moves {
    let mut legal: Vec<(String, Move<G::Kind>)> = gen
        .legal_moves(pos)
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    crate::order::sort_divide(&mut legal);
    let pieces = G::SHAPE
        .squares()
        .filter_map(|sq| {
            pos.piece_at(sq).map(|p| PieceOn {
                square: sq.to_string(),
                piece: p.fen_symbol(),
                name: p.kind.name(),
                colour: side(p.colour),
            })
        })
        .collect();
    // Each legal move's result, as the move that stands for it (distinct_results' choice).
    let result_of: std::collections::HashMap<_, String> = crate::perft::distinct_results(gen, pos)
        .into_iter()
        .map(|(m, child)| ((m.from, child.setup().clone()), m.to_string()))
        .collect();
    let result = |m: &Move<G::Kind>| {
        let key = (m.from, gen.play_unchecked(pos, m).setup().clone());
        result_of
            .get(&key)
            .cloned()
            .unwrap_or_else(|| m.to_string())
    };
    Moves {
        base: json::Moves::new(gen, pos),
        turn: side(pos.turn()),
        check: gen.is_check(pos),
        played,
        notes: Vec::new(),
        history: Vec::new(),
        pieces,
        legal: legal
            .into_iter()
            .map(|(text, m)| LegalMove {
                result: result(&m),
                text,
                path: m.path().iter().map(|s| s.to_string()).collect(),
                promotion: m.promotion.map(|k| k.name()),
            })
            .collect(),
    }
}

/// Perft divided by root move within the budget ([`divide_within`]). The caller holds the one
/// perft slot ([`Budget::perft_slot`]).
///
/// # Errors
/// 503 when the time or node budget runs out: the server's limits stopped it.
pub fn perft_doc<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    budget: &Budget,
    deadline: Instant,
) -> Result<Perft, ApiError> {
    let start = Instant::now();
    let limits = Limits {
        deadline: (start + budget.perft_time).min(deadline),
        max_nodes: budget.perft_nodes,
        leaf_depth: match gen.kind() {
            crate::GeneratorKind::Bitboard => 3,
            crate::GeneratorKind::Reference | crate::GeneratorKind::Outside => 1,
        },
    };
    let divide = divide_within(gen, pos, depth, &limits).map_err(|stopped| match stopped {
        Stopped::Nodes { max } => ApiError::busy(format!(
            "perft stopped: more than {max} nodes (the node budget of one request); ask for less depth"
        )),
        Stopped::Time { nodes } => ApiError::busy(format!(
            "perft stopped: over the time limit of one request after {nodes} nodes (the server \
             may be busy with other questions); ask for less depth, or try again in a moment"
        )),
    })?;
    let moves = divide
        .moves
        .into_iter()
        .map(|(mv, nodes)| json::MoveCount { mv, nodes })
        .collect();
    Ok(Perft {
        base: json::Perft {
            schema: json::PERFT_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            fen: pos.fen(),
            depth,
            generator: gen.name().to_string(),
            moves,
            total: divide.total,
            count: crate::perft::Counting::Routes,
        },
        seconds: start.elapsed().as_secs_f64(),
    })
}
