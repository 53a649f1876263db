//! Issue 30: the binary carries its corpus. The built-in files are the repository's `corpus/`
//! files byte for byte; `verify`, `conform` and `replay` run from a folder outside the checkout
//! with no corpus in it; `corpus --builtin -o DIR` writes the built-in corpus out.

use fairyspec::corpus::builtin;
use fairyspec::corpus::CorpusPath;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder in the system's temporary folder: outside the checkout, no `corpus/` in it.
fn outside(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyspec-builtin-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    dir
}

/// Runs the built binary in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyspec"))
        .args(args)
        .current_dir(dir)
        .env("FAIRYSPEC_PROGRESS", "0")
        .output()
        .expect("the fairyspec binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Every file of `dir`, recursively, as paths relative to the repository with `/`.
fn files_below(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("a corpus folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files_below(&path, out);
        } else {
            let relative = path.strip_prefix(root()).expect("below the root");
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The files the binary must carry, chosen here from the rule as stated (corpus/README.md and
/// build/corpus_files.rs): below every folder of corpus/ but fuzz/, every `.perft` file, every
/// README.md and every file of a games/ folder, no dot files.
fn expected_files() -> Vec<String> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(root().join("corpus")).expect("corpus/") {
        let path = entry.expect("an entry").path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "fuzz") {
            files_below(&path, &mut all);
        }
    }
    let mut kept: Vec<String> = all
        .into_iter()
        .filter(|p| {
            let name = p.rsplit('/').next().unwrap_or(p);
            !name.starts_with('.')
                && (name.ends_with(".perft") || name == "README.md" || p.contains("/games/"))
        })
        .collect();
    kept.sort();
    kept
}

#[test]
fn the_built_in_corpus_is_the_repository_s_corpus_byte_for_byte() {
    let expected = expected_files();
    let built_in = builtin::files();
    let paths: Vec<&str> = built_in.iter().map(|f| f.path).collect();
    assert_eq!(paths, expected);
    for file in &built_in {
        let on_disk = std::fs::read(root().join(file.path)).expect("the file exists");
        assert!(
            on_disk == file.text.as_bytes(),
            "{} differs from the file",
            file.path
        );
    }
    // What the issue names: every game's .perft files and records, the deep tables; not the
    // fuzzers' seeds nor Congo's course data.
    for must in [
        "corpus/kuma/start.perft",
        "corpus/kuma/games/game1.txt",
        "corpus/chu/games/expected.txt",
        "corpus/congo/games/zillions-stock-3min-1.zsg",
        "corpus/hunterbeest/rules.perft",
        "corpus/deep/chu/start.perft",
    ] {
        assert!(paths.contains(&must), "{must}");
    }
    assert!(paths.iter().all(|p| !p.starts_with("corpus/fuzz/")));
    assert!(paths.iter().all(|p| !p.ends_with(".jsonl")));
}

#[test]
fn verify_runs_the_built_in_corpus_from_outside_the_checkout() {
    let dir = outside("verify");
    let o = run_in(
        &dir,
        &[
            "verify",
            "--game",
            "kuma",
            "--max-reference-nodes",
            "10000",
            "--verbose",
        ],
    );
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("== kuma (builtin:corpus/kuma): generators: reference, bitboard"),
        "{out}"
    );
    assert!(out.contains("-- builtin:corpus/kuma/start.perft"), "{out}");
    // corpus/kuma/start.perft: 16 and 256 (Derzhanski's page, counted by hand in the file).
    assert!(squeeze(&out).contains("start 2 256 ok"), "{out}");
    assert!(
        out.contains("-- builtin:corpus/kuma/games/expected.txt"),
        "{out}"
    );
    assert!(out.contains("0 MISMATCH, 0 error(s)"), "{out}");
    // A built-in path that does not exist says what there is.
    let o = run_in(&dir, &["verify", "--corpus", "builtin:corpus/shogi"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("builtin:corpus/kuma"), "{err}");
    // And a folder on disk that does not exist says how to get the built-in one.
    let o = run_in(&dir, &["verify", "--corpus", "corpus"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("leave --corpus out"), "{err}");
}

/// A line with its runs of spaces collapsed (the tables pad their columns).
fn squeeze(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `conform` on every game from outside the checkout, with the built-in corpus and fairyspec
/// itself as the engine: every check agrees.
#[test]
fn conform_runs_every_game_s_built_in_corpus_from_outside_the_checkout() {
    let dir = outside("conform");
    // A perftree engine: fairyspec's own perft, run as `<script> <depth> "<fen>" "<moves>"`.
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec '{}' perft \"$GAME\" \"$1\" --fen \"$2\" --moves \"${{3:-}}\"\n",
            env!("CARGO_BIN_EXE_fairyspec")
        ),
    )
    .expect("write the engine script");
    let engine = format!("sh {}", script.display());
    for game in ["kuma", "chess", "congo", "hunterbeest", "chu"] {
        let o = Command::new(env!("CARGO_BIN_EXE_fairyspec"))
            .args(["conform", game, "--engine", &engine, "--depth", "1"])
            .current_dir(&dir)
            .env("GAME", game)
            .output()
            .expect("the fairyspec binary runs");
        let out = text(&o);
        assert!(o.status.success(), "{game}: {out}");
        let entries =
            fairyspec::conform::corpus::read_corpus(&CorpusPath::builtin_game(game), Some(1))
                .expect("the built-in corpus reads");
        let summary = format!(
            "summary: {n} check(s): {n} agree, 0 diverged, 0 engine error(s)",
            n = entries.len()
        );
        assert!(out.contains(&summary), "{game}: {out}");
    }
}

#[test]
fn replay_reads_a_built_in_record() {
    let dir = outside("replay");
    let o = run_in(
        &dir,
        &["replay", "kuma", "builtin:corpus/kuma/games/game1.txt"],
    );
    // corpus/kuma/games/expected.txt: game 1 ends in checkmate, White winning (Derzhanski).
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).ends_with("result: 1-0 checkmate\n"),
        "{}",
        text(&o)
    );
}

