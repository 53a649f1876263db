//! The [`Collector`]: a [`Trace`] that keeps the rule IDs the reference cites, nothing else.

use super::Cover;
use super::RuleSet;
use crate::switches::Switches;
use crate::trace::{Line, Movement, Rule, Stop, Trace, Why};
use crate::{Kind, Move, Position, Setup};

/// Keeps the rules a reference generator cites while it works at one or more nodes (SPEC.md
/// CORE-1.7): see [the module](super) for what counts. Made for one game and one set of
/// switches ([`Collector::new`]), which say which rules a line's stop or a switched rule adds.
#[derive(Clone, Debug)]
pub struct Collector {
    rules: RuleSet,
    /// The game's rule of how pieces move (a capture, a line stopped by an own piece).
    movement: Rule,
    /// The game's board (a line that ends at its edge).
    board: Rule,
    /// The game's rule that range-limited moves are blockable, if it has one.
    range: Option<Rule>,
    /// The game's rule of what an attacked King (check) is, if it has one.
    check: Option<Rule>,
    /// The game's rule that a finished game has no moves.
    terminal: Rule,
    /// Each switch's rules (`CHU-6.4, CHU-7`) and the rules of the reading in force.
    readings: Vec<(&'static str, &'static str)>,
    /// The game's definitions exercised with the rules that decide by them ([`Cover::IMPLIED`]).
    implied: &'static [(Rule, &'static [Rule])],
    /// The game's rules of a move's effect: promotion by rule, drowning (where it has them).
    promotion: Option<Rule>,
    drowning: Option<Rule>,
}

impl Collector {
    /// An empty collector for game `G` read with `switches`.
    pub fn new<G: Cover>(switches: &G::Switches) -> Collector {
        let readings = G::Switches::SWITCHES
            .iter()
            .filter_map(|s| {
                let value = switches.get(s.name)?;
                Some((s.rules, s.reading(value)?.rules))
            })
            .collect();
        Collector {
            rules: RuleSet::new(),
            movement: G::RULES.movement,
            board: G::RULES.board,
            range: G::RULES.range,
            check: G::RULES.check,
            terminal: G::RULES.terminal,
            readings,
            implied: G::IMPLIED,
            promotion: G::RULES.promotion,
            drowning: G::RULES.drowning,
        }
    }

    /// Counts the end of the game by `rule`: the rule and the game's rule that a finished game
    /// has no moves.
    pub fn game_ends(&mut self, rule: Rule) {
        self.rules.insert(rule);
        self.rules.insert(self.terminal);
    }

    /// Counts `rule` as cited.
    pub fn cite(&mut self, rule: Rule) {
        self.rules.insert(rule);
    }

    /// Counts the rules move `mv` of game `G`, played from `before` to `after`, shows by its
    /// effect on the board: a promotion by rule (a piece of the mover that is another kind
    /// after the move than before, where no promotion was named), drowning (a piece of the
    /// mover gone from the board), and the game's own ([`Cover::played`]).
    pub fn effects<G: Cover>(
        &mut self,
        before: &Setup<G::Kind>,
        mv: &Move<G::Kind>,
        after: &Setup<G::Kind>,
    ) {
        let us = before.turn;
        if let Some(promotion) = self.promotion {
            let mover = before.piece_at(mv.from);
            let landed = after.piece_at(mv.to);
            if mv.promotion.is_none()
                && mover.is_some_and(|m| landed.is_some_and(|l| l.colour == us && l.kind != m.kind))
            {
                self.rules.insert(promotion);
            }
        }
        if let Some(drowning) = self.drowning {
            let ours = |s: &Setup<G::Kind>| s.pieces().filter(|(_, p)| p.colour == us).count();
            if ours(after) < ours(before) {
                self.rules.insert(drowning);
            }
        }
        G::played(before, mv, after, &mut |r| {
            self.rules.insert(r);
        });
    }

    /// The rules cited, with the rules of the readings in force of every switched rule among
    /// them, and the definitions the rules cited decide by ([`Cover::IMPLIED`]).
    pub fn into_rules(mut self) -> RuleSet {
        let implied: Vec<Rule> = self
            .implied
            .iter()
            .filter(|(_, by)| by.iter().any(|r| self.rules.contains(r)))
            .map(|(rule, _)| *rule)
            .collect();
        self.rules.extend(implied);
        let mut added = Vec::new();
        for (switched, reading) in &self.readings {
            if self.rules.iter().any(|r| names(switched, r)) {
                added.extend(ids(reading));
            }
        }
        self.rules.extend(added);
        self.rules
    }
}

/// The rule IDs of a list as the switch data writes it (`CHU-7.3, CHU-7.5`).
fn ids(list: &'static str) -> impl Iterator<Item = Rule> {
    list.split(',').map(str::trim).filter(|id| !id.is_empty())
}

/// Whether the list names `rule`, itself or its section (`CHU-7` names `CHU-7.3`).
fn names(list: &'static str, rule: &str) -> bool {
    ids(list).any(|id| {
        rule == id
            || rule
                .strip_prefix(id)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

impl<K: Kind> Trace<K> for Collector {
    fn line(&mut self, line: Line) {
        if !line.reached.is_empty() {
            self.rules.insert(line.rule);
        }
        match line.stop {
            Stop::Own(_) | Stop::Captures(_) => {
                self.rules.insert(self.movement);
            }
            Stop::Edge => {
                self.rules.insert(self.board);
            }
            _ => {}
        }
        if let (Movement::Range(n), Some(range)) = (line.movement, self.range) {
            let cut_short = (line.reached.len() as u32) < u32::from(n)
                && matches!(
                    line.stop,
                    Stop::Own(_) | Stop::Captures(_) | Stop::Occupied(_)
                );
            if cut_short {
                self.rules.insert(range);
            }
        }
    }

    fn candidate(&mut self, _mv: &Move<K>, rule: Rule, _what: &'static str) {
        self.rules.insert(rule);
    }

    fn refused(&mut self, _mv: &Move<K>, rule: Rule, why: Why<K>) {
        self.rules.insert(rule);
        let attacked = matches!(
            why,
            Why::LeavesKingAttacked { .. }
                | Why::InCheck
                | Why::PassesAttacked(_)
                | Why::LandsAttacked(_)
        );
        if let (true, Some(check)) = (attacked, self.check) {
            self.rules.insert(check);
        }
    }

    fn game_over(&mut self, rule: Rule) {
        self.game_ends(rule);
    }
}

/// The rules the reference cites at `pos` alone (SPEC.md CORE-1.7): a check of depth 1 there.
pub fn rules_at<G: Cover>(pos: &Position<G>, switches: &G::Switches) -> RuleSet {
    super::rules_exercised(pos, 1, switches)
}
