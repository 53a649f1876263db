//! Zillions of Games save files (`.zsg`) of Congo: reading them and replaying them (CONGO-7.2).
//!
//! A save file has header lines (`Zillions Save Game File Version 0.02 CC`,
//! `RulesFile=Congo.zrf`, `VariantName=Congo`), then one line per ply, `<N>. <move>`; White's and
//! Black's plies of move `N` both carry `N`. A move is
//!
//! | text | meaning |
//! |---|---|
//! | `Pawn E2 - D3` | piece name, from-square, `-` (to an empty square), to-square |
//! | `Giraffe A5 x A3` | `x`: captures the enemy piece on the to-square |
//! | `Pawn F6 - F7 = SuperPawn` | promotion on the last rank (automatic in Congo) |
//! | `Pawn C4 x D5 x C4` | a trailing `x <square>` names a further square the move empties |
//! | `partial 1 Monkey C5 - E5 @ E5 0 0 x D5` | one jump of a monkey chain; `@ <sq> <n> <n>` is bookkeeping |
//!
//! Squares are upper case; names are `Lion`, `Zebra`, `Elephant`, `Giraffe`, `Crocodile`,
//! `Monkey`, `Pawn`, `SuperPawn`. The stock `Congo.zrf` writes a trailing `x <from-square>` when a
//! piece leaves the river (its drowning code); that square is already empty.
//!
//! How a chain of several jumps is written is not documented and the stored game has none: this
//! reader joins a `partial` line with the following lines of the same number whose piece is the
//! same and whose from-square is the previous landing square (with or without their own
//! `partial k` prefix) into one move.
//!
//! The replay checks every ply against the record, not only its legality: the named piece of the
//! side to move stands on the from-square, a `-` destination is empty and an `x` destination
//! holds an enemy piece, the move promotes exactly when the record says `= SuperPawn`, and the
//! squares the move empties (captures, jumped pieces, drowned pieces) are exactly the ones the
//! record names.

use super::{Congo, CongoKind};
use crate::replay::{Records, ReplayError, ReplaySummary, Replayer};
use crate::{Colour, Game, Generator, Move, Position, Square, Via};
use std::collections::BTreeSet;

/// One ply of a save file, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZillionsPly {
    /// The move number `N` of the line(s).
    pub number: u32,
    /// The ply's text (joined lines of a chain separated by ` ; `).
    pub text: String,
    /// The piece the record names.
    pub kind: CongoKind,
    /// From-square, intermediate landings, to-square.
    pub path: Vec<Square>,
    /// Whether the first leg is written with `x` (a capture on the to-square of that leg).
    pub captures: Vec<bool>,
    /// `= SuperPawn` was written.
    pub promotes: bool,
    /// The squares of the trailing `x <square>` items.
    pub removed: Vec<Square>,
}

impl ZillionsPly {
    /// The project move (`e2d3`, `c5e5`, a chain as its landing path).
    pub fn to_move(&self) -> Option<Move<CongoKind>> {
        let (&from, rest) = self.path.split_first()?;
        let (&to, via) = rest.split_last()?;
        Some(Move {
            from,
            via: Via::from_slice(via)?,
            to,
            promotion: None,
        })
    }
}

impl Records for Congo {
    /// Zillions of Games save files (`.zsg`, recognised by their first line) or the common
    /// record notation.
    fn replay(gen: &dyn Generator<Congo>, text: &str) -> Result<ReplaySummary, ReplayError> {
        if is_zillions(text) {
            replay_zillions(gen, text)
        } else {
            crate::replay::replay(gen, text)
        }
    }
}

/// Whether `text` looks like a Zillions save file (its first line).
pub fn is_zillions(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .starts_with("Zillions Save Game File")
}

fn kind_from_name(name: &str) -> Option<CongoKind> {
    Some(match name {
        "Lion" => CongoKind::Lion,
        "Zebra" => CongoKind::Zebra,
        "Elephant" => CongoKind::Elephant,
        "Giraffe" => CongoKind::Giraffe,
        "Crocodile" => CongoKind::Crocodile,
        "Monkey" => CongoKind::Monkey,
        "Pawn" => CongoKind::Pawn,
        "SuperPawn" => CongoKind::Superpawn,
        _ => return None,
    })
}