#[test]
fn corpus_builtin_writes_the_files_out() {
    let dir = outside("write");
    let o = run_in(&dir, &["corpus", "chu", "--builtin", "-o", "mine"]);
    assert!(o.status.success(), "{}", text(&o));
    let listed: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let chu: Vec<&str> = builtin::below("corpus/chu").collect();
    assert_eq!(listed.len(), chu.len());
    for path in &chu {
        let written = dir.join("mine").join(path.trim_start_matches("corpus/"));
        let on_disk = std::fs::read(root().join(path)).expect("the repository's file");
        assert_eq!(
            std::fs::read(&written).expect("written"),
            on_disk,
            "{}",
            written.display()
        );
    }
    // The copy is a corpus `verify` and `conform` take.
    let o = run_in(
        &dir,
        &[
            "verify",
            "--corpus",
            "mine/chu/lishogi-perft.perft",
            "--max-nodes",
            "1000",
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    // `all` writes every game's folder; `all` without --builtin is refused.
    let o = run_in(&dir, &["corpus", "all", "--builtin", "-o", "every"]);
    assert!(o.status.success(), "{}", text(&o));
    for game in ["kuma", "chess", "congo", "hunterbeest", "chu"] {
        assert!(dir.join("every").join(game).is_dir(), "{game}");
    }
    assert!(!dir.join("every").join("deep").exists());
    let o = run_in(
        &dir,
        &[
            "corpus",
            "all",
            "--positions",
            "1",
            "--depth",
            "1",
            "--seed",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = run_in(&dir, &["corpus", "kuma", "--builtin"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// A corpus path that does not exist says so, and how to get the built-in corpus instead.
#[test]
fn conform_on_a_missing_corpus_says_what_there_is() {
    let dir = outside("conform-missing");
    let o = run_in(
        &dir,
        &["conform", "kuma", "--engine", "x", "--corpus", "my.perft"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no .perft file or folder at \"my.perft\"; leave --corpus out"),
        "{err}"
    );
    let o = run_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            "x",
            "--corpus",
            "builtin:corpus/kum",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the built-in corpus has builtin:corpus/chess"),
        "{err}"
    );
}
