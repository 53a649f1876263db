use super::board::{index_square, Board};
use super::movegen::Collect;
use super::tables::{
    squares, Bb, BLACK, EMPTY, FULL, GNU_TABLE, HINNY_TABLE, KING, NORTH_EAST, RAYS, WHITE,
};
use crate::hunterbeest::Hunterbeest;
use crate::Game;

impl Board {
    /// The cached state is consistent: kinds and colours disjoint and covering the same
    /// squares, the mailbox saying what the bitboards say, one King each.
    fn audit(&self) -> Result<(), String> {
        if self.colours[WHITE] & self.colours[BLACK] != 0 {
            return Err("colours overlap".into());
        }
        let mut all = 0;
        for (k, &bits) in self.kinds.iter().enumerate() {
            if all & bits != 0 {
                return Err(format!("kind {k} overlaps another"));
            }
            all |= bits;
            for sq in squares(bits) {
                if self.mailbox[sq] as usize != k {
                    return Err(format!("mailbox {sq} is not kind {k}"));
                }
            }
        }
        if all != self.occupied() || all & !FULL != 0 {
            return Err("kinds and colours cover different squares".into());
        }
        let listed = self.mailbox.iter().filter(|&&k| k != EMPTY).count();
        if listed != all.count_ones() as usize {
            return Err("mailbox lists other squares".into());
        }
        for c in [WHITE, BLACK] {
            if self.pieces(c, KING).count_ones() != 1 {
                return Err(format!("colour {c} has not one King"));
            }
        }
        Ok(())
    }
}

#[test]
fn tables_match_their_definitions_at_sample_squares() {
    // e4 = bit 31 (rank 3 × 9 + file 4). The Hinny's White table from e4, by hand:
    // d7 f7 c5 g5 d2 f2 b3 h3.
    let names =
        |bits: Bb| -> Vec<String> { squares(bits).map(|i| index_square(i).to_string()).collect() };
    assert_eq!(
        names(HINNY_TABLE[WHITE][31]),
        ["d2", "f2", "b3", "h3", "c5", "g5", "d7", "f7"]
    );
    // The a1 corner: a Gnu reaches b3 c2 b4 d2.
    assert_eq!(names(GNU_TABLE[0]), ["c2", "d2", "b3", "b4"]);
    // The ray north-east from a1 runs to h8 (the board is one file wider than high).
    assert_eq!(
        names(RAYS[NORTH_EAST][0]),
        ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    );
}

#[test]
fn boards_stay_consistent_along_playouts() {
    let start = Board::from_setup(
        &crate::fen::parse_fen(
            super::super::START_ARRAY,
            Hunterbeest::SHAPE,
            crate::fen::FenDialect::Chess,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..40 {
        let mut board = start;
        for _ in 0..80 {
            board.audit().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                Board::from_setup(&board.to_setup()).to_setup(),
                board.to_setup()
            );
            let mut moves = Collect(Vec::new());
            board.generate(&mut moves);
            if moves.0.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            board = board.make(moves.0[(seed % moves.0.len() as u64) as usize]);
        }
    }
}
