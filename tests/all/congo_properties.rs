//! Congo properties (proptest): the two generators agree; colour symmetry; drowning, lion and
//! monkey-chain invariants of the rules. Positions come from random placements (validated) and
//! random playouts from them and from the start.

use fairyspec::congo::{
    in_castle, in_river, Congo, CongoKind, CongoSwitches, LionJump, MonkeyReentry,
};
use fairyspec::{Colour, Game, Generator, Move, Piece, Position, Setup, Square};
use proptest::prelude::*;

fn generators(switches: CongoSwitches) -> (Box<dyn Generator<Congo>>, Box<dyn Generator<Congo>>) {
    let b = Congo::bitboard(&switches);
    (Congo::reference(&switches), b)
}

const KINDS: [CongoKind; 7] = [
    CongoKind::Zebra,
    CongoKind::Elephant,
    CongoKind::Giraffe,
    CongoKind::Crocodile,
    CongoKind::Monkey,
    CongoKind::Pawn,
    CongoKind::Superpawn,
];

/// A random placement: one lion each in its castle, up to 18 other pieces, either side to move.
/// Invalid ones (crowded river, too many of a kind, pawn on its last rank) are filtered out.
fn placement() -> impl Strategy<Value = Position<Congo>> {
    (
        0..9usize,
        0..9usize,
        prop::collection::vec((0..49u8, 0..7usize, any::<bool>()), 0..18),
        any::<bool>(),
    )
        .prop_filter_map("not a valid position", |(wl, bl, pieces, black)| {
            let mut setup = Setup::<CongoKind>::empty(Congo::SHAPE);
            let castle = |i: usize, low: u8| Square::new(2 + (i % 3) as u8, low + (i / 3) as u8);
            setup.set(
                castle(wl, 0),
                Some(Piece::new(Colour::White, CongoKind::Lion)),
            );
            setup.set(
                castle(bl, 4),
                Some(Piece::new(Colour::Black, CongoKind::Lion)),
            );
            for (sq, k, white) in pieces {
                let sq = Square::new(sq % 7, sq / 7);
                if setup.piece_at(sq).is_none() {
                    let c = if white { Colour::White } else { Colour::Black };
                    setup.set(sq, Some(Piece::new(c, KINDS[k])));
                }
            }
            if black {
                setup.turn = Colour::Black;
            }
            Congo::validate(setup).ok()
        })
}

fn start_or_placement() -> impl Strategy<Value = Position<Congo>> {
    prop_oneof![1 => Just(Position::<Congo>::start()), 3 => placement()]
}

fn sorted(gen: &dyn Generator<Congo>, pos: &Position<Congo>) -> Vec<Move<CongoKind>> {
    let mut m = gen.legal_moves(pos);
    m.sort();
    m
}

/// The squares a monkey jumped over in `mv` (consecutive landings two squares apart).
fn jumped(mv: &Move<CongoKind>) -> Vec<Square> {
    mv.path()
        .windows(2)
        .filter_map(|w| {
            let df = w[1].file() as i8 - w[0].file() as i8;
            let dr = w[1].rank() as i8 - w[0].rank() as i8;
            (df.abs() == 2 || dr.abs() == 2).then(|| {
                Square::new(
                    (w[0].file() as i8 + df / 2) as u8,
                    (w[0].rank() as i8 + dr / 2) as u8,
                )
            })
        })
        .collect()
}

/// CONGO-3.2, CONGO-4, CONGO-5.2: the invariants of one move.
fn check_move(
    pos: &Position<Congo>,
    mv: &Move<CongoKind>,
    child: &Position<Congo>,
) -> Result<(), String> {
    let us = pos.turn();
    let mover = pos.piece_at(mv.from).ok_or("no piece on the from-square")?;
    let jumps = if mover.kind == CongoKind::Monkey {
        jumped(mv)
    } else {
        Vec::new()
    };
    // CONGO-4.1, 4.3: chains jump enemy pieces only, each at most once.
    for (i, sq) in jumps.iter().enumerate() {
        match pos.piece_at(*sq) {
            Some(p) if p.colour != us => {}
            other => return Err(format!("{mv} jumps {sq} holding {other:?}")),
        }
        if jumps[..i].contains(sq) {
            return Err(format!("{mv} jumps {sq} twice"));
        }
    }
    // CONGO-3.2: a lion stays in its castle, except by the flying capture of the enemy lion.
    if mover.kind == CongoKind::Lion && !in_castle(us, mv.to) {
        let target = pos.piece_at(mv.to);
        if target != Some(Piece::new(us.other(), CongoKind::Lion)) {
            return Err(format!("{mv}: the lion leaves its castle"));
        }
    }
    // CONGO-5.2: every piece that vanished was captured, or is a drowned non-crocodile of the
    // mover in the river.
    for sq in Congo::SHAPE.squares() {
        let (Some(before), None) = (pos.piece_at(sq), child.piece_at(sq)) else {
            continue;
        };
        if sq == mv.from {
            continue;
        }
        if before.colour != us {
            if sq != mv.to && !jumps.contains(&sq) {
                return Err(format!("{mv}: the opponent's piece on {sq} vanished"));
            }
        } else if before.kind == CongoKind::Crocodile || !in_river(sq) {
            return Err(format!("{mv}: own {before:?} on {sq} vanished"));
        }
    }
    // The mover itself: on its destination, or drowned there (a non-crocodile in the river).
    if child.piece_at(mv.to).map(|p| p.colour) != Some(us)
        && (mover.kind == CongoKind::Crocodile || !in_river(mv.to))
    {
        return Err(format!("{mv}: the moving piece vanished"));
    }
    Ok(())
}

