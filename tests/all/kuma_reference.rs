//! The Kuma Chess reference generator (`spec/kuma/rules.rs`) against published numbers and
//! hand-counted positions, one test per rule, named after the rule ID of SPEC.md.
//!
//! Every expected count below is derived in the comment above it, piece by piece, from the rules
//! (SPEC.md, chapter "Kuma Chess"); none was copied from the generator's output. Each position
//! given to [`legal`] is also checked in its colour mirror (ranks flipped, colours swapped),
//! which must have the mirrored moves: the same rules seen from Black's side.

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use fairyspec::kuma::rules::{in_check, is_attacked, piece_moves};
use fairyspec::kuma::{BlindBearWin, Kuma, KumaKind, KumaSwitches};
use fairyspec::{
    Colour, FenError, Game, Generator, Move, Outcome, Position, PositionErrorKind, Reason, Setup,
    Shape, Square,
};

fn reference() -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&KumaSwitches::default())
}

fn reference_with(blind_bear: BlindBearWin) -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&KumaSwitches { blind_bear })
}

fn position(fen: &str) -> Position<Kuma> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

fn texts(moves: &[Move<KumaKind>]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    t.sort();
    t
}

/// The move with its squares mirrored across the middle rank.
fn mirror_move(mv: &Move<KumaKind>) -> Move<KumaKind> {
    let shape = Kuma::SHAPE;
    Move {
        from: shape.flip_rank(mv.from),
        to: shape.flip_rank(mv.to),
        ..*mv
    }
}

/// The legal moves (as sorted text) of `fen` under `gen`, after checking that the colour mirror
/// of the position has exactly the mirrored moves.
fn legal_with(gen: &dyn Generator<Kuma>, fen: &str) -> Vec<String> {
    let pos = position(fen);
    let moves = gen.legal_moves(&pos);
    let mirror =
        Kuma::validate(pos.setup().mirrored()).unwrap_or_else(|e| panic!("mirror of {fen}: {e}"));
    let mirrored: Vec<_> = moves.iter().map(mirror_move).collect();
    assert_eq!(
        texts(&gen.legal_moves(&mirror)),
        texts(&mirrored),
        "the mirror of {fen} ({mirror}) has other moves"
    );
    texts(&moves)
}

fn legal(fen: &str) -> Vec<String> {
    legal_with(&*reference(), fen)
}

fn has(moves: &[String], text: &str) -> bool {
    moves.iter().any(|m| m == text)
}

/// The squares `piece_moves` gives for `from`, as sorted names.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let pos = position(fen);
    let mut t: Vec<String> = piece_moves(pos.setup(), sq(from))
        .iter()
        .map(|s| s.to_string())
        .collect();
    t.sort();
    t
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays the moves given as text (each must be legal) and returns the FEN reached.
fn play_line(gen: &dyn Generator<Kuma>, fen: &str, line: &[&str]) -> Position<Kuma> {
    let mut pos = position(fen);
    for text in line {
        let mv = gen
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        pos = gen.play_unchecked(&pos, &mv);
    }
    pos
}

// ---------------------------------------------------------------------------------------------
// KUMA-1.2 — start position
// ---------------------------------------------------------------------------------------------

/// KUMA-1.2 — perft of the start position, depth 1..4: 16, 256, 4758, 88151. Published in the
/// rules brief (two independent programs agree).
#[test]
fn kuma_1_2_start_position_perft() {
    let start = Position::<Kuma>::start();
    let gen = reference();
    let expected = [16, 256, 4758, 88151];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        assert_eq!(gen.perft(&start, depth), nodes, "depth {depth}");
    }
}

/// KUMA-1.2 — at the start only the Pawns move: the bears on rank 1 are hemmed in by each other
/// and the Pawns (every piece's moves either go forward into rank 2, sideways into rank 1, or
/// backward off the board). 8 Pawns × (single + double step) = 16.
#[test]
fn kuma_1_2_start_position_moves_are_pawn_moves() {
    let moves = legal(Kuma::START_FEN);
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().all(|m| m.ends_with('3') || m.ends_with('4')));
}

// ---------------------------------------------------------------------------------------------
// KUMA-3 — the pieces
// ---------------------------------------------------------------------------------------------

