//! An XBoard (CECP) engine that has no perft command: its legal moves are learnt from its
//! *highlight* answers — the GUI's `lift SQUARE` is answered with `highlight <board>` marking
//! every square the piece there may move to (XBoard's protocol, version 2, `feature
//! highlight=1`) — and, where a mark leaves a choice open, by *probing*: playing the move with
//! `usermove` and taking it back with `undo`. H. G. Muller's HaChu (Chu Shogi) is the engine this
//! was written for.
//!
//! ```text
//! > xboard / protover 2                  < feature … highlight=1 … done=1
//! > memory 64                                  (when the engine asks for it: feature memory=1)
//! > option Allow repeats=1                     (one per --option NAME=VALUE)
//! > new / variant chu / force / setboard <board>
//! > usermove f4f5 / ping 1               < pong 1           (the moves played, each checked)
//! > lift f3 / ping 2                     < highlight 12/12/…/4YYYY4/… / pong 2
//! ```
//!
//! The marks: `Y` a move to an empty square, `R` a capture, `M` a move that may promote, `C` the
//! middle square of a two-step move (asked again with `put` and `lift` for the second step),
//! the piece's own square a pass. A move that may promote is probed without the `+` (HaChu then
//! plays the promotion anyway where the piece may not decline, which its `# makemove` line
//! shows); a `C` square is probed as a one-step move too, and a pass is probed (HaChu 0.21's list
//! can hold a null move from a square with no piece that passes, `a1a1`, which it refuses as
//! input). The move texts this engine reports are
//! HaChu's own input: `f4f5`, `f4f5+`, a two-step move `f3e4,e4d5`, a pass `f3f3` — squares named
//! algebraically from the first player's lower left (`--map xboard` turns them into the game's
//! notation).
//!
//! HaChu 0.21's `setboard` takes the board field alone, with the first player to move; a
//! position with the second player to move is sent turned round ([`Setboard::Board`]), its moves
//! turned back. A FEN field the board cannot carry (Chu Shogi's counter-strike square, castling
//! rights) makes the position [`EngineError::Unsupported`]. Where the side to move can take the
//! enemy's last royal HaChu lists no moves (it keeps the list of the position before, so a
//! position without moves is set up first) and accepts none: it has ended the game.
//!
//! The engine counts no perft ([`Engine::counts_perft`] is false): `conform` asks for the moves
//! of every position of the specification's tree instead, giving it the position reached (so
//! that the driver knows the board: only the squares of the side to move are lifted).

mod board;

use self::board::{
    board_size, no_moves_board, own_squares, parse_highlight, read_square, square_name, turn_board,
    Sq,
};
use super::engine::{Engine, EngineDivide, EngineError};
use super::session::Session;
use crate::Symmetry;
use std::collections::BTreeSet;
use std::time::Duration;

/// How a position is given to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setboard {
    /// `setboard <FEN>`, the whole FEN.
    Fen,
    /// `setboard <board>`, the board field alone: the engine assumes the first player to move.
    /// A position with the other side to move is turned by `symmetry` (which the game's rules
    /// respect); `first` is the FEN's letter for the first player (`w` in FEN, `b` in SFEN).
    Board { symmetry: Symmetry, first: char },
}

/// HaChu's promotion bit in the move number of its `# makemove` line.
const PROMOTE_BIT: u64 = 1 << 23;

/// A running XBoard engine.
pub struct XboardEngine {
    session: Session,
    command: String,
    options: Vec<(String, String)>,
    timeout: Duration,
    variant: Option<String>,
    setboard: Setboard,
    pings: u64,
    /// Whether the running process has answered a query already (the next one restarts it).
    used: bool,
}

