//! Every console example of README.md against the real output: each ```` ```console ```` block
//! is a list of `$ command` lines, each followed by what it prints on stdout. The command runs
//! in `sh` from the repository root, with the freshly built `fairyspec` first on the PATH (as
//! after `cargo install --path .`).
//!
//! Two allowances, both for output that is not the same from run to run or too long to show: a
//! line `…` stands for any number of lines, and a time (`0.02s`) matches any time. Spacing
//! between words is not compared (timing cells change the padding).

use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::Command;

/// One example: the command line and the expected stdout lines.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_console = false;
    let mut lines = readme.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            let mut command = cmd.to_string();
            while command.ends_with('\\') {
                command.pop();
                match lines.next() {
                    Some((_, more)) => command.push_str(more),
                    None => break,
                }
            }
            found.push(Example {
                line: i + 1,
                command,
                expected: Vec::new(),
            });
        } else if let Some(example) = found.last_mut() {
            example.expected.push(line.to_string());
        } else {
            panic!("README.md:{}: console output before any `$ ` line", i + 1);
        }
    }
    found
}

/// A line with its times replaced and its spacing collapsed.
fn normalise(line: &str) -> String {
    line.split_whitespace()
        .map(|word| {
            let is_time = word
                .strip_suffix('s')
                .and_then(|n| n.split_once('.'))
                .is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && a.chars().all(|c| c.is_ascii_digit())
                        && b.chars().all(|c| c.is_ascii_digit())
                });
            if is_time {
                "<time>"
            } else {
                word
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `actual` matches `expected`, where an expected line `…` stands for any run of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual.first() == Some(first) && matches(rest, &actual[1..]),
    }
}

#[test]
fn the_elision_and_time_rules() {
    let v = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&v(&["a", "…", "d"]), &v(&["a", "b", "c", "d"])));
    assert!(matches(&v(&["a", "…"]), &v(&["a"])));
    assert!(!matches(&v(&["a", "…", "d"]), &v(&["a", "b"])));
    assert_eq!(normalise("ok 0.02s    ok 10.61s"), "ok <time> ok <time>");
    assert_eq!(normalise("plies: 91"), "plies: 91");
}

#[test]
fn every_console_example_in_the_readme_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md is readable");
    let examples = examples(&readme);
    assert!(
        examples.len() >= 6,
        "only {} console examples",
        examples.len()
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_fairyspec"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary is in a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for ex in examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&ex.command)
            .current_dir(root)
            .env("PATH", &path)
            .env_remove("FAIRYSPEC")
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("panicked"),
            "README.md:{}: {stderr}",
            ex.line
        );
        assert!(
            !stderr.contains("not found"),
            "README.md:{}: {stderr}",
            ex.line
        );
        let actual: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(normalise)
            .collect();
        let expected: Vec<String> = ex.expected.iter().map(|l| normalise(l)).collect();
        if !matches(&expected, &actual) {
            assert_eq!(
                expected.join("\n"),
                actual.join("\n"),
                "README.md:{}: `{}` prints something else (stderr: {stderr})",
                ex.line,
                ex.command
            );
            panic!(
                "README.md:{}: `{}`: the lines around `…` do not match",
                ex.line, ex.command
            );
        }
    }
}
