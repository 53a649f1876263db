use super::*;
use crate::Game;

fn pos(fen: &str) -> Position<Congo> {
    Position::from_fen(fen).expect("test FEN is valid")
}

fn texts(moves: &[Move<CongoKind>]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    t.sort();
    t
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name")
}

#[test]
fn congo_8_1_start_has_24_moves() {
    let gen = Congo::reference(&CongoSwitches::default());
    let moves = gen.legal_moves(&Position::start());
    // The hand count of CONGO-8.1: 19 pawn moves (a2 and g2 have two each, the other five
    // three each: 2·2 + 5·3 = 19), giraffe a1a3 and a1c3, elephants c1c3 and e1e3, zebra
    // g1f3.
    let non_pawn: Vec<String> = texts(&moves)
        .into_iter()
        .filter(|m| &m[1..2] != "2")
        .collect();
    assert_eq!(non_pawn, ["a1a3", "a1c3", "c1c3", "e1e3", "g1f3"]);
    assert_eq!(moves.len(), 24);
}

#[test]
fn congo_4_the_wikipedia_monkey_chain_takes_everything() {
    // The Czech Wikipedia article "Kongo (šachová varianta)", translated: "Brown's monkey
    // can capture all of Black's pieces in one multi-capture move by jumping successively
    // to a1, c3, c1, e3, g5, e5, c5 and a5." The article's diagram is not in the text; this board puts the monkey on a3 and one black piece between each pair
    // of consecutive landings (a2, b2, c2, d2, f4, f5, d5, b5).
    let gen = Congo::reference(&CongoSwitches::default());
    let p = pos("4l2/7/1p1p1p1/5z1/M6/pppp3/3L3 w");
    let chains = texts(&monkey_chains(p.setup(), sq("a3"), Colour::White));
    assert!(
        chains.contains(&"a3a1c3c1e3g5e5c5a5".to_string()),
        "{chains:?}"
    );
    let mv = Move::<CongoKind>::parse("a3a1c3c1e3g5e5c5a5").expect("move text");
    let after = gen.play(&p, &mv).expect("legal");
    assert_eq!(after.fen(), "4l2/7/M6/7/7/7/3L3 b 0");
}

#[test]
fn congo_4_3_chain_revisits_its_start_square() {
    // A ring in White's castle: the monkey on c1 jumps d1 to e1, e2 to e3, d3 to c3 and c2
    // back to c1, its vacated start square; or the same ring the other way round.
    let p = pos("3l3/7/7/7/3z3/2gLe2/2Me3 w");
    let chains = texts(&monkey_chains(p.setup(), sq("c1"), Colour::White));
    assert_eq!(
        chains,
        [
            "c1c3",
            "c1c3e3",
            "c1c3e3e1",
            "c1c3e3e1c1",
            "c1e1",
            "c1e1e3",
            "c1e1e3c3",
            "c1e1e3c3c1"
        ]
    );
    // Landings may repeat, jumped pieces may not: no chain goes c1 -> e1 -> c1 over d1
    // twice. All four pieces are removed at the end.
    let gen = Congo::reference(&CongoSwitches::default());
    let mv = Move::<CongoKind>::parse("c1e1e3c3c1").expect("move text");
    let after = gen.play(&p, &mv).expect("legal");
    assert_eq!(after.fen(), "3l3/7/7/7/7/3L3/2M4 b 0");
}

#[test]
fn congo_3_6_crocodile_slides_towards_the_river() {
    // White crocodile on b1, empty file: steps a1? (occupied by nothing) and slides to b2,
    // b3, b4 (b2 is also a step; listed once).
    let p = pos("3l3/7/7/7/7/3L3/1C5 w");
    let moves = texts(&crocodile_moves(p.setup(), sq("b1"), Colour::White));
    assert_eq!(
        moves,
        ["b1a1", "b1a2", "b1b2", "b1b3", "b1b4", "b1c1", "b1c2"]
    );
    // In the river it slides along it; it does not slide along the file.
    let p = pos("3l3/7/7/1C5/7/3L3/7 w");
    let moves = texts(&crocodile_moves(p.setup(), sq("b4"), Colour::White));
    assert_eq!(
        moves,
        [
            "b4a3", "b4a4", "b4a5", "b4b3", "b4b5", "b4c3", "b4c4", "b4c5", "b4d4", "b4e4", "b4f4",
            "b4g4"
        ]
    );
}

#[test]
fn congo_5_2_a_piece_moving_within_the_river_drowns() {
    let gen = Congo::reference(&CongoSwitches::default());
    let p = pos("3l3/7/7/E6/7/3L3/7 w");
    let after = gen.play(&p, &Move::new(sq("a4"), sq("b4"))).expect("legal");
    assert_eq!(after.fen(), "3l3/7/7/7/7/3L3/7 b 0");
    let after = gen.play(&p, &Move::new(sq("a4"), sq("a5"))).expect("legal");
    assert_eq!(after.fen(), "3l3/7/E6/7/7/3L3/7 b 0");
}
