//! The Chu Shogi fuzz target `chu_differential`: its start positions, and its walk, which keeps
//! the game's history for the repetition rule (CHU-6.5) — the other games' differential targets
//! are [`crate::check::targets::differential_target`].

use super::record::replay_usi;
use super::repetition::{recreates_position, repetition_outcome};
use super::{Chu, ChuKind, ChuSwitches, Repetition};
use crate::check::arbitrary::arbitrary_position;
use crate::check::differential::{compare_at, perft_agrees};
use crate::check::properties::{self, PropertyFailure};
use crate::check::reach::Reach;
use crate::check::targets::{TargetFailure, MAX_PLIES, WALK_PERFT_DEPTH};
use crate::check::CheckGame;
use crate::switches::SwitchValue;
use crate::{Game, Generator, Move, Position};
use ::arbitrary::Unstructured;

/// The walk byte that repeats the move played four plies before, where it is legal (else it is
/// an index like any other): two of them after a shuttle of both sides repeat the position.
pub const REPEAT_FOUR_PLIES_AGO: u8 = 255;

/// Fuzz target `chu_differential`: the first byte (two for the last three bare-king
/// formulations) picks one of the 336 switch readings ([`ChuSwitches::from_fuzz_bytes`]: Kirin recapture × 7 bare-king formulations × counter-strike × lion
/// protection × last-rank promotion × 3 repetition rules, the last varying fastest), the rest goes to a position from
/// [`chu_starts`] and its mutations, then a walk of the reference against the bitboard generator
/// that keeps the game's history ([`chu_walk`]), and perft(2) compared where it ends (with what
/// the walk compared there, a full
/// [`crate::check::differential::differential`]).
///
/// # Errors
/// The first property failure or divergence.
pub fn chu_differential(data: &[u8]) -> Result<(), TargetFailure> {
    chu_differential_counted(data, &mut Reach::new())
}

/// [`chu_differential`], counting what it reaches (its [`CheckGame::reach`], and repetition).
///
/// # Errors
/// The first property failure or divergence.
pub fn chu_differential_counted(data: &[u8], reach: &mut Reach) -> Result<(), TargetFailure> {
    let mut u = Unstructured::new(data);
    let switches = Chu::fuzz_switches(&mut u);
    reach.input(&switches);
    let reference = Chu::reference(&switches);
    let bitboard = Chu::bitboard(&switches);
    let Ok(pos) = arbitrary_position(&*reference, &mut u, chu_starts()) else {
        return Ok(());
    };
    properties::cheap(&*reference, &pos)?;
    properties::cheap(&*bitboard, &pos)?;
    let choices = u.peek_bytes(u.len()).unwrap_or_default();
    let end = chu_walk(&*reference, &*bitboard, &pos, choices, &switches, reach)?;
    // The walk compared everything but perft at `end` (its last node): only perft(2) is left.
    perft_agrees(&*reference, &*bitboard, &end)?;
    Ok(())
}

