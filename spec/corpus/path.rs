//! [`CorpusPath`]: where a corpus is read from — a file or folder on disk, or one of the corpus
//! built into the crate ([`super::builtin`]) — with the few file-system questions `verify` and
//! `conform` ask of it (is it a folder, what does it hold, read this file).

use super::builtin;
use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// How the command line writes a built-in path: `builtin:corpus/kuma/start.perft`.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// A corpus file or folder: on disk, or built in.
///
/// Its text form (`--corpus` on the command line, [`fmt::Display`], [`FromStr`]) is the path on
/// disk, or `builtin:` and the path the built-in file had in the repository:
/// `builtin:corpus` (every game's corpus, the default of `verify`), `builtin:corpus/chu` (one
/// game's, the default of `conform chu`), `builtin:corpus/kuma/start.perft` (one file),
/// `builtin:corpus/deep` (the deep tables).
///
/// ```
/// use fairyspec::corpus::CorpusPath;
///
/// let kuma: CorpusPath = "builtin:corpus/kuma".parse().unwrap();
/// assert!(kuma.is_dir());
/// assert_eq!(kuma, CorpusPath::builtin_game("kuma"));
/// let start = kuma.join("start.perft");
/// assert!(start.is_file());
/// assert_eq!(start.to_string(), "builtin:corpus/kuma/start.perft");
/// assert!(start.read_text().unwrap().contains("perft 1 16"));
/// let disk: CorpusPath = "corpus/kuma".parse().unwrap();
/// assert_eq!(disk, CorpusPath::Disk("corpus/kuma".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CorpusPath {
    /// A file or folder on disk.
    Disk(PathBuf),
    /// A file or folder of the built-in corpus: its path in the repository, `/`-separated, no
    /// `/` at either end (`corpus/kuma`).
    Builtin(String),
}

impl CorpusPath {
    /// The path written `text`: `builtin:…` a built-in path, anything else a path on disk (the
    /// same as [`FromStr`], which cannot fail).
    pub fn from_text(text: &str) -> CorpusPath {
        match text.strip_prefix(BUILTIN_PREFIX) {
            Some(rest) => CorpusPath::Builtin(normalise(rest)),
            None => CorpusPath::Disk(PathBuf::from(text)),
        }
    }

    /// The whole built-in corpus, `builtin:corpus`: a folder of game folders (and `deep/`).
    pub fn builtin() -> CorpusPath {
        CorpusPath::Builtin("corpus".to_string())
    }

    /// The built-in corpus of the game named `game` (`builtin:corpus/kuma`).
    pub fn builtin_game(game: &str) -> CorpusPath {
        CorpusPath::builtin().join(game)
    }

    /// Whether it is built in.
    pub fn is_builtin(&self) -> bool {
        matches!(self, CorpusPath::Builtin(_))
    }

    /// Whether it is a file (that exists).
    pub fn is_file(&self) -> bool {
        match self {
            CorpusPath::Disk(p) => p.is_file(),
            CorpusPath::Builtin(p) => builtin::file(p).is_some(),
        }
    }

    /// Whether anything is there: a file, a folder, or on disk something else a path can name
    /// (a device, a pipe), which is then read as a file.
    pub fn exists(&self) -> bool {
        match self {
            CorpusPath::Disk(p) => p.exists(),
            CorpusPath::Builtin(_) => self.is_file() || self.is_dir(),
        }
    }

    /// Whether it is a folder (that exists).
    pub fn is_dir(&self) -> bool {
        match self {
            CorpusPath::Disk(p) => p.is_dir(),
            CorpusPath::Builtin(p) => builtin::below(p).next().is_some(),
        }
    }

    /// The path of `name` inside this folder.
    pub fn join(&self, name: &str) -> CorpusPath {
        match self {
            CorpusPath::Disk(p) => CorpusPath::Disk(p.join(name)),
            CorpusPath::Builtin(p) => CorpusPath::Builtin(normalise(&format!("{p}/{name}"))),
        }
    }

    /// The folder it is in, if it has one.
    pub fn parent(&self) -> Option<CorpusPath> {
        match self {
            CorpusPath::Disk(p) => p.parent().map(|p| CorpusPath::Disk(p.to_path_buf())),
            CorpusPath::Builtin(p) => p
                .rsplit_once('/')
                .map(|(dir, _)| CorpusPath::Builtin(dir.to_string())),
        }
    }

    /// Its last part (`start.perft`), if it has one that is UTF-8.
    pub fn file_name(&self) -> Option<&str> {
        match self {
            CorpusPath::Disk(p) => p.file_name().and_then(|n| n.to_str()),
            CorpusPath::Builtin(p) => Some(p.rsplit('/').next().unwrap_or(p)),
        }
    }

    /// Whether its name ends in `.` and `extension` (`perft`).
    pub fn has_extension(&self, extension: &str) -> bool {
        self.file_name()
            .and_then(|n| n.rsplit_once('.'))
            .is_some_and(|(stem, ext)| !stem.is_empty() && ext == extension)
    }

