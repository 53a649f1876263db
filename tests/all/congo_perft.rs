//! Congo perft numbers (corpus/congo/start.perft) through both generators, with a node limit
//! that keeps `cargo test` fast (deep numbers: `fairyspec verify`, the benchmark), and the
//! monkey re-entry switch (CONGO-5.4), and move text through both generators (CONGO-7.1).

use fairyspec::congo::{Congo, CongoSwitches, LionJump, MonkeyReentry};
use fairyspec::perft::parse_perft_file;
use fairyspec::{Game, Generator, Move, Position};

fn generators(switches: CongoSwitches) -> Vec<(Box<dyn Generator<Congo>>, u64)> {
    vec![
        (Congo::reference(&switches), 20_000),
        (Congo::bitboard(&switches), 2_000_000),
    ]
}

/// CONGO-8.2: every count of the file up to each generator's node limit.
#[test]
fn congo_8_perft_corpus() {
    let path = format!("{}/corpus/congo/start.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("perft file");
    let records = parse_perft_file(&text).expect("well-formed");
    assert_eq!(records.len(), 4);
    let mut checked = 0;
    for (gen, limit) in generators(CongoSwitches::default()) {
        for rec in &records {
            let pos = Position::<Congo>::from_fen(&rec.epd).expect("valid position");
            for &(depth, nodes) in &rec.counts {
                if nodes <= limit {
                    assert_eq!(
                        gen.perft(&pos, depth),
                        nodes,
                        "{} depth {depth} ({})",
                        rec.id,
                        gen.name()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// CONGO-5.4: the monkey on b4 leaves the river by jumping c5 to d6 and comes back by jumping
/// e5 to f4. By default it drowns (its captures stand); with the alternative it survives.
#[test]
fn congo_5_4_monkey_reentry_switch() {
    let pos = Position::<Congo>::from_fen("3l2z/7/2p1p2/1M5/7/3L3/7 w").expect("valid");
    let mv = Move::parse("b4d6f4").expect("move text");
    for (reading, want) in [
        (MonkeyReentry::Drowns, "3l2z/7/7/7/7/3L3/7 b 0"),
        (MonkeyReentry::Survives, "3l2z/7/7/5M1/7/3L3/7 b 0"),
    ] {
        let switches = CongoSwitches {
            monkey_reentry: reading,
            ..CongoSwitches::default()
        };
        for (gen, _) in generators(switches) {
            let after = gen.play(&pos, &mv).expect("legal");
            assert_eq!(after.fen(), want, "{reading:?} ({})", gen.name());
            // The one-jump chain b4d6 ends on land: the switch does not matter.
            let mv = Move::parse("b4d6").expect("move text");
            assert_eq!(
                gen.play(&pos, &mv).expect("legal").fen(),
                "3l2z/3M3/4p2/7/7/3L3/7 b 0"
            );
        }
    }
}

/// CONGO-4.4: the monkey c4 (in the river) jumps Black's lion d5 to e6; from there the pawn f6
/// could be jumped to g6. By default the jump over the lion ends the chain: `c4e6` is a move and
/// `c4e6g6` is not, perft(1) = 11 (hand count in `corpus/congo/readings.perft`: 7 steps, 1 jump,
/// 3 lion steps). With `lion-jump=chain-goes-on` the lion stays until the chain ends, `c4e6g6`
/// is a move as well (12); after it the lion and the pawn are gone, the monkey stands on g6 (land:
/// it left the river, CONGO-5.2) and White has won by the lion's capture (CONGO-6.1). Both
/// generators.
#[test]
fn congo_4_4_lion_jump_switch() {
    let pos = Position::<Congo>::from_fen("7/5p1/3l3/2M4/7/7/4L2 w 0").expect("valid");
    let chain = Move::parse("c4e6g6").expect("move text");
    for (reading, count) in [(LionJump::EndsChain, 11), (LionJump::ChainGoesOn, 12)] {
        let switches = CongoSwitches {
            lion_jump: reading,
            ..CongoSwitches::default()
        };
        for (gen, _) in generators(switches) {
            let moves = gen.legal_moves(&pos);
            assert_eq!(moves.len(), count, "{reading:?} ({})", gen.name());
            assert_eq!(
                gen.perft(&pos, 1),
                count as u64,
                "{reading:?} ({})",
                gen.name()
            );
            assert!(moves.contains(&Move::parse("c4e6").expect("text")));
            assert_eq!(moves.contains(&chain), reading == LionJump::ChainGoesOn);
            if reading == LionJump::ChainGoesOn {
                let after = gen.play(&pos, &chain).expect("legal");
                assert_eq!(after.fen(), "7/6M/7/7/7/7/4L2 b 0", "{}", gen.name());
                assert_eq!(
                    gen.outcome(&after),
                    Some(fairyspec::Outcome::win(
                        fairyspec::Colour::White,
                        fairyspec::Reason::LionCaptured
                    ))
                );
            }
        }
    }
}

/// CONGO-7.1: both generators read the default text and mindsports' dashed form, and refuse
/// illegal or malformed text with a typed error.
#[test]
fn congo_7_1_move_text_through_both_generators() {
    let pos = Position::<Congo>::from_fen("4l2/7/1p1p1p1/5z1/M6/pppp3/3L3 w").expect("valid");
    for (gen, _) in generators(CongoSwitches::default()) {
        for text in [
            "a3a1c3c1e3g5e5c5a5",
            "a3-a1-c3-c1-e3-g5-e5-c5-a5x",
            "A3-A1-C3X",
        ] {
            let mv = gen.parse_move(&pos, text);
            assert!(mv.is_ok(), "{text} ({}): {mv:?}", gen.name());
        }
        assert_eq!(
            gen.parse_move(&pos, "a3-b3").map(|m| m.to_string()),
            Ok("a3b3".to_string())
        );
        for bad in ["a3a1c1", "a3a2", "d1d3", "a3-", "a3a1s", "zz"] {
            assert!(gen.parse_move(&pos, bad).is_err(), "{bad} ({})", gen.name());
        }
    }
}
