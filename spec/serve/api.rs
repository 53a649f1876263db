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

pub use super::budget::ApiError;
use super::budget::Budget;
use crate::diagram::RegionStyle;
use crate::documents as json;
use crate::explain::Explanation;
use crate::perft::budgeted::{divide_within, Limits, Stopped};
use crate::registry::{self, GameCommand, GameId, GeneratorChoice, Registered};
use crate::{Colour, Game, Generator, Kind, Move, Outcome, Position, Square};
use serde::{Deserialize, Serialize};
use serde_json::error::Category;
use std::time::Instant;

/// The most moves a request may play from its FEN before asking its question.
pub const MAX_MOVES: usize = 1024;
/// The longest FEN or move text accepted, in characters.
pub const MAX_TEXT: usize = 1024;
/// The longest `fen` of a `POST`'s JSON body, in characters: room for a pasted game record
/// (Chu Shogi's KIF, [`Game::read_position_text`]).
pub const MAX_RECORD_TEXT: usize = 12 * 1024;
/// The longest text of one move.
pub const MAX_MOVE_TEXT: usize = 64;
/// The deepest perft the server accepts at all (the time and node budget usually stop it sooner).
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Schema of [`Games`].
pub const GAMES_SCHEMA: &str = "fairyspec.games/1";
/// Schema of [`OutcomeDoc`].
pub const OUTCOME_SCHEMA: &str = "fairyspec.outcome/1";

/// The inputs of every question, from a query string or a JSON body.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    pub fen: Option<String>,
    pub moves: Vec<String>,
    /// `name=value` pairs, in order.
    pub switches: Vec<String>,
    pub generator: Option<String>,
    /// The move to play or explain.
    pub mv: Option<String>,
    pub depth: Option<String>,
    /// For `explain`: the move from square to square, in board coordinates (CORE-1.1), instead
    /// of move text.
    pub from: Option<String>,
    pub to: Option<String>,
}

/// The parameter names [`Params`] reads.
pub const PARAMS: &[&str] = &[
    "fen",
    "moves",
    "switch",
    "generator",
    "move",
    "depth",
    "from",
    "to",
];

impl Params {
    /// Reads query parameters.
    ///
    /// # Errors
    /// An unknown parameter, a repeated single one, text over [`MAX_TEXT`].
    pub fn from_query(query: &[(String, String)]) -> Result<Params, ApiError> {
        let mut p = Params::default();
        for (name, value) in query {
            if name != "moves" {
                check_len(name, value)?;
            }
            match name.as_str() {
                "fen" => set_once(&mut p.fen, name, value)?,
                "moves" => p.moves.extend(value.split_whitespace().map(str::to_string)),
                "switch" => p.switches.push(value.clone()),
                "generator" => set_once(&mut p.generator, name, value)?,
                "move" => set_once(&mut p.mv, name, value)?,
                "depth" => set_once(&mut p.depth, name, value)?,
                "from" => set_once(&mut p.from, name, value)?,
                "to" => set_once(&mut p.to, name, value)?,
                _ => return Err(unknown(name)),
            }
        }
        p.check_count()?;
        Ok(p)
    }

