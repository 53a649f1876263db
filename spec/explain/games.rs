//! [`Explain`] for each game: which reference generator to run with a trace, and the rule IDs
//! of SPEC.md that the explanations cite beside the generators' own.

use super::{Explain, RuleBook};
use crate::chess::{rules as chess_rules, Chess, ChessKind, ChessSwitches};
use crate::chu::{rules as chu_rules, Chu, ChuKind, ChuSwitches};
use crate::congo::{rules as congo_rules, Congo, CongoKind, CongoSwitches};
use crate::hunterbeest::{rules as bhb_rules, Hunterbeest, HunterbeestKind, HunterbeestSwitches};
use crate::kuma::{rules as kuma_rules, Kuma, KumaKind, KumaSwitches};
use crate::moves::ParseMoveError;
use crate::trace::{Rule, Trace};
use crate::{Game, Kind, Move, Position, Reason, Setup, Square};

impl Explain for Kuma {
    const RULES: RuleBook = RuleBook {
        board: "KUMA-1.1",
        movement: "KUMA-3.1",
        range: Some("KUMA-3.13"),
        check: Some("KUMA-7.1"),
        terminal: "KUMA-7.7",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        counting: None,
        pass: None,
    };

    fn traced_legal_moves(
        switches: &KumaSwitches,
        pos: &Position<Kuma>,
        trace: &mut dyn Trace<KumaKind>,
    ) -> Vec<Move<KumaKind>> {
        kuma_rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(setup: &Setup<KumaKind>, from: Square, trace: &mut dyn Trace<KumaKind>) {
        kuma_rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "KUMA-7.2",
            Reason::Stalemate => "KUMA-7.3",
            Reason::BlindBear => "KUMA-7.4",
            Reason::FiftyMoveClaim => "KUMA-7.5",
            Reason::ThreefoldClaim => "KUMA-7.6",
            _ => "KUMA-7.7",
        }
    }
}

impl Explain for Chess {
    const RULES: RuleBook = RuleBook {
        board: "CHESS-1.1",
        movement: "CHESS-3.1",
        range: None,
        check: Some("CHESS-3.8"),
        terminal: "CHESS-7.7",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        counting: None,
        pass: None,
    };

    fn traced_legal_moves(
        _switches: &ChessSwitches,
        pos: &Position<Chess>,
        trace: &mut dyn Trace<ChessKind>,
    ) -> Vec<Move<ChessKind>> {
        chess_rules::legal_moves_traced(pos.setup(), trace)
    }

    fn traced_piece_moves(
        setup: &Setup<ChessKind>,
        from: Square,
        trace: &mut dyn Trace<ChessKind>,
    ) {
        chess_rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "CHESS-7.2",
            Reason::Stalemate => "CHESS-7.3",
            Reason::FiftyMoveClaim => "CHESS-7.5",
            Reason::ThreefoldClaim => "CHESS-7.6",
            _ => "CHESS-7.7",
        }
    }
}

impl Explain for Congo {
    const RULES: RuleBook = RuleBook {
        board: "CONGO-1.1",
        movement: "CONGO-3.1",
        range: None,
        check: None,
        terminal: "CONGO-6.6",
        promotion: Some("CONGO-3.9"),
        drowning: Some("CONGO-5.2"),
        promotion_text: "CORE-1.3",
        counting: Some("CONGO-8.2"),
        pass: None,
    };

    fn traced_legal_moves(
        switches: &CongoSwitches,
        pos: &Position<Congo>,
        trace: &mut dyn Trace<CongoKind>,
    ) -> Vec<Move<CongoKind>> {
        congo_rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(
        setup: &Setup<CongoKind>,
        from: Square,
        trace: &mut dyn Trace<CongoKind>,
    ) {
        congo_rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::LionCaptured => "CONGO-6.1",
            Reason::NoLegalMove => "CONGO-6.3",
            Reason::BareLions => "CONGO-6.4",
            _ => "CONGO-6.6",
        }
    }

    /// CONGO-7.1: also mindsports' `d2-e3`, `a2-c4-c6x`.
    fn read_move(text: &str) -> Result<Move<CongoKind>, ParseMoveError> {
        crate::congo::read_move_text(text)
    }
}

impl Explain for Hunterbeest {
    const RULES: RuleBook = RuleBook {
        board: "BHB-1.1",
        movement: "BHB-3.1",
        range: None,
        check: Some("BHB-6.1"),
        terminal: "BHB-6.6",
        promotion: None,
        drowning: None,
        promotion_text: "CORE-1.3",
        counting: None,
        pass: None,
    };

    fn traced_legal_moves(
        switches: &HunterbeestSwitches,
        pos: &Position<Hunterbeest>,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) -> Vec<Move<HunterbeestKind>> {
        bhb_rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(
        setup: &Setup<HunterbeestKind>,
        from: Square,
        trace: &mut dyn Trace<HunterbeestKind>,
    ) {
        bhb_rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        match reason {
            Reason::Checkmate => "BHB-6.2",
            Reason::Stalemate => "BHB-6.4",
            Reason::Marriage | Reason::Taming => "BHB-6.3",
            Reason::FiftyMoveClaim | Reason::ThreefoldClaim => "BHB-6.5",
            _ => "BHB-6.6",
        }
    }
}

impl Explain for Chu {
    const RULES: RuleBook = RuleBook {
        board: "CHU-1.1",
        movement: "CHU-3.1",
        range: None,
        check: None,
        terminal: "CHU-6.7",
        promotion: None,
        drowning: None,
        promotion_text: "CHU-4.5",
        counting: Some("CHU-9.5"),
        pass: Some("CHU-3.5"),
    };

    fn traced_legal_moves(
        switches: &ChuSwitches,
        pos: &Position<Chu>,
        trace: &mut dyn Trace<ChuKind>,
    ) -> Vec<Move<ChuKind>> {
        chu_rules::Reference::new(*switches).legal_moves_traced(pos, trace)
    }

    fn traced_piece_moves(setup: &Setup<ChuKind>, from: Square, trace: &mut dyn Trace<ChuKind>) {
        chu_rules::piece_moves_traced(setup, from, trace);
    }

    fn outcome_rule(reason: Reason) -> Rule {
        chu_rules::end::outcome_rule(reason)
    }

    /// CHU-1.1, CHU-1.3: squares in USI (`7g`, not the crate's `f7`) and the sides as sente
    /// (the crate's White, called Black in shogi) and gote.
    fn in_own_terms(sentence: &str) -> String {
        chu_terms(sentence)
    }

    /// CHU-8.2: USI (`7g7f`, `7g6f5e`); a `+` needs the position ([`crate::Game::read_move`]).
    fn read_move(text: &str) -> Result<Move<ChuKind>, ParseMoveError> {
        <ChuKind as Kind>::read_move(text)
    }
}

/// Rewrites a sentence's algebraic square names (`f7`: a file letter `a`–`l` and a rank number
/// `1`–`12` standing alone) as USI (`7f`), and the words White and Black as sente and gote.
fn chu_terms(sentence: &str) -> String {
    let chars: Vec<char> = sentence.chars().collect();
    let mut out = String::with_capacity(sentence.len());
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        if starts_word {
            let word: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let replaced = match word.as_str() {
                "White" => Some("sente".to_string()),
                "Black" => Some("gote".to_string()),
                w => Square::parse(w)
                    .filter(|&sq| Chu::SHAPE.contains(sq))
                    .map(|sq| sq.usi(Chu::SHAPE)),
            };
            if let Some(r) = replaced {
                out.push_str(r.as_str());
                i += word.chars().count();
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}