/// KUMA-3.13 with KUMA-3.6 — the Violent Bear's fF2 is blockable. White V d4; own Pawn c5 on the
/// first forward-left square, Black Pawn e5 on the first forward-right square.
/// fW: d5. sW: c4, e4. fF2 left: c5 own → stop (b6 unreachable). fF2 right: e5 enemy → capture,
/// stop (f6 unreachable). Total {c4, d5, e4, e5}: a leaping reading would add b6 and f6.
#[test]
fn kuma_3_13_violent_bear_diagonal_range_is_blocked_by_first_square() {
    let fen = "7k/8/8/2P1p3/3V4/8/8/7K w - - 0 1";
    assert_eq!(targets(fen, "d4"), sorted(&["c4", "d5", "e4", "e5"]));
    // With both diagonal squares empty the second ones are reached: d5, c4, e4, c5, b6, e5, f6.
    let open = "7k/8/8/8/3V4/8/8/7K w - - 0 1";
    assert_eq!(
        targets(open, "d4"),
        sorted(&["b6", "c4", "c5", "d5", "e4", "e5", "f6"])
    );
}

/// KUMA-3.13 with KUMA-3.8 — the Upright Bear's sW2 is blockable. White U d4, own Pawn e4,
/// Black Pawn c4. fR: d5, d6, d7, d8. bW: d3. sW2 left: c4 enemy → capture, stop (b4
/// unreachable). sW2 right: e4 own → nothing (f4 unreachable). 6 squares.
#[test]
fn kuma_3_13_upright_bear_sideways_range_is_blocked() {
    let fen = "7k/8/8/8/2pUP3/8/8/7K w - - 0 1";
    assert_eq!(
        targets(fen, "d4"),
        sorted(&["c4", "d3", "d5", "d6", "d7", "d8"])
    );
}

/// KUMA-3.13 with KUMA-3.9 — the Running Bear's sW2 is blockable. Same position with a Running
/// Bear: fR d5–d8 (4), bR d3, d2, d1 (3), sW2 left c4 capture (b4 unreachable), right blocked by
/// the own Pawn e4 (f4 unreachable): 8 squares.
#[test]
fn kuma_3_13_running_bear_sideways_range_is_blocked() {
    let fen = "7k/8/8/8/2pRP3/8/8/7K w - - 0 1";
    assert_eq!(
        targets(fen, "d4"),
        sorted(&["c4", "d1", "d2", "d3", "d5", "d6", "d7", "d8"])
    );
}

/// KUMA-3.2 — the Pawn's plain movement (`piece_moves`): one step forward to an empty square,
/// diagonal captures of enemy pieces only. White P e4 with an enemy on d5 and an own piece on
/// f5: e5 and d5 (f5 is own).
#[test]
fn kuma_3_2_pawn_moves_forward_and_captures_diagonally() {
    let fen = "7k/8/8/3p1E2/4P3/8/8/7K w - - 0 1";
    assert_eq!(targets(fen, "e4"), sorted(&["d5", "e5"]));
    // Blocked straight ahead: no move forward, nor a capture straight ahead.
    let blocked = "7k/8/8/4p3/4P3/8/8/7K w - - 0 1";
    assert!(targets(blocked, "e4").is_empty());
    // The Pawn attacks its diagonal squares, not the square in front.
    let pos = position(blocked);
    assert!(is_attacked(pos.setup(), sq("d5"), Colour::White));
    assert!(!is_attacked(pos.setup(), sq("e5"), Colour::White));
}

/// KUMA-3.2 — the double step: from its second rank, two squares forward if both are empty.
/// White Pawns b2 (free), d2 (d3 occupied by a Black Pawn), f2 (f4 occupied by a Black Pawn)
/// and h3 (not on its second rank). b2: b3, b4. d2: no move (c3/e3 empty, nothing to capture
/// there). f2: f3 only. h3: h4. King a1: a2, b1 (b2 own). Total 2 + 0 + 1 + 1 + 2 = 6.
#[test]
fn kuma_3_2_pawn_double_step_needs_two_empty_squares() {
    let fen = "7k/8/8/8/5p2/3p3P/1P1P1P2/K7 w - - 0 1";
    assert_eq!(
        legal(fen),
        sorted(&["a1a2", "a1b1", "b2b3", "b2b4", "f2f3", "h3h4"])
    );
}

// ---------------------------------------------------------------------------------------------
// KUMA-4 — castling
// ---------------------------------------------------------------------------------------------

/// The castling test bed: White U a1, K e1, R h1, Pawns a2–h2; Black King e8 alone.
/// Pawns: 8 × (single + double) = 16. U a1: a-file blocked by a2, nothing behind, sW2 right b1,
/// c1 = 2. R h1: h-file blocked, sW2 left g1, f1 = 2. K e1: d1, f1 (d2, e2, f2 own) = 2, plus
/// the two castlings = 4. Total 16 + 2 + 2 + 4 = 24.
const CASTLING_BED: &str = "4k3/8/8/8/8/8/PPPPPPPP/U3K2R w KQ - 0 1";

