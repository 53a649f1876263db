//! Reading Betza text into a [`Betza`] value.
//!
//! The grammar (the module docs of [`crate::betza`] explain the meaning):
//!
//! ```text
//! betza  = part { ["+"] part }
//! part   = { "f" | "b" | "l" | "r" | "v" | "s" | "m" | "c" } atom [ range | atom-again ]
//! atom   = "W" | "F" | "D" | "N" | "A" | "H" | "C" | "Z" | "G" | "R" | "B" | "Q" | "K"
//! range  = "1" … "15"   (no leading zero)
//! ```
//!
//! Every character must fit: an unknown letter is an error naming its column, never skipped.

pub use super::error::{BetzaError, BetzaErrorKind, Expected};
pub use super::MAX_RANGE;
use super::{Atom, Betza, Direction, Modality, Part, Range};
use crate::Offset;
use std::collections::BTreeSet;

/// Reads a Betza string.
///
/// # Examples
///
/// ```
/// use fairyspec::betza::{self, Atom, BetzaErrorKind, Expected, Range};
///
/// let violent_bear = betza::parse("fsW+fF2")?;
/// assert_eq!(violent_bear.parts()[1].range(), Range::Limited(2));
///
/// let gnu = betza::parse("NC")?;
/// assert_eq!(gnu.parts()[1].atom(), Atom::C);
/// assert_eq!(gnu.to_string(), "N+C");
///
/// let err = betza::parse("W+").unwrap_err();
/// assert_eq!(err.column(), 2);
/// assert_eq!(
///     err.kind(),
///     &BetzaErrorKind::Unexpected { found: None, expected: Expected::Part }
/// );
/// # Ok::<(), betza::BetzaError>(())
/// ```
///
/// # Errors
///
/// A [`BetzaError`] naming the first problem and its column: an unknown or misplaced character,
/// a missing atom, a bad range, or a direction prefix that is not well defined for its atom.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    let mut chars = text.char_indices().peekable();
    let mut parts = Vec::new();
    // What a stray character at the start of the next part is reported against.
    let mut expected_next = Expected::Part;
    loop {
        let mut modality = None;
        let mut directions: Vec<(Direction, usize)> = Vec::new();
        let (atom, _) = loop {
            let expected = if modality.is_none() && directions.is_empty() {
                expected_next
            } else {
                Expected::Atom
            };
            let Some((i, c)) = chars.next() else {
                let expected = if expected == Expected::AfterAtom {
                    // Text ended right after a part: done.
                    return Ok(Betza { parts });
                } else {
                    expected
                };
                return Err(BetzaError::new(
                    text.len(),
                    BetzaErrorKind::Unexpected {
                        found: None,
                        expected,
                    },
                ));
            };
            if let Some(d) = Direction::from_letter(c) {
                directions.push((d, i));
            } else if c == 'm' || c == 'c' {
                if modality.is_some() {
                    return Err(BetzaError::new(i, BetzaErrorKind::TwoModalities));
                }
                modality = Some(if c == 'm' {
                    Modality::MoveOnly
                } else {
                    Modality::CaptureOnly
                });
            } else if let Some(atom) = Atom::from_letter(c) {
                break (atom, i);
            } else if c == '+' && expected == Expected::AfterAtom {
                // A '+' between parts; the next character must start a part.
                expected_next = Expected::Part;
            } else {
                return Err(BetzaError::new(
                    i,
                    BetzaErrorKind::Unexpected {
                        found: Some(c),
                        expected,
                    },
                ));
            }
        };

        // The range: digits, or the atom doubled (not for the riders, which slide already).
        let mut range = if atom.is_rider() {
            Range::Unlimited
        } else {
            Range::Limited(1)
        };
        let mut doubled = false;
        match chars.peek() {
            Some(&(start, c)) if c.is_ascii_digit() => {
                let mut end = start;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let digits = &text[start..end];
                let value = digits
                    .parse::<u8>()
                    .ok()
                    .filter(|_| !digits.starts_with('0'));
                match value {
                    Some(n) if (1..=MAX_RANGE).contains(&n) => range = Range::Limited(n),
                    _ => {
                        return Err(BetzaError::new(
                            start,
                            BetzaErrorKind::BadRange {
                                text: digits.to_string(),
                            },
                        ))
                    }
                }
            }
            Some(&(_, c)) if c == atom.letter() && !atom.is_rider() => {
                chars.next();
                range = Range::Unlimited;
                doubled = true;
            }
            _ => {}
        }

        let leaps = select_leaps(atom, &directions)?;
        parts.push(Part {
            modality: modality.unwrap_or_default(),
            directions: directions.iter().map(|&(d, _)| d).collect(),
            atom,
            range,
            doubled,
            leaps,
        });
        expected_next = Expected::AfterAtom;
    }
}

