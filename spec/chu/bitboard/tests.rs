//! Unit tests of the bitboard internals (the perft data is in `tests/chu_bitboard.rs`).

use super::board::Board;
use super::movegen::Rules;
use super::tables::{KING_AREA, LEAP, LION_AREA, RAYS};
use crate::chu::{ChuKind, ChuSwitches, SHAPE};
use crate::fen::{parse_fen, FenDialect};
use crate::Game;

fn board(sfen: &str) -> Board {
    Board::from_setup(&parse_fen::<ChuKind>(sfen, SHAPE, FenDialect::Sfen).unwrap())
}

#[test]
fn table_sizes_by_hand() {
    // A corner square has 3 neighbours and 8 squares within two; a central one 8 and 24.
    assert_eq!(KING_AREA[0].count(), 3);
    assert_eq!(LION_AREA[0].count(), 8);
    assert_eq!(LION_AREA[5 * 12 + 5].count(), 24);
    // From the corner, 11 squares north and 11 north-east.
    assert_eq!(RAYS[0][0].count(), 11);
    assert_eq!(RAYS[1][0].count(), 11);
    assert_eq!(RAYS[4][0].count(), 0);
    // Kirin (FD) in the centre: 4 diagonal steps and 4 orthogonal jumps.
    assert_eq!(LEAP[0][ChuKind::Kirin as usize][5 * 12 + 5].count(), 8);
}

#[test]
fn setup_round_trip_and_audit() {
    let s = crate::chu::Chu::START_FEN;
    let b = board(s);
    assert!(b.audit());
    assert_eq!(crate::fen::write_fen(&b.setup(), FenDialect::Sfen), s);
    let sw = ChuSwitches::default();
    let rules = Rules::new(
        sw.counter_strike,
        sw.lion_protection,
        sw.last_rank_promotion,
    );
    // Published (lishogi): 36 moves from the start.
    assert_eq!(b.count_moves(&rules), 36);
}
