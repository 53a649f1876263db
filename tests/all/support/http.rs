//! A minimal HTTP/1.1 client for the tests of `fairyspec serve`, and a server started in the test
//! process on 127.0.0.1 (an ephemeral port). Talks to 127.0.0.1 only.
#![allow(dead_code)]

use fairyspec::serve::{Config, Server, Stats, StopHandle};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

/// A server running on its own thread; stopped when dropped.
pub struct Running {
    pub addr: SocketAddr,
    /// The server's counters (open connections, requests waiting, …).
    pub stats: Arc<Stats>,
    stop: StopHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    pub fn start(config: Config) -> Running {
        let config = Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            ..config
        };
        let server = Server::bind(config).expect("bind 127.0.0.1:0");
        let addr = server.local_addr().expect("local address");
        assert!(addr.ip().is_loopback());
        let stop = server.stop_handle().expect("stop handle");
        let stats = server.stats();
        let thread = std::thread::spawn(move || server.run());
        Running {
            addr,
            stats,
            stop,
            thread: Some(thread),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path`: status and body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let raw = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        );
        self.raw(raw.as_bytes())
    }

    /// `GET path` with more header lines (each ending in `\r\n`): status, the head, the body.
    pub fn get_with(&self, path: &str, headers: &str) -> (u16, String, String) {
        let raw = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\r\n",
            self.addr
        );
        exchange(self.addr, raw.as_bytes(), Duration::from_secs(30))
    }

    /// `POST path` with `body` and more header lines (each ending in `\r\n`; the Content-Type
    /// among them): status, the head, the body.
    pub fn post_with(&self, path: &str, headers: &str, body: &str) -> (u16, String, String) {
        let raw = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        exchange(self.addr, raw.as_bytes(), Duration::from_secs(30))
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        let raw = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        self.raw(raw.as_bytes())
    }

    /// Sends raw bytes, reads the whole answer: status (0 when the server closed without one)
    /// and body.
    pub fn raw(&self, bytes: &[u8]) -> (u16, String) {
        raw_request(self.addr, bytes, Duration::from_secs(30))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Sends `bytes` to `addr`, reads one answer: (status, body). Status 0 when no response came
/// (the server closed the connection, or it timed out).
pub fn raw_request(addr: SocketAddr, bytes: &[u8], timeout: Duration) -> (u16, String) {
    let (status, _, body) = exchange(addr, bytes, timeout);
    (status, body)
}

/// Sends `bytes` to `addr` on a new connection, reads one answer: (status, head, body); status 0
/// when none came.
pub fn exchange(addr: SocketAddr, bytes: &[u8], timeout: Duration) -> (u16, String, String) {
    let Ok(mut stream) = TcpStream::connect_timeout(&addr, timeout) else {
        return (0, String::new(), String::new());
    };
    let _ = stream.set_read_timeout(Some(timeout));
    let _ = stream.set_write_timeout(Some(timeout));
    // The server may answer (and close) before a large request is fully sent: ignore write
    // errors, read what came back.
    let _ = stream.write_all(bytes);
    read_answer(&mut stream)
}

/// Reads one answer from `stream`: up to the end of its head, then its `Content-Length` bytes
/// (a connection kept open after it is left open), or up to the end of the connection when it
/// has none. (status, head, body); status 0 when no answer came.
pub fn read_answer(stream: &mut TcpStream) -> (u16, String, String) {
    read_answer_after(stream, Vec::new())
}

/// [`read_answer`], the answer's first bytes read already.
pub fn read_answer_after(stream: &mut TcpStream, mut answer: Vec<u8>) -> (u16, String, String) {
    let _ = stream.set_nonblocking(false);
    let mut chunk = [0u8; 8192];
    let mut wanted: Option<usize> = None;
    loop {
        if let Some(end) = find(&answer, b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&answer[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|n| n.trim().parse::<usize>().ok());
            wanted = length.map(|n| end + 4 + n);
        }
        if wanted.is_some_and(|w| answer.len() >= w) {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
        }
    }
    parse_answer(&answer)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Splits a response into status, head and body.
pub fn parse_answer(answer: &[u8]) -> (u16, String, String) {
    let text = String::from_utf8_lossy(answer);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return (0, String::new(), text.into_owned());
    };
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

/// Splits a response into status and body.
pub fn parse_response(answer: &[u8]) -> (u16, String) {
    let (status, _, body) = parse_answer(answer);
    (status, body)
}

/// The value of header `name` in an answer's `head`, if any.
pub fn header(head: &str, name: &str) -> Option<String> {
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_string())
    })
}

/// Percent-encodes a query value.
pub fn enc(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A JSON body.
pub fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// Whether something a test needs but cannot build itself (a browser, the release binary) must
/// be there ([`crate::ci::required`]: `CI` or `FAIRYSPEC_REQUIRE_ENGINES` set to `true` or `1`).
pub fn required_in_ci() -> bool {
    crate::ci::required()
}

/// `what` is missing for test `test`: fails the test where [`required_in_ci`], else says
/// `SKIPPED` where it is seen ([`crate::ci::missing`]) and lets the caller return.
pub fn missing(test: &str, what: &str, how: &str) {
    crate::ci::missing(test, what, how, None);
}
