//! Test helpers shared by the Kuma test files: a reference generator with a planted bug, to show
//! that the differential harness and the properties notice each kind of mistake.
#![allow(dead_code)]

use fairyspec::check::CheckGame;
use fairyspec::kuma::rules::piece_moves;
use fairyspec::kuma::{Kuma, KumaKind, KumaSwitches};
use fairyspec::{Colour, Game, Generator, GeneratorKind, Move, Outcome, Position, Reason};

/// A planted bug; each is a mistake a real generator could make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// Loses the last move (in text order) of every position with two or more.
    DropsLastMove,
    /// Never generates en-passant captures (KUMA-6.1).
    ForgetsEnPassant,
    /// Does not reset the half-move clock on captures (KUMA-7.5).
    KeepsClockOnCapture,
    /// Says "not in check" always.
    NeverInCheck,
    /// Calls checkmate a stalemate (KUMA-7.2/7.3).
    MateIsStalemate,
    /// Bulk-counting perft that counts a terminal leaf as one node (KUMA-7.7 says zero).
    CountsTerminalLeaves,
    /// Forgets White's castlings, but not Black's (KUMA-4.1).
    WhiteCannotCastle,
    /// Lets the King step onto attacked squares (KUMA-7.1).
    KingIntoCheck,
    /// Never reports an outcome.
    NeverOver,
}

/// The reference generator with one bug planted.
pub struct Broken {
    pub inner: Box<dyn Generator<Kuma>>,
    pub bug: Bug,
    /// What [`Generator::name`] says: `broken`, or `reference`.
    pub name: &'static str,
    /// What [`Generator::kind`] says: the generic checks judge a bitboard generator by the
    /// reference and the reference by the bitboard generator.
    pub kind: GeneratorKind,
}

impl Broken {
    pub fn new(bug: Bug) -> Broken {
        Broken {
            inner: Kuma::reference(&KumaSwitches::default()),
            bug,
            name: "broken",
            kind: GeneratorKind::Bitboard,
        }
    }

    /// The same, calling itself `reference`: the generic checks then treat it as the reference
    /// generator (e.g. judge its King safety by the bitboard generator's attack test).
    pub fn posing_as_reference(bug: Bug) -> Broken {
        Broken {
            name: "reference",
            kind: GeneratorKind::Reference,
            ..Broken::new(bug)
        }
    }
}

pub fn is_en_passant(pos: &Position<Kuma>, mv: &Move<KumaKind>) -> bool {
    pos.piece_at(mv.from).map(|p| p.kind) == Some(KumaKind::Pawn) && Some(mv.to) == pos.ep_square()
}

impl Generator<Kuma> for Broken {
    fn kind(&self) -> GeneratorKind {
        self.kind
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn switches(&self) -> &KumaSwitches {
        self.inner.switches()
    }
    fn legal_moves(&self, pos: &Position<Kuma>) -> Vec<Move<KumaKind>> {
        let mut moves = self.inner.legal_moves(pos);
        match self.bug {
            Bug::DropsLastMove if moves.len() >= 2 => {
                moves.sort_by_key(|m| m.to_string());
                moves.pop();
            }
            Bug::ForgetsEnPassant => moves.retain(|m| !is_en_passant(pos, m)),
            Bug::WhiteCannotCastle if pos.turn() == Colour::White => {
                moves.retain(|m| !is_castling(pos, m))
            }
            Bug::KingIntoCheck => {
                let us = pos.turn();
                let king = pos
                    .setup()
                    .pieces()
                    .find(|(_, p)| p.colour == us && p.kind == KumaKind::King);
                if let Some((from, _)) = king {
                    for to in piece_moves(pos.setup(), from) {
                        let mv = Move::new(from, to);
                        if !moves.contains(&mv) {
                            moves.push(mv);
                        }
                    }
                }
            }
            _ => {}
        }
        moves
    }
    fn play_unchecked(&self, pos: &Position<Kuma>, mv: &Move<KumaKind>) -> Position<Kuma> {
        let child = self.inner.play_unchecked(pos, mv);
        let capture = pos.piece_at(mv.to).is_some() || is_en_passant(pos, mv);
        if self.bug == Bug::KeepsClockOnCapture && capture {
            let mut setup = child.setup().clone();
            setup.halfmove_clock = pos.halfmove_clock() + 1;
            return Kuma::validate(setup).unwrap_or(child);
        }
        child
    }
    fn is_check(&self, pos: &Position<Kuma>) -> bool {
        self.bug != Bug::NeverInCheck && self.inner.is_check(pos)
    }
    fn outcome(&self, pos: &Position<Kuma>) -> Option<Outcome> {
        if self.bug == Bug::NeverOver {
            return None;
        }
        match self.inner.outcome(pos) {
            Some(o) if self.bug == Bug::MateIsStalemate && o.reason == Reason::Checkmate => {
                Some(Outcome::draw(Reason::Stalemate))
            }
            o => o,
        }
    }
    fn perft(&self, pos: &Position<Kuma>, depth: u32) -> u64 {
        let moves = self.legal_moves(pos);
        match depth {
            0 => 1,
            1 if self.bug == Bug::CountsTerminalLeaves && moves.is_empty() => 1,
            1 => moves.len() as u64,
            _ => moves
                .iter()
                .map(|m| self.perft(&self.play_unchecked(pos, m), depth - 1))
                .sum(),
        }
    }
}

/// A King's move of two files (KUMA-4.1: castling is written as the King's move).
pub fn is_castling(pos: &Position<Kuma>, mv: &Move<KumaKind>) -> bool {
    pos.piece_at(mv.from).map(|p| p.kind) == Some(KumaKind::King)
        && mv.from.file().abs_diff(mv.to.file()) == 2
}

/// The check corpus position called `name` (`CheckGame::STARTS` of Kuma Chess).
pub fn corpus_position(name: &str) -> Position<Kuma> {
    let (_, fen) = Kuma::STARTS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no corpus position {name}"));
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"))
}
