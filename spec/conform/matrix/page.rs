//! The page of the conformance matrix (`docs/conformance.md`): one table of every row, then the
//! first occurrence of every difference in detail.

use super::{Outcome, Row, Run};
use crate::conform::start::DEFAULT_TIMEOUT;
use crate::perft::Counting;
use std::fmt::Write as _;
use std::time::Duration;

/// The reading of a row: its words, and its switches (`--switch`) where it has any.
fn reading_text(row: &Row) -> String {
    match &row.run {
        Ok(run) if !run.switches.is_empty() => {
            let switches: Vec<String> = run.switches.iter().map(|s| format!("`{s}`")).collect();
            format!("{} ({})", row.reading, switches.join(" "))
        }
        Ok(_) => row.reading.clone(),
        Err(_) => "-".to_string(),
    }
}

/// The result column of a row.
fn result_text(outcome: &Outcome, depth: Option<u32>) -> String {
    match outcome {
        Outcome::NotRun(why) => format!("not run: {why}"),
        Outcome::Unavailable(why) => format!("**UNAVAILABLE**: {why}"),
        Outcome::Ran {
            positions,
            fuzzed,
            unchecked,
            agreed,
            skipped,
            causes,
            coverage,
        } => {
            let depth = depth.unwrap_or(0);
            let differ: usize = causes.iter().map(|c| c.count).sum();
            let mut text = if differ == 0 {
                format!("agrees on {agreed} positions to depth {depth}")
            } else {
                format!(
                    "agrees on {agreed} of {positions} positions to depth {depth}; {differ} differ"
                )
            };
            if *fuzzed > 0 {
                let _ = write!(text, " ({fuzzed} positions of a seeded fuzz among them)");
            }
            if !skipped.is_empty() {
                let _ = write!(
                    text,
                    " ({} skipped: the engine cannot be given them)",
                    skipped.len()
                );
            }
            if *unchecked > 0 {
                let _ = write!(text, " ({unchecked} not checked after the engine failed)");
            }
            if let Some(c) = coverage {
                let _ = write!(
                    text,
                    "; rules exercised: {} of {}",
                    c.coverage.exercised.len(),
                    c.coverage.in_force.len()
                );
                if !c.coverage.missing.is_empty() {
                    let _ = write!(text, " (not {})", c.coverage.missing.join(", "));
                }
            }
            for c in causes {
                match &c.verdict {
                    Some(v) => {
                        let _ = write!(text, "; {} × {v}", c.count);
                    }
                    None => {
                        let _ = write!(text, "; {} × **UNSETTLED**: {}", c.count, c.text);
                    }
                }
            }
            text
        }
    }
}

/// Escapes a table cell (`|` would end it).
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The page: a table of every row, then the first occurrence of every difference in detail.
pub fn render(rows: &[(Row, Outcome)], header: &str) -> String {
    let mut out = String::new();
    out.push_str(header);
    out.push_str(
        "\n| game | implementation | version | reading (switches) | counting | result |\n\
         |---|---|---|---|---|---|\n",
    );
    for (row, outcome) in rows {
        let counting = match &row.run {
            Ok(run) => run.counting.name(),
            Err(_) => "-",
        };
        let depth = row.run.as_ref().ok().map(|r| r.depth);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {counting} | {} |",
            row.game,
            cell(&row.implementation),
            cell(&row.version),
            cell(&reading_text(row)),
            cell(&result_text(outcome, depth)),
        );
    }
    for (row, outcome) in rows {
        let _ = writeln!(
            out,
            "\n## {} — {} {}\n",
            row.game, row.implementation, row.version
        );
        if !row.source.is_empty() {
            let _ = writeln!(out, "Source: {}.\n", row.source);
        }
        match (&row.run, outcome) {
            (Err(why), _) => {
                let _ = writeln!(out, "Not run: {why}.");
            }
            (Ok(run), outcome) => {
                let command = command(&row.game, run);
                let _ = writeln!(out, "```sh\n{command}\n```\n");
                let _ = writeln!(out, "{}.", result_text(outcome, Some(run.depth)));
                if let Outcome::Ran {
                    causes,
                    skipped,
                    coverage,
                    ..
                } = outcome
                {
                    if let Some(c) = coverage {
                        let _ = writeln!(out, "\n{}", coverage_text(row, c));
                    }
                    for (id, why) in skipped {
                        let _ = writeln!(out, "\n- skipped `{id}`: {why}");
                    }
                    for c in causes {
                        let verdict = c.verdict.as_deref().unwrap_or("**UNSETTLED**");
                        let _ = writeln!(
                            out,
                            "\n### {} × {verdict}\n\nFirst seen at `{}` (depth {}):\n\n```text",
                            c.count, c.first.0, c.first.1
                        );
                        for l in &c.detail {
                            let _ = writeln!(out, "{}", shorten(l));
                        }
                        out.push_str("```\n");
                    }
                }
            }
        }
    }
    out
}

