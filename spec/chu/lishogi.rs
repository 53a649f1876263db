//! Position and move text as lishogi's users paste it (CHU-8.4): lishogi's SFEN as its own
//! parser takes it, a USI `position` line, and lishogi's KIF records of Chu Shogi. Each is read
//! into this crate's strict form — an SFEN and USI moves — with a note for everything that was
//! normalised on the way. Facts about lishogi's formats come from its rules library shogiops
//! (Wanderer XII; `src/sfen.ts`: `parseSfen`; `src/notation/game/kif.ts`: Chu Shogi's KIF
//! moves and board; MIT), not its code.
//!
//! A program reads such text with [`crate::Position::from_pasted`] (the position, the moves
//! played, the notes); [`crate::Position::from_fen`] stays strict.

use super::names;
use super::{Chu, ChuKind};
use crate::game::PositionText;
use crate::{Game, Kind};

/// Reads pasted text: a KIF record, a USI `position` line, or an SFEN (lenient as lishogi is),
/// possibly followed by `moves …`.
///
/// # Errors
/// What cannot be read, in words.
pub fn read_pasted(text: &str) -> Result<PositionText, String> {
    let text = text.trim();
    if looks_like_kif(text) {
        return read_kif(text);
    }
    let mut notes = Vec::new();
    // USI: `position sfen <sfen> [moves …]` or `position startpos [moves …]`, perhaps among other
    // lines of an engine session.
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("position "))
        .map(|l| l.trim_start_matches("position ").trim());
    let body = match line {
        Some(l) => l,
        None => text,
    };
    let (position, moves) = match body.split_once(" moves") {
        Some((p, m)) => (p, m.split_whitespace().map(str::to_string).collect()),
        None => (body, Vec::new()),
    };
    let sfen = lenient_sfen(position, &mut notes)?;
    Ok(PositionText {
        fen: sfen,
        moves,
        notes,
    })
}

/// lishogi's SFEN as shogiops' `parseSfen` accepts it, written strictly: `startpos` is the start
/// position, `_` separates fields as in lishogi's URLs, a missing side is sente, a missing
/// counter-strike square is none, a missing or zero move number is 1.
fn lenient_sfen(text: &str, notes: &mut Vec<String>) -> Result<String, String> {
    let mut text = text.trim();
    if let Some(rest) = text.strip_prefix("sfen ") {
        text = rest.trim();
        notes.push("read past the leading \"sfen\" (USI's keyword)".to_string());
    }
    if text == "startpos" {
        return Ok(Chu::START_FEN.to_string());
    }
    let spaced;
    if text.contains('_') {
        spaced = text.replace('_', " ");
        text = &spaced;
        notes.push("read \"_\" as a space between the SFEN's fields (lishogi's URLs)".to_string());
    }
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() {
        return Err("no SFEN".to_string());
    }
    if fields.len() > 4 {
        return Err(format!(
            "an SFEN has four fields (placement, side, counter-strike square, move number), not {}",
            fields.len()
        ));
    }
    if fields.len() == 1 {
        fields.push("b".to_string());
        notes.push("no side to move: sente (b) moves, as lishogi reads it".to_string());
    }
    if fields.len() == 3 && fields[2].parse::<u32>().is_ok() {
        // `… b 1`: the counter-strike field left out, the move number kept.
        let n = fields.pop().unwrap_or_default();
        fields.push("-".to_string());
        fields.push(n);
        notes.push("no counter-strike square: none (-)".to_string());
    }
    if fields.len() >= 3
        && fields[2] != "-"
        && fields[2].parse::<u32>().is_err()
        && crate::Square::parse_usi(&fields[2], super::SHAPE).is_none()
    {
        notes.push(format!(
            "the counter-strike field {:?} is no square: none (-), as lishogi reads it",
            fields[2]
        ));
        fields[2] = "-".to_string();
    }
    if fields.len() == 2 {
        fields.push("-".to_string());
        notes.push("no counter-strike square: none (-)".to_string());
    }
    if fields.len() == 3 {
        fields.push("1".to_string());
        notes.push("no move number: 1".to_string());
    }
    if fields[3] == "0" {
        fields[3] = "1".to_string();
        notes.push("move number 0 read as 1, as lishogi does".to_string());
    }
    Ok(fields.join(" "))
}

