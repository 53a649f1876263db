//! The HTTP/1.1 layer of [`crate::serve`]: one request per connection, read with hard bounds,
//! parsed by [`httparse`] (the parser hyper uses), answered, closed.
//!
//! Every bound is here, in one place ([`Limits`]): how long a client may take to send its
//! request, how large its head and body may be, how many headers it may have. Whatever a client
//! sends, the answer is a response (a 4xx with the reason in words) or a closed connection —
//! never a panic and never an unbounded buffer.

use std::fmt;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The bounds every request is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The request line and the headers together, in bytes.
    pub max_head: usize,
    /// How many header lines.
    pub max_headers: usize,
    /// The body (`POST` only), in bytes.
    pub max_body: usize,
    /// How long a client may take to send its whole request (head and body).
    pub read_time: Duration,
    /// How long writing the whole response may take, however slowly the client reads.
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

/// A response: status, content type and body. Every response closes its connection.
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

    /// An error: `{"error": message}` with the status.
    pub fn error(status: u16, message: &str) -> Response {
        let body = serde_json::json!({ "error": message, "status": status });
        Response::new(status, "application/json", body.to_string())
    }

    /// A page.
    pub fn html(body: impl Into<Vec<u8>>) -> Response {
        Response::new(200, "text/html; charset=utf-8", body)
    }
}

/// Why a request could not be read. Each becomes a 4xx response ([`ReadError::response`]) or,
/// when the client is gone, nothing at all.
#[derive(Debug)]
pub enum ReadError {
    /// The connection closed or failed before a whole request arrived: nobody to answer.
    Gone(io::Error),
    /// The client was too slow.
    Timeout,
    /// The head is larger than [`Limits::max_head`] or has too many headers.
    HeadTooLarge,
    /// The body is larger than [`Limits::max_body`].
    BodyTooLarge { length: usize },
    /// Not HTTP/1.x, or a malformed request line, header or target.
    Malformed(String),
    /// A method other than GET, HEAD and POST.
    Method(String),
    /// A POST without a Content-Length (chunked bodies are not accepted).
    LengthRequired,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Gone(e) => write!(f, "connection lost: {e}"),
            ReadError::Timeout => write!(f, "the request took too long to arrive"),
            ReadError::HeadTooLarge => write!(f, "the request head is too large"),
            ReadError::BodyTooLarge { length } => {
                write!(f, "the request body of {length} bytes is too large")
            }
            ReadError::Malformed(why) => write!(f, "malformed request: {why}"),
            ReadError::Method(m) => write!(f, "method {m} is not supported (GET, HEAD, POST)"),
            ReadError::LengthRequired => write!(f, "a POST needs a Content-Length"),
        }
    }
}

impl ReadError {
    /// The response that tells the client, or `None` when the client is gone.
    pub fn response(&self, limits: &Limits) -> Option<Response> {
        let status = match self {
            ReadError::Gone(_) => return None,
            ReadError::Timeout => 408,
            ReadError::HeadTooLarge => 431,
            ReadError::BodyTooLarge { .. } => 413,
            ReadError::Malformed(_) => 400,
            ReadError::Method(_) => 405,
            ReadError::LengthRequired => 411,
        };
        let mut message = self.to_string();
        match self {
            ReadError::HeadTooLarge => message.push_str(&format!(
                " (at most {} bytes and {} headers)",
                limits.max_head, limits.max_headers
            )),
            ReadError::BodyTooLarge { .. } => {
                message.push_str(&format!(" (at most {} bytes)", limits.max_body));
            }
            _ => {}
        }
        let mut response = Response::error(status, &message);
        if let ReadError::Method(_) = self {
            response
                .headers
                .push(("Allow", "GET, HEAD, POST".to_string()));
        }
        Some(response)
    }
}

/// Reads one request from `stream` within `limits`.
///
/// # Errors
/// [`ReadError`] for every way the request can be unreadable or out of bounds.
pub fn read_request(stream: &mut TcpStream, limits: &Limits) -> Result<Request, ReadError> {
    let deadline = Instant::now() + limits.read_time;
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    // Read until the head is complete; never hold more than max_head + one chunk.
    let (head_len, method, target, content_length) = loop {
        let n = read_some(stream, &mut chunk, deadline)?;
        if n == 0 {
            return Err(ReadError::Gone(io::ErrorKind::UnexpectedEof.into()));
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = vec![httparse::EMPTY_HEADER; limits.max_headers];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => {
                if len > limits.max_head {
                    return Err(ReadError::HeadTooLarge);
                }
                let method = req.method.unwrap_or("").to_string();
                let target = req.path.unwrap_or("").to_string();
                let mut content_length = None;
                for h in req.headers.iter() {
                    if h.name.eq_ignore_ascii_case("content-length") {
                        let text = std::str::from_utf8(h.value).unwrap_or("");
                        let n = text.trim().parse::<usize>().map_err(|_| {
                            ReadError::Malformed(format!("bad Content-Length {text:?}"))
                        })?;
                        if content_length.is_some_and(|c| c != n) {
                            return Err(ReadError::Malformed(
                                "two different Content-Length headers".to_string(),
                            ));
                        }
                        content_length = Some(n);
                    } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
                        return Err(ReadError::LengthRequired);
                    }
                }
                break (len, method, target, content_length);
            }
            Ok(httparse::Status::Partial) => {
                if buf.len() > limits.max_head {
                    return Err(ReadError::HeadTooLarge);
                }
            }
            Err(httparse::Error::TooManyHeaders) => return Err(ReadError::HeadTooLarge),
            Err(e) => return Err(ReadError::Malformed(e.to_string())),
        }
    };
    let method = match method.as_str() {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        "POST" => Method::Post,
        _ => return Err(ReadError::Method(method.chars().take(16).collect())),
    };
    let length = match (method, content_length) {
        (Method::Post, None) => return Err(ReadError::LengthRequired),
        (_, None) => 0,
        (_, Some(n)) => n,
    };
    if length > limits.max_body {
        return Err(ReadError::BodyTooLarge { length });
    }
    let mut body = buf.split_off(head_len);
    while body.len() < length {
        let n = read_some(stream, &mut chunk, deadline)?;
        if n == 0 {
            return Err(ReadError::Gone(io::ErrorKind::UnexpectedEof.into()));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    body.truncate(length);
    let body = String::from_utf8(body)
        .map_err(|_| ReadError::Malformed("the body is not UTF-8".to_string()))?;
    let (path, query) = split_target(&target)?;
    Ok(Request {
        method,
        path,
        query,
        body,
    })
}

/// One read that respects the request's deadline.
fn read_some(
    stream: &mut TcpStream,
    chunk: &mut [u8],
    deadline: Instant,
) -> Result<usize, ReadError> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ReadError::Timeout);
        }
        stream
            .set_read_timeout(Some(left))
            .map_err(ReadError::Gone)?;
        match stream.read(chunk) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(ReadError::Timeout)
            }
            Err(e) => return Err(ReadError::Gone(e)),
        }
    }
}

