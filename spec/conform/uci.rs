//! A UCI engine that counts perft, kept running for the whole comparison.
//!
//! The dialogue (Stockfish and Fairy-Stockfish speak it):
//!
//! ```text
//! > uci                                   < ... uciok
//! > setoption name UCI_Variant value kuma      (one per --option NAME=VALUE)
//! > isready                               < readyok
//! > position fen <fen> moves <m1> <m2>…
//! > go perft 3
//! < e2e4: 600                             (one per root move; other lines are ignored)
//! < Nodes searched: 8902
//! ```
//!
//! Every wait has a time limit; on a time-out the process is killed and every later query
//! reports the same error.

use super::engine::{
    divide_line, kill, line_reader, seconds, spawn_error, split_command, stderr_reader, Engine,
    EngineDivide, EngineError, Line, MAX_OUTPUT,
};
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct UciEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    errors: Receiver<String>,
    timeout: Duration,
    /// The error that ended the engine; later queries repeat it.
    dead: Option<EngineError>,
}

impl UciEngine {
    /// Starts `command`, waits for `uciok`, sets each `(name, value)` option, and waits for
    /// `readyok` — each wait at most `timeout`.
    ///
    /// # Errors
    /// A missing executable, a time-out, an engine that exits or never says `uciok`.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<UciEngine, EngineError> {
        let words = split_command(command)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| spawn_error(&words[0], &e))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill(&mut child);
            return Err(EngineError::Io {
                message: "the engine's pipes are missing".to_string(),
            });
        };
        let mut engine = UciEngine {
            command: command.to_string(),
            child,
            stdin,
            lines: line_reader(stdout),
            errors: stderr_reader(stderr),
            timeout,
            dead: None,
        };
        engine.send("uci", "uci")?;
        engine.wait_for("uci", |l| l == "uciok")?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"), "setoption")?;
        }
        engine.send("isready", "isready")?;
        engine.wait_for("isready", |l| l == "readyok")?;
        Ok(engine)
    }

    /// Writes one command line, or fails as the engine's death.
    fn send(&mut self, line: &str, query: &str) -> Result<(), EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        if written.is_err() {
            return Err(self.died(query));
        }
        Ok(())
    }

    /// Reads lines until `done` accepts one; returns the lines before it and that line.
    fn wait_for(
        &mut self,
        query: &str,
        done: impl Fn(&str) -> bool,
    ) -> Result<(Vec<String>, String), EngineError> {
        let deadline = Instant::now() + self.timeout;
        let mut seen: Vec<String> = Vec::new();
        let mut size = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(text)) => {
                    let line = text.trim().to_string();
                    if done(&line) {
                        return Ok((seen, line));
                    }
                    size += line.len() + 1;
                    if size > MAX_OUTPUT {
                        return Err(self.fail(EngineError::Garbage {
                            query: query.to_string(),
                            line: line.chars().take(80).collect(),
                            reason: format!("more than {MAX_OUTPUT} bytes of output"),
                        }));
                    }
                    seen.push(line);
                }
                Ok(Line::End(None)) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.died(query))
                }
                Ok(Line::End(Some(reason))) => {
                    return Err(self.fail(EngineError::Garbage {
                        query: query.to_string(),
                        line: String::new(),
                        reason,
                    }))
                }
                Err(RecvTimeoutError::Timeout) => {
                    let e = EngineError::Timeout {
                        seconds: seconds(self.timeout),
                        query: query.to_string(),
                    };
                    return Err(self.fail(e));
                }
            }
        }
    }

    /// Kills the engine and remembers why.
    fn fail(&mut self, e: EngineError) -> EngineError {
        kill(&mut self.child);
        self.dead = Some(e.clone());
        e
    }

    /// The engine closed its output or its input: its exit status and the end of its stderr.
    fn died(&mut self, query: &str) -> EngineError {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break s.to_string(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => break "closed its output".to_string(),
            }
        };
        kill(&mut self.child);
        let stderr = self
            .errors
            .recv_timeout(Duration::from_millis(200))
            .unwrap_or_default();
        let e = EngineError::Exited {
            status,
            query: query.to_string(),
            stderr,
        };
        self.dead = Some(e.clone());
        e
    }
}

impl Engine for UciEngine {
    fn describe(&self) -> String {
        format!("uci: {}", self.command)
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let query = format!("{position} / go perft {depth}");
        self.send(&position, &query)?;
        self.send(&format!("go perft {depth}"), &query)?;
        let (lines, last) = self.wait_for(&query, |l| l.starts_with("Nodes searched"))?;
        parse_uci_perft(&lines, &last, &query)
    }
}

/// Reads the answer to `go perft`: the divide lines among `lines` (`e2e4: 20`; lines that are
/// not divide lines, such as `info string …`, are skipped) and the total from
/// `Nodes searched: N`.
///
/// # Errors
/// [`EngineError::Garbage`] if the total does not parse or is not the sum of the counts.
pub fn parse_uci_perft(
    lines: &[String],
    last: &str,
    query: &str,
) -> Result<EngineDivide, EngineError> {
    let garbage = |line: &str, reason: String| EngineError::Garbage {
        query: query.to_string(),
        line: line.to_string(),
        reason,
    };
    let total = last
        .split_once(':')
        .and_then(|(_, n)| n.trim().parse::<u64>().ok())
        .ok_or_else(|| garbage(last, "expected `Nodes searched: N`".to_string()))?;
    let moves: Vec<(String, u64)> = lines
        .iter()
        .filter(|l| !l.starts_with("info"))
        .filter_map(|l| divide_line(l))
        .collect();
    let sum: u64 = moves.iter().map(|(_, n)| n).sum();
    if !moves.is_empty() && sum != total {
        return Err(garbage(
            last,
            format!("the total is not the sum of the counts ({sum})"),
        ));
    }
    Ok(EngineDivide { moves, total })
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        if self.dead.is_none() {
            let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
            let deadline = Instant::now() + Duration::from_millis(300);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        kill(&mut self.child);
    }
}