fn looks_like_kif(text: &str) -> bool {
    text.contains('←') || text.contains("手数") || text.contains("手合割") || text.contains('|')
}

/// A KIF square: the file in digits (half- or full-width), the rank in kanji numerals (`7九`,
/// `12十二`), as USI (`7i`, `12l`). Returns the square and the bytes read.
fn kif_square(text: &str) -> Option<(String, usize)> {
    let mut file = 0u32;
    let mut used = 0;
    let mut digits = 0;
    for c in text.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => break,
        };
        file = file * 10 + d;
        used += c.len_utf8();
        digits += 1;
    }
    if digits == 0 {
        return None;
    }
    let mut rank = 0u32;
    let mut tens = false;
    for c in text[used..].chars() {
        let n = match c {
            '一' => 1,
            '二' => 2,
            '三' => 3,
            '四' => 4,
            '五' => 5,
            '六' => 6,
            '七' => 7,
            '八' => 8,
            '九' => 9,
            '十' => {
                tens = true;
                used += c.len_utf8();
                continue;
            }
            _ => break,
        };
        rank += n;
        used += c.len_utf8();
    }
    if tens {
        rank += 10;
    }
    if !(1..=12).contains(&file) || !(1..=12).contains(&rank) {
        return None;
    }
    let letter = char::from(b'a' + (rank - 1) as u8);
    Some((format!("{file}{letter}"), used))
}

/// One KIF move line, after its move number: destination (or `仝`/`同`: the last one), the
/// piece, `成` for a promotion, then `（←from）`. Returns (from, to, promotes).
fn kif_move(line: &str, last: Option<&str>) -> Result<(String, String, bool), String> {
    let bad = || format!("cannot read the KIF move {line:?}");
    let body = line.trim_start_matches(['▲', '△', '☗', '☖', ' ']);
    let (to, rest) = if let Some(rest) = body.strip_prefix('仝').or_else(|| body.strip_prefix('同'))
    {
        (last.ok_or_else(bad)?.to_string(), rest)
    } else {
        let (sq, n) = kif_square(body).ok_or_else(bad)?;
        (sq, &body[n..])
    };
    let (piece, from) = rest.split_once('←').ok_or_else(bad)?;
    let from = from.trim_start();
    let (from, _) = kif_square(from).ok_or_else(bad)?;
    let piece = piece.trim_end_matches(['（', '(', ' ']);
    let promotes = piece.ends_with('成') && !piece.ends_with("不成");
    Ok((from, to, promotes))
}

/// lishogi's KIF of a Chu Shogi game: an optional board diagram (the start position without
/// one), then numbered moves; a Lion's two-step move is two lines, `一歩目` and `二歩目`.
fn read_kif(text: &str) -> Result<PositionText, String> {
    let mut notes = vec!["read as lishogi's KIF".to_string()];
    let board: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|'))
        .collect();
    let mut fen = if board.is_empty() {
        Chu::START_FEN.to_string()
    } else {
        kif_board(&board)?
    };
    if text.contains("後手番") || text.contains("上手番") {
        fen = fen.replacen(" b ", " w ", 1);
    }
    let mut moves = Vec::new();
    let mut last: Option<String> = None;
    let mut first_step: Option<(String, String)> = None;
    for raw in text.lines() {
        let line = raw.replace('　', " ");
        let line = line.trim();
        if line.is_empty()
            || line.starts_with('*')
            || line.starts_with('#')
            || line.starts_with('|')
            || line.starts_with('+')
            || line.contains('：')
            || line.contains(':') && !line.contains('←')
            || line.starts_with("手数")
        {
            continue;
        }
        // The move number: `1`, `57手目`.
        let mut rest = line
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start();
        rest = rest.strip_prefix("手目").unwrap_or(rest).trim_start();
        if [
            "投了",
            "詰み",
            "千日手",
            "中断",
            "持将棋",
            "切れ負け",
            "反則",
        ]
        .iter()
        .any(|w| rest.starts_with(w))
            || rest.starts_with("まで")
        {
            notes.push(format!("the record ends: {rest}"));
            break;
        }
        if !rest.contains('←') {
            continue;
        }
        if let Some(step) = rest.strip_prefix("一歩目") {
            let (from, mid, _) = kif_move(step.trim(), last.as_deref())?;
            last = Some(mid.clone());
            first_step = Some((from, mid));
            continue;
        }
        if let Some(step) = rest.strip_prefix("二歩目") {
            let (from_mid, to, _) = kif_move(step.trim(), last.as_deref())?;
            let (from, mid) = first_step
                .take()
                .ok_or_else(|| format!("二歩目 without 一歩目: {line:?}"))?;
            if from_mid != mid {
                return Err(format!(
                    "the second step does not start where the first ended: {line:?}"
                ));
            }
            moves.push(format!("{from}{mid}{to}"));
            last = Some(to);
            continue;
        }
        let (from, to, promotes) = kif_move(rest, last.as_deref())?;
        moves.push(format!("{from}{to}{}", if promotes { "+" } else { "" }));
        last = Some(to);
    }
    notes.push(format!("{} moves", moves.len()));
    Ok(PositionText { fen, moves, notes })
}

