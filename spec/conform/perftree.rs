//! An engine in the perftree convention (the protocol of the `perftree` debugging tool): one
//! process per query, run as
//!
//! ```text
//! <command> <depth> "<fen>" "<moves>"
//! ```
//!
//! where `<moves>` is the move text played from the FEN, separated by spaces (empty at the
//! corpus position). The engine prints one `<move> <count>` line per legal move, an empty line,
//! and the total alone on the last line — exactly what `fairyspec perft` prints. A
//! Stockfish-style `<move>: <count>` line is accepted too.

use super::engine::{
    divide_line, inconsistent_total, last_lines, seconds, spawn_error, split_command,
    too_much_output, DivideLine, Engine, EngineDivide, EngineError,
};
use super::process::{line_reader, EngineProcess, Line, StderrTail};
use std::process::{Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How often a query looks whether the engine's own process has ended while its output stays
/// open (a child it left behind may hold the pipe).
const POLL: Duration = Duration::from_millis(20);

/// A perftree engine: a command line (split into words without a shell, see
/// [`split_command`]) and the time one query may take.
#[derive(Clone, Debug)]
pub struct PerftreeEngine {
    command: String,
    words: Vec<String>,
    timeout: Duration,
}

impl PerftreeEngine {
    /// An engine run as `command` with the per-query `timeout`.
    ///
    /// # Errors
    /// [`EngineError::BadCommand`] for an empty command or unbalanced quotes.
    pub fn new(command: &str, timeout: Duration) -> Result<PerftreeEngine, EngineError> {
        Ok(PerftreeEngine {
            command: command.to_string(),
            words: split_command(command)?,
            timeout,
        })
    }
}

impl Engine for PerftreeEngine {
    fn describe(&self) -> String {
        format!("perftree: {}", self.command)
    }

    /// Runs one query. The answer is what the engine printed by the time its own process
    /// ended: its output closing is not waited for (a child it left behind may hold the pipe),
    /// and whatever the engine started is killed with it ([`super::process`]).
    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let moves_text = moves.join(" ");
        let query = format!("depth {depth} of {fen:?} moves {moves_text:?}");
        let mut command = Command::new(&self.words[0]);
        command
            .args(&self.words[1..])
            .arg(depth.to_string())
            .arg(fen)
            .arg(&moves_text)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut process =
            EngineProcess::spawn(&mut command).map_err(|e| spawn_error(&self.words[0], &e))?;
        let (_, Some(stdout), Some(stderr)) = process.pipes() else {
            return Err(EngineError::Io {
                message: "the engine's output pipes are missing".to_string(),
            });
        };
        let lines = line_reader(stdout);
        let errors = StderrTail::read(stderr);
        let deadline = Instant::now() + self.timeout;
        let mut output: Vec<String> = Vec::new();
        let timeout = |output: &[String]| EngineError::Timeout {
            seconds: seconds(self.timeout),
            query: query.clone(),
            output: last_lines(&trimmed(output)),
            stderr: errors.text(),
        };
        let mut size = 0;
        // Read until the output closes or the engine's process ends.
        let mut ended = false;
        loop {
            let now = Instant::now();
            if now >= deadline {
                process.kill();
                return Err(timeout(&output));
            }
            match lines.recv_timeout(POLL.min(deadline - now)) {
                Ok(Line::Text(line)) => {
                    size += line.len();
                    if let Some(e) = too_much_output(&query, size, output.len() + 1, &line) {
                        process.kill();
                        return Err(e);
                    }
                    output.push(line);
                }
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(Line::Broken { reason, start }) => {
                    process.kill();
                    return Err(EngineError::Garbage {
                        query,
                        line: start,
                        reason,
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    if process.exited() {
                        ended = true;
                        break;
                    }
                }
            }
        }
        if ended {
            // The engine has ended but its output is still open: what it wrote is in the pipe;
            // the processes it left are killed, and the pipe read to its end.
            process.kill();
            let drained = Instant::now() + Duration::from_secs(1);
            loop {
                let left = drained
                    .min(deadline)
                    .saturating_duration_since(Instant::now());
                match lines.recv_timeout(left) {
                    Ok(Line::Text(line)) => {
                        size += line.len();
                        if let Some(e) = too_much_output(&query, size, output.len() + 1, &line) {
                            return Err(e);
                        }
                        output.push(line);
                    }
                    Ok(Line::Broken { reason, start }) => {
                        return Err(EngineError::Garbage {
                            query,
                            line: start,
                            reason,
                        })
                    }
                    Ok(Line::End) | Err(_) => break,
                }
            }
        } else {
            // Output closed: wait for the engine to end, still within the time limit.
            while !process.exited() {
                if Instant::now() >= deadline {
                    process.kill();
                    return Err(timeout(&output));
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        // Kills what the engine left running, and reaps it.
        let status = process.kill();
        match status {
            Some(status) if status.success() => {}
            other => {
                return Err(EngineError::Exited {
                    status: other.map_or_else(|| "unknown".to_string(), |s| s.to_string()),
                    query,
                    stderr: errors.text_when_closed(Duration::from_millis(500)),
                    output: last_lines(&trimmed(&output)),
                });
            }
        }
        parse_perftree(&output.concat(), &query)
    }
}

/// The lines without their line ends.
fn trimmed(lines: &[String]) -> Vec<String> {
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// Reads perftree output: divide lines, an empty line, the total on the last line.
///
/// # Errors
/// [`EngineError::Garbage`] naming the first line that is not understood, a missing total, or a
/// total that is not the sum of the counts.
pub fn parse_perftree(text: &str, query: &str) -> Result<EngineDivide, EngineError> {
    let garbage = |line: &str, reason: &str| EngineError::Garbage {
        query: query.to_string(),
        line: line.to_string(),
        reason: reason.to_string(),
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let Some((last, body)) = lines.split_last() else {
        return Err(garbage("", "no output"));
    };
    let total = last
        .parse::<u64>()
        .map_err(|_| garbage(last, "the last line is not the total"))?;
    let mut moves = Vec::with_capacity(body.len());
    for line in body {
        match divide_line(line) {
            Some(DivideLine::Move(mv, n)) => moves.push((mv, n)),
            Some(DivideLine::Overflow(_)) => {
                return Err(garbage(line, "a count larger than 2^64 - 1"))
            }
            None => return Err(garbage(line, "expected `<move> <count>`")),
        }
    }
    if let Some(why) = inconsistent_total(&moves, total) {
        return Err(garbage(last, &why));
    }
    Ok(EngineDivide { moves, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_perftree_output() {
        let d = parse_perftree("e2e4 20\ne2e3 20\n\n40\n", "q").unwrap();
        assert_eq!(d.total, 40);
        assert_eq!(d.moves.len(), 2);
        let d = parse_perftree("\n0\n", "q").unwrap();
        assert_eq!((d.moves.len(), d.total), (0, 0));
    }

    #[test]
    fn rejects_garbage() {
        for text in [
            "",
            "hello\n",
            "e2e4 20\n\nforty\n",
            "e2e4 20\n\n41\n",
            "e2e4 x\n\n1\n",
            // 2^64 - 1 + 1: wraps to 0 in a release build, and would agree with a total of 0.
            "e2e4 18446744073709551615\ne2e3 1\n\n0\n",
            "e2e4 18446744073709551616\n\n0\n",
            "99999999999999999999999\n",
        ] {
            assert!(
                matches!(parse_perftree(text, "q"), Err(EngineError::Garbage { .. })),
                "{text:?}"
            );
        }
    }
}
