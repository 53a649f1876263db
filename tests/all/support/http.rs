//! A minimal HTTP/1.1 client for the tests of `fairyspec serve`, and a server started in the test
//! process on 127.0.0.1 (an ephemeral port). Talks to 127.0.0.1 only.
#![allow(dead_code)]

use fairyspec::serve::{Config, Server, StopHandle};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A server running on its own thread; stopped when dropped.
pub struct Running {
    pub addr: SocketAddr,
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
        let thread = std::thread::spawn(move || server.run());
        Running {
            addr,
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

/// Sends `bytes` to `addr`, reads until the server closes: (status, body). Status 0 when no
/// response came (the server closed the connection, or it timed out).
pub fn raw_request(addr: SocketAddr, bytes: &[u8], timeout: Duration) -> (u16, String) {
    let Ok(mut stream) = TcpStream::connect_timeout(&addr, timeout) else {
        return (0, String::new());
    };
    let _ = stream.set_read_timeout(Some(timeout));
    let _ = stream.set_write_timeout(Some(timeout));
    // The server may answer (and close) before a large request is fully sent: ignore write
    // errors, read what came back.
    let _ = stream.write_all(bytes);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    parse_response(&answer)
}

/// Splits a response into status and body.
pub fn parse_response(answer: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(answer);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return (0, text.into_owned());
    };
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, body.to_string())
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

/// Whether something a test needs but cannot build itself (an outside engine, a browser, the
/// release binary) must be there: in CI (the variable `CI` set to anything but `false`/`0`, as CI
/// services do) or when `FAIRYSPEC_REQUIRE_ENGINES=1`, which `.ci/run` sets. As
/// `tests/all/conform.rs` reads it for the engines.
pub fn required_in_ci() -> bool {
    let set =
        |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    set("CI") || set("FAIRYSPEC_REQUIRE_ENGINES")
}

/// `what` is missing for test `test`: fails the test where [`required_in_ci`], else says
/// `SKIPPED` where it is seen — straight to the terminal's stderr, which the test harness does not
/// capture, and into the test's captured output — and lets the caller return.
pub fn missing(test: &str, what: &str, how: &str) {
    assert!(
        !required_in_ci(),
        "{test}: {what} is missing, and CI requires it ({how})"
    );
    crate::skip::skipped(test, &format!("{what} is missing"), how);
}
