//! The fuzz target `explain_reasons`: the reason checker ([`super::check_position`]) on a
//! position made from fuzzer bytes, with extra move texts (promotion letters, multi-leg paths)
//! drawn from the bytes that are left. `tests/all/fuzz_corpus.rs` replays its seeds
//! (`corpus/fuzz/explain_reasons/`).

use super::{check_position, FalseReason, ReasonCheck, Tally};
use crate::check::arbitrary::arbitrary_position;
use crate::check::corpus::{positions, CheckGame};
use crate::chess::Chess;
use crate::chu::Chu;
use crate::congo::Congo;
use crate::hunterbeest::Hunterbeest;
use crate::kuma::Kuma;
use crate::{Game, Kind, Move, Position, Square, Via};
use arbitrary::{Arbitrary, Unstructured};

/// At most this many extra moves per input.
pub const MAX_EXTRA: usize = 64;

/// Fuzz target `explain_reasons`: the first byte picks the game (Kuma, chess, Congo, Bachelor
/// Hunterbeest, Chu Shogi, modulo 5), the next its switch readings
/// ([`CheckGame::fuzz_switches`]), then a position ([`arbitrary_position`] from the game's starting
/// points), then extra moves, four bytes each ([`extra_moves`]); every reason for an illegal
/// move must hold. `spec_md` is SPEC.md's text.
///
/// # Errors
/// The first false reason.
pub fn explain_reasons(data: &[u8], spec_md: &str) -> Result<Tally, Box<FalseReason>> {
    let mut u = Unstructured::new(data);
    match u8::arbitrary(&mut u).unwrap_or(0) % 5 {
        0 => one::<Kuma>(&mut u, spec_md),
        1 => one::<Chess>(&mut u, spec_md),
        2 => one::<Congo>(&mut u, spec_md),
        3 => one::<Hunterbeest>(&mut u, spec_md),
        _ => one::<Chu>(&mut u, spec_md),
    }
}

fn one<G: ReasonCheck + CheckGame>(
    u: &mut Unstructured<'_>,
    spec_md: &str,
) -> Result<Tally, Box<FalseReason>> {
    let switches = G::fuzz_switches(u);
    let reference = G::reference(&switches);
    let mut tally = Tally::default();
    let Ok(pos) = arbitrary_position(&*reference, u, &positions::<G>()) else {
        return Ok(tally);
    };
    let extra = extra_moves(&pos, u);
    check_position(&switches, &pos, &extra, spec_md, &mut tally)?;
    Ok(tally)
}

/// Moves of the side to move's pieces drawn from the bytes, four a move: the piece (an index
/// into its pieces), the number of squares after the first (1 to 4: a move or a path of legs),
/// and the squares, each within two files and ranks of the one before (one byte each, its two
/// halves the file and rank offsets), the last byte also choosing a promotion letter (one time
/// in four).
pub fn extra_moves<G: Game>(pos: &Position<G>, u: &mut Unstructured<'_>) -> Vec<Move<G::Kind>> {
    let own: Vec<Square> = pos
        .setup()
        .pieces()
        .filter(|(_, p)| p.colour == pos.turn())
        .map(|(s, _)| s)
        .collect();
    let mut out = Vec::new();
    while out.len() < MAX_EXTRA && !own.is_empty() {
        let Ok([a, b, c, d]) = <[u8; 4]>::arbitrary(u) else {
            break;
        };
        if u.is_empty() && a == 0 && b == 0 && c == 0 && d == 0 {
            break;
        }
        let from = own[usize::from(a) % own.len()];
        let legs = 1 + usize::from(b % 4);
        let mut path = vec![from];
        for byte in [b, c, d, a ^ d].into_iter().take(legs) {
            let last = path[path.len() - 1];
            let file = i32::from(last.file()) + i32::from(byte & 7) % 5 - 2;
            let rank = i32::from(last.rank()) + i32::from(byte >> 4) % 5 - 2;
            let inside = (0..i32::from(G::SHAPE.files)).contains(&file)
                && (0..i32::from(G::SHAPE.ranks)).contains(&rank);
            if inside {
                path.push(Square::new(file as u8, rank as u8));
            }
        }
        let Some(&to) = path.last().filter(|_| path.len() > 1) else {
            continue;
        };
        let Some(via) = Via::from_slice(&path[1..path.len() - 1]) else {
            continue;
        };
        let promotion = (d % 4 == 0).then(|| G::Kind::ALL[usize::from(c) % G::Kind::ALL.len()]);
        out.push(Move {
            from,
            via,
            to,
            promotion,
        });
    }
    out
}
