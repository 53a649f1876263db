//! The Bachelor Hunterbeest reference generator (`spec/hunterbeest/rules.rs`) against
//! hand-counted positions, one test per rule, named after the rule ID of SPEC.md.
//!
//! Every expected count below is derived in the comment above it, piece by piece, from the rules
//! (SPEC.md, chapter "Bachelor Hunterbeest"); none was copied from the generator's output. Each
//! position given to [`legal`] is also checked in its colour rotation (board turned 180°, colours
//! swapped, the two castlings exchanged: Black's army is White's turned round, BHB-1.2), which
//! must have exactly the rotated moves.

// A failing comparison of move lists, divides or reports shows a line-by-line diff.
use pretty_assertions::assert_eq;

use fairyspec::hunterbeest::rules::in_check;
use fairyspec::hunterbeest::{Hunterbeest, HunterbeestKind, HunterbeestSwitches, StalemateResult};
use fairyspec::{
    Colour, FenError, Game, Generator, Move, Outcome, Position, PositionErrorKind, Reason, Square,
};

fn reference() -> Box<dyn Generator<Hunterbeest>> {
    Hunterbeest::reference(&HunterbeestSwitches::default())
}

fn position(fen: &str) -> Position<Hunterbeest> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

fn texts(moves: &[Move<HunterbeestKind>]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    t.sort();
    t
}

fn rotate_move(mv: &Move<HunterbeestKind>) -> Move<HunterbeestKind> {
    let shape = Hunterbeest::SHAPE;
    Move {
        from: shape.rotate(mv.from),
        to: shape.rotate(mv.to),
        ..*mv
    }
}

fn rotated(pos: &Position<Hunterbeest>) -> Position<Hunterbeest> {
    Hunterbeest::validate(pos.setup().rotated())
        .unwrap_or_else(|e| panic!("rotation of {pos}: {e}"))
}

/// The legal moves (sorted text) of `fen`, after checking that its rotation has exactly the
/// rotated moves and the rotated outcome.
fn legal(fen: &str) -> Vec<String> {
    let gen = reference();
    let pos = position(fen);
    let moves = gen.legal_moves(&pos);
    let rot = rotated(&pos);
    let turned: Vec<_> = moves.iter().map(rotate_move).collect();
    assert_eq!(
        texts(&gen.legal_moves(&rot)),
        texts(&turned),
        "the rotation of {fen} ({rot}) has other moves"
    );
    let outcome = gen
        .outcome(&pos)
        .map(|o| (o.winner.map(|c| c.other()), o.reason));
    let rot_outcome = gen.outcome(&rot).map(|o| (o.winner, o.reason));
    assert_eq!(outcome, rot_outcome, "outcome of the rotation of {fen}");
    texts(&moves)
}

/// The position after the move `text` (which must be legal).
fn after(fen: &str, text: &str) -> Position<Hunterbeest> {
    let gen = reference();
    let pos = position(fen);
    let mv = gen
        .parse_move(&pos, text)
        .unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
    gen.play_unchecked(&pos, &mv)
}

#[test]
fn bhb_1_2_start_position_has_26_moves() {
    // Pawns: nine, each with a single and a double step (18). Pieces, White's view:
    // Ea1 (bsRfB): b1 own, b2 own → 0. Yb1 Hinny: (±1,+3) a4 c4; (+2,+1) d2 own → 2.
    // Hc1 (fRbB): c2 own → 0. Od1 Cohinny: (±1,+2) c3 e3; (±3,+1) a2 g2 own → 2.
    // Ke1: boxed in → 0. Cf1 Cohartebeest: (±1,+2) e3 g3; (±3,+1) c2 i2 own → 2.
    // Fg1 (fBbR): f2 h2 own → 0. Th1 Hartebeest: (±1,+3) g4 i4; (−2,+1) f2 own → 2.
    // Si1 (fsRbB): i2 h1 own → 0. Total 18 + 8 = 26.
    let mut expected: Vec<String> = (b'a'..=b'i')
        .flat_map(|f| {
            let f = f as char;
            [format!("{f}2{f}3"), format!("{f}2{f}4")]
        })
        .chain(
            [
                "b1a4", "b1c4", "d1c3", "d1e3", "f1e3", "f1g3", "h1g4", "h1i4",
            ]
            .map(String::from),
        )
        .collect();
    expected.sort();
    assert_eq!(legal(Hunterbeest::START_FEN), expected);
}

