//! `fairyspec explain`: whether a move is legal and why, citing the rule IDs of SPEC.md.
//!
//! The explanation comes from the **reference generator itself**: [`explain`] runs the game's
//! reference generator once with a [`Recorder`] listening ([`Explain::traced_legal_moves`]) and
//! reads what its rule functions reported — the lines each piece's movement walked and why each
//! stopped, the candidates the special rules made, the moves a rule refused and why. Whether
//! the move is legal is the generator's own answer (the list it returned in that same run); the
//! property `explain_agrees_with_legal_moves` (tests) holds the two together on random positions
//! of every game.
//!
//! Every reason given for an illegal move carries the fact it asserts ([`Claim`]: "e5 is
//! occupied", "the Pawn moves at most two squares straight forward from e2"), and the reason
//! checker ([`check`]) tests each against the position, the piece's moves on an empty board and
//! the bitboard generator — `tests/all/explain_reasons.rs` on some 400 positions of every game,
//! the fuzz target `explain_reasons` on many more. [`Explainer`] explains many moves of one
//! position from one run of the reference generator.
//!
//! A game plugs in by implementing [`Explain`]: one function that runs its reference generator
//! with a trace, one that walks a single piece (for [`crate::diagram`]), and the table of the
//! few rule IDs no generator event carries ([`RuleBook`]).
//!
//! # Adding a game
//!
//! Chu Shogi, the last game added, shows every step (`crate::chu::rules` and its `lion`
//! module). The sentences name squares and sides through the game ([`Game::square_name`],
//! [`Game::side_name`]: USI squares, sente and gote in Chu Shogi) when they are written; the
//! trace carries typed squares and pieces.
//!
//! 1. Its reference generator takes a `&mut dyn Trace` where it decides things, and its
//!    `Generator::legal_moves` calls the traced function with [`crate::trace::NoTrace`]:
//!    - each piece's movement on [`crate::mailbox::Walk::traced`] (with the piece's rule ID), so
//!      the walk reports every line and why it stopped;
//!    - each special move as [`Trace::candidate`] with its rule ID and a few words (a lion's
//!      two-step move or igui, a promotion, a drop);
//!    - each move a rule refuses as [`Trace::refused`] with a [`crate::trace::Why`] — the
//!      lion-trading rules as `Why::ProtectedLion` and `Why::CounterStrike` with their squares,
//!      built only when the trace is listening;
//!    - a finished game as [`Trace::game_over`].
//! 2. `impl Explain` (this trait) and `impl Draw` ([`crate::diagram::Draw`]: the promotion zones
//!    as regions, the squares of SPEC.md's diagrams), in the game's folder
//!    (`spec/<game>/explain.rs`, `spec/<game>/diagram.rs`); add the game's line to
//!    [`crate::registry`] and run `fairyspec diagram all -o docs/diagrams`.
//! 3. The property and golden tests (`tests/all/explain_*.rs`, `tests/all/diagrams.rs`) take a
//!    line for it.
//!
//! ```
//! use fairyspec::{Position, explain::explain, kuma::Kuma};
//!
//! let start = Position::<Kuma>::start();
//! let e = explain::<Kuma>(&Default::default(), &start, "b1b2").unwrap();
//! assert!(!e.legal);
//! assert!(e.reasons[0].text.contains("Blind Bear never moves straight forward"));
//! assert_eq!(e.reasons[0].rule, "KUMA-3.5");
//! ```

pub mod check;
pub mod claim;
mod describe;
mod explanation;
mod illegal;
mod legal;
mod notation;

pub use claim::{Claim, Named};
pub use explanation::{Cited, Explanation};

use crate::moves::ParseMoveError;
use crate::trace::{Recorder, Rule, Stop, Trace};
use crate::{Colour, Game, Kind, Move, Outcome, Piece, Position, Reason, Setup, Square};