/// The leaps of `atom` that the direction letters select (all of them without letters).
fn select_leaps(atom: Atom, directions: &[(Direction, usize)]) -> Result<Vec<Offset>, BetzaError> {
    let mut out = BTreeSet::new();
    for &leap in atom.leaps() {
        out.extend(select_from(leap, directions)?);
    }
    Ok(out.into_iter().collect())
}

/// The eight (or four) symmetric images of a leap `(long, short)`.
fn symmetric((a, b): (i8, i8)) -> BTreeSet<Offset> {
    let mut set = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                set.insert(Offset::new(x * sx, y * sy));
            }
        }
    }
    set
}

/// Applies the direction letters to one leap: letters selecting disjoint sets add up, a letter
/// overlapping the group before it narrows that group, a doubled `f b l r` on an oblique leap
/// keeps the narrow moves of that side; anything else is an error.
fn select_from(
    leap: (i8, i8),
    directions: &[(Direction, usize)],
) -> Result<BTreeSet<Offset>, BetzaError> {
    let all = symmetric(leap);
    if directions.is_empty() {
        return Ok(all);
    }
    let oblique = leap.0 != leap.1 && leap.1 != 0;
    let select = |d: Direction| -> BTreeSet<Offset> {
        all.iter()
            .copied()
            .filter(|o| d.contains(o.file, o.rank))
            .collect()
    };
    // (selected leaps, column of the letter that started the group)
    let mut groups: Vec<(BTreeSet<Offset>, usize)> = Vec::new();
    let mut previous: Option<Direction> = None;
    for &(d, column) in directions {
        let doubled_side = oblique
            && previous == Some(d)
            && !matches!(d, Direction::Vertical | Direction::Sideways);
        let letter_set = if doubled_side {
            // `ff` = forward and narrow, `ll` = left and wide.
            select(match d {
                Direction::Forward | Direction::Backward => Direction::Vertical,
                _ => Direction::Sideways,
            })
        } else {
            select(d)
        };
        match groups.last_mut() {
            Some((group, _))
                if !group.is_disjoint(&letter_set) && !letter_set.is_superset(group) =>
            {
                if letter_set.is_subset(group) {
                    return Err(BetzaError::new(
                        column,
                        BetzaErrorKind::AmbiguousDirection { letter: d.letter() },
                    ));
                }
                *group = group.intersection(&letter_set).copied().collect();
            }
            _ => groups.push((letter_set, column)),
        }
        previous = Some(d);
    }
    for (i, (gi, ci)) in groups.iter().enumerate() {
        for (j, (gj, cj)) in groups.iter().enumerate() {
            if i != j && gi.is_subset(gj) {
                let column = (*ci).max(*cj);
                let letter = text_letter(directions, column);
                return Err(BetzaError::new(
                    column,
                    BetzaErrorKind::RedundantDirection { letter },
                ));
            }
        }
    }
    Ok(groups.into_iter().flat_map(|(g, _)| g).collect())
}

