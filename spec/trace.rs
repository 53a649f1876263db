//! What a **reference** generator reports while it works, for the explanations of
//! [`crate::explain`] and the pictures of [`crate::diagram`].
//!
//! The reference generators take a `&mut dyn` [`Trace`] where they decide something: the
//! mailbox walk ([`crate::mailbox::Walk`]) reports every line of a piece's movement it walked —
//! which squares it reached and why it went no further ([`Line`], [`Stop`]); the rule functions
//! report the candidate moves a special rule made ([`Trace::candidate`]: a double step, en
//! passant, castling, a promotion, a monkey chain) and the moves a rule refused, with the rule ID
//! and the concrete reason ([`Trace::refused`], [`Why`]). In ordinary use the trace is
//! [`NoTrace`], which says it is not [`listening`](Trace::listening): the walk then records
//! nothing and the rule functions skip building reasons, so the generators do the work they did
//! before.
//!
//! The trace is told, never asked: nothing a trace does can change which moves a generator finds.

use crate::{Kind, Move, Offset, Piece, Square};
use std::fmt;

/// A rule ID of SPEC.md (`KUMA-4.2`).
pub type Rule = &'static str;

/// How a line of movement goes (SPEC.md's three kinds of movement, and the special ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Movement {
    /// A leap to the square at the offset, whatever stands between (a one-square step is the
    /// shortest leap; Betza `W`, `F`, `N`, `D`, …).
    Leap,
    /// A slide of at most this many squares, stopped by the first piece (Betza `W2`, `F2`).
    Range(u8),
    /// A slide of any length, stopped by the first piece (Betza `R`, `B`).
    Slide,
    /// A jump over an adjacent piece to the square beyond (a Congo monkey's jump).
    Jump,
}

/// Whether a line may move, capture, or both (Betza `m`, `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Modality {
    MoveOrCapture,
    MoveOnly,
    CaptureOnly,
}

/// Why a line went no further.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The next square is off the board.
    Edge,
    /// The line has its full length (a leap, or a range-limited slide after its last square).
    Limit,
    /// A piece of the mover's own side stands on this square: no move ends there.
    Own(Square),
    /// An enemy piece stands on this square: the line captures it and ends there.
    Captures(Square),
    /// A move-only line found this square occupied.
    Occupied(Square),
    /// A capture-only line found no enemy piece on this square (for a jump: on the square
    /// jumped over).
    NothingToCapture(Square),
    /// A piece on this square ends the line by a game rule (it is neither captured nor passed):
    /// a Congo lion's flying capture meeting any piece but the enemy lion. The text says which.
    Rule(Square, &'static str),
    /// The line may not enter this square, the first one outside a region a rule keeps it in:
    /// a Congo lion's castle, the river square that ends a crocodile's slide. The text says
    /// which.
    Region(Square, &'static str),
}

/// One line of a piece's movement as the walk found it: from `from` in direction `dir` (a
/// board offset, already turned round for Black), the squares it may end on, and why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub from: Square,
    /// The rule of the piece's movement (`KUMA-3.5`).
    pub rule: Rule,
    pub movement: Movement,
    pub modality: Modality,
    /// One step of the line, on the board (for a leap, the whole leap).
    pub dir: Offset,
    /// The squares this line may end on, nearest first.
    pub reached: Vec<Square>,
    pub stop: Stop,
}

impl Line {
    /// How many steps of `dir` lead from `from` to `to`, if `to` lies on this line's ray.
    pub fn steps_to(&self, to: Square) -> Option<u32> {
        let df = i32::from(to.file()) - i32::from(self.from.file());
        let dr = i32::from(to.rank()) - i32::from(self.from.rank());
        let (sf, sr) = (i32::from(self.dir.file), i32::from(self.dir.rank));
        let k = if sf != 0 {
            df / sf
        } else if sr != 0 {
            dr / sr
        } else {
            0
        };
        (k >= 1 && k * sf == df && k * sr == dr).then_some(k as u32)
    }
}

/// Why a rule refused a move: the concrete reason, with the squares and pieces involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why<K> {
    /// After the move the mover's King on `king` is attacked by these pieces.
    LeavesKingAttacked {
        king: Square,
        by: Vec<(Square, Piece<K>)>,
    },
    /// The right to castle on this side is lost (the King or the partner has moved, or the
    /// position says so).
    NoCastlingRight,
    /// The King or its partner does not stand on its start square.
    NotInPlace(Square),
    /// A square between King and partner is occupied.
    PathBlocked(Square),
    /// The King is in check.
    InCheck,
    /// The King would pass over this attacked square.
    PassesAttacked(Square),
    /// The King would land on this attacked square.
    LandsAttacked(Square),
    /// A square a multi-square move needs empty is occupied (a double step's first square).
    Blocked(Square),
    /// CHU-5.2: a lion may not take a protected lion two squares away; `bridge` says why a
    /// two-step move's first leg does not lift the ban, or is empty.
    ProtectedLion { lion: Square, bridge: &'static str },
    /// CHU-5.3: after a non-lion took a lion (on `taken_on`, if known), a non-lion may not take
    /// the lion on `lion` in reply.
    CounterStrike {
        taken_on: Option<Square>,
        lion: Square,
    },
    /// Any other reason, in the rule's words (no squares: those have variants of their own, so
    /// that each game names them its own way, [`Why::words`]). Build it only when the trace is
    /// [`listening`](Trace::listening).
    Other(String),
}

