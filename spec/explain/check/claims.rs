//! Each [`Claim`] tested on its own: against the position, the piece's moves on an empty board
//! ([`super::empty_board_moves`]), and the bitboard generator (which shares no code with the
//! reference generator whose trace the explanation read).

use super::{empty_board_moves, ReasonCheck};
use crate::explain::{Claim, Named};
use crate::{Generator, Kind, Move, Offset, Piece, Position, Setup, Square};
use std::cell::RefCell;
use std::collections::HashMap;

/// Answers worked out once per piece and square (or direction).
type Cache<K, T> = RefCell<HashMap<(Piece<K>, T), <T as Cached>::Answer>>;

/// What a `Cache` keeps for a key: the squares reached from a square, the first square a
/// direction is taken from.
pub trait Cached {
    type Answer;
}

impl Cached for Square {
    type Answer = Vec<Square>;
}

impl Cached for Offset {
    type Answer = Option<Square>;
}

/// What the claims of one position are checked against.
pub struct Oracle<'a, G: ReasonCheck> {
    switches: &'a G::Switches,
    pos: &'a Position<G>,
    /// The bitboard generator.
    generator: Box<dyn Generator<G>>,
    /// The generator's legal moves of the position.
    legal: Vec<Move<G::Kind>>,
    /// [`empty_board_moves`], computed once per piece and square.
    empty: Cache<G::Kind, Square>,
    /// The squares from which each piece moves in each direction on an empty board.
    somewhere: Cache<G::Kind, Offset>,
}