impl XboardEngine {
    /// Starts `command`, reads its features, sends `memory 64` if it asks for memory and each
    /// option as `option NAME=VALUE`.
    ///
    /// Every position is asked of a fresh process (the first of this one): HaChu 0.21 keeps
    /// something of the position before across `new` and `setboard` — after some positions its
    /// move list for the next holds a capture of a piece of its own (a Kirin "taking" the Dragon
    /// King beside it) that it does not list when the same position is its first. Starting it
    /// costs a few milliseconds.
    ///
    /// # Errors
    /// A missing executable, a time-out, an engine that exits, or one without highlight answers.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        variant: Option<&str>,
        setboard: Setboard,
        timeout: Duration,
    ) -> Result<XboardEngine, EngineError> {
        Ok(XboardEngine {
            session: open(command, options, timeout)?,
            command: command.to_string(),
            options: options.to_vec(),
            timeout,
            variant: variant.map(str::to_string),
            setboard,
            pings: 0,
            used: false,
        })
    }

    /// Sends `ping N` and reads up to `pong N`; returns the lines between (debug lines too).
    fn sync(&mut self, query: &str) -> Result<Vec<String>, EngineError> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.session.send(&format!("ping {}", self.pings), query)?;
        let (lines, _) = self.session.wait_for(query, |l| l == pong, |_| false)?;
        Ok(lines)
    }

    /// Sets up the position `fen` with `moves` played (engine text, untransformed), checking
    /// each move is accepted. Returns whether the board is turned, and the board's size.
    fn set_up(
        &mut self,
        fen: &str,
        moves: &[String],
        query: &str,
    ) -> Result<Prepared, EngineError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let board = fields.first().copied().unwrap_or("");
        let size = board_size(board).ok_or_else(|| EngineError::Unsupported {
            query: query.to_string(),
            reason: format!("the board {board:?} cannot be read"),
        })?;
        let (text, turn) = match self.setboard {
            Setboard::Fen => (fen.to_string(), None),
            Setboard::Board { symmetry, first } => {
                if let Some(extra) = fields
                    .iter()
                    .skip(2)
                    .find(|f| **f != "-" && !f.chars().all(|c| c.is_ascii_digit()))
                {
                    return Err(EngineError::Unsupported {
                        query: query.to_string(),
                        reason: format!(
                            "its setboard takes the board alone, and this FEN also says {extra:?}"
                        ),
                    });
                }
                let second_to_move = fields.get(1).is_some_and(|s| !s.starts_with(first));
                if second_to_move {
                    let turned =
                        turn_board(board, symmetry).ok_or_else(|| EngineError::Unsupported {
                            query: query.to_string(),
                            reason: format!("the board {board:?} cannot be turned"),
                        })?;
                    (turned, Some(symmetry))
                } else {
                    (board.to_string(), None)
                }
            }
        };
        let sent_board = text.split_whitespace().next().unwrap_or("");
        let first_to_move = match self.setboard {
            Setboard::Fen => fields.get(1).is_none_or(|s| *s == "w"),
            Setboard::Board { .. } => true,
        };
        let own = own_squares(sent_board, size, first_to_move);
        let theirs = own_squares(sent_board, size, !first_to_move);
        let prepared = Prepared {
            size,
            turn,
            own,
            theirs,
        };
        self.session.send("new", query)?;
        if let Some(v) = self.variant.clone() {
            self.session.send(&format!("variant {v}"), query)?;
        }
        self.session.send("force", query)?;
        if matches!(self.setboard, Setboard::Board { .. }) {
            // HaChu builds its move list after each setboard — except where the side to move
            // can take the enemy's last royal: its search then stops before listing anything and
            // keeps the list of the position before. A position without moves first makes that
            // list empty (as the moves HaChu then accepts: none), not another position's.
            self.session
                .send(&format!("setboard {}", no_moves_board(size)), query)?;
            self.sync(query)?;
        }
        self.session.send(&format!("setboard {text}"), query)?;
        // Forget any square a `put` left behind (HaChu answers a later lift of it as the second
        // step of the piece lifted before).
        self.session.send("put z99", query)?;
        for m in moves {
            let sent = prepared.convert(m);
            self.session.send(&format!("usermove {sent}"), query)?;
            let lines = self.sync(query)?;
            if let Some(refusal) = lines.iter().find(|l| l.starts_with("Illegal move")) {
                return Err(EngineError::Garbage {
                    query: query.to_string(),
                    line: refusal.clone(),
                    reason: format!(
                        "the engine refused {m} (sent as {sent}), a move it listed one position \
                         earlier"
                    ),
                });
            }
        }
        Ok(prepared)
    }

    /// The marks of `lift sq` (after `put mid` when `mid` is given), for each question of
    /// `asks` in order: square → mark letter. The questions are written all at once, each
    /// followed by a `ping`, and the answers read after: one round trip for the lot.
    fn lift(
        &mut self,
        prepared: &Prepared,
        asks: &[(Sq, Option<Sq>)],
        query: &str,
    ) -> Result<Vec<Vec<(Sq, char)>>, EngineError> {
        let first = self.pings + 1;
        for (i, &(sq, mid)) in asks.iter().enumerate() {
            self.session
                .send(&format!("lift {}", square_name(sq)), query)?;
            if let Some(mid) = mid {
                let m = square_name(mid);
                self.session.send(&format!("put {m}"), query)?;
                self.session.send(&format!("lift {m}"), query)?;
            }
            self.session
                .send(&format!("ping {}", first + i as u64), query)?;
        }
        let mut answers = Vec::with_capacity(asks.len());
        for (i, &(_, mid)) in asks.iter().enumerate() {
            let pong = format!("pong {}", first + i as u64);
            let (lines, _) = self.session.wait_for(query, |l| l == pong, |_| false)?;
            let highlights: Vec<&str> = lines
                .iter()
                .filter_map(|l| l.strip_prefix("highlight "))
                .collect();
            // After `put`, the second highlight is the second step's (none: no second step).
            let wanted = if mid.is_some() { 2 } else { 1 };
            let marks = match highlights.get(wanted - 1) {
                None => Vec::new(),
                Some(h) => {
                    parse_highlight(h, prepared.size).ok_or_else(|| EngineError::Garbage {
                        query: query.to_string(),
                        line: h.to_string(),
                        reason: "a highlight answer that is not a board of marks".to_string(),
                    })?
                }
            };
            answers.push(marks);
        }
        self.pings += asks.len() as u64;
        Ok(answers)
    }

    /// Plays `text` with `usermove`: `None` if refused, else whether the engine's `# makemove`
    /// line shows a promotion; the move is taken back with `undo`.
    fn probe(&mut self, text: &str, query: &str) -> Result<Option<bool>, EngineError> {
        self.session.send(&format!("usermove {text}"), query)?;
        let lines = self.sync(query)?;
        if lines.iter().any(|l| l.starts_with("Illegal move")) {
            return Ok(None);
        }
        let promoted = lines
            .iter()
            .filter_map(|l| l.strip_prefix("# makemove "))
            .filter_map(|rest| rest.split_whitespace().next())
            .filter_map(|hex| u64::from_str_radix(hex, 16).ok())
            .any(|m| m & PROMOTE_BIT != 0);
        self.session.send("undo", query)?;
        self.sync(query)?;
        Ok(Some(promoted))
    }
}

