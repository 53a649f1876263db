//! The generic properties of `fairyspec::check::properties` for Chu Shogi: on every corpus
//! position (`fairyspec::chu::Chu`'s `CheckGame::STARTS`), under the default (lishogi) switches and every
//! alternative reading, for the reference generator and the bitboard generator: colour symmetry
//! by rotation (CHU-1.3), FEN and move-text round trips (CHU-8), perft = sum of children (CHU-9),
//! outcome iff no moves (CHU-6), every child a valid position (CHU-2.5).

use fairyspec::check::properties;
use fairyspec::check::{corpus, CheckGame};
use fairyspec::chu::{Chu, ChuSwitches};
use fairyspec::switches::Switches;
use fairyspec::{Game, Generator, Position};

/// Both generators.
fn generators(switches: &ChuSwitches) -> Vec<Box<dyn Generator<Chu>>> {
    vec![Chu::reference(switches), Chu::bitboard(switches)]
}

/// As many combinations of the switches as the switch with most readings has (seven: the
/// bare-king formulations), which together hold every reading of every switch: number `i` gives
/// each switch its reading number `i` modulo its number of readings, so the first is the
/// default and each bare-king formulation is tried once.
fn every_reading() -> Vec<ChuSwitches> {
    let most = ChuSwitches::SWITCHES
        .iter()
        .map(|s| s.readings.len())
        .max()
        .unwrap_or(1);
    (0..most)
        .map(|i| {
            let mut s = ChuSwitches::default();
            for switch in ChuSwitches::SWITCHES {
                let r = &switch.readings[i % switch.readings.len()];
                s.set(switch.name, r.value).unwrap();
            }
            s
        })
        .collect()
}

#[test]
fn every_reading_is_among_the_switches_tried() {
    let tried = every_reading();
    for s in ChuSwitches::SWITCHES {
        for r in s.readings {
            assert!(
                tried.iter().any(|t| t.get(s.name) == Some(r.value)),
                "{}={} is never tried",
                s.name,
                r.value
            );
        }
    }
}

#[test]
fn every_corpus_position_is_valid() {
    for (name, fen) in Chu::STARTS {
        if let Err(e) = Position::<Chu>::from_fen(fen) {
            panic!("corpus position {name} ({fen}) is rejected: {e}");
        }
    }
    assert_eq!(corpus::positions::<Chu>().len(), Chu::STARTS.len());
}

/// Every property at depth 1 everywhere; at depth 2 (perft = sum of children, colour symmetry
/// of perft(2)) on the positions with few moves.
#[test]
fn properties_hold_on_every_corpus_position() {
    for switches in &every_reading() {
        for gen in generators(switches) {
            for (name, fen) in Chu::STARTS {
                let pos = Position::<Chu>::from_fen(fen).unwrap();
                let few_moves = gen.legal_moves(&pos).len() <= 60;
                let depth = if few_moves { 2 } else { 1 };
                if let Err(f) = properties::all(&*gen, &pos, depth) {
                    panic!("{name}: {f}");
                }
            }
        }
    }
}

/// The start position to depth 2 under the default switches: 1296 nodes, the colour-rotated
/// twin (the same position) agreeing at each depth.
#[test]
fn properties_hold_at_the_start_to_depth_two() {
    let gen = Chu::reference(&ChuSwitches::default());
    properties::all(&*gen, &Position::<Chu>::start(), 2).unwrap();
}