fn square(text: &str) -> Option<Square> {
    Square::parse(&text.to_ascii_lowercase()).filter(|&sq| Congo::SHAPE.contains(sq))
}

/// One line's move, before chains are joined.
struct Leg {
    partial: bool,
    kind: CongoKind,
    from: Square,
    capture: bool,
    to: Square,
    promotes: bool,
    removed: Vec<Square>,
}

fn parse_leg(text: &str) -> Result<Leg, String> {
    let mut tokens = text.split_whitespace().peekable();
    let mut partial = false;
    if tokens.peek() == Some(&"partial") {
        tokens.next();
        let n = tokens.next().unwrap_or("");
        if n.parse::<u32>().is_err() {
            return Err(format!("expected a number after 'partial', found {n:?}"));
        }
        partial = true;
    }
    let name = tokens.next().ok_or("missing piece name")?;
    let kind = kind_from_name(name).ok_or_else(|| format!("unknown piece name {name:?}"))?;
    let from_text = tokens.next().ok_or("missing from-square")?;
    let from = square(from_text).ok_or_else(|| format!("bad square {from_text:?}"))?;
    let capture = match tokens.next() {
        Some("-") => false,
        Some("x") => true,
        other => return Err(format!("expected '-' or 'x', found {other:?}")),
    };
    let to_text = tokens.next().ok_or("missing to-square")?;
    let to = square(to_text).ok_or_else(|| format!("bad square {to_text:?}"))?;
    let mut promotes = false;
    let mut removed = Vec::new();
    while let Some(item) = tokens.next() {
        match item {
            "=" => {
                let name = tokens.next().ok_or("missing piece name after '='")?;
                if kind_from_name(name) != Some(CongoKind::Superpawn) || kind != CongoKind::Pawn {
                    return Err(format!("a {} cannot become a {name}", kind_name(kind)));
                }
                promotes = true;
            }
            "x" => {
                let t = tokens.next().ok_or("missing square after 'x'")?;
                removed.push(square(t).ok_or_else(|| format!("bad square {t:?}"))?);
            }
            "@" => {
                let t = tokens.next().ok_or("missing square after '@'")?;
                square(t).ok_or_else(|| format!("bad square {t:?}"))?;
                for _ in 0..2 {
                    let n = tokens.next().ok_or("missing number after '@ <square>'")?;
                    if n.parse::<i64>().is_err() {
                        return Err(format!("expected a number, found {n:?}"));
                    }
                }
            }
            other => return Err(format!("unexpected {other:?}")),
        }
    }
    Ok(Leg {
        partial,
        kind,
        from,
        capture,
        to,
        promotes,
        removed,
    })
}

fn kind_name(kind: CongoKind) -> &'static str {
    use crate::Kind;
    kind.name()
}

/// Reads the plies of a save file.
///
/// # Errors
/// A [`ReplayError`] for the first line that is not a ply in this syntax (the side is inferred
/// from the ply's position in the file).
pub fn parse_zillions(text: &str) -> Result<Vec<ZillionsPly>, ReplayError> {
    let mut plies: Vec<ZillionsPly> = Vec::new();
    let mut open_chain = false;
    for line in text.lines() {
        let line = line.trim().trim_start_matches('\u{feff}');
        let header = line.starts_with("Zillions Save Game File")
            || (line.contains('=') && !line.contains(". "));
        if line.is_empty() || header {
            continue;
        }
        let side = if plies.len() % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        let bad = |number: u32, cause: String| ReplayError {
            move_number: number,
            side,
            text: line.to_string(),
            cause,
        };
        let Some((number_text, rest)) = line.split_once(". ") else {
            return Err(bad(0, "expected '<number>. <move>'".to_string()));
        };
        let number: u32 = number_text
            .trim()
            .parse()
            .map_err(|_| bad(0, format!("bad move number {number_text:?}")))?;
        let leg = parse_leg(rest).map_err(|cause| bad(number, cause))?;
        // A continuation of the previous ply's chain?
        if open_chain {
            if let Some(prev) = plies.last_mut() {
                let continues = prev.number == number
                    && prev.kind == leg.kind
                    && prev.path.last() == Some(&leg.from);
                if continues {
                    prev.text.push_str(" ; ");
                    prev.text.push_str(rest.trim());
                    prev.path.push(leg.to);
                    prev.captures.push(leg.capture);
                    prev.removed.extend(leg.removed);
                    prev.promotes |= leg.promotes;
                    open_chain = leg.partial;
                    continue;
                }
            }
        }
        open_chain = leg.partial;
        plies.push(ZillionsPly {
            number,
            text: rest.trim().to_string(),
            kind: leg.kind,
            path: vec![leg.from, leg.to],
            captures: vec![leg.capture],
            promotes: leg.promotes,
            removed: leg.removed,
        });
    }
    Ok(plies)
}