/// KUMA-4.1 — both castlings are moves of the King (`e1g1`, `e1c1`); see [`CASTLING_BED`].
#[test]
fn kuma_4_1_both_castlings_are_legal() {
    let moves = legal(CASTLING_BED);
    assert_eq!(moves.len(), 24);
    assert!(has(&moves, "e1g1") && has(&moves, "e1c1"));
}

/// KUMA-4.1 — the partners jump: short castling leaves K g1, R f1; long leaves K c1, U d1. Both
/// of White's rights are gone afterwards (KUMA-4.3); a castling is no capture and no Pawn move,
/// so the half-move clock counts up (KUMA-7.5).
#[test]
fn kuma_4_1_castling_moves_king_and_partner() {
    let gen = reference();
    let short = play_line(&*gen, CASTLING_BED, &["e1g1"]);
    assert_eq!(short.fen(), "4k3/8/8/8/8/8/PPPPPPPP/U4RK1 b - - 1 1");
    let long = play_line(&*gen, CASTLING_BED, &["e1c1"]);
    assert_eq!(long.fen(), "4k3/8/8/8/8/8/PPPPPPPP/2KU3R b - - 1 1");
    // Black castles likewise on rank 8 (game 1, 13… 0–0–0 leaves K c8, U d8).
    let black = play_line(&*gen, "u3k2r/pppppppp/8/8/8/8/8/4K3 b kq - 0 1", &["e8c8"]);
    assert_eq!(black.fen(), "2ku3r/pppppppp/8/8/8/8/8/4K3 w - - 1 2");
}

/// KUMA-4.2 — every square between King and partner must be empty, b1 included although the
/// King never crosses it. White Blind Bear on b1: U a1 now has no move (b1 own); B b1: sW c1
/// (a1 own), F a2/c2 own, nothing behind = 1; K e1: d1, f1, e1g1 = 3; R h1: g1, f1 = 2;
/// Pawns 16. Total 0 + 1 + 3 + 2 + 16 = 22, without e1c1.
#[test]
fn kuma_4_2_castling_long_needs_b1_empty() {
    let moves = legal("4k3/8/8/8/8/8/PPPPPPPP/UB2K2R w KQ - 0 1");
    assert_eq!(moves.len(), 22);
    assert!(has(&moves, "e1g1") && !has(&moves, "e1c1"));
}

/// KUMA-4.2 — a piece between King and Running Bear. White Blind Bear on g1: B g1: sW f1 (h1
/// own), F f2/h2 own = 1; R h1: g1 own, h2 own = 0; U a1: b1, c1 = 2; K e1: d1, f1, e1c1 = 3;
/// Pawns 16. Total 1 + 0 + 2 + 3 + 16 = 22, without e1g1.
#[test]
fn kuma_4_2_castling_short_needs_g1_empty() {
    let moves = legal("4k3/8/8/8/8/8/PPPPPPPP/U3K1BR w KQ - 0 1");
    assert_eq!(moves.len(), 22);
    assert!(!has(&moves, "e1g1") && has(&moves, "e1c1"));
}

/// KUMA-4.2 — no castling out of check. Black Running Bear e8 checks down the open e-file
/// (e2 is empty); Black King a8. White can neither block (no White piece reaches e2–e7: Pawns
/// move straight, U reaches b1/c1, R g1/f1) nor capture e8, so only the King moves: d1, f1 (not
/// attacked: the R covers the e-file and c8/d8/f8/g8), e2 is on the file, d2/f2 own. Both
/// castlings would otherwise be legal (f1, g1, c1, d1 are not attacked). Total 2.
#[test]
fn kuma_4_2_castling_out_of_check_is_illegal() {
    let moves = legal("k3r3/8/8/8/8/8/PPPP1PPP/U3K2R w KQ - 0 1");
    assert_eq!(moves, sorted(&["e1d1", "e1f1"]));
}

