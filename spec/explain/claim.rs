//! What a reason for an illegal move asserts about the position, as data.
//!
//! Every reason [`super::explain`] gives for an illegal move carries a [`Claim`]: the fact its
//! sentence rests on ("e5 is occupied", "the Pawn moves at most two squares straight forward
//! from e2"), with the squares and directions it names. The sentence is for the reader; the claim
//! is for the reason checker ([`super::check`]), which tests each one against the position, the
//! piece's moves on an empty board and the generators — independently of how the explainer
//! found it. A new kind of reason is a new variant, and the checker's `match` does not compile
//! until it has its check.

use crate::{Colour, Offset, Square};

/// A piece as a claim names it: its side and its kind's name (`Blind Bear`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    pub colour: Colour,
    pub kind: &'static str,
}

/// The fact a reason for an illegal move asserts. Squares are board squares; directions are
/// board offsets reduced to their shortest step (`(0, 1)` is up the board, whoever moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    // The move text and the board.
    /// A square of the move is off the board.
    OffBoard { square: Square },
    /// No piece stands on the move's first square.
    NoPiece { square: Square },
    /// The piece on the move's first square belongs to the side not to move.
    NotYours { square: Square, owner: Colour },
    /// The move starts and ends on one square with nothing between.
    NoMove,
    /// The game is over: the position has no moves.
    GameOver,
    /// The text asks for a promotion the piece or square cannot give (the words say why).
    CannotPromote,

    // A path that is a move, or was made by a rule, but not with this promotion.
    /// No legal move along the path promotes, and the text names a promotion.
    PromotionNotOffered,
    /// Every legal move along the path promotes, and the text names none.
    PromotionRequired,
    /// Legal moves along the path promote, but none to the kind the text names.
    PromotionNotThis,
    /// A rule made the path as a candidate, but no legal move follows it.
    CandidateNotLegal,

    // A rule refused this very move (`crate::trace::Why`).
    /// After the move the mover's King on `king` is attacked by the pieces `by`.
    LeavesKingAttacked {
        king: Square,
        by: Vec<(Square, Named)>,
    },
    /// The side has lost the right to castle on this wing.
    NoCastlingRight,
    /// `square`, the King's or its partner's start square, does not hold the piece castling
    /// needs.
    CastlingPieceMissing { square: Square },
    /// `square`, between King and partner, is occupied.
    CastlingPathBlocked { square: Square },
    /// The King castling is in check.
    CastlingInCheck,
    /// The castling King would pass `square`, which the enemy attacks.
    CastlingPassesAttacked { square: Square },
    /// The castling King would land on `square`, which the enemy attacks.
    CastlingLandsAttacked { square: Square },
    /// `square`, which the multi-square move from `from` to `to` needs empty (a double step's),
    /// is occupied.
    Blocked {
        from: Square,
        to: Square,
        square: Square,
    },
    /// The lion on `lion` is protected against this capture from two squares away (CHU-5.2).
    ProtectedLion { lion: Square },
    /// A lion was just taken by a non-lion (on `taken_on`), so this non-lion may not take the
    /// lion on `lion` (CHU-5.3).
    CounterStrike {
        taken_on: Option<Square>,
        lion: Square,
    },
    /// A reason in free words only (`Why::Other`): nothing to check it against.
    Unchecked { words: String },

    // The piece's movement.
    /// A two-step move's leg from `from` to `to` is `distance` squares long, not one step.
    TwoStepLeg {
        from: Square,
        to: Square,
        distance: u32,
    },
    /// No legal move of the piece follows the move's path.
    NoRoute,
    /// On an empty board the piece on `from` goes at most `most` squares in `direction`, and
    /// `to` is `away` squares away (counted as the larger of files and ranks).
    BeyondReach {
        from: Square,
        to: Square,
        direction: Offset,
        most: u32,
        away: u32,
    },
    /// On an empty board the piece on `from` moves at most `most` squares in `direction` (one
    /// for a step, the leap's length for a leap), and `to` lies farther.
    MovesAtMost {
        from: Square,
        to: Square,
        direction: Offset,
        most: u32,
    },
    /// On an empty board the piece on `from` moves in `direction` only to other distances than
    /// `to`'s (a leap of two never lands one square away).
    NotThisDistance {
        from: Square,
        to: Square,
        direction: Offset,
    },
    /// `square`, where the move would end, holds a piece of the mover's side.
    OwnPieceOn { square: Square },
    /// `square`, between `from` and `to` on the move's line, is occupied.
    OccupiedBefore {
        from: Square,
        to: Square,
        square: Square,
    },
    /// The piece moves this way only to an empty square, and `square` is occupied.
    MoveOnlyOccupied { square: Square },
    /// There is no enemy piece on `square` to jump (a jump needs one).
    NothingToJump { square: Square },
    /// The piece moves this way only to capture, and `square` is empty.
    CaptureOnlyEmpty { square: Square },
    /// A piece on `square`, between `from` and `to` or on `to`, ends the line by a rule (a Congo
    /// lion's flying capture meets only the enemy lion, over empty squares).
    RuleStop {
        from: Square,
        to: Square,
        square: Square,
    },
    /// A rule keeps the line in a region, and `to` is outside it: on an empty board the piece on
    /// `from` never reaches `to`.
    OutsideRegion { from: Square, to: Square },
    /// The piece has no move in `direction` (from `from` towards `to`) from any square of an
    /// empty board.
    NeverMoves {
        from: Square,
        to: Square,
        direction: Offset,
    },
    /// The piece has no move in `direction` (towards `to`) from `from` on an empty board (it has
    /// from other squares).
    NotFromHere {
        from: Square,
        to: Square,
        direction: Offset,
    },

    // A Congo monkey's chain (CONGO-4).
    /// The chain's first leg is a step, and a step is a whole move (CONGO-3.7).
    StepThenMore { to: Square },
    /// The leg from `from` to `to` is no jump: not two squares in a straight line (CONGO-4.1).
    NotAJump { from: Square, to: Square },
    /// The leg over `over` jumps a piece of the mover's own side (CONGO-4.1).
    JumpsOwnPiece { over: Square },
    /// The chain jumps the piece on `over` a second time (CONGO-4.2, CONGO-4.3).
    JumpsTwice { over: Square },
    /// The leg lands on `on`, which is occupied (a jumped piece stays there until the chain
    /// ends, CONGO-4.2).
    LandsOnPiece { on: Square },
    /// The chain goes on after jumping the enemy lion on `lion`, which ends it (CONGO-4.4).
    GoesOnAfterLion { lion: Square },
}