    /// Reads a JSON object ([`Body`]): the same names (`switches` may also be an object of
    /// name → value, `moves` an array, `depth` a number).
    ///
    /// # Errors
    /// Not JSON, not an object, an unknown or repeated field, a value of the wrong type, text
    /// over [`MAX_TEXT`] (a `fen` over [`MAX_RECORD_TEXT`]).
    pub fn from_json(body: &str) -> Result<Params, ApiError> {
        // A derived struct also reads an array of its fields in order; a body is named fields.
        if body.trim_start().starts_with('[') {
            return Err(ApiError::bad("the body must be a JSON object, not an array"));
        }
        let body: Body = serde_json::from_str(body).map_err(|e| match e.classify() {
            Category::Data => ApiError::bad(e.to_string()),
            Category::Io | Category::Syntax | Category::Eof => {
                ApiError::bad(format!("the body is not JSON: {e}"))
            }
        })?;
        if let Some(fen) = &body.fen {
            if fen.chars().count() > MAX_RECORD_TEXT {
                return Err(ApiError::bad(format!(
                    "parameter \"fen\" is longer than {MAX_RECORD_TEXT} characters"
                )));
            }
        }
        let single = [
            ("generator", &body.generator),
            ("move", &body.mv),
            ("depth", &body.depth),
            ("from", &body.from),
            ("to", &body.to),
        ];
        for (name, value) in single {
            if let Some(value) = value {
                check_len(name, value)?;
            }
        }
        let switches: Vec<String> = body
            .switch
            .into_iter()
            .chain(body.switches)
            .flatten()
            .collect();
        for switch in &switches {
            check_len("switch", switch)?;
        }
        let p = Params {
            fen: body.fen,
            moves: body.moves.unwrap_or_default(),
            switches,
            generator: body.generator,
            mv: body.mv,
            depth: body.depth,
            from: body.from,
            to: body.to,
        };
        p.check_count()?;
        Ok(p)
    }

    fn check_count(&self) -> Result<(), ApiError> {
        if let Some(long) = self.moves.iter().find(|m| m.len() > MAX_MOVE_TEXT) {
            return Err(ApiError::bad(format!(
                "move text {:?}… is longer than {MAX_MOVE_TEXT} characters",
                long.chars().take(20).collect::<String>()
            )));
        }
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::bad(format!(
                "{} moves given; at most {MAX_MOVES}",
                self.moves.len()
            )));
        }
        if self.switches.len() > 64 {
            return Err(ApiError::bad("more than 64 switches given"));
        }
        Ok(())
    }
}

/// A `POST` body: one JSON object with the names of [`PARAMS`] (and `switches`, the same as
/// `switch`). A single value may be a string, a number or `true`/`false` (`"depth": 2` reads as
/// `"2"`); `moves` a string of moves separated by spaces or an array of moves; `switch` and
/// `switches` a `name=value` string, an array of them, or an object of name → value.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object of parameters")]
pub struct Body {
    #[serde(default, deserialize_with = "text::fen")]
    pub fen: Option<String>,
    #[serde(default, deserialize_with = "text::moves")]
    pub moves: Option<Vec<String>>,
    #[serde(default, deserialize_with = "text::switch")]
    pub switch: Option<Vec<String>>,
    #[serde(default, deserialize_with = "text::switches")]
    pub switches: Option<Vec<String>>,
    #[serde(default, deserialize_with = "text::generator")]
    pub generator: Option<String>,
    #[serde(default, rename = "move", deserialize_with = "text::mv")]
    pub mv: Option<String>,
    #[serde(default, deserialize_with = "text::depth")]
    pub depth: Option<String>,
    #[serde(default, deserialize_with = "text::from")]
    pub from: Option<String>,
    #[serde(default, deserialize_with = "text::to")]
    pub to: Option<String>,
}

/// The readers of [`Body`]'s fields: each names its field in its error (`"fen" must be text`).
mod text {
    use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
    use std::fmt;

    /// How a field's value reads.
    #[derive(Clone, Copy)]
    enum Shape {
        /// One text.
        One,
        /// Moves: one text split at spaces, or an array of texts.
        Moves,
        /// Switches: one `name=value` text, an array of them, or an object of name → value.
        Switches,
    }

    /// Reads the value of the field `name` as `shape` says.
    #[derive(Clone, Copy)]
    struct Field {
        name: &'static str,
        shape: Shape,
    }

    impl Field {
        fn not_text<E: de::Error>(self) -> E {
            E::custom(format!("{:?} must be text", self.name))
        }

        fn scalar<E: de::Error>(self, text: String) -> Result<Vec<String>, E> {
            Ok(match self.shape {
                Shape::Moves => text.split_whitespace().map(str::to_string).collect(),
                Shape::One | Shape::Switches => vec![text],
            })
        }

        /// The same field, one text only (an element of an array, a value of an object).
        fn one(self) -> Field {
            Field {
                shape: Shape::One,
                ..self
            }
        }
    }