/// Both castlings available: White Ke1, Hawkress a1, Huntress i1; Black King e8 alone.
const CASTLING: &str = "4k4/9/9/9/9/9/9/E3K3S w KQ - 0 1";

#[test]
fn bhb_5_1_both_wings_castle() {
    // King e1: d1 f1 d2 e2 f2 (5) and the two castlings e1c1, e1g1 (7).
    // Hawkress a1 (bsRfB): sideways b1 c1 d1 (e1 own); forward-right b2 c3 d4 e5 f6 g7 h8 (10).
    // Huntress i1 (fsRbB): forward i2…i8 (7); sideways h1 g1 f1 (3) (10). Total 27.
    // The Black King covers d7 e7 f7 d8 f8 only: none of these squares.
    let moves = legal(CASTLING);
    assert_eq!(moves.len(), 27, "{moves:?}");
    assert!(moves.contains(&"e1c1".to_string()) && moves.contains(&"e1g1".to_string()));

    // i-side: King e1–g1, Huntress i1–f1; a-side: King e1–c1, Hawkress a1–d1. Both rights go.
    assert_eq!(
        after(CASTLING, "e1g1").fen(),
        "4k4/9/9/9/9/9/9/E4SK2 b - - 1 1"
    );
    assert_eq!(
        after(CASTLING, "e1c1").fen(),
        "4k4/9/9/9/9/9/9/2KE4S b - - 1 1"
    );
}

#[test]
fn bhb_5_2_castling_conditions() {
    let has = |fen: &str, mv: &str| legal(fen).contains(&mv.to_string());
    // In check (Black Queen e4 on the e-file): neither castling.
    let check = "4k4/9/9/9/4q4/9/9/E3K3S w KQ - 0 1";
    assert!(!has(check, "e1g1") && !has(check, "e1c1"));
    // Black Queen f5 covers f1 (the i-side King passes it) but not d1, c1 or e1.
    let passes = "4k4/9/9/5q3/9/9/9/E3K3S w KQ - 0 1";
    assert!(!has(passes, "e1g1") && has(passes, "e1c1"));
    // Black Queen h5 covers h1 (only the Huntress crosses it: allowed) and, on the diagonal
    // h5-g4-f3-e2-d1, d1 (the a-side King passes it: not allowed).
    let partner_crosses = "4k4/9/9/7q1/9/9/9/E3K3S w KQ - 0 1";
    assert!(has(partner_crosses, "e1g1") && !has(partner_crosses, "e1c1"));
    // A piece between King and corner (White Hunter h1 / Cohinny b1) blocks that wing only.
    assert!(!has("4k4/9/9/9/9/9/9/E3K2HS w KQ - 0 1", "e1g1"));
    assert!(has("4k4/9/9/9/9/9/9/E3K2HS w KQ - 0 1", "e1c1"));
    assert!(!has("4k4/9/9/9/9/9/9/EO2K3S w KQ - 0 1", "e1c1"));
    // No right, no castling.
    assert!(!has("4k4/9/9/9/9/9/9/E3K3S w Q - 0 1", "e1g1"));
    assert!(!has("4k4/9/9/9/9/9/9/E3K3S w K - 0 1", "e1c1"));
}

#[test]
fn bhb_5_3_rights_are_lost_when_king_or_corner_piece_moves_or_is_taken() {
    assert_eq!(after(CASTLING, "e1e2").castling().white, Default::default());
    let after_huntress = after(CASTLING, "i1i5").castling().white;
    assert!(!after_huntress.short && after_huntress.long);
    let after_hawkress = after(CASTLING, "a1b1").castling().white;
    assert!(after_hawkress.short && !after_hawkress.long);
    // The Black Huntress a8 is taken by the Hawkress h1 (h1-a8 is its forward-left diagonal).
    let take = "s3k4/9/9/9/9/9/9/4K2E1 w q - 0 1";
    let rights = after(take, "h1a8").castling().black;
    assert!(!rights.long && !rights.short);
}

