//! What the differential fuzz targets reach: how often each reading of each switch was drawn, and
//! how often a walk met the rarely run paths that the readings decide — a bared side for the
//! bare-king rules, lions facing lions for L1–L3, a counter-strike square, a repeated position, a
//! Blind Bear at the edge, a monkey's chain through the river, a stalemate. The fuzz targets keep
//! one [`Reach`] and print it when libFuzzer exits (`.ci/fuzz.sh` shows it in the log), so a CI
//! run says which paths it exercised, not only that nothing crashed.
//!
//! A path is counted once per node of a walk where it is met (the node's position and its legal
//! moves), with the reading of the switch that decides it after `|` where there is one:
//! `bared side | bare-king=munster1997`. Keys are plain text, sorted in the report.

use super::differential::SortedMoves;
use crate::chu::{Chu, ChuKind};
use crate::congo::{Congo, CongoKind};
use crate::hunterbeest::Hunterbeest;
use crate::kuma::{Kuma, KumaKind};
use crate::switches::Switches;
use crate::{Colour, Game, Outcome, Position, Reason, Square};
use std::collections::BTreeMap;
use std::fmt;

/// Counters by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    counts: BTreeMap<String, u64>,
}

impl Reach {
    /// No counts yet (a `const fn`, for a `static` in a fuzz target).
    pub const fn new() -> Reach {
        Reach {
            counts: BTreeMap::new(),
        }
    }

    /// Adds one to counter `key`.
    pub fn hit(&mut self, key: &str) {
        if let Some(n) = self.counts.get_mut(key) {
            *n += 1;
        } else {
            self.counts.insert(key.to_string(), 1);
        }
    }

    /// Counter `key` (0 if never hit).
    pub fn count(&self, key: &str) -> u64 {
        self.counts.get(key).copied().unwrap_or(0)
    }

    /// Every counter, sorted by name.
    pub fn counts(&self) -> impl Iterator<Item = (&str, u64)> {
        self.counts.iter().map(|(k, &n)| (k.as_str(), n))
    }

    /// Counts one input run under `switches`: `input`, and `reading NAME=VALUE` for each switch.
    pub fn input<S: Switches>(&mut self, switches: &S) {
        self.hit("input");
        for (name, value) in switches.values() {
            self.hit(&format!("reading {name}={value}"));
        }
    }

    /// The report the fuzz log shows, headed by the target's name.
    pub fn report(&self, target: &str) -> String {
        format!("== reach of {target} (counts per input or per walk node)\n{self}")
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (key, n) in &self.counts {
            writeln!(f, "{n:>12}  {key}")?;
        }
        Ok(())
    }
}

/// The paths of one game that its differential target counts at each node of a walk.
pub type Paths<G> = fn(
    &Position<G>,
    &SortedMoves<<G as Game>::Kind>,
    Option<Outcome>,
    &<G as Game>::Switches,
    &mut Reach,
);

/// What every game counts: nodes, the end of the game by reason, promotions and multi-step moves
/// among the legal moves.
pub fn common<G: Game>(moves: &SortedMoves<G::Kind>, outcome: Option<Outcome>, reach: &mut Reach) {
    reach.hit("node");
    if let Some(o) = outcome {
        reach.hit(&format!("end: {}", o.reason));
    }
    if moves.iter().any(|(_, m)| m.promotion.is_some()) {
        reach.hit("node with a promotion");
    }
    if moves.iter().any(|(_, m)| !m.via.as_slice().is_empty()) {
        reach.hit("node with a multi-step move");
    }
}

/// `end: REASON | NAME=VALUE`, for an outcome the reading of switch `name` decides.
fn end_under<S: Switches>(
    outcome: Option<Outcome>,
    reasons: &[Reason],
    s: &S,
    name: &str,
    reach: &mut Reach,
) {
    if let Some(o) = outcome.filter(|o| reasons.contains(&o.reason)) {
        let result = match o.winner {
            Some(_) => "win",
            None => "draw",
        };
        reach.hit(&format!(
            "end: {}, {result} | {}",
            o.reason,
            qualified(s, name)
        ));
    }
}

/// `NAME=VALUE` of switch `name`.
fn qualified<S: Switches>(s: &S, name: &str) -> String {
    format!("{name}={}", s.get(name).unwrap_or("?"))
}

/// Orthodox chess: the common paths (it has no switches).
pub fn chess(
    _pos: &Position<crate::chess::Chess>,
    moves: &SortedMoves<crate::chess::ChessKind>,
    outcome: Option<Outcome>,
    _switches: &crate::chess::ChessSwitches,
    reach: &mut Reach,
) {
    common::<crate::chess::Chess>(moves, outcome, reach);
}

/// Kuma Chess: a Blind Bear that can step onto the last rank, and the Blind Bear's win, under
/// each reading of `blind-bear` (KUMA-7.4).
pub fn kuma(
    pos: &Position<Kuma>,
    moves: &SortedMoves<KumaKind>,
    outcome: Option<Outcome>,
    switches: &<Kuma as Game>::Switches,
    reach: &mut Reach,
) {
    common::<Kuma>(moves, outcome, reach);
    let last = |c: Colour| if c == Colour::White { 7 } else { 0 };
    let bear_home = moves.iter().any(|(_, m)| {
        pos.piece_at(m.from)
            .is_some_and(|p| p.kind == KumaKind::BlindBear && m.to.rank() == last(p.colour))
    });
    if bear_home {
        reach.hit(&format!(
            "Blind Bear move onto the last rank | {}",
            qualified(switches, "blind-bear")
        ));
    }
    end_under(outcome, &[Reason::BlindBear], switches, "blind-bear", reach);
}

