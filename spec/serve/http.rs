//! The request and response of [`crate::serve`] as its routes see them ([`Request`],
//! [`Response`]), the bounds every request is held to ([`Limits`]), and the reading of a request
//! target (its path and query, percent-decoded).
//!
//! hyper reads and writes HTTP/1.1 ([`super::conn`]); these types keep the routes free of it.

use std::time::Duration;

/// The bounds every request is held to. hyper holds the head to them (its size, its number of
/// headers, the time it may take to arrive); [`super::conn`] the body and the writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The request line and the headers together, in bytes (at least 8 KiB, hyper's least
    /// buffer); over it, 431.
    pub max_head: usize,
    /// How many header lines; over it, 431.
    pub max_headers: usize,
    /// The body (`POST` only), in bytes; over it, 413.
    pub max_body: usize,
    /// How long a client may take to send a request's head (from the moment the server waits
    /// for it: a new connection, or a kept-open one after its answer; after it the connection is
    /// closed), and then its body (else 408).
    pub read_time: Duration,
    /// How long writing the whole response may take, however slowly the client reads (after it
    /// the connection is closed).
    pub write_time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_head: 8 * 1024,
            max_headers: 32,
            max_body: 16 * 1024,
            read_time: Duration::from_secs(5),
            write_time: Duration::from_secs(10),
        }
    }
}

/// The request methods the server answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
}

/// A request as the handlers see it: the path split from its query, the body as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub method: Method,
    /// The path, percent-decoded (`/api/kuma/moves`).
    pub path: String,
    /// The query parameters in order, percent-decoded (`+` is a space), repeats kept.
    pub query: Vec<(String, String)>,
    /// The body (empty for `GET`); the server only accepts UTF-8 bodies.
    pub body: String,
}

impl Request {
    /// Every value of query parameter `name`, in order.
    pub fn params<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.query
            .iter()
            .filter(move |(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A response: status, content type, body and extra headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Extra headers (name, value), e.g. `Allow`.
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// A JSON document.
    pub fn json(status: u16, value: &impl serde::Serialize) -> Response {
        match serde_json::to_vec(value) {
            Ok(body) => Response::new(status, "application/json", body),
            Err(e) => Response::error(500, &format!("cannot write the answer as JSON: {e}")),
        }
    }

    /// An error: `{"error": message, "status": status}`. A busy answer (503, 429) says when to
    /// ask again (`Retry-After`, in seconds).
    pub fn error(status: u16, message: &str) -> Response {
        let body = serde_json::json!({ "error": message, "status": status });
        let mut response = Response::new(status, "application/json", body.to_string());
        if status == 503 || status == 429 {
            response
                .headers
                .push(("Retry-After", RETRY_AFTER_SECONDS.to_string()));
        }
        response
    }

    /// A page.
    pub fn html(body: impl Into<Vec<u8>>) -> Response {
        Response::new(200, "text/html; charset=utf-8", body)
    }
}

/// What a busy answer tells the client to wait before asking again, in seconds.
pub const RETRY_AFTER_SECONDS: u32 = 1;

/// Splits a request target into its decoded path and query. Only origin-form targets (`/…`)
/// are accepted: the server is no proxy.
///
/// # Errors
/// Why the target cannot be read, in words.
pub fn split_target(target: &str) -> Result<(String, Vec<(String, String)>), String> {
    if !target.starts_with('/') {
        return Err(format!(
            "the request target must start with '/', not {:?}",
            target.chars().take(40).collect::<String>()
        ));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = percent_decode(path, false)
        .ok_or_else(|| "the path is not valid percent-encoded UTF-8".to_string())?;
    Ok((path, parse_query(query)?))
}

/// Reads `application/x-www-form-urlencoded` text (a query string): `a=1&b=x+y`.
///
/// # Errors
/// Bad percent-encoding or text that is not UTF-8, in words.
pub fn parse_query(query: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let bad = || format!("bad percent-encoding in query part {part:?}");
        pairs.push((
            percent_decode(k, true).ok_or_else(bad)?,
            percent_decode(v, true).ok_or_else(bad)?,
        ));
    }
    Ok(pairs)
}

/// Decodes `%XX` escapes (and `+` as a space when `plus_is_space`); `None` for a bad escape or
/// a result that is not UTF-8.
pub fn percent_decode(text: &str, plus_is_space: bool) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b+c", true).as_deref(), Some("a b c"));
        assert_eq!(percent_decode("a+b", false).as_deref(), Some("a+b"));
        assert_eq!(percent_decode("%2", true), None);
        assert_eq!(percent_decode("%zz", true), None);
        assert_eq!(percent_decode("%ff", true), None, "not UTF-8");
        assert_eq!(
            percent_decode("%E2%80%94", true).as_deref(),
            Some("\u{2014}")
        );
    }

    #[test]
    fn queries_keep_repeats_and_order() {
        let q = parse_query("switch=a%3Db&moves=e2e4+e7e5&switch=c=d&flag").unwrap();
        assert_eq!(
            q,
            vec![
                ("switch".to_string(), "a=b".to_string()),
                ("moves".to_string(), "e2e4 e7e5".to_string()),
                ("switch".to_string(), "c=d".to_string()),
                ("flag".to_string(), String::new()),
            ]
        );
        assert!(parse_query("fen=%").is_err());
    }

    #[test]
    fn targets_must_be_origin_form() {
        assert!(split_target("http://example.org/").is_err());
        assert!(split_target("*").is_err());
        let (path, query) = split_target("/api/kuma/moves?fen=8%2F8").unwrap();
        assert_eq!(path, "/api/kuma/moves");
        assert_eq!(query, vec![("fen".to_string(), "8/8".to_string())]);
    }
}