    impl<'de> DeserializeSeed<'de> for Field {
        type Value = Vec<String>;

        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Field {
        type Value = Vec<String>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:?} as text", self.name)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<String>, E> {
            self.scalar(v.to_string())
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Vec<String>, E> {
            self.scalar(v.to_string())
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Vec<String>, E> {
            self.scalar(v.to_string())
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Vec<String>, E> {
            self.scalar(v.to_string())
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Vec<String>, E> {
            match serde_json::Number::from_f64(v) {
                Some(n) => self.scalar(n.to_string()),
                None => Err(self.not_text()),
            }
        }

        fn visit_unit<E: de::Error>(self) -> Result<Vec<String>, E> {
            Err(self.not_text())
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            if let Shape::One = self.shape {
                return Err(self.not_text());
            }
            let mut out = Vec::new();
            while let Some(mut one) = seq.next_element_seed(self.one())? {
                out.append(&mut one);
            }
            Ok(out)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            if !matches!(self.shape, Shape::Switches) {
                return Err(self.not_text());
            }
            let mut out = Vec::new();
            while let Some(name) = map.next_key::<String>()? {
                let value = map.next_value_seed(self.one())?.concat();
                out.push(format!("{name}={value}"));
            }
            Ok(out)
        }
    }

    fn read<'de, D: Deserializer<'de>>(
        d: D,
        name: &'static str,
        shape: Shape,
    ) -> Result<Vec<String>, D::Error> {
        Field { name, shape }.deserialize(d)
    }

    fn one<'de, D: Deserializer<'de>>(
        d: D,
        name: &'static str,
    ) -> Result<Option<String>, D::Error> {
        read(d, name, Shape::One).map(|v| Some(v.concat()))
    }

    pub fn fen<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "fen")
    }

    pub fn generator<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "generator")
    }

    pub fn mv<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "move")
    }

    pub fn depth<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "depth")
    }

    pub fn from<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "from")
    }

    pub fn to<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        one(d, "to")
    }

    pub fn moves<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        read(d, "moves", Shape::Moves).map(Some)
    }

    pub fn switch<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        read(d, "switch", Shape::Switches).map(Some)
    }

    pub fn switches<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        read(d, "switches", Shape::Switches).map(Some)
    }
}

fn check_len(name: &str, value: &str) -> Result<(), ApiError> {
    if value.chars().count() > MAX_TEXT {
        return Err(ApiError::bad(format!(
            "parameter {name:?} is longer than {MAX_TEXT} characters"
        )));
    }
    Ok(())
}

fn set_once(slot: &mut Option<String>, name: &str, value: &str) -> Result<(), ApiError> {
    if slot.is_some() {
        return Err(ApiError::bad(format!("parameter {name:?} given twice")));
    }
    *slot = Some(value.to_string());
    Ok(())
}

fn unknown(name: &str) -> ApiError {
    ApiError::bad(format!(
        "unknown parameter {:?}; the parameters are {}",
        name.chars().take(40).collect::<String>(),
        PARAMS.join(", ")
    ))
}

/// `/api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct Games {
    pub schema: &'static str,
    pub games: Vec<GameDoc>,
}

/// One game of [`Games`].
#[derive(Clone, Debug, Serialize)]
pub struct GameDoc {
    pub name: &'static str,
    pub title: &'static str,
    /// Whether the server can answer questions about it yet.
    pub implemented: bool,
    #[serde(flatten)]
    pub board: Option<BoardDoc>,
}

