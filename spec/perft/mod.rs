//! Perft: counting the leaves of the legal-move tree, and `.perft` files of expected counts.
//!
//! A `.perft` file (the shakmaty/python-chess convention) holds blocks separated by blank lines:
//!
//! ```text
//! # Source: where the numbers come from
//! id start
//! epd ubvskvbr/pppppppp/8/8/8/8/PPPPPPPP/UBVSKVBR w KQkq -
//! perft 1 16
//! perft 2 256
//! ```
//!
//! Lines starting with `#` are comments and may appear anywhere. A block may say how its counts
//! were counted with `count routes` (the default: one node per legal move) or `count results`
//! (one node per distinct result, [`Counting::Results`]); a reader that does not know the keyword
//! fails on it rather than misreading the counts.

pub mod budgeted;
pub mod hash;

pub use crate::game::counting::Counting;
pub use crate::game::generator::distinct_results;

use crate::{Game, Generator, Move, Position};
use hash::PerftTable;
use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Per-root-move counts (the "divide"), in the order of move lists ([`crate::order`]: by move
/// text, numbers as numbers), and their total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divide {
    pub moves: Vec<(String, u64)>,
    pub total: u64,
}

/// Perft divided by root move. At depth 0 there are no root moves and the total is 1.
pub fn divide<G: Game>(gen: &dyn Generator<G>, pos: &Position<G>, depth: u32) -> Divide {
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            total: 1,
        };
    }
    let mut moves: Vec<(String, u64)> = gen
        .legal_moves(pos)
        .iter()
        .map(|m| {
            (
                m.to_string(),
                gen.perft(&gen.play_unchecked(pos, m), depth - 1),
            )
        })
        .collect();
    crate::order::sort_divide(&mut moves);
    let total = moves.iter().map(|(_, n)| n).sum();
    Divide { moves, total }
}

/// Perft divided by root move, counted as `counting` says; under [`Counting::Results`] each
/// root result appears once, under the move [`distinct_results`] keeps for it.
pub fn divide_counting<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    counting: Counting,
) -> Divide {
    if counting == Counting::Routes || depth == 0 {
        return divide(gen, pos, depth);
    }
    let mut moves: Vec<(String, u64)> = distinct_results(gen, pos)
        .iter()
        .map(|(m, child)| (m.to_string(), gen.perft_results(child, depth - 1)))
        .collect();
    crate::order::sort_divide(&mut moves);
    let total = moves.iter().map(|(_, n)| n).sum();
    Divide { moves, total }
}

impl fmt::Display for Divide {
    /// The perftree convention: `<move> <count>` lines, an empty line, the total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (m, n) in &self.moves {
            writeln!(f, "{m} {n}")?;
        }
        writeln!(f)?;
        writeln!(f, "{}", self.total)
    }
}

/// One block of a `.perft` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftRecord {
    pub id: String,
    /// The position (a FEN, with or without move counters).
    pub epd: String,
    /// `(depth, nodes)` in file order.
    pub counts: Vec<(u32, u64)>,
    /// How the counts count (`count routes|results`; routes when the block does not say).
    pub counting: Counting,
    /// 1-based line number of the `id` line.
    pub line: usize,
    /// Comment lines inside or directly above the block, without the `#`.
    pub comments: Vec<String>,
}

/// A `.perft` file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePerftError {
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParsePerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParsePerftError {}

/// Reads a `.perft` file.
///
/// # Errors
/// The first line that breaks the format: an unknown keyword, an `epd` or `perft` line outside a
/// block, a block without `epd`, a malformed count.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftRecord>, ParsePerftError> {
    let mut records: Vec<PerftRecord> = Vec::new();
    let mut current: Option<PerftRecord> = None;
    let mut pending_comments = Vec::new();
    let err = |line, message: String| ParsePerftError { line, message };
    let finish = |rec: PerftRecord, records: &mut Vec<PerftRecord>| {
        if rec.epd.is_empty() {
            return Err(err(
                rec.line,
                format!("record {:?} has no epd line", rec.id),
            ));
        }
        records.push(rec);
        Ok(())
    };
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            if let Some(rec) = current.take() {
                finish(rec, &mut records)?;
            }
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            match current.as_mut() {
                Some(rec) => rec.comments.push(comment.trim().to_string()),
                None => pending_comments.push(comment.trim().to_string()),
            }
            continue;
        }
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => {
                if let Some(rec) = current.take() {
                    finish(rec, &mut records)?;
                }
                if value.is_empty() {
                    return Err(err(line_no, "empty id".to_string()));
                }
                current = Some(PerftRecord {
                    id: value.to_string(),
                    epd: String::new(),
                    counts: Vec::new(),
                    counting: Counting::Routes,
                    line: line_no,
                    comments: std::mem::take(&mut pending_comments),
                });
            }
            "epd" => {
                let rec = current
                    .as_mut()
                    .ok_or_else(|| err(line_no, "epd line before any id line".to_string()))?;
                if !rec.epd.is_empty() {
                    return Err(err(
                        line_no,
                        format!("second epd line in record {:?}", rec.id),
                    ));
                }
                if value.is_empty() {
                    return Err(err(line_no, "empty epd".to_string()));
                }
                rec.epd = value.to_string();
            }
            "count" => {
                let rec = current
                    .as_mut()
                    .ok_or_else(|| err(line_no, "count line before any id line".to_string()))?;
                rec.counting = Counting::from_name(value).ok_or_else(|| {
                    err(
                        line_no,
                        format!("expected 'count routes' or 'count results', found {line:?}"),
                    )
                })?;
            }
            "perft" => {
                let rec = current
                    .as_mut()
                    .ok_or_else(|| err(line_no, "perft line before any id line".to_string()))?;
                let mut parts = value.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse::<u32>().ok());
                let nodes = parts.next().and_then(|n| n.parse::<u64>().ok());
                match (depth, nodes, parts.next()) {
                    (Some(d), Some(n), None) if d <= 64 => rec.counts.push((d, n)),
                    _ => {
                        return Err(err(
                            line_no,
                            format!("expected 'perft DEPTH NODES', found {line:?}"),
                        ))
                    }
                }
            }
            _ => return Err(err(line_no, format!("unknown keyword {key:?}"))),
        }
    }
    if let Some(rec) = current.take() {
        finish(rec, &mut records)?;
    }
    Ok(records)
}

