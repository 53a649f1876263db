//! `fairyspec conform` against real engines, a deliberately broken one, and engines that fail.
//!
//! Tests that need an outside engine (`.ci/engines.sh` installs them: Debian's `fairy-stockfish`,
//! UCI, orthodox chess; the Python binding `pyffish`, Kuma Chess through
//! `examples/kuma/pyffish_perftree.py`; lishogi's rules library `shogiops` under node, Chu Shogi
//! through `examples/chu/shogiops_perftree.mjs`) **fail** when it is missing in CI (`CI` or
//! `FAIRYSPEC_REQUIRE_ENGINES` set to `true` or `1`: [`crate::ci`]). Elsewhere they skip only
//! what is not installed, and say so on the terminal even though `cargo test` captures test
//! output — naming the test, what is missing, and what the test checked all the same.

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

/// The engine `what` is missing for `test`: fails the test in CI ([`crate::ci::required`]);
/// elsewhere says SKIPPED where it is seen ([`crate::ci::missing`]) and lets the caller return.
fn missing_engine(test: &str, what: &str) {
    crate::ci::missing(test, what, "run .ci/engines.sh", None);
}

/// As [`missing_engine`], for a test that goes on with its other engines (`still_checked`).
fn missing_part(test: &str, what: &str, still_checked: &str) {
    crate::ci::missing(test, what, "run .ci/engines.sh", Some(still_checked));
}

fn fairy_stockfish() -> Option<String> {
    ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .iter()
        .find(|p| Path::new(p).exists())
        .map(|p| p.to_string())
}

/// pyffish importable by python3; `false` only when it (or python3) is not installed.
fn have_pyffish() -> bool {
    crate::ci::python_module("pyffish")
}

const PYFFISH: &str = "python3 examples/kuma/pyffish_perftree.py";

#[test]
fn chess_agrees_with_fairy_stockfish_over_uci() {
    let Some(engine) = fairy_stockfish() else {
        return missing_engine(
            "chess_agrees_with_fairy_stockfish_over_uci",
            "fairy-stockfish",
        );
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
    // The start position at depth 2 is 400 in both (published: 20 x 20). The corpus holds it,
    // wherever in the report it comes.
    let start = r["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["fen"]
                .as_str()
                .unwrap()
                .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
        })
        .unwrap_or_else(|| panic!("the start position is not in the report: {r}"));
    assert_eq!(start["engine_nodes"].as_u64(), Some(400), "{start}");
    assert_eq!(start["spec_nodes"].as_u64(), Some(400), "{start}");
}