/// The two traced walks of [`Explain`] (`traced_legal_moves`, `traced_piece_moves`) for a game
/// whose reference module `$rules` has a `Reference::new(switches)` with `legal_moves_traced` and a
/// free `piece_moves_traced`: written inside the game's `impl Explain`.
macro_rules! traced_by_reference {
    ($rules:ident) => {
        fn traced_legal_moves(
            switches: &Self::Switches,
            pos: &$crate::Position<Self>,
            trace: &mut dyn $crate::trace::Trace<Self::Kind>,
        ) -> Vec<$crate::Move<Self::Kind>> {
            $rules::Reference::new(*switches).legal_moves_traced(pos, trace)
        }

        fn traced_piece_moves(
            setup: &$crate::Setup<Self::Kind>,
            from: $crate::Square,
            trace: &mut dyn $crate::trace::Trace<Self::Kind>,
        ) {
            $rules::piece_moves_traced(setup, from, trace);
        }
    };
}
pub(crate) use traced_by_reference;

/// A game whose reference generator can explain itself.
pub trait Explain: Game {
    /// The rule IDs the explanations cite that no generator event carries.
    const RULES: RuleBook;

    /// The reference generator's legal moves of `pos` (with `switches`), its rule functions
    /// reporting to `trace` as they work.
    fn traced_legal_moves(
        switches: &Self::Switches,
        pos: &Position<Self>,
        trace: &mut dyn Trace<Self::Kind>,
    ) -> Vec<Move<Self::Kind>>;

    /// The reference generator's walk of the piece on `from` alone (its own movement, and the
    /// Pawn's double step where the game has one), reporting to `trace`. Used on boards that are
    /// no position (one piece alone) by [`crate::diagram`].
    fn traced_piece_moves(
        setup: &Setup<Self::Kind>,
        from: Square,
        trace: &mut dyn Trace<Self::Kind>,
    );

    /// The rule that ends a game for each reason the game has; a reason not listed cites
    /// [`RuleBook::terminal`].
    const OUTCOME_RULES: &'static [(Reason, Rule)] = &[];

    /// The rule that ends a game for `reason`: by default its rule in [`Explain::OUTCOME_RULES`].
    fn outcome_rule(reason: Reason) -> Rule {
        Self::OUTCOME_RULES
            .iter()
            .find(|(r, _)| *r == reason)
            .map_or(Self::RULES.terminal, |(_, rule)| rule)
    }

    /// The rule that ended the game in `setup` (read with `switches`) with `outcome`, and what
    /// decided it in words where the reason alone does not say — Chu Shogi's bare-king verdicts,
    /// each given by one formulation's rule and, under Münster 1997, one of its clauses (CHU-7).
    /// By default [`Explain::outcome_rule`] and no words.
    fn outcome_cause(
        switches: &Self::Switches,
        setup: &Setup<Self::Kind>,
        outcome: &Outcome,
    ) -> (Rule, Option<String>) {
        let _ = (switches, setup);
        (Self::outcome_rule(outcome.reason), None)
    }

    /// Why the multi-leg move `mv` of the side to move's piece on its first square is no move,
    /// where the game's own multi-leg rules can say which leg fails and by which rule (a Congo
    /// monkey's chain, CONGO-4). `None` (the default): the generic explanation.
    fn why_no_route(
        switches: &Self::Switches,
        setup: &Setup<Self::Kind>,
        mv: &Move<Self::Kind>,
    ) -> Option<Cited> {
        let _ = (switches, setup, mv);
        None
    }

    /// Reads move text in the game's own forms (default: CORE-1.3, `e2e4`, `a7a8m`).
    ///
    /// # Errors
    /// [`ParseMoveError`] if the text is no move.
    fn read_move(text: &str) -> Result<Move<Self::Kind>, ParseMoveError> {
        Move::parse(text)
    }
}