/// What the page needs to draw a game's board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardDoc {
    pub files: u8,
    pub ranks: u8,
    pub start_fen: String,
    /// The label of each file, left to right as the first player sees the board.
    pub file_labels: Vec<String>,
    /// The label of each rank, from the first player's side (rank 1) up.
    pub rank_labels: Vec<String>,
    /// Marked regions of the board (Congo's river and castles, Chu's promotion zones).
    pub zones: Vec<Zone>,
    /// The rule switches with their default and their values.
    pub switches: Vec<SwitchDoc>,
    /// Every piece kind: symbol and name.
    pub pieces: Vec<PieceDoc>,
    /// The name of every square in the game's notation ([`Game::square_name`]), by its board
    /// coordinates (`a1` → `12l` in Chu Shogi).
    pub square_names: std::collections::BTreeMap<String, String>,
    /// The two sides as the game's players call them ([`Game::side_name`]): `white` and `black`
    /// (the first and the second player) → `sente` and `gote` in Chu Shogi.
    pub sides: std::collections::BTreeMap<&'static str, &'static str>,
    /// How the game's players draw it ([`Game::LOOK`]): `discs`, `figures`, `tiles`.
    pub look: crate::Look,
    /// What the game calls its position text: `FEN`, or `SFEN` (Chu Shogi).
    pub fen_name: &'static str,
}

/// A marked region of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Zone {
    /// `river`, `castle`, `promotion`.
    pub kind: &'static str,
    /// What it is, in words (with its rule ID).
    pub title: String,
    pub squares: Vec<String>,
}

/// A rule switch.
#[derive(Clone, Debug, Serialize)]
pub struct SwitchDoc {
    /// As on the command line (`blind-bear`).
    pub name: String,
    pub default: String,
    pub values: Vec<String>,
    /// The rule IDs of SPEC.md it switches.
    pub rules: &'static str,
    /// What each value says, in the order of `values`.
    pub meanings: Vec<&'static str>,
}

/// A piece kind.
#[derive(Clone, Debug, Serialize)]
pub struct PieceDoc {
    pub symbol: &'static str,
    pub name: &'static str,
    /// How it moves in Betza's notation ([`Kind::betza`]).
    pub betza: Option<&'static str>,
    /// The rule of SPEC.md on its movement ([`Kind::rule`]).
    pub rule: Option<&'static str>,
    /// What the piece shows instead of its letter ([`Kind::label`]): kanji, a chess figure.
    pub label: Option<&'static str>,
    /// Its name in the game's own records ([`Kind::long_label`]): Chu Shogi's kanji names.
    pub long_label: Option<&'static str>,
}

/// The `/api/games` document.
pub fn games() -> Games {
    struct Describe;
    impl GameCommand for Describe {
        type Output = BoardDoc;
        fn run<G: Registered>(self) -> BoardDoc {
            board_doc::<G>()
        }
    }
    Games {
        schema: GAMES_SCHEMA,
        games: GameId::ALL
            .iter()
            .map(|g| GameDoc {
                name: g.name(),
                title: g.title(),
                implemented: true,
                board: Some(g.run(Describe)),
            })
            .collect(),
    }
}

/// The board description of game `G`.
pub fn board_doc<G: Registered>() -> BoardDoc {
    let shape = G::SHAPE;
    // The game's own names ([`Game::square_name`]): letters and numbers (CORE-1.1), Chu
    // Shogi's USI files 12…1 and ranks l…a (CHU-1.1).
    let (file_labels, rank_labels) = crate::diagram::labels::<G>();
    BoardDoc {
        files: shape.files,
        ranks: shape.ranks,
        start_fen: Position::<G>::start().fen(),
        file_labels,
        rank_labels,
        zones: zones::<G>(),
        switches: switch_docs::<G>(),
        pieces: G::Kind::ALL
            .iter()
            .map(|k| PieceDoc {
                symbol: k.symbol(),
                name: k.name(),
                betza: k.betza(),
                rule: k.rule(),
                label: k.label(),
                long_label: k.long_label(),
            })
            .collect(),
        square_names: shape
            .squares()
            .map(|sq| (sq.to_string(), G::square_name(sq)))
            .collect(),
        sides: Colour::ALL
            .into_iter()
            .map(|c| (side(c), G::side_name(c)))
            .collect(),
        look: G::LOOK,
        fen_name: match G::DIALECT {
            crate::fen::FenDialect::Sfen => "SFEN",
            _ => "FEN",
        },
    }
}

