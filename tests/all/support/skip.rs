//! How a test that cannot run here says so: one readable line,
//!
//! ```text
//! SKIPPED conform::chu_agrees_with_lishogi_s_shogiops: node is not installed (run .ci/engines.sh); nothing was checked
//! ```
//!
//! naming the test as `cargo test` does (its thread's name), what is missing in words (never a
//! debug dump), and how to get it. The line goes straight to the terminal's stderr, which the
//! test harness does not capture, and into the test's captured output. When the harness runs one
//! test at a time it has already printed `test <name> ... ` without a line end, so the line then
//! starts on a line of its own. Whether a missing thing may be skipped at all is the caller's
//! business (in CI it may not).

use std::io::Write;

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

/// The line: `SKIPPED <test>: <what> (<how>); nothing was checked`.
pub fn line(test: &str, what: &str, how: &str) -> String {
    format!("SKIPPED {test}: {what} ({how}); nothing was checked")
}

/// Says that the running test checked nothing because of `what` (`fallback` names the test
/// where its thread has no name).
pub fn skipped(fallback: &str, what: &str, how: &str) {
    let text = line(&test_name(fallback), what, how);
    let start = if one_at_a_time() { "\n" } else { "" };
    let _ = writeln!(std::io::stderr(), "{start}{text}");
    println!("{text}");
}

#[test]
fn the_line_names_the_test_and_what_to_do() {
    assert_eq!(
        line("conform::x", "node is not installed", "run .ci/engines.sh"),
        "SKIPPED conform::x: node is not installed (run .ci/engines.sh); nothing was checked"
    );
    assert_eq!(
        test_name("fallback"),
        "skip::the_line_names_the_test_and_what_to_do"
    );
}
