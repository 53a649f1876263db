//! The Chu Shogi bitboard generator against independent data: lishogi's published perft counts
//! (`corpus/chu/lishogi-perft*.perft`: the start position and 287 positions at depth 1, from
//! scalashogi's and shogiops' test suites; provenance in the files' headers), and, where the
//! reference generator exists, against the reference on the corpus positions.

use fairyspec::chu::{Chu, ChuSwitches, Repetition, SHAPE};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator, Position, Square};

/// One `.perft` record: id, SFEN, (depth, nodes).
struct Record {
    id: String,
    sfen: String,
    counts: Vec<(u32, u64)>,
}

fn records(text: &str) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            out.push(Record {
                id: id.to_string(),
                sfen: String::new(),
                counts: Vec::new(),
            });
        } else if let (Some(epd), Some(r)) = (line.strip_prefix("epd "), out.last_mut()) {
            r.sfen = normalise(epd);
        } else if let (Some(p), Some(r)) = (line.strip_prefix("perft "), out.last_mut()) {
            let mut it = p.split_whitespace().map(|x| x.parse::<u64>().unwrap());
            let (d, n) = (it.next().unwrap(), it.next().unwrap());
            r.counts.push((d as u32, n));
        }
    }
    out
}

/// lishogi's lenient SFENs in the four-field form (the data's README): a third field that is no
/// square name means "no counter-strike square"; a missing move number is 1.
fn normalise(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let side = f.get(1).copied().unwrap_or("b");
    let cs = match f.get(2) {
        Some(c) if Square::parse_usi(c, SHAPE).is_some() => *c,
        _ => "-",
    };
    let number = f.get(3).copied().unwrap_or("1");
    format!("{} {side} {cs} {number}", f[0])
}

fn all_records() -> Vec<Record> {
    let mut rs = records(include_str!("../../corpus/chu/lishogi-perft.perft"));
    rs.extend(records(include_str!(
        "../../corpus/chu/lishogi-perft-odd.perft"
    )));
    rs
}

fn bitboard() -> Box<dyn Generator<Chu>> {
    Chu::bitboard(&ChuSwitches::default())
}

#[test]
fn lishogi_depth_one_every_row() {
    let bb = bitboard();
    let rs = all_records();
    // 1 start position + 8 scalashogi specials + 279 shogiops random positions.
    assert_eq!(rs.len(), 288);
    let mut failures = Vec::new();
    for r in &rs {
        let pos = Position::<Chu>::from_fen(&r.sfen).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        for &(d, n) in r.counts.iter().filter(|c| c.0 == 1) {
            let got = bb.perft(&pos, d);
            if got != n {
                failures.push(format!(
                    "{} {}: perft {d} = {got}, lishogi {n}",
                    r.id, r.sfen
                ));
            }
            // The move list and the bulk count agree.
            assert_eq!(bb.legal_moves(&pos).len() as u64, got, "{}", r.id);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn start_position_to_depth_four() {
    // lishogi: 36, 1296 (published); 52599, 2134748 (two agreeing programs, see the file).
    let bb = bitboard();
    let start = Position::<Chu>::start();
    for (d, n) in [(1, 36), (2, 1296), (3, 52599), (4, 2_134_748)] {
        assert_eq!(bb.perft(&start, d), n, "depth {d}");
    }
}

/// Every combination of the switches that change what a generator does (repetition is judged
/// only in replay, so it is left at its default): 32 of the 96.
pub fn every_switch() -> Vec<ChuSwitches> {
    ChuSwitches::every_combination()
        .into_iter()
        .filter(|s| s.repetition == Repetition::default())
        .collect()
}

#[test]
fn differential_against_reference_on_lishogi_positions() {
    // Each lishogi position, under each switch setting in turn (the setting cycles with the
    // row): moves, every child, outcome; then a short walk of pseudo-random moves from it.
    let switches = every_switch();
    for (i, r) in all_records().iter().enumerate() {
        let pos = Position::<Chu>::from_fen(&r.sfen).unwrap();
        let sw = switches[i % switches.len()];
        let reference = Chu::reference(&sw);
        let bitboard = Chu::bitboard(&sw);
        let choices: Vec<usize> = (0..6).map(|k| (i * 7919 + k * 104_729) % 1000).collect();
        if let Err(d) = fairyspec::check::differential::differential_walk(
            &*reference,
            &*bitboard,
            &pos,
            &choices,
            0,
        ) {
            panic!("{sw:?}\n{d}");
        }
    }
}
