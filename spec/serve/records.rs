//! `/api/<game>/records` and `/api/<game>/records/<name>`: the game records shipped with the crate
//! ([`crate::Game::records`]: Chu Shogi's corpus games), for the page's stepper — the list, and
//! one game ply by ply: the position before each move, the move, the piece that made it and the
//! squares it passed. Replayed with the fast generator; the result is the one `replay` gives.

use super::api::ApiError;
use crate::notation::record::RecordResult;
use crate::registry::Registered;
use crate::{Game, Generator, Position};
use serde::Serialize;

/// Schema of [`RecordList`].
pub const RECORDS_SCHEMA: &str = "fairyspec.records/1";
/// Schema of [`RecordDoc`].
pub const RECORD_SCHEMA: &str = "fairyspec.record/1";

/// The list of a game's records.
#[derive(Clone, Debug, Serialize)]
pub struct RecordList {
    pub schema: &'static str,
    pub game: &'static str,
    pub records: Vec<RecordEntry>,
}

/// One record of [`RecordList`].
#[derive(Clone, Debug, Serialize)]
pub struct RecordEntry {
    /// The record's name (its file's, `lishogi-2u7dwJf9`).
    pub id: &'static str,
    pub title: String,
    /// What the game shows, from the record's header.
    pub about: String,
    pub plies: usize,
    /// How it ends as `replay` judges it (`0-1 royal captured`), `*` if it does not.
    pub result: String,
}

/// One record, ply by ply.
#[derive(Clone, Debug, Serialize)]
pub struct RecordDoc {
    pub schema: &'static str,
    pub game: &'static str,
    #[serde(flatten)]
    pub entry: RecordEntry,
    /// The record's header (its `#` comments): source, players, licence.
    pub header: String,
    pub plies: Vec<Ply>,
    /// The position after the last move.
    pub final_fen: String,
}

/// A move of a record.
#[derive(Clone, Debug, Serialize)]
pub struct Ply {
    /// The position before the move.
    pub fen: String,
    /// The move as the record writes it (the game's notation).
    #[serde(rename = "move")]
    pub text: String,
    /// The FEN symbol of the piece that moves.
    pub piece: String,
    /// The squares it lands on, board coordinates as `/api/<game>/moves` gives them.
    pub path: Vec<String>,
}

/// A record read: its header and the moves.
struct Read {
    header: Vec<String>,
    fen: Option<String>,
    words: Vec<String>,
}

/// A record's layout (CHU-8.3's, which suits any move list): `#` comments, an optional first
/// line `sfen …` or `fen …`, then moves separated by white space, possibly a result.
fn read(text: &str) -> Read {
    let mut r = Read {
        header: Vec::new(),
        fen: None,
        words: Vec::new(),
    };
    for line in text.lines() {
        let (body, comment) = match line.split_once('#') {
            Some((b, c)) => (b, Some(c)),
            None => (line, None),
        };
        if let Some(c) = comment {
            if r.words.is_empty() {
                r.header.push(c.trim().to_string());
            }
        }
        let body = body.trim();
        if body.is_empty() {
            continue;
        }
        if r.words.is_empty() && r.fen.is_none() {
            if let Some(fen) = body
                .strip_prefix("sfen ")
                .or_else(|| body.strip_prefix("fen "))
            {
                r.fen = Some(fen.trim().to_string());
                continue;
            }
        }
        r.words.extend(
            body.split_whitespace()
                .filter(|w| RecordResult::parse(w).is_none())
                .map(str::to_string),
        );
    }
    r
}

/// The paragraph of the header that starts `What it shows:`.
fn about(header: &[String]) -> String {
    let mut out = Vec::new();
    let mut on = false;
    for line in header {
        if let Some(rest) = line.strip_prefix("What it shows:") {
            on = true;
            out.push(rest.trim().to_string());
        } else if on && !line.is_empty() {
            out.push(line.clone());
        } else if on {
            break;
        }
    }
    out.join(" ")
}

fn generator<G: Game>() -> Box<dyn Generator<G>> {
    let switches = G::Switches::default();
    G::bitboard(&switches)
}

/// Replays record `text` ply by ply.
fn replay<G: Registered>(id: &'static str, text: &str) -> Result<RecordDoc, ApiError> {
    let r = read(text);
    let gen = generator::<G>();
    let mut pos = match &r.fen {
        Some(fen) => {
            Position::<G>::from_fen(fen).map_err(|e| ApiError::bad(format!("record {id}: {e}")))?
        }
        None => Position::<G>::start(),
    };
    let mut plies = Vec::new();
    for word in &r.words {
        let mv = gen
            .parse_move(&pos, word)
            .map_err(|e| ApiError::bad(format!("record {id}, ply {}: {e}", plies.len() + 1)))?;
        let piece = pos
            .piece_at(mv.from)
            .map(|p| p.fen_symbol())
            .unwrap_or_default();
        plies.push(Ply {
            fen: pos.fen(),
            text: word.clone(),
            piece,
            path: mv.path().iter().map(|s| s.to_string()).collect(),
        });
        pos = gen.play_unchecked(&pos, &mv);
    }
    let result = match G::replay(&*gen, text) {
        Ok(summary) => match summary.outcome {
            Some(o) => format!("{} {}", o.result(), o.reason),
            None => "*".to_string(),
        },
        Err(e) => format!("not replayed: {e}"),
    };
    Ok(RecordDoc {
        schema: RECORD_SCHEMA,
        game: G::NAME,
        entry: RecordEntry {
            id,
            title: title(id),
            about: about(&r.header),
            plies: plies.len(),
            result,
        },
        header: r.header.join("\n"),
        plies,
        final_fen: pos.fen(),
    })
}

/// A record's title from its name: `lishogi-2u7dwJf9` → `lishogi 2u7dwJf9`.
fn title(id: &str) -> String {
    id.replacen('-', " ", 1)
}

/// `/api/<game>/records`.
pub fn list<G: Registered>() -> RecordList {
    RecordList {
        schema: RECORDS_SCHEMA,
        game: G::NAME,
        records: G::records()
            .iter()
            .map(|(id, text)| {
                let r = read(text);
                RecordEntry {
                    id,
                    title: title(id),
                    about: about(&r.header),
                    plies: r.words.len(),
                    result: String::new(),
                }
            })
            .collect(),
    }
}

/// `/api/<game>/records/<id>`.
///
/// # Errors
/// No record of that name (404), or one that does not replay.
pub fn record<G: Registered>(id: &str) -> Result<RecordDoc, ApiError> {
    let Some((id, text)) = G::records().iter().find(|(name, _)| *name == id) else {
        return Err(ApiError {
            status: 404,
            message: format!(
                "no record {:?} of {}; /api/{}/records lists them",
                id.chars().take(40).collect::<String>(),
                G::NAME,
                G::NAME
            ),
        });
    };
    replay::<G>(id, text)
}
