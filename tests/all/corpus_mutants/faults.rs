//! A fault set written from the reference generator's trace: wrong engines, one per rule and way
//! of getting it wrong, each the reference with one fault applied at every node.
//!
//! The reference reports what it does to a [`Trace`]: every line of a piece's movement it walked
//! (its rule, direction, kind of movement and the squares it reached), the candidate moves a
//! special rule made (double step, en passant, castling, promotion, a lion's double move, a
//! monkey's chain) and the moves a rule refused, with the reason. Each fault reads that report at
//! the node and changes the node's moves as an engine with that mistake would:
//!
//! - [`Fault::Drop`] — a rule is missing: every move only it made is gone (a piece that never
//!   moves, an engine without castling, without promotion, …);
//! - [`Fault::DropLine`] — one line of one piece's movement is missing (the Blind Bear cannot
//!   step diagonally back);
//! - [`Fault::Short`] — a slide or ranging line stops one square early;
//! - [`Fault::Allow`] — a rule's refusal for one kind of reason is missing (castling out of
//!   check, a double step over a piece, a move that leaves the King attacked);
//! - [`Fault::Pass`] — a line a game rule stops (a river, a castle wall) goes one square on.
//!
//! The set is every fault whose key the reference reported anywhere on a list of positions (the
//! corpus's own and those of seeded random playouts, [`collect`]): a fault can change a count only
//! where its key shows up. The ending rules (a Blind Bear home, a marriage, a bared king) stop the
//! walk before any move is made, so the trace holds nothing to remove or add for them: they are
//! not in this set (cargo-mutants' mutants of the rule files reach them, `docs/corpus-mutants.md`).

use fairyspec::explain::Explain;
use fairyspec::trace::{Line, Movement, Rule, Stop, Trace, Why};
use fairyspec::{Colour, Game, Generator, GeneratorKind, Kind, Move, Outcome, Position};
use std::collections::BTreeSet;
use std::fmt;

/// One line of movement, as a key: its rule, its kind, and its direction as the moving side sees
/// it (Black's turned round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineKey {
    pub rule: Rule,
    pub movement: Movement,
    pub dir: (i8, i8),
}

impl LineKey {
    fn of(line: &Line, turn: Colour) -> LineKey {
        let dir = match turn {
            Colour::White => (line.dir.file, line.dir.rank),
            Colour::Black => (-line.dir.file, -line.dir.rank),
        };
        LineKey {
            rule: line.rule,
            movement: line.movement,
            dir,
        }
    }
}

impl fmt::Display for LineKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.movement {
            Movement::Leap => "leap".to_string(),
            Movement::Range(n) => format!("range {n}"),
            Movement::Slide => "slide".to_string(),
            Movement::Jump => "jump".to_string(),
        };
        write!(
            f,
            "{} {kind} ({:+},{:+})",
            self.rule, self.dir.0, self.dir.1
        )
    }
}

/// A wrong engine: the reference with one mistake.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fault {
    /// Every move only this rule made is missing (its lines' squares, its candidates).
    Drop(Rule),
    /// The squares only this line reached are missing.
    DropLine(LineKey),
    /// This slide or ranging line stops one square early (its farthest square is missing).
    Short(LineKey),
    /// The moves this rule refused for this kind of reason are played.
    Allow(Rule, &'static str),
    /// Where this rule (its words) stops a line of this piece rule, the line reaches one
    /// square more (unless the mover's own piece stands there).
    Pass(Rule, &'static str),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Drop(rule) => write!(f, "drop {rule}: the moves only {rule} makes are missing"),
            Fault::DropLine(key) => write!(f, "drop line {key}"),
            Fault::Short(key) => write!(f, "short line {key}: one square early"),
            Fault::Allow(rule, why) => write!(f, "allow {rule} {why}: its refusals are played"),
            Fault::Pass(rule, words) => write!(f, "pass {rule} \"{words}\": one square on"),
        }
    }
}

/// The kind of a refusal's reason, as a key.
fn why_kind<K>(why: &Why<K>) -> &'static str {
    match why {
        Why::LeavesKingAttacked { .. } => "leaves-king-attacked",
        Why::NoCastlingRight => "no-castling-right",
        Why::NotInPlace(_) => "not-in-place",
        Why::PathBlocked(_) => "path-blocked",
        Why::InCheck => "in-check",
        Why::PassesAttacked(_) => "passes-attacked",
        Why::LandsAttacked(_) => "lands-attacked",
        Why::Blocked(_) => "blocked",
        Why::ProtectedLion { .. } => "protected-lion",
        Why::CounterStrike { .. } => "counter-strike",
        Why::Other(_) => "other",
    }
}

/// What the reference reported at one node.
pub struct Report<K: Kind> {
    turn: Colour,
    lines: Vec<Line>,
    candidates: Vec<(Move<K>, Rule)>,
    refusals: Vec<(Move<K>, Rule, &'static str)>,
}

impl<K: Kind> Report<K> {
    fn new(turn: Colour) -> Self {
        Report {
            turn,
            lines: Vec::new(),
            candidates: Vec::new(),
            refusals: Vec::new(),
        }
    }

    /// The lines that reached `mv`'s square from its square (a move with stops has none).
    fn lines_to<'a>(&'a self, mv: &'a Move<K>) -> impl Iterator<Item = &'a Line> + 'a {
        self.lines
            .iter()
            .filter(move |l| mv.via.is_empty() && l.from == mv.from && l.reached.contains(&mv.to))
    }