/// A progress callback: `(root moves done, root moves, move text, its count)`.
pub type Progress<'a> = dyn Fn(usize, usize, &str, u64) + Sync + 'a;

/// Perft divided by root move, the root moves shared out among `threads` threads (each takes the
/// next unfinished root move). Same result as [`divide`]: in move-list order ([`crate::order`]); at
/// depth 0 no moves and a total of 1.
pub fn divide_threads<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    threads: usize,
    progress: Option<&Progress<'_>>,
) -> Divide {
    let options = DivideOptions {
        threads,
        counting: Counting::Routes,
        table: None,
    };
    divide_with(gen, pos, depth, &options, progress)
}

/// How [`divide_with`] counts: threads, routes or results (CHU-9.5), and the transposition
/// table the threads share, if any.
pub struct DivideOptions<'t> {
    pub threads: usize,
    pub counting: Counting,
    pub table: Option<&'t PerftTable>,
}

/// [`divide_threads`] counted as `options` says. Under [`Counting::Results`] the root moves are
/// [`distinct_results`]'s, one per result.
pub fn divide_with<G: Game>(
    gen: &dyn Generator<G>,
    pos: &Position<G>,
    depth: u32,
    options: &DivideOptions<'_>,
    progress: Option<&Progress<'_>>,
) -> Divide {
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            total: 1,
        };
    }
    let moves: Vec<(Move<G::Kind>, Position<G>)> = match options.counting {
        Counting::Routes => gen
            .legal_moves(pos)
            .into_iter()
            .map(|m| {
                let child = gen.play_unchecked(pos, &m);
                (m, child)
            })
            .collect(),
        Counting::Results => distinct_results(gen, pos),
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(moves.len()));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some((mv, child)) = moves.get(i) else {
            break;
        };
        let nodes = match options.table {
            Some(table) => gen.perft_hashed(child, depth - 1, options.counting, table),
            None => gen.perft_counting(child, depth - 1, options.counting),
        };
        let text = mv.to_string();
        // A worker that panicked has already ended the run; the data itself cannot be torn.
        let mut done = results
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(report) = progress {
            report(done.len() + 1, moves.len(), &text, nodes);
        }
        done.push((text, nodes));
    };
    let workers = options.threads.clamp(1, moves.len().max(1));
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..workers {
                s.spawn(work);
            }
        });
    }
    let mut moves = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    crate::order::sort_divide(&mut moves);
    let total = moves.iter().map(|(_, n)| n).sum();
    Divide { moves, total }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_blocks_and_comments() {
        let text = "# Source: test\nid a\nepd 8/8 w - -\nperft 1 3\nperft 2 9\n\n# c\nid b\nepd x\nperft 3 27\n";
        let recs = parse_perft_file(text).unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].id, "a");
        assert_eq!(recs[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(recs[0].comments, vec!["Source: test".to_string()]);
        assert_eq!(recs[1].line, 8);
        assert_eq!(recs[1].comments, vec!["c".to_string()]);
        assert_eq!(recs[0].counting, Counting::Routes);
        let recs = parse_perft_file("id a\nepd x\ncount results\nperft 1 2\n").unwrap();
        assert_eq!(recs[0].counting, Counting::Results);
    }

    #[test]
    fn rejects_malformed_lines() {
        for (text, line) in [
            ("epd x\n", 1),
            ("id a\nperft x 1\nepd y\n", 2),
            ("id a\nperft 1\n", 2),
            ("id a\nepd y\nfoo 1\n", 3),
            ("id a\nperft 1 1\n", 1),
            ("id a\nepd x\nepd y\n", 3),
            ("id a\nepd x\ncount moves\n", 3),
            ("count results\n", 1),
        ] {
            let e = parse_perft_file(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
    }
}