fn text_letter(directions: &[(Direction, usize)], column: usize) -> char {
    directions
        .iter()
        .find(|&&(_, c)| c == column)
        .map_or('?', |&(d, _)| d.letter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kuma::BETZA;

    fn leaps(text: &str) -> Vec<(i8, i8)> {
        let b = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut v: Vec<_> = b
            .parts()
            .iter()
            .flat_map(|p| p.leaps().iter().map(|o| (o.file, o.rank)))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    fn err(text: &str) -> (usize, BetzaErrorKind) {
        let e = parse(text).expect_err(text);
        (e.column(), e.kind().clone())
    }

    #[test]
    fn every_kuma_string_round_trips() {
        for (kind, text) in BETZA {
            let b = parse(text).unwrap_or_else(|e| panic!("{kind:?} {text}: {e}"));
            assert_eq!(b.to_string(), *text, "{kind:?}");
            assert_eq!(parse(&b.to_string()).as_ref(), Ok(&b));
        }
    }

    #[test]
    fn concatenation_reads_like_plus() {
        assert_eq!(parse("fRsW2bWfB"), parse("fR+sW2+bW+fB"));
        assert_eq!(parse("vCsN").map(|b| b.to_string()).as_deref(), Ok("vC+sN"));
        assert_eq!(parse("NC").map(|b| b.parts().len()), Ok(2));
    }

    #[test]
    fn the_module_docs_error_examples() {
        let atom_or_prefix = |found| BetzaErrorKind::Unexpected {
            found,
            expected: Expected::Atom,
        };
        let part = |found| BetzaErrorKind::Unexpected {
            found,
            expected: Expected::Part,
        };
        assert_eq!(err("fX"), (1, atom_or_prefix(Some('X'))));
        assert_eq!(
            err("W0"),
            (
                1,
                BetzaErrorKind::BadRange {
                    text: "0".to_string()
                }
            )
        );
        assert_eq!(err("+W"), (0, part(Some('+'))));
        assert_eq!(err("W+"), (2, part(None)));
        assert_eq!(
            err("Wq"),
            (
                1,
                BetzaErrorKind::Unexpected {
                    found: Some('q'),
                    expected: Expected::AfterAtom
                }
            )
        );
        assert_eq!(err(""), (0, part(None)));
    }

    #[test]
    fn more_errors_name_their_column() {
        assert_eq!(
            err("f"),
            (
                1,
                BetzaErrorKind::Unexpected {
                    found: None,
                    expected: Expected::Atom
                }
            )
        );
        assert_eq!(err("W++F").0, 2);
        assert_eq!(err("fR+sW2+bW+fX").0, 11);
        assert_eq!(err("W 2").0, 1);
        assert_eq!(err("W02").0, 1);
        assert_eq!(err("W16").0, 1);
        assert_eq!(err("R999").0, 1);
        assert_eq!(err("mcW"), (1, BetzaErrorKind::TwoModalities));
        assert_eq!(
            err("fsF"),
            (1, BetzaErrorKind::RedundantDirection { letter: 's' })
        );
        assert_eq!(
            err("ffW"),
            (1, BetzaErrorKind::RedundantDirection { letter: 'f' })
        );
        assert_eq!(
            err("sfF"),
            (1, BetzaErrorKind::AmbiguousDirection { letter: 'f' })
        );
        // The column is a byte offset: 'é' takes two bytes.
        assert_eq!(err("éW").0, 0);
        assert_eq!(err("Wé").0, 1);
        assert_eq!(err("W2é").0, 2);
        // Betza letters this module does not support are errors too, never skipped.
        for text in [
            "nW", "jN", "pR", "gQ", "iW", "hN", "oR", "zB", "xW", "eW", "S", "M", "L",
        ] {
            assert!(parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn orthogonal_letters() {
        // Hand-listed: owner-relative (file, rank), forward = +rank, right = +file.
        assert_eq!(leaps("W"), sorted(vec![(0, 1), (0, -1), (1, 0), (-1, 0)]));
        assert_eq!(leaps("fW"), vec![(0, 1)]);
        assert_eq!(leaps("bW"), vec![(0, -1)]);
        assert_eq!(leaps("sW"), sorted(vec![(-1, 0), (1, 0)]));
        assert_eq!(leaps("vR"), sorted(vec![(0, -1), (0, 1)]));
        assert_eq!(leaps("lW"), vec![(-1, 0)]);
        assert_eq!(leaps("rD"), vec![(2, 0)]);
        assert_eq!(leaps("fsW"), sorted(vec![(0, 1), (-1, 0), (1, 0)]));
        assert_eq!(leaps("sbW"), sorted(vec![(0, -1), (-1, 0), (1, 0)]));
        assert_eq!(leaps("fbR"), sorted(vec![(0, 1), (0, -1)]));
        assert_eq!(leaps("flW"), sorted(vec![(0, 1), (-1, 0)]));
    }

    #[test]
    fn diagonal_letters() {
        assert_eq!(leaps("fF"), sorted(vec![(-1, 1), (1, 1)]));
        assert_eq!(leaps("bB"), sorted(vec![(-1, -1), (1, -1)]));
        assert_eq!(leaps("lF"), sorted(vec![(-1, 1), (-1, -1)]));
        assert_eq!(leaps("flF"), vec![(-1, 1)]);
        assert_eq!(leaps("rbA"), vec![(2, -2)]);
        assert_eq!(leaps("frflF"), sorted(vec![(1, 1), (-1, 1)]));
        assert_eq!(leaps("sF").len(), 4);
        assert_eq!(leaps("vF").len(), 4);
        assert_eq!(leaps("fbF").len(), 4);
    }

    #[test]
    fn oblique_letters() {
        // Knight: f = the 4 forward moves; fs = forward and wide; ff = forward and narrow.
        assert_eq!(leaps("fN"), sorted(vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]));
        assert_eq!(leaps("fsN"), sorted(vec![(-2, 1), (2, 1)]));
        assert_eq!(leaps("ffN"), sorted(vec![(-1, 2), (1, 2)]));
        assert_eq!(leaps("bbN"), sorted(vec![(-1, -2), (1, -2)]));
        assert_eq!(leaps("llN"), sorted(vec![(-2, -1), (-2, 1)]));
        assert_eq!(leaps("fflN"), vec![(-1, 2)]);
        assert_eq!(leaps("flN"), sorted(vec![(-2, 1), (-1, 2)]));
        assert_eq!(
            leaps("vN"),
            sorted(vec![(-1, -2), (-1, 2), (1, -2), (1, 2)])
        );
        // Hunterbeest's Hartebeest vCsN: (±1,±3) and (±2,±1), as SPEC.md lists it (BHB-3).
        assert_eq!(
            leaps("vCsN"),
            sorted(vec![
                (-1, -3),
                (-1, 3),
                (1, -3),
                (1, 3),
                (-2, -1),
                (-2, 1),
                (2, -1),
                (2, 1)
            ])
        );
        // Cohartebeest vNsC: (±1,±2) and (±3,±1).
        assert_eq!(
            leaps("vNsC"),
            sorted(vec![
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (-3, -1),
                (-3, 1),
                (3, -1),
                (3, 1)
            ])
        );
        assert_eq!(leaps("NC").len(), 16);
        assert_eq!(leaps("fbN").len(), 8);
        assert!(parse("vvN").is_err());
        assert!(parse("fsfN").is_err());
    }

    #[test]
    fn compound_atoms_apply_the_prefix_to_each_half() {
        assert_eq!(leaps("K").len(), 8);
        assert_eq!(leaps("fK"), sorted(vec![(-1, 1), (0, 1), (1, 1)]));
        assert_eq!(leaps("Q").len(), 8);
        assert_eq!(
            parse("Q").map(|b| b.parts()[0].range()),
            Ok(Range::Unlimited)
        );
        assert_eq!(
            parse("K2").map(|b| b.parts()[0].range()),
            Ok(Range::Limited(2))
        );
    }

    #[test]
    fn the_other_games_strings_read_as_spec_md_says() {
        // Number of directions (leaps) per piece, counted from the words of SPEC.md
        // (the piece tables of Bachelor Hunterbeest and Chu Shogi), not from this parser.
        let cases = [
            ("fRbB", 3),  // Hunter: straight forward; both backward diagonals
            ("fBbR", 3),  // Hawker
            ("fsRbB", 5), // Huntress: "5 directions"
            ("bsRfB", 5), // Hawkress: "5 directions"
            ("NC", 16),   // Gnu: (±1,±2) (±2,±1) (±1,±3) (±3,±1)
            ("vCsN", 8),  // Hartebeest
            ("vNsC", 8),  // Cohartebeest
            ("vRsW", 4),  // Vertical Mover
            ("sRvW", 4),  // Side Mover
            ("vRbB", 4),  // Whale
            ("vRfB", 4),  // White Horse
            ("FD", 8),    // Kirin
            ("WA", 8),    // Phoenix
            ("FsfW", 7),  // Drunk Elephant: all but straight back
            ("FsbW", 7),  // Blind Tiger: all but straight forward
            ("FvRsW", 8), // Flying Stag
            ("WfF", 6),   // Gold General
            ("FfW", 5),   // Silver General
            ("fFvW", 4),  // Copper General
            ("FvW", 6),   // Ferocious Leopard
            ("vW", 2),    // Go-Between
            ("fW", 1),    // Pawn
            ("BvR", 6),   // Flying Ox
            ("BsR", 6),   // Free Boar
            ("RF", 8),    // Dragon King
            ("BW", 8),    // Dragon Horse
            ("KNAD", 24), // Lion without its two-step
        ];
        for (text, n) in cases {
            assert_eq!(leaps(text).len(), n, "{text}");
        }
    }

    #[test]
    fn ranges_and_doubling() {
        let range = |t: &str| parse(t).map(|b| b.parts()[0].range());
        assert_eq!(range("W"), Ok(Range::Limited(1)));
        assert_eq!(range("W2"), Ok(Range::Limited(2)));
        assert_eq!(range("R"), Ok(Range::Unlimited));
        assert_eq!(range("R3"), Ok(Range::Limited(3)));
        assert_eq!(range("B15"), Ok(Range::Limited(15)));
        assert_eq!(range("NN"), Ok(Range::Unlimited));
        assert_eq!(parse("NN").map(|b| b.to_string()).as_deref(), Ok("NN"));
        // A rider's letter twice is two parts.
        assert_eq!(parse("RR").map(|b| b.parts().len()), Ok(2));
        assert_eq!(parse("W1").map(|b| b.to_string()).as_deref(), Ok("W"));
        assert_eq!(parse("R1").map(|b| b.to_string()).as_deref(), Ok("R1"));
    }
}
