//! [proptest](https://docs.rs/proptest) strategies for random legal positions of every game, under
//! any reading of its rules — for property tests of your own engine against the specification
//! (feature `proptest`: `fairyspec = { …, features = ["proptest"] }`).
//!
//! - [`position`]: a valid position of the game, reached from one of its corner positions
//!   ([`crate::check::CheckGame::STARTS`]) by random legal moves and random edits (a piece put
//!   or taken away, a castling right or en-passant square changed, the move passed), every step
//!   checked by the game's own validation — the mutations of [`crate::check::arbitrary`], which
//!   the crate's fuzzers use. [`position_under`] takes the legal moves under a reading of the
//!   rules.
//! - [`played`]: a position reached from the start position by random legal moves only.
//! - [`switches`]: a reading of the rules (any combination of the game's switches;
//!   [`crate::switches`]), and [`reading_and_position`]: a reading with a position reached under
//!   it.
//!
//! Each shrinks toward the start position (fewer moves and edits, the first legal moves) and the
//! spec's reading.
//!
//! ```
//! use fairyspec::strategy::reading_and_position;
//! use fairyspec::{chu::Chu, Game};
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(8), |((switches, pos) in reading_and_position::<Chu>())| {
//!     // Your engine against the spec here; for the example, the spec's two generators.
//!     let reference = Chu::reference(&switches);
//!     let bitboard = Chu::bitboard(&switches);
//!     prop_assert_eq!(reference.perft(&pos, 1), bitboard.perft(&pos, 1));
//! });
//! ```

use crate::check::arbitrary::arbitrary_position;
use crate::check::{corpus, CheckGame};
use crate::corpus::random::{playout_plies, SplitMix64};
use crate::switches::Switches;
use crate::{Game, Position};
use arbitrary::Unstructured;
use proptest::prelude::*;

/// The most input bytes a position is made from (about as many mutations as
/// [`crate::check::arbitrary::MAX_MUTATIONS`] allows).
pub const MAX_BYTES: usize = 160;

/// A reading of the game's rules: any combination of its switches, shrinking toward the spec's
/// reading (combination 0, [`Switches::combination`]). Always the default for a game without
/// switches.
pub fn switches<G: Game>() -> impl Strategy<Value = G::Switches> {
    (0..G::Switches::combinations()).prop_map(G::Switches::combination)
}

/// A valid position of the game under the spec's reading of the rules: see the module's
/// documentation.
pub fn position<G: CheckGame>() -> impl Strategy<Value = Position<G>> {
    position_under::<G>(G::Switches::default())
}

/// A valid position of the game whose legal moves are taken under `switches`: one of the game's
/// corner positions ([`corpus::positions`]), then random legal moves and edits
/// ([`arbitrary_position`] on random bytes).
pub fn position_under<G: CheckGame>(switches: G::Switches) -> impl Strategy<Value = Position<G>> {
    let starts = corpus::positions::<G>();
    proptest::collection::vec(any::<u8>(), 0..=MAX_BYTES).prop_map(move |bytes| {
        let reference = G::reference(&switches);
        // Never fails for lack of bytes (missing bytes read as zero).
        arbitrary_position(&*reference, &mut Unstructured::new(&bytes), &starts)
            .unwrap_or_else(|_| Position::start())
    })
}

/// A reading of the rules and a position reached under it ([`switches`], then
/// [`position_under`]).
pub fn reading_and_position<G: CheckGame>() -> impl Strategy<Value = (G::Switches, Position<G>)> {
    switches::<G>().prop_flat_map(|s| (Just(s.clone()), position_under::<G>(s)))
}

/// A position reached from the start position by 0 to `max_plies` random legal moves under
/// `switches` (a seeded [`SplitMix64`] picks among the legal moves sorted by text; the playout
/// stops where the game ends). Shrinks toward fewer plies and lower seeds.
pub fn played<G: Game>(
    switches: G::Switches,
    max_plies: u64,
) -> impl Strategy<Value = Position<G>> {
    (0..=max_plies, any::<u64>()).prop_map(move |(plies, seed)| {
        let reference = G::reference(&switches);
        playout_plies(&*reference, &mut SplitMix64::new(seed), plies)
    })
}