/// The kind a KIF board cell names: the tile kanji ([`names::kanji`]; `王` for the King too),
/// or `成` and the kanji of the piece it moves as for the promoted kinds without a kanji of
/// their own (`成龍`: a promoted Rook), `成歩` the promoted Pawn.
fn kif_kind(cell: &str) -> Option<ChuKind> {
    if cell == "王" {
        return Some(ChuKind::King);
    }
    if cell == "成歩" {
        return Some(ChuKind::Tokin);
    }
    let (promoted, kanji) = match cell.strip_prefix('成') {
        Some(k) => (true, k),
        None => (false, cell),
    };
    let found = ChuKind::ALL
        .iter()
        .copied()
        .filter(|k| k.is_promoted() == promoted)
        .find(|&k| names::kanji(k) == kanji);
    if found.is_some() || promoted {
        return found;
    }
    // The promoted kinds with a kanji of their own (鷲, 鷹, 牛, …).
    ChuKind::ALL
        .iter()
        .copied()
        .filter(|k| k.is_promoted())
        .filter(|k| names::kanji(*k) != names::kanji(k.promoted_from().unwrap_or(*k)))
        .find(|&k| {
            names::kanji(k) == kanji
                && !ChuKind::UNPROMOTED
                    .iter()
                    .any(|u| names::kanji(*u) == kanji)
        })
}

