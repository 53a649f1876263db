//! The FIDE rules that Kuma Chess and Bachelor Hunterbeest take over from orthodox chess, written
//! once for the three reference generators: the move loop with promotions, the Pawn's double step,
//! en passant, castling (with the castling partner each game names), playing a move, the clocks,
//! and legality by make-and-test. Each game's `rules.rs` calls them from a function whose doc
//! comment cites its own rule (`KUMA-4.2`, `BHB-5.2`, `CHESS-4.2`) and gives them its rule IDs.

use super::rules::{in_check, is_attacked, king_attacked, walk, MailboxRules};
use super::Purpose;
use crate::trace::{Rule, Trace, Why};
use crate::{Colour, Move, Offset, Piece, Setup, Shape, Square};

/// What a FIDE-like game says beyond its pieces' movement: its promotions (for
/// [`ordinary_moves`]) and the rule of the Pawn's double step.
pub trait FideRules: MailboxRules {
    /// The kinds a piece of kind `self` and colour `owner` becomes by a move to `to`, one move
    /// each; empty when the move does not promote.
    fn promotions(self, owner: Colour, to: Square, shape: Shape) -> &'static [Self];

    /// The rule of promotion and the words a trace gives it (`("KUMA-5.1", "compulsory
    /// promotion")`).
    const PROMOTION: (Rule, &'static str);

    /// The rule of the Pawn's double step (`KUMA-3.2`), which [`piece_moves_traced`] shows.
    const DOUBLE_STEP: Rule;
}

/// The squares the piece on `from` may move to by its own movement
/// ([`super::piece_moves_traced`], each line reported to `trace`), plus the Pawn's double step
/// ([`FideRules::DOUBLE_STEP`]) when the piece on `from` is a Pawn of the side to move.
pub fn piece_moves_traced<K: FideRules>(
    setup: &Setup<K>,
    from: Square,
    trace: &mut dyn Trace<K>,
) -> Vec<Square> {
    let mut squares = walk(setup, from, Purpose::Move, trace);
    if let Some(pawn) = K::PAWN {
        for mv in pawn_double_steps(setup, pawn, K::DOUBLE_STEP, trace) {
            if mv.from == from {
                squares.push(mv.to);
            }
        }
    }
    squares
}

/// Every move of the side to move by its pieces' own movement ([`walk`]), a move that promotes
/// once for each kind it may promote to ([`FideRules::promotions`], each reported to `trace` as
/// a candidate of the promotion rule).
pub fn ordinary_moves<K: FideRules>(setup: &Setup<K>, trace: &mut dyn Trace<K>) -> Vec<Move<K>> {
    let us = setup.turn;
    let mut moves = Vec::new();
    for (from, piece) in setup.pieces().filter(|&(_, p)| p.colour == us) {
        for to in walk(setup, from, Purpose::Move, trace) {
            let choices = piece.kind.promotions(us, to, setup.shape);
            if choices.is_empty() {
                moves.push(Move::new(from, to));
            }
            for &kind in choices {
                let mv = Move::promoting(from, to, kind);
                let (rule, words) = K::PROMOTION;
                trace.candidate(&mv, rule, words);
                moves.push(mv);
            }
        }
    }
    moves
}

/// The FIDE Pawn's double step: every `pawn` of the side to move on its second rank may move two
/// squares straight forward if both squares in front of it are empty. Each double step is
/// reported to `trace` as a candidate of `rule`, each blocked one as refused.
pub fn pawn_double_steps<K: MailboxRules>(
    setup: &Setup<K>,
    pawn: K,
    rule: Rule,
    trace: &mut dyn Trace<K>,
) -> Vec<Move<K>> {
    let us = setup.turn;
    let second_rank = us.relative_rank(1, setup.shape.ranks);
    let forward = Offset::new(0, 1).for_colour(us);
    let mut moves = Vec::new();
    for (from, piece) in setup.pieces() {
        if piece != Piece::new(us, pawn) || from.rank() != second_rank {
            continue;
        }
        let Some(over) = setup.shape.offset(from, forward) else {
            continue;
        };
        let Some(to) = setup.shape.offset(over, forward) else {
            continue;
        };
        let mv = Move::new(from, to);
        match [over, to]
            .into_iter()
            .find(|&sq| setup.piece_at(sq).is_some())
        {
            None => {
                trace.candidate(&mv, rule, "the double step");
                moves.push(mv);
            }
            Some(blocked) => trace.refused(&mv, rule, Why::Blocked(blocked)),
        }
    }
    moves
}

/// FIDE en passant: right after an enemy `pawn`'s double step, a `pawn` that could have captured
/// it had it made a single step may capture it so, moving diagonally forward to the square it
/// passed over (the e.p. square). The captured Pawn stands beside the capturing one, behind the
/// e.p. square. (Whether the capture leaves the King safe is the caller's legality test.) Each
/// capture is reported to `trace` as a candidate of `rule`.
pub fn en_passant<K: MailboxRules>(
    setup: &Setup<K>,
    pawn: K,
    rule: Rule,
    trace: &mut dyn Trace<K>,
) -> Vec<Move<K>> {
    let us = setup.turn;
    let Some(ep) = setup.ep_square else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    // Our Pawns that capture onto `ep` stand one step diagonally *behind* it, seen from us.
    for behind in [Offset::new(-1, -1), Offset::new(1, -1)] {
        let Some(from) = setup.shape.offset(ep, behind.for_colour(us)) else {
            continue;
        };
        let victim = Square::new(ep.file(), from.rank());
        if setup.piece_at(from) == Some(Piece::new(us, pawn))
            && setup.piece_at(victim) == Some(Piece::new(us.other(), pawn))
            && setup.piece_at(ep).is_none()
        {
            let mv = Move::new(from, ep);
            trace.candidate(&mv, rule, "en passant");
            moves.push(mv);
        }
    }
    moves
}

/// One castling, by the files of its squares on the castling side's first rank.
pub struct Wing<K> {
    /// Whether a piece of this kind on the corner may castle (the castling partner).
    pub partner: fn(K) -> bool,
    /// File of the partner's corner (h or a in chess).
    pub corner: u8,
    /// File the partner lands on: the square the King passes over (f or d).
    pub partner_to: u8,
    /// File the King lands on (g or c).
    pub king_to: u8,
    /// Files strictly between King and corner, all of which must be empty.
    pub between: &'static [u8],
}

/// A game's castling: the King's file, the two wings (the FEN's `short` right, `K`/`k`, and its
/// `long` one, `Q`/`q`) and the rules that say it.
pub struct Castling<K: 'static> {
    /// The King's file before castling (e).
    pub king_file: u8,
    pub short: Wing<K>,
    pub long: Wing<K>,
    /// The rule of the move itself (`KUMA-4.1`).
    pub rule: Rule,
    /// The rule of its conditions (`KUMA-4.2`).
    pub conditions: Rule,
    /// The rule of the castling rights (`KUMA-4.3`).
    pub rights: Rule,
}

