//! Orthodox chess: both generators against published perft counts (`corpus/chess/*.perft`),
//! hand-made rule tests with their derivations, and the two generators against each other
//! along random playouts.
//!
//! The node limits keep `cargo test` fast; `fairyspec verify` runs the files without them.

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use fairyspec::chess::{Chess, ChessKind};
use fairyspec::perft::parse_perft_file;
use fairyspec::{claimable_draw, Colour, Game, Generator, Move, Outcome, Position, Reason};

/// Largest count checked with the reference generator (make-and-test on a mailbox).
const REFERENCE_NODE_LIMIT: u64 = 200_000;
/// Largest count checked with the bitboard generator.
const BITBOARD_NODE_LIMIT: u64 = 5_000_000;

fn reference() -> Box<dyn Generator<Chess>> {
    Chess::reference(&Default::default())
}

fn bitboard() -> Box<dyn Generator<Chess>> {
    Chess::bitboard(&Default::default())
}

fn pos(fen: &str) -> Position<Chess> {
    match Position::<Chess>::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn corpus(name: &str) -> String {
    let path = format!("{}/corpus/chess/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Checks every count of a `.perft` file up to `node_limit`; reports all mismatches at once.
/// Returns how many counts were checked.
fn check_perft_file(gen: &dyn Generator<Chess>, file: &str, node_limit: u64) -> usize {
    let records = parse_perft_file(&corpus(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(!records.is_empty(), "{file} has no records");
    let mut failures = Vec::new();
    let mut checked = 0;
    for rec in &records {
        let p = pos(&rec.epd);
        for &(depth, nodes) in rec.counts.iter().filter(|&&(_, n)| n <= node_limit) {
            let got = gen.perft(&p, depth);
            checked += 1;
            if got != nodes {
                failures.push(format!(
                    "{file} {} (line {}) depth {depth}: expected {nodes}, {} counted {got}",
                    rec.id,
                    rec.line,
                    gen.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn reference_perft_published_suite() {
    let n = check_perft_file(&*reference(), "perft.perft", REFERENCE_NODE_LIMIT);
    assert!(n >= 30, "only {n} counts checked");
}

#[test]
fn reference_perft_random_playouts() {
    let n = check_perft_file(&*reference(), "random-playouts.perft", REFERENCE_NODE_LIMIT);
    assert!(n >= 80, "only {n} counts checked");
}

#[test]
fn bitboard_perft_published_suite() {
    let n = check_perft_file(&*bitboard(), "perft.perft", BITBOARD_NODE_LIMIT);
    assert!(n >= 50, "only {n} counts checked");
}

#[test]
fn bitboard_perft_random_playouts() {
    let n = check_perft_file(&*bitboard(), "random-playouts.perft", BITBOARD_NODE_LIMIT);
    assert!(n >= 120, "only {n} counts checked");
}

/// Every count of both files with the bitboard generator, no limit (some 670 million nodes;
/// a few seconds at opt-level 2): `cargo test --test all chess_perft:: -- --ignored`.
#[test]
#[ignore = "deep perft; run on demand"]
fn bitboard_perft_whole_corpus() {
    for file in ["perft.perft", "random-playouts.perft"] {
        check_perft_file(&*bitboard(), file, u64::MAX);
    }
}

/// Both files with the reference generator up to `CHESS_REFERENCE_LIMIT` nodes per count
/// (default 20 million).
#[test]
#[ignore = "deep perft; run on demand"]
fn reference_perft_deep() {
    let limit = std::env::var("CHESS_REFERENCE_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000_000);
    for file in ["perft.perft", "random-playouts.perft"] {
        check_perft_file(&*reference(), file, limit);
    }
}

fn sorted_texts(gen: &dyn Generator<Chess>, p: &Position<Chess>) -> Vec<String> {
    let mut v: Vec<String> = gen.legal_moves(p).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Both generators must agree on a rule test; returns the (common) sorted move texts.
fn moves_of_both(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let r = sorted_texts(&*reference(), &p);
    let b = sorted_texts(&*bitboard(), &p);
    assert_eq!(r, b, "{fen}: the generators disagree");
    r
}

/// CHESS-6.1 with CHESS-7.1: White Ka5, Pb5; Black Pc5 (just played c7-c5, e.p. square c6),
/// Rh5, Kh1. Taking e.p. (b5xc6) would clear both b5 and c5 from the fifth rank and leave the
/// Rook h5 attacking the King a5, so it is illegal.
/// Hand count of White's moves: King a4, a6, b6 (b4 is attacked by the Pawn c5; b5 is own) = 3;
/// Pawn b5-b6 = 1 (afterwards the Pawn c5 still shields a5 from the Rook). Total 4.
/// Without the Rook h5, b5xc6 e.p. becomes legal: 5 moves.
#[test]
fn chess_6_1_en_passant_may_not_expose_the_king_along_the_rank() {
    let pinned = moves_of_both("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    assert_eq!(pinned, ["a5a4", "a5a6", "a5b6", "b5b6"]);
    let free = moves_of_both("8/8/8/KPp5/8/8/8/7k w - c6 0 2");
    assert_eq!(free, ["a5a4", "a5a6", "a5b6", "b5b6", "b5c6"]);
}

/// CHESS-6.1: the captured Pawn leaves the board, the capturer lands on the e.p. square.
#[test]
fn chess_6_1_en_passant_removes_the_passed_pawn() {
    let p = pos("8/8/8/KPp5/8/8/8/7k w - c6 0 2");
    let m = Move::parse("b5c6").expect("move text");
    for gen in [reference(), bitboard()] {
        let after = gen.play(&p, &m).expect("legal");
        assert_eq!(
            after.fen(),
            "8/8/2P5/K7/8/8/8/7k b - - 0 2",
            "{}",
            gen.name()
        );
    }
}

/// CHESS-4.2: White Ke1, Ra1, Rh1; Black Rb8 and Rf8 (no black rights). The Rook f8 attacks f1,
/// the square the King would pass over towards g1, so e1g1 is illegal; the Rook b8 attacks b1,
/// which the King does not cross on its way to c1 (only the Rook does), so e1c1 is legal.
#[test]
fn chess_4_2_castling_not_through_an_attacked_square() {
    let moves = moves_of_both("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(moves.contains(&"e1c1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
}

/// CHESS-4.2: not out of check (Re8 checks the King e1: neither castling), not into check
/// (Rg8 attacks g1: no short castling, long is fine).
#[test]
fn chess_4_2_castling_not_out_of_or_into_check() {
    let in_check = moves_of_both("4r3/3k4/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!in_check.iter().any(|m| m == "e1g1" || m == "e1c1"));
    let into = moves_of_both("6r1/3k4/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(into.contains(&"e1c1".to_string()) && !into.contains(&"e1g1".to_string()));
}

/// CHESS-4.1 / CHESS-4.3: castling moves the Rook too and ends both rights of that side.
#[test]
fn chess_4_1_castling_moves_the_rook_and_ends_the_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = Move::parse("e1g1").expect("move text");
    for gen in [reference(), bitboard()] {
        let after = gen.play(&p, &m).expect("legal");
        assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    }
}

/// CHESS-5.1: White Pb7 with Black Ra8 and Rc8: b7-b8, b7xa8 and b7xc8 each in four versions
/// (q, r, b, n) = 12 pawn moves; King h1 to g1, g2, h2 = 3 (nothing attacks them). Total 15.
#[test]
fn chess_5_1_promotion_to_queen_rook_bishop_or_knight() {
    let moves = moves_of_both("r1r4k/1P6/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(moves.len(), 15, "{moves:?}");
    for to in ["a8", "b8", "c8"] {
        for letter in ["q", "r", "b", "n"] {
            let text = format!("b7{to}{letter}");
            assert!(moves.contains(&text), "{text} missing from {moves:?}");
        }
    }
    // An under-promotion puts exactly the chosen piece on the square.
    let p = pos("r1r4k/1P6/8/8/8/8/8/7K w - - 0 1");
    let m = Move::parse("b7b8n").expect("move text");
    let after = bitboard().play(&p, &m).expect("legal");
    assert_eq!(after.fen(), "rNr4k/8/8/8/8/8/8/7K b - - 0 1");
}

/// CHESS-7.2: Fool's mate (1. f3 e5 2. g4 Qh4#): White is mated.
#[test]
fn chess_7_2_checkmate_wins() {
    let p = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    for gen in [reference(), bitboard()] {
        assert!(gen.is_check(&p));
        assert!(gen.legal_moves(&p).is_empty());
        assert_eq!(
            gen.outcome(&p),
            Some(Outcome::win(Colour::Black, Reason::Checkmate))
        );
    }
}

/// CHESS-7.3: Black Kh8, White Qf7 and Kg6, Black to move: g8 (Queen f7), g7 and h7 (Queen and
/// King) are all attacked, h8 is not: no legal move, no check — stalemate.
#[test]
fn chess_7_3_stalemate_draws() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    for gen in [reference(), bitboard()] {
        assert!(!gen.is_check(&p));
        assert_eq!(gen.outcome(&p), Some(Outcome::draw(Reason::Stalemate)));
    }
}

/// CHESS-7.6: 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 — the start position stands for the
/// third time and may be claimed a draw; after the first cycle (second time) it may not.
#[test]
fn chess_7_6_threefold_repetition_is_claimable() {
    let gen = reference();
    let mut p = Position::<Chess>::start();
    let mut history = Vec::new();
    for (i, text) in ["g1f3", "g8f6", "f3g1", "f6g8"]
        .repeat(2)
        .iter()
        .enumerate()
    {
        history.push(p.repetition_key());
        let m = gen.parse_move(&p, text).expect("legal");
        p = gen.play(&p, &m).expect("legal");
        if i == 3 {
            assert_eq!(claimable_draw(&p, &history), None);
        }
    }
    assert_eq!(
        claimable_draw(&p, &history),
        Some(Outcome::draw(Reason::ThreefoldClaim))
    );
}

/// CHESS-7.5: at half-move clock 100 (fifty moves by each side without capture or pawn move)
/// the draw may be claimed; a pawn move resets the clock.
#[test]
fn chess_7_5_fifty_move_rule_is_claimable() {
    let p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
    assert_eq!(
        claimable_draw(&p, &[]),
        Some(Outcome::draw(Reason::FiftyMoveClaim))
    );
    let gen = bitboard();
    let after = gen
        .play(&p, &Move::parse("e2e4").expect("text"))
        .expect("legal");
    assert_eq!(after.halfmove_clock(), 0);
    assert_eq!(claimable_draw(&after, &[]), None);
}

/// CHESS-8.1: move text parses into legal moves, a missing promotion letter is rejected when
/// the promotion is not forced to one piece.
#[test]
fn chess_8_1_move_text() {
    let p = pos("r1r4k/1P6/8/8/8/8/8/7K w - - 0 1");
    let gen = reference();
    assert!(gen.parse_move(&p, "b7a8r").is_ok());
    assert!(gen.parse_move(&p, "b7a8").is_err());
    assert!(gen.parse_move(&p, "h1h3").is_err());
    assert!(gen.parse_move(&p, "b7a8x").is_err());
}

/// A small deterministic generator (xorshift64) for choosing playout moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Compares the two generators on one position: sorted moves, each child's FEN, outcome and
/// check. Returns the sorted moves.
fn compare(p: &Position<Chess>) -> Vec<Move<ChessKind>> {
    let (r, b) = (reference(), bitboard());
    let mut rm = r.legal_moves(p);
    let mut bm = b.legal_moves(p);
    rm.sort();
    bm.sort();
    assert_eq!(rm, bm, "moves differ in {p}");
    for m in &rm {
        assert_eq!(
            r.play_unchecked(p, m).fen(),
            b.play_unchecked(p, m).fen(),
            "child of {m} differs in {p}"
        );
    }
    assert_eq!(r.outcome(p), b.outcome(p), "outcome differs in {p}");
    assert_eq!(r.is_check(p), b.is_check(p), "check differs in {p}");
    rm
}

/// The generators agree along seeded random playouts from every corpus position (and on every
/// child of every position visited).
#[test]
fn generators_agree_along_random_playouts() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    for file in ["perft.perft", "random-playouts.perft"] {
        let records = parse_perft_file(&corpus(file)).expect("corpus parses");
        for rec in records {
            let mut p = pos(&rec.epd);
            for _ in 0..60 {
                positions += 1;
                let moves = compare(&p);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                p = reference().play_unchecked(&p, &m);
                // A position a generator made must pass validation again.
                assert!(Position::<Chess>::from_fen(&p.fen()).is_ok(), "{p}");
            }
        }
    }
    assert!(positions > 1000, "only {positions} positions compared");
}
