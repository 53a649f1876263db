//! The command line's `--json` output read back with serde_json, its completions, and the
//! messages and exit codes of its mistakes (each names the bad word and what would be right).
//!
//! Expected numbers are hand counts explained where used or published counts (the corpus files
//! they come from are named), never the program's own output.

use fairyspec::documents::{self as json, MoveCount, Status};
use pretty_assertions::assert_eq;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Bare Kings: White's King on e1 has exactly five moves (d1, d2, e2, f1, f2).
const BARE_KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";
const KUMA_START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyspec"))
        .args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
        .output()
        .expect("the fairyspec binary runs")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Success; stdout.
fn ok(args: &[&str]) -> String {
    let o = run_in(root(), args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {:?}\n{err}", o.status);
    assert_eq!(err, "", "{args:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A failure with exit code `code` and a one-line error on stderr; the error.
fn fails_in(dir: &Path, args: &[&str], code: i32) -> String {
    let o = run_in(dir, args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.starts_with("fairyspec: error: "), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

fn fails(args: &[&str], code: i32) -> String {
    fails_in(root(), args, code)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_json")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    dir
}

/// The sixteen Pawn moves of the Kuma start (KUMA-1.2: every other piece is hemmed in), each
/// followed by Black's sixteen replies at depth 2.
#[test]
fn perft_json_reads_back() {
    let doc: json::Perft = serde_json::from_str(&ok(&["perft", "kuma", "2", "--json"]))
        .expect("perft --json is a fairyspec.perft/1 object");
    let moves: Vec<MoveCount> = "abcdefgh"
        .chars()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .map(|mv| MoveCount { mv, nodes: 16 })
        .collect();
    let expected = json::Perft {
        schema: json::PERFT_SCHEMA.to_string(),
        game: "kuma".to_string(),
        fen: KUMA_START.to_string(),
        depth: 2,
        generator: "bitboard".to_string(),
        moves,
        total: 256,
        count: fairyspec::perft::Counting::Routes,
    };
    assert_eq!(doc, expected);
    // The same numbers as the perftree text.
    let text = ok(&["perft", "kuma", "2"]);
    assert!(text.ends_with("\n\n256\n"), "{text}");
}

#[test]
fn moves_json_reads_back() {
    let doc: json::Moves =
        serde_json::from_str(&ok(&["moves", "kuma", "--fen", BARE_KINGS, "--json"]))
            .expect("moves --json is a fairyspec.moves/1 object");
    assert_eq!(doc.schema, json::MOVES_SCHEMA);
    assert_eq!(doc.moves, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    assert_eq!(doc.fen, format!("{BARE_KINGS} 0 1"));
    assert_eq!(doc.outcome, None);
    // Fool's mate (1. f3 e5 2. g4 Qh4#), the shortest mate in orthodox chess: no moves, 0-1.
    let doc: json::Moves = serde_json::from_str(&ok(&[
        "moves",
        "chess",
        "--moves",
        "f2f3 e7e5 g2g4 d8h4",
        "--json",
    ]))
    .expect("moves --json");
    assert!(doc.moves.is_empty(), "{doc:?}");
    let outcome = doc.outcome.expect("the game is over");
    assert_eq!(outcome.result, "0-1");
    assert_eq!(outcome.reason, "checkmate");
}

/// corpus/kuma/games/game1.txt: 91 plies, White mates (its expected.txt says `1-0 checkmate`).
#[test]
fn replay_json_reads_back() {
    let out = ok(&["replay", "kuma", "corpus/kuma/games/game1.txt", "--json"]);
    let doc: json::Replay = serde_json::from_str(&out).expect("a fairyspec.replay/1 object");
    assert_eq!(doc.schema, json::REPLAY_SCHEMA);
    assert_eq!((doc.plies, doc.result.as_str()), (91, "1-0"));
    assert_eq!(doc.reason, "checkmate");
    let text = ok(&["replay", "kuma", "corpus/kuma/games/game1.txt"]);
    assert!(
        text.contains(&format!("final: {}\n", doc.final_fen)),
        "{text}"
    );
}

/// A one-file corpus with the published start counts (corpus/kuma/start.perft: 16, 256) and one
/// wrong count (257): the JSON says which generator found what, and the exit status is 1.
#[test]
fn verify_json_reads_back_with_its_mismatches() {
    let dir = scratch("verify-json");
    let file = dir.join("start.perft");
    std::fs::write(
        &file,
        format!("id start\nepd {KUMA_START}\nperft 1 16\nperft 2 257\n"),
    )
    .expect("write a .perft file");
    let file = file.to_str().expect("UTF-8 path");
    let o = run_in(
        root(),
        &["verify", "--corpus", file, "--game", "kuma", "--json"],
    );
    assert_eq!(o.status.code(), Some(1));
    let doc: json::Verify =
        serde_json::from_slice(&o.stdout).expect("verify --json is a fairyspec.verify/1 object");
    assert_eq!(doc.schema, json::VERIFY_SCHEMA);
    assert_eq!(doc.games.len(), 1);
    let game = &doc.games[0];
    assert_eq!(game.generators, ["reference", "bitboard"]);
    type Row = (u32, u64, Vec<Status>, Vec<Option<String>>);
    let rows: Vec<Row> = game
        .perft
        .iter()
        .map(|r| {
            (
                r.depth,
                r.expected,
                r.results.iter().map(|c| c.status).collect(),
                r.results.iter().map(|c| c.got.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, 16, vec![Status::Ok, Status::Ok], vec![None, None]),
            (
                2,
                257,
                vec![Status::Mismatch, Status::Mismatch],
                vec![Some("256".to_string()), Some("256".to_string())]
            ),
        ]
    );
    assert_eq!(
        doc.summary,
        json::Summary {
            ok: 2,
            skipped: 0,
            mismatches: 2,
            errors: 0
        }
    );
}

/// `--corpus` takes a game's folder or a single file as well as the folder of games.
#[test]
fn verify_corpus_may_be_a_game_folder_or_a_file() {
    let dir = scratch("verify-forms");
    let kuma = dir.join("kuma");
    std::fs::create_dir_all(&kuma).expect("create kuma/");
    std::fs::write(
        kuma.join("start.perft"),
        format!("id start\nepd {KUMA_START}\nperft 1 16\n"),
    )
    .expect("write a .perft file");
    for corpus in [dir.clone(), kuma.clone(), kuma.join("start.perft")] {
        let corpus = corpus.to_str().expect("UTF-8 path");
        let out = ok(&["verify", "--corpus", corpus]);
        assert!(out.contains("verify: 2 ok, 0 skipped"), "{corpus}: {out}");
    }
    // A file outside any game folder needs --game.
    let loose = dir.join("loose.perft");
    std::fs::copy(kuma.join("start.perft"), &loose).expect("copy");
    let loose = loose.to_str().expect("UTF-8 path");
    let err = fails(&["verify", "--corpus", loose], 2);
    assert!(err.contains("--game"), "{err}");
    let out = ok(&["verify", "--corpus", loose, "--game", "kuma"]);
    assert!(out.contains("verify: 2 ok"), "{out}");
}

/// A corpus file that cannot be read at all stops verify with exit 2 (it could not run), not 1.
#[cfg(unix)]
#[test]
fn verify_on_an_unreadable_file_exits_2() {
    let dir = scratch("verify-unreadable");
    let kuma = dir.join("kuma");
    std::fs::create_dir_all(&kuma).expect("create kuma/");
    // Not UTF-8: unreadable as text whatever the user's permissions (root reads anything).
    std::fs::write(kuma.join("bad.perft"), [0xff, 0xfe, 0x00]).expect("write");
    let o = run_in(&dir, &["verify", "--corpus", "kuma"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("ERROR kuma/bad.perft"), "{out}");
}

/// The report file is opened before the engine runs: a path in a missing folder fails at once,
/// and the engine (here `touch STARTED ...`, which would leave a file) never starts.
#[test]
fn conform_report_to_an_unwritable_path_fails_before_the_run() {
    let dir = scratch("conform-report");
    let err = fails_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            "touch STARTED",
            "--corpus",
            &root().join("examples/kuma/ep.perft").display().to_string(),
            "--report",
            "no-such-folder/report.json",
        ],
        2,
    );
    assert!(err.contains("no-such-folder/report.json"), "{err}");
    assert!(!dir.join("STARTED").exists(), "the engine ran");
}

#[test]
fn completions_cover_commands_games_and_options() {
    for shell in ["bash", "zsh", "fish"] {
        let script = ok(&["completions", shell]);
        for word in ["perft", "verify", "conform", "hunterbeest"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
        for option in ["fen", "json", "max-reference-nodes"] {
            // fish names a long option `-l fen`, the others `--fen`.
            let word = match shell {
                "fish" => format!("-l {option}"),
                _ => format!("--{option}"),
            };
            assert!(script.contains(&word), "{shell} completions lack {word}");
        }
    }
    let err = fails(&["completions", "tcsh"], 2);
    assert!(err.contains("tcsh"), "{err}");
}

/// Each mistake is named, with the right choices or a close suggestion, and exit status 2.
#[test]
fn mistakes_name_the_bad_word_and_the_choices() {
    for (args, needles, forbidden) in [
        // A misspelt option, game, generator and command: a suggestion.
        (
            &["perft", "kuma", "1", "--thread", "2"][..],
            &["\"--thread\"", "did you mean --threads"][..],
            &[][..],
        ),
        (
            &["perft", "kumma", "1"],
            &["\"kumma\"", "did you mean \"kuma\""],
            &[],
        ),
        (
            &["perft", "kuma", "1", "--generator", "bitbord"],
            &[
                "\"bitbord\"",
                "reference, bitboard",
                "did you mean bitboard",
            ],
            &[],
        ),
        (&["perfft"], &["\"perfft\"", "did you mean perft"], &[]),
        // An option of another command is not "unknown".
        (
            &["moves", "kuma", "--threads", "2"],
            &["--threads is not an option of `moves`", "perft"],
            &[],
        ),
        // A switch value: the choices, not serde's words.
        (
            &["perft", "kuma", "1", "--switch", "blind-bear=sometimes"],
            &["\"sometimes\"", "needs-legal-move, even-if-exposed"],
            &["unknown variant"],
        ),
        // FEN columns count from 1: the side field of this FEN starts at its 21st character.
        (
            &["moves", "kuma", "--fen", "4k3/8/8/8/8/8/8/4K3 x - -"],
            &["\"x\"", "column 21"],
            &[],
        ),
        // --moves without --fen does not blame a --fen; the FEN is shown once.
        (
            &["moves", "kuma", "--moves", "e2e4 e7e5 e4e5"],
            &["\"e4e5\" after e2e4 e7e5", "not a legal move"],
            &["--fen"],
        ),
        (
            &["moves", "kuma", "--moves", "e2e5"],
            &["\"e2e5\" in the start position"],
            &["--fen"],
        ),
        // A promotion without its letter: the four choices of orthodox chess.
        (
            &[
                "moves",
                "chess",
                "--fen",
                "4k3/P7/8/8/8/8/8/4K3 w - -",
                "--moves",
                "a7a8",
            ],
            &["a7a8b, a7a8n, a7a8q, a7a8r"],
            &[],
        ),
    ] {
        let err = fails(args, 2);
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: {err}");
        }
        for word in forbidden {
            assert!(!err.contains(word), "{args:?}: {err}");
        }
        assert!(
            err.matches("ubvskvbr/").count() <= 1,
            "the FEN twice: {err}"
        );
    }
}

/// `verify failed: 1 mismatch, 0 entries ...`: counted words, not `entr(ies)`.
#[test]
fn verify_failure_counts_in_words() {
    let dir = scratch("verify-words");
    let kuma = dir.join("kuma");
    std::fs::create_dir_all(&kuma).expect("create kuma/");
    std::fs::write(
        kuma.join("start.perft"),
        format!("id start\nepd {KUMA_START}\nperft 1 17\n"),
    )
    .expect("write");
    let o = run_in(
        &dir,
        &["verify", "--corpus", "kuma", "--max-reference-nodes", "0"],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("verify failed: 1 mismatch, 0 entries that could not be checked"),
        "{err}"
    );
}
