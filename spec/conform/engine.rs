//! The [`Engine`] trait every outside implementation is driven through, its answer
//! ([`EngineDivide`]) and what can go wrong ([`EngineError`]), plus the process plumbing the two
//! protocols share (splitting a command line, reading a child's output with a time-out).

use serde::Serialize;
use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdout};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// An engine's perft of one position, divided by root move, in the engine's own move text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineDivide {
    /// `(move text, count)` in the order the engine printed them.
    pub moves: Vec<(String, u64)>,
    /// The total the engine printed.
    pub total: u64,
}

/// An implementation under test.
pub trait Engine {
    /// A short description for reports (the command line, the protocol).
    fn describe(&self) -> String;

    /// Whether the engine counts perft at any depth. An engine that can only list its legal
    /// moves (an XBoard engine, [`super::XboardEngine`]) answers [`Engine::divide`] at depth 1
    /// only, each move counted once; the comparison then walks the specification's tree and asks
    /// for the moves of every position on the way.
    fn counts_perft(&self) -> bool {
        true
    }

    /// Perft of the position reached from `fen` by `moves` (the engine's own move text),
    /// `depth` plies deep, divided by root move. `depth` is at least 1.
    ///
    /// # Errors
    /// Whatever stopped the engine from answering; see [`EngineError`].
    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError>;
}

/// Why an engine gave no usable answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EngineError {
    /// The executable does not exist (or is not executable).
    NotFound { command: String, message: String },
    /// The command line itself is unusable (empty, unbalanced quotes).
    BadCommand { command: String, message: String },
    /// Starting the process or talking to it failed.
    Io { message: String },
    /// No answer within the time limit; the process was killed.
    Timeout {
        seconds: f64,
        query: String,
        /// The last lines the engine printed (at most [`LAST_LINES`]), which often say why.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        output: Vec<String>,
    },
    /// The process ended (crash, non-zero exit, or closed its output) before answering.
    Exited {
        status: String,
        query: String,
        stderr: String,
        /// The last lines the engine printed on stdout (at most [`LAST_LINES`]).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        output: Vec<String>,
    },
    /// The engine cannot be given this position (its protocol cannot say something the FEN
    /// says, such as Chu Shogi's counter-strike square to HaChu's `setboard`). The position is
    /// skipped; the run goes on.
    Unsupported { query: String, reason: String },
    /// The output does not follow the protocol.
    Garbage {
        query: String,
        line: String,
        reason: String,
    },
    /// An implementation run in this process ([`super::Implementation`]) returned an error
    /// instead of an answer.
    InProcess { query: String, message: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NotFound { command, message } => {
                write!(f, "engine not found: {command:?}: {message}")
            }
            EngineError::BadCommand { command, message } => {
                write!(f, "bad engine command {command:?}: {message}")
            }
            EngineError::Io { message } => write!(f, "engine i/o error: {message}"),
            EngineError::Timeout {
                seconds,
                query,
                output,
            } => {
                write!(f, "engine timed out after {seconds}s on {query}")?;
                write_output(f, output)
            }
            EngineError::Exited {
                status,
                query,
                stderr,
                output,
            } => {
                write!(f, "engine exited ({status}) on {query}")?;
                let tail = stderr.trim();
                if !tail.is_empty() {
                    let tail: String = tail.lines().take(5).collect::<Vec<_>>().join(" | ");
                    write!(f, "; stderr: {tail}")?;
                }
                write_output(f, output)
            }
            EngineError::Unsupported { query, reason } => {
                write!(f, "the engine cannot be given {query}: {reason}")
            }
            EngineError::Garbage {
                query,
                line,
                reason,
            } => write!(
                f,
                "engine output on {query} is not understood: {reason}: {line:?}"
            ),
            EngineError::InProcess { query, message } => {
                write!(f, "the implementation failed on {query}: {message}")
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// `; its last output: "…" | "…"`, or nothing when the engine printed nothing.
fn write_output(f: &mut fmt::Formatter<'_>, output: &[String]) -> fmt::Result {
    if output.is_empty() {
        return write!(f, "; it printed nothing");
    }
    let lines: Vec<String> = output.iter().map(|l| format!("{l:?}")).collect();
    write!(f, "; its last output: {}", lines.join(" | "))
}

/// How many of an engine's last output lines an error keeps.
pub const LAST_LINES: usize = 5;

/// The last [`LAST_LINES`] lines of `lines`, each cut to 200 characters.
pub(crate) fn last_lines(lines: &[String]) -> Vec<String> {
    let start = lines.len().saturating_sub(LAST_LINES);
    lines[start..]
        .iter()
        .map(|l| l.chars().take(200).collect())
        .collect()
}

/// The most output one query may produce (bytes); an engine that prints more (`yes`) is killed
/// and its output reported as garbage.
pub const MAX_OUTPUT: usize = 4 << 20;

/// Splits a command line into words: whitespace separates, `'…'` and `"…"` quote (no escapes
/// inside single quotes; `\` escapes the next character elsewhere). No shell is involved.
///
/// # Errors
/// [`EngineError::BadCommand`] for an empty command or an unclosed quote.
pub fn split_command(command: &str) -> Result<Vec<String>, EngineError> {
    let bad = |message: &str| EngineError::BadCommand {
        command: command.to_string(),
        message: message.to_string(),
    };
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(bad("unclosed single quote")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c) => word.push(c),
                            None => return Err(bad("unclosed double quote")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(bad("unclosed double quote")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(bad("empty command"));
    }
    Ok(words)
}

/// The error for a failed spawn: a missing executable is [`EngineError::NotFound`].
pub(crate) fn spawn_error(command: &str, e: &std::io::Error) -> EngineError {
    match e.kind() {
        std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
            EngineError::NotFound {
                command: command.to_string(),
                message: e.to_string(),
            }
        }
        _ => EngineError::Io {
            message: format!("cannot start {command:?}: {e}"),
        },
    }
}

/// A line of a child's stdout, or the end of it.
pub(crate) enum Line {
    Text(String),
    /// End of output, or an unreadable (non-UTF-8) line.
    End(Option<String>),
}

/// Reads `stdout` line by line on a thread; the lines arrive on the returned channel, so that a
/// reader can wait with [`Receiver::recv_timeout`] and never hang on a silent child.
pub(crate) fn line_reader(stdout: ChildStdout) -> Receiver<Line> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut buf = Vec::new();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => {
                    let _ = tx.send(Line::End(None));
                    return;
                }
                Ok(_) => match String::from_utf8(buf) {
                    Ok(text) => {
                        if tx.send(Line::Text(text)).is_err() {
                            return;
                        }
                    }
                    Err(_) => {
                        let _ = tx.send(Line::End(Some("a line that is not UTF-8".to_string())));
                        return;
                    }
                },
                Err(e) => {
                    let _ = tx.send(Line::End(Some(e.to_string())));
                    return;
                }
            }
        }
    });
    rx
}

