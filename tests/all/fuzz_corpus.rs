//! Replays every saved fuzz input (`corpus/fuzz/<target>/*`) through the same library function
//! the fuzz target calls (`fairyspec::check::targets`), so that each seed, and each crash once
//! found and saved there, stays a regression test of `cargo test`.

use fairyspec::check::reach::Reach;
use fairyspec::check::targets::{self, TargetFailure};
use fairyspec::chess::Chess;
use fairyspec::chu::ChuSwitches;
use fairyspec::congo::{Congo, CongoSwitches};
use fairyspec::hunterbeest::{Hunterbeest, HunterbeestSwitches};
use fairyspec::kuma::{Kuma, KumaSwitches};
use fairyspec::switches::Switches;
use std::path::PathBuf;

/// The saved inputs of `corpus/fuzz/<name>/`, sorted by file name, each with its path.
fn inputs(name: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/fuzz")
        .join(name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no inputs", dir.display());
    files
        .into_iter()
        .map(|file| {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            (file, data)
        })
        .collect()
}

/// Runs `target` on every file of `corpus/fuzz/<name>/` and fails with the file name and the
/// failure of the first input that fails. Panics inside the target fail the test as well.
fn replay(name: &str, target: fn(&[u8]) -> Result<(), TargetFailure>) {
    for (file, data) in inputs(name) {
        if let Err(failure) = target(&data) {
            panic!("{}: {failure}", file.display());
        }
    }
}

/// What the seeds of `corpus/fuzz/<name>/` reach, run through the counting form of the target.
fn reach(name: &str, target: fn(&[u8], &mut Reach) -> Result<(), TargetFailure>) -> Reach {
    let mut reach = Reach::new();
    for (file, data) in inputs(name) {
        if let Err(failure) = target(&data, &mut reach) {
            panic!("{}: {failure}", file.display());
        }
    }
    reach
}

/// Every reading of every switch of `S` is drawn by some seed, and for each reading `v` of
/// switch `name` every path of `paths` is met (`{path} | {name}={v}`).
fn assert_reached<S: Switches>(target: &str, reach: &Reach, name: &str, paths: &[&str]) {
    let mut missing = Vec::new();
    for s in S::SWITCHES {
        for r in s.readings {
            let key = format!("reading {}={}", s.name, r.value);
            if reach.count(&key) == 0 {
                missing.push(key);
            }
            if s.name == name {
                for path in paths {
                    let key = format!("{path} | {}={}", s.name, r.value);
                    if reach.count(&key) == 0 {
                        missing.push(key);
                    }
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the seeds of {target} never reach: {missing:?}\n{}",
        reach.report(target)
    );
}

/// The seeds start every differential target where its readings matter: each reading of each
/// switch is drawn, and meets the path it decides (issue 20: a divergence of the bare-king search
/// went unseen because no input reached it). `.ci/fuzz.sh` prints the same counts for a whole run.
#[test]
fn seeds_reach_every_reading_where_it_matters() {
    let kuma = reach(
        "kuma_differential",
        targets::differential_target_counted::<Kuma>,
    );
    let blind_bear = ["Blind Bear move onto the last rank"];
    assert_reached::<KumaSwitches>("kuma", &kuma, "blind-bear", &blind_bear);
    let congo = reach(
        "congo_differential",
        targets::differential_target_counted::<Congo>,
    );
    let reentry = ["monkey chain leaves the river and comes back"];
    assert_reached::<CongoSwitches>("congo", &congo, "monkey-reentry", &reentry);
    assert_reached::<CongoSwitches>("congo", &congo, "lion-jump", &["monkey jumps the lion"]);
    let key = "monkey jumps on after the lion | lion-jump=chain-goes-on";
    assert!(congo.count(key) > 0, "{key}\n{}", congo.report("congo"));
    let bhb = reach(
        "hunterbeest_differential",
        targets::differential_target_counted::<Hunterbeest>,
    );
    for (value, result) in [("draw", "draw"), ("win", "win")] {
        let key = format!("end: stalemate, {result} | stalemate={value}");
        assert!(bhb.count(&key) > 0, "{key}\n{}", bhb.report("hunterbeest"));
    }
    assert_reached::<HunterbeestSwitches>("hunterbeest", &bhb, "stalemate", &[]);
    let chu = reach(
        "chu_differential",
        fairyspec::chu::fuzz::chu_differential_counted,
    );
    let report = chu.report("chu");
    assert_reached::<ChuSwitches>(
        "chu",
        &chu,
        "bare-king",
        &["bared side", "bared side with a dead piece"],
    );
    assert_reached::<ChuSwitches>("chu", &chu, "lion-protection", &["lions two squares apart"]);
    assert_reached::<ChuSwitches>("chu", &chu, "counter-strike", &["counter-strike square"]);
    assert_reached::<ChuSwitches>(
        "chu",
        &chu,
        "kirin-recapture",
        &["lion on the counter-strike square"],
    );
    let lance = ["Lance steps onto its last rank from the zone"];
    assert_reached::<ChuSwitches>("chu", &chu, "last-rank-promotion", &lance);
    for key in [
        "end: bare king, draw | bare-king=munster1997",
        "end: bare king, draw | bare-king=munster1997-emended",
        "end: bare king, win | bare-king=lishogi",
        "end: bare king, win | bare-king=jcsa",
        "end: bare king, win | bare-king=instantaneous",
        "end: bare king, draw | bare-king=munster1997-all-pieces",
        "end: bare king, draw | bare-king=munster1997-emended-all-pieces",
        "end: repetition with perpetual attack | repetition=lishogi",
        "end: repetition with perpetual attack | repetition=fourfold",
        "move that recreates a position left out | repetition=western",
        "move repeated from four plies before",
    ] {
        assert!(
            chu.count(key) > 0,
            "the seeds never reach {key:?}\n{report}"
        );
    }
}

#[test]
fn kuma_differential_corpus() {
    replay("kuma_differential", targets::differential_target::<Kuma>);
}

#[test]
fn fen_corpus() {
    replay("fen", targets::fen);
}

#[test]
fn moves_corpus() {
    replay("moves", targets::moves);
}

#[test]
fn chess_differential_corpus() {
    replay("chess_differential", targets::differential_target::<Chess>);
}

#[test]
fn congo_differential_corpus() {
    replay("congo_differential", targets::differential_target::<Congo>);
}

#[test]
fn hunterbeest_differential_corpus() {
    replay(
        "hunterbeest_differential",
        targets::differential_target::<Hunterbeest>,
    );
}

#[test]
fn betza_corpus() {
    replay("betza", targets::betza);
}

#[test]
fn chu_differential_corpus() {
    replay("chu_differential", fairyspec::chu::fuzz::chu_differential);
}

/// The reason checker's seeds (`corpus/fuzz/explain_reasons/`): every reason for an illegal
/// move holds (issue 31).
#[test]
fn explain_reasons_corpus() {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    for (file, data) in inputs("explain_reasons") {
        if let Err(false_reason) = fairyspec::explain::check::fuzz::explain_reasons(&data, &spec) {
            panic!("{}: {false_reason}", file.display());
        }
    }
}