/// The two generators agree at `pos`: sorted moves, each child, the outcome, perft(2).
fn agree(
    r: &dyn Generator<Congo>,
    b: &dyn Generator<Congo>,
    pos: &Position<Congo>,
) -> Result<(), String> {
    let (mr, mb) = (sorted(r, pos), sorted(b, pos));
    if mr != mb {
        return Err(format!("moves differ at {pos}: {mr:?} vs {mb:?}"));
    }
    if r.outcome(pos) != b.outcome(pos) {
        return Err(format!("outcomes differ at {pos}"));
    }
    if mr.is_empty() != r.outcome(pos).is_some() {
        return Err(format!("moves and outcome disagree at {pos}"));
    }
    for mv in &mr {
        let (cr, cb) = (r.play_unchecked(pos, mv), b.play_unchecked(pos, mv));
        if cr != cb {
            return Err(format!("{mv} at {pos}: {cr} vs {cb}"));
        }
        check_move(pos, mv, &cr).map_err(|e| format!("at {pos}: {e}"))?;
        // The child is a valid position (CONGO-2).
        Congo::validate(cr.setup().clone())
            .map_err(|e| format!("{mv} at {pos} gives {cr}: {e}"))?;
    }
    if r.perft(pos, 2) != b.perft(pos, 2) {
        return Err(format!("perft 2 differs at {pos}"));
    }
    Ok(())
}

fn playout(
    r: &dyn Generator<Congo>,
    b: &dyn Generator<Congo>,
    start: Position<Congo>,
    choices: &[u16],
) -> Result<(), String> {
    let mut pos = start;
    for &c in choices {
        agree(r, b, &pos)?;
        let moves = r.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = r.play_unchecked(&pos, &moves[c as usize % moves.len()]);
    }
    agree(r, b, &pos)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Differential: both generators, every reading of CONGO-4.4 and CONGO-5.4, along random
    /// playouts.
    #[test]
    fn congo_generators_agree_on_playouts(
        start in start_or_placement(),
        choices in prop::collection::vec(any::<u16>(), 0..40),
        survives in any::<bool>(),
        chain_goes_on in any::<bool>(),
    ) {
        let switches = CongoSwitches {
            monkey_reentry: if survives { MonkeyReentry::Survives } else { MonkeyReentry::Drowns },
            lion_jump: if chain_goes_on { LionJump::ChainGoesOn } else { LionJump::EndsChain },
        };
        let (r, b) = generators(switches);
        let result = playout(r.as_ref(), b.as_ref(), start, &choices);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }

    /// CONGO-1.1: the armies are mirror images; the mirrored position (ranks reversed, colours
    /// and side swapped) has the same number of moves and the same perft(2).
    #[test]
    fn congo_colour_flip_preserves_counts(
        start in start_or_placement(),
        choices in prop::collection::vec(any::<u16>(), 0..20),
    ) {
        let (r, b) = generators(CongoSwitches::default());
        let mut pos = start;
        for c in choices {
            let moves = b.legal_moves(&pos);
            if moves.is_empty() { break; }
            pos = b.play_unchecked(&pos, &moves[c as usize % moves.len()]);
        }
        let flipped = Congo::validate(pos.setup().mirrored());
        prop_assert!(flipped.is_ok(), "mirror of {pos} invalid");
        let flipped = flipped.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(r.legal_moves(&pos).len(), r.legal_moves(&flipped).len());
        prop_assert_eq!(b.perft(&pos, 2), b.perft(&flipped, 2), "{} vs {}", pos, flipped);
        prop_assert_eq!(
            b.outcome(&pos).map(|o| (o.winner.map(|w| w.other()), o.reason)),
            b.outcome(&flipped).map(|o| (o.winner, o.reason))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// CONGO-7.2: the Zillions reader never panics: on any text, and on the stored game with one
    /// byte changed, it reads and replays or returns a typed error.
    #[test]
    fn congo_zillions_reader_never_panics(
        text in ".{0,200}",
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let gen = Congo::reference(&CongoSwitches::default());
        let _ = fairyspec::congo::zillions::replay_zillions(gen.as_ref(), &text);
        let game = include_str!("../../corpus/congo/games/zillions-stock-3min-1.zsg");
        let mut bytes = game.as_bytes().to_vec();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        let changed = String::from_utf8_lossy(&bytes);
        let _ = fairyspec::congo::zillions::replay_zillions(gen.as_ref(), &changed);
    }
}
