//! A long-lived engine process spoken to line by line (UCI, USI, XBoard): start it, write
//! commands, read answers with a time limit, and when something goes wrong say what the engine
//! last printed. With `FAIRYSPEC_ENGINE_LOG=FILE` in the environment the whole dialogue is
//! appended to FILE (`> ` what was sent, `< ` what was read). Every wait is bounded; a process that hangs, floods its output or dies is killed
//! and every later query repeats the error that ended it.

use super::engine::{
    kill, last_lines, line_reader, seconds, spawn_error, split_command, stderr_reader, EngineError,
    Line, MAX_OUTPUT,
};
use std::collections::VecDeque;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How many recent lines a session remembers for error messages.
const REMEMBERED: usize = 20;

/// A running engine process.
pub struct Session {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    errors: Receiver<String>,
    timeout: Duration,
    /// The engine's most recent output lines (trimmed), for error messages.
    recent: VecDeque<String>,
    /// The error that ended the engine; later queries repeat it.
    dead: Option<EngineError>,
    /// Where the dialogue is logged (`FAIRYSPEC_ENGINE_LOG=FILE`), for debugging a driver.
    log: Option<std::fs::File>,
}

impl Session {
    /// Starts `command` (split into words without a shell); every later wait is limited to
    /// `timeout`.
    ///
    /// # Errors
    /// [`EngineError::BadCommand`], [`EngineError::NotFound`] or [`EngineError::Io`].
    pub fn start(command: &str, timeout: Duration) -> Result<Session, EngineError> {
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
        Ok(Session {
            command: command.to_string(),
            child,
            stdin,
            lines: line_reader(stdout),
            errors: stderr_reader(stderr),
            timeout,
            recent: VecDeque::new(),
            dead: None,
            log: std::env::var_os("FAIRYSPEC_ENGINE_LOG").and_then(|path| {
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .ok()
            }),
        })
    }

    /// The command line the session was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The error that ended the engine, if one did.
    pub fn dead(&self) -> Option<&EngineError> {
        self.dead.as_ref()
    }

    /// Writes one command line, or fails as the engine's death.
    ///
    /// # Errors
    /// The engine is gone (its input is closed), or an earlier error ended it.
    pub fn send(&mut self, line: &str, query: &str) -> Result<(), EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "> {line}");
        }
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        if written.is_err() {
            return Err(self.died(query));
        }
        Ok(())
    }

    /// Reads lines until `done` accepts one; returns the lines before it and that line. Lines
    /// are trimmed; `skip` lines (an engine's debug chatter) are neither returned nor counted
    /// against the output limit's purpose, but they are remembered for error messages.
    ///
    /// # Errors
    /// A time-out (the engine is killed), the end of the engine's output, or more than
    /// [`MAX_OUTPUT`] bytes.
    pub fn wait_for(
        &mut self,
        query: &str,
        done: impl Fn(&str) -> bool,
        skip: impl Fn(&str) -> bool,
    ) -> Result<(Vec<String>, String), EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        let deadline = Instant::now() + self.timeout;
        let mut seen: Vec<String> = Vec::new();
        let mut size = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(text)) => {
                    let line = text.trim().to_string();
                    if let Some(log) = &mut self.log {
                        let _ = writeln!(log, "< {line}");
                    }
                    size += line.len() + 1;
                    self.remember(&line);
                    if done(&line) {
                        return Ok((seen, line));
                    }
                    if size > MAX_OUTPUT {
                        return Err(self.fail(EngineError::Garbage {
                            query: query.to_string(),
                            line: line.chars().take(80).collect(),
                            reason: format!("more than {MAX_OUTPUT} bytes of output"),
                        }));
                    }
                    if !skip(&line) && !line.is_empty() {
                        seen.push(line);
                    }
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
                        output: self.last_output(),
                    };
                    return Err(self.fail(e));
                }
            }
        }
    }

    fn remember(&mut self, line: &str) {
        if line.is_empty() {
            return;
        }
        if self.recent.len() == REMEMBERED {
            self.recent.pop_front();
        }
        self.recent.push_back(line.to_string());
    }

    /// The engine's last few output lines.
    pub fn last_output(&self) -> Vec<String> {
        let all: Vec<String> = self.recent.iter().cloned().collect();
        last_lines(&all)
    }

    /// Kills the engine and remembers why.
    pub fn fail(&mut self, e: EngineError) -> EngineError {
        kill(&mut self.child);
        self.dead = Some(e.clone());
        e
    }

    /// The engine closed its output or its input: its exit status, the end of its stderr and
    /// its last output.
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
        // Lines still in the pipe belong to the last output too.
        while let Ok(Line::Text(text)) = self.lines.try_recv() {
            self.remember(text.trim());
        }
        let e = EngineError::Exited {
            status,
            query: query.to_string(),
            stderr,
            output: self.last_output(),
        };
        self.dead = Some(e.clone());
        e
    }

    /// Asks the engine to quit with `quit` (when it is alive), waits briefly, then kills it.
    pub fn close(&mut self, quit: &str) {
        if self.dead.is_none() {
            let _ = writeln!(self.stdin, "{quit}").and_then(|()| self.stdin.flush());
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

/// Both protocols spoken over a session (UCI, XBoard) end with `quit`: a session asks for it
/// when it goes, then kills the engine if it has not quit.
impl Drop for Session {
    fn drop(&mut self) {
        self.close("quit");
    }
}