/// A position as sent: the board's size and, if it was turned, how.
struct Prepared {
    size: (usize, usize),
    turn: Option<Symmetry>,
    /// The squares of the pieces of the side to move on the board as sent (upper case there: the
    /// first player's), when the board can be read.
    own: Vec<Sq>,
    /// The squares of the other side's pieces.
    theirs: Vec<Sq>,
}

impl Prepared {
    /// Whether a mark from `from` to `to` cannot be a move of this position: onto a piece of
    /// the mover's own side (other than a pass or a lion's return to its square), `R` (capture)
    /// on an empty square, `Y` (move) onto an enemy piece.
    fn contradicts(&self, from: Sq, to: Sq, mark: char) -> bool {
        let own = self.own.contains(&to) && to != from;
        let enemy = self.theirs.contains(&to);
        match mark {
            'Y' => own || enemy,
            'R' => own || (!enemy && to != from),
            'M' => own,
            _ => false,
        }
    }

    /// A square of the engine's board as a square of the position (and back: turning twice is
    /// the identity).
    fn square(&self, sq: Sq) -> Sq {
        let (files, ranks) = self.size;
        match self.turn {
            None => sq,
            Some(Symmetry::Mirror) => (sq.0, ranks - 1 - sq.1),
            Some(Symmetry::Rotation) => (files - 1 - sq.0, ranks - 1 - sq.1),
        }
    }

