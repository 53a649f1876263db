use super::board::Board;
use super::tables::{bit, BLACK, CASTLE, ELEPHANT_TARGETS, FILE_DIAGONAL, KING, KNIGHT, WHITE};
use crate::congo::Congo;
use crate::Position;

#[test]
fn tables_match_their_definitions() {
    // d4 = bit 24: the knight reaches 8 squares, the king 8, the elephant 8.
    assert_eq!(KNIGHT[24].count_ones(), 8);
    assert_eq!(KING[24].count_ones(), 8);
    assert_eq!(ELEPHANT_TARGETS[24].count_ones(), 8);
    // a1: knight b3, c2.
    assert_eq!(KNIGHT[0], bit(15) | bit(9));
    assert_eq!(CASTLE[WHITE].count_ones(), 9);
    assert_eq!(CASTLE[BLACK], CASTLE[WHITE] << 28);
    // d1 to d5 (bits 3 and 31): d2, d3, d4 between.
    let (between, aligned) = &FILE_DIAGONAL;
    assert_eq!(between[3][31], bit(10) | bit(17) | bit(24));
    assert_eq!(
        aligned[3] & bit(4),
        0,
        "ranks are not lines of the flying capture"
    );
}

#[test]
fn board_round_trips_a_setup() {
    let pos = Position::<Congo>::start();
    assert_eq!(Board::from_setup(pos.setup()).to_setup(), *pos.setup());
}