impl<K> Castling<K> {
    /// Castling as FIDE places it on a board of eight files: the King on the e-file goes to g
    /// with the short partner from h to f (f and g empty), or to c with the long partner from a
    /// to d (b, c and d empty); `rules` are the move's, its conditions' and its rights' rules.
    pub const fn on_eight_files(
        short_partner: fn(K) -> bool,
        long_partner: fn(K) -> bool,
        rules: [Rule; 3],
    ) -> Castling<K> {
        Castling {
            king_file: 4,
            short: Wing {
                partner: short_partner,
                corner: 7,
                partner_to: 5,
                king_to: 6,
                between: &[5, 6],
            },
            long: Wing {
                partner: long_partner,
                corner: 0,
                partner_to: 3,
                king_to: 2,
                between: &[1, 2, 3],
            },
            rule: rules[0],
            conditions: rules[1],
            rights: rules[2],
        }
    }
}

impl<K: MailboxRules> Castling<K> {
    /// The wing a castling King's move to `to` belongs to.
    fn wing_of(&self, from: Square, to: Square) -> &Wing<K> {
        if to.file() > from.file() {
            &self.short
        } else {
            &self.long
        }
    }
}

/// The rank index of `colour`'s first rank.
fn first_rank(colour: Colour, shape: Shape) -> u8 {
    colour.relative_rank(0, shape.ranks)
}