/// The rule IDs of one game that the explanations cite beside the generators' own.
#[derive(Clone, Copy, Debug)]
pub struct RuleBook {
    /// Board and turn (`KUMA-1.1`): squares off the board, the wrong side's piece.
    pub board: Rule,
    /// How pieces move (`KUMA-3.1`): captures by displacement, no move onto an own piece,
    /// slides stopped by the first piece.
    pub movement: Rule,
    /// Range-limited moves are blockable (`KUMA-3.13`), where the game says so.
    pub range: Option<Rule>,
    /// What "check" is (`KUMA-7.1`), where the game has check.
    pub check: Option<Rule>,
    /// A finished game has no moves (`KUMA-7.7`).
    pub terminal: Rule,
    /// Promotion by rule when the move text carries none (`CONGO-3.9`).
    pub promotion: Option<Rule>,
    /// Drowning (`CONGO-5.2`), where the game has a river.
    pub drowning: Option<Rule>,
    /// What a promotion in the move text may name (`CORE-1.3`; `CHU-4.5` where the text says
    /// only "promote" and the piece decides what it becomes).
    pub promotion_text: Rule,
    /// Where the game has moves that reach one result by different routes, the rule defining
    /// counting by result (`CHU-9.5`, `CONGO-8.2`).
    pub counting: Option<Rule>,
    /// How a move is written (`CORE-1.3`; `CHU-8.2`, USI).
    pub notation: Rule,
}

/// A square as game `G` names it (USI in Chu Shogi, CHU-1.1).
fn sq<G: Game>(s: Square) -> String {
    if G::SHAPE.contains(s) {
        G::square_name(s)
    } else {
        s.to_string()
    }
}

/// A side as game `G` names it (sente and gote in Chu Shogi, CHU-1.3).
fn side<G: Game>(c: Colour) -> &'static str {
    G::side_name(c)
}

/// A refusal's reason in game `G`'s names.
fn why_words<G: Game>(why: &crate::trace::Why<G::Kind>) -> String {
    why.words(&|s| sq::<G>(s), &|c| side::<G>(c))
}

impl RuleBook {
    /// The rules a game of chess's family cites: its own board, movement, range, check and
    /// terminal rules; move and promotion text as CORE-1.3; no promotion by rule, no river, one
    /// route per result.
    pub const fn chess_family(
        board: Rule,
        movement: Rule,
        range: Option<Rule>,
        check: Option<Rule>,
        terminal: Rule,
    ) -> RuleBook {
        RuleBook {
            board,
            movement,
            range,
            check,
            terminal,
            promotion: None,
            drowning: None,
            promotion_text: "CORE-1.3",
            counting: None,
            notation: "CORE-1.3",
        }
    }
}

/// Explains the move `text` in `pos`, read with the game's rule `switches`.
///
/// # Errors
/// [`ParseMoveError`] if `text` is no move text at all (the command line's exit status 2).
/// Everything else — a square off the board, an empty from-square, the other side's piece, a
/// finished game — is an explanation of an illegal move.
pub fn explain<G: Explain>(
    switches: &G::Switches,
    pos: &Position<G>,
    text: &str,
) -> Result<Explanation, ParseMoveError> {
    Explainer::new(switches, pos).explain(text)
}

/// The explanations of many moves of one position: the reference generator runs once, with its
/// trace, and each [`Explainer::explain`] reads that run ([`explain`] explains one move).
pub struct Explainer<'a, G: Explain> {
    switches: &'a G::Switches,
    pos: &'a Position<G>,
    rec: Recorder<G::Kind>,
    legal: Vec<Move<G::Kind>>,
    reference: Box<dyn crate::Generator<G>>,
    /// The state of the game before any move: over, or the side to move in check.
    state: Vec<Cited>,
    /// For each piece, the directions it moves in from some square of an empty board (worked
    /// out when a reason needs them).
    directions: illegal::Directions<G::Kind>,
}