/// KUMA-4.2 — the King may not pass through an attacked square. Black Dashing Bear f8 sees
/// down the open f-file to f1 (its diagonals e7–a3 and g7–h6 touch no White square that
/// matters). Pawns a–e, g, h: 7 × 2 = 14. U: b1, c1 = 2. R: g1, f1 = 2. K e1: d1 (f1 and f2
/// attacked, d2/e2 own) = 1, e1c1 legal, e1g1 illegal (passes f1) = 2. Total 14 + 2 + 2 + 2 = 20.
#[test]
fn kuma_4_2_castling_through_attack_is_illegal() {
    let moves = legal("k4d2/8/8/8/8/8/PPPPP1PP/U3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 20);
    assert!(!has(&moves, "e1g1") && has(&moves, "e1c1"));
    // Long side: a Black Dashing Bear d8 sees d1. Pawns a–c, e–h: 14; U 2; R 2; K: f1 (d1, d2
    // attacked), e1g1 = 2; e1c1 passes d1. Total 20.
    let moves = legal("k2d4/8/8/8/8/8/PPP1PPPP/U3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 20);
    assert!(has(&moves, "e1g1") && !has(&moves, "e1c1"));
}

/// KUMA-4.2 — the King may not land on an attacked square. Black Dashing Bear g8 sees g1 (its
/// diagonal f7–a2 ends on the Pawn a2, which does not matter). Pawns a–f, h: 14; U: b1, c1 = 2;
/// R: g1, f1 = 2 (the Bear may go where the King may not); K: d1, f1, e1c1 = 3 (e1g1 lands on
/// g1). Total 21. Long side: Dashing Bear c8 sees c1: Pawns a, b, d–h 14; U: b1, c1 = 2; R 2;
/// K: d1, f1, e1g1 = 3 (e1c1 lands on c1). Total 21.
#[test]
fn kuma_4_2_castling_into_attack_is_illegal() {
    let moves = legal("k5d1/8/8/8/8/8/PPPPPP1P/U3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 21);
    assert!(!has(&moves, "e1g1") && has(&moves, "e1c1"));
    let moves = legal("k1d5/8/8/8/8/8/PP1PPPPP/U3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 21);
    assert!(has(&moves, "e1g1") && !has(&moves, "e1c1"));
}

/// KUMA-4.2 — an attack on b1 does not stop the long castling (the King neither passes nor
/// lands there). Black Dashing Bear b8 sees b1 (and h2 by its diagonal). Pawns a, c–h: 14;
/// U: b1, c1 = 2; R: 2; K: d1, f1, e1g1, e1c1 = 4. Total 22.
#[test]
fn kuma_4_2_castling_long_with_b1_attacked_is_legal() {
    let moves = legal("kd6/8/8/8/8/8/P1PPPPPP/U3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 22);
    assert!(has(&moves, "e1g1") && has(&moves, "e1c1"));
}

/// KUMA-4.2 — no castling without the right: [`CASTLING_BED`] with only `K` has 23 moves (no
/// e1c1), with only `Q` 23 (no e1g1), with `-` 22.
#[test]
fn kuma_4_2_castling_needs_the_right() {
    let only_short = legal("4k3/8/8/8/8/8/PPPPPPPP/U3K2R w K - 0 1");
    assert_eq!(only_short.len(), 23);
    assert!(has(&only_short, "e1g1") && !has(&only_short, "e1c1"));
    let only_long = legal("4k3/8/8/8/8/8/PPPPPPPP/U3K2R w Q - 0 1");
    assert_eq!(only_long.len(), 23);
    assert!(!has(&only_long, "e1g1") && has(&only_long, "e1c1"));
    assert_eq!(legal("4k3/8/8/8/8/8/PPPPPPPP/U3K2R w - - 0 1").len(), 22);
}

/// KUMA-4.3 — rights are lost when the King moves (both), when the partner leaves its corner
/// (that side's), and when the partner is captured on its corner.
#[test]
fn kuma_4_3_castling_rights_are_lost() {
    let gen = reference();
    let after = |line: &[&str]| play_line(&*gen, CASTLING_BED, line).castling()[Colour::White];
    assert!(!after(&["e1f1"]).short && !after(&["e1f1"]).long);
    assert!(after(&["a1b1"]).short && !after(&["a1b1"]).long);
    assert!(!after(&["h1g1"]).short && after(&["h1g1"]).long);
    // The Running Bear goes and comes back: the right does not return.
    let back = play_line(&*gen, CASTLING_BED, &["h1g1", "e8e7", "g1h1", "e7e8"]);
    assert!(!has(&texts(&gen.legal_moves(&back)), "e1g1"));
    // A Black Dashing Bear takes the Running Bear on h1 (down the h-file, h2 empty): White loses
    // the short right only.
    let captured = play_line(&*gen, "k6d/8/8/8/8/8/PPPPPPP1/U3K2R b KQ - 0 1", &["h8h1"]);
    assert_eq!(captured.fen(), "k7/8/8/8/8/8/PPPPPPP1/U3K2d w Q - 0 2");
}

// ---------------------------------------------------------------------------------------------
// KUMA-5 — promotion
// ---------------------------------------------------------------------------------------------

/// KUMA-5.1 — Pawn → Bear's Eyes, by move and by capture. White P c7, Black Running Bear d8
/// (White K a1, Black K h8). Pawn: c8 promoting, d8 capture promoting (b8 empty: no capture)
/// = 2, each only as `e`. K a1: a2, b1, b2 (the R d8 covers the d-file and b8–f8) = 3. Total 5.
#[test]
fn kuma_5_1_pawn_promotes_to_bears_eyes() {
    let moves = legal("3r3k/2P5/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(moves, sorted(&["a1a2", "a1b1", "a1b2", "c7c8e", "c7d8e"]));
}

/// KUMA-5.1 — Violent Bear → Great Bear. White V c7, Black Running Bear d8. fW c8 (promotes),
/// sW b7, d7, fF2: b8 (promotes; a9 is off the board), d8 capture (promotes; e9 off) = 5;
/// K a1: 3. Total 8.
#[test]
fn kuma_5_1_violent_bear_promotes_to_great_bear() {
    let moves = legal("3r3k/2V5/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        moves,
        sorted(&["a1a2", "a1b1", "a1b2", "c7b7", "c7b8g", "c7c8g", "c7d7", "c7d8g"])
    );
}

/// KUMA-5.1 — Upright Bear → Dashing Bear. White U a7 (a8 empty) and U g7 (Black Bear's Eyes on
/// g8); White K a1, Black K e5. U a7: a8 promotes, a6, b7, c7 = 4. U g7: g8 capture promotes,
/// g6, f7, e7, h7 = 5. K a1: a2, b1, b2 = 3. Total 12.
#[test]
fn kuma_5_1_upright_bear_promotes_to_dashing_bear() {
    let moves = legal("6e1/U5U1/8/4k3/8/8/8/K7 w - - 0 1");
    assert_eq!(moves.len(), 12);
    assert!(has(&moves, "a7a8d") && has(&moves, "g7g8d"));
    assert!(!has(&moves, "a7a8") && !has(&moves, "g7g8"));
}

/// KUMA-5.1 — Running Bear → Dashing Bear. As above with Running Bears. R a7: a8 promotes,
/// a6–a2 (a1 own King) = 5, b7, c7 = 8. R g7: g8 capture promotes, g6–g1 = 6, f7, e7, h7 = 10.
/// K a1: a2, b1, b2 = 3. Total 21.
#[test]
fn kuma_5_1_running_bear_promotes_to_dashing_bear() {
    let moves = legal("6e1/R5R1/8/4k3/8/8/8/K7 w - - 0 1");
    assert_eq!(moves.len(), 21);
    assert!(has(&moves, "a7a8d") && has(&moves, "g7g8d"));
}

/// KUMA-5.1 — Bear Soldier → Mighty Bear. White S c7, Black Bear's Eyes d8. fR c8, fB b8 and d8
/// (capture), all promoting; sW2 b7, a7, d7, e7; bW c6 = 8. K a1: 3. Total 11.
#[test]
fn kuma_5_1_bear_soldier_promotes_to_mighty_bear() {
    let moves = legal("3e3k/2S5/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(moves.len(), 11);
    for promoting in ["c7b8m", "c7c8m", "c7d8m"] {
        assert!(has(&moves, promoting), "{promoting}");
    }
}

/// KUMA-5.1 — the promoted piece stands on the board after the move, and a Black Pawn promotes
/// on rank 1 (the capture also resets the half-move clock, KUMA-7.5).
#[test]
fn kuma_5_1_promotion_replaces_the_piece() {
    let gen = reference();
    let pos = play_line(&*gen, "k7/8/8/8/8/8/1p6/2R4K b - - 7 30", &["b2c1e"]);
    assert_eq!(pos.fen(), "k7/8/8/8/8/8/8/2e4K w - - 0 31");
}

/// KUMA-5.2 — King, Bear's Eyes, Great Bear, Dashing Bear and Mighty Bear reach the last rank
/// without promoting: each, on g7 (Black King a8, out of its reach), steps to g8 by a move
/// with no promotion letter, and no move of the position carries one.
#[test]
fn kuma_5_2_promoted_pieces_do_not_promote() {
    for fen in [
        "k7/6G1/8/8/8/8/8/7K w - - 0 1",
        "k7/6E1/8/8/8/8/8/7K w - - 0 1",
        "k7/6D1/8/8/8/8/8/7K w - - 0 1",
        "k7/6M1/8/8/8/8/8/7K w - - 0 1",
        "k7/6K1/8/8/8/8/8/8 w - - 0 1",
    ] {
        let gen = reference();
        let pos = position(fen);
        let moves = gen.legal_moves(&pos);
        assert!(has(&texts(&moves), "g7g8"), "{fen}");
        assert!(moves.iter().all(|m| m.promotion.is_none()), "{fen}");
    }
}

// ---------------------------------------------------------------------------------------------
// KUMA-6 — en passant
// ---------------------------------------------------------------------------------------------

/// KUMA-6.1 — en passant. Black has just played d7–d5 past the White Pawn e5 (e.p. square d6).
/// K e1: d1, d2, e2, f1, f2 = 5. P e5: e6, and e5xd6 e.p. = 2. Total 7. The capture removes the
/// Black Pawn on d5 and resets the half-move clock.
#[test]
fn kuma_6_1_en_passant_capture() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let moves = legal(fen);
    assert_eq!(
        moves,
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5d6", "e5e6"])
    );
    let after = play_line(&*reference(), fen, &["e5d6"]);
    assert_eq!(after.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

/// KUMA-6.1 — the right lasts one move only: with the e.p. square gone, e5xd6 is no move.
/// Same position without e.p. square: 5 King moves + e6 = 6.
#[test]
fn kuma_6_1_en_passant_only_right_after_the_double_step() {
    let moves = legal("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_eq!(moves.len(), 6);
    assert!(!has(&moves, "e5d6"));
}

/// KUMA-6.1 with KUMA-7.1 — the e.p. square is there but the capture is illegal: taking d5 e.p.
/// empties both d5 and e5, and the Black Mighty Bear h5 would see the White King a5 along the
/// rank. K a5: a4, a6, b4, b5, b6 (none attacked: the Mighty Bear's rank ends at e5, its
/// diagonals run g6–f7 and g4–d1, the Black Pawn d5 attacks c4/e4) = 5. P e5: e6 = 1 (the
/// rank stays shut by d5). Total 6, without e5d6.
#[test]
fn kuma_6_1_en_passant_exposing_the_king_is_illegal() {
    let moves = legal("4k3/8/8/K2pP2m/8/8/8/8 w - d6 0 2");
    assert_eq!(
        moves,
        sorted(&["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5e6"])
    );
}

/// KUMA-6.1 — the e.p. square is recorded after every double step, even when no Pawn can take
/// (standard FEN convention): 1. e2–e4 from the start gives e3.
#[test]
fn kuma_6_1_ep_square_after_every_double_step() {
    let gen = reference();
    let pos = play_line(&*gen, Kuma::START_FEN, &["e2e4"]);
    assert_eq!(
        pos.fen(),
        "ubvskvbr/pppppppp/8/8/4P3/8/PPPP1PPP/UBVSKVBR b KQkq e3 0 1"
    );
    let pos = play_line(&*gen, Kuma::START_FEN, &["e2e4", "c7c6"]);
    assert_eq!(pos.ep_square(), None);
}

// ---------------------------------------------------------------------------------------------
// KUMA-7 — legality and the end of the game
// ---------------------------------------------------------------------------------------------

/// KUMA-7.2 — checkmate. Black K h8 is attacked by the White Mighty Bear g7 (diagonal step),
/// which the Bear's Eyes f6 protects. g8 (M forward), h7 (M sideways) and g7 (protected) are
/// all covered: no legal move, in check, White wins.
#[test]
fn kuma_7_2_checkmate() {
    let gen = reference();
    let pos = position("7k/6M1/5E2/8/8/8/8/K7 b - - 0 1");
    assert!(gen.legal_moves(&pos).is_empty());
    assert!(gen.is_check(&pos));
    assert!(in_check(pos.setup(), Colour::Black));
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::White, Reason::Checkmate))
    );
    assert_eq!(gen.perft(&pos, 1), 0);
    assert_eq!(gen.perft(&pos, 3), 0);
}

/// KUMA-7.3 — stalemate. Black K h8, White Mighty Bear f7: g8 is on its diagonal, g7 and h7 on
/// its rank; h8 itself is not attacked. No legal move, not in check: a draw.
#[test]
fn kuma_7_3_stalemate() {
    let gen = reference();
    let pos = position("7k/5M2/8/8/8/8/8/K7 b - - 0 1");
    assert!(gen.legal_moves(&pos).is_empty());
    assert!(!gen.is_check(&pos));
    assert_eq!(gen.outcome(&pos), Some(Outcome::draw(Reason::Stalemate)));
}

/// KUMA-7.1 — a pinned piece may not leave the line. White K a1, White Running Bear a4, Black
/// Dashing Bear a8 on the a-file. The R may slide along the file (a2, a3, a5, a6, a7, a8
/// capture, promoting to a Dashing Bear: `a4a8d`) = 6 but not sideways (b4, c4). K a1: b1, b2 (a2 stays behind the Bear: legal) = 3.
/// Total 9.
#[test]
fn kuma_7_1_pinned_piece_stays_on_the_line() {
    let moves = legal("d6k/8/8/8/R7/8/8/K7 w - - 0 1");
    assert_eq!(moves.len(), 9);
    assert!(!has(&moves, "a4b4") && has(&moves, "a4a8d"));
}

/// KUMA-7.4 — a Blind Bear reaching the last rank wins at once. White B c7 goes to b8 or d8
/// (forward diagonals); the position after it is terminal: no moves, White wins, though Black's
/// King e8 stands next to the Bear and is not mated.
#[test]
fn kuma_7_4_blind_bear_home_wins() {
    let gen = reference();
    let fen = "4k3/2B5/8/8/8/8/8/4K3 w - - 0 1";
    // B c7: sW b7, d7; F b8, d8, b6, d6 = 6. K e1: d1, d2, e2, f1, f2 = 5. Total 11.
    assert_eq!(legal(fen).len(), 11);
    let won = play_line(&*gen, fen, &["c7d8"]);
    assert!(gen.legal_moves(&won).is_empty());
    assert_eq!(
        gen.outcome(&won),
        Some(Outcome::win(Colour::White, Reason::BlindBear))
    );
    assert_eq!(gen.perft(&won, 1), 0);
    // The finished position reads back from its FEN (KUMA-2.7: the side *not* to move has the
    // Bear home) and is still over.
    let read = position(&won.fen());
    assert_eq!(
        gen.outcome(&read),
        Some(Outcome::win(Colour::White, Reason::BlindBear))
    );
}

/// KUMA-7.4 — the Blind Bear win comes first in `outcome`: Black would have moves (K h8: g8, g7,
/// h7), but White's Bear on c8 has already won.
#[test]
fn kuma_7_4_blind_bear_win_is_terminal() {
    let gen = reference();
    let pos = position("2B4k/8/8/8/8/8/8/K7 b - - 0 1");
    assert!(gen.legal_moves(&pos).is_empty());
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::White, Reason::BlindBear))
    );
    // Black's Bear reaching rank 1 wins for Black.
    let pos = position("k7/8/8/8/8/8/8/2b4K w - - 0 1");
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::Black, Reason::BlindBear))
    );
}