/// The rules the row's agreeing checks exercised (SPEC.md CORE-1.7), with the title of each one
/// missing and the checks counted less deep than they were made.
fn coverage_text(row: &Row, c: &crate::coverage::corpus::CorpusCoverage) -> String {
    let mut text = format!(
        "Rules exercised (SPEC.md CORE-1.7) by the {} checks that agreed: {} of the {} that \
         govern moves or the outcome under this reading",
        c.checks,
        c.coverage.exercised.len(),
        c.coverage.in_force.len()
    );
    if c.coverage.missing.is_empty() {
        text.push_str(", all of them.");
    } else {
        let titles = crate::coverage::catalogue::spec_rules();
        let missing: Vec<String> = c
            .coverage
            .missing
            .iter()
            .map(|id| {
                let title = titles.iter().find(|(r, _)| r == id).map_or("", |(_, t)| *t);
                format!("{id} ({title})")
            })
            .collect();
        text.push_str(&format!("; not exercised: {}.", missing.join(", ")));
    }
    if !c.shortened.is_empty() {
        let least = c.shortened.iter().map(|s| s.walked).min().unwrap_or(0);
        text.push_str(&format!(
            " {} of the checks of depth {} were counted to depth {least} or more (their trees \
             are over the budget of {} distinct positions; a shallower count is a lower bound).",
            c.shortened.len(),
            row.run.as_ref().map_or(0, |r| r.depth),
            crate::coverage::corpus::DEFAULT_BUDGET
        ));
    }
    text
}

/// The command line that checks what `run` checks, as one line that pastes into a shell (run
/// from the repository root): every setting of the row that is not `conform`'s default, each
/// word quoted where a shell would split or expand it, and no comment. A test parses every
/// command of `docs/conformance.md` with the shell and the command line's own parser and holds
/// it to its row (`tests/all/conformance_page.rs`).
pub fn command(game: &str, run: &Run) -> String {
    let mut words: Vec<String> = vec![
        "fairyspec".into(),
        "conform".into(),
        game.into(),
        "--engine".into(),
        shell_word(&run.engine),
        "--protocol".into(),
        run.protocol.name().into(),
        "--corpus".into(),
        shell_word(&run.corpus),
        "--depth".into(),
        run.depth.to_string(),
    ];
    if run.sample > 1 {
        words.extend(["--sample".into(), run.sample.to_string()]);
        for file in &run.whole {
            words.extend(["--whole".into(), shell_word(file)]);
        }
    }
    if run.timeout != Duration::from_secs(DEFAULT_TIMEOUT) {
        words.extend(["--timeout".into(), run.timeout.as_secs().to_string()]);
    }
    if run.map != "identity" {
        words.extend(["--map".into(), shell_word(&run.map)]);
    }
    if let Some(s) = &run.setboard {
        words.extend(["--setboard".into(), shell_word(s)]);
    }
    if run.counting != Counting::Routes {
        words.extend(["--count".into(), run.counting.name().into()]);
    }
    for (n, v) in &run.options {
        words.extend(["--option".into(), shell_word(&format!("{n}={v}"))]);
    }
    for s in &run.switches {
        words.extend(["--switch".into(), shell_word(s)]);
    }
    if let Some(f) = &run.fuzz {
        words.extend([
            "--fuzz".into(),
            f.positions.to_string(),
            "--seed".into(),
            f.seed.to_string(),
        ]);
    }
    words.join(" ")
}

/// `text` as one shell word: bare when it holds only characters no shell treats specially,
/// else in double quotes (or single quotes, when it holds a character double quotes would
/// still expand: `"`, `$`, `` ` ``, `\`, `!`).
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    if text.chars().any(|c| "\"$`\\!".contains(c)) {
        format!("'{}'", text.replace('\'', r"'\''"))
    } else {
        format!("\"{text}\"")
    }
}

/// A long line of the report cut to 400 characters.
fn shorten(line: &str) -> String {
    if line.chars().count() <= 400 {
        line.to_string()
    } else {
        let cut: String = line.chars().take(400).collect();
        format!("{cut} …")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_only_where_a_shell_needs_it() {
        assert_eq!(shell_word("corpus/chu"), "corpus/chu");
        assert_eq!(shell_word("counter-strike=jcsa"), "counter-strike=jcsa");
        assert_eq!(shell_word("Allow repeats=1"), "\"Allow repeats=1\"");
        assert_eq!(
            shell_word("python3 -c \"print(1)\""),
            "'python3 -c \"print(1)\"'"
        );
        assert_eq!(shell_word("it's $HOME"), r"'it'\''s $HOME'");
        assert_eq!(shell_word(""), "\"\"");
    }
}