impl<'a, G: Explain> Explainer<'a, G> {
    /// Runs the reference generator on `pos` with `switches`, recording what it does.
    pub fn new(switches: &'a G::Switches, pos: &'a Position<G>) -> Self {
        let mut rec = Recorder::default();
        let legal = G::traced_legal_moves(switches, pos, &mut rec);
        let reference = G::reference(switches);
        let mut state = Vec::new();
        if let Some(outcome) = reference.outcome(pos) {
            let (rule, why) = G::outcome_cause(switches, pos.setup(), &outcome);
            state.push(Cited::new(
                rule,
                format!(
                    "the game is over: {}{}",
                    outcome_words::<G>(&outcome),
                    why.map(|w| format!(": {w}")).unwrap_or_default()
                ),
            ));
        } else if reference.is_check(pos) {
            if let Some(check) = G::RULES.check {
                state.push(Cited::new(
                    check,
                    format!("{} is in check", side::<G>(pos.turn())),
                ));
            }
        }
        Explainer {
            switches,
            pos,
            rec,
            legal,
            reference,
            state,
            directions: illegal::Directions::default(),
        }
    }

    /// The reference generator's legal moves of the position.
    pub fn legal_moves(&self) -> &[Move<G::Kind>] {
        &self.legal
    }

    /// Explains the move `text` ([`explain`]).
    ///
    /// # Errors
    /// [`ParseMoveError`] if `text` is no move text at all.
    pub fn explain(&self, text: &str) -> Result<Explanation, ParseMoveError> {
        explain_with(self, text)
    }
}

fn explain_with<G: Explain>(
    explainer: &Explainer<'_, G>,
    text: &str,
) -> Result<Explanation, ParseMoveError> {
    let Explainer {
        switches,
        pos,
        rec,
        legal,
        reference,
        state,
        directions,
    } = explainer;
    let (switches, pos, rec, legal) = (*switches, *pos, rec, legal.as_slice());
    let rules = G::RULES;
    let mut e = Explanation {
        game: G::NAME.to_string(),
        fen: pos.fen(),
        text: text.to_string(),
        mv: None,
        legal: false,
        reasons: Vec::new(),
        effects: Vec::new(),
        piece_moves: None,
        position: Vec::new(),
    };
    let mv = match <G as Game>::read_move(pos, text.trim()) {
        Ok(mv) => mv,
        // Well-formed text whose promotion this position cannot give (Chu Shogi's `+` on an
        // empty square or a piece that never promotes): an illegal move, not unreadable text.
        Err(ParseMoveError::CannotPromote { reason, .. }) => {
            e.reasons.push(Cited::claims(
                rules.promotion_text,
                format!("the move cannot promote: {reason}"),
                Claim::CannotPromote,
            ));
            return Ok(e);
        }
        Err(first) => match <G as Explain>::read_move(text) {
            Ok(mv) => mv,
            // Another notation (SAN `Nf3`, `e2-e4`, `E2E4`): say how to write the move.
            Err(_) => {
                return Err(notation::hint::<G>(pos, legal, text).unwrap_or(first));
            }
        },
    };
    if let Some(off) = mv.path().into_iter().find(|&sq| !G::SHAPE.contains(sq)) {
        let shape = G::SHAPE;
        e.reasons.push(Cited::claims(
            rules.board,
            format!("{off} is off the {}×{} board", shape.files, shape.ranks),
            Claim::OffBoard { square: off },
        ));
        return Ok(e);
    }

    let mv = resolve_promotion(mv, legal);
    e.mv = Some(mv.to_string());
    let setup = pos.setup();

    e.position = state.clone();

    if legal.contains(&mv) {
        e.legal = true;
        e.reasons = legal::why_legal::<G>(&mv, rec, setup);
        e.effects = legal::effects::<G>(switches, &**reference, pos, &mv, rec);
        return Ok(e);
    }

    if let Some(rule) = rec.game_over {
        e.reasons.push(Cited::claims(
            rules.terminal,
            "a finished game has no moves",
            Claim::GameOver,
        ));
        if e.position.is_empty() {
            e.position.push(Cited::new(rule, "the game is over"));
        }
        return Ok(e);
    }
    let Some(piece) = setup.piece_at(mv.from) else {
        e.reasons.push(Cited::claims(
            "CORE-1.3",
            format!(
                "there is no piece on {}: a move starts on the moving piece's square",
                sq::<G>(mv.from)
            ),
            Claim::NoPiece { square: mv.from },
        ));
        return Ok(e);
    };
    if piece.colour != setup.turn {
        e.reasons.push(Cited::claims(
            rules.board,
            format!(
                "the {} on {} is {}'s, and {} is to move",
                piece.kind.name(),
                sq::<G>(mv.from),
                side::<G>(piece.colour),
                side::<G>(setup.turn)
            ),
            Claim::NotYours {
                square: mv.from,
                owner: piece.colour,
            },
        ));
        return Ok(e);
    }
    if mv.from == mv.to && mv.via.is_empty() {
        e.reasons.push(not_a_move::<G>(&mv, piece, rec, legal));
        return Ok(e);
    }
    let (reasons, no_rule) =
        illegal::why_illegal::<G>(switches, setup, &mv, piece, rec, legal, directions);
    e.reasons = reasons;
    if no_rule {
        let mut moves: Vec<String> = legal
            .iter()
            .filter(|m| m.from == mv.from)
            .map(|m| m.to_string())
            .collect();
        moves.sort();
        e.piece_moves = Some(moves);
    }
    Ok(e)
}

