//! Chu Shogi: perft speed of our bitboard generator, our reference generator, lishogi's rules
//! library `shogiops` (npm) and minase's rules library `minase-core` (crates.io), side by side,
//! single-threaded.
//!
//! `cargo bench --bench chu` runs, in one go:
//!
//! 1. the bitboard generator alone on the start position to depth 5, by route (109,394,035
//!    leaves, the goal: under 10 s on one core) and by result (71,548,181, minase's count);
//! 2. by route (CHU-9.1): bitboard, reference and shogiops on the same positions at the same
//!    depths: the start position and four lishogi positions (`corpus/chu/`) with a Lion next to
//!    or two squares from an enemy lion, where the lion-trading rules are tested at every node.
//!    Counts are asserted equal (and, at depth 1, equal to lishogi's published count);
//! 3. by result (CHU-9.5): the bitboard's `perft_results` against minase-core 0.2.0 in-process
//!    (`benches/chu/minase.rs`), on the start position to depth 5 (71,548,181 results, minase's
//!    own count), and to depth 4 on lishogi's middle games (the fullest random-game positions of
//!    `corpus/chu/`) and positions with several lions and promoted lions (four from
//!    `corpus/chu/`, three built for `tests/all/chu_results.rs`): trees of 50 to 500 million
//!    results. The minase engine's perft plays on after a royal is taken; our driver of the
//!    library stops there, as fairyspec's perft does (CHU-6.2, CHU-9.1), so both count the same
//!    tree. A row is compared only if the counts agree; where they differ the bench finds the
//!    positions inside the tree where fairyspec's game ends (there must be some, or it fails).
//!    The goal: at least 10x minase-core's results per second on every row.
//!
//! Our generators repeat a run until it has taken half a second of CPU time and report the time
//! per run. It prints nodes, CPU seconds, nodes per CPU second, peak resident memory, and the ratios
//! bitboard/reference and bitboard/shogiops. CPU time (`/proc/thread-self/schedstat`; node's
//! `process.cpuUsage()`) is the measure because the build machine is shared. Peak memory is the
//! process's `VmHWM`, reset before each run through `/proc/self/clear_refs` where the kernel
//! allows (otherwise it is the peak so far); node's is its `maxRSS`.
//!
//! shogiops runs through `benches/chu/shogiops-perft.mjs`, a small bulk-counting driver over its
//! legal moves (not its debug `perft`, which swaps the two steps of lion moves). It looks for the
//! package in `$SHOGIOPS_DIR/node_modules/shogiops`, by default `target/shogiops`, and installs
//! it there with `npm install` (version 0.18.0) if it is missing. Without node or npm the
//! benchmark says so and prints the rest.
//!
//! Depths: `CHU_BITBOARD_DEPTH` (default 5); `CHU_START_DEPTH` (default 4) and `CHU_LION_DEPTH`
//! (default 3) for the table by route; `CHU_RESULTS_START_DEPTH` (default 5) and
//! `CHU_RESULTS_DEPTH` (default 4) for the table by result.

#[path = "chu/minase.rs"]
mod minase;

use fairyspec::chu::Chu;
use fairyspec::perft::parse_perft_file;
use fairyspec::perft::Counting;
use fairyspec::{Game, Generator, Position};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// lishogi positions with lions in contact (a Lion and an enemy lion within two squares), by
/// their id in `corpus/chu/`.
const LION_POSITIONS: [&str; 4] = [
    // Sente's Lion and gote's Lion on adjacent squares; sente to move.
    "shogiops-random-178",
    // Two squares apart on a rank; gote to move.
    "shogiops-random-173",
    // Two squares apart on a file; sente to move.
    "shogiops-random-225",
    // A knight's move apart (protection decides the jump); gote to move.
    "shogiops-random-208",
];

#[derive(Clone, Copy)]
struct Run {
    nodes: u64,
    cpu: f64,
    peak_kib: Option<u64>,
}

impl Run {
    fn speed(&self) -> f64 {
        self.nodes as f64 / self.cpu.max(1e-9)
    }
}

/// CPU seconds this thread has run so far; `None` where the file does not exist.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn env_depth(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Perft of `gen`, repeated until it has used [`MIN_CPU`] seconds (at most 100 times) so that
/// short runs are timed accurately; the time is per run.
fn run(gen: &dyn Generator<Chu>, pos: &Position<Chu>, depth: u32) -> Run {
    timed(|| gen.perft(pos, depth))
}

/// `count` repeated until it has used [`MIN_CPU`] seconds (at most 100 times); the time is per
/// run.
fn timed(mut count: impl FnMut() -> u64) -> Run {
    reset_peak();
    let (t, cpu) = (Instant::now(), thread_cpu_seconds());
    let mut nodes = 0;
    let mut runs = 0;
    let mut elapsed = (0.0, 0.0);
    while runs < 100 && elapsed.0 < MIN_CPU {
        nodes = count();
        runs += 1;
        let wall = t.elapsed().as_secs_f64();
        let used = match (cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => wall,
        };
        elapsed = (used, wall);
    }
    Run {
        nodes,
        cpu: elapsed.0 / runs as f64,
        peak_kib: peak_kib(),
    }
}

