//! Reading a conformance corpus: a `.perft` file, or every `.perft` file of a folder, as
//! [`CorpusEntry`]s (the positions and the depths to check them at).

use super::compare::CorpusEntry;
use crate::perft::parse_perft_file;
use crate::textfile::MAX_FILE_BYTES;
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
/// Each file is read whole, up to [`MAX_FILE_BYTES`], and so is the folder's whole corpus.
///
/// # Errors
/// [`CorpusError::Io`] for an unreadable path or a file past the limit
/// ([`std::io::ErrorKind::FileTooLarge`]), [`CorpusError::Format`] for a broken file or an
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
    let mut read: u64 = 0;
    for file in &files {
        let text = crate::textfile::read_text(file).map_err(|error| CorpusError::Io {
            path: file.clone(),
            error,
        })?;
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