/// Checks one ply against the record and the rules, and plays it: the move and the position it
/// gives.
fn play_ply(
    gen: &dyn Generator<Congo>,
    pos: &Position<Congo>,
    ply: &ZillionsPly,
) -> Result<(Move<CongoKind>, Position<Congo>), String> {
    let us = pos.turn();
    let mv = ply
        .to_move()
        .ok_or("the move has no squares, or too many")?;
    let piece = pos
        .piece_at(mv.from)
        .ok_or_else(|| format!("no piece on {}", mv.from))?;
    if piece.colour != us || piece.kind != ply.kind {
        return Err(format!(
            "{} holds {}'s {}, the record names {}'s {}",
            mv.from,
            piece.colour,
            kind_name(piece.kind),
            us,
            kind_name(ply.kind)
        ));
    }
    // The first leg's destination: `x` = an enemy piece there, `-` = empty. Later legs of a
    // chain land on empty squares (CONGO-4.1), which the legality check covers.
    let first_to = ply.path[1];
    let target = pos.piece_at(first_to);
    if ply.captures.first() == Some(&true) {
        if !matches!(target, Some(p) if p.colour != us) {
            return Err(format!(
                "the record captures on {first_to}, which holds no enemy piece"
            ));
        }
    } else if target.is_some() {
        return Err(format!("the record moves to {first_to}, which is occupied"));
    }
    if !gen.legal_moves(pos).contains(&mv) {
        let why = match gen.outcome(pos) {
            Some(o) => format!("the game is already over ({o})"),
            None => "not a legal move".to_string(),
        };
        return Err(format!("{mv}: {why}"));
    }
    let next = gen.play_unchecked(pos, &mv);
    // Promotion exactly as recorded (CONGO-3.9).
    let promoted = ply.kind == CongoKind::Pawn
        && next.piece_at(mv.to).map(|p| p.kind) == Some(CongoKind::Superpawn);
    if promoted != ply.promotes {
        return Err(if promoted {
            format!("{mv} promotes, the record does not say '= SuperPawn'")
        } else {
            format!("the record promotes, {mv} does not")
        });
    }
    // The squares the move empties, besides its from-square, are exactly the recorded ones: the
    // to-square of an `x` move is re-occupied by the mover, so it is not among them.
    let emptied: BTreeSet<Square> = Congo::SHAPE
        .squares()
        .filter(|&sq| sq != mv.from && pos.piece_at(sq).is_some() && next.piece_at(sq).is_none())
        .collect();
    let recorded: BTreeSet<Square> = ply
        .removed
        .iter()
        .copied()
        .filter(|&sq| sq != mv.from)
        .collect();
    if emptied != recorded {
        let names = |s: &BTreeSet<Square>| {
            s.iter()
                .map(|q| q.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Err(format!(
            "{mv} empties [{}], the record removes [{}]",
            names(&emptied),
            names(&recorded)
        ));
    }
    Ok((mv, next))
}

/// Replays a Zillions save file of Congo from the start position with `gen`, checking every ply
/// against the record (see the module documentation).
///
/// # Errors
/// The first ply that cannot be read, or that disagrees with the rules or the record.
pub fn replay_zillions(
    gen: &dyn Generator<Congo>,
    text: &str,
) -> Result<ReplaySummary, ReplayError> {
    let plies = parse_zillions(text)?;
    let mut replayer = Replayer::new(gen, Position::<Congo>::start());
    for ply in &plies {
        let pos = replayer.position();
        let side = pos.turn();
        let error = |cause| ReplayError {
            move_number: ply.number,
            side,
            text: ply.text.clone(),
            cause,
        };
        let (mv, next) = play_ply(gen, pos, ply).map_err(error)?;
        replayer.push(mv, next);
    }
    Ok(replayer.summary(replayer.outcome(), None))
}
