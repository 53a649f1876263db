//! Unit tests of the bitboard internals (the perft data is in `tests/chu_bitboard.rs`).

use super::board::Board;
use super::movegen::{Emit, Rules};
use super::tables::{KING_AREA, LEAP, LION_AREA, RAYS};
use crate::chu::{
    BareKing, ChuKind, ChuSwitches, CounterStrike, LastRankPromotion, LionProtection, SHAPE,
};
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

/// Every combination of the switches the walk reads, as `Rules` and the bare-king reading.
fn every_reading() -> Vec<(Rules, BareKing)> {
    let mut out = Vec::new();
    for &bare in <BareKing as crate::switches::SwitchValue>::ALL {
        for cs in [CounterStrike::Lishogi, CounterStrike::Jcsa] {
            for lp in [LionProtection::Lishogi, LionProtection::Hachu] {
                for lr in [LastRankPromotion::PawnAndLance, LastRankPromotion::PawnOnly] {
                    out.push((Rules::new(cs, lp, lr), bare));
                }
            }
        }
    }
    out
}

/// Where the walks of `replies_counted_from_the_parent_equal_the_played_count` start: the start
/// position, and positions built so that the walks meet every case the count from the parent
/// treats apart.
const WALK_STARTS: [&str; 9] = [
    crate::chu::Chu::START_FEN,
    // Lions, promoted Kirins, Horned Falcons and Soaring Eagles of both sides in reach of each
    // other: L2 judged with lions two squares apart, igui, counter-strike captures (L3).
    "l1c1gk1g1c1l/3+h4+d3/2p1n2+o1p2/p1p6p1p/4p2p4/12/12/4P2P4/P1P6P1P/2P1N2+O1P2/3+H4+D3/L1C1GK1G1C1L b - 1",
    "6k5/3+d4+h3/4n2+o4/3p1p1P4/4N1p5/5+O2+H3/3+D8/12/12/12/12/5K6 b - 1",
    // A Pawn under a Lion (a non-lion takes a lion), the other side with two lions.
    "5k6/12/12/3n4n3/3P4N3/12/12/12/12/12/12/5K6 b - 1",
    // A Kirin that promotes to a lion two squares from the enemy Lion, protected by a Gold.
    "5k6/5n6/12/12/4GO6/12/12/12/12/12/12/5K6 b - 1",
    // Few pieces: bare king under each reading, dead Pawns on the last rank.
    "5k6/12/12/12/12/12/12/12/12/12/4G7/5K6 b - 1",
    "P4k5P/5g6/12/12/12/12/12/12/12/12/4GS6/5K1p4 w - 1",
    // More than 64 pieces of one side (the per-piece masks are 64 bits).
    "k11/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/12/12/12/12/K11 b - 1",
    "k11/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/pppppppppppp/12/12/12/12/K11 w - 1",
];

/// The leaves two plies deep by playing every move and counting the replies of each result.
fn played<const RESULTS: bool>(b: &Board, rules: &Rules, bare: BareKing) -> u64 {
    let mut n = 0;
    b.generate_counting::<_, RESULTS>(
        rules,
        &mut Emit(|m| n += b.make(m).perft::<RESULTS>(1, rules, bare)),
    );
    n
}

#[test]
fn replies_counted_from_the_parent_equal_the_played_count() {
    // Perft's last two plies (`perft2`: the opponent's moves counted once, then per move only
    // the pieces it touches) against playing each move and counting the position after it in
    // full, by route and by result, under every reading in turn, along pseudo-random walks.
    let readings = every_reading();
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut checked = 0;
    for fen in WALK_STARTS {
        for _walk in 0..6 {
            let mut b = board(fen);
            for _ply in 0..60 {
                let (rules, bare) = readings[checked % readings.len()];
                if b.finished(&rules, bare) {
                    break;
                }
                let at = || crate::fen::write_fen(&b.setup(), FenDialect::Sfen);
                assert_eq!(
                    b.perft2::<false>(&rules, bare),
                    played::<false>(&b, &rules, bare),
                    "by route, {} {rules:?} {bare:?}",
                    at()
                );
                assert_eq!(
                    b.perft2::<true>(&rules, bare),
                    played::<true>(&b, &rules, bare),
                    "by result, {} {rules:?} {bare:?}",
                    at()
                );
                checked += 1;
                let mut moves = Vec::new();
                b.generate(&rules, &mut Emit(|m| moves.push(m)));
                if moves.is_empty() {
                    break;
                }
                rng = rng
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                b = b.make(moves[(rng >> 33) as usize % moves.len()]);
            }
        }
    }
    // The walks are long enough to matter (a start whose walk ends at once still counts).
    assert!(checked > 1000, "{checked} positions checked");
}
