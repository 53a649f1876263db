//! Replays every saved fuzz input (`corpus/fuzz/<target>/*`) through the same library function
//! the fuzz target calls (`fairyspec::check::targets`), so that each seed, and each crash once
//! found and saved there, stays a regression test of `cargo test`.

use fairyspec::check::targets::{self, TargetFailure};
use std::path::PathBuf;

/// Runs `target` on every file of `corpus/fuzz/<name>/` and fails with the file name and the
/// failure of the first input that fails. Panics inside the target fail the test as well.
fn replay(name: &str, target: fn(&[u8]) -> Result<(), TargetFailure>) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/fuzz")
        .join(name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no inputs", dir.display());
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if let Err(failure) = target(&data) {
            panic!("{}: {failure}", file.display());
        }
    }
}

#[test]
fn kuma_differential_corpus() {
    replay("kuma_differential", targets::kuma_differential);
}

#[test]
fn fen_corpus() {
    replay("fen", targets::fen);
}

#[test]
fn moves_corpus() {
    replay("moves", targets::moves);
}

#[test]
fn chess_differential_corpus() {
    replay("chess_differential", targets::chess_differential);
}

#[test]
fn congo_differential_corpus() {
    replay("congo_differential", targets::congo_differential);
}

#[test]
fn hunterbeest_differential_corpus() {
    replay(
        "hunterbeest_differential",
        targets::hunterbeest_differential,
    );
}

#[test]
fn betza_corpus() {
    replay("betza", targets::betza);
}