/// FIDE castling: the castlings of the side to move, written as the King's move (`e1g1`,
/// `e1c1`). Each is reported to `trace` as a candidate of `castling.rule`, or as refused with
/// the first condition it fails (in the order `castling_refusal` checks them).
pub fn castlings<K: MailboxRules>(
    setup: &Setup<K>,
    castling: &Castling<K>,
    trace: &mut dyn Trace<K>,
) -> Vec<Move<K>> {
    let us = setup.turn;
    let rank = first_rank(us, setup.shape);
    let rights = setup.castling[us];
    let mut moves = Vec::new();
    for (has_right, wing) in [
        (rights.short, &castling.short),
        (rights.long, &castling.long),
    ] {
        let mv = Move::new(
            Square::new(castling.king_file, rank),
            Square::new(wing.king_to, rank),
        );
        match castling_refusal(setup, castling, has_right, wing) {
            None => {
                trace.candidate(&mv, castling.rule, "castling");
                moves.push(mv);
            }
            Some((rule, why)) => trace.refused(&mv, rule, why),
        }
    }
    moves
}

/// The first condition of castling on `wing` that the side to move fails, if any, in this
/// order: it has the right (else `castling.rights`); the King and a partner stand on their start
/// squares, every square between them is empty, the King is not in check, and it neither passes
/// over nor lands on a square the enemy attacks (else `castling.conditions`). The partner may
/// pass attacked squares.
fn castling_refusal<K: MailboxRules>(
    setup: &Setup<K>,
    castling: &Castling<K>,
    has_right: bool,
    wing: &Wing<K>,
) -> Option<(Rule, Why<K>)> {
    let us = setup.turn;
    let them = us.other();
    let on_rank = |file: u8| Square::new(file, first_rank(us, setup.shape));
    let refused = |why| Some((castling.conditions, why));
    if !has_right {
        return Some((castling.rights, Why::NoCastlingRight));
    }
    let king = on_rank(castling.king_file);
    if K::KING.is_none() || setup.piece_at(king) != K::KING.map(|k| Piece::new(us, k)) {
        return refused(Why::NotInPlace(king));
    }
    let partner_home = setup
        .piece_at(on_rank(wing.corner))
        .is_some_and(|p| p.colour == us && (wing.partner)(p.kind));
    if !partner_home {
        return refused(Why::NotInPlace(on_rank(wing.corner)));
    }
    let blocked = wing
        .between
        .iter()
        .find(|&&f| setup.piece_at(on_rank(f)).is_some());
    if let Some(&f) = blocked {
        return refused(Why::PathBlocked(on_rank(f)));
    }
    if is_attacked(setup, king, them) {
        return refused(Why::InCheck);
    }
    if is_attacked(setup, on_rank(wing.partner_to), them) {
        return refused(Why::PassesAttacked(on_rank(wing.partner_to)));
    }
    if is_attacked(setup, on_rank(wing.king_to), them) {
        return refused(Why::LandsAttacked(on_rank(wing.king_to)));
    }
    None
}

/// FIDE's loss of castling rights: a side loses both when its King moves (castling included);
/// it loses one when the piece on that wing's corner leaves it, or when anything lands on that
/// corner (capturing the piece there).
pub fn update_castling_rights<K: MailboxRules>(
    setup: &mut Setup<K>,
    castling: &Castling<K>,
    mv: &Move<K>,
    mover: Piece<K>,
) {
    if Some(mover.kind) == K::KING {
        setup.castling[mover.colour].short = false;
        setup.castling[mover.colour].long = false;
    }
    for colour in Colour::ALL {
        let rank = first_rank(colour, setup.shape);
        let short_corner = Square::new(castling.short.corner, rank);
        let long_corner = Square::new(castling.long.corner, rank);
        if mv.from == short_corner || mv.to == short_corner {
            setup.castling[colour].short = false;
        }
        if mv.from == long_corner || mv.to == long_corner {
            setup.castling[colour].long = false;
        }
    }
}

