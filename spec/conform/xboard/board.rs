//! XBoard's board texts as HaChu reads and writes them: square names, the board field of a FEN
//! (its size, the squares of one side, turned round for the second player), and the `highlight`
//! answer's marks.

use crate::Symmetry;

/// A square as (file, rank), 0-based from the first player's lower left.
pub(super) type Sq = (usize, usize);

/// A board of `size` on which the first player has no move: its King in the top left corner
/// walled in by its own Pawns, which cannot move (the one beside it stands on its last rank, the
/// two below it face their own pieces); the second player's King in the far corner.
pub(super) fn no_moves_board((files, ranks): (usize, usize)) -> String {
    let rest = |n: usize| if n > 0 { n.to_string() } else { String::new() };
    let mut rows = vec![
        format!("KP{}", rest(files - 2)),
        format!("PP{}", rest(files - 2)),
    ];
    rows.extend((2..ranks - 1).map(|_| files.to_string()));
    rows.push(format!("{}k", rest(files - 1)));
    rows.join("/")
}

/// `a1`-style name: file letter from `a`, rank number from 1.
pub(super) fn square_name((file, rank): Sq) -> String {
    let letter = char::from(b'a' + u8::try_from(file).unwrap_or(0));
    format!("{letter}{}", rank + 1)
}

/// Reads an `a1`-style square at the start of `text`: the square and the bytes it took.
pub(super) fn read_square(text: &[u8]) -> Option<(Sq, usize)> {
    let letter = *text.first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = text[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: usize = std::str::from_utf8(&text[1..=digits]).ok()?.parse().ok()?;
    (rank >= 1).then(|| ((usize::from(letter - b'a'), rank - 1), digits + 1))
}

/// One rank of a FEN board as tokens: a run of empty squares, or one piece (`+r`, `K`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Empty(usize),
    Piece(String),
}

pub(super) fn tokens(rank: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let chars: Vec<char> = rank.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let run: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += run.len();
            out.push(Token::Empty(run.parse().ok()?));
        } else if c == '+' {
            let next = *chars.get(i + 1)?;
            out.push(Token::Piece(format!("+{next}")));
            i += 2;
        } else if c.is_ascii_alphabetic() {
            out.push(Token::Piece(c.to_string()));
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// The squares of the pieces of one side on a FEN board field (upper case: the first player).
pub(super) fn own_squares(board: &str, (_, ranks): (usize, usize), first: bool) -> Vec<Sq> {
    let mut out = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = ranks.saturating_sub(1 + i);
        let mut file = 0;
        for t in tokens(row).unwrap_or_default() {
            match t {
                Token::Empty(n) => file += n,
                Token::Piece(p) => {
                    let upper = p.chars().any(|c| c.is_ascii_uppercase());
                    if upper == first {
                        out.push((file, rank));
                    }
                    file += 1;
                }
            }
        }
    }
    out.sort_by_key(|&(f, r)| (r, f));
    out
}

/// (files, ranks) of a FEN board field.
pub(super) fn board_size(board: &str) -> Option<(usize, usize)> {
    let ranks: Vec<&str> = board.split('/').collect();
    let files = tokens(ranks.first()?)?
        .iter()
        .map(|t| match t {
            Token::Empty(n) => *n,
            Token::Piece(_) => 1,
        })
        .sum();
    (files > 0 && files <= 26).then_some((files, ranks.len()))
}

/// The board field with the colours swapped and the board turned by `symmetry`.
pub(super) fn turn_board(board: &str, symmetry: Symmetry) -> Option<String> {
    let mut ranks: Vec<Vec<Token>> = board.split('/').map(tokens).collect::<Option<_>>()?;
    ranks.reverse();
    let mut out = Vec::new();
    for mut rank in ranks {
        if symmetry == Symmetry::Rotation {
            rank.reverse();
        }
        let mut text = String::new();
        let mut empty = 0;
        for t in rank {
            match t {
                Token::Empty(n) => empty += n,
                Token::Piece(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.extend(p.chars().map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    }));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    Some(out.join("/"))
}

/// The marks of a highlight answer: a board like a FEN's, top rank first, a letter per marked
/// square and digits for runs of unmarked ones.
pub(super) fn parse_highlight(
    text: &str,
    (files, ranks): (usize, usize),
) -> Option<Vec<(Sq, char)>> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks {
        return None;
    }
    let mut marks = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let run: String = chars[j..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                j += run.len();
                file += run.parse::<usize>().ok()?;
            } else {
                if file >= files {
                    return None;
                }
                marks.push(((file, rank), c));
                file += 1;
                j += 1;
            }
        }
        if file != files {
            return None;
        }
    }
    Some(marks)
}