/// The least CPU time a timed measurement of our generators takes (by repeating it).
const MIN_CPU: f64 = 0.5;

/// Where shogiops is installed, installing it first if needed; `Err` says why it is not there.
fn shogiops_dir() -> Result<PathBuf, String> {
    let dir = std::env::var_os("SHOGIOPS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/shogiops"));
    let node = Command::new("node").arg("--version").output();
    if !matches!(node, Ok(ref o) if o.status.success()) {
        return Err("node is not installed".to_string());
    }
    if dir.join("node_modules/shogiops/package.json").exists() {
        return Ok(dir);
    }
    eprintln!(
        "installing shogiops 0.18.0 into {} (npm install) ...",
        dir.display()
    );
    let _ = std::fs::create_dir_all(&dir);
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
        .arg(&dir)
        .arg("shogiops@0.18.0")
        .status();
    match status {
        Ok(s) if s.success() && dir.join("node_modules/shogiops").exists() => Ok(dir),
        Ok(s) => Err(format!("npm install shogiops failed ({s})")),
        Err(e) => Err(format!("npm is not available ({e})")),
    }
}

/// One shogiops run through the driver script; `Err` with the reason it could not run.
fn shogiops(dir: &Path, sfen: &str, depth: u32) -> Result<Run, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/chu/shogiops-perft.mjs");
    let out = Command::new("node")
        .arg(script)
        .arg(dir)
        .arg(depth.to_string())
        .arg(sfen)
        .output()
        .map_err(|e| format!("node: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    Ok(Run {
        nodes: v["nodes"].as_u64().ok_or("no node count")?,
        cpu: v["cpu"].as_f64().ok_or("no cpu time")?,
        peak_kib: v["maxrss_kib"].as_u64(),
    })
}

fn mib(k: Option<u64>) -> String {
    k.map_or("?".to_string(), |k| format!("{:.1}", k as f64 / 1024.0))
}

