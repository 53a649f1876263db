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
    divide_line, kill, last_lines, line_reader, seconds, spawn_error, split_command, stderr_reader,
    Engine, EngineDivide, EngineError, Line, MAX_OUTPUT,
};
use std::process::{Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

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

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let moves_text = moves.join(" ");
        let query = format!("depth {depth} of {fen:?} moves {moves_text:?}");
        let mut child = Command::new(&self.words[0])
            .args(&self.words[1..])
            .arg(depth.to_string())
            .arg(fen)
            .arg(&moves_text)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| spawn_error(&self.words[0], &e))?;
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            kill(&mut child);
            return Err(EngineError::Io {
                message: "the engine's output pipes are missing".to_string(),
            });
        };
        let lines = line_reader(stdout);
        let errors = stderr_reader(stderr);
        let deadline = Instant::now() + self.timeout;
        let mut output: Vec<String> = Vec::new();
        let timeout = |output: &[String]| EngineError::Timeout {
            seconds: seconds(self.timeout),
            query: query.clone(),
            output: last_lines(&trimmed(output)),
        };
        let mut size = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(Line::Text(line)) => {
                    size += line.len();
                    if size > MAX_OUTPUT {
                        kill(&mut child);
                        return Err(EngineError::Garbage {
                            query,
                            line: line.chars().take(80).collect(),
                            reason: format!("more than {MAX_OUTPUT} bytes of output"),
                        });
                    }
                    output.push(line);
                }
                Ok(Line::End(None)) => break,
                Ok(Line::End(Some(reason))) => {
                    kill(&mut child);
                    return Err(EngineError::Garbage {
                        query,
                        line: String::new(),
                        reason,
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    kill(&mut child);
                    return Err(timeout(&output));
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        // Output closed: wait for the exit status, still within the time limit.
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() >= deadline => {
                    kill(&mut child);
                    return Err(timeout(&output));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => {
                    kill(&mut child);
                    return Err(EngineError::Io {
                        message: e.to_string(),
                    });
                }
            }
        };
        if !status.success() {
            let stderr = errors
                .recv_timeout(Duration::from_millis(500))
                .unwrap_or_default();
            return Err(EngineError::Exited {
                status: status.to_string(),
                query,
                stderr,
                output: last_lines(&trimmed(&output)),
            });
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
        moves.push(divide_line(line).ok_or_else(|| garbage(line, "expected `<move> <count>`"))?);
    }
    let sum: u64 = moves.iter().map(|(_, n)| n).sum();
    if !moves.is_empty() && sum != total {
        return Err(garbage(
            last,
            &format!("the total is not the sum of the counts ({sum})"),
        ));
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
        ] {
            assert!(
                matches!(parse_perftree(text, "q"), Err(EngineError::Garbage { .. })),
                "{text:?}"
            );
        }
    }
}
