//! The corpora of the crate: the one built in ([`builtin`]: every game's `.perft` files and game
//! records, and the deep tables), the paths that name a corpus on disk or built in
//! ([`CorpusPath`], the `--corpus` of `verify` and `conform`), and corpora made from seeded random
//! playouts ([`random`], `fairyspec corpus`).
//!
//! Reading a corpus is in [`crate::verify`] (a folder of game folders, `verify`) and
//! [`crate::conform::corpus`] (the positions and depths of a conformance run).

pub mod builtin;
pub mod path;
pub mod random;

pub use path::CorpusPath;
