//! The corpus built into the crate: the files of the repository's `corpus/` that `conform` and
//! `verify` read — every game's `.perft` files, its game records (`games/`) and the READMEs that
//! name the sources, and the deep tables (`corpus/deep/`) — embedded by the build script
//! (`build/corpus_files.rs`), so that the installed binary and a test suite that depends on the
//! crate need no checkout. Not embedded: the fuzzers' seeds (`corpus/fuzz/`) and Congo's course
//! data (`*.jsonl`, read only by the tests).
//!
//! Each file keeps its path in the repository (`corpus/kuma/start.perft`); the command line writes
//! it `builtin:corpus/kuma/start.perft` ([`super::CorpusPath`]).
//!
//! ```
//! use fairyspec::corpus::builtin;
//!
//! let start = builtin::file("corpus/kuma/start.perft").expect("Kuma's start counts are built in");
//! assert!(start.contains("perft 2 256"));
//! assert!(builtin::files().iter().all(|f| !f.path.starts_with("corpus/fuzz/")));
//! ```

use std::path::{Path, PathBuf};

mod index {
    include!(concat!(env!("OUT_DIR"), "/corpus_files.rs"));
}

/// One built-in file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinFile {
    /// Its path in the repository, `/`-separated (`corpus/kuma/start.perft`).
    pub path: &'static str,
    /// Its text, byte for byte.
    pub text: &'static str,
}

/// Every built-in file, sorted by path.
pub fn files() -> Vec<BuiltinFile> {
    index::FILES
        .iter()
        .map(|&(path, text)| BuiltinFile { path, text })
        .collect()
}

/// The text of the built-in file at `path` (its path in the repository), if there is one.
pub fn file(path: &str) -> Option<&'static str> {
    index::FILES
        .binary_search_by(|(p, _)| (*p).cmp(path))
        .ok()
        .map(|i| index::FILES[i].1)
}

/// The paths of the built-in files below the folder `dir` (`corpus/kuma`), at any depth.
pub fn below(dir: &str) -> impl Iterator<Item = &'static str> + '_ {
    index::FILES.iter().map(|(p, _)| *p).filter(move |p| {
        p.strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/'))
    })
}

/// Writes the built-in folder `dir` (`corpus/kuma`) into the folder `to`, as `to/<last part of
/// dir>/…` (`to/kuma/start.perft`, `to/kuma/games/expected.txt`), creating folders as needed and
/// replacing files of the same name. Returns the files written, in order.
///
/// # Errors
/// [`WriteError::NoSuchFolder`] if nothing is built in below `dir`; [`WriteError::Io`] for a file
/// or folder that cannot be written (the files before it are written).
pub fn write_folder(dir: &str, to: &Path) -> Result<Vec<PathBuf>, WriteError> {
    let dir = dir.trim_end_matches('/');
    let parent = dir.rsplit_once('/').map_or("", |(p, _)| p);
    let mut written = Vec::new();
    for path in below(dir) {
        let relative = path[parent.len()..].trim_start_matches('/');
        let target = relative.split('/').fold(to.to_path_buf(), |p, c| p.join(c));
        let io = |error| WriteError::Io {
            path: target.clone(),
            error,
        };
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).map_err(io)?;
        }
        std::fs::write(&target, file(path).unwrap_or_default()).map_err(io)?;
        written.push(target);
    }
    if written.is_empty() {
        return Err(WriteError::NoSuchFolder(dir.to_string()));
    }
    Ok(written)
}

/// Why [`write_folder`] could not write the corpus out.
#[derive(Debug)]
pub enum WriteError {
    /// Nothing is built in below this folder.
    NoSuchFolder(String),
    /// A file or folder that cannot be written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::NoSuchFolder(dir) => write!(f, "no built-in folder {dir:?}"),
            WriteError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for WriteError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_sorted_and_holds_every_game() {
        let paths: Vec<&str> = index::FILES.iter().map(|(p, _)| *p).collect();
        assert!(paths.windows(2).all(|w| w[0] < w[1]), "{paths:?}");
        for game in ["kuma", "chess", "congo", "hunterbeest", "chu"] {
            assert!(
                below(&format!("corpus/{game}")).any(|p| p.ends_with(".perft")),
                "{game}"
            );
        }
        assert!(below("corpus/deep").count() >= 5);
        assert!(
            below("corpus/kum").next().is_none(),
            "a prefix is no folder"
        );
    }
}
