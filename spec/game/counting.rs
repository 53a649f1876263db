//! [`Counting`]: what perft counts as one node (re-exported as `fairyspec::perft::Counting`).
//! It lives beside [`crate::Generator`], whose provided perft methods take it, so that the
//! generator does not import [`crate::perft`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// What perft counts as one node of the tree.
///
/// Most games have one move per result, and the two countings agree. They differ where one piece
/// can reach the same result along different routes: a Chu Shogi piece with lion power (a
/// two-step move through an empty square that ends where a single move ends, a pass through any
/// empty neighbour; CHU-9.1, CHU-9.5) and a Congo Monkey's chain of captures taken in a
/// different order (CONGO-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// One node per legal move, that is per distinct move text: every route counts (lishogi's
    /// convention, CHU-9.1). The default in every game.
    #[default]
    Routes,
    /// One node per distinct *result*: the pair (the square the moving piece started from, the
    /// position after the move). Routes of one piece that end the same way count once; moves of
    /// different pieces stay apart even when they lead to the same position (CHU-9.5).
    Results,
}

impl Counting {
    /// Both countings, the default first.
    pub const ALL: [Counting; 2] = [Counting::Routes, Counting::Results];

    /// The name used on the command line and in JSON (`routes`, `results`).
    pub fn name(self) -> &'static str {
        match self {
            Counting::Routes => "routes",
            Counting::Results => "results",
        }
    }

    /// The counting called `name` (`routes`, `results`).
    pub fn from_name(name: &str) -> Option<Counting> {
        Counting::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Counting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
