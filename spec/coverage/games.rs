//! What each game adds to the reference's citations ([`Cover`]): the rules that no trace event
//! carries but the moves themselves show — a rule of a move's effect on the board, a definition
//! the citing rule decides by, a "no such rule" that a move made in spite of it shows.

use super::Cover;
use crate::chess::{Chess, ChessKind};
use crate::chu::{Chu, ChuKind};
use crate::congo::{in_river, Congo, CongoKind};
use crate::hunterbeest::{Hunterbeest, HunterbeestKind};
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

/// A castling wing: its corner's file, whether the FEN's right for it is kept, which kinds may
/// castle there.
type Wing<K> = (u8, bool, fn(K) -> bool);

/// The castling rights at work: the King of the side to move on its start square (file `king`
/// of its first rank) and, on a wing whose right is lost, a castling partner on the corner
/// (`wings`: the corner's file, whether the FEN's right for that wing is kept, which kinds may
/// castle) — the right alone then refuses the castling. (The reference refuses a castling for a
/// lost right wherever it is lost, with no King or partner in place as well; only here does the
/// rule decide anything.)
fn rights_refuse<K: Kind>(setup: &Setup<K>, royal: K, king: u8, wings: [Wing<K>; 2]) -> bool {
    let us = setup.turn;
    let rank = us.relative_rank(0, setup.shape.ranks);
    setup.piece_at(Square::new(king, rank)) == Some(Piece::new(us, royal))
        && wings.iter().any(|&(corner, kept, partner)| {
            !kept
                && setup
                    .piece_at(Square::new(corner, rank))
                    .is_some_and(|p| p.colour == us && partner(p.kind))
        })
}

impl Cover for Kuma {
    fn at_node(setup: &Setup<KumaKind>, moves: &[Move<KumaKind>], cite: &mut dyn FnMut(Rule)) {
        // KUMA-4.3: a lost right with the King and its partner in place.
        let rights = setup.castling[setup.turn];
        if rights_refuse(
            setup,
            KumaKind::King,
            4,
            [
                (7, rights.short, |k| k == KumaKind::RunningBear),
                (0, rights.long, |k| k == KumaKind::UprightBear),
            ],
        ) {
            cite("KUMA-4.3");
        }
        // KUMA-5.2: a piece that never promotes moves onto its last rank and stays what it is
        // (the Blind Bear's arrival is its own rule, KUMA-7.4).
        let never = moves.iter().any(|mv| {
            setup.piece_at(mv.from).is_some_and(|p| {
                matches!(
                    p.kind,
                    KumaKind::King
                        | KumaKind::BearsEyes
                        | KumaKind::GreatBear
                        | KumaKind::DashingBear
                        | KumaKind::MightyBear
                ) && on_last_rank(setup, p.colour, mv.to)
            })
        });
        if never {
            cite("KUMA-5.2");
        }
    }

    fn played(
        before: &Setup<KumaKind>,
        _mv: &Move<KumaKind>,
        after: &Setup<KumaKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        if before.castling != after.castling {
            cite("KUMA-4.3");
        }
    }
}

impl Cover for Chess {
    fn at_node(setup: &Setup<ChessKind>, _moves: &[Move<ChessKind>], cite: &mut dyn FnMut(Rule)) {
        // CHESS-4.3: a lost right with the King and a Rook in place.
        let rights = setup.castling[setup.turn];
        if rights_refuse(
            setup,
            ChessKind::King,
            4,
            [
                (7, rights.short, |k| k == ChessKind::Rook),
                (0, rights.long, |k| k == ChessKind::Rook),
            ],
        ) {
            cite("CHESS-4.3");
        }
    }

    fn played(
        before: &Setup<ChessKind>,
        _mv: &Move<ChessKind>,
        after: &Setup<ChessKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        if before.castling != after.castling {
            cite("CHESS-4.3");
        }
    }
}

impl Cover for Hunterbeest {
    fn at_node(
        setup: &Setup<HunterbeestKind>,
        _moves: &[Move<HunterbeestKind>],
        cite: &mut dyn FnMut(Rule),
    ) {
        // BHB-5.3: a lost right with the King and a five-way piece in place (FEN `K` is the
        // i-side, `Q` the a-side, BHB-5.1).
        let five_way = |k| matches!(k, HunterbeestKind::Huntress | HunterbeestKind::Hawkress);
        let rights = setup.castling[setup.turn];
        if rights_refuse(
            setup,
            HunterbeestKind::King,
            4,
            [(8, rights.short, five_way), (0, rights.long, five_way)],
        ) {
            cite("BHB-5.3");
        }
    }

    fn played(
        before: &Setup<HunterbeestKind>,
        _mv: &Move<HunterbeestKind>,
        after: &Setup<HunterbeestKind>,
        cite: &mut dyn FnMut(Rule),
    ) {
        if before.castling != after.castling {
            cite("BHB-5.3");
        }
    }
}

impl Cover for Congo {
    /// The river and the castles are what the lion's, the crocodile's and the drowning rules
    /// decide by; a monkey's chain is a move of its own path whenever there is one (CONGO-4.5);
    /// the jumped pieces stay until a chain of more than one jump ends (CONGO-4.2).
    const IMPLIED: &'static [(Rule, &'static [Rule])] = &[
        (
            "CONGO-1.2",
            &[
                "CONGO-3.2",
                "CONGO-3.6",
                "CONGO-5.1",
                "CONGO-5.2",
                "CONGO-5.3",
            ],
        ),
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
        for mv in moves {
            if setup.piece_at(mv.from).map(|p| p.kind) != Some(CongoKind::Monkey) {
                continue;
            }
            let jumped = congo_taken(setup, mv);
            // CONGO-4.3: a chain of more than one jump.
            if jumped.len() > 1 {
                cite("CONGO-4.3");
            }
            // CONGO-4.4: the chain takes the enemy lion (and ends there).
            if jumped.iter().any(|(_, q)| q.kind == CongoKind::Lion) {
                cite("CONGO-4.4");
            }
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
        let ranks = setup.shape.ranks;
        for mv in moves {
            let Some(p) = setup.piece_at(mv.from) else {
                continue;
            };
            let us = p.colour;
            let in_zone = |sq: Square| us.relative_rank(sq.rank(), ranks) + 4 >= ranks;
            let taken = taken(setup, mv);
            // CHU-4.5: a piece that never promotes enters the zone, or captures there.
            let may_promote_here = in_zone(mv.to) && !in_zone(mv.from)
                || !taken.is_empty() && (in_zone(mv.from) || in_zone(mv.to));
            if p.kind.promotes_to().is_none() && may_promote_here {
                cite("CHU-4.5");
            }
            // CHU-5.1: a lion takes an enemy lion standing next to its start square.
            let adjacent = |sq: Square| {
                sq != mv.from
                    && sq.file().abs_diff(mv.from.file()) <= 1
                    && sq.rank().abs_diff(mv.from.rank()) <= 1
            };
            if p.kind.is_lion()
                && taken
                    .iter()
                    .any(|&(sq, q)| q.kind.is_lion() && adjacent(sq))
            {
                cite("CHU-5.1");
            }
        }
    }
}
