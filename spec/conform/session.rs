//! A long-lived engine process spoken to line by line (UCI, USI, XBoard): start it, write
//! commands, read answers with a time limit, and when something goes wrong say what the engine
//! last printed. With `FAIRYSPEC_ENGINE_LOG=FILE` in the environment the whole dialogue is
//! appended to FILE (`> ` what was sent, `< ` what was read). Every wait is bounded, and so is
//! what one answer may hold ([`MAX_OUTPUT`], [`MAX_LINES`]); a process that hangs, floods its
//! output or dies is killed with every process it started ([`super::process`]), and every later
//! query repeats the error that ended it.

use super::engine::{
    last_lines, seconds, spawn_error, split_command, too_much_output, EngineError,
};
#[cfg(doc)]
use super::engine::{MAX_LINES, MAX_OUTPUT};
use super::process::{line_reader, wait_exit, EngineProcess, Line, StderrTail};
use std::collections::VecDeque;
use std::io::Write;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a wait looks whether the engine's own process has ended while its output stays
/// open (a child it left behind may hold the pipe).
const POLL: Duration = Duration::from_millis(50);

/// How many recent lines a session remembers for error messages.
const REMEMBERED: usize = 20;

/// A running engine process.
pub struct Session {
    command: String,
    process: EngineProcess,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    errors: StderrTail,
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
        let mut spawn = Command::new(&words[0]);
        spawn
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut process =
            EngineProcess::spawn(&mut spawn).map_err(|e| spawn_error(&words[0], &e))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = process.pipes() else {
            return Err(EngineError::Io {
                message: "the engine's pipes are missing".to_string(),
            });
        };
        Ok(Session {
            command: command.to_string(),
            process,
            stdin,
            lines: line_reader(stdout),
            errors: StderrTail::read(stderr),
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
    /// are trimmed; `skip` lines (an engine's debug chatter) are not returned, but they are
    /// remembered for error messages and count against the bounds like any other.
    ///
    /// # Errors
    /// A time-out (the engine is killed), the end of the engine's output or of its process,
    /// more than [`MAX_OUTPUT`] bytes or [`MAX_LINES`] lines, or a line that cannot be read
    /// (longer than [`super::process::MAX_LINE`], not UTF-8).
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
        let (mut size, mut count) = (0, 0);
        loop {
            let now = Instant::now();
            if now >= deadline {
                let e = EngineError::Timeout {
                    seconds: seconds(self.timeout),
                    query: query.to_string(),
                    output: self.last_output(),
                    stderr: self.errors.text(),
                };
                return Err(self.fail(e));
            }
            match self.lines.recv_timeout(POLL.min(deadline - now)) {
                Ok(Line::Text(text)) => {
                    let line = text.trim().to_string();
                    if let Some(log) = &mut self.log {
                        let _ = writeln!(log, "< {line}");
                    }
                    size += text.len();
                    count += 1;
                    self.remember(&line);
                    if done(&line) {
                        return Ok((seen, line));
                    }
                    if let Some(e) = too_much_output(query, size, count, &line) {
                        return Err(self.fail(e));
                    }
                    if !skip(&line) && !line.is_empty() {
                        seen.push(line);
                    }
                }
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => return Err(self.died(query)),
                Ok(Line::Broken { reason, start }) => {
                    return Err(self.fail(EngineError::Garbage {
                        query: query.to_string(),
                        line: start,
                        reason,
                    }))
                }
                Err(RecvTimeoutError::Timeout) => {
                    // Silent: has the engine's process ended with its output held open?
                    if self.process.exited() {
                        return Err(self.died(query));
                    }
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

    /// Kills the engine (and every process it started) and remembers why.
    pub fn fail(&mut self, e: EngineError) -> EngineError {
        self.process.kill();
        self.dead = Some(e.clone());
        e
    }

    /// The engine closed its output or its input, or its process ended: its exit status, the
    /// end of its stderr and its last output.
    fn died(&mut self, query: &str) -> EngineError {
        let ended = wait_exit(&mut self.process, Duration::from_millis(500));
        let status = self.process.kill();
        let status = match status {
            Some(s) if ended => s.to_string(),
            _ => "closed its output".to_string(),
        };
        let stderr = self.errors.text_when_closed(Duration::from_millis(200));
        // Lines still in the pipe belong to the last output too (the group is dead: the pipe
        // ends soon).
        let drained = Instant::now() + Duration::from_millis(200);
        while let Ok(Line::Text(text)) = self
            .lines
            .recv_timeout(drained.saturating_duration_since(Instant::now()))
        {
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

    /// Asks the engine to quit with `quit` (when it is alive), waits briefly, then kills it and
    /// whatever it left running.
    pub fn close(&mut self, quit: &str) {
        if self.dead.is_none() {
            let _ = writeln!(self.stdin, "{quit}").and_then(|()| self.stdin.flush());
            wait_exit(&mut self.process, Duration::from_millis(300));
        }
        self.process.kill();
    }
}

/// Both protocols spoken over a session (UCI, XBoard) end with `quit`: a session asks for it
/// when it goes, then kills the engine's process group.
impl Drop for Session {
    fn drop(&mut self) {
        self.close("quit");
    }
}
