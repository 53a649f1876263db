//! `fairyspec conform` through an engine's day, with fake engines built for each case: an engine
//! that times out or crashes on one position still gets the rest of its report (exit 2 when any
//! engine error was met, else 1 on a divergence); a long-lived engine killed by its error is
//! started again; the run stops early only where going on cannot help, and says why; `--sample`;
//! the hints a newcomer gets for the usual first mistakes; the link of each first divergence to
//! the page; `examples/broken-engine.sh` run with the binary path README gives.
//!
//! Every engine here is a small shell or Python script around fairyspec's own `perft`, so
//! nothing outside the repository is needed.

use pretty_assertions::assert_eq;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A scratch folder of its own for test `name` (emptied first).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fairyspec-conform-day-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Writes an executable script.
fn script(path: &Path, body: &str) {
    std::fs::write(path, body).expect("script written");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
}

/// Runs `fairyspec` in `dir`.
fn fairyspec_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("FAIRYSPEC", BIN)
        .env_remove("FAIRYSPEC_ENGINE_LOG")
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

fn report(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("report written"))
        .expect("the report is JSON")
}

fn statuses(r: &Value) -> Vec<String> {
    r["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| {
            format!(
                "{} {}",
                p["id"].as_str().unwrap(),
                p["status"].as_str().unwrap()
            )
        })
        .collect()
}

/// The Kuma start, a position whose depth-3 tree holds en passant (which the faulty perft below
/// forgets), and two more: each at the depths given.
const KUMA_START: &str = "ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
const KUMA_EP: &str = "ubvskvbr/ppp1pppp/8/8/3p4/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1";
const KUMA_SLOW: &str = "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq - 0 1";
const KUMA_LAST: &str = "ubvskvbr/pppppppp/8/8/8/5P2/PPPPP1PP/UBVSKVBR b KQkq - 0 1";

fn corpus(dir: &Path, entries: &[(&str, &str)], depth: u32) -> String {
    let body: String = entries
        .iter()
        .map(|(id, fen)| format!("id {id}\nepd {fen}\nperft {depth} 1\n\n"))
        .collect();
    let path = dir.join("corpus.perft");
    std::fs::write(&path, body).expect("corpus written");
    path.display().to_string()
}

/// A perftree engine: fairyspec's perft without en passant, that hangs on `KUMA_SLOW`.
fn slow_perftree(dir: &Path) -> String {
    let path = dir.join("slow.sh");
    script(
        &path,
        &format!(
            "#!/bin/sh\n\
             if [ \"$2\" = '{KUMA_SLOW}' ]; then exec sleep 30; fi\n\
             exec \"$FAIRYSPEC\" perft kuma \"$1\" --fen \"$2\" --moves \"$3\" --inject-fault no-en-passant\n"
        ),
    );
    path.display().to_string()
}

