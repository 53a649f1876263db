//! KUMA-8.2 — unit tests of the long algebraic notation of the sample games: reading, typed errors,
//! every claim `resolve` checks, and the print → read round trip.

use super::long_algebraic::{
    self, CastleSide, LanBody, LanMove, LanMoveError as E, Mark, ParseLanErrorKind as P,
};
use super::record::{tokenize, RecordToken};
use crate::kuma::{Kuma, KumaKind as K};
use crate::{Game, Generator, Move, Outcome, Position, Reason, Square, Via};
use proptest::prelude::*;

fn sq(name: &str) -> Square {
    match Square::parse(name) {
        Some(s) => s,
        None => panic!("bad square in test: {name}"),
    }
}

fn reference() -> Box<dyn Generator<Kuma>> {
    Kuma::reference(&Default::default())
}

fn pos(fen: &str) -> Position<Kuma> {
    match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("test FEN {fen} rejected: {e}"),
    }
}

fn piece_move(
    letter: Option<K>,
    from: &str,
    to: &str,
    capture: bool,
    promotion: Option<K>,
    mark: Mark,
) -> LanMove<K> {
    LanMove {
        body: LanBody::Piece {
            letter,
            from: sq(from),
            via: Via::EMPTY,
            to: sq(to),
            capture,
            promotion,
        },
        mark,
    }
}

