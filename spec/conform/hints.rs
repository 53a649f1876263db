//! What to try next when an engine fails: a sentence for each mistake an engine author makes
//! on the first day — the executable not found (not on the PATH, not executable, a `#!` line
//! naming a missing interpreter), an engine spoken to in another protocol than its own, a
//! perftree script that prints nothing or something else than perft output, a query slower
//! than the time limit. `fairyspec conform` prints the hint under the error.

use super::engine::EngineError;
use super::start::Protocol;
use std::path::Path;

/// What the hint may refer to besides the error: how the engine was run, and the check.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub protocol: Protocol,
    /// The `--engine` command line.
    pub command: &'a str,
    /// The corpus position of the check and its depth (for a command to try by hand).
    pub fen: &'a str,
    pub depth: u32,
}

/// The queries of a long-lived engine's handshake, before any position is sent.
const HANDSHAKE: &[&str] = &[
    "uci",
    "usi",
    "isready",
    "setoption",
    "usinewgame",
    "xboard",
    "protover 2",
    "memory",
    "option",
    "start",
];

/// The hint for `error`, if there is one.
pub fn hint(error: &EngineError, cx: &Context<'_>) -> Option<String> {
    match error {
        EngineError::NotFound { command, message } => Some(not_found(command, message)),
        EngineError::BadCommand { .. } => Some(
            "the command is split into words as a shell would, without running one: quote a \
             word with spaces in it ('my dir/engine') and close every quote"
                .to_string(),
        ),
        EngineError::Timeout { query, output, .. } if HANDSHAKE.contains(&query.as_str()) => {
            Some(handshake(cx, query, output))
        }
        EngineError::Exited { query, output, .. } if HANDSHAKE.contains(&query.as_str()) => {
            Some(handshake(cx, query, output))
        }
        EngineError::Exited { status, .. } if status.ends_with(" 127") => Some(
            "exit status 127 is a shell's (or `env`'s) \"command not found\": a program the \
             engine starts is missing — for a script, the interpreter its first line (#!) names, \
             or a command it runs (its standard error above says which)"
                .to_string(),
        ),
        EngineError::Timeout { seconds, .. } => Some(format!(
            "each query may take --timeout seconds ({seconds} here) before the engine is \
             stopped: give a slow engine more time, or ask less of it (--depth, --sample); the \
             run goes on with the next position"
        )),
        EngineError::Garbage { line, reason, .. } if cx.protocol == Protocol::Perftree => {
            Some(perftree_output(cx, line, reason))
        }
        _ => None,
    }
}

/// Where the protocol is the engine's own and what a perftree command must print.
const PROTOCOLS: &str = "a UCI engine answers `uci` with `uciok` (--protocol uci), a USI \
engine `usi` with `usiok` (--protocol usi), an XBoard engine `protover 2` with `feature ... \
done=1` (--protocol xboard), and a perftree script is run once per query with the position as \
its arguments (--protocol perftree, the default)";

/// Who speaks protocol `p`.
fn speaker(p: Protocol) -> &'static str {
    match p {
        Protocol::Uci => "a UCI engine",
        Protocol::Usi => "a USI engine",
        Protocol::Xboard => "an XBoard engine",
        Protocol::Perftree => "a perftree script",
    }
}

/// The protocol an engine's words give away, if they do.
fn protocol_of(lines: &[&str]) -> Option<Protocol> {
    let any = |words: &[&str]| {
        lines
            .iter()
            .any(|l| words.iter().any(|w| l.to_ascii_lowercase().contains(w)))
    };
    // An engine that says `info string` speaks UCI or USI: the command it does not know tells
    // which it is not.
    let info = lines.iter().any(|l| l.starts_with("info string"));
    if any(&["usiok"]) || (info && any(&["unknown command uci", "unknown command: uci"])) {
        Some(Protocol::Usi)
    } else if (info && any(&["unknown command usi", "unknown command: usi"]))
        || any(&["uciok", "stockfish", "unknown command: '"])
    {
        Some(Protocol::Uci)
    } else if any(&[
        "feature ",
        "error (unknown command)",
        "error: unknown command",
    ]) {
        Some(Protocol::Xboard)
    } else {
        None
    }
}

fn handshake(cx: &Context<'_>, query: &str, output: &[String]) -> String {
    let lines: Vec<&str> = output.iter().map(String::as_str).collect();
    let guess = protocol_of(&lines).filter(|p| *p != cx.protocol);
    let start = format!(
        "the engine did not get through the {} handshake (it was sent `{query}`)",
        cx.protocol.name()
    );
    match guess {
        Some(p) => format!(
            "{start}; what it printed is {}'s: try --protocol {}",
            speaker(p),
            p.name()
        ),
        None if output.is_empty() => format!(
            "{start} and printed nothing: is it a perftree script (then leave out --protocol)? \
             {PROTOCOLS}"
        ),
        None => format!("{start}: {PROTOCOLS}"),
    }
}

/// A shell word for the command to try by hand.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn perftree_output(cx: &Context<'_>, line: &str, reason: &str) -> String {
    let by_hand = format!(
        "run it yourself to see: {} {} {} ''",
        cx.command,
        cx.depth,
        quoted(cx.fen)
    );
    if let Some(p) = protocol_of(&[line]) {
        return format!(
            "it answers as {} does: try --protocol {} ({by_hand})",
            speaker(p),
            p.name()
        );
    }
    let printed = if reason == "no output" {
        "it printed nothing on standard output"
    } else {
        "its output is not perft output"
    };
    format!(
        "{printed}. A perftree command is run as `<command> <depth> \"<fen>\" \"<moves>\"` and \
         prints one `<move> <count>` line per legal move, an empty line and the total, as \
         `fairyspec perft` does; {by_hand}"
    )
}

