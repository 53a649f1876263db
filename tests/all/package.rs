//! The crate as a user gets it: `cargo package` keeps only the files `Cargo.toml`'s `include`
//! lists, so every file the source reads at compile time (`include_str!`, `include_bytes!`,
//! `include!` of a repository path) must be listed, or the published crate does not compile
//! (issue 20: the Chu fuzz target's `corpus/chu/*.perft` were left out), and so must every file
//! the build script embeds (the built-in corpus, issue 30). `.ci/run` also builds the packaged
//! crate itself (`cargo publish --dry-run`).

use std::path::{Component, Path, PathBuf};

/// The patterns of `include = [...]` in Cargo.toml, as written (`/spec/**`, `/README.md`).
fn include_patterns(manifest: &str) -> Vec<String> {
    let start = manifest
        .find("\ninclude = [")
        .expect("Cargo.toml has an include list");
    let list = &manifest[start..];
    let end = list.find("\n]").expect("the include list ends");
    list[..end]
        .lines()
        .skip(1)
        .filter_map(|l| l.trim().strip_prefix('"')?.split('"').next())
        .map(str::to_string)
        .collect()
}

/// Whether `path` (relative to the repository, `/`-separated) is kept by `pattern`, a pattern
/// anchored at the root as Cargo reads them: `*` any run of characters within one part of the
/// path, a trailing `/**` everything below a folder.
fn kept(pattern: &str, path: &str) -> bool {
    let pattern = pattern.trim_start_matches('/');
    let (pattern, below) = match pattern.strip_suffix("/**") {
        Some(dir) => (dir, true),
        None => (pattern, false),
    };
    let parts: Vec<&str> = pattern.split('/').collect();
    let names: Vec<&str> = path.split('/').collect();
    let enough = if below {
        names.len() > parts.len()
    } else {
        names.len() == parts.len()
    };
    enough && parts.iter().zip(&names).all(|(p, n)| part_matches(p, n))
}

/// Whether one part of a path matches one part of a pattern (`*` any run of characters).
fn part_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head)
                && (head.len()..=name.len()).any(|at| part_matches(tail, &name[at..]))
        }
    }
}

/// `a/b/../c` → `a/c`.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Every file of `dir` ending in `.rs`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_file_the_source_includes_is_packaged() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let patterns = include_patterns(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap());
    assert!(patterns.iter().any(|p| p == "/spec/**"), "{patterns:?}");
    let mut files = Vec::new();
    rust_files(&root.join("spec"), &mut files);
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for macro_name in ["include_str!(\"", "include_bytes!(\"", "include!(\""] {
            for (at, _) in text.match_indices(macro_name) {
                let rest = &text[at + macro_name.len()..];
                let included = &rest[..rest.find('"').unwrap()];
                let path = normalize(&file.parent().unwrap().join(included));
                let relative = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                assert!(
                    patterns.iter().any(|p| kept(p, &relative)),
                    "{} includes {relative}, which Cargo.toml's include list leaves out of the package",
                    file.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "only {checked} includes found");
}

/// The build script embeds the corpus (`fairyspec::corpus::builtin`); the packaged crate builds
/// only if every embedded file is packaged.
#[test]
fn every_file_of_the_built_in_corpus_is_packaged() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let patterns = include_patterns(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap());
    let files = fairyspec::corpus::builtin::files();
    assert!(files.len() > 40, "{} files", files.len());
    for file in files {
        assert!(
            patterns.iter().any(|p| kept(p, file.path)),
            "build.rs embeds {}, which Cargo.toml's include list leaves out of the package",
            file.path
        );
    }
}

#[test]
fn patterns_match_as_cargo_reads_them() {
    assert!(kept("/corpus/*/*.perft", "corpus/kuma/start.perft"));
    assert!(!kept("/corpus/*/*.perft", "corpus/deep/kuma/start.perft"));
    assert!(kept(
        "/corpus/deep/*/*.perft",
        "corpus/deep/kuma/start.perft"
    ));
    assert!(kept("/corpus/*/games/**", "corpus/chu/games/expected.txt"));
    assert!(!kept("/corpus/*/games/**", "corpus/chu/games"));
    assert!(!kept("/corpus/*/*.perft", "corpus/kuma/start.perft.txt"));
    assert!(kept("/spec/**", "spec/lib.rs"));
    assert!(!kept("/spec/**", "specs/lib.rs"));
    assert!(kept("/SPEC.md", "SPEC.md"));
    assert!(!kept(
        "/corpus/kuma/games/game1.txt",
        "corpus/kuma/games/game2.txt"
    ));
}