impl Claim {
    /// The claim's kind, in a word, for the checker's tallies (`MovesAtMost`).
    pub fn kind(&self) -> &'static str {
        match self {
            Claim::OffBoard { .. } => "OffBoard",
            Claim::NoPiece { .. } => "NoPiece",
            Claim::NotYours { .. } => "NotYours",
            Claim::NoMove => "NoMove",
            Claim::GameOver => "GameOver",
            Claim::CannotPromote => "CannotPromote",
            Claim::PromotionNotOffered => "PromotionNotOffered",
            Claim::PromotionRequired => "PromotionRequired",
            Claim::PromotionNotThis => "PromotionNotThis",
            Claim::CandidateNotLegal => "CandidateNotLegal",
            Claim::LeavesKingAttacked { .. } => "LeavesKingAttacked",
            Claim::NoCastlingRight => "NoCastlingRight",
            Claim::CastlingPieceMissing { .. } => "CastlingPieceMissing",
            Claim::CastlingPathBlocked { .. } => "CastlingPathBlocked",
            Claim::CastlingInCheck => "CastlingInCheck",
            Claim::CastlingPassesAttacked { .. } => "CastlingPassesAttacked",
            Claim::CastlingLandsAttacked { .. } => "CastlingLandsAttacked",
            Claim::Blocked { .. } => "Blocked",
            Claim::ProtectedLion { .. } => "ProtectedLion",
            Claim::CounterStrike { .. } => "CounterStrike",
            Claim::Unchecked { .. } => "Unchecked",
            Claim::TwoStepLeg { .. } => "TwoStepLeg",
            Claim::NoRoute => "NoRoute",
            Claim::BeyondReach { .. } => "BeyondReach",
            Claim::MovesAtMost { .. } => "MovesAtMost",
            Claim::NotThisDistance { .. } => "NotThisDistance",
            Claim::OwnPieceOn { .. } => "OwnPieceOn",
            Claim::OccupiedBefore { .. } => "OccupiedBefore",
            Claim::MoveOnlyOccupied { .. } => "MoveOnlyOccupied",
            Claim::NothingToJump { .. } => "NothingToJump",
            Claim::CaptureOnlyEmpty { .. } => "CaptureOnlyEmpty",
            Claim::RuleStop { .. } => "RuleStop",
            Claim::OutsideRegion { .. } => "OutsideRegion",
            Claim::NeverMoves { .. } => "NeverMoves",
            Claim::NotFromHere { .. } => "NotFromHere",
            Claim::StepThenMore { .. } => "StepThenMore",
            Claim::NotAJump { .. } => "NotAJump",
            Claim::JumpsOwnPiece { .. } => "JumpsOwnPiece",
            Claim::JumpsTwice { .. } => "JumpsTwice",
            Claim::LandsOnPiece { .. } => "LandsOnPiece",
            Claim::GoesOnAfterLion { .. } => "GoesOnAfterLion",
        }
    }
}
