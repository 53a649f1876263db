//! `fairyspec conform` against engines that try to exhaust it (issue 32): an endless line, a
//! flood on standard error, children left running or holding the output open, counts past 64
//! bits, a move listed twice — and a depth the specification itself cannot count in time. Each
//! engine is a small shell script written by the test. Linux only: the tests read `/proc` to see
//! what is left running, and `wait4` for the peak memory of the `fairyspec` process.
//!
//! Every engine script writes the pids it wants checked to a file; after `fairyspec` has exited,
//! each must be gone (a zombie waiting for a parent that never reaps, as in some containers,
//! counts as gone: it runs nothing and holds no memory).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_fairyspec");

/// The most memory (peak resident set, KiB) a `fairyspec` run against a hostile engine may take
/// (issue 32: under 100 MB). Measured: 7–8 MB for each engine here (it was 657 MB for the
/// endless line and 713 MB for the stderr flood, in 3 s, before the bounds).
const MAX_RSS_KIB: i64 = 100_000;

/// Kuma's start position at depth 1 (16 moves: corpus/kuma/start.perft).
const KUMA_START: &str =
    "id start\nepd ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq - 0 1\nperft 1 16\n";

/// A path in the temporary folder, unique to this test process, `test` and `name`.
fn temp(test: &str, name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "fairyspec-hostile-{}-{test}-{name}",
        std::process::id()
    ))
}

/// Writes an executable `sh` script `name` for `test`; returns its path. `PIDS` in `body`
/// stands for the file the script writes the pids to check into.
fn script(test: &str, name: &str, body: &str) -> (String, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let pids = temp(test, &format!("{name}.pids"));
    let _ = std::fs::remove_file(&pids);
    let path = temp(test, name);
    let text = format!(
        "#!/bin/sh\n{}\n",
        body.replace("PIDS", &pids.display().to_string())
    );
    std::fs::write(&path, text).expect("write the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    (path.display().to_string(), pids)
}

fn corpus(test: &str, body: &str) -> String {
    let path = temp(test, "corpus.perft");
    std::fs::write(&path, body).expect("write the corpus");
    path.display().to_string()
}

/// A finished `fairyspec` run: exit code, output, and its peak memory.
struct Run {
    code: Option<i32>,
    /// The signal that ended it, if one did.
    signal: Option<i32>,
    stdout: String,
    stderr: String,
    /// Peak resident set size of the process (KiB), from `wait4`.
    max_rss_kib: i64,
}

impl Run {
    fn text(&self) -> String {
        format!(
            "exit {:?} signal {:?}, peak {} KiB\nstdout:\n{}\nstderr:\n{}",
            self.code, self.signal, self.max_rss_kib, self.stdout, self.stderr
        )
    }
}

/// Starts `fairyspec args`; `FAIRYSPEC` points the scripts at the binary.
fn start(args: &[&str]) -> std::process::Child {
    Command::new(BIN)
        .args(args)
        .env("FAIRYSPEC", BIN)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fairyspec starts")
}

/// Reads a started run to its end and reaps it with `wait4`, which gives its peak memory.
fn finish(mut child: std::process::Child) -> Run {
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let mut stdout = String::new();
    let _ = out.read_to_string(&mut stdout);
    let stderr = reader.join().expect("stderr read");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status: libc::c_int = 0;
    // SAFETY: wait4 writes the status and a rusage into the zeroed values given; the child is
    // ours and not reaped yet (`Child` is never waited on).
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let reaped = libc::wait4(pid, &mut status, 0, &mut usage);
        assert_eq!(reaped, pid, "wait4");
        usage
    };
    let (code, signal) = if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else {
        (None, Some(libc::WTERMSIG(status)))
    };
    Run {
        code,
        signal,
        stdout,
        stderr,
        max_rss_kib: usage.ru_maxrss,
    }
}

fn run(args: &[&str]) -> Run {
    finish(start(args))
}