    /// What the folder holds (files and folders), sorted by name.
    ///
    /// # Errors
    /// The operating system's error for a folder on disk that cannot be listed; `NotFound` for a
    /// built-in path that is no folder.
    pub fn entries(&self) -> std::io::Result<Vec<CorpusPath>> {
        match self {
            CorpusPath::Disk(dir) => {
                let mut paths = std::fs::read_dir(dir)?
                    .map(|entry| entry.map(|e| CorpusPath::Disk(e.path())))
                    .collect::<Result<Vec<_>, _>>()?;
                paths.sort();
                Ok(paths)
            }
            CorpusPath::Builtin(dir) => {
                let mut names: Vec<&str> = builtin::below(dir)
                    .filter_map(|p| p[dir.len() + 1..].split('/').next())
                    .collect();
                if names.is_empty() {
                    return Err(not_built_in());
                }
                names.dedup();
                Ok(names.into_iter().map(|n| self.join(n)).collect())
            }
        }
    }

    /// The text of the file.
    ///
    /// # Errors
    /// The operating system's error for a file on disk that cannot be read as UTF-8 text;
    /// `NotFound` for a built-in path that is no file.
    pub fn read_text(&self) -> std::io::Result<Cow<'static, str>> {
        match self {
            CorpusPath::Disk(p) => crate::textfile::read_text(p).map(Cow::Owned),
            CorpusPath::Builtin(p) => builtin::file(p).map(Cow::Borrowed).ok_or_else(not_built_in),
        }
    }

    /// The path as a [`PathBuf`], for errors that carry one: the path on disk, or the text form
    /// of a built-in path (`builtin:corpus/kuma`).
    pub fn to_path_buf(&self) -> PathBuf {
        match self {
            CorpusPath::Disk(p) => p.clone(),
            CorpusPath::Builtin(_) => PathBuf::from(self.to_string()),
        }
    }

    /// The built-in folders of the game corpora and the deep tables, in their text form
    /// (`builtin:corpus/chess`, …, `builtin:corpus/deep/chess`, …), for messages that say what
    /// there is.
    pub fn builtin_folders() -> Vec<String> {
        let mut dirs: Vec<String> = builtin::files()
            .iter()
            .filter(|f| f.path.ends_with(".perft"))
            .filter_map(|f| f.path.rsplit_once('/').map(|(d, _)| d.to_string()))
            .collect();
        dirs.sort();
        dirs.dedup();
        dirs.into_iter()
            .map(|d| format!("{BUILTIN_PREFIX}{d}"))
            .collect()
    }
}

/// `a//b/./c/` → `a/b/c`.
fn normalise(path: &str) -> String {
    path.split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect::<Vec<_>>()
        .join("/")
}

/// The error for a built-in path that is no file or folder: what there is instead (the caller's
/// error names the path).
fn not_built_in() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::NotFound,
        format!(
            "no such file or folder in the built-in corpus (it has {})",
            CorpusPath::builtin_folders().join(", ")
        ),
    )
}

impl fmt::Display for CorpusPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusPath::Disk(p) => write!(f, "{}", p.display()),
            CorpusPath::Builtin(p) => write!(f, "{BUILTIN_PREFIX}{p}"),
        }
    }
}

impl FromStr for CorpusPath {
    type Err = std::convert::Infallible;

    /// `builtin:…` is a built-in path; anything else a path on disk.
    fn from_str(text: &str) -> Result<CorpusPath, Self::Err> {
        Ok(CorpusPath::from_text(text))
    }
}

impl From<&Path> for CorpusPath {
    fn from(path: &Path) -> CorpusPath {
        CorpusPath::Disk(path.to_path_buf())
    }
}

impl From<PathBuf> for CorpusPath {
    fn from(path: PathBuf) -> CorpusPath {
        CorpusPath::Disk(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_folders_list_their_entries() {
        let root = CorpusPath::builtin();
        let names: Vec<String> = root
            .entries()
            .unwrap()
            .iter()
            .filter_map(|p| p.file_name().map(str::to_string))
            .collect();
        for game in ["chess", "chu", "congo", "deep", "hunterbeest", "kuma"] {
            assert!(names.contains(&game.to_string()), "{names:?}");
        }
        assert!(!names.contains(&"fuzz".to_string()), "{names:?}");
        let games = CorpusPath::builtin_game("kuma").join("games");
        assert!(games.is_dir());
        assert!(games.join("expected.txt").is_file());
        assert_eq!(
            games.join("expected.txt").parent(),
            Some(games.clone()),
            "parent"
        );
        assert!(!CorpusPath::builtin_game("shogi").is_dir());
        let err = CorpusPath::builtin_game("shogi").entries().unwrap_err();
        assert!(err.to_string().contains("builtin:corpus/kuma"), "{err}");
    }

    #[test]
    fn text_forms_read_back() {
        for text in [
            "builtin:corpus/deep/chu",
            "corpus/kuma/start.perft",
            "/abs/olute/x",
        ] {
            let p: CorpusPath = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let p: CorpusPath = "builtin:corpus/kuma/".parse().unwrap();
        assert_eq!(p.to_string(), "builtin:corpus/kuma");
        assert!(CorpusPath::builtin()
            .join("kuma/start.perft")
            .has_extension("perft"));
        assert!(!CorpusPath::from_text(".perft").has_extension("perft"));
    }
}
