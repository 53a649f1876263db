//! CHU-3.2, CHU-3.3 — the pieces of Chu Shogi: one function per kind whose body spells out the
//! kind's Betza string as calls to the mailbox walk, and what follows from them
//! ([`crate::mailbox::MailboxRules`]).

use crate::chu::ChuKind;
use crate::mailbox::{MailboxRules, MovementRow};
use crate::Offset;

// ---------------------------------------------------------------------------------------------
// Directions (CHU-1.1), written from Black's (sente's) side; `Offset::for_colour` turns them
// round for White (gote). Every Chu piece is left–right symmetric, so turning equals rotating.
// ---------------------------------------------------------------------------------------------

pub(crate) const FORWARD: Offset = Offset::new(0, 1);
pub(crate) const BACKWARD: Offset = Offset::new(0, -1);
pub(crate) const LEFT: Offset = Offset::new(-1, 0);
pub(crate) const RIGHT: Offset = Offset::new(1, 0);
pub(crate) const FORWARD_LEFT: Offset = Offset::new(-1, 1);
pub(crate) const FORWARD_RIGHT: Offset = Offset::new(1, 1);
pub(crate) const BACKWARD_LEFT: Offset = Offset::new(-1, -1);
pub(crate) const BACKWARD_RIGHT: Offset = Offset::new(1, -1);

/// The four orthogonal directions (Betza `W`, `R`).
pub(crate) const ORTHOGONAL: [Offset; 4] = [FORWARD, BACKWARD, LEFT, RIGHT];
/// The four diagonal directions (Betza `F`, `B`).
pub(crate) const DIAGONAL: [Offset; 4] =
    [FORWARD_LEFT, FORWARD_RIGHT, BACKWARD_LEFT, BACKWARD_RIGHT];

/// CHU-3.6 — the Soaring Eagle's lion rays: the two forward diagonals.
pub(crate) const EAGLE_RAYS: [Offset; 2] = [FORWARD_LEFT, FORWARD_RIGHT];

/// CHU-3.6 — the Horned Falcon's lion ray: straight forward.
pub(crate) const FALCON_RAYS: [Offset; 1] = [FORWARD];

/// The movement helpers: [`Walk::step`], [`Walk::leap`] (a jump), [`Walk::slide`] (CHU-3.1).
type Walk<'a> = crate::mailbox::Walk<'a, ChuKind>;

