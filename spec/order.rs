//! The order every move list is printed in — `moves`, perft's divide, the JSON documents, the
//! page's list (CORE-1.4): by move text, the numbers in it compared as numbers.
//!
//! For every game but Chu Shogi that is plain text order, as every rank there is one digit
//! (`a2a3` before `a2a4` before `b1c3`). Chu Shogi writes its squares in USI, the file a number
//! from 1 to 12 before the rank letter (CHU-8.2): its moves sort in shogi order, file by file from
//! 1 to 12 and in each file rank by rank from `a` to `l`, the way the squares are numbered, so
//! `9i9h` comes before `10c10d` (plain text order would put every move of files 10, 11 and 12
//! between those of files 1 and 2). A move comes before the longer moves that begin with it (a
//! step before its promotion `+`, a Lion's step before its two-step moves through that square).
//!
//! ```
//! use fairyspec::order::sort_moves;
//!
//! let mut moves = vec!["10c10d", "2a2b", "1l1k", "9i9h+", "9i9h"];
//! sort_moves(&mut moves);
//! assert_eq!(moves, ["1l1k", "2a2b", "9i9h", "9i9h+", "10c10d"]);
//! ```

use std::cmp::Ordering;

/// The runs of `text`: each the longest stretch of ASCII digits or of anything else.
fn runs(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let first = rest.chars().next()?;
        let digit = first.is_ascii_digit();
        let end = rest
            .find(|c: char| c.is_ascii_digit() != digit)
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(end);
        rest = tail;
        Some(run)
    })
}

/// Two runs: numbers by value (then by length, so `07` after `7`), anything else as text.
fn cmp_run(a: &str, b: &str) -> Ordering {
    let number = |r: &str| r.bytes().all(|b| b.is_ascii_digit());
    if number(a) && number(b) {
        let (ta, tb) = (a.trim_start_matches('0'), b.trim_start_matches('0'));
        ta.len()
            .cmp(&tb.len())
            .then_with(|| ta.cmp(tb))
            .then_with(|| a.len().cmp(&b.len()))
    } else {
        a.cmp(b)
    }
}

/// Compares two move texts in the order of move lists (see the module's text).
pub fn cmp_move_text(a: &str, b: &str) -> Ordering {
    let mut x = runs(a);
    let mut y = runs(b);
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => match cmp_run(p, q) {
                Ordering::Equal => {}
                other => return other,
            },
        }
    }
}

/// Sorts move texts into the order of move lists.
pub fn sort_moves<T: AsRef<str>>(moves: &mut [T]) {
    moves.sort_by(|a, b| cmp_move_text(a.as_ref(), b.as_ref()));
}

/// Sorts a divide (`(move text, count)` pairs) into the order of move lists.
pub fn sort_divide<T>(moves: &mut [(String, T)]) {
    moves.sort_by(|a, b| cmp_move_text(&a.0, &b.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CORE-1.4: plain text order where every number is one digit.
    #[test]
    fn core_1_4_one_digit_ranks_keep_text_order() {
        let mut moves = vec!["e2e4", "a7a8m", "a7a8", "b1c3", "e1g1", "a2a3", "c3e3e5c3"];
        let mut text = moves.clone();
        text.sort();
        sort_moves(&mut moves);
        assert_eq!(moves, text);
    }

    /// CHU-8.2: files 1 to 12 in number order, ranks a to l, a move before its longer forms.
    #[test]
    fn chu_8_2_usi_moves_sort_in_shogi_order() {
        let mut moves = vec![
            "12l11k", "1a1b", "10a10b", "2l2k", "11c11d", "7g6f5e", "7g6f", "7g6g", "7g7f+",
            "7g7f", "1l1k",
        ];
        sort_moves(&mut moves);
        assert_eq!(
            moves,
            [
                "1a1b", "1l1k", "2l2k", "7g6f", "7g6f5e", "7g6g", "7g7f", "7g7f+", "10a10b",
                "11c11d", "12l11k"
            ]
        );
        assert_eq!(cmp_move_text("7g7f", "7g7f"), Ordering::Equal);
        assert_eq!(cmp_move_text("07", "7"), Ordering::Greater);
        let mut divide = vec![("10a10b".to_string(), 3), ("9a9b".to_string(), 1)];
        sort_divide(&mut divide);
        assert_eq!(divide[0].0, "9a9b");
    }
}
