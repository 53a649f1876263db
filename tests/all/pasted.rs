//! SPEC.md CHU-8.4 in the library: [`Position::from_pasted`] reads position text as lishogi's
//! users paste it (lenient SFEN, USI `position` lines, KIF) and says what it normalised, while
//! [`Position::from_fen`] stays strict; the other games read a FEN.

use fairyspec::chu::Chu;
use fairyspec::game::PastedError;
use fairyspec::kuma::Kuma;
use fairyspec::{Game, Position};

/// The Chu start position's placement (CHU-1.2, as corpus/chu/lishogi-perft.perft writes it).
const PLACEMENT: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";

#[test]
fn chu_8_4_lishogi_s_lenient_sfen_gives_the_strict_position() {
    let strict = Position::<Chu>::start();
    for text in [
        "startpos".to_string(),
        format!("{PLACEMENT}_b_1"),
        format!("{PLACEMENT} b 1"),
        PLACEMENT.to_string(),
        format!("sfen {PLACEMENT} b - 0"),
    ] {
        assert!(
            Position::<Chu>::from_fen(&text).is_err(),
            "the strict reader takes {text:?}"
        );
        let pasted = Position::<Chu>::from_pasted(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pasted.position, strict, "{text}");
        assert_eq!(pasted.start, strict, "{text}");
        assert!(pasted.moves.is_empty(), "{text}");
        if text != "startpos" {
            assert!(!pasted.notes.is_empty(), "{text}: no note");
        }
    }
    // Strict text reads without a note.
    let pasted = Position::<Chu>::from_pasted(&strict.fen()).expect("a strict SFEN");
    assert_eq!((pasted.position, pasted.notes.len()), (strict, 0));
}

/// CHU-8.4: a USI `position` line's moves are played. 7i7h is the sente Pawn of file 7 one step
/// forward (CHU-1.2: sente's Pawns stand on rank i); the reply 6d6e gote's Pawn of file 6.
#[test]
fn chu_8_4_a_usi_line_s_moves_are_played() {
    let pasted =
        Position::<Chu>::from_pasted("position startpos moves 7i7h 6d6e").expect("a USI line");
    assert_eq!(pasted.start, Position::start());
    let texts: Vec<String> = pasted.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, ["7i7h", "6d6e"]);
    let gen = Chu::reference(&Default::default());
    let mut expected = Position::<Chu>::start();
    for m in &pasted.moves {
        expected = gen.play(&expected, m).expect("legal");
    }
    assert_eq!(pasted.position, expected);
    // A move that cannot be played names itself and the position.
    let err = Position::<Chu>::from_pasted("position startpos moves 7i7h 7i7h").unwrap_err();
    match &err {
        PastedError::Move { index, text, .. } => assert_eq!((*index, text.as_str()), (1, "7i7h")),
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string().starts_with("move 2 (\"7i7h\") in "),
        "{err}"
    );
}

#[test]
fn text_that_is_no_position_is_refused_with_a_reason() {
    assert!(matches!(
        Position::<Chu>::from_pasted("a b c d e"),
        Err(PastedError::Text(_))
    ));
    assert!(matches!(
        Position::<Chu>::from_pasted("13/12/12/12/12/12/12/12/12/12/12/12 b - 1"),
        Err(PastedError::Fen { .. })
    ));
}

/// The other games read a FEN, with or without its move counters (CORE's FEN), and nothing
/// lenient.
#[test]
fn other_games_read_a_fen() {
    let pasted =
        Position::<Kuma>::from_pasted("ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq -")
            .expect("a FEN without counters");
    assert_eq!(pasted.position, Position::start());
    assert!(pasted.notes.is_empty());
    assert!(Position::<Kuma>::from_pasted("startpos").is_err());
}