/// The pids a script wrote (one a line), waiting up to 10 s for the file.
fn pids(file: &Path) -> Vec<i32> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(text) = std::fs::read_to_string(file) {
            let pids: Vec<i32> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
            if !pids.is_empty() && text.ends_with('\n') {
                return pids;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the engine never wrote {}",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The state letter and command name of process `pid` (`/proc/PID/stat`), if it exists.
fn process(pid: i32) -> Option<(char, String)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat[open + 1..close].to_string();
    let state = stat[close + 1..].trim_start().chars().next()?;
    Some((state, name))
}

/// The command name the kernel gives a script run by its path (`/proc/PID/stat`): its file
/// name, cut to 15 bytes.
fn comm(script: &str) -> String {
    let name = Path::new(script)
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    name.chars().take(15).collect()
}

/// Asserts that each process of `pids` (started as the command `names[i]`, as
/// `/proc/PID/stat` names it) has ended: gone, or a zombie. A kill takes effect at once, but
/// its delivery is asynchronous: allow 10 s.
fn all_gone(pids: &[i32], names: &[&str], run: &Run) {
    assert_eq!(pids.len(), names.len(), "{pids:?} {names:?}");
    for (&pid, &name) in pids.iter().zip(names) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match process(pid) {
                None => break,
                Some(('Z', _)) => break,
                // The pid was reused by another program: ours is gone.
                Some((_, other)) if other != name => break,
                Some((state, _)) => assert!(
                    Instant::now() < deadline,
                    "{name} ({pid}) still runs (state {state}) after fairyspec exited\n{}",
                    run.text()
                ),
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn conform(engine: &str, protocol: &str, corpus: &str, timeout: &str) -> Run {
    run(&[
        "conform",
        "kuma",
        "--engine",
        engine,
        "--protocol",
        protocol,
        "--corpus",
        corpus,
        "--timeout",
        timeout,
    ])
}

/// An engine that prints one endless line (`cat /dev/zero`: no line end, ever) is stopped at
/// 64 KiB, over either protocol; conform stays small and the engine is killed.
#[test]
fn an_endless_line_costs_little_and_leaves_nothing_running() {
    const TEST: &str = "endless";
    let (engine, pid_file) = script(TEST, "zero.sh", "echo $$ > PIDS\nexec cat /dev/zero");
    let corpus = corpus(TEST, KUMA_START);
    for protocol in ["perftree", "uci"] {
        let _ = std::fs::remove_file(&pid_file);
        let r = conform(&engine, protocol, &corpus, "20");
        assert_eq!(r.code, Some(2), "{protocol}: {}", r.text());
        assert!(
            r.stderr
                .contains("is not understood: a line longer than 65536 bytes"),
            "{protocol}: {}",
            r.text()
        );
        assert!(r.max_rss_kib < MAX_RSS_KIB, "{protocol}: {}", r.text());
        all_gone(&pids(&pid_file), &["cat"], &r);
    }
}

/// A flood on standard error is drained and only its end kept; the time-out then says what the
/// engine wrote there, and that it printed nothing on standard output (not "nothing" at all).
#[test]
fn a_flood_on_stderr_costs_little_and_is_reported() {
    const TEST: &str = "stderr";
    // The shell keeps its standard output open (an engine that closes it has ended, as far as
    // conform can tell) while `cat` floods standard error.
    let (engine, pid_file) = script(
        TEST,
        "flood.sh",
        "echo $$ > PIDS\ncat /dev/zero >&2 &\necho $! >> PIDS\nwait",
    );
    let corpus = corpus(TEST, KUMA_START);
    for protocol in ["perftree", "uci"] {
        let _ = std::fs::remove_file(&pid_file);
        let r = conform(&engine, protocol, &corpus, "1");
        assert_eq!(r.code, Some(2), "{protocol}: {}", r.text());
        assert!(
            r.stderr.contains("engine timed out after 1s"),
            "{}",
            r.text()
        );
        assert!(r.stderr.contains("; stderr: ["), "{}", r.text());
        assert!(
            r.stderr.contains("bytes before] …"),
            "{protocol}: {}",
            r.text()
        );
        // The error names what the engine printed on stdout: nothing (the hint follows it).
        assert!(
            r.stderr.contains("; it printed nothing on stdout"),
            "{protocol}: {}",
            r.text()
        );
        assert!(r.max_rss_kib < MAX_RSS_KIB, "{protocol}: {}", r.text());
        all_gone(&pids(&pid_file), &[&comm(&engine), "cat"], &r);
    }
}

/// A perftree engine that answers in full but leaves a child holding its standard output open:
/// the answer counts (it was reported "timed out" before), and the child is killed.
#[test]
fn an_answer_complete_when_the_engine_ends_is_taken_and_its_child_killed() {
    const TEST: &str = "held";
    let (engine, pid_file) = script(
        TEST,
        "held.sh",
        "sleep 1000 &\necho $! > PIDS\n\
         exec \"$FAIRYSPEC\" perft kuma \"$1\" --fen \"$2\" --moves \"$3\"",
    );
    let corpus = corpus(TEST, KUMA_START);
    let r = conform(&engine, "perftree", &corpus, "30");
    assert_eq!(r.code, Some(0), "{}", r.text());
    assert!(
        r.stdout.contains("start depth 1: spec 16 engine 16 ok"),
        "{}",
        r.text()
    );
    assert!(r.max_rss_kib < MAX_RSS_KIB, "{}", r.text());
    all_gone(&pids(&pid_file), &["sleep"], &r);
}

/// On a time-out the engine's whole process group is killed: a busy child of a perftree script
/// (as `minase dev perft 6` under examples/chu/minase_perftree.py) does not go on running.
#[test]
fn a_timed_out_engine_s_children_are_killed() {
    const TEST: &str = "busy";
    let (engine, pid_file) = script(
        TEST,
        "busy.sh",
        "echo $$ > PIDS\nsh -c 'while :; do :; done' &\necho $! >> PIDS\nwait",
    );
    let corpus = corpus(TEST, KUMA_START);
    let r = conform(&engine, "perftree", &corpus, "1");
    assert_eq!(r.code, Some(2), "{}", r.text());
    assert!(
        r.stderr.contains("engine timed out after 1s"),
        "{}",
        r.text()
    );
    all_gone(&pids(&pid_file), &[&comm(&engine), "sh"], &r);
}

/// A UCI engine, answering as it should, that started a helper: when conform is done with it
/// (at the end of the run), the helper goes with it.
#[test]
fn a_uci_engine_s_children_end_with_the_run() {
    const TEST: &str = "uci-child";
    let (engine, pid_file) = script(
        TEST,
        "uci.sh",
        "sleep 1000 &\necho $! > PIDS\n\
         while read -r line; do\n\
           case \"$line\" in\n\
             uci) echo uciok ;;\n\
             isready) echo readyok ;;\n\
             'go perft 1') \"$FAIRYSPEC\" perft kuma 1 | sed '$s/^/Nodes searched: /' ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done",
    );
    let corpus = corpus(TEST, KUMA_START);
    let r = conform(&engine, "uci", &corpus, "30");
    assert_eq!(r.code, Some(0), "{}", r.text());
    assert!(
        r.stdout.contains("start depth 1: spec 16 engine 16 ok"),
        "{}",
        r.text()
    );
    all_gone(&pids(&pid_file), &["sleep"], &r);
}

/// Ended by a signal while it waits for an engine, conform takes the engine's process group
/// with it (the group no longer gets the terminal's Ctrl-C, so conform must pass it on).
#[test]
fn conform_ended_by_a_signal_ends_its_engine() {
    const TEST: &str = "signal";
    let (engine, pid_file) = script(
        TEST,
        "silent.sh",
        "echo $$ > PIDS\nsleep 1000 &\necho $! >> PIDS\n\
         while read -r line; do\n\
           case \"$line\" in\n\
             uci) echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) echo asked > PIDS.asked ;;\n\
           esac\n\
         done",
    );
    let asked = PathBuf::from(format!("{}.asked", pid_file.display()));
    let _ = std::fs::remove_file(&asked);
    let corpus = corpus(TEST, KUMA_START);
    let child = start(&[
        "conform",
        "kuma",
        "--engine",
        &engine,
        "--protocol",
        "uci",
        "--corpus",
        &corpus,
        "--timeout",
        "600",
    ]);
    let engine_pids = pids(&pid_file);
    // The engine answers `isready` before conform asks for a perft it never answers; wait for
    // that question (conform is then waiting, the engine's group registered): up to 60 s, as a
    // loaded machine may take its time.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !asked.exists() {
        assert!(
            Instant::now() < deadline,
            "conform never asked the engine for a perft"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: a signal to our own child, not reaped yet.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let r = finish(child);
    assert_eq!(r.signal, Some(libc::SIGTERM), "{}", r.text());
    all_gone(&engine_pids, &[&comm(&engine), "sleep"], &r);
}

/// Per-move counts that add up past 2^64 − 1 (in a release build they wrapped to 0 and matched
/// a total of 0) are garbage.
#[test]
fn counts_that_overflow_are_garbage() {
    const TEST: &str = "overflow";
    let (engine, _) = script(
        TEST,
        "overflow.sh",
        "printf 'a2a3 18446744073709551615\\nb2b3 1\\n\\n0\\n'",
    );
    let corpus = corpus(TEST, KUMA_START);
    let r = conform(&engine, "perftree", &corpus, "30");
    assert_eq!(r.code, Some(2), "{}", r.text());
    assert!(
        r.stderr
            .contains("the counts add up to more than 18446744073709551615 (2^64 - 1)"),
        "{}",
        r.text()
    );
}

/// A move listed twice is named as such, not as a move only the engine has.
#[test]
fn a_move_listed_twice_is_named_as_such() {
    const TEST: &str = "twice";
    // Kuma's 16 start moves, each counted once, and a2a3 once more: 17 in all.
    let (engine, _) = script(
        TEST,
        "twice.sh",
        "{ \"$FAIRYSPEC\" perft kuma 1 | sed '/^$/,$d'; echo 'a2a3 1'; echo; echo 17; }",
    );
    let corpus = corpus(TEST, KUMA_START);
    let report = temp(TEST, "report.json");
    let report_path = report.display().to_string();
    let r = run(&[
        "conform",
        "kuma",
        "--engine",
        &engine,
        "--corpus",
        &corpus,
        "--report",
        &report_path,
    ]);
    assert_eq!(r.code, Some(1), "{}", r.text());
    assert!(
        r.stdout.contains("moves the engine lists twice: a2a3"),
        "{}",
        r.text()
    );
    assert!(
        r.stdout.contains("moves only the engine has: (none)"),
        "{}",
        r.text()
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("JSON");
    let d = &json["positions"][0]["divergence"];
    assert_eq!(d["listed_twice"], serde_json::json!(["a2a3"]), "{d}");
    assert_eq!(d["only_engine"], serde_json::json!([]), "{d}");
    assert_eq!(d["only_spec"], serde_json::json!([]), "{d}");
}

/// `--timeout` bounds the specification's own count too: chess's start at depth 12
/// (62,854,969,236,701,747 leaves, OEIS A048987) is stopped, the check skipped with the reason,
/// and the engine never asked.
#[test]
fn the_spec_s_own_count_is_bounded_by_the_timeout() {
    const TEST: &str = "spec-budget";
    let asked = temp(TEST, "asked");
    let _ = std::fs::remove_file(&asked);
    let (engine, _) = script(
        TEST,
        "engine.sh",
        &format!("touch {}\nexec sleep 1000", asked.display()),
    );
    let corpus = corpus(
        TEST,
        "id startpos\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let r = run(&[
        "conform",
        "chess",
        "--engine",
        &engine,
        "--corpus",
        &corpus,
        "--depth",
        "12",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.text());
    assert!(
        r.stdout
            .contains("startpos depth 12: spec - engine - skipped"),
        "{}",
        r.text()
    );
    assert!(
        r.stdout
            .contains("the specification's own count was stopped at the time limit (1 s"),
        "{}",
        r.text()
    );
    assert!(r.stdout.contains("1 skipped"), "{}", r.text());
    assert!(!asked.exists(), "the engine was asked\n{}", r.text());
}

/// `corpus --depth 64` stops at its time limit with an error naming the position, instead of
/// running for ever; what it wrote before is whole blocks (here: the two header lines).
#[test]
fn corpus_counts_are_bounded_by_the_timeout() {
    let r = run(&[
        "corpus",
        "kuma",
        "--positions",
        "1",
        "--depth",
        "64",
        "--seed",
        "1",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, Some(2), "{}", r.text());
    assert!(
        r.stderr.contains("fairyspec: error: random-1 ("),
        "{}",
        r.text()
    );
    assert!(
        r.stderr
            .contains("was stopped at the time limit of one position (1 s, --timeout) after"),
        "{}",
        r.text()
    );
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.text());
    assert!(r.stdout.lines().all(|l| l.starts_with('#')), "{}", r.text());
}

/// Files the command line reads are bounded: `/dev/zero` (endless) as a game record, a corpus
/// or a matrix is refused with the limit, after reading at most 64 MiB.
#[test]
fn an_endless_input_file_is_refused_with_the_limit() {
    let limit =
        "/dev/zero: larger than 64 MiB (67108864 bytes), the most fairyspec reads from one \
                 file";
    for args in [
        &["replay", "kuma", "/dev/zero"][..],
        &[
            "conform",
            "kuma",
            "--engine",
            "true",
            "--corpus",
            "/dev/zero",
        ][..],
        &["matrix", "--matrix", "/dev/zero", "--check"][..],
    ] {
        let r = run(args);
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.text());
        assert!(r.stderr.contains(limit), "{args:?}: {}", r.text());
    }
}
