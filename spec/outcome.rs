//! [`Outcome`]: how a game ended (or what a player may claim).

use crate::Colour;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended. Each reason names the rule that decides it in SPEC.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The side to move is in check and has no legal move (KUMA-7.2, CHESS-7.2).
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw in chess-like games
    /// (KUMA-7.3), a loss in Congo (see [`Reason::NoLegalMove`]).
    Stalemate,
    /// A Blind Bear reached the opposite rank (KUMA-7.4).
    BlindBear,
    /// A lion was captured (Congo).
    LionCaptured,
    /// The side to move has no legal move and loses (Congo; Chu Shogi, CHU-6.3).
    NoLegalMove,
    /// Only the two lions are left and neither can take the other (Congo).
    BareLions,
    /// The mover's own Queen stands next to the mover's King (Hunterbeest "mate").
    Marriage,
    /// The mover's own Gnu stands next to the mover's King (Hunterbeest "tame").
    Taming,
    /// The last royal piece of a side was captured, or a side has none (Chu Shogi, CHU-6.2).
    RoyalCaptured,
    /// The bare-king rule decided (Chu Shogi, CHU-6.4, CHU-7): a side reduced to a bare royal
    /// lost, or — under the Münster 1997 formulations — the game was declared drawn, or the
    /// opponent lost, by one of its exceptions.
    BareKing,
    /// Both sides are reduced to a lone royal that cannot be taken: nobody can win (Chu Shogi,
    /// CHU-6.6).
    InsufficientMaterial,
    /// Repetition ending the game by rule: a draw (Chu Shogi, CHU-6.5).
    Repetition,
    /// Repetition ending the game by rule, lost by the side that attacked throughout the
    /// repeated sequence (Chu Shogi, lishogi's rule, CHU-6.5).
    PerpetualAttack,
    /// Fifty moves by each side without capture or pawn move: a draw the player to move may claim.
    FiftyMoveClaim,
    /// The same position for the third time: a draw the player to move may claim.
    ThreefoldClaim,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::BlindBear => "blind bear reached the last rank",
            Reason::LionCaptured => "lion captured",
            Reason::NoLegalMove => "no legal move",
            Reason::BareLions => "bare lions",
            Reason::Marriage => "mate: queen beside the king",
            Reason::Taming => "tame: gnu beside the king",
            Reason::RoyalCaptured => "royal captured",
            Reason::BareKing => "bare king",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Repetition => "repetition",
            Reason::PerpetualAttack => "repetition with perpetual attack",
            Reason::FiftyMoveClaim => "fifty-move rule (claimable)",
            Reason::ThreefoldClaim => "threefold repetition (claimable)",
        })
    }
}

/// The end of a game: who won (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Colour>,
    pub reason: Reason,
}

impl Outcome {
    pub const fn win(winner: Colour, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Colour::White) => "1-0",
            Some(Colour::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result(), self.reason)
    }
}