#[test]
fn bhb_4_1_promotion_offers_ten_choices() {
    // White Pawn e7, e8 empty, Black Hunter d8 (fR for Black: d7 … d1; its backward diagonals
    // leave the board). The Pawn steps to e8 or takes d8: 2 × 10 promotions = 20.
    // King e1: d1 and d2 are on the Hunter's file → f1 e2 f2 (3). Total 23.
    let fen = "k2h5/4P4/9/9/9/9/9/4K4 w - - 0 1";
    let moves = legal(fen);
    assert_eq!(moves.len(), 23, "{moves:?}");
    for letter in ["h", "f", "s", "e", "t", "c", "y", "o", "q", "g"] {
        assert!(moves.contains(&format!("e7e8{letter}")), "e7e8{letter}");
        assert!(moves.contains(&format!("e7d8{letter}")), "e7d8{letter}");
    }
    assert!(!moves
        .iter()
        .any(|m| m == "e7e8" || m.ends_with('k') || m.ends_with('p')));
    assert_eq!(after(fen, "e7e8y").fen(), "k2hY4/9/9/9/9/9/9/4K4 b - - 0 1");
}

#[test]
fn bhb_4_2_en_passant() {
    // Black has just played d7-d5; the White Pawn e5 may take it on d6.
    // White: Pawn e5: e6, exd6 e.p. (2). King a1: a2 b1 b2 (3). Total 5.
    // Black King i8 is far from everything.
    let fen = "8k/9/9/3pP4/9/9/9/K8 w - d6 0 1";
    let moves = legal(fen);
    assert_eq!(moves, ["a1a2", "a1b1", "a1b2", "e5d6", "e5e6"]);
    assert_eq!(after(fen, "e5d6").fen(), "8k/9/3P5/9/9/9/9/K8 b - - 0 1");
}

#[test]
fn bhb_6_3_queen_beside_king_wins_at_once() {
    // White Queen a1, King e1: the Queen slides b1 c1 d1; on d1 it stands next to its King.
    let fen = "4k4/9/9/9/9/9/9/Q3K4 w - - 0 1";
    let gen = reference();
    let won = after(fen, "a1d1");
    assert_eq!(
        gen.outcome(&won),
        Some(Outcome::win(Colour::White, Reason::Marriage))
    );
    assert!(
        gen.legal_moves(&won).is_empty(),
        "a finished game has no moves"
    );
    // c1 is two files from the King: the game goes on.
    assert_eq!(gen.outcome(&after(fen, "a1c1")), None);
}

#[test]
fn bhb_6_3_gnu_beside_king_tames() {
    // White Gnu a1: leaps b3 (1,2), c2 (2,1), b4 (1,3), d2 (3,1). King e1: d1 d2 e2 f1 f2.
    // Total 9; only a1d2 puts the Gnu next to the King.
    let fen = "4k4/9/9/9/9/9/9/G3K4 w - - 0 1";
    let gen = reference();
    let moves = legal(fen);
    assert_eq!(moves.len(), 9, "{moves:?}");
    let winners: Vec<_> = moves
        .iter()
        .filter(|m| gen.outcome(&after(fen, m)).is_some())
        .collect();
    assert_eq!(winners, ["a1d2"]);
    assert_eq!(
        gen.outcome(&after(fen, "a1d2")),
        Some(Outcome::win(Colour::White, Reason::Taming))
    );
}

#[test]
fn bhb_6_3_in_check_only_a_move_that_ends_the_check_can_win() {
    // White King e1 is checked by the Black Queen e4 along the e-file. White Queen a2.
    // King: d1 f1 d2 f2 (e2 is on the file; the Queen's diagonals from e4 pass d3 and f3, not
    // d2 or f2) — none next to a2. Queen a2 ends the check only by blocking on e2 (it cannot
    // reach e3 or take on e4). Total 5. a2-d2 would stand next to the
    // King but leaves it in check: no move. a2-e2 blocks and stands next to the King: it wins.
    let fen = "4k4/9/9/9/4q4/9/Q8/4K4 w - - 0 1";
    let moves = legal(fen);
    assert_eq!(moves, ["a2e2", "e1d1", "e1d2", "e1f1", "e1f2"]);
    assert_eq!(
        reference().outcome(&after(fen, "a2e2")),
        Some(Outcome::win(Colour::White, Reason::Marriage))
    );
}

