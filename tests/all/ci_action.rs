//! The engine authors' CI action (`.github/actions/fairyspec-conform`): its script run from a
//! folder outside the checkout, as an author's repository would run it, against a deliberately
//! broken engine. The job summary must start with the report's header, its summary line and the
//! first divergence — however long the report (the old summary kept the last 200 lines, which
//! lost the start of a long report).
//!
//! The script's own `cargo install` is left out here (`FAIRYSPEC_BIN` names the binary under
//! test); `.ci/run` runs the whole action, install included, from a scratch folder.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyspec-action-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

const EP: &str = "ubvskvbr/ppp1pppp/8/8/3p4/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
const START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";

#[cfg(unix)]
#[test]
fn the_summary_starts_with_the_header_the_summary_line_and_the_first_divergence() {
    let dir = scratch("summary");
    // The author's repository: an engine script and a corpus whose first divergence comes
    // first, followed by 300 positions that agree (a report of over 300 lines).
    std::fs::copy(
        Path::new(ROOT).join("examples/broken-engine.sh"),
        dir.join("engine.sh"),
    )
    .expect("copied");
    let mut corpus = format!("id ep\nepd {EP}\nperft 3 5625\n\n");
    for i in 0..300 {
        corpus.push_str(&format!("id start-{i}\nepd {START}\nperft 1 16\n\n"));
    }
    std::fs::write(dir.join("corpus.perft"), corpus).expect("written");
    let summary = dir.join("summary.md");
    let out = Command::new("bash")
        .arg(Path::new(ROOT).join(".github/actions/fairyspec-conform/conform.sh"))
        .current_dir(&dir)
        .env("FAIRYSPEC_BIN", BIN)
        .env("FAIRYSPEC", BIN)
        .env("FAIRYSPEC_GAME", "kuma")
        .env("FAIRYSPEC_ENGINE", "sh engine.sh kuma")
        .env("FAIRYSPEC_CORPUS", "corpus.perft")
        .env("FAIRYSPEC_REPORT", dir.join("report.json"))
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{out:?}");
    assert!(stdout.lines().count() > 300, "{stdout}");
    let text = std::fs::read_to_string(&summary).expect("the summary is written");
    let lines: Vec<&str> = text.lines().collect();
    let head = [
        "### fairyspec conform kuma: the engine and the specification differ",
        "",
        "```text",
        "conform kuma: engine perftree: sh engine.sh kuma; map identity; spec generator bitboard",
        "summary: 301 check(s): 300 agree, 1 diverged, 0 engine error(s)",
        "```",
        "",
        "#### The first divergence",
        "",
        "```text",
        "ep depth 3: spec 5625 engine 5581 DIVERGED",
        "  corpus position: ubvskvbr/ppp1pppp/8/8/3p4/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1",
    ];
    assert_eq!(&lines[..head.len()], &head[..], "{text}");
    // The divergence block in full, up to the next check.
    let block_end = lines
        .iter()
        .skip(head.len())
        .position(|l| *l == "```")
        .expect("the block ends")
        + head.len();
    let block = lines[head.len()..block_end].join("\n");
    assert!(block.contains("moves only the spec has:   d4c3"), "{block}");
    assert!(block.contains("on the page: http://127.0.0.1:"), "{block}");
    assert!(!block.contains("start-0"), "{block}");
    // fairyspec's last words, then the whole report, folded.
    assert!(
        text.contains(
            "fairyspec: error: conform failed: the engine and the specification differ in 1 check"
        ),
        "{text}"
    );
    assert!(
        text.contains("<details><summary>The whole report ("),
        "{text}"
    );
    assert!(
        text.contains("start-299 depth 1: spec 16 engine 16 ok"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("</details>"), "{text}");
}

#[cfg(unix)]
#[test]
fn an_engine_error_has_its_own_section() {
    let dir = scratch("error");
    std::fs::write(
        dir.join("corpus.perft"),
        format!("id start\nepd {START}\nperft 1 16\n"),
    )
    .expect("written");
    let summary = dir.join("summary.md");
    let out = Command::new("bash")
        .arg(Path::new(ROOT).join(".github/actions/fairyspec-conform/conform.sh"))
        .current_dir(&dir)
        .env("FAIRYSPEC_BIN", BIN)
        .env("FAIRYSPEC_GAME", "kuma")
        .env("FAIRYSPEC_ENGINE", "./missing-engine")
        .env("FAIRYSPEC_CORPUS", "corpus.perft")
        .env("FAIRYSPEC_REPORT", dir.join("report.json"))
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .expect("bash runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let text = std::fs::read_to_string(&summary).expect("the summary is written");
    assert!(
        text.starts_with("### fairyspec conform kuma: the engine failed"),
        "{text}"
    );
    assert!(text.contains("#### The first engine error"), "{text}");
    assert!(
        text.contains("engine not found: \"./missing-engine\""),
        "{text}"
    );
    assert!(text.contains("hint: "), "{text}");
    assert!(!text.contains("#### The first divergence"), "{text}");
}