/// lishogi's KIF board diagram of Chu Shogi (12 rows `|…|一`, each cell `・` or a kanji, `v`
/// before gote's) as an SFEN placement, sente to move.
fn kif_board(rows: &[&str]) -> Result<String, String> {
    if rows.len() != 12 {
        return Err(format!(
            "a KIF board of Chu Shogi has 12 rows, not {}",
            rows.len()
        ));
    }
    let mut placement = Vec::new();
    for row in rows {
        let inner = row.trim_start_matches('|');
        let inner = inner.split('|').next().unwrap_or("");
        let mut out = String::new();
        let mut empty = 0;
        let mut files = 0;
        let mut gote = false;
        let mut promoted = false;
        for c in inner.chars() {
            match c {
                ' ' | '　' => {}
                '・' => {
                    empty += 1;
                    files += 1;
                }
                'v' => gote = true,
                '成' => promoted = true,
                _ => {
                    let cell = if promoted {
                        format!("成{c}")
                    } else {
                        c.to_string()
                    };
                    let kind = kif_kind(&cell)
                        .ok_or_else(|| format!("no Chu Shogi piece {cell:?} in the KIF board"))?;
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let symbol = kind.symbol();
                    out.push_str(&if gote {
                        symbol.to_lowercase()
                    } else {
                        symbol.to_string()
                    });
                    files += 1;
                    gote = false;
                    promoted = false;
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if files != 12 {
            return Err(format!(
                "a KIF board row of Chu Shogi has 12 squares: {row:?}"
            ));
        }
        placement.push(out);
    }
    Ok(format!("{} b - 1", placement.join("/")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_sfens_are_written_strictly_with_a_note() {
        let strict = "12/12/12/12/12/12/12/12/12/12/12/K10k b - 1";
        let r = read_pasted(strict).unwrap();
        assert_eq!((r.fen.as_str(), r.notes.len()), (strict, 0));
        for (text, note) in [
            ("12/12/12/12/12/12/12/12/12/12/12/K10k_b_-_1", "_"),
            ("12/12/12/12/12/12/12/12/12/12/12/K10k", "side"),
            ("12/12/12/12/12/12/12/12/12/12/12/K10k b", "counter-strike"),
            (
                "12/12/12/12/12/12/12/12/12/12/12/K10k b 1",
                "counter-strike",
            ),
            ("12/12/12/12/12/12/12/12/12/12/12/K10k b -", "move number"),
            ("12/12/12/12/12/12/12/12/12/12/12/K10k b - 0", "move number"),
            ("sfen 12/12/12/12/12/12/12/12/12/12/12/K10k b - 1", "sfen"),
            ("12/12/12/12/12/12/12/12/12/12/12/K10k b b 1", "no square"),
        ] {
            let r = read_pasted(text).unwrap();
            assert_eq!(r.fen, strict, "{text}");
            assert!(
                r.notes.iter().any(|n| n.contains(note)),
                "{text}: {:?}",
                r.notes
            );
        }
        assert!(read_pasted("a b c d e").is_err());
    }

    #[test]
    fn usi_position_lines() {
        let r = read_pasted("usi\nposition startpos moves 7i7h 6d6e\ngo").unwrap();
        assert_eq!(r.fen, Chu::START_FEN);
        assert_eq!(r.moves, ["7i7h", "6d6e"]);
        let r = read_pasted("position sfen 12/12/12/12/12/12/12/12/12/12/12/K10k w - 3 moves 1l2l")
            .unwrap();
        assert_eq!(r.fen, "12/12/12/12/12/12/12/12/12/12/12/K10k w - 3");
        assert_eq!(r.moves, ["1l2l"]);
    }

    #[test]
    fn kif_moves_as_shogiops_writes_them() {
        // shogiops' own examples (test/notation/kif.test.ts): 7i7h, 7d7e, then the Lion's
        // 7j7i6h in two lines; a 57th-move igui; a promotion.
        let r = read_pasted(
            "手合割：\n手数----指手---------消費時間--\n   1 7八歩兵 （←7九）\n   2 7五歩兵 （←7四）\n\
             3 一歩目 7九獅子 （←7十）\n   3 二歩目 6八獅子 （←7九）\nまで3手で中断\n",
        )
        .unwrap();
        assert_eq!(r.fen, Chu::START_FEN);
        assert_eq!(r.moves, ["7i7h", "7d7e", "7j7i6h"]);
        let r = read_pasted(
            "57手目一歩目 ▲6六獅子 （←7七）\n57手目二歩目 ▲7七獅子（居食い） （←6六）\n\
             123手目 ▲6十一金将成 （←5十二）",
        )
        .unwrap();
        assert_eq!(r.moves, ["7g6f7g", "5l6k+"]);
    }

    #[test]
    fn kif_board_as_shogiops_writes_it() {
        // shogiops' test "make kif header - chushogi" and its SFEN.
        let kif = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １
+------------------------------------------------+
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|一
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  獅  獅  ・|二
|  ・  ・  鷹  鷹  ・  ・  ・  ・  ・  ・  ・  ・|三
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|四
|  ・  ・  ・  ・  ・  ・  ・  ・  ・v成獅  ・  ・|五
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|六
|  ・  ・  ・  ・  ・  獅  ・  ・  ・  獅  ・  ・|七
|  ・  ・  ・  ・  ・ 成獅  ・  ・  ・  ・  ・  ・|八
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  鷹  ・  ・|九
|  ・  ・  鷹  ・  ・  ・  ・  ・  ・  ・  ・  ・|十
|  ・  ・  鷹  ・  ・  ・  ・  ・  ・  鷹  ・  ・|十一
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|十二
+------------------------------------------------+";
        let r = read_pasted(kif).unwrap();
        assert_eq!(
            r.fen,
            "12/9NN1/2+H+H8/12/9+o2/12/5N3N2/5+O6/9+H2/2+H9/2+H6+H2/12 b - 1"
        );
        assert!(r.moves.is_empty());
    }
}
