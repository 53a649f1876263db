//! The Kuma bitboard generator against the reference generator: a quick differential check on
//! random-playout positions and on hand-made positions that exercise each special rule. (The
//! full differential harness and fuzzer live elsewhere; this is the generator's own smoke test.)
//!
//! For each position both generators must agree on the sorted legal moves, on the position after
//! every move (as FEN), on the outcome and on whether the side to move is in check, under both
//! Blind Bear readings (KUMA-7.4).

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use fairyspec::kuma::{BlindBearWin, Kuma, KumaSwitches};
use fairyspec::{Game, Generator, Position};

fn generators(blind_bear: BlindBearWin) -> (Box<dyn Generator<Kuma>>, Box<dyn Generator<Kuma>>) {
    let switches = KumaSwitches { blind_bear };
    let bitboard = Kuma::bitboard(&switches);
    (Kuma::reference(&switches), bitboard)
}

const READINGS: [BlindBearWin; 2] = [BlindBearWin::NeedsLegalMove, BlindBearWin::EvenIfExposed];

/// Compares the two generators on one position; returns the bitboard's moves.
fn compare(
    reference: &dyn Generator<Kuma>,
    bitboard: &dyn Generator<Kuma>,
    pos: &Position<Kuma>,
) -> Vec<fairyspec::Move<fairyspec::kuma::KumaKind>> {
    let mut want = reference.legal_moves(pos);
    let mut got = bitboard.legal_moves(pos);
    want.sort();
    got.sort();
    let text = |ms: &[fairyspec::Move<_>]| ms.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(text(&got), text(&want), "moves of {pos}");
    for m in &got {
        assert_eq!(
            bitboard.play_unchecked(pos, m).fen(),
            reference.play_unchecked(pos, m).fen(),
            "{pos} after {m}"
        );
    }
    assert_eq!(
        bitboard.outcome(pos),
        reference.outcome(pos),
        "outcome of {pos}"
    );
    assert_eq!(
        bitboard.is_check(pos),
        reference.is_check(pos),
        "check in {pos}"
    );
    got
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

/// 2 readings × 6 games × up to 60 plies: several hundred positions, from the opening to
/// promotions and Blind Bear wins.
#[test]
fn random_playouts_agree_with_reference() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    for reading in READINGS {
        let (reference, bitboard) = generators(reading);
        for _ in 0..6 {
            let mut pos = Position::<Kuma>::start();
            for _ in 0..60 {
                let moves = compare(&*reference, &*bitboard, &pos);
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                pos = bitboard.play_unchecked(&pos, &m);
            }
        }
    }
    assert!(positions >= 300, "only {positions} positions");
}