/// A "move" that starts and ends on one square with nothing between: no move at all. A piece
/// that can pass (a Chu Shogi lion, CHU-3.5) passes out to an empty neighbour and back, and
/// the move names that square.
fn not_a_move<G: Explain>(
    mv: &Move<G::Kind>,
    piece: Piece<G::Kind>,
    rec: &Recorder<G::Kind>,
    legal: &[Move<G::Kind>],
) -> Cited {
    let at = sq::<G>(mv.from);
    let name = piece.kind.name();
    let pass = legal
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.from && !m.via.is_empty())
        .filter(|m| m.via.as_slice().iter().all(|&v| rec_empty(rec, v)))
        .min_by_key(|m| m.to_string());
    match pass {
        Some(p) => {
            let rule = rec
                .candidates
                .iter()
                .find(|(c, _, _)| c == p)
                .map_or(G::RULES.notation, |(_, r, _)| *r);
            Cited::claims(
                rule,
                format!(
                    "{} starts and ends on {at} with no square between: that is no move. The {name} passes by stepping to an empty square next to it and back, and the move names that square ({}): {p}",
                    mv,
                    G::RULES.notation
                ),
                Claim::NoMove,
            )
        }
        None => Cited::claims(
            G::RULES.notation,
            format!(
                "{mv} starts and ends on {at}: that is no move; a move goes from its piece's square to another"
            ),
            Claim::NoMove,
        ),
    }
}

/// Whether the trace saw `square` empty: no line stopped on a piece there. (Used only to
/// prefer a true pass over an igui as the example.)
fn rec_empty<K: Kind>(rec: &Recorder<K>, square: Square) -> bool {
    !rec.lines.iter().any(
        |l| matches!(l.stop, Stop::Own(s) | Stop::Captures(s) | Stop::Occupied(s) if s == square),
    )
}

/// A move without a promotion letter names the legal move with the same path when that is the
/// only one (a forced promotion, CORE-1.3).
fn resolve_promotion<K: Kind>(mv: Move<K>, legal: &[Move<K>]) -> Move<K> {
    if mv.promotion.is_some() || legal.contains(&mv) {
        return mv;
    }
    let same_path: Vec<&Move<K>> = legal.iter().filter(|m| same_path(m, &mv)).collect();
    match same_path[..] {
        [only] => *only,
        _ => mv,
    }
}

fn same_path<K: Kind>(a: &Move<K>, b: &Move<K>) -> bool {
    a.from == b.from && a.to == b.to && a.via == b.via
}

fn outcome_words<G: Game>(outcome: &Outcome) -> String {
    match outcome.winner {
        Some(w) => format!("{} wins ({})", side::<G>(w), outcome.reason),
        None => format!("a draw ({})", outcome.reason),
    }
}