    /// Move text with every square turned (text of the position ↔ text of the engine's board).
    fn convert(&self, text: &str) -> String {
        if self.turn.is_none() {
            return text.to_string();
        }
        let mut out = String::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match read_square(&bytes[i..]) {
                Some((sq, n)) => {
                    out.push_str(&square_name(self.square(sq)));
                    i += n;
                }
                None => {
                    out.push(char::from(bytes[i]));
                    i += 1;
                }
            }
        }
        out
    }
}

/// Starts the engine and brings it to the point of taking positions.
fn open(
    command: &str,
    options: &[(String, String)],
    timeout: Duration,
) -> Result<Session, EngineError> {
    let mut session = Session::start(command, timeout)?;
    session.send("xboard", "xboard")?;
    session.send("protover 2", "protover 2")?;
    let (lines, last) = session.wait_for(
        "protover 2",
        |l| l.starts_with("feature") && l.contains("done=1"),
        |l| l.starts_with('#'),
    )?;
    let features: Vec<&String> = lines
        .iter()
        .chain([&last])
        .filter(|l| l.starts_with("feature"))
        .collect();
    if !features.iter().any(|l| l.contains("highlight=1")) {
        return Err(session.fail(EngineError::Garbage {
            query: "protover 2".to_string(),
            line: last.clone(),
            reason: "the engine offers no highlight answers (feature highlight=1), which this \
                     driver needs to learn its moves"
                .to_string(),
        }));
    }
    if features.iter().any(|l| l.contains("memory=1")) {
        session.send("memory 64", "memory")?;
    }
    for (name, value) in options {
        session.send(&format!("option {name}={value}"), "option")?;
    }
    session.send("ping 0", "start")?;
    session.wait_for("start", |l| l == "pong 0", |_| false)?;
    Ok(session)
}

impl Engine for XboardEngine {
    fn describe(&self) -> String {
        format!("xboard: {}", self.session.command())
    }