/// Congo: a monkey's chain that starts in the river, lands on land and ends in the river again —
/// the case `monkey-reentry` decides (CONGO-5.4).
pub fn congo(
    pos: &Position<Congo>,
    moves: &SortedMoves<CongoKind>,
    outcome: Option<Outcome>,
    switches: &<Congo as Game>::Switches,
    reach: &mut Reach,
) {
    common::<Congo>(moves, outcome, reach);
    let river = |sq: Square| sq.rank() == 3;
    let monkey = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|p| p.kind == CongoKind::Monkey)
    };
    let mut from_river = false;
    let mut reentry = false;
    for (_, m) in moves {
        if monkey(m.from) && river(m.from) && !m.via.as_slice().is_empty() {
            from_river = true;
            reentry |= river(m.to) && m.via.as_slice().iter().any(|&s| !river(s));
        }
    }
    if from_river {
        reach.hit("monkey chain from the river");
    }
    if reentry {
        reach.hit(&format!(
            "monkey chain leaves the river and comes back | {}",
            qualified(switches, "monkey-reentry")
        ));
    }
}

/// Bachelor Hunterbeest: stalemate under each reading of `stalemate` (BHB-6.4).
pub fn hunterbeest(
    _pos: &Position<Hunterbeest>,
    moves: &SortedMoves<crate::hunterbeest::HunterbeestKind>,
    outcome: Option<Outcome>,
    switches: &<Hunterbeest as Game>::Switches,
    reach: &mut Reach,
) {
    common::<Hunterbeest>(moves, outcome, reach);
    end_under(outcome, &[Reason::Stalemate], switches, "stalemate", reach);
}

/// Chu Shogi: a bared side (the bare-king rule decides, CHU-6.4, CHU-7) and its verdict, a side
/// one piece from bare, lions one or two squares apart (L1, L2: CHU-5.1, CHU-5.2), a
/// counter-strike square (L3, CHU-5.3) and a lion on it (`kirin-recapture`), a Lance that can step onto its last rank from inside the
/// zone (CHU-4.3), dead pieces (CHU-2.3). Repetition (CHU-6.5) is counted by the walk, which
/// knows the history.
pub fn chu(
    pos: &Position<Chu>,
    moves: &SortedMoves<ChuKind>,
    outcome: Option<Outcome>,
    switches: &<Chu as Game>::Switches,
    reach: &mut Reach,
) {
    use crate::chu::rules::end::{is_bare, is_dead, royals};
    common::<Chu>(moves, outcome, reach);
    let setup = pos.setup();
    let bare_king = qualified(switches, "bare-king");
    for x in Colour::ALL {
        let y = x.other();
        if is_bare(setup, x) && !is_bare(setup, y) && !royals(setup, y).is_empty() {
            reach.hit(&format!("bared side | {bare_king}"));
        }
        let live = setup
            .pieces()
            .filter(|&(sq, p)| p.colour == x && !is_dead(setup, sq, p))
            .count();
        if live == 2 {
            reach.hit("side one piece from bare");
        }
    }
    if Colour::ALL.into_iter().all(|c| is_bare(setup, c)) {
        reach.hit("two lone royals");
    }
    end_under(outcome, &[Reason::BareKing], switches, "bare-king", reach);
    let lions: Vec<(Square, Colour)> = setup
        .pieces()
        .filter(|(_, p)| p.kind.is_lion())
        .map(|(sq, p)| (sq, p.colour))
        .collect();
    let apart =
        |a: Square, b: Square| (a.file().abs_diff(b.file())).max(a.rank().abs_diff(b.rank()));
    let mut distances = lions.iter().flat_map(|&(a, ca)| {
        lions
            .iter()
            .filter(move |&&(_, cb)| cb != ca)
            .map(move |&(b, _)| apart(a, b))
    });
    let (mut one, mut two) = (false, false);
    for d in &mut distances {
        one |= d == 1;
        two |= d == 2;
    }
    if one {
        reach.hit(&format!(
            "lions next to each other | {}",
            qualified(switches, "counter-strike")
        ));
    }
    if two {
        reach.hit(&format!(
            "lions two squares apart | {}",
            qualified(switches, "lion-protection")
        ));
    }
    if let Some(cs) = setup.counter_strike {
        reach.hit(&format!(
            "counter-strike square | {}",
            qualified(switches, "counter-strike")
        ));
        // A Kirin that took a lion and promoted stands there (switch kirin-recapture).
        if setup.piece_at(cs).is_some_and(|p| p.kind.is_lion()) {
            reach.hit(&format!(
                "lion on the counter-strike square | {}",
                qualified(switches, "kirin-recapture")
            ));
        }
    }
    let last = |c: Colour| if c == Colour::White { 11 } else { 0 };
    let in_zone = |c: Colour, sq: Square| match c {
        Colour::White => sq.rank() >= 8,
        Colour::Black => sq.rank() <= 3,
    };
    let lance_home = moves.iter().any(|(_, m)| {
        pos.piece_at(m.from).is_some_and(|p| {
            p.kind == ChuKind::Lance
                && m.to.rank() == last(p.colour)
                && in_zone(p.colour, m.from)
                && pos.piece_at(m.to).is_none()
        })
    });
    if lance_home {
        reach.hit(&format!(
            "Lance steps onto its last rank from the zone | {}",
            qualified(switches, "last-rank-promotion")
        ));
    }
    if setup.pieces().any(|(sq, p)| is_dead(setup, sq, p)) {
        reach.hit("dead piece on the board");
    }
}
