//! The command-line contract, end to end through the built binary. Other tools read this output,
//! so the formats are checked exactly.
//!
//! Expected numbers are hand counts (explained where used) or published counts
//! (`corpus/kuma/start.perft`), never the program's own output.

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
const START_NO_COUNTERS: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq -";
/// Bare Kings: White's King on e1 has exactly five moves (d1, d2, e2, f2, f1).
const BARE_KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

fn fairyspec(args: &[&str]) -> Output {
    fairyspec_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

fn fairyspec_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyspec"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the fairyspec binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Success with nothing on stderr (stderr is not a terminal here, so no progress either).
fn ok(args: &[&str]) -> String {
    let o = fairyspec(args);
    assert!(
        o.status.success(),
        "{args:?}: {:?}\n{}",
        o.status,
        stderr(&o)
    );
    assert_eq!(stderr(&o), "", "{args:?}");
    stdout(&o)
}

/// A failure with exit code `code`, a one-line error on stderr and no panic.
fn fails(dir: &Path, args: &[&str], code: i32) -> String {
    let o = fairyspec_in(dir, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.starts_with("fairyspec: error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// The sixteen moves of the start position, sorted: every piece but the Pawns is hemmed in by
/// its own men (KUMA-1.2, KUMA-3), so the moves are the eight single and eight double steps.
fn start_moves() -> Vec<String> {
    "abcdefgh"
        .chars()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .collect()
}

/// CORE-1.4: `<move> <count>` per root move sorted by move text, an empty line, the total.
#[test]
fn perft_prints_the_perftree_format() {
    let expected: String = start_moves().iter().map(|m| format!("{m} 1\n")).collect();
    assert_eq!(ok(&["perft", "kuma", "1"]), format!("{expected}\n16\n"));
    // Depth 2: no first move of White changes Black's sixteen replies.
    let expected: String = start_moves().iter().map(|m| format!("{m} 16\n")).collect();
    assert_eq!(
        ok(&["perft", "kuma", "2", "--generator", "reference"]),
        format!("{expected}\n256\n")
    );
}

#[test]
fn perft_depth_zero_is_the_empty_line_and_one() {
    assert_eq!(ok(&["perft", "kuma", "0"]), "\n1\n");
    assert_eq!(ok(&["perft", "kuma", "0", "--fen", BARE_KINGS]), "\n1\n");
}

/// Depth 3 = 4758 (published, corpus/kuma/start.perft); the split over threads changes nothing.
#[test]
fn perft_threads_split_the_root_moves() {
    let one = ok(&["perft", "kuma", "3", "--threads", "1"]);
    assert!(one.ends_with("\n\n4758\n"), "{one}");
    assert_eq!(ok(&["perft", "kuma", "3", "--threads", "3"]), one);
    assert_eq!(ok(&["perft", "kuma", "3", "--threads=64"]), one);
}

/// `--hash` and `--count` change nothing in the output of a count that does not depend on them
/// (Kuma depth 3 = 4758, published); a bad size is an error. Chu by result from the start:
/// 48,315 at depth 3 (minase's count, CHU-9.5), by route 52,599.
#[test]
fn perft_hash_and_count_options() {
    let plain = ok(&["perft", "kuma", "3"]);
    assert_eq!(
        ok(&["perft", "kuma", "3", "--hash", "1", "--threads", "2"]),
        plain
    );
    assert_eq!(
        ok(&["perft", "kuma", "3", "--hash", "1", "--hash-seed", "9"]),
        plain
    );
    assert_eq!(ok(&["perft", "kuma", "3", "--count", "results"]), plain);
    let results = ok(&["perft", "chu", "3", "--count", "results", "--hash", "1"]);
    assert!(results.ends_with("\n\n48315\n"), "{results}");
    assert!(ok(&["perft", "chu", "3"]).ends_with("\n\n52599\n"));
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    fails(here, &["perft", "kuma", "2", "--hash", "-1"], 2);
    fails(here, &["perft", "kuma", "2", "--hash", "2000000"], 2);
    fails(here, &["perft", "kuma", "2", "--count", "positions"], 2);
}

/// `verify --max-nodes N` skips every count above N for every generator (the Kuma start's
/// depths 1-3 are at most 4758 nodes, depths 4-6 above 5000).
#[test]
fn verify_max_nodes_skips_the_deep_counts() {
    let out = ok(&[
        "verify",
        "--corpus",
        "corpus/kuma/start.perft",
        "--max-nodes",
        "5000",
        "--verbose",
    ]);
    assert!(out.contains("skipped (> 5000)"), "{out}");
    assert!(out.contains("verify: 6 ok, 6 skipped, 0 MISMATCH"), "{out}");
    // By default, one line for the game, and what `skipped` means.
    let out = ok(&[
        "verify",
        "--corpus",
        "corpus/kuma/start.perft",
        "--max-nodes",
        "5000",
    ]);
    assert!(!out.contains("skipped (> 5000)"), "{out}");
    assert!(
        out.contains("\nkuma                 1      6       0  3 ok, 3 skipped  "),
        "{out}"
    );
    assert!(
        out.contains("skipped: counts above 5,000,000 nodes for the reference generator (--max-reference-nodes), above 5,000 for every generator (--max-nodes)"),
        "{out}"
    );
}

#[test]
fn moves_are_listed_sorted() {
    let mut expected = start_moves().join("\n");
    expected.push('\n');
    assert_eq!(ok(&["moves", "kuma"]), expected);
    assert_eq!(
        ok(&["moves", "kuma", "--fen", BARE_KINGS]),
        "e1d1\ne1d2\ne1e2\ne1f1\ne1f2\n"
    );
}

#[test]
fn fen_with_and_without_move_counters() {
    let with = ok(&["perft", "kuma", "2", "--fen", START]);
    assert_eq!(
        ok(&["perft", "kuma", "2", "--fen", START_NO_COUNTERS]),
        with
    );
    assert_eq!(ok(&["perft", "kuma", "2"]), with);
    let bare = format!("{BARE_KINGS} 0 1");
    assert_eq!(
        ok(&["moves", "kuma", "--fen", &bare]),
        ok(&["moves", "kuma", "--fen", BARE_KINGS])
    );
}

/// KUMA-7.4's switch is accepted by name (it changes nothing at the start).
#[test]
fn switches_are_read() {
    assert_eq!(
        ok(&[
            "perft",
            "kuma",
            "2",
            "--switch",
            "blind-bear=even-if-exposed"
        ]),
        ok(&["perft", "kuma", "2"])
    );
    let err = fails(
        Path::new("."),
        &["perft", "kuma", "1", "--switch", "blind-bear=sometimes"],
        2,
    );
    assert!(err.contains("even-if-exposed"), "{err}");
}

/// A switch given twice with two readings is refused (it was read as the last one); the same
/// reading twice is one (issue 32).
#[test]
fn a_switch_given_twice_must_say_one_thing() {
    let err = fails(
        Path::new("."),
        &[
            "perft",
            "kuma",
            "1",
            "--switch",
            "blind-bear=even-if-exposed",
            "--switch",
            "blind-bear=needs-legal-move",
        ],
        2,
    );
    assert_eq!(
        err,
        "fairyspec: error: --switch blind-bear is given twice with different readings \
         (\"blind-bear=even-if-exposed\", then \"blind-bear=needs-legal-move\"); give it once\n"
    );
    assert_eq!(
        ok(&[
            "perft",
            "kuma",
            "2",
            "--switch",
            "blind-bear=even-if-exposed",
            "--switch",
            "blind_bear=even-if-exposed",
        ]),
        ok(&[
            "perft",
            "kuma",
            "2",
            "--switch",
            "blind-bear=even-if-exposed"
        ])
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let not_utf8 = scratch("not-utf8").join("record.txt");
    std::fs::write(&not_utf8, [0xff, 0xfe, 0x00, 0x80]).expect("write a scratch file");
    let not_utf8 = not_utf8.to_str().expect("scratch paths are UTF-8");
    for (args, needle) in [
        (&["perft", "shogi", "1"][..], "unknown game"),
        (&["perft", "kuma"], "missing argument <depth>"),
        (&["perft", "kuma", "x"], "depth"),
        (&["perft", "kuma", "-1"], "depth"),
        (&["perft", "kuma", "65"], "depth"),
        (&["perft", "kuma", "1", "2"], "unexpected argument"),
        (&["perft", "kuma", "1", "--fen", "not a fen"], "--fen"),
        (
            &[
                "perft",
                "kuma",
                "1",
                "--fen",
                "ubvskvbr/pppppppp/8/8 w KQkq -",
            ],
            "--fen",
        ),
        // Two white Kings: parses, but is no position (KUMA-2.2).
        (
            &["moves", "kuma", "--fen", "4k3/8/8/8/8/8/8/3KK3 w - -"],
            "more than one king",
        ),
        (&["perft", "kuma", "1", "--bogus", "1"], "unknown option"),
        (&["perft", "kuma", "1", "--fen"], "needs a value"),
        (&["perft", "kuma", "1", "--threads", "0"], "--threads"),
        (
            &["perft", "kuma", "1", "--generator", "fast"],
            "--generator",
        ),
        (
            &["perft", "kuma", "1", "--switch", "colour=red"],
            "blind-bear",
        ),
        (
            &["perft", "kuma", "1", "--fen", START, "--fen", START],
            "twice",
        ),
        (&["moves"], "missing argument <game>"),
        (&["replay", "kuma", "no-such-file.txt"], "no-such-file.txt"),
        (&["replay", "kuma", "spec"], "spec"),
        (&["replay", "kuma", not_utf8], "UTF-8"),
        (&["frobnicate"], "unknown command"),
        (&[], "no command"),
        (&["verify", "--corpus", "no-such-folder"], "no corpus"),
        (&["verify", "--game", "shogi"], "unknown game"),
        (
            &["verify", "--max-reference-nodes", "lots"],
            "--max-reference-nodes",
        ),
    ] {
        let err = fails(here, args, 2);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Congo goes through the same commands: depth 1 from the start is the rules brief's hand count
/// (corpus/congo/start.perft: 19 pawn moves, two giraffe, two elephant, one zebra move), and its
/// switch (CONGO-5.4) is read by name.
#[test]
fn congo_is_driven_by_the_same_commands() {
    let out = ok(&["perft", "congo", "1"]);
    assert!(out.ends_with("\n\n24\n"), "{out}");
    assert_eq!(out.lines().count(), 24 + 2, "{out}");
    assert_eq!(
        ok(&["perft", "congo", "1", "--switch", "monkey-reentry=survives"]),
        out
    );
    assert_eq!(ok(&["moves", "congo"]).lines().count(), 24);
}

/// Orthodox chess through the same commands: 20 root moves and 400 at depth 2 (the Chess
/// Programming Wiki's "Perft Results"), with a FEN in the standard form.
#[test]
fn chess_is_driven_by_the_same_commands() {
    let out = ok(&["perft", "chess", "2"]);
    assert!(out.ends_with("\n\n400\n"), "{out}");
    assert_eq!(out.lines().count(), 20 + 2, "{out}");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(ok(&["perft", "chess", "2", "--fen", fen]), out);
    let err = fails(
        Path::new("."),
        &["perft", "chess", "1", "--switch", "a=b"],
        2,
    );
    assert!(err.contains("chess has no switches"), "{err}");
}

/// Bachelor Hunterbeest on its 9×8 board: 26 moves at the start, 676 at depth 2 (hand counts in
/// corpus/hunterbeest/start.perft), and its stalemate switch (BHB-6.4) read by name.
#[test]
fn hunterbeest_is_driven_by_the_same_commands() {
    let out = ok(&["perft", "hunterbeest", "2"]);
    assert!(out.ends_with("\n\n676\n"), "{out}");
    assert_eq!(out.lines().count(), 26 + 2, "{out}");
    assert_eq!(
        ok(&["perft", "hunterbeest", "2", "--switch", "stalemate=win"]),
        out
    );
}

/// CHU-9: Chu Shogi on the command line: perft of the start position (lishogi's published 36
/// and 1296), moves in USI, and the help lists it as implemented.
#[test]
fn chu_perft_and_help() {
    let out = ok(&["perft", "chu", "2"]);
    assert!(out.ends_with("\n\n1296\n"), "{out}");
    assert_eq!(out.lines().count(), 36 + 2, "{out}");
    assert!(out.contains("7i7h 36"), "{out}");
    let help = ok(&["--help"]);
    assert!(
        help.lines()
            .any(|l| l.contains("chu") && l.contains("(implemented)")),
        "{help}"
    );
}

/// CHU-7.6 (issue 31's finding 4): where the help lists the bare-king readings it also says that
/// Münster 1997's gives Adams's own example 2 the opposite of his verdict — in `fairyspec
/// --help` and on the pages of the commands that take `--switch`.
#[test]
fn help_warns_of_munster1997_on_adams_example_2() {
    for args in [&["--help"][..], &["perft", "--help"], &["moves", "--help"]] {
        let help = ok(args);
        let line = help
            .lines()
            .find(|l| l.contains("chu bare-king=munster1997:"))
            .unwrap_or_else(|| panic!("{args:?}: no munster1997 note in\n{help}"));
        assert!(line.contains("example 2"), "{line}");
    }
}

#[test]
fn help_documents_every_command_and_option() {
    let help = ok(&["--help"]);
    assert_eq!(ok(&["help"]), help);
    // Each command has its own page, with its own options and not the others'.
    let perft_help = ok(&["perft", "--help"]);
    assert_ne!(perft_help, help);
    assert!(perft_help.contains("--threads"), "{perft_help}");
    assert!(
        !perft_help.contains("--max-reference-nodes"),
        "{perft_help}"
    );
    for word in [
        "verify",
        "perft",
        "moves",
        "replay",
        "--fen",
        "--generator",
        "--threads",
        "--switch",
        "--game",
        "--max-reference-nodes",
        "--corpus",
        "blind-bear",
        "kuma",
        "chess",
        "congo",
        "hunterbeest",
        "chu",
    ] {
        assert!(help.contains(word), "help does not mention {word}");
    }
}

/// A fresh folder under cargo's scratch space for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    dir
}

/// KUMA-8.1 move text in a record: the first move that is not legal is named, exit code 1.
#[test]
fn replay_reports_the_first_bad_move() {
    let dir = scratch("replay-bad");
    std::fs::write(dir.join("bad.txt"), "1. e2e4 e7e5 2. e4e5\n").expect("write a record");
    let o = fairyspec_in(&dir, &["replay", "kuma", "bad.txt"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.starts_with("fairyspec: error: move 2"), "{err}");
    assert!(err.contains("e4e5"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// An unfinished game: the ply count and `result: * unfinished` as the last line.
#[test]
fn replay_prints_the_result_line() {
    let dir = scratch("replay-good");
    std::fs::write(dir.join("good.txt"), "1. e2e4 e7e5 2. g2g3\n").expect("write a record");
    let o = fairyspec_in(&dir, &["replay", "kuma", "good.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"plies: 3"), "{out}");
    assert_eq!(lines.last(), Some(&"result: * unfinished"), "{out}");
}

/// A small corpus with the published start counts (corpus/kuma/start.perft).
fn small_corpus(name: &str, depth2: u64) -> PathBuf {
    let dir = scratch(name);
    let kuma = dir.join("corpus").join("kuma");
    std::fs::create_dir_all(&kuma).expect("create corpus/kuma");
    let text =
        format!("# Source: the rules brief\nid start\nepd {START}\nperft 1 16\nperft 2 {depth2}\n");
    std::fs::write(kuma.join("start.perft"), text).expect("write a .perft file");
    dir
}

#[test]
fn verify_passes_on_a_correct_corpus() {
    let dir = small_corpus("verify-good", 256);
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus", "--verbose"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("== kuma"), "{out}");
    assert!(out.contains(" 0 skipped, 0 MISMATCH, 0 error(s)"), "{out}");
    assert!(out.contains("start        2            256  ok "), "{out}");
    // By default: a line per game, the totals, and where the lines of every position are.
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("game         positions counts records  reference"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("kuma                 1      2       0  2 ok"),
        "{out}"
    );
    assert_eq!(
        lines[2], "verify: 4 ok, 0 skipped, 0 MISMATCH, 0 error(s)",
        "{out}"
    );
    assert_eq!(
        lines[3],
        "Every position's and record's line: fairyspec verify --verbose"
    );
    assert!(!out.contains("== kuma"), "{out}");
    // The same corpus found with --corpus from elsewhere.
    let corpus = dir.join("corpus");
    let corpus = corpus.to_str().expect("scratch paths are UTF-8");
    let o = fairyspec_in(
        Path::new("/"),
        &["verify", "--corpus", corpus, "--game", "kuma"],
    );
    assert!(o.status.success(), "{}", stdout(&o));
}

/// Kuma, the flagship, comes first whatever the folders' names; the deep tables are left out
/// and the output says how to run them.
#[test]
fn verify_lists_kuma_first_and_says_how_to_run_the_deep_tables() {
    let dir = small_corpus("verify-order", 256);
    let chess = dir.join("corpus").join("chess");
    std::fs::create_dir_all(&chess).expect("create corpus/chess");
    std::fs::write(
        chess.join("start.perft"),
        "id start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nperft 1 20\n",
    )
    .expect("write a .perft file");
    std::fs::create_dir_all(dir.join("corpus").join("deep").join("kuma")).expect("create deep");
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    let games: Vec<&str> = out
        .lines()
        .skip(1)
        .take(2)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(games, ["kuma", "chess"], "{out}");
    assert!(!out.contains("corpus/deep is not a game folder"), "{out}");
    assert!(
        out.contains(
            "  fairyspec verify --corpus corpus/deep --max-nodes 1_000_000_000 --max-reference-nodes 0\n"
        ),
        "{out}"
    );
    let o = fairyspec_in(&dir, &["verify", "--verbose"]);
    let out = stdout(&o);
    let kuma = out.find("== kuma").expect("kuma's table");
    let chess = out.find("== chess").expect("chess's table");
    assert!(kuma < chess, "{out}");
}

#[test]
fn verify_fails_on_a_wrong_count() {
    let dir = small_corpus("verify-wrong", 257);
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("MISMATCH 256"), "{out}");
    assert!(stderr(&o).contains("verify failed"), "{}", stderr(&o));
}

#[test]
fn verify_shows_skipped_reference_counts() {
    let dir = small_corpus("verify-skip", 256);
    let o = fairyspec_in(
        &dir,
        &[
            "verify",
            "--corpus",
            "corpus",
            "--max-reference-nodes",
            "100",
            "--verbose",
        ],
    );
    let out = stdout(&o);
    // Depth 1 (16 nodes) still runs with the reference; depth 2 (256) is skipped for it.
    assert!(o.status.success(), "{out}");
    assert!(out.contains("skipped (> 100)"), "{out}");
    assert!(out.contains("1 skipped"), "{out}");
}

/// Game records listed in games/expected.txt are replayed and their results compared.
#[test]
fn verify_checks_game_results() {
    let dir = small_corpus("verify-games", 256);
    let games = dir.join("corpus").join("kuma").join("games");
    std::fs::create_dir_all(&games).expect("create games/");
    std::fs::write(games.join("short.txt"), "1. e2e4 e7e5\n").expect("write a record");
    std::fs::write(
        games.join("expected.txt"),
        "# a test\nshort.txt * unfinished\n",
    )
    .expect("write expected.txt");
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    assert!(o.status.success(), "{}\n{}", stdout(&o), stderr(&o));
    std::fs::write(games.join("expected.txt"), "short.txt 1-0 checkmate\n")
        .expect("write expected.txt");
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("got * unfinished"), "{out}");
}

/// Corpus entries that cannot be checked (a bad FEN, a malformed file) fail verify, shown as
/// errors; folders that are not games are named and passed over.
#[test]
fn verify_reports_broken_corpus_entries() {
    let dir = small_corpus("verify-broken", 256);
    let kuma = dir.join("corpus").join("kuma");
    std::fs::write(
        kuma.join("bad-fen.perft"),
        "id bad\nepd 8/8 w - -\nperft 1 3\n",
    )
    .expect("write a .perft file");
    std::fs::write(kuma.join("bad-syntax.perft"), "id x\nfoo 1\n").expect("write a .perft file");
    std::fs::create_dir_all(dir.join("corpus").join("fuzz")).expect("create corpus/fuzz");
    let o = fairyspec_in(&dir, &["verify", "--corpus", "corpus"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("bad      ERROR line 1: \"8/8 w - -\""),
        "{out}"
    );
    assert!(out.contains("unknown keyword"), "{out}");
    assert!(out.contains("corpus/fuzz is not a game folder"), "{out}");
    assert!(out.contains(", 2 error(s)"), "{out}");
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

/// `fairyspec serve` listens on 127.0.0.1 by default, says so, and prints the URL.
#[test]
fn serve_says_where_it_listens() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyspec"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    assert!(
        first.starts_with("fairyspec serve: listening on 127.0.0.1:"),
        "{first}"
    );
    assert!(first.contains("this machine only"), "{first}");
    let url = second
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .expect("a URL")
        .to_string();
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(host).expect("connect to the printed URL");
    // HTTP/1.1 names the server it asks (Host); the server answers only to its own names.
    stream
        .write_all(
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    child.kill().unwrap();
    child.wait().unwrap();
    let o = fairyspec(&["serve", "--bind", "example.org"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bind must be an IP address"));
}