/// Collects a child's stderr on a thread (so a chatty child never blocks on a full pipe); the
/// text arrives when the stream closes.
pub(crate) fn stderr_reader(mut stderr: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        // Keep the end of a long stream: the error is usually last.
        let start = buf.len().saturating_sub(4000);
        let _ = tx.send(String::from_utf8_lossy(&buf[start..]).into_owned());
    });
    rx
}

/// Kills and reaps a child (ignoring a child that is already gone).
pub(crate) fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// The time a query may take.
pub(crate) fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Reads one divide line: `<move> <count>` (perftree) or `<move>: <count>` (Stockfish).
/// Returns `None` for a line that is neither.
pub(crate) fn divide_line(line: &str) -> Option<(String, u64)> {
    let mut parts = line.split_whitespace();
    let mv = parts.next()?;
    let count = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let mv = mv.strip_suffix(':').unwrap_or(mv);
    if mv.is_empty() || mv.contains(':') {
        return None;
    }
    let count = count.parse::<u64>().ok()?;
    Some((mv.to_string(), count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands_like_a_shell() {
        assert_eq!(
            split_command("python3 'my dir/x.py' \"a b\" c\\ d").unwrap(),
            vec!["python3", "my dir/x.py", "a b", "c d"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("x 'y").is_err());
        assert!(split_command("x \"y").is_err());
    }

    #[test]
    fn reads_both_divide_line_styles() {
        assert_eq!(divide_line("e2e4 20"), Some(("e2e4".to_string(), 20)));
        assert_eq!(divide_line("e2e4: 20"), Some(("e2e4".to_string(), 20)));
        assert_eq!(divide_line("f1f8+: 3"), Some(("f1f8+".to_string(), 3)));
        assert_eq!(divide_line("Nodes searched: 400"), None);
        assert_eq!(divide_line("e2e4 x"), None);
        assert_eq!(divide_line("e2e4 -1"), None);
        assert_eq!(divide_line(""), None);
    }
}
