//! The inputs of every question ([`Params`]): from a query string, or from a JSON body ([`Body`]);
//! the limits on their size.

use super::ApiError;
use serde::Deserialize;
use serde_json::error::Category;

/// The most moves a request may play from its FEN before asking its question.
pub const MAX_MOVES: usize = 1024;
/// The longest FEN or move text accepted, in characters.
pub const MAX_TEXT: usize = 1024;
/// The longest `fen` of a `POST`'s JSON body, in characters: room for a pasted game record
/// (Chu Shogi's KIF, [`crate::Game::read_position_text`]).
pub const MAX_RECORD_TEXT: usize = 12 * 1024;
/// The longest text of one move.
pub const MAX_MOVE_TEXT: usize = 64;
/// The deepest perft the server accepts at all (the time and node budget usually stop it sooner).
pub const MAX_PERFT_DEPTH: u32 = 12;

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
            return Err(ApiError::bad(
                "the body must be a JSON object, not an array",
            ));
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

    pub(super) fn check_count(&self) -> Result<(), ApiError> {
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
        self.check_switches()
    }

    /// A switch may be named more than once only with the same value: two different values
    /// are a contradiction, not "the last one wins" (issue 32). Names and values are compared
    /// as the switches read them (trimmed, `_` as `-` in the name).
    fn check_switches(&self) -> Result<(), ApiError> {
        let mut seen: Vec<(String, &str)> = Vec::new();
        for pair in &self.switches {
            // A text without `=` is refused by the switches' own reading, with its reason.
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let (name, value) = (name.trim().replace('_', "-"), value.trim());
            match seen.iter().find(|(n, _)| *n == name) {
                Some((_, first)) if *first != value => {
                    return Err(ApiError::bad(format!(
                    "switch {name:?} is given twice, as {first:?} and as {value:?}; give it once",
                    name = name.chars().take(40).collect::<String>(),
                    first = first.chars().take(40).collect::<String>(),
                    value = value.chars().take(40).collect::<String>(),
                )))
                }
                Some(_) => {}
                None => seen.push((name, value)),
            }
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

pub(super) fn check_len(name: &str, value: &str) -> Result<(), ApiError> {
    if value.chars().count() > MAX_TEXT {
        return Err(ApiError::bad(format!(
            "parameter {name:?} is longer than {MAX_TEXT} characters"
        )));
    }
    Ok(())
}

pub(super) fn set_once(slot: &mut Option<String>, name: &str, value: &str) -> Result<(), ApiError> {
    if slot.is_some() {
        return Err(ApiError::bad(format!("parameter {name:?} given twice")));
    }
    *slot = Some(value.to_string());
    Ok(())
}

pub(super) fn unknown(name: &str) -> ApiError {
    ApiError::bad(format!(
        "unknown parameter {:?}; the parameters are {}",
        name.chars().take(40).collect::<String>(),
        PARAMS.join(", ")
    ))
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

    /// Issue 32: a switch named twice with different values is refused, from a query and from a
    /// JSON body alike; twice with the same value is the same request as once.
    #[test]
    fn a_switch_given_twice_with_different_values_is_refused() {
        let query = |pairs: &[&str]| {
            let q: Vec<(String, String)> = pairs
                .iter()
                .map(|p| ("switch".to_string(), p.to_string()))
                .collect();
            Params::from_query(&q)
        };
        let e = query(&["blind-bear=even-if-exposed", "blind-bear=needs-legal-move"]).unwrap_err();
        assert_eq!(e.status, 400);
        assert!(
            e.message.contains("\"blind-bear\" is given twice"),
            "{}",
            e.message
        );
        assert!(e.message.contains("even-if-exposed"), "{}", e.message);
        assert!(e.message.contains("needs-legal-move"), "{}", e.message);
        // The same switch however it is spelt (`_` for `-`, spaces), as the switches read it.
        assert!(query(&[
            "blind_bear=even-if-exposed",
            " blind-bear = needs-legal-move"
        ])
        .is_err());
        assert!(query(&["blind-bear=even-if-exposed", "blind-bear= even-if-exposed"]).is_ok());
        assert!(query(&["blind-bear=even-if-exposed", "other=x"]).is_ok());
        let e = Params::from_json(
            r#"{"switch": "blind-bear=even-if-exposed", "switches": {"blind-bear": "needs-legal-move"}}"#,
        )
        .unwrap_err();
        assert!(e.message.contains("given twice"), "{}", e.message);
        let e = Params::from_json(
            r#"{"switches": ["blind-bear=needs-legal-move", "blind-bear=even-if-exposed"]}"#,
        )
        .unwrap_err();
        assert!(e.message.contains("given twice"), "{}", e.message);
    }
}
