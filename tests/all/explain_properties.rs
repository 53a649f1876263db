//! `fairyspec explain` held to the generators on random positions of every game: a move is
//! explained as legal exactly when the reference generator lists it (`parse_move` accepts it,
//! a forced promotion's letter left out included); every explanation gives a reason; and every
//! rule ID it cites is a rule of SPEC.md.

use arbitrary::Unstructured;
use fairyspec::check::arbitrary::arbitrary_position;
use fairyspec::chess::Chess;
use fairyspec::chu::Chu;
use fairyspec::congo::Congo;
use fairyspec::explain::{explain, Explain};
use fairyspec::hunterbeest::Hunterbeest;
use fairyspec::kuma::Kuma;
use fairyspec::{Kind, Move, Square};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeSet;

/// Every rule ID SPEC.md defines: the bold `**KUMA-4.2 —` that opens each rule.
fn spec_rule_ids() -> BTreeSet<String> {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).expect("SPEC.md");
    spec.split("**")
        .filter_map(|part| {
            let id = part.split(" —").next()?;
            let (game, number) = id.split_once('-')?;
            let well_formed = !game.is_empty()
                && game.chars().all(|c| c.is_ascii_uppercase())
                && number
                    .split('.')
                    .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            (well_formed && part.len() > id.len()).then(|| id.to_string())
        })
        .collect()
}

#[test]
fn spec_rule_ids_are_read() {
    let ids = spec_rule_ids();
    for id in [
        "CORE-1.3",
        "KUMA-3.5",
        "KUMA-4.2",
        "KUMA-7.1",
        "CHESS-6.1",
        "CONGO-4.1",
        "BHB-6.3",
        "CHU-5.2",
    ] {
        assert!(ids.contains(id), "{id} not found among {} IDs", ids.len());
    }
}

/// Checks `explain` on a random position of `G`: every legal move, and moves made from `picks`
/// (a piece of the side to move, any square, sometimes a promotion letter).
fn explain_agrees<G: Explain>(bytes: &[u8], picks: &[u8]) -> Result<usize, TestCaseError> {
    let ids = spec_rule_ids();
    let switches = G::Switches::default();
    let reference = G::reference(&switches);
    let pos = arbitrary_position(&*reference, &mut Unstructured::new(bytes), &[])
        .map_err(|e| TestCaseError::fail(format!("arbitrary: {e}")))?;
    let legal = reference.legal_moves(&pos);

    let mut texts: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    let squares: Vec<Square> = G::SHAPE.squares().collect();
    let own: Vec<Square> = pos
        .setup()
        .pieces()
        .filter(|(_, p)| p.colour == pos.turn())
        .map(|(s, _)| s)
        .collect();
    for pair in picks.chunks(3) {
        let (a, b, c) = (
            pair[0] as usize,
            *pair.get(1).unwrap_or(&0) as usize,
            *pair.get(2).unwrap_or(&0),
        );
        let from = if a % 4 != 0 && !own.is_empty() {
            own[a % own.len()]
        } else {
            squares[a % squares.len()]
        };
        let to = squares[b % squares.len()];
        let mut mv = Move::<G::Kind>::new(from, to);
        if c % 5 == 0 {
            mv.promotion = Some(G::Kind::ALL[c as usize % G::Kind::ALL.len()]);
        }
        texts.push(mv.to_string());
    }

    for text in &texts {
        let e = explain::<G>(&switches, &pos, text)
            .map_err(|err| TestCaseError::fail(format!("{text} does not read: {err}")))?;
        let listed = reference.parse_move(&pos, text).is_ok();
        prop_assert_eq!(
            e.legal,
            listed,
            "{} in {}: explain says {}",
            text,
            pos.fen(),
            e
        );
        prop_assert!(
            !e.reasons.is_empty(),
            "{} in {}: no reason given",
            text,
            pos.fen()
        );
        for rule in e.rules() {
            prop_assert!(
                ids.contains(rule),
                "{} in {}: cites {}, which SPEC.md does not define",
                text,
                pos.fen(),
                rule
            );
        }
    }
    Ok(texts.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20, ..ProptestConfig::default() })]

    #[test]
    fn kuma_explain_agrees_with_legal_moves(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        picks in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        explain_agrees::<Kuma>(&bytes, &picks)?;
    }

    #[test]
    fn chess_explain_agrees_with_legal_moves(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        picks in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        explain_agrees::<Chess>(&bytes, &picks)?;
    }

    #[test]
    fn congo_explain_agrees_with_legal_moves(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        picks in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        explain_agrees::<Congo>(&bytes, &picks)?;
    }

    #[test]
    fn hunterbeest_explain_agrees_with_legal_moves(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        picks in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        explain_agrees::<Hunterbeest>(&bytes, &picks)?;
    }

    #[test]
    fn chu_explain_agrees_with_legal_moves(
        bytes in proptest::collection::vec(any::<u8>(), 0..160),
        picks in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        explain_agrees::<Chu>(&bytes, &picks)?;
    }
}

/// The start positions as well, where many pieces are shut in.
#[test]
fn explain_agrees_at_the_start_of_every_game() {
    let picks: Vec<u8> = (0..=255).collect();
    explain_agrees::<Kuma>(&[], &picks).expect("agrees");
    explain_agrees::<Chess>(&[], &picks).expect("agrees");
    explain_agrees::<Congo>(&[], &picks).expect("agrees");
    explain_agrees::<Hunterbeest>(&[], &picks).expect("agrees");
    explain_agrees::<Chu>(&[], &picks).expect("agrees");
}
