//! The [`Engine`] trait every outside implementation is driven through, its answer
//! ([`EngineDivide`]) and what can go wrong ([`EngineError`]), plus what the protocols share:
//! splitting a command line, the bounds on what one query may read ([`MAX_OUTPUT`],
//! [`MAX_LINES`]), and reading divide lines and their counts. The process itself (its group, its
//! bounded readers) is [`super::process`]'s.

use serde::Serialize;
use std::fmt;
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
    /// No answer within the time limit; the process (and every process it started) was killed.
    Timeout {
        seconds: f64,
        query: String,
        /// The last lines the engine printed (at most [`LAST_LINES`]), which often say why.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        output: Vec<String>,
        /// The end of what the engine wrote on its standard error (at most
        /// [`super::process::STDERR_KEPT`] bytes, with how much came before).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        stderr: String,
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
                stderr,
            } => {
                write!(f, "engine timed out after {seconds}s on {query}")?;
                write_output(f, output, stderr)
            }
            EngineError::Exited {
                status,
                query,
                stderr,
                output,
            } => {
                write!(f, "engine exited ({status}) on {query}")?;
                write_output(f, output, stderr)
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

/// `; stderr: … | …` (its last lines, when it wrote any), then `; its last output: "…" | "…"`, or
/// `; it printed nothing` (on standard output, when it wrote on standard error).
fn write_output(f: &mut fmt::Formatter<'_>, output: &[String], stderr: &str) -> fmt::Result {
    let tail = stderr.trim();
    if !tail.is_empty() {
        let lines: Vec<&str> = tail.lines().collect();
        let last: Vec<String> = lines[lines.len().saturating_sub(5)..]
            .iter()
            .map(|l| cut(l, 200))
            .collect();
        write!(f, "; stderr: {}", last.join(" | "))?;
    }
    if output.is_empty() {
        let on = if tail.is_empty() { "" } else { " on stdout" };
        return write!(f, "; it printed nothing{on}");
    }
    let lines: Vec<String> = output.iter().map(|l| format!("{l:?}")).collect();
    write!(f, "; its last output: {}", lines.join(" | "))
}

/// `text`'s first `n` characters, with `…` where it was cut.
fn cut(text: &str, n: usize) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(n).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
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
/// and its output reported as garbage. No line may be longer than
/// [`super::process::MAX_LINE`] (an endless line, `cat /dev/zero`, is garbage too).
pub const MAX_OUTPUT: usize = 4 << 20;

/// The most lines one query may produce: a bound on memory as [`MAX_OUTPUT`] is, for output of
/// many short lines (a perft divide has one line per legal move: a few hundred).
pub const MAX_LINES: usize = 100_000;

/// The error for output past [`MAX_OUTPUT`] or [`MAX_LINES`] (`line` is the last line read),
/// or `None` while `bytes` and `lines` are within them.
pub(crate) fn too_much_output(
    query: &str,
    bytes: usize,
    lines: usize,
    line: &str,
) -> Option<EngineError> {
    let reason = if bytes > MAX_OUTPUT {
        format!("more than {MAX_OUTPUT} bytes of output")
    } else if lines > MAX_LINES {
        format!("more than {MAX_LINES} lines of output")
    } else {
        return None;
    };
    Some(EngineError::Garbage {
        query: query.to_string(),
        line: line.trim().chars().take(80).collect(),
        reason,
    })
}

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

/// The time a query may take.
pub(crate) fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// A divide line read: a move and its count, or a count too large for 64 bits.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum DivideLine {
    Move(String, u64),
    /// `<move> <digits>` whose number is above `u64::MAX` (the move's text).
    Overflow(String),
}

/// Reads one divide line: `<move> <count>` (perftree) or `<move>: <count>` (Stockfish).
/// Returns `None` for a line that is neither.
pub(crate) fn divide_line(line: &str) -> Option<DivideLine> {
    let mut parts = line.split_whitespace();
    let mv = parts.next()?;
    let count = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let mv = mv.strip_suffix(':').unwrap_or(mv);
    if mv.is_empty() || mv.contains(':') || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match count.parse::<u64>() {
        Ok(n) => DivideLine::Move(mv.to_string(), n),
        Err(_) => DivideLine::Overflow(mv.to_string()),
    })
}

/// Why a divide's counts are garbage: a count, or their sum, past `u64::MAX`, or a total that
/// is not their sum. `None` when the divide holds together (an engine that prints a total
/// alone, no divide lines, is taken at its word).
pub(crate) fn inconsistent_total(moves: &[(String, u64)], total: u64) -> Option<String> {
    if moves.is_empty() {
        return None;
    }
    let sum = moves
        .iter()
        .try_fold(0u64, |sum, (_, n)| sum.checked_add(*n));
    match sum {
        None => Some(format!(
            "the counts add up to more than {} (2^64 - 1), which no perft reaches",
            u64::MAX
        )),
        Some(sum) if sum != total => {
            Some(format!("the total is not the sum of the counts ({sum})"))
        }
        Some(_) => None,
    }
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
        let mv = |m: &str, n| Some(DivideLine::Move(m.to_string(), n));
        assert_eq!(divide_line("e2e4 20"), mv("e2e4", 20));
        assert_eq!(divide_line("e2e4: 20"), mv("e2e4", 20));
        assert_eq!(divide_line("f1f8+: 3"), mv("f1f8+", 3));
        assert_eq!(divide_line("Nodes searched: 400"), None);
        assert_eq!(divide_line("e2e4 x"), None);
        assert_eq!(divide_line("e2e4 -1"), None);
        assert_eq!(divide_line("e2e4 +1"), None);
        assert_eq!(divide_line(""), None);
        // 2^64 is one more than a count can be.
        assert_eq!(
            divide_line("e2e4 18446744073709551616"),
            Some(DivideLine::Overflow("e2e4".to_string()))
        );
        assert_eq!(
            divide_line("e2e4 18446744073709551615"),
            mv("e2e4", u64::MAX)
        );
    }

    /// `u64::MAX + 1` wraps to 0 in a release build; the sum is checked instead.
    #[test]
    fn counts_that_overflow_are_garbage() {
        let moves = vec![("a".to_string(), u64::MAX), ("b".to_string(), 1)];
        let why = inconsistent_total(&moves, 0).unwrap();
        assert!(why.contains("more than 18446744073709551615"), "{why}");
        let moves = vec![("a".to_string(), 2), ("b".to_string(), 1)];
        assert!(inconsistent_total(&moves, 3).is_none());
        assert!(inconsistent_total(&moves, 4).unwrap().contains("(3)"));
        assert!(inconsistent_total(&[], 7).is_none());
    }

    #[test]
    fn too_much_output_names_the_bound() {
        assert!(too_much_output("q", MAX_OUTPUT, MAX_LINES, "x").is_none());
        let e = too_much_output("q", MAX_OUTPUT + 1, 1, "y").unwrap();
        assert!(e.to_string().contains("more than 4194304 bytes"), "{e}");
        let e = too_much_output("q", 10, MAX_LINES + 1, "y").unwrap();
        assert!(e.to_string().contains("more than 100000 lines"), "{e}");
    }

    #[test]
    fn a_timeout_with_stderr_says_stdout_was_silent() {
        let e = EngineError::Timeout {
            seconds: 1.0,
            query: "q".to_string(),
            output: Vec::new(),
            stderr: "[5000 bytes before] …boom\nlast words".to_string(),
        };
        let text = e.to_string();
        assert!(
            text.ends_with(
                "; stderr: [5000 bytes before] …boom | last words; it printed nothing on stdout"
            ),
            "{text}"
        );
    }
}