#[test]
fn bhb_6_3_an_enemy_queen_or_gnu_beside_the_king_means_nothing() {
    let gen = reference();
    // The Black Gnu g3 does not attack f2 ((−1,−1) is no Gnu leap); White's King goes there,
    // next to the enemy Gnu: nothing happens.
    let fen = "4k4/9/9/9/9/6g2/9/4K4 w - - 0 1";
    assert!(legal(fen).contains(&"e1f2".to_string()));
    assert_eq!(gen.outcome(&after(fen, "e1f2")), None);
    // A Black Queen next to the White King checks it; White, to move, simply takes it.
    let fen = "4k4/9/9/9/9/9/9/3qK4 w - - 0 1";
    let pos = position(fen);
    assert_eq!(gen.outcome(&pos), None);
    assert!(gen.is_check(&pos));
    assert!(legal(fen).contains(&"e1d1".to_string()));
}

#[test]
fn bhb_6_3_castling_and_promotion_next_to_the_king_win() {
    let gen = reference();
    // Castling i-side puts the King on g1, next to its Queen h2.
    let fen = "4k4/9/9/9/9/9/7Q1/4K3S w K - 0 1";
    assert_eq!(
        gen.outcome(&after(fen, "e1g1")),
        Some(Outcome::win(Colour::White, Reason::Marriage))
    );
    // A Pawn promoting on e8 next to its King d7: Queen marries, Gnu tames, a Hunter does not.
    let fen = "k8/3KP4/9/9/9/9/9/9 w - - 0 1";
    assert_eq!(
        gen.outcome(&after(fen, "e7e8q")),
        Some(Outcome::win(Colour::White, Reason::Marriage))
    );
    assert_eq!(
        gen.outcome(&after(fen, "e7e8g")),
        Some(Outcome::win(Colour::White, Reason::Taming))
    );
    assert_eq!(gen.outcome(&after(fen, "e7e8h")), None);
}

#[test]
fn bhb_2_7_queen_already_beside_the_king_of_the_side_to_move_is_rejected() {
    // White to move with its own Queen d2 beside its King e1: White's previous move made the
    // pair and won (Black's moves cannot bring White's pieces together), so the game is over.
    let fen = "4k4/9/9/9/9/9/3Q5/4K4 w - - 0 1";
    match Position::<Hunterbeest>::from_fen(fen) {
        Err(FenError::Invalid(e)) => {
            assert!(
                e.has(PositionErrorKind::AlreadyWon(Square::new(3, 1))),
                "{e}"
            )
        }
        other => panic!("expected AlreadyWon, got {other:?}"),
    }
    // The same board with Black to move is White's finished win.
    let won = "4k4/9/9/9/9/9/3Q5/4K4 b - - 0 1";
    assert_eq!(
        reference().outcome(&position(won)),
        Some(Outcome::win(Colour::White, Reason::Marriage))
    );
}

#[test]
fn bhb_6_2_checkmate() {
    // Black King a8 in check from the White Huntress a1 (forward slide up the a-file).
    // a7: the a-file; b7, b8: the White King c7. No Black piece can interpose or capture.
    let fen = "k8/2K6/9/9/9/9/9/S8 b - - 0 1";
    assert!(legal(fen).is_empty());
    assert_eq!(
        reference().outcome(&position(fen)),
        Some(Outcome::win(Colour::White, Reason::Checkmate))
    );
}

#[test]
fn bhb_6_4_stalemate_under_both_readings() {
    // Black King a8, not in check: a7 is covered by the White Pawn b6 (captures a7 and c7),
    // b7 and b8 by the White King c7. Black has nothing else.
    let fen = "k8/2K6/1P7/9/9/9/9/9 b - - 0 1";
    assert!(legal(fen).is_empty());
    let pos = position(fen);
    assert!(!in_check(pos.setup(), Colour::Black));
    assert_eq!(
        reference().outcome(&pos),
        Some(Outcome::draw(Reason::Stalemate))
    );
    let wildebeest = Hunterbeest::reference(&HunterbeestSwitches {
        stalemate: StalemateResult::Win,
    });
    assert_eq!(
        wildebeest.outcome(&pos),
        Some(Outcome::win(Colour::White, Reason::Stalemate))
    );
}

#[test]
fn bhb_6_5_clocks() {
    // A non-Pawn, non-capturing move counts up; Black's move advances the move number.
    let pos = after("4k4/9/9/9/9/9/9/Q3K4 b - - 7 12", "e8e7");
    assert_eq!(pos.halfmove_clock(), 8);
    assert!(pos.fen().ends_with(" 8 13"));
}

