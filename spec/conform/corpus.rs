//! Reading a conformance corpus: a `.perft` file, or every `.perft` file of a folder, on disk or
//! built in ([`CorpusPath`]), as [`CorpusEntry`]s (the positions and the depths to check them at).

use super::compare::CorpusEntry;
use crate::corpus::CorpusPath;
use crate::perft::parse_perft_file;
use crate::textfile::MAX_FILE_BYTES;
use std::fmt;
use std::path::PathBuf;

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
/// name); `depth` replaces the depths the files list. The game's built-in corpus is
/// [`CorpusPath::builtin_game`].
///
/// ```
/// use fairyspec::conform::corpus::read_corpus;
/// use fairyspec::corpus::CorpusPath;
///
/// let entries = read_corpus(&CorpusPath::builtin_game("kuma"), Some(2)).unwrap();
/// let start = entries.iter().find(|e| e.id == "start").unwrap();
/// assert_eq!(start.depths, [(2, Some(256))]);
/// ```
///
/// Each file is read whole, up to [`MAX_FILE_BYTES`], and so is the folder's whole corpus.
///
/// # Errors
/// [`CorpusError::Io`] for an unreadable path or a file past the limit
/// ([`std::io::ErrorKind::FileTooLarge`]), [`CorpusError::Format`] for a path that does not
/// exist, a broken file or an empty corpus.
pub fn read_corpus(path: &CorpusPath, depth: Option<u32>) -> Result<Vec<CorpusEntry>, CorpusError> {
    if !path.exists() {
        let hint = if path.is_builtin() {
            format!(
                "the built-in corpus has {}",
                CorpusPath::builtin_folders().join(", ")
            )
        } else {
            "leave --corpus out for the game's built-in corpus (builtin:corpus/GAME)".to_string()
        };
        return Err(CorpusError::Format(format!(
            "no .perft file or folder at {:?}; {hint}",
            path.to_string()
        )));
    }
    let files = if path.is_dir() {
        let listed = path.entries().map_err(|error| CorpusError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        listed
            .into_iter()
            .filter(|p| p.has_extension("perft"))
            .collect()
    } else {
        vec![path.clone()]
    };
    let mut entries = Vec::new();
    let mut read: u64 = 0;
    for file in &files {
        let text = file.read_text().map_err(|error| CorpusError::Io {
            path: file.to_path_buf(),
            error,
        })?;
        let records =
            parse_perft_file(&text).map_err(|e| CorpusError::Format(format!("{file}: {e}")))?;
        let source = file.file_name().unwrap_or_default().to_string();
        read += text.len() as u64;
        if read > MAX_FILE_BYTES {
            return Err(CorpusError::Io {
                path: path.to_path_buf(),
                error: std::io::Error::new(
                    std::io::ErrorKind::FileTooLarge,
                    format!(
                        "its .perft files hold more than {MAX_FILE_BYTES} bytes in all, the most \
                         fairyspec reads as one corpus"
                    ),
                ),
            });
        }
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
            "no positions in {path} (a .perft file or a folder of them)"
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

/// [`sample`] of the entries outside the files named in `whole` (by file name, `rules.perft`),
/// then every entry of those files — `conform --sample K --whole FILE` and a matrix row's
/// `sample K` with `whole FILE` lines: a sample of the bulk of a corpus that keeps the files
/// written to exercise every rule and tell every reading apart.
pub fn sample_keeping(entries: Vec<CorpusEntry>, k: usize, whole: &[String]) -> Vec<CorpusEntry> {
    let (kept, rest): (Vec<_>, Vec<_>) =
        entries.into_iter().partition(|e| whole.contains(&e.source));
    let mut chosen = sample(rest, k);
    chosen.extend(kept);
    chosen
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