/// The Blind Bear pin: White K a7, White Blind Bear d7, Black Mighty Bear h7 on the same rank
/// (Black K h1). The Bear may stay on rank 7 (c7, e7) but every other move of it (c8, e8, c6, e6)
/// opens the rank. K a7: a8, b8, a6, b6, b7 (none attacked; b7 is still shielded by d7) = 5.
const BLIND_BEAR_PIN: &str = "8/K2B3m/8/8/8/8/8/7k w - - 0 1";

/// KUMA-7.4 (default `needs-legal-move`) — a Blind Bear move to the last rank that leaves the
/// King attacked is illegal like any other (KUMA-7.1). [`BLIND_BEAR_PIN`]: 5 King moves + d7c7,
/// d7e7 = 7; no d7c8, d7e8.
#[test]
fn kuma_7_4_blind_bear_exposing_king_is_illegal_by_default() {
    let moves = legal_with(
        &*reference_with(BlindBearWin::NeedsLegalMove),
        BLIND_BEAR_PIN,
    );
    assert_eq!(
        moves,
        sorted(&["a7a6", "a7a8", "a7b6", "a7b7", "a7b8", "d7c7", "d7e7"])
    );
}

/// KUMA-7.4 (switch `even-if-exposed`) — the same two Bear moves to rank 8 become legal and win,
/// though they leave the King on a7 attacked; d7c6 and d7e6 (not reaching the rank) stay
/// illegal. 7 + 2 = 9.
#[test]
fn kuma_7_4_blind_bear_win_even_if_exposed() {
    let gen = reference_with(BlindBearWin::EvenIfExposed);
    let moves = legal_with(&*gen, BLIND_BEAR_PIN);
    assert_eq!(
        moves,
        sorted(&["a7a6", "a7a8", "a7b6", "a7b7", "a7b8", "d7c7", "d7c8", "d7e7", "d7e8"])
    );
    let won = play_line(&*gen, BLIND_BEAR_PIN, &["d7c8"]);
    assert!(in_check(won.setup(), Colour::White));
    assert!(gen.legal_moves(&won).is_empty());
    assert_eq!(
        gen.outcome(&won),
        Some(Outcome::win(Colour::White, Reason::BlindBear))
    );
}

