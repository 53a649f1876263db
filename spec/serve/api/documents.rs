//! The API's answers beside the documents of [`crate::documents`]: the games and their boards for
//! the page, and the page's additions to the `moves`, `perft`, `outcome` and `explain` documents.

use super::{side, HistoryEntry};
use crate::diagram::RegionStyle;
use crate::documents as json;
use crate::explain::Explanation;
use crate::registry::{GameCommand, GameId, Registered};
use crate::{Colour, Kind, Outcome, Position};
use serde::Serialize;

/// Schema of [`Games`].
pub const GAMES_SCHEMA: &str = "fairyspec.games/1";
/// Schema of [`OutcomeDoc`].
pub const OUTCOME_SCHEMA: &str = "fairyspec.outcome/1";

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
    /// The name of every square in the game's notation ([`crate::Game::square_name`]), by its board
    /// coordinates (`a1` → `12l` in Chu Shogi).
    pub square_names: std::collections::BTreeMap<String, String>,
    /// The two sides as the game's players call them ([`crate::Game::side_name`]): `white` and `black`
    /// (the first and the second player) → `sente` and `gote` in Chu Shogi.
    pub sides: std::collections::BTreeMap<&'static str, &'static str>,
    /// How the game's players draw it ([`crate::Game::LOOK`]): `discs`, `figures`, `tiles`.
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
    // The game's own names ([`crate::Game::square_name`]): letters and numbers (CORE-1.1), Chu
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
pub(super) fn zones<G: Registered>() -> Vec<Zone> {
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
    /// The move that stands for this move's result (CHU-9.5; the one `--count results` keeps):
    /// the moves with the same `result` lead to the same position — a Lion's jump and its
    /// routes through empty squares, a monkey's chains over the same men — and the page offers
    /// them as one choice, naming the routes.
    pub result: String,
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

/// Schema of [`ExplainDoc`].
pub const EXPLAIN_SCHEMA: &str = "fairyspec.explain/1";

/// `/api/<game>/explain`: the [`Explanation`] of `fairyspec explain --json`, with its schema.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainDoc {
    pub schema: &'static str,
    #[serde(flatten)]
    pub explanation: Explanation,
}
