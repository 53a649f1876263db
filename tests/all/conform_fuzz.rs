//! `fairyspec conform --fuzz` through the command line, against a deliberately broken engine
//! (`examples/broken-engine.sh`: fairyspec's own perft without en passant) and engines that
//! fail: the printed `.perft` block reads back and, as a corpus, shows the same divergence; the
//! same seed prints the same run; an engine error on a fuzz position ends the run as on a corpus
//! position. The fuzz itself (shrinking, switches, determinism of the report) is tested in
//! `spec/conform/fuzz/tests.rs`.

use pretty_assertions::assert_eq;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `fairyspec` from the repository root; `FAIRYSPEC` points the broken engine at it.
fn fairyspec(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .env("FAIRYSPEC", BIN)
        .env("FAIRYSPEC_PROGRESS", "0")
        .output()
        .expect("the fairyspec binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        stdout(o),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("fairyspec-fuzz-{}-{name}", std::process::id()))
}

fn write(name: &str, body: &str) -> String {
    let path = temp(name);
    std::fs::write(&path, body).expect("temp file");
    path.display().to_string()
}

fn report(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("report written"))
        .expect("report is JSON")
}

const KUMA_START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";

/// `conform kuma --fuzz 30 --seed 1` of the broken engine from the start position, at depth 2.
fn fuzz_the_broken_engine(report_name: &str) -> (Output, Value) {
    let corpus = write(
        "start.perft",
        &format!("id start\nepd {KUMA_START}\nperft 1 16\n"),
    );
    let engine = format!("sh {ROOT}/examples/broken-engine.sh kuma");
    let json = temp(report_name);
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        &engine,
        "--corpus",
        &corpus,
        "--depth",
        "2",
        "--fuzz",
        "30",
        "--seed",
        "1",
        "--report",
        &json.display().to_string(),
    ]);
    let r = report(&json);
    (out, r)
}

/// The `.perft` blocks in a run's text: from each `# Source: fairyspec conform` line to the
/// blank line after it.
fn printed_blocks(stdout: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in stdout.lines() {
        if line.starts_with("# Source: fairyspec conform") {
            current = Some(String::new());
        }
        if let Some(b) = current.as_mut() {
            if line.trim().is_empty() {
                blocks.extend(current.take());
            } else {
                b.push_str(line);
                b.push('\n');
            }
        }
    }
    blocks
}

#[cfg(unix)]
#[test]
fn a_printed_block_reads_back_and_as_a_corpus_shows_the_same_divergence() {
    let (out, r) = fuzz_the_broken_engine("fuzz.json");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let findings: Vec<Value> = r["fuzz"]["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["same_as"].is_null())
        .cloned()
        .collect();
    assert!(!findings.is_empty(), "{}", text(&out));
    // A finding shrunk to the position of an earlier one names it instead of printing the block
    // again.
    let blocks = printed_blocks(&stdout(&out));
    assert_eq!(blocks.len(), findings.len(), "{}", stdout(&out));
    for (block, f) in blocks.iter().zip(&findings) {
        // The printed block is the report's, and the .perft reader takes it as it is.
        assert_eq!(block, f["block"].as_str().unwrap());
        let records = fairyspec::perft::parse_perft_file(block).expect("the block parses");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].epd, f["fen"].as_str().unwrap());
        let depth = f["shrunk_depth"].as_u64().unwrap() as u32;
        assert_eq!(
            records[0].counts,
            vec![(depth, f["spec_nodes"].as_u64().unwrap())]
        );
        // As the corpus of another run, it diverges at the same place, for the same move.
        let corpus = write(&format!("{}.perft", records[0].id), block);
        let json = temp(&format!("{}.json", records[0].id));
        let engine = format!("sh {ROOT}/examples/broken-engine.sh kuma");
        let again = fairyspec(&[
            "conform",
            "kuma",
            "--engine",
            &engine,
            "--corpus",
            &corpus,
            "--report",
            &json.display().to_string(),
        ]);
        assert_eq!(again.status.code(), Some(1), "{}", text(&again));
        let again = report(&json);
        let id = f["id"].as_str().unwrap();
        let found = r["positions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .expect("the finding's check is in the report");
        let (a, b) = (&again["positions"][0], found);
        assert_eq!(a["status"], "diverged");
        assert_eq!(
            (&a["spec_nodes"], &a["engine_nodes"]),
            (&b["spec_nodes"], &b["engine_nodes"])
        );
        for key in ["fen", "path", "only_spec", "only_engine"] {
            assert_eq!(a["divergence"][key], b["divergence"][key], "{id}: {key}");
        }
        // The broken engine forgets en passant; the spec says so (KUMA-6.1).
        let rules = &a["divergence"]["explanations"][0]["rules"][0];
        assert_eq!(rules, "KUMA-6.1");
    }
}

#[cfg(unix)]
#[test]
fn the_same_seed_prints_the_same_run() {
    let (a, _) = fuzz_the_broken_engine("a.json");
    let (b, _) = fuzz_the_broken_engine("b.json");
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&a).contains("seed 1, depth 2"), "{}", stdout(&a));
    assert!(stdout(&a).contains("fuzz-30 depth 2"), "{}", stdout(&a));
}

#[cfg(unix)]
#[test]
fn an_engine_error_on_a_fuzz_position_fails_the_run_as_on_a_corpus_position() {
    // A perftree engine that answers for the start position only, and crashes elsewhere.
    let script = write(
        "start-only.sh",
        &format!(
            "#!/bin/sh\n[ \"$2\" = \"{KUMA_START}\" ] && [ -z \"$3\" ] && \
             exec \"$FAIRYSPEC\" perft kuma \"$1\" --fen \"$2\"\necho 'no idea' >&2\nexit 3\n"
        ),
    );
    let corpus = write("start-only.perft", &format!("id start\nepd {KUMA_START}\n"));
    let json = temp("start-only.json");
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        &format!("sh {script}"),
        "--corpus",
        &corpus,
        "--depth",
        "1",
        "--fuzz",
        "5",
        "--report",
        &json.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let s = stdout(&out);
    assert!(s.contains("start depth 1: spec 16 engine 16 ok"), "{s}");
    assert!(s.contains("fuzz-1 depth 1: spec"), "{s}");
    assert!(s.contains("ENGINE ERROR"), "{s}");
    assert!(s.contains("no idea"), "{s}");
    let r = report(&json);
    assert_eq!(r["positions"][1]["status"], "engine-error");
    assert_eq!(r["fuzz"]["stopped"], "the engine failed");
    assert!(String::from_utf8_lossy(&out.stderr).contains("engine exited"));
}

#[test]
fn fuzz_options_without_a_fuzz_are_usage_errors() {
    for (flag, value) in [("--seed", "3"), ("--fuzz-depth", "2")] {
        let out = fairyspec(&["conform", "kuma", "--engine", "x", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("{flag} is for a fuzz run")), "{err}");
    }
    let out = fairyspec(&["conform", "kuma", "--engine", "x", "--fuzz", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}