    fn counts_perft(&self) -> bool {
        false
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<EngineDivide, EngineError> {
        let query = format!("the moves of {fen:?} after {:?}", moves.join(" "));
        if depth != 1 {
            return Err(EngineError::Unsupported {
                query,
                reason: "an XBoard engine without perft lists moves only (depth 1)".to_string(),
            });
        }
        if std::mem::replace(&mut self.used, true) {
            self.session.close("quit");
            self.session = open(&self.command, &self.options, self.timeout)?;
            self.pings = 0;
        }
        let prepared = self.set_up(fen, moves, &query)?;
        // Every square lifted first; the questions that change the engine's state (a `put`, a
        // probe) after, so that no answer reads a stale `put` (HaChu keeps the last `put` square
        // until a highlight is sent, and a later lift of that square would answer for it).
        // The side to move's pieces only: a square without one has no moves (lifting it could
        // only show what HaChu kept of another position, see [`XboardEngine::start`]).
        let squares: Vec<(Sq, Option<Sq>)> = prepared.own.iter().map(|&sq| (sq, None)).collect();
        let mut marked: Vec<(Sq, Sq, char)> = Vec::new();
        for (&(from, _), marks) in squares.iter().zip(self.lift(&prepared, &squares, &query)?) {
            marked.extend(marks.into_iter().map(|(to, mark)| (from, to, mark)));
        }
        // A list that is not of this position: a move onto a piece of the mover's own side, a
        // capture on an empty square, a plain move onto a piece. HaChu answers so where the
        // side to move can take the enemy's last royal: its search stops before listing the
        // position's moves, and what it shows (and accepts) is left over from the position set
        // up before. Its moves there are none. With `setboard <board>` the position set up
        // before has no moves ([`XboardEngine::set_up`]), so a list left over is empty and a
        // contradicting mark is the engine's own answer for this position: it stays, and the
        // comparison shows it (HaChu 0.21 marks the own piece on h5 of a Lion on h4 as a
        // capture, `tests/all/conform.rs`).
        let left_over_is_empty = matches!(self.setboard, Setboard::Board { .. });
        if !left_over_is_empty
            && marked
                .iter()
                .any(|&(from, to, mark)| prepared.contradicts(from, to, mark))
        {
            marked.clear();
        }
        let mut found: BTreeSet<String> = BTreeSet::new();
        for (from, to, mark) in marked {
            let plain = format!("{}{}", square_name(from), square_name(to));
            match mark {
                'C' => {
                    // A middle square: the one-step move there, if there is one, and every
                    // second step from it.
                    if self.probe(&plain, &query)?.is_some() {
                        found.insert(plain.clone());
                    }
                    let second = self.lift(&prepared, &[(from, Some(to))], &query)?;
                    for (end, _) in second.into_iter().flatten() {
                        found.insert(format!("{plain},{}{}", square_name(to), square_name(end)));
                    }
                }
                'M' => {
                    found.insert(format!("{plain}+"));
                    if self.probe(&plain, &query)? == Some(false) {
                        found.insert(plain);
                    }
                }
                _ if to == from => {
                    // A pass: HaChu's move list can hold a null move it then refuses as input
                    // (`a1a1` for the second player), so it is asked.
                    if self.probe(&plain, &query)?.is_some() {
                        found.insert(plain);
                    }
                }
                _ => {
                    found.insert(plain);
                }
            }
        }
        let moves: Vec<(String, u64)> = found
            .into_iter()
            .map(|m| (prepared.convert(&m), 1))
            .collect();
        let total = moves.len() as u64;
        Ok(EngineDivide { moves, total })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlights_are_read_as_boards() {
        // HaChu's answer to `lift f3` at the start of Chu Shogi: the Lion's five jumps.
        let marks = parse_highlight("12/12/12/12/12/12/12/4YYYY4/12/12/3Y8/12", (12, 12)).unwrap();
        let squares: Vec<String> = marks.iter().map(|(s, _)| square_name(*s)).collect();
        assert_eq!(squares, ["e5", "f5", "g5", "h5", "d2"]);
        assert!(parse_highlight("12/12", (12, 12)).is_none());
        assert!(parse_highlight("13/12/12/12/12/12/12/12/12/12/12/12", (12, 12)).is_none());
    }

    #[test]
    fn boards_turn_with_their_pieces() {
        assert_eq!(
            turn_board("3k/+P3/4", Symmetry::Rotation).as_deref(),
            Some("4/3+p/K3")
        );
        assert_eq!(
            turn_board("3k/+P3/4", Symmetry::Mirror).as_deref(),
            Some("4/+p3/3K")
        );
        assert_eq!(board_size("12/3i4i3/12"), Some((12, 3)));
        assert_eq!(own_squares("K2/1p1/2P", (3, 3), true), [(2, 0), (0, 2)]);
        assert_eq!(own_squares("K2/1p1/2P", (3, 3), false), [(1, 1)]);
        assert_eq!(
            no_moves_board((12, 12)),
            "KP10/PP10/12/12/12/12/12/12/12/12/12/11k"
        );
        let p = Prepared {
            size: (12, 12),
            turn: Some(Symmetry::Rotation),
            own: Vec::new(),
            theirs: Vec::new(),
        };
        assert_eq!(p.convert("f3e4,e4d5"), "g10h9,h9i8");
        assert_eq!(p.convert(&p.convert("a1l12+")), "a1l12+");
    }
}
