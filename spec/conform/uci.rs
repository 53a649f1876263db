//! A UCI or USI engine that counts perft, kept running for the whole comparison.
//!
//! The dialogue (Stockfish and Fairy-Stockfish speak UCI; shogi engines USI):
//!
//! ```text
//! > uci                                   < ... uciok            (USI: usi / usiok)
//! > setoption name UCI_Variant value kuma      (one per --option NAME=VALUE)
//! > isready                               < readyok
//! > position fen <fen> moves <m1> <m2>…        (USI: position sfen <sfen> moves …)
//! > go perft 3                                 (USI: the engine's own command, --perft-command)
//! < e2e4: 600                             (one per root move; other lines are ignored)
//! < Nodes searched: 8902
//! ```
//!
//! Every wait has a time limit; on a time-out the process is killed and every later query
//! reports the same error, with the engine's last output (an engine that answers `uci` with
//! `unknown command uci` says so in the report).

use super::engine::{
    divide_line, inconsistent_total, DivideLine, Engine, EngineDivide, EngineError,
};
use super::session::Session;
use std::time::Duration;

/// The two dialects: their greeting and the word before a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uci` / `uciok`, `position fen`.
    Uci,
    /// `usi` / `usiok`, `position sfen`.
    Usi,
}

impl Dialect {
    fn hello(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
        }
    }

    fn position(self) -> &'static str {
        match self {
            Dialect::Uci => "position fen",
            Dialect::Usi => "position sfen",
        }
    }

    fn name(self) -> &'static str {
        self.hello()
    }
}

/// The perft command sent unless the caller names another (`{depth}` is replaced).
pub const DEFAULT_PERFT_COMMAND: &str = "go perft {depth}";

/// A running UCI or USI engine.
pub struct UciEngine {
    dialect: Dialect,
    session: Session,
    perft_command: String,
}