fn main() {
    let switches = Default::default();
    let reference = Chu::reference(&switches);
    let bitboard = Chu::bitboard(&switches);
    let mut records = parse_perft_file(include_str!("../corpus/chu/lishogi-perft.perft"))
        .expect("corpus/chu/lishogi-perft.perft parses");
    records.extend(
        parse_perft_file(include_str!("../corpus/chu/lishogi-perft-odd.perft"))
            .expect("corpus/chu/lishogi-perft-odd.perft parses"),
    );
    let start = Position::<Chu>::start();

    // 1. The goal: start perft(5) with the bitboard generator.
    let bd = env_depth("CHU_BITBOARD_DEPTH", 5);
    let b = run(bitboard.as_ref(), &start, bd);
    if bd == 5 {
        assert_eq!(b.nodes, 109_394_035, "bitboard start perft(5)");
    }
    println!("Chu Shogi, start position {}", start.fen());
    println!(
        "bitboard perft({bd}) by route = {} in {:.3} s cpu: {:.2} M nodes/s, peak {} MiB",
        b.nodes,
        b.cpu,
        b.speed() / 1e6,
        mib(b.peak_kib)
    );
    let br = timed(|| bitboard.perft_results(&start, bd));
    if bd == 5 {
        // minase 2.6.0's count (`minase dev perft 5 --rules lishogi`), an independent program.
        assert_eq!(br.nodes, 71_548_181, "bitboard start perft(5) by result");
    }
    println!(
        "bitboard perft({bd}) by result = {} in {:.3} s cpu: {:.2} M nodes/s, peak {} MiB",
        br.nodes,
        br.cpu,
        br.speed() / 1e6,
        mib(br.peak_kib)
    );

    // 2. Side by side.
    let shogiops_dir = shogiops_dir();
    if let Err(why) = &shogiops_dir {
        println!("shogiops: not run ({why})");
    }
    let sd = env_depth("CHU_START_DEPTH", 4);
    let ld = env_depth("CHU_LION_DEPTH", 3);
    let mut rows: Vec<(String, String, u32)> = vec![("start".to_string(), start.fen(), sd)];
    for id in LION_POSITIONS {
        let r = records
            .iter()
            .find(|r| r.id == id)
            .unwrap_or_else(|| panic!("{id} is in corpus/chu"));
        rows.push((id.to_string(), r.epd.clone(), ld));
        let pos = Position::<Chu>::from_fen(&r.epd).expect("corpus position");
        if let Some(&(_, n)) = r.counts.iter().find(|c| c.0 == 1) {
            assert_eq!(bitboard.perft(&pos, 1), n, "{id}: lishogi's depth 1");
        }
    }
    println!();
    println!("By route (CHU-9.1) in every column: bitboard `perft`, reference `perft`, shogiops");
    println!(
        "{:<20} {:>3} {:>11} | {:>9} {:>8} {:>7} | {:>9} {:>8} {:>7} | {:>9} {:>8} {:>7} | {:>7} {:>7}",
        "position", "d", "nodes",
        "bb cpu s", "bb Mn/s", "bb MiB",
        "ref cpu s", "ref Mn/s", "ref MiB",
        "ops cpu s", "ops Mn/s", "ops MiB",
        "bb/ref", "bb/ops"
    );
    let (mut sum_b, mut sum_r, mut sum_o) = ((0u64, 0f64), (0u64, 0f64), (0u64, 0f64));
    for (name, sfen, depth) in &rows {
        let pos = Position::<Chu>::from_fen(sfen).expect("valid SFEN");
        let b = run(bitboard.as_ref(), &pos, *depth);
        let r = run(reference.as_ref(), &pos, *depth);
        assert_eq!(
            b.nodes, r.nodes,
            "{name} perft({depth}): bitboard vs reference"
        );
        let o = match &shogiops_dir {
            Ok(dir) => match shogiops(dir, sfen, *depth) {
                Ok(o) => {
                    assert_eq!(
                        o.nodes, b.nodes,
                        "{name} perft({depth}): shogiops vs bitboard"
                    );
                    Some(o)
                }
                Err(e) => {
                    println!("shogiops failed on {name}: {e}");
                    None
                }
            },
            Err(_) => None,
        };
        sum_b = (sum_b.0 + b.nodes, sum_b.1 + b.cpu);
        sum_r = (sum_r.0 + r.nodes, sum_r.1 + r.cpu);
        if let Some(o) = o {
            sum_o = (sum_o.0 + o.nodes, sum_o.1 + o.cpu);
        }
        let ops = |f: &dyn Fn(&Run) -> String| o.as_ref().map_or("-".to_string(), f);
        println!(
            "{:<20} {:>3} {:>11} | {:>9.3} {:>8.2} {:>7} | {:>9.3} {:>8.3} {:>7} | {:>9} {:>8} {:>7} | {:>6.1}x {:>7}",
            name,
            depth,
            b.nodes,
            b.cpu,
            b.speed() / 1e6,
            mib(b.peak_kib),
            r.cpu,
            r.speed() / 1e6,
            mib(r.peak_kib),
            ops(&|o| format!("{:.3}", o.cpu)),
            ops(&|o| format!("{:.3}", o.speed() / 1e6)),
            ops(&|o| mib(o.peak_kib)),
            b.speed() / r.speed(),
            ops(&|o| format!("{:.0}x", b.speed() / o.speed())),
        );
    }
    let speed = |(n, t): (u64, f64)| n as f64 / t.max(1e-9);
    println!(
        "all rows: bitboard {:.2} M nodes/s, reference {:.3} M nodes/s{}; bitboard/reference {:.1}x{}",
        speed(sum_b) / 1e6,
        speed(sum_r) / 1e6,
        if sum_o.0 > 0 {
            format!(", shogiops {:.3} M nodes/s", speed(sum_o) / 1e6)
        } else {
            String::new()
        },
        speed(sum_b) / speed(sum_r),
        if sum_o.0 > 0 {
            format!(", bitboard/shogiops {:.0}x", speed(sum_b) / speed(sum_o))
        } else {
            String::new()
        },
    );

    // 3. By result, against minase-core.
    let rsd = env_depth("CHU_RESULTS_START_DEPTH", 5);
    let rd = env_depth("CHU_RESULTS_DEPTH", 4);
    let mut rows: Vec<(String, String, u32)> = vec![("start".to_string(), start.fen(), rsd)];
    for id in MIDDLE_GAMES.iter().chain(&LION_POSITIONS) {
        let r = records
            .iter()
            .find(|r| r.id == *id)
            .unwrap_or_else(|| panic!("{id} is in corpus/chu"));
        rows.push((id.to_string(), r.epd.clone(), rd));
    }
    for (i, sfen) in BUILT_LION_POSITIONS.iter().enumerate() {
        rows.push((format!("lions-{}", i + 1), sfen.to_string(), rd));
    }
    by_result(bitboard.as_ref(), &rows);
}

/// The fullest positions of lishogi's random games in `corpus/chu/` (88 to 90 pieces), and one
/// later position with three lions a side.
const MIDDLE_GAMES: [&str; 4] = [
    "shogiops-random-022",
    "shogiops-random-123",
    "shogiops-random-202",
    "shogiops-random-242",
];