/// The walk of [`chu_differential`]: [`crate::check::differential::differential_walk`]'s comparison at
/// every node (one byte a ply, at most [`MAX_PLIES`]; [`REPEAT_FOUR_PLIES_AGO`] repeats an
/// earlier move), keeping the game's history for repetition (CHU-6.5) under the switch:
/// `lishogi` and `fourfold` end the walk where repetition ends the game (both generators must
/// judge it alike: the attack test asks the generator), `western` leaves out the moves that
/// recreate an earlier position. Then, if a position repeated on the way, the line walked, replayed as a game record
/// ([`replay_usi`]) by each generator, must give the same summary. Returns the last position.
///
/// # Errors
/// The first divergence, or [`PropertyFailure`] `replay_agrees` if the two replays differ.
pub fn chu_walk(
    a: &dyn Generator<Chu>,
    b: &dyn Generator<Chu>,
    start: &Position<Chu>,
    choices: &[u8],
    switches: &ChuSwitches,
    reach: &mut Reach,
) -> Result<Position<Chu>, TargetFailure> {
    let mut pos = start.clone();
    let mut path: Vec<String> = Vec::new();
    let mut history = vec![pos.clone()];
    // The repetition keys of the history, hashed: a child is looked up among them first.
    let mut seen = vec![key_hash(pos.setup())];
    // Whether the walk met a repeated position (or left a move out for recreating one): only
    // then is there something for the replays to compare beyond what the nodes compared.
    let mut repeated = false;
    let mut played: Vec<Move<ChuKind>> = Vec::new();
    let mut choices = choices.iter().take(MAX_PLIES);
    let rule = |s: &ChuSwitches| format!("repetition={}", s.repetition.text());
    loop {
        let moves = compare_at(a, b, start, &path, &pos, WALK_PERFT_DEPTH)?;
        let outcome = if moves.is_empty() {
            a.outcome(&pos)
        } else {
            None
        };
        Chu::reach(&pos, &moves, outcome, switches, reach);
        // Repetition asks the generator for attacking moves (CHU-6.5): both must agree.
        let ended = repetition_outcome(a, &history, &played, switches.repetition);
        let ended_b = repetition_outcome(b, &history, &played, switches.repetition);
        if ended != ended_b {
            return Err(PropertyFailure {
                property: "repetition_agrees",
                game: Chu::NAME,
                generator: format!("{} / {}", a.name(), b.name()),
                fen: start.fen(),
                mv: Some(path.join(" ")),
                detail: format!("repetition after the walk: {ended:?} / {ended_b:?}"),
            }
            .into());
        }
        if let Some(o) = ended {
            reach.hit(&format!("end: {} | {}", o.reason, rule(switches)));
            break;
        }
        let Some(&choice) = choices.next() else { break };
        let allowed: Vec<&(String, Move<ChuKind>)> = match switches.repetition {
            Repetition::Lishogi | Repetition::Fourfold => moves.iter().collect(),
            Repetition::Western => moves
                .iter()
                .filter(|(_, m)| {
                    let child = a.play_unchecked(&pos, m);
                    !(seen.contains(&key_hash(child.setup()))
                        && recreates_position(&history, &child))
                })
                .collect(),
        };
        if allowed.len() < moves.len() {
            repeated = true;
            reach.hit(&format!(
                "move that recreates a position left out | {}",
                rule(switches)
            ));
        }
        if allowed.is_empty() {
            break;
        }
        let again = (choice == REPEAT_FOUR_PLIES_AGO)
            .then(|| played.len().checked_sub(4).map(|i| played[i]))
            .flatten()
            .and_then(|m| allowed.iter().find(|(_, x)| *x == m));
        let (text, mv) = match again {
            Some(entry) => {
                reach.hit("move repeated from four plies before");
                *entry
            }
            None => allowed[usize::from(choice) % allowed.len()],
        };
        pos = a.play_unchecked(&pos, mv);
        let hash = key_hash(pos.setup());
        repeated |= seen.contains(&hash) && recreates_position(&history, &pos);
        seen.push(hash);
        history.push(pos.clone());
        played.push(*mv);
        path.push(text.clone());
    }
    if !repeated {
        return Ok(pos);
    }
    let record = format!("sfen {}\n{}\n", start.fen(), path.join(" "));
    let (ra, rb) = (replay_usi(a, &record), replay_usi(b, &record));
    if ra != rb {
        return Err(PropertyFailure {
            property: "replay_agrees",
            game: Chu::NAME,
            generator: format!("{} / {}", a.name(), b.name()),
            fen: start.fen(),
            mv: Some(path.join(" ")),
            detail: format!("replaying the walk: {ra:?} / {rb:?}"),
        }
        .into());
    }
    Ok(pos)
}

/// A hash of the repetition key of `setup` (CHU-6.5, [`super::repetition::key`]: board,
/// side to move, counter-strike square), without copying the board.
fn key_hash(setup: &crate::Setup<ChuKind>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    setup.board.hash(&mut h);
    setup.turn.hash(&mut h);
    setup.counter_strike.hash(&mut h);
    h.finish()
}

/// The starting positions of `chu_differential` (the second byte picks one, modulo their
/// number): the start position, the two bare-king examples of Adams' 1999 post (CHU-7.6), the
/// hand-made rule positions of [`CheckGame::STARTS`], then every position of lishogi's perft data in
/// `corpus/chu/` in file order (scalashogi's special positions with lone lions, Falcons, Eagles
/// and counter-strike squares first; then shogiops' random middle games; only the first 256
/// are reachable from one byte). Duplicates are dropped.
pub fn chu_starts() -> &'static [Position<Chu>] {
    static STARTS: std::sync::OnceLock<Vec<Position<Chu>>> = std::sync::OnceLock::new();
    STARTS.get_or_init(|| {
        let mut fens = vec![
            Chu::START_FEN.to_string(),
            "12/12/12/12/12/12/12/12/12/2q9/1+G10/K1k9 w - 1".to_string(),
            "12/12/12/12/12/12/12/12/k1+P9/12/K11/1+p10 b - 1".to_string(),
        ];
        fens.extend(Chu::STARTS.iter().map(|(_, fen)| fen.to_string()));
        for text in [
            include_str!("../../corpus/chu/lishogi-perft.perft"),
            include_str!("../../corpus/chu/lishogi-perft-odd.perft"),
        ] {
            for r in crate::perft::parse_perft_file(text).unwrap_or_default() {
                fens.push(lenient_sfen(&r.epd));
            }
        }
        let mut out: Vec<Position<Chu>> = Vec::new();
        for fen in fens {
            if let Ok(pos) = Position::<Chu>::from_fen(&fen) {
                if !out.contains(&pos) {
                    out.push(pos);
                }
            }
        }
        out
    })
}

/// lishogi's lenient SFEN forms in the four-field form: a third field that is no square name
/// means no counter-strike square, a missing move number is 1.
fn lenient_sfen(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let side = f.get(1).copied().unwrap_or("b");
    let cs = match f.get(2) {
        Some(c) if crate::Square::parse_usi(c, Chu::SHAPE).is_some() => *c,
        _ => "-",
    };
    let number = f.get(3).copied().unwrap_or("1");
    format!("{} {side} {cs} {number}", f.first().copied().unwrap_or(""))
}