/// Betza `K`: one step in each of the eight directions.
fn king_steps(w: &mut Walk) {
    w.steps(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

/// Betza `Q`: slides in each of the eight directions.
fn queen_slides(w: &mut Walk) {
    w.slides(ORTHOGONAL.into_iter().chain(DIAGONAL));
}

// ---------------------------------------------------------------------------------------------
// CHU-3.2 — the 21 unpromoted pieces. Each body spells out the Betza string of the table.
// ---------------------------------------------------------------------------------------------

/// CHU-3.2 — King (K), `K`: one step in any direction. Royal (CHU-2.2).
fn king(w: &mut Walk) {
    king_steps(w);
}

/// CHU-3.2, CHU-3.4 — Lion (N), `KNAD`: every square at distance one (a step) or two (a jump,
/// over anything). Its two-step moves are [`lion::lion_moves`]; this is the set of squares it
/// reaches in one leg, which is also the set it attacks.
fn lion(w: &mut Walk) {
    for file in -2..=2 {
        for rank in -2..=2 {
            if (file, rank) != (0, 0) {
                w.leap(Offset::new(file, rank));
            }
        }
    }
}

/// CHU-3.2 — Free King (Q), `Q`: slides in all eight directions.
fn free_king(w: &mut Walk) {
    queen_slides(w);
}

/// CHU-3.2 — Dragon King (D), `RF`: slides orthogonally; one step diagonally.
fn dragon_king(w: &mut Walk) {
    w.slides(ORTHOGONAL);
    w.steps(DIAGONAL);
}

/// CHU-3.2 — Dragon Horse (H), `BW`: slides diagonally; one step orthogonally.
fn dragon_horse(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.steps(ORTHOGONAL);
}

/// CHU-3.2 — Rook (R), `R`: slides orthogonally.
fn rook(w: &mut Walk) {
    w.slides(ORTHOGONAL);
}

/// CHU-3.2 — Bishop (B), `B`: slides diagonally.
fn bishop(w: &mut Walk) {
    w.slides(DIAGONAL);
}

/// CHU-3.2 — Vertical Mover (V), `vRsW`: slides forward and backward; one step sideways.
fn vertical_mover(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.step(LEFT);
    w.step(RIGHT);
}

/// CHU-3.2 — Side Mover (M), `sRvW`: slides sideways; one step forward or backward.
fn side_mover(w: &mut Walk) {
    w.slide(LEFT);
    w.slide(RIGHT);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Reverse Chariot (A), `vR`: slides forward and backward.
fn reverse_chariot(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.2 — Lance (L), `fR`: slides forward.
fn lance(w: &mut Walk) {
    w.slide(FORWARD);
}

/// CHU-3.2 — Kirin (O), `FD`: one step diagonally; a jump of two squares orthogonally.
fn kirin(w: &mut Walk) {
    w.steps(DIAGONAL);
    for dir in ORTHOGONAL {
        w.leap(dir.times(2));
    }
}

/// CHU-3.2 — Phoenix (X), `WA`: one step orthogonally; a jump of two squares diagonally.
fn phoenix(w: &mut Walk) {
    w.steps(ORTHOGONAL);
    for dir in DIAGONAL {
        w.leap(dir.times(2));
    }
}

/// CHU-3.2 — Drunk Elephant (E), `FsfW`: one step in any direction but straight back.
fn drunk_elephant(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.step(FORWARD);
}

/// CHU-3.2 — Blind Tiger (T), `FsbW`: one step in any direction but straight forward.
fn blind_tiger(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.step(BACKWARD);
}

/// CHU-3.2 — Gold General (G), `WfF`: one step orthogonally or diagonally forward.
fn gold_general(w: &mut Walk) {
    w.steps(ORTHOGONAL);
    w.step(FORWARD_LEFT);
    w.step(FORWARD_RIGHT);
}

/// CHU-3.2 — Silver General (S), `FfW`: one step diagonally or straight forward.
fn silver_general(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(FORWARD);
}

/// CHU-3.2 — Copper General (C), `fFvW`: one step diagonally forward, straight forward or
/// straight back.
fn copper_general(w: &mut Walk) {
    w.step(FORWARD_LEFT);
    w.step(FORWARD_RIGHT);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Ferocious Leopard (F), `FvW`: one step diagonally, straight forward or straight
/// back.
fn ferocious_leopard(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Go-Between (I), `vW`: one step straight forward or straight back.
fn go_between(w: &mut Walk) {
    w.step(FORWARD);
    w.step(BACKWARD);
}

/// CHU-3.2 — Pawn (P), `fW`: one step straight forward.
fn pawn(w: &mut Walk) {
    w.step(FORWARD);
}

// ---------------------------------------------------------------------------------------------
// CHU-3.3 — the promoted pieces. Several move as an unpromoted piece does; they are kinds of
// their own all the same (CHU-2.1).
// ---------------------------------------------------------------------------------------------

/// CHU-3.3, CHU-3.6 — Soaring Eagle (+D), `RbB` + lion power on the two forward diagonals
/// (`fF` step, `fA` jump, two-step moves: [`lion::eagle_and_falcon_moves`]): slides orthogonally
/// and diagonally backward. This is its one-leg reach.
fn soaring_eagle(w: &mut Walk) {
    w.slides(ORTHOGONAL);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
    for dir in EAGLE_RAYS {
        w.step(dir);
        w.leap(dir.times(2));
    }
}

/// CHU-3.3, CHU-3.6 — Horned Falcon (+H), `BsbR` + lion power straight forward (`fW` step, `fD`
/// jump, two-step moves: [`lion::eagle_and_falcon_moves`]): slides diagonally, sideways and
/// straight back. This is its one-leg reach.
fn horned_falcon(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(LEFT);
    w.slide(RIGHT);
    w.slide(BACKWARD);
    for dir in FALCON_RAYS {
        w.step(dir);
        w.leap(dir.times(2));
    }
}

/// CHU-3.3 — promoted Rook (+R), `RF`: moves as a Dragon King.
fn promoted_rook(w: &mut Walk) {
    dragon_king(w);
}

/// CHU-3.3 — promoted Bishop (+B), `BW`: moves as a Dragon Horse.
fn promoted_bishop(w: &mut Walk) {
    dragon_horse(w);
}

/// CHU-3.3 — Flying Ox (+V), `BvR`: slides diagonally, forward and backward.
fn flying_ox(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.3 — Free Boar (+M), `BsR`: slides diagonally and sideways.
fn free_boar(w: &mut Walk) {
    w.slides(DIAGONAL);
    w.slide(LEFT);
    w.slide(RIGHT);
}

/// CHU-3.3 — Whale (+A), `vRbB`: slides forward, backward and diagonally backward.
fn whale(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.slide(BACKWARD_LEFT);
    w.slide(BACKWARD_RIGHT);
}

/// CHU-3.3 — White Horse (+L), `vRfB`: slides forward, backward and diagonally forward.
fn white_horse(w: &mut Walk) {
    w.slide(FORWARD);
    w.slide(BACKWARD);
    w.slide(FORWARD_LEFT);
    w.slide(FORWARD_RIGHT);
}

/// CHU-3.3, CHU-3.4 — promoted Kirin (+O), `KNAD`: moves as a Lion and is a lion (CHU-5).
fn promoted_kirin(w: &mut Walk) {
    lion(w);
}

/// CHU-3.3 — promoted Phoenix (+X), `Q`: moves as a Free King.
fn promoted_phoenix(w: &mut Walk) {
    free_king(w);
}

/// CHU-3.3 — Crown Prince (+E), `K`: moves as a King and is royal (CHU-2.2).
fn crown_prince(w: &mut Walk) {
    king_steps(w);
}

/// CHU-3.3 — Flying Stag (+T), `FvRsW`: one step diagonally or sideways; slides forward and
/// backward.
fn flying_stag(w: &mut Walk) {
    w.steps(DIAGONAL);
    w.step(LEFT);
    w.step(RIGHT);
    w.slide(FORWARD);
    w.slide(BACKWARD);
}

/// CHU-3.3 — promoted Gold General (+G), `R`: moves as a Rook.
fn promoted_gold(w: &mut Walk) {
    rook(w);
}

/// CHU-3.3 — promoted Silver General (+S), `vRsW`: moves as a Vertical Mover.
fn promoted_silver(w: &mut Walk) {
    vertical_mover(w);
}

/// CHU-3.3 — promoted Copper General (+C), `sRvW`: moves as a Side Mover.
fn promoted_copper(w: &mut Walk) {
    side_mover(w);
}

/// CHU-3.3 — promoted Ferocious Leopard (+F), `B`: moves as a Bishop.
fn promoted_leopard(w: &mut Walk) {
    bishop(w);
}

/// CHU-3.3 — promoted Go-Between (+I), `FsfW`: moves as a Drunk Elephant, but is not royal.
fn promoted_go_between(w: &mut Walk) {
    drunk_elephant(w);
}

/// CHU-3.3 — tokin (+P), `WfF`: moves as a Gold General.
fn tokin(w: &mut Walk) {
    gold_general(w);
}

/// CHU-3.1 — each kind's one-leg movement: the rule that states it (CHU-3.4 for the lions,
/// CHU-3.6 for the Horned Falcon and Soaring Eagle, else CHU-3.2 or CHU-3.3 for a promoted
/// kind) and the function above that walks it.
const MOVEMENT: [MovementRow<ChuKind>; 39] = [
    (ChuKind::King, "CHU-3.2", king),
    (ChuKind::Lion, "CHU-3.4", lion),
    (ChuKind::FreeKing, "CHU-3.2", free_king),
    (ChuKind::DragonKing, "CHU-3.2", dragon_king),
    (ChuKind::DragonHorse, "CHU-3.2", dragon_horse),
    (ChuKind::Rook, "CHU-3.2", rook),
    (ChuKind::Bishop, "CHU-3.2", bishop),
    (ChuKind::VerticalMover, "CHU-3.2", vertical_mover),
    (ChuKind::SideMover, "CHU-3.2", side_mover),
    (ChuKind::ReverseChariot, "CHU-3.2", reverse_chariot),
    (ChuKind::Lance, "CHU-3.2", lance),
    (ChuKind::Kirin, "CHU-3.2", kirin),
    (ChuKind::Phoenix, "CHU-3.2", phoenix),
    (ChuKind::DrunkElephant, "CHU-3.2", drunk_elephant),
    (ChuKind::BlindTiger, "CHU-3.2", blind_tiger),
    (ChuKind::GoldGeneral, "CHU-3.2", gold_general),
    (ChuKind::SilverGeneral, "CHU-3.2", silver_general),
    (ChuKind::CopperGeneral, "CHU-3.2", copper_general),
    (ChuKind::FerociousLeopard, "CHU-3.2", ferocious_leopard),
    (ChuKind::GoBetween, "CHU-3.2", go_between),
    (ChuKind::Pawn, "CHU-3.2", pawn),
    (ChuKind::SoaringEagle, "CHU-3.6", soaring_eagle),
    (ChuKind::HornedFalcon, "CHU-3.6", horned_falcon),
    (ChuKind::PromotedRook, "CHU-3.3", promoted_rook),
    (ChuKind::PromotedBishop, "CHU-3.3", promoted_bishop),
    (ChuKind::FlyingOx, "CHU-3.3", flying_ox),
    (ChuKind::FreeBoar, "CHU-3.3", free_boar),
    (ChuKind::Whale, "CHU-3.3", whale),
    (ChuKind::WhiteHorse, "CHU-3.3", white_horse),
    (ChuKind::PromotedKirin, "CHU-3.4", promoted_kirin),
    (ChuKind::PromotedPhoenix, "CHU-3.3", promoted_phoenix),
    (ChuKind::CrownPrince, "CHU-3.3", crown_prince),
    (ChuKind::FlyingStag, "CHU-3.3", flying_stag),
    (ChuKind::PromotedGold, "CHU-3.3", promoted_gold),
    (ChuKind::PromotedSilver, "CHU-3.3", promoted_silver),
    (ChuKind::PromotedCopper, "CHU-3.3", promoted_copper),
    (ChuKind::PromotedLeopard, "CHU-3.3", promoted_leopard),
    (ChuKind::PromotedGoBetween, "CHU-3.3", promoted_go_between),
    (ChuKind::Tokin, "CHU-3.3", tokin),
];

impl MailboxRules for ChuKind {
    const MOVEMENT: &'static [MovementRow<ChuKind>] = &MOVEMENT;
}

/// CHU-3.1 — what the pieces' movement gives, worked out once for every reference
/// ([`crate::mailbox`]): the squares the piece on `from` reaches in one leg by its own movement
/// on this board ([`piece_moves`]: empty squares and enemy pieces, never an own piece; for a
/// piece with lion power every square its steps and jumps reach — its two-step moves end on
/// squares of this set or on `from` itself; lion-trading rules and promotion are not
/// considered), the same reported to a trace ([`piece_moves_traced`], for [`crate::explain`] and
/// [`crate::diagram`]), the squares it attacks ([`attacks`]: could capture an enemy piece
/// standing there by one leg of its movement — a lion's jumps are not blocked, a slide stops at
/// the first piece; a square of its own side counts, it is protected) and whether a piece of a
/// side attacks a square ([`is_attacked`]).
///
/// ```
/// use fairyspec::{Position, Square, chu::{Chu, SHAPE, rules::piece_moves}};
///
/// // Sente's Lion on 7j at the start: every square next to it holds one of its own pieces, so
/// // it reaches only the four empty squares 8h 7h 6h 5h two ranks up and 9k behind it.
/// let start = Position::<Chu>::start();
/// let lion = Square::parse_usi("7j", SHAPE).unwrap();
/// let mut reach: Vec<String> =
///     piece_moves(start.setup(), lion).iter().map(|sq| sq.usi(SHAPE)).collect();
/// reach.sort();
/// assert_eq!(reach, ["5h", "6h", "7h", "8h", "9k"]);
/// ```
pub use crate::mailbox::{attacks, is_attacked, piece_moves, piece_moves_traced};