/// `to − from` on the board.
pub fn delta(from: Square, to: Square) -> Offset {
    Offset::new(
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

/// The shortest step in the direction of `d` (`(2, 4)` → `(1, 2)`).
pub fn unit(d: Offset) -> Offset {
    let (mut a, mut b) = (d.file.unsigned_abs(), d.rank.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1) as i8;
    Offset::new(d.file / g, d.rank / g)
}

/// The distance from `a` to `b` counted as a King walks it.
pub fn distance(a: Square, b: Square) -> u32 {
    u32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// Whether `s` lies on the straight line from `from` to `to`, strictly between them.
pub fn between(from: Square, to: Square, s: Square) -> bool {
    let d = unit(delta(from, to));
    let straight = d.file.abs() <= 1 && d.rank.abs() <= 1;
    straight
        && s != from
        && s != to
        && unit(delta(from, s)) == d
        && distance(from, s) < distance(from, to)
}

fn ok(holds: bool, otherwise: impl FnOnce() -> String) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(otherwise())
    }
}

fn same_path<K: Kind>(a: &Move<K>, b: &Move<K>) -> bool {
    a.from == b.from && a.to == b.to && a.via == b.via
}

impl<'a, G: ReasonCheck> Oracle<'a, G> {
    pub fn new(switches: &'a G::Switches, pos: &'a Position<G>) -> Self {
        let generator = G::bitboard(switches);
        let legal = generator.legal_moves(pos);
        Oracle {
            switches,
            pos,
            generator,
            legal,
            empty: RefCell::new(HashMap::new()),
            somewhere: RefCell::new(HashMap::new()),
        }
    }

    /// A square from which the mover's `piece` moves in board direction `d` on an empty board.
    fn moves_that_way_from(&self, piece: Piece<G::Kind>, d: Offset) -> Option<Square> {
        if let Some(known) = self.somewhere.borrow().get(&(piece, d)) {
            return *known;
        }
        let found = G::SHAPE
            .squares()
            .find(|&s| self.farthest(piece, s, d).is_some());
        self.somewhere.borrow_mut().insert((piece, d), found);
        found
    }

    fn setup(&self) -> &Setup<G::Kind> {
        self.pos.setup()
    }

    /// The squares the mover's `piece` reaches from `from` on an empty board.
    fn empty_moves(&self, piece: Piece<G::Kind>, from: Square) -> Vec<Square> {
        self.empty
            .borrow_mut()
            .entry((piece, from))
            .or_insert_with(|| empty_board_moves::<G>(piece, from))
            .clone()
    }

    /// The farthest the mover's piece on `from` goes in board direction `d` on an empty board.
    fn farthest(&self, piece: Piece<G::Kind>, from: Square, d: Offset) -> Option<u32> {
        self.empty_moves(piece, from)
            .into_iter()
            .filter(|&to| unit(delta(from, to)) == d)
            .map(|to| distance(from, to))
            .max()
    }

    /// Whether the side to move would be in check in `setup` (the generator's attack test), the
    /// side to move being `setup.turn`.
    fn in_check(&self, setup: Setup<G::Kind>) -> bool {
        self.generator.is_check(&Position::new_unchecked(setup))
    }

    /// The mover's `king`-square test: its King stands on `sq` in `setup`.
    fn kings_square(setup: &Setup<G::Kind>, sq: Square) -> bool {
        let turn = setup.turn;
        setup
            .piece_at(sq)
            .is_some_and(|p| p.colour == turn && Some(p.kind) == G::Kind::KING)
    }

    /// Whether `claim`, given for the illegal move `mv`, holds.
    ///
    /// # Errors
    /// Why it does not, in words.
    pub fn check(&self, mv: &Move<G::Kind>, claim: &Claim) -> Result<(), String> {
        let setup = self.setup();
        let us = setup.turn;
        let piece = setup.piece_at(mv.from);
        let own = |sq: Square| setup.piece_at(sq).is_some_and(|p| p.colour == us);
        let occupied = |sq: Square| setup.piece_at(sq).is_some();
        let in_path = |sq: Square| mv.path().contains(&sq);
        let not_legal = || !self.legal.contains(mv);
        let same: Vec<&Move<G::Kind>> = self.legal.iter().filter(|m| same_path(m, mv)).collect();
        match claim {
            Claim::OffBoard { square } => {
                ok(in_path(*square) && !G::SHAPE.contains(*square), || {
                    format!("{square} is on the board or not on the move's path")
                })
            }
            Claim::NoPiece { square } => ok(*square == mv.from && !occupied(*square), || {
                "a piece stands there".to_string()
            }),
            Claim::NotYours { square, owner } => ok(
                *square == mv.from
                    && *owner != us
                    && setup.piece_at(*square).is_some_and(|p| p.colour == *owner),
                || "the piece is the mover's".to_string(),
            ),
            Claim::NoMove => ok(mv.from == mv.to && mv.via.is_empty(), || {
                "the move goes somewhere".to_string()
            }),
            Claim::GameOver => ok(self.generator.outcome(self.pos).is_some(), || {
                "the game is not over".to_string()
            }),
            Claim::CannotPromote => ok(same.iter().all(|m| m.promotion.is_none()), || {
                "a legal move along the path promotes".to_string()
            }),
            Claim::PromotionNotOffered => ok(
                mv.promotion.is_some()
                    && !same.is_empty()
                    && same.iter().all(|m| m.promotion.is_none()),
                || "a legal move along the path promotes, or none is legal".to_string(),
            ),
            Claim::PromotionRequired => ok(
                mv.promotion.is_none()
                    && !same.is_empty()
                    && same.iter().all(|m| m.promotion.is_some()),
                || "some legal move along the path does not promote".to_string(),
            ),
            Claim::PromotionNotThis => ok(
                mv.promotion.is_some()
                    && same.iter().any(|m| m.promotion.is_some())
                    && same.iter().all(|m| m.promotion != mv.promotion),
                || "the promotion named is legal, or none is".to_string(),
            ),
            Claim::CandidateNotLegal | Claim::NoRoute => ok(not_legal() && same.is_empty(), || {
                "the generator has the move".to_string()
            }),
            Claim::LeavesKingAttacked { king, by } => self.leaves_king_attacked(mv, *king, by),
            Claim::NoCastlingRight => {
                let short = mv.to.file() > mv.from.file();
                let rights = setup.castling[us];
                ok(!(if short { rights.short } else { rights.long }), || {
                    "the side still has that right".to_string()
                })
            }
            Claim::CastlingPieceMissing { square } => {
                let start = Position::<G>::start();
                ok(
                    square.rank() == mv.from.rank()
                        && setup.piece_at(*square) != start.piece_at(*square),
                    || format!("{square} holds the piece the start array has there"),
                )
            }
            Claim::CastlingPathBlocked { square } => ok(
                occupied(*square)
                    && square.rank() == mv.from.rank()
                    && square.file() != mv.from.file(),
                || format!("{square} is empty, or not on the King's rank"),
            ),
            Claim::CastlingInCheck => ok(self.in_check(setup.clone()), || {
                "the King is not in check".to_string()
            }),
            Claim::CastlingPassesAttacked { square } | Claim::CastlingLandsAttacked { square } => {
                let mut moved = setup.clone();
                let king = moved.piece_at(mv.from);
                moved.set(mv.from, None);
                moved.set(*square, king);
                let on_the_way = *square == mv.to || between(mv.from, mv.to, *square);
                ok(on_the_way && self.in_check(moved), || {
                    format!("{square} is not attacked, or not on the King's way")
                })
            }
            Claim::Blocked { from, to, square } => ok(
                *from == mv.from
                    && in_path(*to)
                    && occupied(*square)
                    && (*square == *to || between(*from, *to, *square)),
                || format!("{square} is empty or not on the move's way"),
            ),
            Claim::ProtectedLion { .. }
            | Claim::CounterStrike { .. }
            | Claim::StepThenMore { .. }
            | Claim::NotAJump { .. }
            | Claim::JumpsOwnPiece { .. }
            | Claim::JumpsTwice { .. }
            | Claim::LandsOnPiece { .. }
            | Claim::GoesOnAfterLion { .. } => {
                ok(not_legal(), || "the generator has the move".to_string())?;
                G::game_claim(self.switches, self.pos, mv, claim)
            }
            Claim::Unchecked { words } => Err(format!(
                "a reason in free words ({words:?}): nothing to check it against"
            )),
            Claim::TwoStepLeg {
                from,
                to,
                distance: d,
            } => {
                let path = mv.path();
                let consecutive = path.windows(2).any(|w| w[0] == *from && w[1] == *to);
                ok(
                    consecutive
                        && distance(*from, *to) == *d
                        && *d != 1
                        && piece.is_some_and(|p| p.kind.two_steps()),
                    || {
                        "the leg is a step, or not the move's, or the piece makes no two-step move"
                            .to_string()
                    },
                )
            }
            Claim::BeyondReach {
                from,
                to,
                direction,
                most,
                away,
            } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                let farthest = self.farthest(p, *from, *direction).unwrap_or(0);
                ok(
                    *from == mv.from
                        && in_path(*to)
                        && unit(delta(*from, *to)) == *direction
                        && distance(*from, *to) == *away
                        && farthest <= *most
                        && *away > *most,
                    || {
                        format!("on an empty board it goes {farthest} that way, or the distances are wrong")
                    },
                )
            }
            Claim::MovesAtMost {
                from,
                to,
                direction,
                most,
            } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                let farthest = self.farthest(p, *from, *direction).unwrap_or(0);
                let leg_of_move = *from == mv.from && in_path(*to);
                ok(
                    leg_of_move
                        && unit(delta(*from, *to)) == *direction
                        && farthest <= *most
                        && distance(*from, *to) > *most,
                    || format!("on an empty board it goes {farthest} squares that way"),
                )
            }
            Claim::NotThisDistance {
                from,
                to,
                direction,
            } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                let away = distance(*from, *to);
                let lands = self
                    .empty_moves(p, *from)
                    .into_iter()
                    .any(|s| unit(delta(*from, s)) == *direction && distance(*from, s) == away);
                ok(
                    *from == mv.from
                        && in_path(*to)
                        && unit(delta(*from, *to)) == *direction
                        && !lands,
                    || format!("on an empty board it moves {away} squares that way from {from}"),
                )
            }
            Claim::OwnPieceOn { square } => ok(
                in_path(*square) && *square != mv.from && own(*square),
                || format!("{square} holds no piece of the mover's"),
            ),
            Claim::OccupiedBefore { from, to, square } => ok(
                *from == mv.from
                    && in_path(*to)
                    && occupied(*square)
                    && between(*from, *to, *square),
                || format!("{square} is empty, or not between {from} and {to}"),
            ),
            Claim::MoveOnlyOccupied { square } => ok(in_path(*square) && occupied(*square), || {
                format!("{square} is empty")
            }),
            Claim::NothingToJump { square } => {
                let enemy = setup.piece_at(*square).is_some_and(|p| p.colour != us);
                ok(!enemy, || format!("an enemy piece stands on {square}"))
            }
            Claim::CaptureOnlyEmpty { square } => {
                ok(in_path(*square) && !occupied(*square), || {
                    format!("{square} is occupied")
                })
            }
            Claim::RuleStop { from, to, square } => ok(
                *from == mv.from
                    && in_path(*to)
                    && occupied(*square)
                    && (*square == *to || between(*from, *to, *square)),
                || format!("no piece on {square}, or it is not on the way"),
            ),
            Claim::OutsideRegion { from, to } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                ok(
                    *from == mv.from && in_path(*to) && !self.empty_moves(p, *from).contains(to),
                    || format!("on an empty board it reaches {to}"),
                )
            }
            Claim::NeverMoves {
                from,
                to,
                direction,
            } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                let found = self.moves_that_way_from(p, *direction);
                ok(
                    *from == mv.from
                        && in_path(*to)
                        && unit(delta(*from, *to)) == *direction
                        && found.is_none(),
                    || {
                        format!(
                            "on an empty board it moves that way from {}",
                            found.map_or("?".to_string(), |s| s.to_string())
                        )
                    },
                )
            }
            Claim::NotFromHere {
                from,
                to,
                direction,
            } => {
                let Some(p) = piece else {
                    return Err("no piece".to_string());
                };
                ok(
                    *from == mv.from
                        && in_path(*to)
                        && unit(delta(*from, *to)) == *direction
                        && self.farthest(p, *from, *direction).is_none(),
                    || "on an empty board it moves that way from there".to_string(),
                )
            }
        }
    }

    /// LeavesKingAttacked: after the move (played by the reference generator, which plays any
    /// move its rules make), the mover's King stands on `king`, each piece of `by` stands where
    /// the claim says, and the bitboard generator finds the mover in check.
    fn leaves_king_attacked(
        &self,
        mv: &Move<G::Kind>,
        king: Square,
        by: &[(Square, Named)],
    ) -> Result<(), String> {
        let us = self.setup().turn;
        let reference = G::reference(self.switches);
        // Whether the mover's own King is attacked after the move depends on which squares its
        // pieces stand on, not on what a promotion makes: the path is played without the letter
        // (which may name no piece the mover could promote to, `d8b8k`).
        let plain = Move {
            promotion: None,
            ..*mv
        };
        let mut after = reference.play_unchecked(self.pos, &plain).into_setup();
        after.turn = us;
        let attackers_there = by.iter().all(|(sq, named)| {
            after.piece_at(*sq).is_some_and(|p| {
                p.colour == named.colour && p.colour != us && p.kind.name() == named.kind
            })
        });
        ok(Self::kings_square(&after, king), || {
            format!("no King of the mover on {king} after the move")
        })?;
        ok(attackers_there, || {
            "a named attacker does not stand there".to_string()
        })?;
        ok(self.in_check(after), || {
            "the generator finds the King safe after the move".to_string()
        })
    }
}
