//! What each game adds to the reference's citations ([`Cover`]): the rules that no trace event
//! carries but the moves themselves show — a rule of a move's effect on the board, a definition
//! the citing rule decides by, a "no such rule" that a move made in spite of it shows.

use super::Cover;
use crate::chess::Chess;
use crate::chu::{Chu, ChuKind};
use crate::congo::{in_river, Congo, CongoKind};
use crate::hunterbeest::Hunterbeest;
use crate::kuma::{Kuma, KumaKind};
use crate::trace::Rule;
use crate::{Colour, Kind, Move, Piece, Setup, Square};

/// Whether `sq` is on `colour`'s last rank.
fn on_last_rank<K: Kind>(setup: &Setup<K>, colour: Colour, sq: Square) -> bool {
    colour.relative_rank(sq.rank(), setup.shape.ranks) + 1 == setup.shape.ranks
}

/// The enemy pieces `mv` takes: on the squares of its path (its middle squares and its end).
fn taken<K: Kind>(before: &Setup<K>, mv: &Move<K>) -> Vec<(Square, Piece<K>)> {
    let us = before.turn;
    mv.path()
        .into_iter()
        .skip(1)
        .filter_map(|sq| Some((sq, before.piece_at(sq)?)))
        .filter(|(_, p)| p.colour != us)
        .collect()
}

/// The enemy pieces a Congo move takes: a monkey's chain those it jumps (each landing two
/// squares from the last), any other move the piece on its end square.
fn congo_taken(before: &Setup<CongoKind>, mv: &Move<CongoKind>) -> Vec<(Square, Piece<CongoKind>)> {
    let us = before.turn;
    let path = mv.path();
    let chain = before.piece_at(mv.from).map(|p| p.kind) == Some(CongoKind::Monkey)
        && path.windows(2).all(|w| {
            let (df, dr) = (
                w[0].file().abs_diff(w[1].file()),
                w[0].rank().abs_diff(w[1].rank()),
            );
            df.max(dr) == 2 && (df == 0 || dr == 0 || df == dr)
        });
    let squares: Vec<Square> = if chain {
        path.windows(2)
            .map(|w| {
                Square::new(
                    (w[0].file() + w[1].file()) / 2,
                    (w[0].rank() + w[1].rank()) / 2,
                )
            })
            .collect()
    } else {
        vec![mv.to]
    };
    squares
        .into_iter()
        .filter_map(|sq| Some((sq, before.piece_at(sq)?)))
        .filter(|(_, p)| p.colour != us)
        .collect()
}

impl Cover for Kuma {
    fn played(
        before: &Setup<KumaKind>,
        mv: &Move<KumaKind>,
        _after: &Setup<KumaKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        // KUMA-5.2: a piece that never promotes reaches its last rank and stays what it is (the
        // Blind Bear's arrival is its own rule, KUMA-7.4).
        let Some(p) = before.piece_at(mv.from) else {
            return;
        };
        let never = matches!(
            p.kind,
            KumaKind::King
                | KumaKind::BearsEyes
                | KumaKind::GreatBear
                | KumaKind::DashingBear
                | KumaKind::MightyBear
        );
        if never && on_last_rank(before, p.colour, mv.to) {
            cite("KUMA-5.2");
        }
    }
}

impl Cover for Chess {}

impl Cover for Hunterbeest {}

