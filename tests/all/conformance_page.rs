//! `docs/conformance.md`: every command on the page pastes into a shell and runs what its row
//! of `corpus/matrix.txt` runs. Each command is one line, without a comment; the shell's own
//! splitting of it, read by the command line's own parser, names the row's game, engine,
//! protocol, corpus, depth, sample, time limit, mapping, counting, options and switches; and one
//! command (Stockfish's, which is quick) is run as pasted.

use fairyspec::cli::args::{Cli, Command as CliCommand, ConformArgs};
use fairyspec::conform::matrix::{command, parse_matrix, Row, Run};
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");

/// The ```` ```sh ```` blocks of the page, each as its lines.
fn sh_blocks(page: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in page.lines() {
        match &mut current {
            None if line.trim_end() == "```sh" => current = Some(Vec::new()),
            None => {}
            Some(_) if line.starts_with("```") => blocks.extend(current.take()),
            Some(lines) => lines.push(line.to_string()),
        }
    }
    blocks
}

/// The rows that run something, with what they run.
fn runs() -> Vec<(Row, Run)> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("corpus/matrix.txt"))
        .expect("corpus/matrix.txt is readable");
    parse_matrix(&text)
        .expect("the matrix parses")
        .into_iter()
        .filter_map(|row| {
            let run = row.run.clone().ok()?;
            Some((row, run))
        })
        .collect()
}

/// The words a POSIX shell makes of `line`, where `fairyspec` is a function that prints its
/// arguments: what the binary would be given if the line were pasted.
fn shell_words(line: &str) -> Vec<String> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "fairyspec() {{ for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }}\n{line}"
        ))
        .output()
        .expect("sh runs");
    assert!(out.status.success(), "{line}: {out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    std::iter::once("fairyspec".to_string())
        .chain(
            text.split('\0')
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        )
        .collect()
}

/// `words` read by the command line's own parser, as `conform`'s arguments.
fn conform_args(words: &[String]) -> ConformArgs {
    use clap::FromArgMatches;
    let matches = fairyspec::cli::command()
        .try_get_matches_from(words)
        .unwrap_or_else(|e| panic!("{words:?}: {e}"));
    match Cli::from_arg_matches(&matches)
        .expect("the arguments read")
        .command
    {
        CliCommand::Conform(a) => a,
        other => panic!("{words:?} is not conform: {other:?}"),
    }
}

#[test]
fn every_command_on_the_conformance_page_is_one_shell_line_that_runs_its_row() {
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/conformance.md"))
        .expect("docs/conformance.md is readable");
    let blocks = sh_blocks(&page);
    let runs = runs();
    assert_eq!(
        blocks.len(),
        runs.len(),
        "one command per row that runs something"
    );
    for (block, (row, run)) in blocks.iter().zip(&runs) {
        let name = &row.name;
        assert_eq!(block.len(), 1, "{name}: one line, not {block:?}");
        let line = &block[0];
        assert!(!line.contains('#'), "{name}: a comment in {line:?}");
        assert_eq!(
            line,
            &command(&row.game, run),
            "{name}: not what the matrix gives now (run `fairyspec matrix`)"
        );
        let words = shell_words(line);
        let a = conform_args(&words);
        assert_eq!(a.game.name(), row.game, "{name}");
        assert_eq!(a.engine, run.engine, "{name}");
        assert_eq!(a.protocol.library(), run.protocol, "{name}");
        assert_eq!(
            a.corpus.as_ref().map(ToString::to_string).as_deref(),
            Some(run.corpus.as_str()),
            "{name}"
        );
        assert_eq!(a.depth, Some(run.depth), "{name}");
        assert_eq!(a.sample, run.sample, "{name}");
        let whole = if run.sample > 1 {
            run.whole.clone()
        } else {
            Vec::new()
        };
        assert_eq!(a.whole, whole, "{name}");
        assert_eq!(a.timeout, run.timeout.as_secs(), "{name}");
        assert_eq!(a.map, run.map, "{name}");
        let setboard = a.setboard.map(|s| format!("{s:?}").to_lowercase());
        assert_eq!(setboard, run.setboard, "{name}");
        assert_eq!(a.count, run.counting, "{name}");
        let options: Vec<String> = run
            .options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        assert_eq!(a.options, options, "{name}");
        assert_eq!(a.switches, run.switches, "{name}");
        assert!(!a.reached_fen && a.report.is_none(), "{name}");
    }
    // The row the old page broke: its command had a comment in its middle.
    let hachu = runs
        .iter()
        .position(|(r, _)| r.name == "chu-hachu")
        .expect("the HaChu row");
    assert!(
        blocks[hachu][0].contains(
            "--sample 4 --whole readings.perft --whole rules.perft --timeout 300 --map xboard"
        ),
        "{:?}",
        blocks[hachu]
    );
}

#[test]
fn stockfish_s_command_runs_as_pasted() {
    let (row, run) = runs()
        .into_iter()
        .find(|(r, _)| r.name == "chess-stockfish")
        .expect("the Stockfish row");
    if !Path::new(&run.engine).exists() {
        return crate::ci::missing(
            "conformance_page::stockfish_s_command_runs_as_pasted",
            &run.engine,
            "run .ci/engines.sh",
            None,
        );
    }
    let line = command(&row.game, &run);
    let bin = Path::new(BIN);
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary is in a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .current_dir(ROOT)
        .env("PATH", path)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{line}\n{stdout}\n{out:?}");
    // The corpus's 55 positions (corpus/chess), then the row's fuzz positions.
    let checks = 55 + run.fuzz.as_ref().map_or(0, |f| f.positions);
    assert!(
        stdout.contains(&format!(
            "summary: {checks} check(s): {checks} agree, 0 diverged, 0 engine error(s)"
        )),
        "{stdout}"
    );
}