/// Hand-made positions, one or more per special rule; each FEN is a valid position.
const HAND_MADE: &[(&str, &str)] = &[
    // KUMA-4: both sides may castle both ways; nothing attacks the King's path.
    (
        "castling, all rights",
        "u3k2r/8/8/8/8/8/8/U3K2R w KQkq - 0 1",
    ),
    // KUMA-4.2: the Black Mighty Bear on f3 slides forward (down, for Black) to f1 and along
    // the diagonal to d1: the King may cross neither.
    (
        "castling, path attacked",
        "4k3/8/8/8/8/5m2/8/U3K2R w KQ - 0 1",
    ),
    // KUMA-4.2: castling out of check (the Dashing Bear on b4 checks along the diagonal).
    ("castling, in check", "4k3/8/8/8/1d6/8/8/U3K2R w KQ - 0 1"),
    // KUMA-4.2: b1 attacked but empty: long castling still legal.
    (
        "castling, b1 attacked",
        "4k3/8/8/8/8/8/1d6/U3K2R w KQ - 0 1",
    ),
    // KUMA-4.3: Black castles; the Running Bear on h1 can be captured by the Black Dashing Bear.
    ("castling, Black", "u3k2r/8/8/3d4/8/8/8/U3K2R b KQkq - 0 1"),
    // KUMA-6.1: e.p. capture available.
    ("en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    // KUMA-6.1: e.p. from both sides.
    (
        "en passant, two capturers",
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
    ),
    // KUMA-6.1: e.p. would uncover the Mighty Bear's sideways slide onto the King on a5.
    ("en passant, rank pin", "4k3/8/8/KPp4m/8/8/8/8 w - c6 0 2"),
    // KUMA-6.1: Black captures e.p.; the checking Pawn can be taken e.p.
    (
        "en passant, removes checker",
        "8/8/8/8/3Pp3/4k3/8/4K3 b - d3 0 1",
    ),
    // KUMA-5.1: every promoting kind on the seventh rank, with captures on the eighth.
    ("promotions", "1e1e1e1e/PV1US1R1/8/7k/8/8/8/4K3 w - - 0 1"),
    // KUMA-5.1: Black promotions.
    (
        "promotions, Black",
        "4k3/8/8/7K/8/8/pv1us1r1/1E1E1E1E b - - 0 1",
    ),
    // KUMA-7.4: Blind Bears next to the last rank, each side.
    (
        "blind bears near home",
        "4k3/1B4b1/8/8/8/8/1B4b1/4K3 w - - 0 1",
    ),
    // KUMA-7.4: in check from a1; the Blind Bear's win exposes the King (reading-dependent).
    (
        "blind bear, king in check",
        "4k3/1B6/8/8/8/8/8/m3K3 w - - 0 1",
    ),
    // KUMA-7.4: the Blind Bear on d2 is pinned by the Dashing Bear on a5 (diagonal to e1).
    ("blind bear, pinned", "4k3/8/8/d7/8/8/3B4/4K3 w - - 0 1"),
    // KUMA-7.4: double check; only the King moves, or (EvenIfExposed) the Blind Bear wins.
    (
        "blind bear, double check",
        "4k3/2B5/8/8/1d6/8/8/4K2m w - - 0 1",
    ),
    // KUMA-7.4: White's Blind Bear already home: terminal, White has won.
    ("blind bear home", "1B2k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    // KUMA-3.13: the Bear Soldier's sideways range two checks over the empty d2.
    ("range-two check", "4k3/8/8/8/8/8/2s1K3/8 w - - 0 1"),
    // KUMA-3.13: the Bear's Eyes on d2 is pinned by the range-two Bear Soldier on c2.
    ("range-two pin", "4k3/8/8/8/8/8/2sEK3/8 w - - 0 1"),
    // KUMA-3.13: the Violent Bear's forward-diagonal range two (Black's forward is down).
    ("violent bear check", "4k3/8/8/8/2v5/8/4K3/8 w - - 0 1"),
    // KUMA-3.12: the Mighty Bear's backward range two (up, for Black) reaches e4 from e2 over
    // the empty e3: the King on e4 is in check.
    ("mighty bear back check", "4k3/8/8/8/4K3/8/4m3/8 w - - 0 1"),
    // KUMA-7.2: mate: the Mighty Bear on b2 (guarded by the Dashing Bear on d4) checks a1 and
    // covers a2 and b1.
    ("checkmate", "4k3/8/8/8/3d4/8/1m6/K7 w - - 0 1"),
    // KUMA-7.3: a stalemate: the King on a1 has no safe square, nothing else moves.
    ("stalemate", "4k3/8/8/8/8/1m6/8/K7 w - - 0 1"),
    // Many pieces of every kind in the middle of the board.
    (
        "crowded",
        "u1v1kg1r/pp1s1ppp/2e1b3/3DpM2/2PpG3/1B3d2/PP3PPP/U1V1K2R w KQ - 4 20",
    ),
];

#[test]
fn hand_made_positions_agree_with_reference() {
    for reading in READINGS {
        let (reference, bitboard) = generators(reading);
        for (name, fen) in HAND_MADE {
            let pos = Position::<Kuma>::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
            let moves = compare(&*reference, &*bitboard, &pos);
            for m in &moves {
                compare(&*reference, &*bitboard, &bitboard.play_unchecked(&pos, m));
            }
            assert_eq!(
                bitboard.perft(&pos, 3),
                reference.perft(&pos, 3),
                "{name}: perft 3 of {fen}"
            );
        }
    }
}

/// The bitboard's fast perft equals the trait's plain recursion over its own moves (depth 3 on
/// the start, so that the per-node conversion stays cheap).
#[test]
fn fast_perft_equals_plain_recursion() {
    let (_, bitboard) = generators(BlindBearWin::NeedsLegalMove);
    let start = Position::<Kuma>::start();
    let plain: u64 = bitboard
        .legal_moves(&start)
        .iter()
        .map(|m| {
            let child = bitboard.play_unchecked(&start, m);
            bitboard
                .legal_moves(&child)
                .iter()
                .map(|m2| {
                    bitboard
                        .legal_moves(&bitboard.play_unchecked(&child, m2))
                        .len() as u64
                })
                .sum::<u64>()
        })
        .sum();
    assert_eq!(plain, 4758);
    assert_eq!(bitboard.perft(&start, 3), 4758);
}

/// The outcomes of the terminal hand-made positions, as their comments derive them (KUMA-7.2,
/// 7.3, 7.4, 7.7): both generators must say so, not merely agree.
#[test]
fn kuma_7_terminal_outcomes() {
    use fairyspec::{Colour, Outcome, Reason};
    let expected = [
        ("checkmate", Outcome::win(Colour::Black, Reason::Checkmate)),
        ("stalemate", Outcome::draw(Reason::Stalemate)),
        (
            "blind bear home",
            Outcome::win(Colour::White, Reason::BlindBear),
        ),
    ];
    for reading in READINGS {
        let (_, bitboard) = generators(reading);
        for (name, outcome) in expected {
            let fen = HAND_MADE.iter().find(|(n, _)| *n == name).map(|(_, f)| *f);
            let pos = Position::<Kuma>::from_fen(fen.unwrap_or_default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(bitboard.outcome(&pos), Some(outcome), "{name}");
            assert!(bitboard.legal_moves(&pos).is_empty(), "{name}");
        }
    }
}

/// KUMA-8.2: the seed's two sample games replay move by move under the bitboard generator (every
/// move legal, every `+` a check, every capture mark a capture) and end as the seed says: game 1
/// White mates after `46. Dc6–a8×`, game 2 Black wins with the Blind Bear `50… Bd2–c1#`. The
/// final positions equal the reference's replay.
#[test]
fn kuma_8_2_sample_games_replay() {
    use fairyspec::replay::replay;
    use fairyspec::{Colour, Outcome, Reason};
    let games = [
        (
            include_str!("../../corpus/kuma/games/game1.txt"),
            Outcome::win(Colour::White, Reason::Checkmate),
        ),
        (
            include_str!("../../corpus/kuma/games/game2.txt"),
            Outcome::win(Colour::Black, Reason::BlindBear),
        ),
    ];
    let (reference, bitboard) = generators(BlindBearWin::NeedsLegalMove);
    for (record, outcome) in games {
        let got = replay(&*bitboard, record).unwrap_or_else(|e| panic!("bitboard replay: {e}"));
        let want = replay(&*reference, record).unwrap_or_else(|e| panic!("reference replay: {e}"));
        assert_eq!(got.outcome, Some(outcome));
        assert_eq!(got, want);
    }
}