#[test]
fn kuma_8_2_reads_every_form_of_the_sample_games() {
    let (no, check, mate, win) = (Mark::None, Mark::Check, Mark::Checkmate, Mark::Win);
    let cases = [
        (
            "Bb1–c2",
            piece_move(Some(K::BlindBear), "b1", "c2", false, None, no),
        ),
        ("c4:d5", piece_move(None, "c4", "d5", true, None, no)),
        (
            "Sa7–a8M",
            piece_move(
                Some(K::BearSoldier),
                "a7",
                "a8",
                false,
                Some(K::MightyBear),
                no,
            ),
        ),
        (
            "c7–c8E",
            piece_move(None, "c7", "c8", false, Some(K::BearsEyes), no),
        ),
        (
            "Sb2:c1M+",
            piece_move(
                Some(K::BearSoldier),
                "b2",
                "c1",
                true,
                Some(K::MightyBear),
                check,
            ),
        ),
        (
            "Ve6:d7+",
            piece_move(Some(K::ViolentBear), "e6", "d7", true, None, check),
        ),
        (
            "Dc6–a8×",
            piece_move(Some(K::DashingBear), "c6", "a8", false, None, mate),
        ),
        (
            "Bd2–c1#",
            piece_move(Some(K::BlindBear), "d2", "c1", false, None, win),
        ),
        // The ASCII forms.
        (
            "Bb1-c2",
            piece_move(Some(K::BlindBear), "b1", "c2", false, None, no),
        ),
        ("e4xd5", piece_move(None, "e4", "d5", true, None, no)),
        (
            "Pe2-e4",
            piece_move(Some(K::Pawn), "e2", "e4", false, None, no),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(long_algebraic::parse::<Kuma>(text), Ok(expected), "{text}");
    }
    for (text, side, mark) in [
        ("0–0", CastleSide::Short, no),
        ("0–0–0", CastleSide::Long, no),
        ("O-O", CastleSide::Short, no),
        ("O-O-O+", CastleSide::Long, check),
        ("0-0-0", CastleSide::Long, no),
        ("0–0×", CastleSide::Short, mate),
    ] {
        let expected = LanMove {
            body: LanBody::Castle(side),
            mark,
        };
        assert_eq!(long_algebraic::parse::<Kuma>(text), Ok(expected), "{text}");
    }
}

#[test]
fn kuma_8_2_prints_the_sample_games_characters() {
    for (input, printed) in [
        ("Bb1-c2", "Bb1–c2"),
        ("e4xd5", "e4:d5"),
        ("O-O", "0–0"),
        ("O-O-O", "0–0–0"),
        ("Sb2xc1M+", "Sb2:c1M+"),
        ("Pe2-e4", "Pe2–e4"),
    ] {
        let value = long_algebraic::parse::<Kuma>(input).map(|m| m.to_string());
        assert_eq!(value.as_deref(), Ok(printed), "{input}");
    }
}

#[test]
fn kuma_8_2_garbage_is_a_typed_error_with_its_column() {
    // Columns count characters from 0; the en dash is one character.
    let cases = [
        ("", P::Empty, 0),
        ("Bb1", P::ExpectedSeparator, 3),
        ("Bb1–", P::ExpectedSquare, 4),
        ("Bb1–z2", P::ExpectedSquare, 4),
        ("Qb1–c2", P::UnknownPiece('Q'), 0),
        ("c7–c8Q", P::UnknownPiece('Q'), 5),
        ("b1c2", P::ExpectedSeparator, 2),
        ("bb1–c2", P::ExpectedSquare, 1),
        ("a0–a1", P::BadSquare, 0),
        ("a1–a10", P::OffBoard(Square::new(0, 9)), 3),
        ("i1–a1", P::OffBoard(Square::new(8, 0)), 0),
        ("Bb1–c2++", P::TrailingText, 7),
        ("Bb1–c2.", P::TrailingText, 6),
        ("Bb1–c2 ", P::TrailingText, 6),
        ("e2—e4", P::ExpectedSeparator, 2),
        ("0–0–0–0", P::BadCastling, 0),
        ("0–", P::BadCastling, 0),
        ("0–O", P::BadCastling, 0),
        ("O–0", P::BadCastling, 0),
        ("+", P::ExpectedSquare, 0),
        ("×", P::ExpectedSquare, 0),
        ("–e4", P::ExpectedSquare, 0),
    ];
    for (text, kind, column) in cases {
        match long_algebraic::parse::<Kuma>(text) {
            Err(e) => assert_eq!((e.kind, e.column), (kind, column), "{text:?}"),
            Ok(m) => panic!("{text:?} read as {m}"),
        }
    }
}

proptest! {
    /// Any text: a typed result, never a panic; what reads prints back to the same value.
    #[test]
    fn kuma_8_2_parse_any_text(text in ".{0,12}") {
        if let Ok(m) = long_algebraic::parse::<Kuma>(&text) {
            prop_assert_eq!(long_algebraic::parse::<Kuma>(&m.to_string()), Ok(m));
        }
    }

    /// Text from the notation's own alphabet, so that many inputs read.
    #[test]
    fn kuma_8_2_parse_notation_alphabet(text in "[KPEBVGURDSMQOa-ix0-9–:+×#-]{0,9}") {
        if let Ok(m) = long_algebraic::parse::<Kuma>(&text) {
            prop_assert_eq!(long_algebraic::parse::<Kuma>(&m.to_string()), Ok(m));
        }
    }
}

fn read(text: &str, p: &Position<Kuma>) -> Result<Move<K>, E<K>> {
    let gen = reference();
    match long_algebraic::parse::<Kuma>(text) {
        Ok(syntax) => long_algebraic::resolve(&syntax, p, &*gen),
        Err(e) => panic!("{text}: {e}"),
    }
}

#[test]
fn kuma_8_2_the_letter_names_the_piece() {
    let start = Position::<Kuma>::start();
    assert_eq!(read("c2–c4", &start), Ok(Move::new(sq("c2"), sq("c4"))));
    assert_eq!(read("Pc2–c4", &start), Ok(Move::new(sq("c2"), sq("c4"))));
    assert_eq!(read("Bc3–d4", &start), Err(E::NoPiece { square: sq("c3") }));
    assert_eq!(
        read("Vb1–c2", &start),
        Err(E::WrongPiece {
            square: sq("b1"),
            written: Some(K::ViolentBear),
            found: K::BlindBear
        })
    );
    assert_eq!(
        read("b1–c2", &start),
        Err(E::WrongPiece {
            square: sq("b1"),
            written: None,
            found: K::BlindBear
        })
    );
    assert!(matches!(read("c7–c6", &start), Err(E::NotYourPiece { .. })));
    // The Violent Bear on c1 is shut in by its own Pawns.
    assert_eq!(
        read("Vc1–c2", &start),
        Err(E::Illegal {
            square: sq("c1"),
            kind: K::ViolentBear,
            to: sq("c2")
        })
    );
}

#[test]
fn kuma_6_1_en_passant_is_a_capture() {
    // Black's Pawn has just gone d7–d5 past White's Pawn on e5.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let gen = reference();
    let ep = Move::new(sq("e5"), sq("d6"));
    assert_eq!(read("e5:d6", &p), Ok(ep));
    assert_eq!(read("e5xd6", &p), Ok(ep));
    assert_eq!(read("e5–d6", &p), Err(E::MissingCaptureMark));
    assert_eq!(read("e5:e6", &p), Err(E::SpuriousCaptureMark));
    assert_eq!(long_algebraic::to_lan(&ep, &p, &*gen), "e5:d6");
}

#[test]
fn kuma_5_1_the_promotion_letter_is_the_piece_made() {
    let p = pos("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    let gen = reference();
    let promote = Move::promoting(sq("c7"), sq("c8"), K::BearsEyes);
    assert_eq!(read("c7–c8E", &p), Ok(promote));
    assert_eq!(
        read("c7–c8", &p),
        Err(E::MissingPromotion {
            options: vec![K::BearsEyes]
        })
    );
    assert_eq!(
        read("c7–c8M", &p),
        Err(E::WrongPromotion {
            written: K::MightyBear,
            options: vec![K::BearsEyes]
        })
    );
    assert_eq!(
        read("Ke1–d1E", &p),
        Err(E::NotAPromotion {
            written: K::BearsEyes
        })
    );
    assert_eq!(long_algebraic::to_lan(&promote, &p, &*gen), "c7–c8E");
}

#[test]
fn kuma_7_2_checks_and_checkmates_are_marked() {
    // The Mighty Bear slides up the a-file and then sees e8 along the last rank.
    let p = pos("4k3/8/8/8/8/8/8/M3K3 w - - 0 1");
    assert_eq!(read("Ma1–a8+", &p), Ok(Move::new(sq("a1"), sq("a8"))));
    assert_eq!(
        read("Ma1–a8", &p),
        Err(E::WrongMark {
            written: Mark::None,
            expected: Mark::Check,
            outcome: None
        })
    );
    assert_eq!(
        read("Ma1–a7+", &p),
        Err(E::WrongMark {
            written: Mark::Check,
            expected: Mark::None,
            outcome: None
        })
    );
    // Mg1–g8: the King on a8 is attacked along the rank, a7 and b7 are the White King's, b8
    // the Mighty Bear's.
    let p = pos("k7/8/1K6/8/8/8/8/6M1 w - - 0 1");
    let mate = Some(Outcome::win(crate::Colour::White, Reason::Checkmate));
    assert_eq!(read("Mg1–g8×", &p), Ok(Move::new(sq("g1"), sq("g8"))));
    assert_eq!(
        read("Mg1–g8+", &p),
        Err(E::WrongMark {
            written: Mark::Check,
            expected: Mark::Checkmate,
            outcome: mate
        })
    );
    assert_eq!(
        read("Mg1–g8#", &p),
        Err(E::WrongMark {
            written: Mark::Win,
            expected: Mark::Checkmate,
            outcome: mate
        })
    );
}

#[test]
fn kuma_7_3_stalemate_takes_no_mark() {
    // Mc1–c7 takes a7, b7 (with the King on b6) and b8 from the King on a8, which is not in check.
    let p = pos("k7/8/1K6/8/8/8/8/2M5 w - - 0 1");
    assert_eq!(read("Mc1–c7", &p), Ok(Move::new(sq("c1"), sq("c7"))));
    assert_eq!(
        read("Mc1–c7+", &p),
        Err(E::WrongMark {
            written: Mark::Check,
            expected: Mark::None,
            outcome: Some(Outcome::draw(Reason::Stalemate))
        })
    );
}

#[test]
fn kuma_7_4_the_blind_bear_win_is_hash_not_checkmate() {
    let p = pos("4k3/1B6/8/8/8/8/8/4K3 w - - 0 1");
    let win = Some(Outcome::win(crate::Colour::White, Reason::BlindBear));
    assert_eq!(read("Bb7–c8#", &p), Ok(Move::new(sq("b7"), sq("c8"))));
    assert_eq!(
        read("Bb7–c8", &p),
        Err(E::WrongMark {
            written: Mark::None,
            expected: Mark::Win,
            outcome: win
        })
    );
    assert_eq!(
        read("Bb7–c8×", &p),
        Err(E::WrongMark {
            written: Mark::Checkmate,
            expected: Mark::Win,
            outcome: win
        })
    );
    // Sideways is no win.
    assert_eq!(read("Bb7–c7", &p), Ok(Move::new(sq("b7"), sq("c7"))));
    // After the win nothing may follow.
    let gen = reference();
    let after = gen.play_unchecked(&p, &Move::new(sq("b7"), sq("c8")));
    assert!(matches!(read("Ke8–d8", &after), Err(E::GameOver(_))));
}

#[test]
fn kuma_4_1_castling_both_ways() {
    let p = pos("4k3/8/8/8/8/8/8/U3K2R w KQ - 0 1");
    let gen = reference();
    let short = Move::new(sq("e1"), sq("g1"));
    let long = Move::new(sq("e1"), sq("c1"));
    assert_eq!(read("0–0", &p), Ok(short));
    assert_eq!(read("O-O-O", &p), Ok(long));
    assert_eq!(long_algebraic::to_lan(&short, &p, &*gen), "0–0");
    assert_eq!(long_algebraic::to_lan(&long, &p, &*gen), "0–0–0");
    let no_rights = pos("4k3/8/8/8/8/8/8/U3K2R w - - 0 1");
    assert_eq!(
        read("0–0", &no_rights),
        Err(E::CastlingIllegal(CastleSide::Short))
    );
}

/// Every legal move of `p` prints in the sample games' characters and reads back as itself.
fn assert_round_trip(gen: &dyn Generator<Kuma>, p: &Position<Kuma>) {
    for mv in gen.legal_moves(p) {
        let text = long_algebraic::to_lan(&mv, p, gen);
        assert!(
            !text.contains('-') && !text.contains('x') && !text.contains('O'),
            "{text}"
        );
        let back = long_algebraic::parse::<Kuma>(&text).map_err(|e| e.to_string());
        let back =
            back.and_then(|s| long_algebraic::resolve(&s, p, gen).map_err(|e| e.to_string()));
        assert_eq!(back, Ok(mv), "{text} in {p}");
    }
}

/// A small deterministic generator of move choices (no dependency needed for a test).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn kuma_8_2_round_trip_on_random_playouts() {
    let gen = reference();
    let mut rng = Lcg(0x5eed);
    let mut positions = 0;
    for _game in 0..3 {
        let mut p = Position::<Kuma>::start();
        for _ply in 0..60 {
            assert_round_trip(&*gen, &p);
            positions += 1;
            let moves = gen.legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            p = gen.play_unchecked(&p, &moves[rng.next(moves.len())]);
        }
    }
    assert!(positions > 100);
}

#[test]
fn kuma_8_2_round_trip_along_the_sample_games() {
    // The games pass through castling, promotions, checks, a checkmate and a Blind Bear win:
    // each recorded move prints exactly as Derzhanski's page prints it.
    let gen = reference();
    for record in [
        include_str!("../../corpus/kuma/games/game1.txt"),
        include_str!("../../corpus/kuma/games/game2.txt"),
    ] {
        let mut p = Position::<Kuma>::start();
        let moves = tokenize(record).tokens.into_iter().filter_map(|t| match t {
            RecordToken::Move(text) => Some(text),
            _ => None,
        });
        for (ply, text) in moves.enumerate() {
            // Every legal move at every third position keeps the test fast; the recorded moves
            // (castling, promotions, checks, the ends) are all checked here.
            if ply % 3 == 0 {
                assert_round_trip(&*gen, &p);
            }
            let mv = long_algebraic::read(text, &p, &*gen);
            let Ok(mv) = mv else { panic!("{text}: {mv:?}") };
            assert_eq!(long_algebraic::to_lan(&mv, &p, &*gen), text);
            p = gen.play_unchecked(&p, &mv);
        }
        assert!(gen.outcome(&p).is_some());
    }
}