/// Lions, promoted Kirins, Horned Falcons and Soaring Eagles of both sides in reach of each
/// other (the positions of `tests/all/chu_results.rs`; the third with two Gold Generals added
/// in each side's back corners, so that neither side can be bared inside the tree: there the
/// bare-king rule ends fairyspec's game (CHU-7.1) and minase-core's move generator plays on).
const BUILT_LION_POSITIONS: [&str; 3] = [
    "l1c1gk1g1c1l/3+h4+d3/2p1n2+o1p2/p1p6p1p/4p2p4/12/12/4P2P4/P1P6P1P/2P1N2+O1P2/3+H4+D3/L1C1GK1G1C1L b - 1",
    "6k5/3+d4+h3/4n2+o4/3p1p1P4/4N1p5/5+O2+H3/3+D8/12/12/12/12/5K6 b - 1",
    "g4k5g/12/12/3+h1n6/2p1N1+o5/4+D1p5/3P1+O2+d3/12/12/12/12/G5K4G w - 1",
];

/// The positions of the tree whose children are counted (plies 0 to `depth - 1`) where the game
/// is over: there fairyspec counts no children and minase counts on.
fn ends_inside(gen: &dyn Generator<Chu>, pos: &Position<Chu>, depth: u32) -> u64 {
    if depth == 0 {
        return 0;
    }
    if gen.outcome(pos).is_some() {
        return 1;
    }
    if depth == 1 {
        return 0;
    }
    gen.legal_moves(pos)
        .iter()
        .map(|m| ends_inside(gen, &gen.play_unchecked(pos, m), depth - 1))
        .sum()
}

/// Section 3: the bitboard by result against minase-core on `rows`.
fn by_result(bitboard: &dyn Generator<Chu>, rows: &[(String, String, u32)]) {
    let minase = minase::Minase::lishogi();
    println!();
    println!(
        "By result (CHU-9.5) in the bb and minase columns: bitboard `perft_results` (native, no \
         position comparisons); minase-core 0.2.0 in-process ({}). `bb route` is the bitboard by \
         route on the same tree, for the cost of counting by result. CPU time of one thread; our \
         runs repeated to at least {MIN_CPU} s.",
        minase::Minase::HOW
    );
    println!(
        "{:<20} {:>3} {:>11} | {:>9} {:>8} | {:>8} | {:>9} {:>8} | {:>9}",
        "position",
        "d",
        "results",
        "bb cpu s",
        "bb Mn/s",
        "bb route",
        "min cpu s",
        "min Mn/s",
        "bb/minase"
    );
    let mut worst: Option<f64> = None;
    let (mut sum_b, mut sum_m) = ((0u64, 0f64), (0u64, 0f64));
    for (name, sfen, depth) in rows {
        let pos = Position::<Chu>::from_fen(sfen).expect("valid SFEN");
        let b = timed(|| bitboard.perft_counting(&pos, *depth, Counting::Results));
        let route = run(bitboard, &pos, *depth);
        let m = match minase.position(sfen) {
            Ok(mp) => timed(|| minase.perft(&mp, *depth)),
            Err(e) => {
                println!("{name}: minase cannot read the SFEN ({e})");
                continue;
            }
        };
        let ratio = b.speed() / m.speed();
        let note = if m.nodes != b.nodes {
            // Only a game fairyspec ends otherwise than by a royal taken (bare king) may differ.
            let ended = ends_inside(bitboard, &pos, *depth);
            assert!(
                ended > 0,
                "{name} perft({depth}) by result: minase {} vs bitboard {}",
                m.nodes,
                b.nodes
            );
            format!(
                "  not compared: fairyspec's game ends in {ended} positions inside the tree \
                 (minase counts {} results)",
                m.nodes
            )
        } else {
            worst = Some(worst.map_or(ratio, |w: f64| w.min(ratio)));
            sum_b = (sum_b.0 + b.nodes, sum_b.1 + b.cpu);
            sum_m = (sum_m.0 + m.nodes, sum_m.1 + m.cpu);
            String::new()
        };
        println!(
            "{:<20} {:>3} {:>11} | {:>9.3} {:>8.2} | {:>8.2} | {:>9.3} {:>8.3} | {:>8.1}x{note}",
            name,
            depth,
            b.nodes,
            b.cpu,
            b.speed() / 1e6,
            route.speed() / 1e6,
            m.cpu,
            m.speed() / 1e6,
            ratio,
        );
    }
    let speed = |(n, t): (u64, f64)| n as f64 / t.max(1e-9);
    if let Some(w) = worst {
        println!(
            "compared rows: bitboard {:.2} M results/s, minase-core {:.3} M results/s; \
             bitboard/minase {:.1}x overall, {:.1}x on the slowest row (goal: 10x on every row)",
            speed(sum_b) / 1e6,
            speed(sum_m) / 1e6,
            speed(sum_b) / speed(sum_m),
            w
        );
    }
}
