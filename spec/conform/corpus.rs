//! Reading a conformance corpus: a `.perft` file, or every `.perft` file of a folder, as
//! [`CorpusEntry`]s (the positions and the depths to check them at).

use super::compare::CorpusEntry;
use crate::perft::parse_perft_file;
use std::fmt;
use std::path::{Path, PathBuf};

/// A corpus that cannot be read.
#[derive(Debug)]
pub enum CorpusError {
    /// A file or folder that cannot be read.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A `.perft` file that breaks the format, or a corpus with no positions.
    Format(String),
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            CorpusError::Format(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CorpusError {}

/// The corpus entries of a `.perft` file, or of every `.perft` file of a folder (sorted by
/// name); `depth` replaces the depths the files list.
///
/// # Errors
/// [`CorpusError::Io`] for an unreadable path, [`CorpusError::Format`] for a broken file or an
/// empty corpus.
pub fn read_corpus(path: &Path, depth: Option<u32>) -> Result<Vec<CorpusEntry>, CorpusError> {
    let io = |e| CorpusError::Io {
        path: path.to_path_buf(),
        error: e,
    };
    let files = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "perft"))
            .collect();
        files.sort();
        files
    } else {
        vec![path.to_path_buf()]
    };
    let mut entries = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|error| CorpusError::Io {
            path: file.clone(),
            error,
        })?;
        let records = parse_perft_file(&text)
            .map_err(|e| CorpusError::Format(format!("{}: {e}", file.display())))?;
        let source = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        for r in records {
            let depths = match depth {
                Some(d) => vec![(
                    d,
                    r.counts
                        .iter()
                        .find(|(rd, _)| *rd == d)
                        .filter(|_| r.counting == crate::perft::Counting::Routes)
                        .map(|c| c.1),
                )],
                None => r.counts.iter().map(|&(d, n)| (d, Some(n))).collect(),
            };
            entries.push(CorpusEntry {
                id: r.id,
                source: source.clone(),
                fen: r.epd,
                depths,
            });
        }
    }
    if entries.is_empty() {
        return Err(CorpusError::Format(format!(
            "no positions in {} (a .perft file or a folder of them)",
            path.display()
        )));
    }
    Ok(entries)
}

/// The largest `K` of [`sample`] (`--sample K`, a matrix row's `sample K`).
pub const MAX_SAMPLE: usize = 1000;

/// Every `k`-th entry of a corpus, starting with the first (`k` 1: all of them) — the
/// selection of `conform --sample K` and of a matrix row's `sample K`, so that the row's
/// command on `docs/conformance.md` checks the positions the row checked. `k` 0 is read as 1.
pub fn sample(entries: Vec<CorpusEntry>, k: usize) -> Vec<CorpusEntry> {
    entries.into_iter().step_by(k.max(1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str) -> CorpusEntry {
        CorpusEntry {
            id: id.to_string(),
            source: "x.perft".to_string(),
            fen: String::new(),
            depths: vec![(1, None)],
        }
    }

    #[test]
    fn sample_takes_every_kth_position_from_the_first() {
        let all: Vec<CorpusEntry> = (0..10).map(|i| entry(&i.to_string())).collect();
        let ids = |v: Vec<CorpusEntry>| v.into_iter().map(|e| e.id).collect::<Vec<_>>();
        assert_eq!(ids(sample(all.clone(), 4)), ["0", "4", "8"]);
        assert_eq!(ids(sample(all.clone(), 1)).len(), 10);
        assert_eq!(ids(sample(all.clone(), 0)).len(), 10);
        assert_eq!(ids(sample(all.clone(), 10)), ["0"]);
        assert_eq!(ids(sample(all, 11)), ["0"]);
    }
}