/// Plays a move found by a FIDE-like reference generator on a copy of the setup: moves the piece
/// (promoting it as the move says), takes what it captures (en passant: the Pawn behind the e.p.
/// square), moves the castling partner from its corner to the square the King passed over, and
/// updates the castling rights ([`update_castling_rights`]), the e.p. square
/// ([`ep_square_after`]), the clocks ([`update_clocks`]) and the side to move.
pub fn play<K: MailboxRules>(setup: &Setup<K>, castling: &Castling<K>, mv: &Move<K>) -> Setup<K> {
    let mut next = setup.clone();
    let us = setup.turn;
    let Some(mover) = setup.piece_at(mv.from) else {
        // Not a move of this position; `play_unchecked` may return anything then.
        return next;
    };
    let mut captured = setup.piece_at(mv.to).is_some();

    // En passant: a Pawn moving diagonally onto the e.p. square takes the Pawn behind it.
    if Some(mover.kind) == K::PAWN
        && Some(mv.to) == setup.ep_square
        && mv.from.file() != mv.to.file()
    {
        next.set(Square::new(mv.to.file(), mv.from.rank()), None);
        captured = true;
    }

    // Castling: a King moving two files castles; the partner on that wing's corner lands on the
    // square the King passed over.
    if Some(mover.kind) == K::KING && mv.from.file().abs_diff(mv.to.file()) == 2 {
        let wing = castling.wing_of(mv.from, mv.to);
        let rank = mv.from.rank();
        let partner = setup.piece_at(Square::new(wing.corner, rank));
        next.set(Square::new(wing.corner, rank), None);
        next.set(Square::new(wing.partner_to, rank), partner);
    }

    // The move itself, with the promotion the move carries.
    let kind = mv.promotion.unwrap_or(mover.kind);
    next.set(mv.from, None);
    next.set(mv.to, Some(Piece::new(us, kind)));

    update_castling_rights(&mut next, castling, mv, mover);
    next.ep_square = ep_square_after(mv, mover);
    update_clocks(&mut next, mover, captured);
    next.turn = us.other();
    next
}

/// The e.p. square after a move: the square a Pawn passed over with its double step (after every
/// double step, whether or not an enemy Pawn could take e.p. — the usual FEN convention); none
/// after any other move.
pub fn ep_square_after<K: MailboxRules>(mv: &Move<K>, mover: Piece<K>) -> Option<Square> {
    let is_double_step = Some(mover.kind) == K::PAWN
        && mv.from.file() == mv.to.file()
        && mv.from.rank().abs_diff(mv.to.rank()) == 2;
    is_double_step.then(|| Square::new(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2))
}

/// The FIDE clocks: the half-move clock starts again at 0 after a Pawn move or a capture and
/// counts up by one after any other move; the full-move number goes up by one after Black's move.
pub fn update_clocks<K: MailboxRules>(setup: &mut Setup<K>, mover: Piece<K>, captured: bool) {
    if Some(mover.kind) == K::PAWN || captured {
        setup.halfmove_clock = 0;
    } else {
        setup.halfmove_clock = setup.halfmove_clock.saturating_add(1);
    }
    if mover.colour == Colour::Black {
        setup.fullmove_number = setup.fullmove_number.saturating_add(1);
    }
}

/// Legality by make-and-test: whether the mover's King is not attacked once `mv` is played
/// ([`play`]). A refused move is reported to `trace` as refused by `rule`, with the King's square
/// and its attackers.
pub fn keeps_king_safe<K: MailboxRules>(
    setup: &Setup<K>,
    castling: &Castling<K>,
    mv: &Move<K>,
    rule: Rule,
    trace: &mut dyn Trace<K>,
) -> bool {
    let after = play(setup, castling, mv);
    if !in_check(&after, setup.turn) {
        return true;
    }
    if trace.listening() {
        trace.refused(mv, rule, king_attacked(&after, setup.turn));
    }
    false
}
