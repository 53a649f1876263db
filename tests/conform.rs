//! `fairyspec conform` against real engines, a deliberately broken one, and engines that fail.
//!
//! Tests that need an engine that is not installed print why and pass without checking
//! (`.ci/engines.sh` installs them): Debian's `fairy-stockfish` (UCI, orthodox chess) and the
//! Python binding `pyffish` (Kuma Chess through `examples/kuma/pyffish_perftree.py`).

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn root(rel: &str) -> String {
    Path::new(ROOT).join(rel).display().to_string()
}

/// Runs `fairyspec` from the repository root; `FAIRYSPEC` points the example wrapper scripts at
/// the binary under test.
fn fairyspec(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .env("FAIRYSPEC", BIN)
        .output()
        .expect("the fairyspec binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A file in the temporary folder, unique to this test process and `name`.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("fairyspec-conform-{}-{name}", std::process::id()))
}

fn write_corpus(name: &str, body: &str) -> String {
    let path = temp(name);
    std::fs::write(&path, body).expect("temp file");
    path.display().to_string()
}

fn read_report(path: &Path) -> Value {
    let json = std::fs::read_to_string(path).expect("report written");
    serde_json::from_str(&json).expect("report is JSON")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}

/// The first divergence in a report.
fn first_divergence(report: &Value) -> Value {
    report["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .find_map(|p| (!p["divergence"].is_null()).then(|| p["divergence"].clone()))
        .expect("a divergence")
}

fn fairy_stockfish() -> Option<String> {
    ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .iter()
        .find(|p| Path::new(p).exists())
        .map(|p| p.to_string())
}

fn have_pyffish() -> bool {
    Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success())
}

const PYFFISH: &str = "python3 examples/kuma/pyffish_perftree.py";

#[test]
fn chess_agrees_with_fairy_stockfish_over_uci() {
    let Some(engine) = fairy_stockfish() else {
        println!("SKIPPED: fairy-stockfish is not installed (run .ci/engines.sh)");
        return;
    };
    let report = temp("chess.json");
    let out = fairyspec(&[
        "conform",
        "chess",
        "--engine",
        &engine,
        "--protocol",
        "uci",
        "--option",
        "UCI_Variant=chess",
        "--corpus",
        "corpus/chess/perft.perft",
        "--depth",
        "2",
        "--report",
        &report.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let r = read_report(&report);
    let checks = r["summary"]["checks"].as_u64().unwrap();
    assert!(checks >= 5, "{r}");
    assert_eq!(r["summary"]["agreed"].as_u64(), Some(checks));
    // The start position at depth 2 is 400 in both (published: 20 x 20).
    let start = &r["positions"][0];
    if start["fen"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
    {
        assert_eq!(start["engine_nodes"].as_u64(), Some(400));
    }
}

#[test]
fn kuma_agrees_with_pyffish_through_the_fairy_stockfish_mapping() {
    if !have_pyffish() {
        println!("SKIPPED: pyffish is not installed (run .ci/engines.sh)");
        return;
    }
    // The rule positions of examples/kuma/conform.perft at depth 1 (hand counts in the file)
    // and the start position at depth 2.
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        PYFFISH,
        "--corpus",
        "examples/kuma/conform.perft",
        "--depth",
        "1",
        "--map",
        "fairy-stockfish",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in [
        "promotion depth 1: spec 16 engine 16 ok",
        "blind-bear-pinned depth 1: spec 5 engine 5 ok",
        "range-two-blocked depth 1: spec 20 engine 20 ok",
        "blind-bear-wins depth 1: spec 11 engine 11 ok",
        "blind-bear-home depth 1: spec 0 engine 0 ok",
        "fifty-move-clock depth 1: spec 16 engine 16 ok",
        "start depth 1: spec 16 engine 16 ok",
    ] {
        assert!(stdout.contains(line), "{line}\n{}", text(&out));
    }
}

#[test]
fn kuma_promotion_text_differs_without_the_mapping() {
    if !have_pyffish() {
        println!("SKIPPED: pyffish is not installed (run .ci/engines.sh)");
        return;
    }
    // Fairy-Stockfish writes a piece promotion `f7f8+`; the spec names the piece, `f7f8d`
    // (KUMA-8.1). With the identity mapping that is exactly the difference reported.
    let fen = "k7/5R2/8/8/8/8/8/4K3 w - - 0 1";
    let corpus = write_corpus("promo.perft", &format!("id promo\nepd {fen}\nperft 1 16\n"));
    let report = temp("promo.json");
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        PYFFISH,
        "--corpus",
        &corpus,
        "--report",
        &report.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&read_report(&report));
    assert_eq!(d["kind"], "move-lists");
    assert_eq!(d["fen"], fen);
    assert!(strings(&d["path"]).is_empty());
    assert_eq!(strings(&d["only_engine"]), vec!["f7f8+"]);
    assert_eq!(strings(&d["only_spec"]), vec!["f7f8d"]);
}

#[test]
fn kuma_blind_bear_exposing_reading_is_not_fairy_stockfish_s() {
    if !have_pyffish() {
        println!("SKIPPED: pyffish is not installed (run .ci/engines.sh)");
        return;
    }
    // Under the alternative reading (blind-bear=even-if-exposed) the pinned Blind Bear d7 may
    // still win by d7c8 or d7e8; Fairy-Stockfish's flag rule (flagPiece) never allows a move
    // that leaves the King attacked, so it cannot express that reading.
    let fen = "3r4/3B4/7k/8/8/8/8/3K4 w - - 0 1";
    let corpus = write_corpus(
        "pinned.perft",
        &format!("id pinned\nepd {fen}\nperft 1 5\n"),
    );
    let report = temp("pinned.json");
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        PYFFISH,
        "--map",
        "fairy-stockfish",
        "--switch",
        "blind-bear=even-if-exposed",
        "--corpus",
        &corpus,
        "--report",
        &report.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&read_report(&report));
    assert_eq!(d["fen"], fen);
    assert!(strings(&d["only_engine"]).is_empty());
    assert_eq!(strings(&d["only_spec"]), vec!["d7c8", "d7e8"]);
}

#[cfg(unix)]
#[test]
fn a_broken_engine_is_caught_at_the_position_where_en_passant_is_missing() {
    // examples/broken-engine.sh is fairyspec's own perft without en passant. Black's pawn d4
    // can take en passant only after White's c2c4 or e2e4; the descent follows the first of
    // them in move order (c2c4) and must stop right after it, where d4c3 is the one missing move.
    for (game, fen, after) in [
        (
            "kuma",
            "ubvskvbr/ppp1pppp/8/8/3p4/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1",
            "ubvskvbr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/UBVSKVBR b KQkq c3 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1",
        ),
    ] {
        let corpus = write_corpus(
            &format!("ep-{game}.perft"),
            &format!("id ep\nepd {fen}\nperft 1 1\n"),
        );
        let report = temp(&format!("ep-{game}.json"));
        let engine = format!("sh {} {game}", root("examples/broken-engine.sh"));
        let out = fairyspec(&[
            "conform",
            game,
            "--engine",
            &engine,
            "--corpus",
            &corpus,
            "--depth",
            "3",
            "--report",
            &report.display().to_string(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{game}: {}", text(&out));
        let r = read_report(&report);
        let d = first_divergence(&r);
        assert_eq!(d["fen"], after, "{game}");
        assert_eq!(strings(&d["path"]), vec!["c2c4"], "{game}");
        assert_eq!(strings(&d["only_spec"]), vec!["d4c3"], "{game}");
        assert!(strings(&d["only_engine"]).is_empty(), "{game}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("moves only the spec has:   d4c3"),
            "{stdout}"
        );
    }
}

const START: &str =
    "id start\nepd ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1\nperft 1 16\n";

/// Runs `conform kuma` on the start position with `engine`; the run must fail with exit code 2
/// and an error message containing `expect`.
fn engine_failure(engine: &str, protocol: &str, expect: &str) {
    let corpus = write_corpus("start.perft", START);
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        engine,
        "--protocol",
        protocol,
        "--corpus",
        &corpus,
        "--timeout",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2), "{engine}: {}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(expect),
        "{engine}: want {expect:?}\n{}",
        text(&out)
    );
}

#[cfg(unix)]
#[test]
fn engine_failures_are_reported_as_such() {
    engine_failure("/nonexistent/engine", "perftree", "engine not found");
    engine_failure("/nonexistent/engine", "uci", "engine not found");
    engine_failure("echo hello", "perftree", "not understood");
    engine_failure("yes", "perftree", "more than");
    engine_failure("sh -c 'exit 3'", "perftree", "exited");
    engine_failure("sh -c 'kill -SEGV $$'", "perftree", "exited");
    engine_failure("sh -c 'exec sleep 30'", "perftree", "timed out after 1s");
    // `cat` echoes `uci` but never says `uciok`.
    engine_failure("cat", "uci", "timed out after 1s");
    // An engine that says uciok and then dies on the first query.
    engine_failure(
        "sh -c 'read x; echo uciok; read y; echo readyok; exit 0'",
        "uci",
        "exited",
    );
}

#[test]
fn corpus_is_deterministic_and_checks_against_itself() {
    let a = fairyspec(&[
        "corpus",
        "kuma",
        "--positions",
        "3",
        "--depth",
        "1",
        "--seed",
        "5",
    ]);
    let b = fairyspec(&[
        "corpus",
        "kuma",
        "--positions",
        "3",
        "--depth",
        "1",
        "--seed",
        "5",
    ]);
    assert_eq!(a.status.code(), Some(0), "{}", text(&a));
    assert_eq!(a.stdout, b.stdout);
    let corpus = String::from_utf8_lossy(&a.stdout).into_owned();
    assert!(corpus.starts_with(
        "# Source: fairyspec corpus kuma --positions 3 --depth 1 --seed 5 (reference generator)\n"
    ));
    let records = fairyspec::perft::parse_perft_file(&corpus).expect("a .perft file");
    assert_eq!(records.len(), 3);
    let c = fairyspec(&[
        "corpus",
        "kuma",
        "--positions",
        "3",
        "--depth",
        "1",
        "--seed",
        "6",
    ]);
    assert_ne!(a.stdout, c.stdout);
    let bad = fairyspec(&["corpus", "kuma", "--positions", "3", "--depth", "1"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn perft_moves_and_the_injected_fault_remove_exactly_en_passant() {
    // After c2c4 Black's pawn d4 may take en passant on c3 (KUMA-6.1); the fault drops that
    // move and nothing else.
    let fen = "ubvskvbr/ppp1pppp/8/8/3p4/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
    let lines = |fault: bool| {
        let mut args = vec!["perft", "kuma", "1", "--fen", fen, "--moves", "c2c4"];
        if fault {
            args.extend(["--inject-fault", "no-en-passant"]);
        }
        let out = fairyspec(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains(' '))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let honest = lines(false);
    let broken = lines(true);
    let missing: Vec<&String> = honest.iter().filter(|l| !broken.contains(l)).collect();
    assert_eq!(missing, vec!["d4c3 1"]);
    assert_eq!(broken.len() + 1, honest.len());
    let bad = fairyspec(&["perft", "kuma", "1", "--moves", "e2e5"]);
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad));
    let bad = fairyspec(&["perft", "kuma", "1", "--inject-fault", "no-castling"]);
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad));
}

#[test]
fn conform_usage_errors_exit_2() {
    for args in [
        vec!["conform", "kuma"],
        vec!["conform", "kuma", "--engine", "x", "--protocol", "xboard"],
        vec!["conform", "kuma", "--engine", "x", "--map", "nonsense"],
        vec!["conform", "kuma", "--engine", "x", "--option", "Hash=1"],
        vec!["conform", "kuma", "--engine", "x", "--timeout", "0"],
        vec![
            "conform",
            "kuma",
            "--engine",
            "x",
            "--corpus",
            "/nonexistent.perft",
        ],
        vec!["conform", "shogi", "--engine", "x"],
    ] {
        let out = fairyspec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
    }
}
