//! "The cited rule concerns the piece or the situation": each rule ID's paragraph of SPEC.md,
//! and what a claim's rule must be about.

use super::ReasonCheck;
use crate::explain::Claim;
use crate::{Kind, Move, Position};
use std::collections::HashMap;

/// The text of every rule of SPEC.md, in lower case: from its bold `**ID —` to the next rule or
/// heading.
pub struct Subjects {
    text: HashMap<String, String>,
}

impl Subjects {
    /// Reads the rules' paragraphs out of SPEC.md's text.
    pub fn of(spec_md: &str) -> Subjects {
        let mut text: HashMap<String, String> = HashMap::new();
        let mut current: Option<String> = None;
        // The heading of the section a rule stands in (`### BHB-5 Castling`) is part of what it
        // is about.
        let mut heading = String::new();
        for line in spec_md.lines() {
            let trimmed = line.trim_start();
            let opens = trimmed
                .strip_prefix("- **")
                .and_then(|rest| rest.split_once(" —"))
                .map(|(id, _)| id.to_string())
                .filter(|id| {
                    id.contains('-') && id.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                });
            if let Some(id) = opens {
                text.entry(id.clone()).or_default().push_str(&heading);
                current = Some(id);
            } else if trimmed.starts_with('#') {
                heading = format!("{}\n", trimmed.to_lowercase());
                current = None;
            } else if trimmed.starts_with("- **") && !line.starts_with(' ') {
                current = None;
            }
            if let Some(id) = &current {
                let entry = text.entry(id.clone()).or_default();
                entry.push_str(&line.to_lowercase());
                entry.push('\n');
            }
        }
        Subjects { text }
    }

    /// The paragraph of rule `id`, in lower case.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.text.get(id).map(String::as_str)
    }
}

/// Whether `rule`, cited with `claim` for the illegal move `mv` in `pos`, concerns the piece or
/// the situation the claim is about: the situation's own rule of the game ([`crate::explain::RuleBook`]),
/// the piece's movement rule, or a rule whose paragraph names the piece or the situation.
///
/// # Errors
/// What the rule is not about, in words.
pub fn concerns<G: ReasonCheck>(
    subjects: &Subjects,
    pos: &Position<G>,
    mv: &Move<G::Kind>,
    claim: &Claim,
    rule: &str,
) -> Result<(), String> {
    let Some(paragraph) = subjects.text(rule) else {
        return Err(format!("{rule} is no rule of SPEC.md"));
    };
    let book = G::RULES;
    let piece = pos.setup().piece_at(mv.from);
    let piece_name = piece.map(|p| p.kind.name().to_lowercase());
    let own_rule = piece.and_then(|p| p.kind.rule()) == Some(rule);
    let names_piece = piece_name.as_deref().is_some_and(|n| paragraph.contains(n));
    let about_piece = own_rule || names_piece;
    let mentions = |words: &[&str]| words.iter().any(|w| paragraph.contains(w));
    let movement = rule == book.movement || Some(rule) == book.range;
    let holds = match claim {
        Claim::OffBoard { .. } | Claim::NotYours { .. } => rule == book.board,
        Claim::NoPiece { .. } => rule == "CORE-1.3" || rule == book.notation,
        Claim::NoMove => {
            rule == book.notation || rule == "CORE-1.3" || about_piece || mentions(&["pass"])
        }
        Claim::GameOver => rule == book.terminal,
        Claim::CannotPromote
        | Claim::PromotionNotOffered
        | Claim::PromotionRequired
        | Claim::PromotionNotThis => {
            rule == book.promotion_text || Some(rule) == book.promotion || mentions(&["promot"])
        }
        Claim::CandidateNotLegal => about_piece || movement || mentions(&["promot", "castl"]),
        Claim::LeavesKingAttacked { .. } => {
            Some(rule) == book.check || mentions(&["check", "attacked"])
        }
        Claim::NoCastlingRight
        | Claim::CastlingPieceMissing { .. }
        | Claim::CastlingPathBlocked { .. }
        | Claim::CastlingInCheck
        | Claim::CastlingPassesAttacked { .. }
        | Claim::CastlingLandsAttacked { .. } => mentions(&["castl"]),
        Claim::Blocked { .. } => about_piece || mentions(&["double step"]),
        Claim::ProtectedLion { .. } | Claim::CounterStrike { .. } => mentions(&["lion"]),
        Claim::Unchecked { .. } => false,
        Claim::StepThenMore { .. }
        | Claim::NotAJump { .. }
        | Claim::JumpsOwnPiece { .. }
        | Claim::JumpsTwice { .. }
        | Claim::LandsOnPiece { .. }
        | Claim::GoesOnAfterLion { .. } => mentions(&["monkey", "chain"]),
        Claim::OwnPieceOn { .. } | Claim::OccupiedBefore { .. } => movement || about_piece,
        Claim::TwoStepLeg { .. }
        | Claim::NoRoute
        | Claim::BeyondReach { .. }
        | Claim::MovesAtMost { .. }
        | Claim::NotThisDistance { .. }
        | Claim::MoveOnlyOccupied { .. }
        | Claim::NothingToJump { .. }
        | Claim::CaptureOnlyEmpty { .. }
        | Claim::RuleStop { .. }
        | Claim::OutsideRegion { .. }
        | Claim::NeverMoves { .. }
        | Claim::NotFromHere { .. } => about_piece,
    };
    if holds {
        Ok(())
    } else {
        Err(format!(
            "{rule} is not about the {} or the situation of a {} claim",
            piece_name.as_deref().unwrap_or("piece"),
            claim.kind()
        ))
    }
}
