//! Tests of the bitboard generator on its own: published perft counts, hand counts, and the
//! consistency of the cached state along random games.

use super::board::Board;
use crate::fen::parse_fen;
use crate::kuma::Kuma;
use crate::Game;

fn board(fen: &str) -> Board {
    let setup = parse_fen(fen, Kuma::SHAPE, Kuma::DIALECT).expect("test FEN parses");
    Board::from_setup(&setup)
}

/// KUMA-1.2: the published start-position counts (the rules brief: two independent programs).
#[test]
fn kuma_1_2_start_perft_published() {
    let b = board(Kuma::START_FEN);
    let expected = [16, 256, 4758, 88151];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(b.perft(depth as u32 + 1, false), n, "depth {}", depth + 1);
    }
}