#[test]
fn kuma_agrees_with_pyffish_through_the_fairy_stockfish_mapping() {
    if !have_pyffish() {
        return missing_engine(
            "kuma_agrees_with_pyffish_through_the_fairy_stockfish_mapping",
            "pyffish",
        );
    }
    // Every depth examples/kuma/conform.perft lists: the rule positions at depth 1 (hand counts
    // in the file), the finished game at depth 2 as well, and the start position at depths 1 and
    // 2 (16 = the eight Pawns' single and double steps, every piece behind them being shut in;
    // 16 x 16 = 256: no White Pawn move reaches past the fourth rank, so none blocks, attacks or
    // frees anything of Black's, who has the same 16 replies to each).
    let out = fairyspec(&[
        "conform",
        "kuma",
        "--engine",
        PYFFISH,
        "--corpus",
        "examples/kuma/conform.perft",
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
        "blind-bear-home depth 2: spec 0 engine 0 ok",
        "fifty-move-clock depth 1: spec 16 engine 16 ok",
        "start depth 1: spec 16 engine 16 ok",
        "start depth 2: spec 256 engine 256 ok",
    ] {
        assert!(stdout.contains(line), "{line}\n{}", text(&out));
    }
}

#[test]
fn kuma_promotion_text_differs_without_the_mapping() {
    if !have_pyffish() {
        return missing_engine("kuma_promotion_text_differs_without_the_mapping", "pyffish");
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
        return missing_engine(
            "kuma_blind_bear_exposing_reading_is_not_fairy_stockfish_s",
            "pyffish",
        );
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

/// The perftree adapter over lishogi's rules library shogiops (examples/chu, SPEC.md CHU-9.4).
const SHOGIOPS: &str = "node examples/chu/shogiops_perftree.mjs";

/// Whether node and the npm package shogiops (installed in examples/chu by .ci/engines.sh, or
/// `npm ci` there) are installed. Where they are not, the Chu test `test` says so and skips —
/// except in CI ([`crate::ci::required`]), where a missing engine is a failure: the check must
/// not silently vanish. A node that is there but fails is a failure everywhere (the adapter
/// runs it and reports what went wrong).
fn have_shogiops(test: &str) -> bool {
    let node = crate::ci::can_start("node");
    let package = Path::new(ROOT)
        .join("examples/chu/node_modules/shogiops/package.json")
        .exists();
    let why = match (node, package) {
        (true, true) => return true,
        (false, _) => "node",
        (true, false) => "the npm package shogiops (examples/chu/node_modules)",
    };
    missing_engine(test, why);
    false
}

/// The `.perft` blocks of a corpus/chu file as (id, SFEN). The corpus keeps lishogi's few
/// lenient SFENs in the four-field form the spec reads (CHU-8.1).
fn chu_corpus_positions(file: &str) -> Vec<(String, String)> {
    let body = std::fs::read_to_string(root(file)).expect("corpus file");
    let mut out = Vec::new();
    let mut id = String::new();
    for line in body.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            out.push((id.clone(), rest.trim().to_string()));
        }
    }
    out
}

/// Runs `fairyspec conform chu` against shogiops on `positions` at `depth`; returns the report.
fn conform_chu(
    name: &str,
    positions: &[(String, String)],
    depth: u32,
    extra: &[&str],
) -> (Output, Value) {
    let body: String = positions
        .iter()
        .map(|(id, sfen)| format!("id {id}\nepd {sfen}\n\n"))
        .collect();
    let corpus = write_corpus(&format!("{name}.perft"), &body);
    let report = temp(&format!("{name}.json"));
    let depth = depth.to_string();
    let mut args = vec![
        "conform",
        "chu",
        "--engine",
        SHOGIOPS,
        "--protocol",
        "perftree",
        "--corpus",
        &corpus,
        "--depth",
        &depth,
        "--timeout",
        "120",
        "--report",
    ];
    let report_path = report.display().to_string();
    args.push(&report_path);
    args.extend_from_slice(extra);
    let out = fairyspec(&args);
    // The report file is created before the run; an engine that fails at once leaves it empty.
    let r = if std::fs::metadata(&report).is_ok_and(|m| m.len() > 0) {
        read_report(&report)
    } else {
        Value::Null
    };
    (out, r)
}

#[test]
fn chu_agrees_with_lishogi_s_shogiops() {
    if !have_shogiops("chu_agrees_with_lishogi_s_shogiops") {
        return;
    }
    // lishogi's published positions (corpus/chu): the eight special positions of scalashogi's
    // ChushogiTest and every 12th of the 279 random positions of shogiops' perft fixtures, to
    // depth 2 (the fixtures publish depth 1; depth 2 is where a two-step move is played out).
    let mut positions: Vec<(String, String)> = Vec::new();
    for file in [
        "corpus/chu/lishogi-perft.perft",
        "corpus/chu/lishogi-perft-odd.perft",
    ] {
        let all = chu_corpus_positions(file);
        assert!(all.len() > 100, "{file}: {} positions", all.len());
        positions.extend(all.into_iter().enumerate().filter_map(|(i, (id, sfen))| {
            (id.starts_with("scalashogi-special")
                || (id.starts_with("shogiops-random") && i % 12 == 0))
                .then_some((id, sfen))
        }));
    }
    // The two positions of Adams' 1999 post (CHU-7.6): example 1 plays on under lishogi's rule;
    // example 2 after 12k11l is a bare king in both (0 moves); a side to move without a royal
    // has lost in both (CHU-6.2).
    for (id, sfen) in [
        ("adams-1", "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1"),
        (
            "adams-2",
            "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1",
        ),
        (
            "adams-2-bared",
            "12/12/12/12/12/12/12/12/k1+P9/12/12/1K10 w - 2",
        ),
        ("no-royal", "5g6/12/12/12/12/12/12/12/12/12/12/5K6 w - 1"),
        (
            "one-royal-bares",
            "6k5/12/12/12/12/12/12/12/12/12/12/5K1G4 w - 1",
        ),
    ] {
        positions.push((id.to_string(), sfen.to_string()));
    }
    let (out, r) = conform_chu("chu-lishogi", &positions, 2, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let checks = r["summary"]["checks"].as_u64().unwrap();
    assert_eq!(checks as usize, positions.len(), "{r}");
    assert_eq!(r["summary"]["agreed"].as_u64(), Some(checks), "{r}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Hand counts: the finished games have no moves (CHU-9.1).
    for line in [
        "adams-2-bared depth 2: spec 0 engine 0 ok",
        "no-royal depth 2: spec 0 engine 0 ok",
        "one-royal-bares depth 2: spec 0 engine 0 ok",
    ] {
        assert!(stdout.contains(line), "{line}\n{}", text(&out));
    }
}

#[test]
fn chu_start_position_to_depth_3_agrees_with_shogiops() {
    if !have_shogiops("chu_start_position_to_depth_3_agrees_with_shogiops") {
        return;
    }
    let start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    let (out, r) = conform_chu(
        "chu-start",
        &[("start".to_string(), start.to_string())],
        3,
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // 52,599: both lishogi programs' move generators (SPEC.md CHU-9.2).
    assert_eq!(
        r["positions"][0]["engine_nodes"].as_u64(),
        Some(52_599),
        "{r}"
    );
    assert_eq!(
        r["positions"][0]["spec_nodes"].as_u64(),
        Some(52_599),
        "{r}"
    );
}

#[test]
fn chu_shogiops_bares_only_against_a_single_royal() {
    if !have_shogiops("chu_shogiops_bares_only_against_a_single_royal") {
        return;
    }
    // lishogi's two libraries differ here, and the spec follows scalashogi (SPEC.md CHU-7.1,
    // CHU-9.4): White (gote) has a lone King; Black has a King, a Crown Prince and a Gold, none
    // attacked or next to White's King. scalashogi's bareKing asks that Black have "at least
    // one royal" and bares White: the game is over, 0 moves. shogiops' isBareKing takes
    // `kingsOf(black).singleSquare()`, which is undefined for two royals, so White is not bared
    // and its King has its 5 moves from 7a.
    let sfen = "5k6/12/12/12/12/12/12/12/12/12/12/5K+EG4 w - 1";
    let (out, r) = conform_chu(
        "chu-two-royals",
        &[("two-royals".to_string(), sfen.to_string())],
        1,
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(d["fen"], sfen, "{r}");
    assert!(strings(&d["path"]).is_empty(), "{r}");
    assert!(strings(&d["only_spec"]).is_empty(), "{r}");
    assert_eq!(
        strings(&d["only_engine"]),
        vec!["7a6a", "7a6b", "7a7b", "7a8a", "7a8b"],
        "{r}"
    );
}

// ---------------------------------------------------------------------------------------------
// The implementations of the conformance matrix (corpus/matrix.txt, docs/conformance.md): what
// agrees, and a minimal position for every difference the matrix settles.
// ---------------------------------------------------------------------------------------------

/// The first of `paths` that exists, or the name found on PATH.
fn installed(name: &str, paths: &[&str]) -> Option<String> {
    if let Some(p) = paths.iter().find(|p| Path::new(p).exists()) {
        return Some(p.to_string());
    }
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty())
}

/// minase 2.6.0 on PATH (`cargo install minase --version 2.6.0 --locked`), or a skip.
fn have_minase(test: &str) -> bool {
    let found = installed("minase", &[]).is_some();
    if !found {
        missing_engine(
            test,
            "minase (cargo install minase --version 2.6.0 --locked)",
        );
    }
    found
}

const MINASE: &str = "python3 examples/chu/minase_perftree.py lishogi";
const MINASE_JCSA: &str = "python3 examples/chu/minase_perftree.py engine-default";
/// `conform` against minase's JCSA rules with the spec's readings they follow (SPEC.md CHU-5.3,
/// CHU-4.3): the last two words, `kirin-recapture=counter-strike`, may be left off.
const MINASE_JCSA_ARGS: [&str; 10] = [
    "--engine",
    MINASE_JCSA,
    "--count",
    "results",
    "--switch",
    "counter-strike=jcsa",
    "--switch",
    "last-rank-promotion=pawn-only",
    "--switch",
    "kirin-recapture=counter-strike",
];

/// Runs `fairyspec conform <game>` with `args` on a corpus of `(id, fen)` at `depth`; returns
/// the output and the report.
fn conform_on(
    game: &str,
    name: &str,
    positions: &[(&str, &str)],
    depth: u32,
    args: &[&str],
) -> (Output, Value) {
    let body: String = positions
        .iter()
        .map(|(id, fen)| format!("id {id}\nepd {fen}\n\n"))
        .collect();
    let corpus = write_corpus(&format!("{name}.perft"), &body);
    let report = temp(&format!("{name}.json"));
    let report_path = report.display().to_string();
    let depth = depth.to_string();
    let mut all = vec![
        "conform",
        game,
        "--corpus",
        &corpus,
        "--depth",
        &depth,
        "--report",
        &report_path,
    ];
    all.extend_from_slice(args);
    let out = fairyspec(&all);
    // The report file is created before the run; an engine that fails at once leaves it empty.
    let r = if std::fs::metadata(&report).is_ok_and(|m| m.len() > 0) {
        read_report(&report)
    } else {
        Value::Null
    };
    (out, r)
}

const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
const SOLO_LION: &str = "kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1";
/// scalashogi's special 8: gote's promoted Kirin on the counter-strike square 8j, protected by
/// the Rook on 8f; gote's Lion on 3i unprotected (SPEC.md CHU-5.3).
const KIRIN_RECAPTURE: &str = "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1";

#[test]
fn chu_minase_agrees_by_result() {
    if !have_minase("chu_minase_agrees_by_result") {
        return;
    }
    // minase counts by result (SPEC.md CHU-9.5): the start position to depth 3 (48,315, its own
    // count too) and scalashogi's special positions at depth 1.
    let (out, r) = conform_on(
        "chu",
        "minase-start",
        &[("start", CHU_START)],
        3,
        &["--engine", MINASE, "--count", "results"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(r["positions"][0]["engine_nodes"].as_u64(), Some(48_315));
    assert!(String::from_utf8_lossy(&out.stdout).contains("counting by result"));
    let specials: Vec<(String, String)> = chu_corpus_positions("corpus/chu/lishogi-perft.perft")
        .into_iter()
        .filter(|(id, _)| id.starts_with("scalashogi-special"))
        .collect();
    let specials: Vec<(&str, &str)> = specials
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_eq!(specials.len(), 8);
    let (out, r) = conform_on(
        "chu",
        "minase-specials",
        &specials,
        1,
        &["--engine", MINASE, "--count", "results"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(r["summary"]["agreed"].as_u64(), Some(8), "{r}");
}

#[test]
fn chu_minase_counting_by_result_is_recognised_and_its_pass_read() {
    if !have_minase("chu_minase_counting_by_result_is_recognised_and_its_pass_read") {
        return;
    }
    // Without --count results the solo Lion's 91 routes meet minase's 28 results: the report
    // names the counting instead of leaving 63 "differences" unexplained, and reads minase's
    // pass `7g7g` as a pass.
    let (out, r) = conform_on(
        "chu",
        "minase-solo",
        &[("solo", SOLO_LION)],
        1,
        &["--engine", MINASE],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(d["counting_pattern"]["counting"], "results", "{d}");
    assert_eq!(d["counting_pattern"]["rule"], "CHU-9.5", "{d}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("this engine seems to count by result (CHU-9.5): its 28 moves are exactly the spec's 28 distinct results"),
        "{stdout}"
    );
    assert!(
        stdout.contains("the engine has 7g7g, which the spec forbids: 7g7g starts and ends on 7g with no square between: that is no move. The Lion passes by stepping to an empty square next to it and back"),
        "{stdout}"
    );
    // A two-step move is explained with its middle square, and explanations of one kind are
    // grouped into one line.
    // 56 two-step moves that end elsewhere (7 squares from each of 8 neighbours), 8 passes.
    assert!(
        stdout.contains("the engine lacks 7g6f5e 7g6f5f 7g6f5g")
            && stdout.contains(
                "(56 moves): a lion's two-step move: the Lion on 7g through … to … (CHU-3.4)"
            )
            && stdout.contains(
                "(8 moves): the pass (a lion's null move): the Lion on 7g out to … and back to 7g (CHU-3.5)"
            ),
        "{stdout}"
    );
    assert!(!stdout.contains("never moves sideways"), "{stdout}");
}

#[test]
fn chu_minase_perft_counts_on_after_the_game_ends() {
    if !have_minase("chu_minase_perft_counts_on_after_the_game_ends") {
        return;
    }
    // Sente's King on 12l takes gote's King on 12k and wins (CHU-6.2): the game is over and the
    // position after it has no moves (CHU-9.1). minase's perft counts gote's Pawn move 12a12b
    // there anyway, although its own USI `d` command reports the game won.
    let fen = "p11/12/12/12/12/12/12/12/12/12/k11/K11 b - 1";
    let (out, r) = conform_on(
        "chu",
        "minase-ended",
        &[("royal-taken", fen)],
        2,
        &["--engine", MINASE, "--count", "results"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(strings(&d["path"]), ["12l12k"], "{d}");
    assert_eq!(strings(&d["only_engine"]), ["12a12b"], "{d}");
    assert!(strings(&d["only_spec"]).is_empty(), "{d}");
    let why = d["explanations"][0]["text"].as_str().unwrap();
    assert!(
        why.contains("the game is over: sente wins (royal captured) (CHU-6.2)")
            && why.contains("a finished game has no moves (CHU-6.7)"),
        "{why}"
    );
}

#[test]
fn chu_minase_engine_default_is_the_jcsa_reading() {
    if !have_minase("chu_minase_engine_default_is_the_jcsa_reading") {
        return;
    }
    // minase's `engine-default` rules (the JCSA's) agree under counter-strike=jcsa with
    // kirin-recapture=counter-strike (SPEC.md CHU-5.3): 7 moves, the Bishop taking the
    // unprotected Lion on 3i but not the protected promoted Kirin on 8j.
    let jcsa = &MINASE_JCSA_ARGS[..MINASE_JCSA_ARGS.len() - 2];
    let (out, r) = conform_on(
        "chu",
        "minase-jcsa",
        &[("kirin", KIRIN_RECAPTURE)],
        1,
        &MINASE_JCSA_ARGS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(r["positions"][0]["engine_nodes"].as_u64(), Some(7));
    // Without the switch the spec lets the Bishop take the promoted Kirin on its square.
    let (out, r) = conform_on(
        "chu",
        "minase-jcsa-2",
        &[("kirin", KIRIN_RECAPTURE)],
        1,
        jcsa,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(strings(&d["only_spec"]), ["6l8j"], "{d}");
}

#[test]
fn chu_minase_engine_default_judges_jcsa_protection_as_l2_without_the_bridge() {
    if !have_minase("chu_minase_engine_default_judges_jcsa_protection_as_l2_without_the_bridge") {
        return;
    }
    // SPEC.md CHU-5.3's reading on counter-strike=jcsa (the positions of
    // chu_reference::chu_5_3_jcsa_protection_is_l2s_without_the_bridge): an Eagle that takes a
    // Gold first may not take a protected Lion (no bridge for a non-lion), may take an
    // unprotected one, and a Go-Between taken by a Falcon's first step still protects under
    // lion-protection=lishogi. minase's JCSA rules decide every move of the three the same way.
    let positions = [
        (
            "eagle-gold-protected",
            "k5g5/6n5/7g4/8+D3/12/12/12/12/12/4r7/12/11K b 8j 1",
        ),
        (
            "eagle-gold-unprotected",
            "k11/6n5/7g4/8+D3/12/12/12/12/12/4r7/12/11K b 8j 1",
        ),
        (
            "falcon-go-between",
            "k11/6n5/6i5/6+H5/12/12/12/12/12/4r7/12/11K b 8j 1",
        ),
    ];
    let (out, r) = conform_on(
        "chu",
        "minase-jcsa-protection",
        &positions,
        1,
        &MINASE_JCSA_ARGS,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(r["positions"].as_array().map(Vec::len), Some(3), "{r}");
}

#[test]
fn usi_and_uci_failures_show_what_the_engine_said() {
    if !have_minase("usi_and_uci_failures_show_what_the_engine_said") {
        return;
    }
    // minase speaks USI: asked `uci`, it answers with an error line, and the handshake's
    // time-out says so instead of swallowing it.
    let (out, _) = conform_on(
        "chu",
        "minase-uci",
        &[("start", CHU_START)],
        1,
        &[
            "--engine",
            "minase --protocol usi --rules lishogi",
            "--protocol",
            "uci",
            // The wait always runs to its end (minase never says uciok); on a loaded machine
            // minase takes more than 2 s to answer at all (measured: "printed nothing" in 2 of
            // 6 runs at a load of 20 on 2 cores, none with 6 s; with 6 s, once at a load of 12
            // while the test suite was compiling beside it).
            "--timeout",
            "15",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("unknown command uci"), "{stderr}");
    // Over USI the handshake works; its perft is on its command line only, and `go perft` says
    // so (minase_perftree.py is the adapter for that).
    let (out, _) = conform_on(
        "chu",
        "minase-usi",
        &[("start", CHU_START)],
        1,
        &[
            "--engine",
            "minase --protocol usi --rules lishogi",
            "--protocol",
            "usi",
            // minase builds its tables on `isready`: on a loaded machine that takes seconds (more
            // than 8 once, at a load of 3 with a test run beside it).
            "--timeout",
            "20",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unsupported go argument 'perft'"),
        "{stderr}"
    );
}

/// A USI engine with perft, made for this test from fairyspec's own perft: `usi`/`usiok`,
/// `isready`/`readyok`, `position sfen … moves …`, and the perft command `perft N`, answered
/// with `move: count` lines and `Nodes searched: N`.
fn fake_usi_engine() -> String {
    let script = temp("fake-usi.py");
    std::fs::write(
        &script,
        format!(
            r#"import subprocess, sys
fen, moves = None, ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "usi":
        print("id name fake", flush=True); print("usiok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        rest = line.split(" moves ")
        fen = rest[0].split(" ", 2)[2].strip()
        moves = rest[1].strip() if len(rest) > 1 else ""
    elif words[0] == "perft":
        out = subprocess.run([{bin:?}, "perft", "chu", words[1], "--fen", fen, "--moves", moves, "--count", "results"],
                             capture_output=True, text=True).stdout.split("\n")
        for l in out:
            if " " in l:
                m, n = l.split()
                print(f"{{m}}: {{n}}", flush=True)
        print("Nodes searched: " + out[-2], flush=True)
    elif words[0] == "quit":
        break
"#,
            bin = BIN
        ),
    )
    .expect("temp file");
    format!("python3 {}", script.display())
}

#[test]
fn a_usi_engine_is_asked_its_own_perft_command() {
    let engine = fake_usi_engine();
    let (out, r) = conform_on(
        "chu",
        "usi",
        &[("solo", SOLO_LION), ("start", CHU_START)],
        2,
        &[
            "--engine",
            &engine,
            "--protocol",
            "usi",
            "--perft-command",
            "perft {depth}",
            "--count",
            "results",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(r["summary"]["agreed"].as_u64(), Some(2), "{r}");
    assert!(r["engine"].as_str().unwrap().starts_with("usi: "), "{r}");
    // The start position at depth 2: 36 x 36 either way.
    assert_eq!(r["positions"][1]["engine_nodes"].as_u64(), Some(1296));
}

/// HaChu (Debian's package), or a skip of `test`.
fn hachu(test: &str) -> Option<String> {
    let found = installed("hachu", &["/usr/games/hachu"]);
    if found.is_none() {
        missing_engine(test, "hachu (Debian package)");
    }
    found
}

/// `conform chu` against HaChu over XBoard, counted by result, HaChu's lion protection.
/// Call it after [`hachu`] has found HaChu.
fn conform_hachu(name: &str, positions: &[(&str, &str)], depth: u32) -> (Output, Value) {
    let engine = installed("hachu", &["/usr/games/hachu"]).expect("hachu is installed");
    conform_on(
        "chu",
        name,
        positions,
        depth,
        &[
            "--engine",
            &engine,
            "--protocol",
            "xboard",
            "--setboard",
            "board",
            "--map",
            "xboard",
            "--count",
            "results",
            "--option",
            "Allow repeats=1",
            "--switch",
            "lion-protection=hachu",
            "--timeout",
            "120",
        ],
    )
}

#[test]
fn chu_hachu_agrees_by_result() {
    if hachu("chu_hachu_agrees_by_result").is_none() {
        return;
    }
    // HaChu has no perft: its moves are read from its highlight answers at every position of the
    // spec's tree. The start position to depth 2 (1 + 36 positions asked; 36 x 36), and the solo
    // Lion (28 results) with sente to move and, turned round, with gote to move.
    let turned = "11k/12/12/12/12/6n5/12/12/12/12/12/10GK w - 1";
    let (out, r) = conform_hachu(
        "hachu-agree",
        &[
            ("start", CHU_START),
            ("solo", SOLO_LION),
            ("solo-gote", turned),
        ],
        2,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        r["positions"][0]["engine_nodes"].as_u64(),
        Some(1296),
        "{r}"
    );
    assert_eq!(r["summary"]["agreed"].as_u64(), Some(3), "{r}");
}

#[test]
fn chu_hachu_lists_no_moves_where_the_last_royal_can_be_taken() {
    if hachu("chu_hachu_lists_no_moves_where_the_last_royal_can_be_taken").is_none() {
        return;
    }
    // Sente's Bishop on 8e can take gote's only King on 12a. HaChu has ended the game there (on
    // `go` it plays the capture and claims "king capture"): it lists no move and accepts none.
    // The spec has the position's 51 moves (scalashogi's special 6).
    let fen = "k11/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1";
    let (out, r) = conform_hachu("hachu-king", &[("king-capturable", fen)], 1);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(d["engine_moves"].as_u64(), Some(0), "{d}");
    assert_eq!(d["spec_moves"].as_u64(), Some(51), "{d}");
    let note = d["note"].as_str().unwrap();
    assert!(
        note.contains("the side to move can end the game here by taking the enemy's last royal (8e12a: 1-0 royal captured (CHU-6.2))"),
        "{note}"
    );
}

#[test]
fn chu_hachu_lets_only_one_piece_pass() {
    if hachu("chu_hachu_lets_only_one_piece_pass").is_none() {
        return;
    }
    // Sente's Lion on 7g and Horned Falcon on 3g can both pass (CHU-3.5); by result these are two
    // moves (CHU-9.5: two pieces). HaChu's pass is a null move of the side: it lists, and accepts,
    // the Falcon's only.
    let fen = "k11/g11/12/12/12/12/5N3+H2/12/12/12/12/11K b - 1";
    let (out, r) = conform_hachu("hachu-pass", &[("two-passers", fen)], 1);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(strings(&d["only_spec"]), ["7g6f7g"], "{d}");
    assert!(strings(&d["only_engine"]).is_empty(), "{d}");
}

#[test]
fn chu_hachu_never_promotes_on_the_last_rank_from_inside_the_zone_without_a_capture() {
    if hachu("chu_hachu_never_promotes_on_the_last_rank_from_inside_the_zone_without_a_capture")
        .is_none()
    {
        return;
    }
    // CHU-4.3: sente's Lance on 1c and Pawn on 2b, both inside the zone, step or slide to the
    // last rank capturing nothing. lishogi's reading (the default) lets both promote there
    // (1c1a+, 2b2a+), the JCSA's (last-rank-promotion=pawn-only) the Pawn; HaChu neither.
    let fen = "p2k8/10P1/11L/12/12/12/12/12/12/12/12/K11 b - 1";
    let (out, r) = conform_hachu("hachu-last-rank", &[("last-rank", fen)], 1);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    let mut lacks = strings(&d["only_spec"]);
    lacks.sort();
    assert_eq!(lacks, ["1c1a+", "2b2a+"], "{d}");
    assert!(strings(&d["only_engine"]).is_empty(), "{d}");
}

#[test]
fn chu_hachu_plays_on_with_a_bare_king_and_with_two_lone_kings() {
    if hachu("chu_hachu_plays_on_with_a_bare_king_and_with_two_lone_kings").is_none() {
        return;
    }
    // CHU-6.4, CHU-7.1: gote's lone King on 6a against sente's King and Gold on rank l (the Gold
    // not next to it), gote to move: bared, it has lost (0 moves) under every reading of
    // bare-king (CHU-7: even the JCSA's rule gives a King and one piece the win). HaChu has no
    // bare-king rule: it lists the King's 5 steps. CHU-6.6: two lone Kings apart are a draw (0
    // moves); HaChu lists the 5 steps of sente's King.
    let bare = "6k5/12/12/12/12/12/12/12/12/12/12/5G1K4 w - 1";
    let lone = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 b - 1";
    let (out, r) = conform_hachu("hachu-bare", &[("bare", bare), ("lone", lone)], 1);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let divergences: Vec<&Value> = r["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| &p["divergence"])
        .collect();
    assert_eq!(divergences.len(), 2, "{r}");
    for (d, rule) in divergences.iter().zip([
        // The bare king, decided by lishogi's formulation (CHU-7.1) that CHU-6.4 defers to.
        ["(bare king)", "(CHU-7.1)"],
        ["(insufficient material)", "(CHU-6.6)"],
    ]) {
        assert_eq!(d["spec_moves"].as_u64(), Some(0), "{d}");
        assert_eq!(d["engine_moves"].as_u64(), Some(5), "{d}");
        let explained = d["explanations"]
            .as_array()
            .expect("explanations")
            .iter()
            .any(|e| {
                e["text"]
                    .as_str()
                    .is_some_and(|t| rule.iter().all(|r| t.contains(r)))
            });
        assert!(explained, "{rule:?}: {d}");
    }
}

#[test]
fn chu_hachu_marks_the_own_piece_before_a_lion_on_h4_as_a_capture() {
    if hachu("chu_hachu_marks_the_own_piece_before_a_lion_on_h4_as_a_capture").is_none() {
        return;
    }
    // Found by `conform --fuzz` (the chu-hachu row of corpus/matrix.txt). After `new` and
    // `setboard`, HaChu 0.21 answers the lift of a Lion of the side to move on h4 (its board: the
    // first player's lower left is a1) with the square h5 marked `R`, a capture, although a piece
    // of the Lion's own side stands there; it also takes `usermove h4h5` (as a pass). Only that
    // square does it: no Lion elsewhere on the board, from rank 2 to 9, with an own piece in
    // front was found so (measured: files b to k, ranks 2 to 9). For sente that is the Lion on 5i
    // with its Pawn on 5h; for gote, whose board is sent turned, the Lion on 8d with its Pawn on
    // 8e. The spec forbids the move onto the own piece (CHU-3.1); the rest of the list agrees.
    for (name, fen, phantom) in [
        (
            "sente",
            "g5k5/12/12/12/12/12/12/7P4/7N4/12/12/5K6 b - 1",
            "5i5h",
        ),
        (
            "gote",
            "11k/12/12/4n7/4p7/12/12/12/12/12/12/G10K w - 1",
            "8d8e",
        ),
    ] {
        let (out, r) = conform_hachu(&format!("hachu-h4-{name}"), &[(name, fen)], 1);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        let d = first_divergence(&r);
        assert!(strings(&d["only_spec"]).is_empty(), "{d}");
        let engine_only: Vec<String> = strings(&d["only_engine"])
            .iter()
            .map(|m| m.rsplit(" -> ").next().unwrap_or(m).to_string())
            .collect();
        assert_eq!(engine_only, [phantom], "{d}");
        let why = d["explanations"][0]["text"].as_str().unwrap();
        assert!(
            why.contains("no move ends on the mover's own piece (CHU-3.1)"),
            "{why}"
        );
    }
}

/// Whether Sjaak II (Debian's package) is installed.
fn sjaakii() -> Option<String> {
    installed("sjaakii", &["/usr/games/sjaakii"])
}

/// Sjaak II, or a skip of `test`.
fn sjaakii_for(test: &str) -> Option<String> {
    let found = sjaakii();
    if found.is_none() {
        missing_engine(test, "sjaakii (Debian package)");
    }
    found
}

const SJAAK_KUMA: &str = "python3 examples/sjaakii_perftree.py examples/kuma/sjaakii.txt kuma";

#[test]
fn kuma_sjaakii_agrees_on_the_start_position() {
    if sjaakii_for("kuma_sjaakii_agrees_on_the_start_position").is_none() {
        return;
    }
    let start = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
    let (out, r) = conform_on(
        "kuma",
        "sjaak-start",
        &[("start", start)],
        3,
        &["--engine", SJAAK_KUMA],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // 4758: the published count (corpus/kuma/start.perft).
    assert_eq!(
        r["positions"][0]["engine_nodes"].as_u64(),
        Some(4758),
        "{r}"
    );
}

#[test]
fn kuma_sjaakii_perft_counts_on_after_the_blind_bear_wins() {
    if sjaakii_for("kuma_sjaakii_perft_counts_on_after_the_blind_bear_wins").is_none() {
        return;
    }
    // White's Blind Bear on b7 steps to a8 and wins (KUMA-7.4): the game is over. Sjaak II's own
    // rules end it (`1-0 {White captures the flag}`), its perft counts Black's 14 replies.
    let fen = "8/1B4k1/8/8/8/8/4b3/K7 w - - 0 1";
    let (out, r) = conform_on(
        "kuma",
        "sjaak-bear",
        &[("blind-bear-race", fen)],
        2,
        &["--engine", SJAAK_KUMA],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let d = first_divergence(&r);
    assert_eq!(strings(&d["path"]), ["b7a8"], "{d}");
    assert_eq!(d["engine_moves"].as_u64(), Some(14), "{d}");
    let why = d["explanations"][0]["text"].as_str().unwrap();
    assert!(
        why.contains("White wins (blind bear reached the last rank) (KUMA-7.4)"),
        "{why}"
    );
}

#[test]
fn hunterbeest_marriage_is_not_expressible_in_fairy_stockfish_or_sjaak() {
    // White's Gnu a1 to d2, next to White's King e1, wins at once (BHB-6.3, "tame"); neither
    // Sjaak II's variant format nor Fairy-Stockfish's variants.ini can say so, and all three
    // (Sjaak II, pyffish, the native Fairy-Stockfish) count Black's five King moves after it.
    const TEST: &str = "hunterbeest_marriage_is_not_expressible_in_fairy_stockfish_or_sjaak";
    let fen = "4k4/9/9/9/9/9/9/G3K4 w - - 0 1";
    let present = [
        ("sjaakii (Debian package)", "Sjaak II", sjaakii().is_some()),
        ("pyffish", "Fairy-Stockfish (pyffish)", have_pyffish()),
        (
            "Fairy-Stockfish built from pyffish 0.0.90's source (/usr/local/bin/fairy-stockfish-0.0.90)",
            "the native Fairy-Stockfish",
            fairy_stockfish_native_installed().is_some(),
        ),
    ];
    let missing: Vec<&str> = present.iter().filter(|e| !e.2).map(|e| e.0).collect();
    let checked: Vec<&str> = present.iter().filter(|e| e.2).map(|e| e.1).collect();
    if checked.is_empty() {
        return missing_engine(TEST, &missing.join(", "));
    }
    if !missing.is_empty() {
        missing_part(TEST, &missing.join(", "), &checked.join(", "));
    }
    let mut engines: Vec<Vec<&str>> = Vec::new();
    if present[0].2 {
        engines.push(vec![
            "--engine",
            "python3 examples/sjaakii_perftree.py examples/hunterbeest/sjaakii.txt hunterbeest",
        ]);
    }
    if present[1].2 {
        engines.push(vec!["--engine", "python3 examples/kuma/pyffish_perftree.py --variants examples/hunterbeest/variants.ini --variant hunterbeest"]);
    }
    if present[2].2 {
        engines.push(FSF_NATIVE_HUNTERBEEST.to_vec());
    }
    for args in engines {
        let engine = args[1];
        let (out, r) = conform_on("hunterbeest", "tame", &[("gnu-tames", fen)], 2, &args);
        assert_eq!(out.status.code(), Some(1), "{engine}: {}", text(&out));
        let d = first_divergence(&r);
        assert_eq!(strings(&d["path"]), ["a1d2"], "{engine}: {d}");
        assert_eq!(
            strings(&d["only_engine"]),
            ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"],
            "{engine}: {d}"
        );
        let why = d["explanations"][0]["text"].as_str().unwrap();
        assert!(why.contains("(BHB-6.3)"), "{engine}: {why}");
    }
}

/// The path of Fairy-Stockfish built from pyffish 0.0.90's source, if it is installed and its
/// banner says so (no skip reported).
fn fairy_stockfish_native_installed() -> Option<String> {
    let path = "/usr/local/bin/fairy-stockfish-0.0.90";
    let banner = Command::new(path)
        .arg("quit")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    banner
        .is_some_and(|b| b.starts_with("Fairy-Stockfish pyffish-0.0.90 LB"))
        .then(|| path.to_string())
}

/// Fairy-Stockfish built from pyffish 0.0.90's source by `.ci/engines.sh`
/// (`install_fairy_stockfish_native`), if it is installed and says so; else a skip (or, in CI,
/// a failure) for `test`.
fn fairy_stockfish_native(test: &str) -> Option<String> {
    if let Some(path) = fairy_stockfish_native_installed() {
        return Some(path);
    }
    missing_engine(
        test,
        "Fairy-Stockfish built from pyffish 0.0.90's source (/usr/local/bin/fairy-stockfish-0.0.90)",
    );
    None
}

/// `conform` arguments for the native Fairy-Stockfish playing Kuma Chess (its variant file is
/// read relative to the repository root, where the tests run `fairyspec`).
const FSF_NATIVE_KUMA: [&str; 10] = [
    "--engine",
    "fairy-stockfish-0.0.90",
    "--protocol",
    "uci",
    "--option",
    "VariantPath=examples/kuma/variants.ini",
    "--option",
    "UCI_Variant=kuma",
    "--map",
    "fairy-stockfish",
];

/// The same for Bachelor Hunterbeest.
const FSF_NATIVE_HUNTERBEEST: [&str; 8] = [
    "--engine",
    "fairy-stockfish-0.0.90",
    "--protocol",
    "uci",
    "--option",
    "VariantPath=examples/hunterbeest/variants.ini",
    "--option",
    "UCI_Variant=hunterbeest",
];

#[test]
fn kuma_native_fairy_stockfish_agrees_on_the_start_position_and_the_rule_positions() {
    if fairy_stockfish_native(
        "kuma_native_fairy_stockfish_agrees_on_the_start_position_and_the_rule_positions",
    )
    .is_none()
    {
        return;
    }
    // The start position to depth 5: 1,852,287, pyffish's count (corpus/kuma/start.perft).
    let start = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
    let (out, r) = conform_on(
        "kuma",
        "fsf-kuma-start",
        &[("start", start)],
        5,
        &FSF_NATIVE_KUMA,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        r["positions"][0]["engine_nodes"].as_u64(),
        Some(1_852_287),
        "{r}"
    );
    // The hand-counted rule positions of examples/kuma/conform.perft, at the depths it lists
    // (the Blind Bear's win, pinned and free, promotion, the range-two block, the clock).
    let mut args = vec!["conform", "kuma", "--corpus", "examples/kuma/conform.perft"];
    args.extend_from_slice(&FSF_NATIVE_KUMA);
    let out = fairyspec(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in [
        "promotion depth 1: spec 16 engine 16 ok",
        "blind-bear-pinned depth 1: spec 5 engine 5 ok",
        "range-two-blocked depth 1: spec 20 engine 20 ok",
        "blind-bear-wins depth 1: spec 11 engine 11 ok",
        "blind-bear-home depth 2: spec 0 engine 0 ok",
    ] {
        assert!(stdout.contains(line), "{line}\n{}", text(&out));
    }
}

#[test]
fn chess_native_fairy_stockfish_agrees_on_kiwipete() {
    let Some(engine) = fairy_stockfish_native("chess_native_fairy_stockfish_agrees_on_kiwipete")
    else {
        return;
    };
    // Kiwipete (Chess Programming Wiki "Perft Results", position 2) to depth 3: 97,862.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (out, r) = conform_on(
        "chess",
        "fsf-kiwipete",
        &[("kiwipete", fen)],
        3,
        &["--engine", &engine, "--protocol", "uci"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        r["positions"][0]["engine_nodes"].as_u64(),
        Some(97_862),
        "{r}"
    );
}

/// The shakmaty perftree example, built by `cargo test` beside the test binary.
fn shakmaty_example() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?;
    let path = dir.join("examples").join("shakmaty_perftree");
    path.exists().then(|| path.display().to_string())
}

#[test]
fn chess_agrees_with_stockfish_python_chess_and_shakmaty() {
    const TEST: &str = "chess_agrees_with_stockfish_python_chess_and_shakmaty";
    // shakmaty (a dev-dependency, always built) runs whatever else is missing.
    let mut engines: Vec<(String, &str)> = Vec::new();
    match installed("stockfish", &["/usr/games/stockfish"]) {
        Some(sf) => engines.push((sf, "uci")),
        None => missing_part(TEST, "stockfish", "the other engines"),
    }
    if crate::ci::python_module("chess") {
        engines.push((
            "python3 examples/chess/python_chess_perftree.py".to_string(),
            "perftree",
        ));
    } else {
        missing_part(TEST, "python-chess", "the other engines");
    }
    let shakmaty = shakmaty_example().expect("cargo test builds examples/shakmaty_perftree.rs");
    engines.push((shakmaty, "perftree"));
    for (engine, protocol) in &engines {
        let out = fairyspec(&[
            "conform",
            "chess",
            "--engine",
            engine,
            "--protocol",
            protocol,
            "--corpus",
            "corpus/chess/perft.perft",
            "--depth",
            "2",
        ]);
        assert_eq!(out.status.code(), Some(0), "{engine}: {}", text(&out));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("startpos depth 2: spec 400 engine 400 ok")
                && stdout.contains("15 check(s): 15 agree"),
            "{engine}: {stdout}"
        );
    }
}

#[test]
fn the_matrix_names_every_implementation_and_its_page_every_row() {
    let matrix = std::fs::read_to_string(root("corpus/matrix.txt")).expect("corpus/matrix.txt");
    let rows = fairyspec::conform::matrix::parse_matrix(&matrix).expect("the matrix file reads");
    let page = std::fs::read_to_string(root("docs/conformance.md")).expect("docs/conformance.md");
    for (game, implementation) in [
        ("chu", "shogiops (lishogi's rules library)"),
        ("chu", "minase"),
        ("chu", "HaChu"),
        ("chess", "Fairy-Stockfish"),
        ("chess", "Stockfish"),
        ("chess", "python-chess"),
        ("chess", "shakmaty"),
        ("chess", "Fairy-Stockfish (native)"),
        ("kuma", "Fairy-Stockfish (pyffish)"),
        ("kuma", "Fairy-Stockfish (native)"),
        ("kuma", "Sjaak II"),
        ("hunterbeest", "Fairy-Stockfish (pyffish)"),
        ("hunterbeest", "Fairy-Stockfish (native)"),
        ("hunterbeest", "Sjaak II"),
        ("congo", "(none known)"),
    ] {
        assert!(
            rows.iter()
                .any(|r| r.game == game && r.implementation == implementation),
            "no row for {implementation} ({game})"
        );
        assert!(
            page.contains(&format!("| {game} | {implementation} |")),
            "docs/conformance.md has no line for {implementation} ({game})"
        );
    }
    // minase under both of its presets.
    let minase: Vec<&str> = rows
        .iter()
        .filter(|r| r.implementation == "minase")
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(minase, ["chu-minase-lishogi", "chu-minase-engine-default"]);
    // Every row that runs pins its version, and the page holds no unsettled difference.
    for r in &rows {
        if let Ok(run) = &r.run {
            assert!(run.version_check.is_some(), "{}: no version-check", r.name);
        }
    }
    assert!(!page.contains("UNSETTLED") && !page.contains("UNAVAILABLE"));
    // Every settlement is a reading (the row sets a switch) or a defect pinned by a test here.
    let tests = std::fs::read_to_string(root("tests/all/conform.rs")).expect("this file");
    for r in &rows {
        for s in r.run.iter().flat_map(|run| &run.settled) {
            let pinned = s
                .verdict
                .split("pinned by `")
                .nth(1)
                .and_then(|rest| rest.split('`').next())
                .unwrap_or_else(|| panic!("{}: {:?} names no test", r.name, s.verdict));
            assert!(
                tests.contains(&format!("fn {pinned}()")),
                "{}: no test {pinned} in tests/all/conform.rs",
                r.name
            );
        }
    }
    // A row that runs nothing needs no engine.
    let out = fairyspec(&["matrix", "--row", "congo-none"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("congo-none: not run"));
}
