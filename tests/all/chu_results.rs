//! Counting by result (CHU-9.5): the Chu bitboard's own count (`perft_results`, which never
//! compares positions) against the generic count of `Generator::perft_results` (which plays
//! every legal move and keeps one per distinct pair of from-square and resulting position), on
//! lishogi's random positions walked on a few plies and on positions full of lions, under every
//! switch; and the start position against minase's counts.

use super::chu_bitboard::every_switch;
use super::perft_hash::chu_positions;
use fairyspec::chu::{Chu, ChuKind, ChuSwitches};
use fairyspec::{Game, Generator, GeneratorKind, Move, Outcome, Position};

/// A generator that hands everything to `inner` except the count by result, which it leaves to
/// the trait's generic default.
struct Generic(Box<dyn Generator<Chu>>);

impl Generator<Chu> for Generic {
    fn kind(&self) -> GeneratorKind {
        self.0.kind()
    }
    fn name(&self) -> &'static str {
        "generic"
    }
    fn switches(&self) -> &ChuSwitches {
        self.0.switches()
    }
    fn legal_moves(&self, pos: &Position<Chu>) -> Vec<Move<ChuKind>> {
        self.0.legal_moves(pos)
    }
    fn play_unchecked(&self, pos: &Position<Chu>, mv: &Move<ChuKind>) -> Position<Chu> {
        self.0.play_unchecked(pos, mv)
    }
    fn is_check(&self, pos: &Position<Chu>) -> bool {
        self.0.is_check(pos)
    }
    fn outcome(&self, pos: &Position<Chu>) -> Option<Outcome> {
        self.0.outcome(pos)
    }
}

/// Lions, promoted Kirins, Horned Falcons and Soaring Eagles of both sides, some in reach of
/// each other (built for this test and the bench).
pub const LION_POSITIONS: [&str; 3] = [
    "l1c1gk1g1c1l/3+h4+d3/2p1n2+o1p2/p1p6p1p/4p2p4/12/12/4P2P4/P1P6P1P/2P1N2+O1P2/3+H4+D3/L1C1GK1G1C1L b - 1",
    "6k5/3+d4+h3/4n2+o4/3p1p1P4/4N1p5/5+O2+H3/3+D8/12/12/12/12/5K6 b - 1",
    "5k6/12/12/3+h1n6/2p1N1+o5/4+D1p5/3P1+O2+d3/12/12/12/12/6K5 w - 1",
];

#[test]
fn bitboard_results_equal_the_generic_count() {
    let mut positions = chu_positions(24, 21);
    positions.extend(
        LION_POSITIONS
            .iter()
            .map(|f| Position::<Chu>::from_fen(f).unwrap()),
    );
    let switches = every_switch();
    for (i, pos) in positions.iter().enumerate() {
        let sw = switches[i % switches.len()];
        let bitboard = Chu::bitboard(&sw);
        let generic = Generic(Chu::bitboard(&sw));
        let reference = Generic(Chu::reference(&sw));
        for depth in 1..=2 {
            let fast = bitboard.perft_results(pos, depth);
            assert_eq!(
                fast,
                generic.perft_results(pos, depth),
                "{} depth {depth} {sw:?}",
                pos.fen()
            );
            if depth == 1 {
                // And against the reference's moves, compared the generic way.
                assert_eq!(fast, reference.perft_results(pos, 1), "{}", pos.fen());
            }
        }
    }
}

#[test]
fn lion_positions_differ_by_route_and_by_result() {
    // The positions are there to exercise the difference: each counts fewer results than routes.
    let bitboard = Chu::bitboard(&Default::default());
    for fen in LION_POSITIONS {
        let pos = Position::<Chu>::from_fen(fen).unwrap();
        assert!(
            bitboard.perft_results(&pos, 1) < bitboard.perft(&pos, 1),
            "{fen}"
        );
    }
}

#[test]
fn start_position_by_result_as_minase_counts() {
    // minase 2.6.0 (`minase dev perft 4 --rules lishogi`), an independent Chu program that counts
    // this way: 36, 1,296, 48,315, 1,801,639 (depth 5, 71,548,181, is checked by
    // `cargo bench --bench chu`).
    let bitboard = Chu::bitboard(&Default::default());
    let start = Position::<Chu>::start();
    for (d, n) in [(1, 36), (2, 1296), (3, 48_315), (4, 1_801_639)] {
        assert_eq!(bitboard.perft_results(&start, d), n, "depth {d}");
    }
}
