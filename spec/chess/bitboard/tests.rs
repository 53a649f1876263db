use super::board::{Board, KING};
use crate::chess::Chess;
use crate::Position;

/// cozy-chess's `validity_check` idea: the cached sets are consistent after a line of play.
fn audit(b: &Board) {
    assert_eq!(b.colours[0] & b.colours[1], 0, "colours overlap");
    let mut all = 0;
    for k in 0..6 {
        assert_eq!(all & b.kinds[k], 0, "kinds overlap");
        all |= b.kinds[k];
    }
    assert_eq!(all, b.occupied(), "kinds and colours disagree");
    for side in 0..2 {
        assert_eq!((b.kinds[KING] & b.colours[side]).count_ones(), 1);
    }
}

#[test]
fn setup_round_trip_and_audit_along_a_line() {
    let start = Position::<Chess>::start();
    let mut b = Board::from_setup(start.setup());
    assert_eq!(b.to_setup(), *start.setup());
    // Follow the first legal move twenty times, auditing each board.
    for _ in 0..20 {
        audit(&b);
        let list = b.legal();
        let Some(&m) = list.as_slice().first() else {
            break;
        };
        b = b.play(m);
        assert_eq!(Board::from_setup(&b.to_setup()), b);
    }
}