/// The marked regions of the game's board, as `fairyspec diagram` draws them
/// ([`crate::diagram::Draw::regions`]): Congo's river and castles, Chu Shogi's promotion zones.
fn zones<G: Registered>() -> Vec<Zone> {
    G::regions()
        .into_iter()
        .map(|r| Zone {
            kind: match r.style {
                RegionStyle::River => "river",
                RegionStyle::Castle => "castle",
                RegionStyle::Zone => "promotion",
            },
            title: r.label.to_string(),
            squares: r.squares.iter().map(|s| s.to_string()).collect(),
        })
        .collect()
}

/// The game's switches as the command line names them, with their values
/// ([`crate::switches::Switches::SWITCHES`]).
pub fn switch_docs<G: Registered>() -> Vec<SwitchDoc> {
    use crate::switches::Switches;
    G::Switches::SWITCHES
        .iter()
        .map(|s| SwitchDoc {
            name: s.name.to_string(),
            default: s.default_value().to_string(),
            values: s.values().map(str::to_string).collect(),
            rules: s.rules,
            meanings: s.readings.iter().map(|r| r.meaning).collect(),
        })
        .collect()
}

/// `/api/<game>/moves` and the position part of `play`: the document of `moves --json`
/// ([`json::Moves`]) and what the page needs besides.
#[derive(Clone, Debug, Serialize)]
pub struct Moves {
    #[serde(flatten)]
    pub base: json::Moves,
    /// `white` or `black` (the first and the second player).
    pub turn: &'static str,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The move just played, for `play`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
    /// The pieces on the board.
    pub pieces: Vec<PieceOn>,
    /// Each legal move with the squares it passes (in the order of `moves`).
    pub legal: Vec<LegalMove>,
    /// What was normalised in the pasted `fen` (lishogi's lenient SFEN …), in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The moves the pasted `fen` played (a USI `position … moves …` line, a KIF record).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<HistoryEntry>,
}

/// A game result as the command line's JSON writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeField {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    /// Why, in words.
    pub reason: String,
}

impl From<Outcome> for OutcomeField {
    fn from(o: Outcome) -> OutcomeField {
        OutcomeField {
            result: o.result(),
            reason: o.reason.to_string(),
        }
    }
}

/// A piece on a square.
#[derive(Clone, Debug, Serialize)]
pub struct PieceOn {
    /// The square in board coordinates (CORE-1.1: `a1` is the first player's lower left).
    pub square: String,
    /// The FEN symbol (upper case for the first player).
    pub piece: String,
    pub name: &'static str,
    /// `white` or `black`.
    pub colour: &'static str,
}

/// A legal move and its path.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// The move text, in the game's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Every square it lands on, from the start: from, the intermediate squares, to (board
    /// coordinates, as [`PieceOn::square`]).
    pub path: Vec<String>,
    /// The name of the kind it promotes to, if it does.
    pub promotion: Option<&'static str>,
}

/// `/api/<game>/perft`: the document of `perft --json` ([`json::Perft`]) and the time it took.
#[derive(Clone, Debug, Serialize)]
pub struct Perft {
    #[serde(flatten)]
    pub base: json::Perft,
    /// Seconds the count took.
    pub seconds: f64,
}

/// `/api/<game>/outcome`.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeDoc {
    pub schema: &'static str,
    pub game: &'static str,
    pub fen: String,
    pub outcome: Option<OutcomeField>,
    pub check: bool,
    /// The draw the player to move could claim (fifty moves), if any.
    pub claimable: Option<OutcomeField>,
}

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
    pub fn parse(name: &str) -> Option<Question> {
        match name {
            "moves" => Some(Question::Moves),
            "play" => Some(Question::Play),
            "perft" => Some(Question::Perft),
            "outcome" => Some(Question::Outcome),
            "explain" => Some(Question::Explain),
            _ => None,
        }
    }
}

/// A question about one game, run by [`GameId::run`].
pub struct Ask<'a> {
    pub question: Question,
    pub params: &'a Params,
    pub budget: &'a Budget,
    /// When the answer is due ([`Budget::ask`]).
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
    ApiError {
        status: 503,
        message: format!(
            "the question is over the time limit of one question after {done}; ask for less"
        ),
    }
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
    let gen = registry::generator::<G>(choice, &switches)?;
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