/// KUMA-7.5 — the clocks: the half-move clock resets on Pawn moves and captures only; a bear's
/// promotion by a plain move counts up; the full-move number grows after Black's move.
#[test]
fn kuma_7_5_clocks() {
    let gen = reference();
    // 1. e2–e4 (Pawn: 0) e7–e5 (Pawn: 0, move 2) 2. Ke1–e2 (1) Ke8–e7 (2, move 3).
    let pos = play_line(&*gen, Kuma::START_FEN, &["e2e4", "e7e5", "e1e2", "e8e7"]);
    assert_eq!(pos.halfmove_clock(), 2);
    assert_eq!(pos.setup().fullmove_number, 3);
    // A Violent Bear promoting without capture: 5 → 6.
    let pos = play_line(&*gen, "7k/2V5/8/8/8/8/8/K7 w - - 5 40", &["c7c8g"]);
    assert_eq!(pos.fen(), "2G4k/8/8/8/8/8/8/K7 b - - 6 40");
    // A capture by a piece: 5 → 0.
    let pos = play_line(&*gen, "7k/8/8/8/8/8/p7/K7 w - - 5 40", &["a1a2"]);
    assert_eq!(pos.halfmove_clock(), 0);
}

// ---------------------------------------------------------------------------------------------
// KUMA-2 — validation: one test per error kind Kuma can produce
// ---------------------------------------------------------------------------------------------

