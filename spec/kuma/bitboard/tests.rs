//! Tests of the bitboard generator on its own: published perft counts, hand counts, the
//! consistency of the cached state along random games, and the agreement of its own parts
//! (counting vs listing, the colour mirror).

use super::board::{from_sq, to_sq, Board};
use crate::fen::parse_fen;
use crate::kuma::Kuma;
use crate::{Game, Setup};

fn setup(fen: &str) -> Setup<crate::kuma::KumaKind> {
    parse_fen(fen, Kuma::SHAPE, Kuma::DIALECT).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn board(fen: &str) -> Board {
    Board::from_setup(&setup(fen))
}

/// A small deterministic generator (xorshift64*) for the random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Positions of random games from the start (the seed makes them repeatable).
fn random_boards(games: usize, plies: usize, exposed: bool) -> Vec<Board> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = board(Kuma::START_FEN);
        for _ in 0..plies {
            out.push(b);
            let list = b.legal_moves(exposed);
            let moves = list.as_slice();
            if moves.is_empty() {
                break;
            }
            b = b.make(moves[rng.below(moves.len())]);
        }
    }
    out
}

/// KUMA-1.2: the published start-position counts (SPEC.md "Perft": two independent programs).
#[test]
fn kuma_1_2_start_perft_published() {
    let b = board(Kuma::START_FEN);
    for (depth, n) in [(1, 16), (2, 256), (3, 4758), (4, 88151), (5, 1_852_287)] {
        assert_eq!(b.perft(depth, false), n, "depth {depth}");
    }
}

/// KUMA-1.2: at the start only the Pawns can move (every piece on rank 1 is hemmed in by its
/// neighbours and the Pawns, the Violent Bears' diagonal range moves are blocked by the Pawns on
/// b2, d2, e2, g2), and each Pawn has a single and a double step: 8 × 2 = 16.
#[test]
fn kuma_1_2_start_moves_are_the_pawn_steps() {
    let b = board(Kuma::START_FEN);
    let list = b.legal_moves(false);
    assert_eq!(list.as_slice().len(), 16);
    for &m in list.as_slice() {
        assert_eq!(b.mailbox[from_sq(m)] & 15, super::tables::PAWN as u8);
        assert!(matches!(to_sq(m) - from_sq(m), 8 | 16));
    }
}

/// The cached state (mailbox, King squares, rights) stays consistent with the bitboards along
/// random games, under both Blind Bear readings.
#[test]
fn audit_holds_along_random_games() {
    for exposed in [false, true] {
        for b in random_boards(40, 150, exposed) {
            if let Err(e) = b.audit() {
                panic!(
                    "{}: {e}",
                    crate::fen::write_fen(&b.to_setup(), Kuma::DIALECT)
                );
            }
        }
    }
}

/// Counting (the last ply of perft) and listing give the same number, and the board survives the
/// round trip through `Setup`.
#[test]
fn count_equals_list_and_setup_round_trips() {
    for exposed in [false, true] {
        for b in random_boards(20, 150, exposed) {
            assert_eq!(
                b.count_moves(exposed),
                b.legal_moves(exposed).as_slice().len() as u64
            );
            assert_eq!(Board::from_setup(&b.to_setup()), b);
        }
    }
}

/// Kuma's armies are mirror images (KUMA-1.1: directions are owner-relative), so the colour
/// mirror of any position has as many moves, and as many leaves two plies deep.
#[test]
fn kuma_1_1_mirror_has_the_same_counts() {
    for b in random_boards(20, 120, false) {
        let mirror = Board::from_setup(&b.to_setup().mirrored());
        assert_eq!(b.count_moves(false), mirror.count_moves(false));
        assert_eq!(b.perft(2, false), mirror.perft(2, false));
    }
}

/// KUMA-7.4: a Blind Bear on b7 steps to a8 or c8 and wins; after it the position is terminal.
/// Counted by hand: the White King on e1 has d1 d2 e2 f2 f1 (5), the Blind Bear a7 c7 a6 c6 a8 c8
/// (6): 11 moves.
#[test]
fn kuma_7_4_blind_bear_reaching_the_last_rank_ends_the_game() {
    let b = board("4k3/1B6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(b.count_moves(false), 11);
    let win = b.make(super::board::mv(49, 58)); // b7c8
    assert!(win.blind_bear_home());
    assert_eq!(win.count_moves(false), 0);
    assert_eq!(win.perft(3, false), 0);
}

/// KUMA-7.4 both readings: White is in check from the Mighty Bear on a1 (it slides sideways
/// along rank 1 over b1 c1 d1). The Blind Bear's win b7→a8/c8 leaves the check: illegal under
/// NeedsLegalMove, legal under EvenIfExposed. The other moves answer the check: the King to d2,
/// e2, f2 (d1 and f1 stay on the Bear's rank; e2 is attacked by nothing): 3.
#[test]
fn kuma_7_4_blind_bear_win_under_both_readings() {
    let b = board("4k3/1B6/8/8/8/8/8/m3K3 w - - 0 1");
    assert!(b.in_check());
    assert_eq!(b.count_moves(false), 3);
    assert_eq!(b.count_moves(true), 5);
}