impl Cover for Congo {
    /// A definition is exercised with the rules that decide by it; a monkey's chain is written
    /// as its path whenever there is one (CONGO-4.5).
    const IMPLIED: &'static [(Rule, &'static [Rule])] = &[
        ("CONGO-1.2", &["CONGO-5.2", "CONGO-5.1", "CONGO-5.3"]),
        ("CONGO-4.5", &["CONGO-4.1"]),
        ("CONGO-4.2", &["CONGO-4.3"]),
    ];

    fn at_node(setup: &Setup<CongoKind>, moves: &[Move<CongoKind>], cite: &mut dyn FnMut(Rule)) {
        // CONGO-6.2: no check — the side to move may take the enemy lion, so the last move
        // left it attacked and was a move all the same.
        let takes_lion = moves.iter().any(|mv| {
            congo_taken(setup, mv)
                .iter()
                .any(|(_, p)| p.kind == CongoKind::Lion)
        });
        if takes_lion {
            cite("CONGO-6.2");
        }
    }

    fn played(
        before: &Setup<CongoKind>,
        mv: &Move<CongoKind>,
        after: &Setup<CongoKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        let Some(p) = before.piece_at(mv.from) else {
            return;
        };
        let us = p.colour;
        // CONGO-5.1: a crocodile of the mover stands in the river after the move where any
        // other piece would drown: it stood there already, or it moved within the river.
        let crocodile_stays = after.pieces().any(|(sq, q)| {
            q == Piece::new(us, CongoKind::Crocodile)
                && in_river(sq)
                && (sq != mv.to || in_river(mv.from))
        });
        if crocodile_stays {
            cite("CONGO-5.1");
        }
        let jumped = congo_taken(before, mv);
        if p.kind != CongoKind::Monkey || jumped.is_empty() {
            return;
        }
        let via = mv.via.as_slice();
        // CONGO-4.3: a chain of more than one jump.
        if !via.is_empty() {
            cite("CONGO-4.3");
        }
        // CONGO-4.4: the chain takes the enemy lion.
        if jumped.iter().any(|(_, q)| q.kind == CongoKind::Lion) {
            cite("CONGO-4.4");
        }
        // CONGO-5.3: the chain lands in the river before it ends.
        if via.iter().any(|&sq| in_river(sq)) {
            cite("CONGO-5.3");
        }
        // CONGO-5.4: it starts in the river, lands on land, and ends in the river.
        if in_river(mv.from) && in_river(mv.to) && via.iter().any(|&sq| !in_river(sq)) {
            cite("CONGO-5.4");
        }
    }
}

impl Cover for Chu {
    /// The zone is what CHU-4.2 and CHU-4.3 decide by; every move they let promote is also
    /// generated without `+` (CHU-4.4).
    const IMPLIED: &'static [(Rule, &'static [Rule])] = &[
        ("CHU-4.1", &["CHU-4.2", "CHU-4.3"]),
        ("CHU-4.4", &["CHU-4.2", "CHU-4.3"]),
    ];

    fn at_node(setup: &Setup<ChuKind>, moves: &[Move<ChuKind>], cite: &mut dyn FnMut(Rule)) {
        // CHU-6.1: no check — the side to move may take a royal, so the last move left it
        // attacked and was a move all the same.
        let takes_royal = moves
            .iter()
            .any(|mv| taken(setup, mv).iter().any(|(_, p)| p.kind.is_royal()));
        if takes_royal {
            cite("CHU-6.1");
        }
    }

    fn played(
        before: &Setup<ChuKind>,
        mv: &Move<ChuKind>,
        _after: &Setup<ChuKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        let Some(p) = before.piece_at(mv.from) else {
            return;
        };
        let us = p.colour;
        let ranks = before.shape.ranks;
        let in_zone = |sq: Square| us.relative_rank(sq.rank(), ranks) + 4 >= ranks;
        // CHU-4.5: a piece that never promotes enters the zone, or captures there.
        let may_promote_here = in_zone(mv.to) && !in_zone(mv.from)
            || !taken(before, mv).is_empty() && (in_zone(mv.from) || in_zone(mv.to));
        if p.kind.promotes_to().is_none() && may_promote_here {
            cite("CHU-4.5");
        }
        // CHU-5.1: a lion takes an enemy lion standing next to its start square.
        if p.kind.is_lion() {
            let adjacent = |sq: Square| {
                sq != mv.from
                    && sq.file().abs_diff(mv.from.file()) <= 1
                    && sq.rank().abs_diff(mv.from.rank()) <= 1
            };
            if taken(before, mv)
                .iter()
                .any(|&(sq, q)| q.kind.is_lion() && adjacent(sq))
            {
                cite("CHU-5.1");
            }
        }
    }
}
