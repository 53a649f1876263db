//! The Betza reader on any input: it never panics, its errors point into the text, and what it
//! accepts it prints back to text that reads the same. (The cargo-fuzz target `betza` checks the
//! first two on bytes, through `fairyspec::check::targets::betza`; `fuzz_corpus.rs` replays its
//! seeds.)

use fairyspec::betza::{self, diagram};
use fairyspec::{Colour, Shape, Square};
use proptest::prelude::*;

/// Checks one input: `Ok` prints and re-reads to the same value, `Err` names a column inside the
/// text at a character boundary.
fn check(text: &str) -> Result<(), TestCaseError> {
    match betza::parse(text) {
        Ok(b) => {
            let printed = b.to_string();
            let again = betza::parse(&printed);
            prop_assert_eq!(again.as_ref(), Ok(&b), "{:?} -> {:?}", text, printed);
        }
        Err(e) => {
            prop_assert!(e.column() <= text.len(), "{:?}: {}", text, e);
            prop_assert!(text.is_char_boundary(e.column()), "{:?}: {}", text, e);
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parse_never_panics_on_any_string(text in any::<String>()) {
        check(&text)?;
    }

    /// Strings over the Betza alphabet (and a few strangers) reach far more of the grammar
    /// than arbitrary Unicode does.
    #[test]
    fn parse_never_panics_on_betza_like_strings(
        text in "[fblrvsmcWFDNAHCZGRBQKnjpx0-9+ é]{0,14}"
    ) {
        check(&text)?;
    }

    /// Whatever parses also expands without panicking, from any square (on or off the board) of
    /// any supported board size, among arbitrary occupants; and it never reaches its own square.
    #[test]
    fn expansion_never_panics(
        text in "[fblrvsmcWFDNAHCZGRBQK1-9+]{1,10}",
        files in 7u8..=16,
        ranks in 7u8..=16,
        file in 0u8..18,
        rank in 0u8..18,
        black in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let Ok(b) = betza::parse(&text) else { return Ok(()) };
        let shape = Shape::new(files, ranks);
        let from = Square::new(file, rank);
        let colour = if black { Colour::Black } else { Colour::White };
        let occupant = |sq: Square| {
            let h = seed.rotate_left(u32::from(sq.file()) * 5 + u32::from(sq.rank()));
            match h % 4 {
                0 => Some(Colour::White),
                1 => Some(Colour::Black),
                _ => None,
            }
        };
        let targets = betza::expand(&b, shape, colour, from, occupant);
        prop_assert!(!targets.contains(&from));
        prop_assert!(targets.iter().all(|&sq| shape.contains(sq)));
        prop_assert!(targets.iter().all(|&sq| occupant(sq) != Some(colour)));
    }

    #[test]
    fn diagram_parse_never_panics(
        a in "[1-9†◦☼x]{0,4}",
        b in "[1-9†◦☼x]{0,4}",
        c in "[1-9†◦☼x]{0,4}",
    ) {
        if let Ok(d) = diagram::parse([a.as_str(), b.as_str(), c.as_str()]) {
            let rows = d.rows();
            prop_assert_eq!(diagram::parse([rows[0].as_str(), rows[1].as_str(), rows[2].as_str()]), Ok(d));
        }
    }
}