/// Schema of [`ExplainDoc`].
pub const EXPLAIN_SCHEMA: &str = "fairyspec.explain/1";

/// `/api/<game>/explain`: the [`Explanation`] of `fairyspec explain --json`, with its schema.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainDoc {
    pub schema: &'static str,
    #[serde(flatten)]
    pub explanation: Explanation,
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
            let square = |name: &str| {
                Square::parse(name.trim())
                    .filter(|&s| G::SHAPE.contains(s))
                    .ok_or_else(|| {
                        ApiError::bad(format!(
                            "{:?} is no square of the {} board",
                            name.chars().take(20).collect::<String>(),
                            G::SHAPE
                        ))
                    })
            };
            Move::<G::Kind>::new(square(from)?, square(to)?).to_string()
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
    legal.sort_by(|a, b| a.0.cmp(&b.0));
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
                text,
                path: m.path().iter().map(|s| s.to_string()).collect(),
                promotion: m.promotion.map(|k| k.name()),
            })
            .collect(),
    }
}

/// Perft divided by root move within the budget ([`divide_within`]), with the one perft slot.
///
/// # Errors
/// [`ApiError`] when the time or node budget runs out, or another perft is running.
pub fn perft_doc<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    budget: &Budget,
    deadline: Instant,
) -> Result<Perft, ApiError> {
    let wait = budget
        .perft_time
        .min(deadline.saturating_duration_since(Instant::now()));
    let Some(_one_at_a_time) = budget.perft_slot(wait) else {
        return Err(ApiError {
            status: 503,
            message: "another perft is running; try again in a moment".to_string(),
        });
    };
    let start = Instant::now();
    let limits = Limits {
        deadline: (start + budget.perft_time).min(deadline),
        max_nodes: budget.perft_nodes,
        leaf_depth: if gen.name() == "bitboard" { 3 } else { 1 },
    };
    let divide = divide_within(gen, pos, depth, &limits).map_err(|stopped| match stopped {
        Stopped::Nodes { max } => ApiError::bad(format!(
            "perft stopped: more than {max} nodes (the node budget of one request); ask for less depth"
        )),
        Stopped::Time { nodes } => ApiError::bad(format!(
            "perft stopped: over the time limit of one request after {nodes} nodes; ask for less depth"
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_and_json_read_the_same() {
        let q = vec![
            ("fen".to_string(), "8/8 w".to_string()),
            ("moves".to_string(), "e2e4 e7e5".to_string()),
            (
                "switch".to_string(),
                "blind-bear=even-if-exposed".to_string(),
            ),
            ("depth".to_string(), "2".to_string()),
        ];
        let a = Params::from_query(&q).unwrap();
        let b = Params::from_json(
            r#"{"fen": "8/8 w", "moves": ["e2e4", "e7e5"],
                "switches": {"blind-bear": "even-if-exposed"}, "depth": 2}"#,
        )
        .unwrap();
        assert_eq!(a, b);
        assert!(Params::from_json("[1]").is_err());
        let message = |body: &str| Params::from_json(body).unwrap_err().message;
        assert!(message(r#"{"colour": "red"}"#).contains("unknown field `colour`"));
        assert!(message(r#"{"fen": {"a": 1}}"#).contains("\"fen\" must be text"));
        assert!(message(r#"{"moves": [[1]]}"#).contains("\"moves\" must be text"));
        assert!(message(r#"{"to": null}"#).contains("\"to\" must be text"));
        assert!(message(r#"{"depth": 1, "depth": 2}"#).contains("duplicate field `depth`"));
        assert!(message("{").contains("not JSON"));
        assert!(message("[1]").contains("JSON object"));
        let both = Params::from_json(r#"{"switch": "a=b", "switches": {"c": true, "d": 2}}"#);
        assert_eq!(both.unwrap().switches, ["a=b", "c=true", "d=2"]);
        assert!(
            Params::from_query(&[("fen".into(), "a".into()), ("fen".into(), "b".into())]).is_err()
        );
    }
}