fn not_found(command: &str, message: &str) -> String {
    let path = Path::new(command);
    let denied = message.contains("ermission denied");
    if command.starts_with('~') || command.contains('$') {
        return format!(
            "{command:?} is not expanded: the command runs without a shell, so write the \
             engine's full path"
        );
    }
    if !command.contains('/') && path.is_file() {
        return format!(
            "there is a file {command:?} in this folder, but a command without a `/` is looked \
             up on the PATH only: write ./{command}, or name its interpreter first \
             (\"python3 {command}\")"
        );
    }
    if path.is_dir() {
        return format!("{command:?} is a folder: name the engine's executable in it");
    }
    if path.is_file() && denied {
        return format!(
            "{command:?} is not executable: make it so (chmod +x {command}) or name its \
             interpreter first (\"python3 {command}\")"
        );
    }
    if path.is_file() {
        let first = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| t.lines().next().map(str::to_string))
            .filter(|l| l.starts_with("#!"));
        if let Some(line) = first {
            return format!(
                "{command:?} exists, so the interpreter its first line names ({line}) is what \
                 is missing"
            );
        }
    }
    format!(
        "{command:?} is neither on the PATH nor a file here: give the engine's path \
         (./my_engine), or its interpreter and script (\"python3 my_perftree.py\")"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx(protocol: Protocol) -> Context<'static> {
        Context {
            protocol,
            command: "python3 my.py",
            fen: "8/8/8/8/8/8/8/K6k w - -",
            depth: 2,
        }
    }

    fn garbage(line: &str, reason: &str) -> EngineError {
        EngineError::Garbage {
            query: "depth 2".to_string(),
            line: line.to_string(),
            reason: reason.to_string(),
        }
    }

    #[test]
    fn a_silent_perftree_script_is_shown_how_to_run_it_by_hand() {
        let h = hint(&garbage("", "no output"), &cx(Protocol::Perftree)).unwrap();
        assert!(
            h.starts_with("it printed nothing on standard output"),
            "{h}"
        );
        assert!(
            h.ends_with("run it yourself to see: python3 my.py 2 '8/8/8/8/8/8/8/K6k w - -' ''"),
            "{h}"
        );
    }

    #[test]
    fn a_uci_engine_run_as_a_perftree_script_is_named() {
        let line = "Unknown command: '1 8/8 w - -  '. Type help for more information.";
        let h = hint(
            &garbage(line, "the last line is not the total"),
            &cx(Protocol::Perftree),
        )
        .unwrap();
        assert!(
            h.starts_with("it answers as a UCI engine does: try --protocol uci"),
            "{h}"
        );
    }

    #[test]
    fn a_failed_handshake_names_the_protocol_the_engine_speaks() {
        let timeout = |query: &str, output: &[&str]| EngineError::Timeout {
            seconds: 2.0,
            query: query.to_string(),
            output: output.iter().map(|s| s.to_string()).collect(),
            stderr: String::new(),
        };
        let usi = hint(
            &timeout("usi", &["Stockfish 15.1", "Unknown command: 'usi'."]),
            &cx(Protocol::Usi),
        )
        .unwrap();
        assert!(usi.contains("try --protocol uci"), "{usi}");
        let xboard = hint(
            &timeout("uci", &["# in (mode = 1,0): uci", "Error: unknown command"]),
            &cx(Protocol::Uci),
        )
        .unwrap();
        assert!(xboard.contains("try --protocol xboard"), "{xboard}");
        // minase, a USI engine, asked `uci`.
        let usi = hint(
            &timeout("uci", &["info string error: unknown command uci"]),
            &cx(Protocol::Uci),
        )
        .unwrap();
        assert!(usi.contains("try --protocol usi"), "{usi}");
        let script = EngineError::Exited {
            status: "exit status: 2".to_string(),
            query: "uci".to_string(),
            stderr: "parameter not set".to_string(),
            output: Vec::new(),
        };
        let h = hint(&script, &cx(Protocol::Uci)).unwrap();
        assert!(h.contains("leave out --protocol"), "{h}");
    }

    #[test]
    fn a_slow_query_is_told_about_the_time_limit() {
        let e = EngineError::Timeout {
            seconds: 60.0,
            query: "depth 4 of ...".to_string(),
            output: Vec::new(),
            stderr: String::new(),
        };
        let h = hint(&e, &cx(Protocol::Perftree)).unwrap();
        assert!(h.contains("--timeout") && h.contains("goes on"), "{h}");
    }

    #[test]
    fn a_missing_executable_gets_the_reason() {
        let dir = std::env::temp_dir().join(format!("fairyspec-hints-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("engine.sh");
        std::fs::write(&script, "#!/usr/bin/env no-such-interpreter\n").unwrap();
        let name = script.display().to_string();
        let h = not_found(&name, "No such file or directory (os error 2)");
        assert!(h.contains("#!/usr/bin/env no-such-interpreter"), "{h}");
        let h = not_found(&name, "Permission denied (os error 13)");
        assert!(h.contains("chmod +x"), "{h}");
        let h = not_found(
            &dir.display().to_string(),
            "Permission denied (os error 13)",
        );
        assert!(h.contains("is a folder"), "{h}");
        let h = not_found("~/engine", "No such file or directory (os error 2)");
        assert!(h.contains("without a shell"), "{h}");
        let h = not_found(
            "no-such-engine-here",
            "No such file or directory (os error 2)",
        );
        assert!(h.contains("neither on the PATH nor a file here"), "{h}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