/// Splits a request target into its decoded path and query. Only origin-form targets (`/…`)
/// are accepted.
fn split_target(target: &str) -> Result<(String, Vec<(String, String)>), ReadError> {
    if !target.starts_with('/') {
        return Err(ReadError::Malformed(format!(
            "the request target must start with '/', not {:?}",
            target.chars().take(40).collect::<String>()
        )));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = percent_decode(path, false).ok_or_else(|| {
        ReadError::Malformed("the path is not valid percent-encoded UTF-8".into())
    })?;
    Ok((path, parse_query(query)?))
}

/// Reads `application/x-www-form-urlencoded` text (a query string): `a=1&b=x+y`.
///
/// # Errors
/// [`ReadError::Malformed`] for bad percent-encoding or text that is not UTF-8.
pub fn parse_query(query: &str) -> Result<Vec<(String, String)>, ReadError> {
    let mut pairs = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let bad = || ReadError::Malformed(format!("bad percent-encoding in query part {part:?}"));
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

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Writes `response` (without its body for `HEAD`) and ends the connection's writing side, all
/// within [`Limits::write_time`]: a client that reads slowly gets what it read by then, and the
/// connection is shut.
///
/// # Errors
/// The socket's error, e.g. a client that went away; [`io::ErrorKind::TimedOut`] when the time
/// ran out.
pub fn write_response(
    stream: &mut TcpStream,
    response: &Response,
    head_only: bool,
    limits: &Limits,
) -> io::Result<()> {
    let deadline = Instant::now() + limits.write_time;
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:\r\n",
        response.status,
        reason_phrase(response.status),
        response.content_type,
        response.body.len()
    );
    for (name, value) in &response.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let written = write_before(stream, head.as_bytes(), deadline).and_then(|()| {
        if head_only {
            Ok(())
        } else {
            write_before(stream, &response.body, deadline)
        }
    });
    if written.is_err() {
        let _ = stream.shutdown(std::net::Shutdown::Both);
        return written;
    }
    stream.flush()?;
    let _ = stream.shutdown(std::net::Shutdown::Write);
    Ok(())
}

/// Writes all of `bytes` before `deadline`: each write may block only for the time left (the
/// socket's write timeout bounds one call, not a sequence of calls that each make a little
/// progress).
fn write_before(stream: &mut TcpStream, mut bytes: &[u8], deadline: Instant) -> io::Result<()> {
    while !bytes.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read the response too slowly",
            ));
        }
        stream.set_write_timeout(Some(left))?;
        // At most 64 KiB a call, so the deadline is looked at often.
        let chunk = &bytes[..bytes.len().min(64 * 1024)];
        match stream.write(chunk) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // The socket's timeout (the time left) ran out: WouldBlock on Unix, TimedOut elsewhere.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client read the response too slowly",
                ))
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
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

    /// A client that keeps reading, but slowly, cannot hold the writer past the write time: the
    /// whole response is bounded, not each write call (issue 20).
    #[test]
    fn a_slow_reader_cannot_hold_the_writer() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let stop = done.clone();
        let reader = std::thread::spawn(move || {
            let mut client = TcpStream::connect(addr).unwrap();
            let mut buf = [0u8; 4096];
            let mut total = 0;
            // 4 KiB every 20 ms: always some progress, about 200 KiB a second.
            while !stop.load(Ordering::SeqCst) {
                match client.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => total += n,
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            total
        });
        let (mut stream, _) = listener.accept().unwrap();
        let limits = Limits {
            write_time: Duration::from_millis(500),
            ..Limits::default()
        };
        // 16 MiB: more than the socket buffers hold, and far more than the reader takes in the
        // write time (writing it all at the reader's pace would take over a minute).
        let response = Response::new(200, "text/plain", vec![b'x'; 16 << 20]);
        let started = Instant::now();
        let result = write_response(&mut stream, &response, false, &limits);
        let took = started.elapsed();
        done.store(true, Ordering::SeqCst);
        assert_eq!(result.map_err(|e| e.kind()), Err(io::ErrorKind::TimedOut));
        assert!(
            took < Duration::from_secs(3),
            "the writer was held {took:?}"
        );
        drop(stream);
        let read = reader.join().unwrap();
        assert!(read > 0 && read < 16 << 20, "{read}");
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