/// A listener to a reference generator. Every method has a no-op default.
pub trait Trace<K: Kind> {
    /// Whether this trace records anything. When `false` the generators skip building the
    /// reports (the walk records no lines, no reasons are worked out).
    fn listening(&self) -> bool {
        true
    }

    /// A line of a piece's movement was walked.
    fn line(&mut self, line: Line) {
        let _ = line;
    }

    /// A rule made this candidate move (before the legality test): a special move, or an
    /// ordinary move that the rule changed (a promotion).
    /// `what` names the rule in a few words (`"castling"`).
    fn candidate(&mut self, mv: &Move<K>, rule: Rule, what: &'static str) {
        let _ = (mv, rule, what);
    }

    /// A rule refused this move, for this reason.
    fn refused(&mut self, mv: &Move<K>, rule: Rule, why: Why<K>) {
        let _ = (mv, rule, why);
    }

    /// The game is over before any move, by this rule: there are no moves.
    fn game_over(&mut self, rule: Rule) {
        let _ = rule;
    }
}

/// The trace of ordinary use: listens to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<K: Kind> Trace<K> for NoTrace {
    fn listening(&self) -> bool {
        false
    }
}

/// A trace that keeps everything it is told, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorder<K> {
    pub lines: Vec<Line>,
    pub candidates: Vec<(Move<K>, Rule, &'static str)>,
    pub refusals: Vec<(Move<K>, Rule, Why<K>)>,
    pub game_over: Option<Rule>,
}

impl<K> Default for Recorder<K> {
    fn default() -> Self {
        Recorder {
            lines: Vec::new(),
            candidates: Vec::new(),
            refusals: Vec::new(),
            game_over: None,
        }
    }
}

impl<K: Kind> Trace<K> for Recorder<K> {
    fn line(&mut self, line: Line) {
        self.lines.push(line);
    }

    fn candidate(&mut self, mv: &Move<K>, rule: Rule, what: &'static str) {
        self.candidates.push((*mv, rule, what));
    }

    fn refused(&mut self, mv: &Move<K>, rule: Rule, why: Why<K>) {
        self.refusals.push((*mv, rule, why));
    }

    fn game_over(&mut self, rule: Rule) {
        self.game_over = Some(rule);
    }
}

fn piece_name<K: Kind>(p: Piece<K>) -> String {
    format!("{} {}", p.colour, p.kind.name())
}

impl<K: Kind> fmt::Display for Why<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(&|sq| sq.to_string(), &|c| match c {
            crate::Colour::White => "White",
            crate::Colour::Black => "Black",
        }))
    }
}

impl<K: Kind> Why<K> {
    /// The reason in words, each square named by `square` and each side by `side` (the game's
    /// own names: [`crate::Game::square_name`], [`crate::Game::side_name`]).
    pub fn words(
        &self,
        square: &dyn Fn(Square) -> String,
        side: &dyn Fn(crate::Colour) -> &'static str,
    ) -> String {
        let _ = side;
        match self {
            Why::LeavesKingAttacked { king, by } => {
                let mut out = format!("leaves the King on {} attacked by ", square(*king));
                for (i, (sq, p)) in by.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" and ");
                    }
                    out.push_str(&format!("the {} on {}", p.kind.name(), square(*sq)));
                }
                if by.is_empty() {
                    out.push_str("the enemy");
                }
                out
            }
            Why::NoCastlingRight => {
                "the right to castle on this side is lost (the King or its partner has moved)"
                    .to_string()
            }
            Why::NotInPlace(sq) => {
                format!("{} does not hold the piece castling needs there", square(*sq))
            }
            Why::PathBlocked(sq) => format!(
                "{} is occupied: every square between the King and its partner must be empty",
                square(*sq)
            ),
            Why::InCheck => "the King is in check: no castling out of check".to_string(),
            Why::PassesAttacked(sq) => format!(
                "castling through an attacked square: the King passes {}",
                square(*sq)
            ),
            Why::LandsAttacked(sq) => format!(
                "castling into check: the King would land on {}, which is attacked",
                square(*sq)
            ),
            Why::Blocked(sq) => format!("{} is occupied, the move cannot pass it", square(*sq)),
            Why::ProtectedLion { lion, bridge } => format!(
                "a lion may not take a protected lion two squares away: the lion on {} is protected{bridge}",
                square(*lion)
            ),
            Why::CounterStrike { taken_on, lion } => format!(
                "counter-strike: a lion was just taken by a non-lion{}, so a non-lion may not take the lion on {} in reply",
                taken_on.map(|sq| format!(" on {}", square(sq))).unwrap_or_default(),
                square(*lion)
            ),
            Why::Other(text) => text.clone(),
        }
    }

    /// The pieces named in the reason, as `White Violent Bear on f2` (for the JSON form).
    pub fn pieces(&self) -> Vec<String> {
        match self {
            Why::LeavesKingAttacked { by, .. } => by
                .iter()
                .map(|(sq, p)| format!("{} on {sq}", piece_name(*p)))
                .collect(),
            _ => Vec::new(),
        }
    }
}
