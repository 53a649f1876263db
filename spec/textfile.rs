//! Reading a text file the user names (a corpus, a game record, the matrix): whole, but never
//! more than [`MAX_FILE_BYTES`]. A path can name something without end (`/dev/zero`, a pipe that
//! never closes) or a file far larger than any input fairyspec reads; reading stops one byte past
//! the limit and fails with [`std::io::ErrorKind::FileTooLarge`], its message naming the limit
//! (the caller adds the path).

use std::io::{self, Read};
use std::path::Path;

/// The largest file fairyspec reads: 64 MiB. The largest input in the repository is under
/// 1 MB; a corpus of 100,000 positions (`fairyspec corpus`'s most) counted to depth 6 is about
/// 25 MB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The text of the file at `path`, if it is at most [`MAX_FILE_BYTES`] long and UTF-8.
///
/// # Errors
/// The file's own error (missing, unreadable, not UTF-8: [`io::ErrorKind::InvalidData`]), or
/// [`io::ErrorKind::FileTooLarge`].
pub fn read_text(path: &Path) -> io::Result<String> {
    read_text_within(path, MAX_FILE_BYTES)
}

/// [`read_text`] with another limit (bytes).
///
/// # Errors
/// As [`read_text`].
pub fn read_text_within(path: &Path, limit: u64) -> io::Result<String> {
    let too_large = || {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "larger than {}, the most fairyspec reads from one file",
                size_text(limit)
            ),
        )
    };
    let file = std::fs::File::open(path)?;
    // A file that says its size is refused before it is read; anything else (a device, a
    // pipe) is read up to the limit.
    let meta = file.metadata()?;
    if meta.is_file() && meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "not UTF-8 text (a corpus, a record or a matrix is UTF-8)",
        )
    })
}

/// `64 MiB (67108864 bytes)`, `4000 bytes`.
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 {
        format!("{} MiB ({bytes} bytes)", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_past_the_limit_is_refused_with_the_limit() {
        let path = std::env::temp_dir().join(format!("fairyspec-textfile-{}", std::process::id()));
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_text_within(&path, 10).unwrap(), "0123456789");
        let e = read_text_within(&path, 9).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            e.to_string(),
            "larger than 9 bytes, the most fairyspec reads from one file"
        );
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert_eq!(
            read_text(&path).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
        let _ = std::fs::remove_file(&path);
    }

    /// `/dev/zero` never ends: it is read up to the limit and refused.
    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused() {
        let e = read_text_within(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert!(
            e.to_string()
                .starts_with("larger than 1 MiB (1048576 bytes)"),
            "{e}"
        );
    }
}