#[cfg(unix)]
#[test]
fn an_engine_that_times_out_on_one_position_still_gets_the_rest_of_its_report() {
    let dir = scratch("timeout");
    let corpus = corpus(
        &dir,
        &[
            ("start", KUMA_START),
            ("slow", KUMA_SLOW),
            ("ep", KUMA_EP),
            ("last", KUMA_LAST),
        ],
        3,
    );
    let engine = slow_perftree(&dir);
    let json = dir.join("report.json");
    let out = fairyspec_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            &engine,
            "--corpus",
            &corpus,
            "--timeout",
            "1",
            "--report",
            json.to_str().unwrap(),
        ],
    );
    // An engine error outranks the divergence: exit 2, and both are reported.
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let r = report(&json);
    assert_eq!(
        statuses(&r),
        [
            "start agree",
            "slow engine-error",
            "ep diverged",
            "last agree"
        ],
        "{}",
        text(&out)
    );
    assert_eq!(r["summary"]["engine_errors"], 1);
    assert_eq!(r["summary"]["diverged"], 1);
    assert_eq!(r["summary"]["not_checked"], 0);
    assert!(r["stopped"].is_null(), "{r}");
    assert_eq!(r["positions"][1]["error"]["kind"], "timeout");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("slow depth 3: spec"), "{stdout}");
    assert!(stdout.contains("engine timed out after 1s"), "{stdout}");
    assert!(
        stdout.contains("hint: each query may take --timeout seconds"),
        "{stdout}"
    );
    assert!(
        stdout.contains("summary: 4 check(s): 2 agree, 1 diverged, 1 engine error(s)"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the engine failed on 1 check (the first: slow depth 3: engine timed out"),
        "{stderr}"
    );
    assert!(
        stderr.contains("besides, the engine and the specification differ in 1 check"),
        "{stderr}"
    );
}

/// A UCI engine made of fairyspec's perft without en passant, which dies (`crash`) or hangs
/// (`hang`) when asked about `KUMA_SLOW`; every start appends a line to `starts`, and when
/// `starts` already holds `fail_after` lines it exits at once instead (a restart that fails).
fn fake_uci(dir: &Path, on_slow: &str, fail_after: usize) -> String {
    let path = dir.join("uci.py");
    let starts = dir.join("starts");
    std::fs::write(
        &path,
        format!(
            r#"import subprocess, sys
starts = {starts:?}
try:
    n = len(open(starts).read().splitlines())
except FileNotFoundError:
    n = 0
if n >= {fail_after}:
    sys.exit(5)
open(starts, "a").write("start\n")
fen, moves = None, ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name fake", flush=True); print("uciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        rest = line.split(" moves ")
        fen = rest[0].split(" ", 2)[2].strip()
        moves = rest[1].strip() if len(rest) > 1 else ""
    elif words[0] == "go":
        if fen == {slow:?}:
            if {on_slow:?} == "hang":
                import time; time.sleep(30)
            sys.exit(3)
        out = subprocess.run([{bin:?}, "perft", "kuma", words[2], "--fen", fen, "--moves", moves,
                              "--inject-fault", "no-en-passant"],
                             capture_output=True, text=True).stdout.split("\n")
        for l in out:
            if " " in l:
                m, c = l.split()
                print(f"{{m}}: {{c}}", flush=True)
        print("Nodes searched: " + out[-2], flush=True)
    elif words[0] == "quit":
        break
"#,
            slow = KUMA_SLOW,
            bin = BIN
        ),
    )
    .expect("script written");
    format!("python3 {}", path.display())
}

fn starts(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("starts"))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn a_long_lived_engine_killed_by_its_error_is_started_again() {
    for (case, timeout) in [("hang", "1"), ("crash", "20")] {
        let dir = scratch(&format!("restart-{case}"));
        let corpus = corpus(
            &dir,
            &[
                ("start", KUMA_START),
                ("slow", KUMA_SLOW),
                ("ep", KUMA_EP),
                ("last", KUMA_LAST),
            ],
            2,
        );
        let json = dir.join("report.json");
        let engine = fake_uci(&dir, case, 99);
        let out = fairyspec_in(
            &dir,
            &[
                "conform",
                "kuma",
                "--engine",
                &engine,
                "--protocol",
                "uci",
                "--corpus",
                &corpus,
                "--depth",
                "3",
                "--timeout",
                timeout,
                "--report",
                json.to_str().unwrap(),
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{case}: {}", text(&out));
        let r = report(&json);
        assert_eq!(
            statuses(&r),
            [
                "start agree",
                "slow engine-error",
                "ep diverged",
                "last agree"
            ],
            "{case}: {}",
            text(&out)
        );
        let kind = if case == "hang" { "timeout" } else { "exited" };
        assert_eq!(r["positions"][1]["error"]["kind"], kind, "{case}");
        assert_eq!(r["positions"][1]["restarted"], true, "{case}");
        assert_eq!(r["positions"][0]["restarted"], false, "{case}");
        // One start for the run, one after the error.
        assert_eq!(starts(&dir), 2, "{case}: {}", text(&out));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("(the engine was started again for the next check)"),
            "{case}: {stdout}"
        );
    }
}

#[test]
fn a_restart_that_fails_stops_the_run_and_says_why() {
    let dir = scratch("restart-fails");
    let corpus = corpus(
        &dir,
        &[
            ("start", KUMA_START),
            ("slow", KUMA_SLOW),
            ("ep", KUMA_EP),
            ("last", KUMA_LAST),
        ],
        2,
    );
    let json = dir.join("report.json");
    // The second start fails: the engine exits before its handshake.
    let engine = fake_uci(&dir, "crash", 1);
    let out = fairyspec_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            &engine,
            "--protocol",
            "uci",
            "--corpus",
            &corpus,
            "--timeout",
            "20",
            "--report",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let r = report(&json);
    assert_eq!(statuses(&r), ["start agree", "slow engine-error"]);
    assert_eq!(r["summary"]["not_checked"], 2, "{r}");
    assert_eq!(
        r["stopped"]["reason"],
        "the engine could not be started again after its error"
    );
    assert_eq!(r["stopped"]["error"]["kind"], "exited", "{r}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "stopped: the engine could not be started again after its error; 2 check(s) not made"
        ),
        "{stdout}"
    );
    assert!(stdout.contains(", 2 not checked"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn an_engine_that_never_answers_is_stopped_after_three_checks_with_a_hint() {
    let dir = scratch("silent");
    let entries: Vec<(String, &str)> = (0..6).map(|i| (format!("p{i}"), KUMA_START)).collect();
    let entries: Vec<(&str, &str)> = entries.iter().map(|(i, f)| (i.as_str(), *f)).collect();
    let corpus = corpus(&dir, &entries, 1);
    script(&dir.join("silent.sh"), "#!/bin/sh\nexit 0\n");
    let json = dir.join("report.json");
    let out = fairyspec_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            "./silent.sh",
            "--corpus",
            &corpus,
            "--report",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let r = report(&json);
    assert_eq!(r["summary"]["engine_errors"], 3);
    assert_eq!(r["summary"]["not_checked"], 3);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout
            .contains("stopped: the engine failed on each of the first 3 checks and answered none"),
        "{stdout}"
    );
    // The hint once, under the first error, with the command to try by hand.
    assert_eq!(
        stdout.matches("hint: it printed nothing").count(),
        1,
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "run it yourself to see: ./silent.sh 1 '{KUMA_START}' ''"
        )),
        "{stdout}"
    );
}

#[cfg(unix)]
#[test]
fn a_newcomer_s_first_mistakes_get_hints() {
    let dir = scratch("newcomer");
    let corpus = corpus(&dir, &[("start", KUMA_START)], 1);
    script(&dir.join("engine.sh"), "#!/bin/sh\nexit 0\n");
    std::fs::write(dir.join("plain.sh"), "#!/bin/sh\nexit 0\n").expect("written");
    script(&dir.join("lost.sh"), "#!/no/such/interpreter-here\n");
    script(
        &dir.join("env.sh"),
        "#!/usr/bin/env no-such-interpreter-here\n",
    );
    let broken = Path::new(ROOT).join("examples/broken-engine.sh");
    let broken = broken.display().to_string();
    for (engine, protocol, want) in [
        (
            "engine.sh",
            "perftree",
            "hint: there is a file \"engine.sh\" in this folder, but a command without a `/` is \
             looked up on the PATH only: write ./engine.sh",
        ),
        (
            "./plain.sh",
            "perftree",
            "is not executable: make it so (chmod +x ./plain.sh)",
        ),
        (
            "./lost.sh",
            "perftree",
            "the interpreter its first line names (#!/no/such/interpreter-here) is what is \
             missing",
        ),
        (
            "./env.sh",
            "perftree",
            "exit status 127 is a shell's (or `env`'s) \"command not found\"",
        ),
        (
            "no-such-engine-anywhere",
            "uci",
            "is neither on the PATH nor a file here",
        ),
        (
            "~/engine",
            "perftree",
            "is not expanded: the command runs without a shell",
        ),
        // A perftree script spoken to as a UCI engine: it exits, asked `uci`.
        (
            broken.as_str(),
            "uci",
            "is it a perftree script (then leave out --protocol)?",
        ),
    ] {
        let out = fairyspec_in(
            &dir,
            &[
                "conform",
                "kuma",
                "--engine",
                engine,
                "--protocol",
                protocol,
                "--corpus",
                &corpus,
                "--timeout",
                "5",
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{engine}: {}", text(&out));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(want),
            "{engine}: want {want:?}\n{}",
            text(&out)
        );
        assert!(stderr.contains("\nhint: "), "{engine}: {stderr}");
    }
}

#[test]
fn sample_takes_every_kth_position_and_says_so() {
    let dir = scratch("sample");
    let ids = ["a", "b", "c", "d", "e"];
    let entries: Vec<(&str, &str)> = ids.iter().map(|i| (*i, KUMA_START)).collect();
    let corpus = corpus(&dir, &entries, 1);
    let engine = dir.join("honest.sh");
    script(
        &engine,
        "#!/bin/sh\nexec \"$FAIRYSPEC\" perft kuma \"$1\" --fen \"$2\" --moves \"$3\"\n",
    );
    let json = dir.join("report.json");
    let out = fairyspec_in(
        &dir,
        &[
            "conform",
            "kuma",
            "--engine",
            engine.to_str().unwrap(),
            "--corpus",
            &corpus,
            "--sample",
            "2",
            "--report",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(statuses(&report(&json)), ["a agree", "c agree", "e agree"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .ends_with("; every 2nd of 5 positions"),
        "{stdout}"
    );
    for bad in ["0", "1001", "x"] {
        let out = fairyspec_in(&dir, &["conform", "kuma", "--engine", "x", "--sample", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", text(&out));
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("--sample must be a whole number from 1 to 1000"),
            "{bad}: {}",
            text(&out)
        );
    }
}

#[cfg(unix)]
#[test]
fn each_first_divergence_links_to_its_position_on_the_page() {
    let dir = scratch("link");
    let corpus = corpus(&dir, &[("ep", KUMA_EP)], 3);
    let json = dir.join("report.json");
    let engine = format!(
        "sh {} kuma",
        Path::new(ROOT).join("examples/broken-engine.sh").display()
    );
    for (switches, tail) in [
        (&[][..], ""),
        (
            &["--switch", "blind-bear=even-if-exposed"][..],
            "&switch=blind-bear=even-if-exposed",
        ),
    ] {
        let mut args = vec![
            "conform",
            "kuma",
            "--engine",
            &engine,
            "--corpus",
            &corpus,
            "--report",
            json.to_str().unwrap(),
        ];
        args.extend(switches);
        let out = fairyspec_in(&dir, &args);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        // The position after c2c4, where d4c3 (en passant) is the missing move.
        let page = format!(
            "/play/kuma#ubvskvbr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/UBVSKVBR%20b%20KQkq%20c3%200%201{tail}"
        );
        let r = report(&json);
        assert_eq!(r["positions"][0]["divergence"]["page"], page.as_str());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!(
                "    on the page: http://127.0.0.1:{}{page} (while `fairyspec serve` runs)",
                fairyspec::serve::DEFAULT_PORT
            )),
            "{stdout}"
        );
    }
}

/// README builds the binary as `target/release/fairyspec` and runs the example from the
/// checkout; the example finds that binary without `fairyspec` on the PATH or `FAIRYSPEC` set.
#[cfg(unix)]
#[test]
fn the_broken_engine_example_runs_with_the_binary_path_readme_gives() {
    let dir = scratch("checkout");
    std::fs::create_dir_all(dir.join("examples/kuma")).expect("folders");
    std::fs::create_dir_all(dir.join("target/release")).expect("folders");
    for file in ["examples/broken-engine.sh", "examples/kuma/ep.perft"] {
        std::fs::copy(Path::new(ROOT).join(file), dir.join(file)).expect("copied");
    }
    std::fs::copy(BIN, dir.join("target/release/fairyspec")).expect("binary copied");
    let out = Command::new("sh")
        .arg("-c")
        .arg(
            "target/release/fairyspec conform kuma --engine \"examples/broken-engine.sh kuma\" \
             --corpus examples/kuma/ep.perft --depth 3",
        )
        .current_dir(&dir)
        .env_remove("FAIRYSPEC")
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("moves only the spec has:   d4c3"),
        "{stdout}"
    );
    // With no binary anywhere, the example says what to do.
    std::fs::remove_file(dir.join("target/release/fairyspec")).expect("removed");
    let out = Command::new("sh")
        .arg("examples/broken-engine.sh")
        .args(["kuma", "1", KUMA_START, ""])
        .current_dir(&dir)
        .env_remove("FAIRYSPEC")
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("sh runs");
    assert_ne!(out.status.code(), Some(0), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cargo build --release"), "{stderr}");
}