fn invalid(fen: &str) -> std::collections::BTreeSet<PositionErrorKind> {
    match Position::<Kuma>::from_fen(fen) {
        Err(FenError::Invalid(e)) => e.kinds,
        Err(FenError::Parse(e)) => panic!("{fen}: parse error {e}"),
        Ok(_) => panic!("{fen} was accepted"),
    }
}

/// Wrong board size: only a hand-made Setup can have it (a FEN is read on the 8×8 board).
#[test]
fn kuma_1_1_wrong_shape_is_rejected() {
    let setup: Setup<KumaKind> = Setup::empty(Shape::new(9, 9));
    let err = Kuma::validate(setup).expect_err("a 9×9 board is no Kuma board");
    assert!(err.has(PositionErrorKind::WrongShape));
}

/// KUMA-2.2 — one King each.
#[test]
fn kuma_2_2_missing_king_is_rejected() {
    assert!(invalid("8/8/8/8/8/8/8/4K3 w - - 0 1")
        .contains(&PositionErrorKind::MissingKing(Colour::Black)));
}

/// KUMA-2.2 — one King each.
#[test]
fn kuma_2_2_two_kings_are_rejected() {
    assert!(invalid("4k3/8/8/8/8/8/8/K3K3 w - - 0 1")
        .contains(&PositionErrorKind::TooManyKings(Colour::White)));
}

