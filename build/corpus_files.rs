//! The corpus the binary carries (`fairyspec::corpus::builtin`): an index of the files of the
//! repository's `corpus/` that `conform` and `verify` read, each `include_str!`ed, so that the
//! installed binary needs no checkout.
//!
//! Which files: in every folder of `corpus/` but `fuzz/` (the fuzzers' seeds), at any depth, every
//! `.perft` file, every `README.md` (the sources of the data) and every file of a `games/` folder
//! (the game records and their `expected.txt`); nothing else (Congo's `*.jsonl` course data is
//! read only by the tests). Dot files are left out. A file added later is embedded by the next
//! build without a change here: the build script asks to be rerun when anything under those
//! folders changes ([`watched`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The folders of `corpus/` that are not embedded.
const LEFT_OUT: &[&str] = &["fuzz"];

/// Whether the file `relative` (its path below `corpus/<folder>/`, `/`-separated) is embedded.
fn embedded(relative: &str) -> bool {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    if name.starts_with('.') {
        return false;
    }
    name.ends_with(".perft")
        || name == "README.md"
        || relative.split('/').rev().skip(1).any(|dir| dir == "games")
}

/// The folders of `corpus/` whose files are embedded, sorted.
pub fn watched(corpus: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = match std::fs::read_dir(corpus) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| !LEFT_OUT.contains(&n) && !n.starts_with('.'))
            })
            .collect(),
        Err(e) => panic!("cannot list {}: {e}", corpus.display()),
    };
    dirs.sort();
    dirs
}

/// Every file below `dir`, recursively, as (path below `corpus/`, `/`-separated; full path).
fn files(dir: &Path, below: &str, out: &mut Vec<(String, PathBuf)>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => panic!("cannot list {}: {e}", dir.display()),
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            panic!("{}: corpus file names must be UTF-8", path.display());
        };
        let relative = format!("{below}/{name}");
        if path.is_dir() {
            files(&path, &relative, out);
        } else {
            out.push((relative, path));
        }
    }
}

/// The Rust source of the index: `FILES`, `(path, text)` sorted by path, each path as in the
/// repository (`corpus/kuma/start.perft`).
pub fn source(root: &Path) -> String {
    let corpus = root.join("corpus");
    let mut found = Vec::new();
    for dir in watched(&corpus) {
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let mut inner = Vec::new();
        files(&dir, "", &mut inner);
        for (relative, path) in inner {
            let relative = relative.trim_start_matches('/').to_string();
            if embedded(&relative) {
                found.push((format!("corpus/{name}/{relative}"), path));
            }
        }
    }
    found.sort();
    let mut out = String::from(
        "/// Every built-in corpus file, `(path in the repository, text)`, sorted by path.\n\
         pub(super) static FILES: &[(&str, &str)] = &[\n",
    );
    for (relative, path) in found {
        let _ = writeln!(
            out,
            "    ({relative:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    out
}