impl UciEngine {
    /// Starts a UCI engine: `command`, waits for `uciok`, sets each `(name, value)` option, and
    /// waits for `readyok` — each wait at most `timeout`.
    ///
    /// # Errors
    /// A missing executable, a time-out, an engine that exits or never says `uciok` (the error
    /// carries its last output).
    pub fn start(
        command: &str,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<UciEngine, EngineError> {
        UciEngine::start_dialect(
            Dialect::Uci,
            command,
            options,
            DEFAULT_PERFT_COMMAND,
            timeout,
        )
    }

    /// Starts an engine in either dialect, asking perft with `perft_command` (`{depth}` is
    /// replaced by the depth).
    ///
    /// # Errors
    /// As [`UciEngine::start`].
    pub fn start_dialect(
        dialect: Dialect,
        command: &str,
        options: &[(String, String)],
        perft_command: &str,
        timeout: Duration,
    ) -> Result<UciEngine, EngineError> {
        let mut engine = UciEngine {
            dialect,
            session: Session::start(command, timeout)?,
            perft_command: perft_command.to_string(),
        };
        let hello = dialect.hello();
        let ok = format!("{hello}ok");
        engine.session.send(hello, hello)?;
        engine.session.wait_for(hello, |l| l == ok, |_| false)?;
        for (name, value) in options {
            engine
                .session
                .send(&format!("setoption name {name} value {value}"), "setoption")?;
        }
        engine.session.send("isready", "isready")?;
        engine
            .session
            .wait_for("isready", |l| l == "readyok", |_| false)?;
        if dialect == Dialect::Usi {
            engine.session.send("usinewgame", "usinewgame")?;
        }
        Ok(engine)
    }
}

impl Engine for UciEngine {
    fn describe(&self) -> String {
        format!("{}: {}", self.dialect.name(), self.session.command())
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let mut position = format!("{} {fen}", self.dialect.position());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let go = self.perft_command.replace("{depth}", &depth.to_string());
        let query = format!("{position} / {go}");
        self.session.send(&position, &query)?;
        self.session.send(&go, &query)?;
        let (lines, last) = self.session.wait_for(&query, is_total_line, |_| false)?;
        parse_uci_perft(&lines, &last, &query)
    }
}

/// Whether `line` ends a perft answer: `Nodes searched: N` (Stockfish), or `Nodes: N`,
/// `total N`, `Total: N`, `perft N` (other engines). A number too large for a count still ends
/// the answer (which is then garbage), rather than leaving the wait to time out.
pub fn is_total_line(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let head = ["nodes searched", "nodes", "total", "perft"]
        .iter()
        .any(|w| lower.starts_with(w));
    head && last_word(line).is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
}

/// The last word of a line, after spaces or a colon.
fn last_word(line: &str) -> Option<&str> {
    line.rsplit(|c: char| c.is_whitespace() || c == ':')
        .find(|w| !w.is_empty())
}

/// The number at the end of a total line.
fn total_of(line: &str) -> Option<u64> {
    last_word(line)?.parse().ok()
}

/// Reads the answer to a perft command: the divide lines among `lines` (`e2e4: 20`; lines that
/// are not divide lines, such as `info string …`, are skipped) and the total from the last line
/// (`Nodes searched: N`).
///
/// # Errors
/// [`EngineError::Garbage`] if the total does not parse, a count or the sum of the counts is
/// past `u64::MAX`, or the total is not the sum of the counts.
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
    let total = total_of(last).ok_or_else(|| {
        let why = if is_total_line(last) {
            "a total larger than 2^64 - 1"
        } else {
            "expected `Nodes searched: N`"
        };
        garbage(last, why.to_string())
    })?;
    let mut moves: Vec<(String, u64)> = Vec::new();
    for line in lines.iter().filter(|l| !l.starts_with("info")) {
        match divide_line(line) {
            Some(DivideLine::Move(mv, n)) => moves.push((mv, n)),
            Some(DivideLine::Overflow(_)) => {
                return Err(garbage(line, "a count larger than 2^64 - 1".to_string()))
            }
            None => {}
        }
    }
    if let Some(why) = inconsistent_total(&moves, total) {
        return Err(garbage(last, why));
    }
    Ok(EngineDivide { moves, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_lines() {
        for line in [
            "Nodes searched: 8902",
            "Nodes: 20",
            "total 36",
            "Total: 36",
            "perft 5",
        ] {
            assert!(is_total_line(line), "{line}");
        }
        for line in ["e2e4: 20", "info string x", "Nodes searched: x", "nodes"] {
            assert!(!is_total_line(line), "{line}");
        }
        let d = parse_uci_perft(
            &["7g7f: 2".to_string(), "info x".to_string()],
            "total 2",
            "q",
        )
        .unwrap();
        assert_eq!((d.moves.len(), d.total), (1, 2));
        assert!(parse_uci_perft(&["7g7f: 2".to_string()], "total 3", "q").is_err());
    }

    /// `u64::MAX` and 1 sum to 0 in a release build's wrapping arithmetic: garbage, not a match
    /// for a total of 0; and a number past `u64::MAX` ends the answer as garbage instead of
    /// being skipped (a total) or waited past (a count).
    #[test]
    fn counts_past_64_bits_are_garbage() {
        let lines = [
            "e2e4: 18446744073709551615".to_string(),
            "d2d4: 1".to_string(),
        ];
        let e = parse_uci_perft(&lines, "Nodes searched: 0", "q").unwrap_err();
        assert!(e.to_string().contains("add up to more than"), "{e}");
        let lines = ["e2e4: 18446744073709551616".to_string()];
        let e = parse_uci_perft(&lines, "Nodes searched: 0", "q").unwrap_err();
        assert!(e.to_string().contains("a count larger than"), "{e}");
        let big = "Nodes searched: 18446744073709551616";
        assert!(is_total_line(big));
        let e = parse_uci_perft(&[], big, "q").unwrap_err();
        assert!(e.to_string().contains("a total larger than"), "{e}");
    }
}