/// KUMA-2.3 — no Pawn on its first rank, no unpromoted V/U/R/S on its last rank; promoted
/// pieces may stand there.
#[test]
fn kuma_2_3_back_rank_pieces_are_rejected() {
    for (fen, square) in [
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a1"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"),
        ("V3k3/8/8/8/8/8/8/4K3 b - - 0 1", "a8"),
        ("U3k3/8/8/8/8/8/8/4K3 b - - 0 1", "a8"),
        ("R3k3/8/8/8/8/8/8/4K3 b - - 0 1", "a8"),
        ("S3k3/8/8/8/8/8/8/4K3 b - - 0 1", "a8"),
        ("4k3/8/8/8/8/8/8/s3K3 w - - 0 1", "a1"),
    ] {
        assert_eq!(
            invalid(fen),
            [PositionErrorKind::PawnOrUnpromotedOnBackRank(sq(square))].into(),
            "{fen}"
        );
    }
    // The promoted forms are at home there.
    position("M2Dk2G/E7/8/8/8/8/8/4K3 w - - 0 1");
}

/// KUMA-2.4 — the side not to move may not be in check. White to move, Black King e8 attacked by
/// the White Running Bear on e2 (open file).
#[test]
fn kuma_2_4_opposite_check_is_rejected() {
    assert_eq!(
        invalid("4k3/8/8/8/8/8/4R3/K7 w - - 0 1"),
        [PositionErrorKind::OppositeCheck].into()
    );
}

/// KUMA-2.5 — a castling right needs King and partner at home.
#[test]
fn kuma_2_5_castling_rights_without_pieces_are_rejected() {
    // No Running Bear on h1 for `K`.
    assert!(invalid("4k3/8/8/8/8/8/8/U3K3 w K - 0 1")
        .contains(&PositionErrorKind::InvalidCastlingRights(Colour::White)));
    // Black King not on e8 for `q`.
    assert!(invalid("u2k4/8/8/8/8/8/8/4K3 w q - 0 1")
        .contains(&PositionErrorKind::InvalidCastlingRights(Colour::Black)));
}

/// KUMA-2.6 — the e.p. square must follow a double step: wrong rank, or no Pawn in front of it.
#[test]
fn kuma_2_6_bad_ep_square_is_rejected() {
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 2",
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2",
    ] {
        assert_eq!(
            invalid(fen),
            [PositionErrorKind::InvalidEpSquare].into(),
            "{fen}"
        );
    }
}

/// KUMA-2.7 — the side to move cannot have a Blind Bear on its last rank (the game would have
/// ended when it arrived).
#[test]
fn kuma_2_7_blind_bear_home_on_move_is_rejected() {
    assert_eq!(
        invalid("2B4k/8/8/8/8/8/8/K7 w - - 0 1"),
        [PositionErrorKind::BlindBearAlreadyHome(sq("c8"))].into()
    );
}