    /// Whether the fault removes `mv`.
    fn drops(&self, fault: &Fault, mv: &Move<K>) -> bool {
        let only_lines = |test: &dyn Fn(&Line) -> bool| {
            let mut lines = self.lines_to(mv).peekable();
            lines.peek().is_some() && lines.all(test)
        };
        match fault {
            Fault::Drop(rule) => {
                self.candidates.iter().any(|(m, r)| m == mv && r == rule)
                    || (!self.candidates.iter().any(|(m, _)| m == mv)
                        && only_lines(&|l| l.rule == *rule))
            }
            Fault::DropLine(key) => only_lines(&|l| LineKey::of(l, self.turn) == *key),
            Fault::Short(key) => only_lines(&|l| {
                LineKey::of(l, self.turn) == *key && l.reached.last() == Some(&mv.to)
            }),
            Fault::Allow(..) | Fault::Pass(..) => false,
        }
    }

    /// The moves the fault adds (none already among `legal`).
    fn adds<G: Game<Kind = K>>(
        &self,
        fault: &Fault,
        pos: &Position<G>,
        legal: &[Move<K>],
    ) -> Vec<Move<K>> {
        let mut extra: Vec<Move<K>> = match fault {
            Fault::Allow(rule, why) => self
                .refusals
                .iter()
                .filter(|(_, r, w)| r == rule && w == why)
                .map(|(m, _, _)| *m)
                .collect(),
            Fault::Pass(rule, words) => self
                .lines
                .iter()
                .filter_map(|l| match l.stop {
                    Stop::Rule(sq, w) if l.rule == *rule && w == *words => {
                        let own = pos.piece_at(sq).is_some_and(|p| p.colour == pos.turn());
                        (!own).then(|| Move::new(l.from, sq))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        extra.sort_by_key(|m| m.to_string());
        extra.dedup();
        extra.retain(|m| !legal.contains(m));
        extra
    }

    /// Every fault this node could show.
    fn faults(&self, into: &mut BTreeSet<Fault>) {
        for l in self.lines.iter().filter(|l| !l.reached.is_empty()) {
            let key = LineKey::of(l, self.turn);
            into.insert(Fault::Drop(l.rule));
            into.insert(Fault::DropLine(key));
            if matches!(l.movement, Movement::Slide | Movement::Range(_)) {
                into.insert(Fault::Short(key));
            }
        }
        for l in &self.lines {
            if let Stop::Rule(_, words) = l.stop {
                into.insert(Fault::Pass(l.rule, words));
            }
        }
        for (_, rule) in &self.candidates {
            into.insert(Fault::Drop(rule));
        }
        for (_, rule, why) in &self.refusals {
            into.insert(Fault::Allow(rule, why));
        }
    }
}

impl<K: Kind> Trace<K> for Report<K> {
    fn line(&mut self, line: Line) {
        self.lines.push(line);
    }
    fn candidate(&mut self, mv: &Move<K>, rule: Rule, _what: &'static str) {
        self.candidates.push((*mv, rule));
    }
    fn refused(&mut self, mv: &Move<K>, rule: Rule, why: Why<K>) {
        self.refusals.push((*mv, rule, why_kind(&why)));
    }
}

/// The reference's legal moves of `pos` and its report.
fn traced<G: Explain>(
    switches: &G::Switches,
    pos: &Position<G>,
) -> (Vec<Move<G::Kind>>, Report<G::Kind>) {
    let mut report = Report::new(pos.turn());
    let moves = G::traced_legal_moves(switches, pos, &mut report);
    (moves, report)
}

/// The reference generator with `fault` at every node.
pub struct Faulty<G: Explain> {
    pub reference: Box<dyn Generator<G>>,
    pub switches: G::Switches,
    pub fault: Fault,
}

impl<G: Explain> Faulty<G> {
    pub fn new(fault: Fault) -> Self {
        let switches = G::Switches::default();
        Faulty {
            reference: G::reference(&switches),
            switches,
            fault,
        }
    }
}

impl<G: Explain> Generator<G> for Faulty<G> {
    fn kind(&self) -> GeneratorKind {
        GeneratorKind::Reference
    }
    fn name(&self) -> &'static str {
        "faulty reference"
    }
    fn switches(&self) -> &G::Switches {
        &self.switches
    }
    fn legal_moves(&self, pos: &Position<G>) -> Vec<Move<G::Kind>> {
        let (mut moves, report) = traced::<G>(&self.switches, pos);
        let extra = report.adds(&self.fault, pos, &moves);
        moves.retain(|m| !report.drops(&self.fault, m));
        moves.extend(extra);
        moves
    }
    fn play_unchecked(&self, pos: &Position<G>, mv: &Move<G::Kind>) -> Position<G> {
        self.reference.play_unchecked(pos, mv)
    }
    fn is_check(&self, pos: &Position<G>) -> bool {
        self.reference.is_check(pos)
    }
    fn outcome(&self, pos: &Position<G>) -> Option<Outcome> {
        self.reference.outcome(pos)
    }
}

/// xorshift64: the same playouts on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every fault whose key the reference reports at `starts`, at their children, and along
/// `playouts` seeded random playouts of at most `plies` plies from each of them.
pub fn collect<G: Explain>(
    starts: &[Position<G>],
    playouts: usize,
    plies: usize,
) -> BTreeSet<Fault> {
    let switches = G::Switches::default();
    let reference = G::reference(&switches);
    let mut faults = BTreeSet::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for start in starts {
        let (moves, report) = traced::<G>(&switches, start);
        report.faults(&mut faults);
        for m in &moves {
            traced::<G>(&switches, &reference.play_unchecked(start, m))
                .1
                .faults(&mut faults);
        }
        for _ in 0..playouts {
            let mut pos = start.clone();
            for _ in 0..plies {
                let (moves, report) = traced::<G>(&switches, &pos);
                report.faults(&mut faults);
                if moves.is_empty() {
                    break;
                }
                pos = reference.play_unchecked(&pos, &moves[rng.below(moves.len())]);
            }
        }
    }
    faults
}