fn invalid(fen: &str) -> Vec<PositionErrorKind> {
    match Position::<Hunterbeest>::from_fen(fen) {
        Err(FenError::Invalid(e)) => e.kinds.into_iter().collect(),
        other => panic!("{fen}: expected an invalid position, got {other:?}"),
    }
}

#[test]
fn bhb_2_validation() {
    use PositionErrorKind as E;
    assert_eq!(
        invalid("9/9/9/9/9/9/9/4K4 w - - 0 1"),
        [E::MissingKing(Colour::Black)]
    );
    assert_eq!(
        invalid("3kk4/9/9/9/9/9/9/4K4 w - - 0 1"),
        [E::TooManyKings(Colour::Black)]
    );
    assert_eq!(
        invalid("4k4/9/9/9/9/9/9/P3K4 w - - 0 1"),
        [E::PawnOrUnpromotedOnBackRank(sq("a1"))]
    );
    assert_eq!(
        invalid("P3k4/9/9/9/9/9/9/4K4 w - - 0 1"),
        [E::PawnOrUnpromotedOnBackRank(sq("a8"))]
    );
    // A Hunter is no five-way piece; a King off e1 has no rights.
    assert_eq!(
        invalid("4k4/9/9/9/9/9/9/E3K3H w KQ - 0 1"),
        [E::InvalidCastlingRights(Colour::White)]
    );
    assert_eq!(
        invalid("4k4/9/9/9/9/9/9/E2K4S w Q - 0 1"),
        [E::InvalidCastlingRights(Colour::White)]
    );
    assert_eq!(
        invalid("4k4/9/9/9/9/9/9/4K4 w - d6 0 1"),
        [E::InvalidEpSquare]
    );
    // White to move while the Black King stands in the Huntress's forward slide.
    assert_eq!(invalid("k8/9/9/9/9/9/9/S3K4 w - - 0 1"), [E::OppositeCheck]);
    // The mirrored alternative array is a valid start (either five-way piece castles).
    let alternative = "eyhokcfts/ppppppppp/9/9/9/9/PPPPPPPPP/EYHOKCFTS w KQkq - 0 1";
    assert!(Position::<Hunterbeest>::from_fen(alternative).is_ok());
}

#[test]
fn bhb_2_7_a_won_game_is_a_valid_terminal_position() {
    // Black (who just moved) has its Queen d7 next to its King e8: Black has won.
    let fen = "4k4/3q5/9/9/9/9/9/4K4 w - - 0 1";
    let pos = position(fen);
    let gen = reference();
    assert!(gen.legal_moves(&pos).is_empty());
    assert_eq!(
        gen.outcome(&pos),
        Some(Outcome::win(Colour::Black, Reason::Marriage))
    );
}

/// BHB-6.3 — en passant never makes a marriage: it moves only a Pawn and creates nothing, and a
/// King and its Queen cannot already stand together at the start of their side's turn. White:
/// King f5, Queen h6 (two files from the King), Pawn h5; Black's Pawn has just double-stepped
/// g7–g5 (e.p. square g6), Black's King on a8. `h5g6` takes it en passant and lands next to both
/// King and Queen — a Pawn, no partner: the game goes on. `h6g6` brings the Queen next to the
/// King: White wins by marriage. Both generators.
#[test]
fn bhb_6_3_en_passant_makes_no_marriage() {
    let fen = "k8/9/7Q1/5KpP1/9/9/9/9 w - g6 0 1";
    let pos = position(fen);
    let switches = HunterbeestSwitches::default();
    let gens = [
        Hunterbeest::reference(&switches),
        Hunterbeest::bitboard(&switches),
    ];
    for gen in &gens {
        let ep = gen.parse_move(&pos, "h5g6").expect("en passant is legal");
        let after = gen.play(&pos, &ep).expect("legal");
        assert_eq!(
            after.piece_at(sq("g5")),
            None,
            "{}: the Pawn taken",
            gen.name()
        );
        assert_eq!(gen.outcome(&after), None, "{}", gen.name());
        let queen = gen
            .parse_move(&pos, "h6g6")
            .expect("the Queen's step is legal");
        assert_eq!(
            gen.outcome(&gen.play(&pos, &queen).expect("legal")),
            Some(Outcome::win(Colour::White, Reason::Marriage)),
            "{}",
            gen.name()
        );
    }
}
