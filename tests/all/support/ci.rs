//! Whether a test may skip what it needs but cannot build itself (an outside engine, node and
//! shogiops, a browser, the release binary), and how it says so.
//!
//! It must not skip — a missing piece fails the test — in CI, as CI services announce it (the
//! variable `CI` set to `true` or `1`, in any case: `CI=false` is not CI), or when
//! `FAIRYSPEC_REQUIRE_ENGINES` is set the same way, which `.ci/run` does
//! (`FAIRYSPEC_REQUIRE_ENGINES=1`). `.ci/engines.sh` and `.ci/browser.sh` read both variables
//! by the same rule. Elsewhere a test skips only what is truly missing — not installed, not
//! found — never because something it runs failed, and it says on the terminal what it skipped
//! and what, if anything, it checked all the same.

use std::io::Write;

/// Whether `value` turns a switch variable on: `true` or `1`, in any case.
pub fn is_on(value: &str) -> bool {
    value.eq_ignore_ascii_case("true") || value == "1"
}

/// Whether a missing piece is a failure: in CI, or when `.ci/run` asks for every piece.
pub fn required() -> bool {
    ["CI", "FAIRYSPEC_REQUIRE_ENGINES"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|v| is_on(v.trim())))
}

/// `what` is missing for `test` (`how`: how to get it): fails the test where [`required`];
/// else says `SKIPPED` where it is seen — straight to the terminal's stderr, which the test
/// harness does not capture, and into the test's captured output — and lets the caller go on.
/// `still_checked` says what the test checks without it (`None`: nothing, the test returns).
///
/// The line is readable on its own ([`line`]): the test named as `cargo test` names it (its
/// thread's name; `test` where the thread has none), and when the harness runs one test at a
/// time — it has then printed `test <name> ... ` without a line end — it starts on a line of
/// its own.
pub fn missing(test: &str, what: &str, how: &str, still_checked: Option<&str>) {
    assert!(
        !required(),
        "{test}: {what} is missing, and CI requires it ({how})"
    );
    let text = line(&test_name(test), what, how, still_checked);
    let start = if one_at_a_time() { "\n" } else { "" };
    let _ = writeln!(std::io::stderr(), "{start}{text}");
    println!("{text}");
}

/// The line: `SKIPPED <test>: <what> is missing (<how>); nothing was checked` (or what was).
pub fn line(test: &str, what: &str, how: &str, still_checked: Option<&str>) -> String {
    let rest = match still_checked {
        None => "nothing was checked".to_string(),
        Some(checked) => format!("checked without it: {checked}"),
    };
    format!("SKIPPED {test}: {what} is missing ({how}); {rest}")
}

/// The test's name as `cargo test` prints it, from the harness's name for its thread.
fn test_name(fallback: &str) -> String {
    std::thread::current()
        .name()
        .filter(|n| *n != "main")
        .unwrap_or(fallback)
        .to_string()
}

/// Whether the harness runs one test at a time (`--test-threads 1`, `RUST_TEST_THREADS=1`, or a
/// machine with one core), printing each test's name before it runs.
fn one_at_a_time() -> bool {
    let args: Vec<String> = std::env::args().collect();
    let from_args = args.iter().enumerate().find_map(|(i, a)| {
        a.strip_prefix("--test-threads=")
            .map(str::to_string)
            .or_else(|| {
                (a == "--test-threads").then(|| args.get(i + 1).cloned().unwrap_or_default())
            })
    });
    let threads = from_args
        .or_else(|| std::env::var("RUST_TEST_THREADS").ok())
        .and_then(|t| t.trim().parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    threads == 1
}

/// Whether the program `program` can be started at all: a spawn that fails because the file
/// is not there is "missing"; one that starts is "there", whatever it then does.
pub fn can_start(program: &str) -> bool {
    match std::process::Command::new(program)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .output()
    {
        Ok(_) => true,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => panic!("{program} is there but cannot be started: {e}"),
    }
}

/// Whether python3 has the module `module`: `false` only when python3 or the module is not
/// installed (`ModuleNotFoundError`); a module that is there but fails to import is a failure.
pub fn python_module(module: &str) -> bool {
    let out = match std::process::Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
    {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return false,
        Err(e) => panic!("python3 is there but cannot be started: {e}"),
    };
    if out.status.success() {
        return true;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("ModuleNotFoundError"),
        "python3 has the module {module}, but importing it fails: {stderr}"
    );
    false
}

#[test]
fn the_skipped_line_names_the_test_and_what_to_do() {
    assert_eq!(
        line("conform::x", "node", "run .ci/engines.sh", None),
        "SKIPPED conform::x: node is missing (run .ci/engines.sh); nothing was checked"
    );
    assert_eq!(
        line("conform::x", "hachu", "run .ci/engines.sh", Some("the other engines")),
        "SKIPPED conform::x: hachu is missing (run .ci/engines.sh); checked without it: the other engines"
    );
    assert_eq!(
        test_name("fallback"),
        "ci::the_skipped_line_names_the_test_and_what_to_do"
    );
}

#[test]
fn ci_is_on_for_true_or_1_in_any_case() {
    for on in ["true", "TRUE", "True", "1"] {
        assert!(is_on(on), "{on}");
    }
    for off in ["false", "FALSE", "False", "0", "", "no", "yes", "2"] {
        assert!(!is_on(off), "{off}");
    }
}
