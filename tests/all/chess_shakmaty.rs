//! Orthodox chess against a third, independent implementation: shakmaty (Niklas Fiekas's Rust
//! chess library, the move generator of lichess.org's tools). On every position visited — the
//! corpus positions, seeded random playouts from them, and positions mutated from them by
//! `check::arbitrary` — the *sets* of legal moves of both fairyspec generators must equal
//! shakmaty's (UCI text, castling as the King's move, CHESS-8.1), and so must the in-check answer.

use arbitrary::Unstructured;
use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::check::corpus;
use fairyspec::chess::Chess;
use fairyspec::perft::parse_perft_file;
use fairyspec::{Game, Generator, Position};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Position as _};
use std::collections::BTreeSet;

fn corpus_text(name: &str) -> String {
    let path = format!("{}/corpus/chess/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// shakmaty's legal moves and check answer for a FEN, or `None` if shakmaty refuses the position
/// (a check no legal move could have given is accepted: fairyspec does not ask for a history).
fn shakmaty_view(fen: &str) -> Option<(BTreeSet<String>, bool)> {
    let parsed: Fen = fen.parse().ok()?;
    let pos: shakmaty::Chess = match parsed.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e.ignore_impossible_check().ok()?,
    };
    let moves = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    Some((moves, pos.is_check()))
}

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Compares one position; returns its legal moves (fairyspec's, equal to shakmaty's), or `None`
/// when shakmaty refused it.
fn compare(
    gens: &[Box<dyn Generator<Chess>>],
    pos: &Position<Chess>,
) -> Option<Vec<fairyspec::Move<fairyspec::chess::ChessKind>>> {
    let fen = pos.fen();
    let (expected, check) = shakmaty_view(&fen)?;
    for gen in gens {
        let moves = gen.legal_moves(pos);
        let texts: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            texts.len(),
            moves.len(),
            "{} lists a move twice in {fen}",
            gen.name()
        );
        assert_eq!(
            texts,
            expected,
            "{} and shakmaty differ in {fen}: only {}: {:?}, only shakmaty: {:?}",
            gen.name(),
            gen.name(),
            texts.difference(&expected).collect::<Vec<_>>(),
            expected.difference(&texts).collect::<Vec<_>>()
        );
        assert_eq!(
            gen.is_check(pos),
            check,
            "{} check answer in {fen}",
            gen.name()
        );
    }
    Some(gens[0].legal_moves(pos))
}

#[test]
fn legal_move_sets_equal_shakmaty_s() {
    let switches = Default::default();
    let gens = [Chess::reference(&switches), Chess::bitboard(&switches)];
    let mut starts: Vec<Position<Chess>> = corpus::positions::<Chess>();
    for file in ["perft.perft", "random-playouts.perft"] {
        for rec in parse_perft_file(&corpus_text(file)).expect("corpus parses") {
            starts.push(Position::from_fen(&rec.epd).expect("corpus position"));
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut compared, mut refused) = (0usize, 0usize);
    let mut walk = |mut pos: Position<Chess>, plies: usize, rng: &mut Rng| {
        for _ in 0..plies {
            let Some(moves) = compare(&gens, &pos) else {
                refused += 1;
                return;
            };
            compared += 1;
            if moves.is_empty() {
                return;
            }
            pos = gens[0].play_unchecked(&pos, &moves[rng.below(moves.len())]);
        }
    };
    for start in &starts {
        walk(start.clone(), 40, &mut rng);
    }
    // Mutated positions: pieces put and removed, rights and turn toggled (check::arbitrary).
    let mut mutated = 0;
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..64).map(|_| rng.next() as u8).collect();
        if let Ok(pos) = arbitrary_position(&*gens[0], &mut Unstructured::new(&bytes), &starts) {
            mutated += 1;
            walk(pos, 8, &mut rng);
        }
    }
    assert!(
        mutated >= 150,
        "only {mutated} of 300 byte strings made a position"
    );
    assert!(compared >= 2500, "only {compared} positions compared");
    assert!(
        refused * 20 <= compared,
        "shakmaty refused {refused} positions, {compared} compared"
    );
}
