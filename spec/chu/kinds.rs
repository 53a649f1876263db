//! The pieces of Chu Shogi (CHU-3): the kinds, their SFEN symbols, names and kanji, which
//! promote to which, and each one's Betza string.

use super::SHAPE;
use crate::mailbox::MailboxRules;
use crate::MoveNotation;
use serde::{Deserialize, Serialize};

use ChuKind as K;

/// The pieces of Chu Shogi (CHU-3): the 21 kinds a side starts with, then the 18 kinds that
/// only promotion makes. The symbol is the SFEN letter, `+` before a promoted kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ChuKind {
    /// K — King, royal.
    King,
    /// N — Lion: lion power (steps, jumps, two-step moves).
    Lion,
    /// Q — Free King (the queen of chess).
    FreeKing,
    /// D — Dragon King; promotes to the Soaring Eagle.
    DragonKing,
    /// H — Dragon Horse; promotes to the Horned Falcon.
    DragonHorse,
    /// R — Rook; promotes to `+R` (moves as a Dragon King).
    Rook,
    /// B — Bishop; promotes to `+B` (moves as a Dragon Horse).
    Bishop,
    /// V — Vertical Mover; promotes to the Flying Ox.
    VerticalMover,
    /// M — Side Mover; promotes to the Free Boar.
    SideMover,
    /// A — Reverse Chariot; promotes to the Whale.
    ReverseChariot,
    /// L — Lance; promotes to the White Horse.
    Lance,
    /// O — Kirin; promotes to `+O`, which is a lion.
    Kirin,
    /// X — Phoenix; promotes to `+X` (moves as a Free King).
    Phoenix,
    /// E — Drunk Elephant; promotes to the Crown Prince (royal).
    DrunkElephant,
    /// T — Blind Tiger; promotes to the Flying Stag.
    BlindTiger,
    /// G — Gold General; promotes to `+G` (moves as a Rook).
    GoldGeneral,
    /// S — Silver General; promotes to `+S` (moves as a Vertical Mover).
    SilverGeneral,
    /// C — Copper General; promotes to `+C` (moves as a Side Mover).
    CopperGeneral,
    /// F — Ferocious Leopard; promotes to `+F` (moves as a Bishop).
    FerociousLeopard,
    /// I — Go-Between; promotes to `+I` (moves as a Drunk Elephant, not royal).
    GoBetween,
    /// P — Pawn; promotes to `+P`, the tokin (moves as a Gold General).
    Pawn,
    /// +D — Soaring Eagle (promoted Dragon King): lion power on the two forward diagonals.
    SoaringEagle,
    /// +H — Horned Falcon (promoted Dragon Horse): lion power straight forward.
    HornedFalcon,
    /// +R — promoted Rook, moves as a Dragon King.
    PromotedRook,
    /// +B — promoted Bishop, moves as a Dragon Horse.
    PromotedBishop,
    /// +V — Flying Ox (promoted Vertical Mover).
    FlyingOx,
    /// +M — Free Boar (promoted Side Mover).
    FreeBoar,
    /// +A — Whale (promoted Reverse Chariot).
    Whale,
    /// +L — White Horse (promoted Lance).
    WhiteHorse,
    /// +O — promoted Kirin: moves as a Lion and **is** a lion for the lion-trading rules.
    PromotedKirin,
    /// +X — promoted Phoenix, moves as a Free King.
    PromotedPhoenix,
    /// +E — Crown Prince (promoted Drunk Elephant): moves as a King and is royal.
    CrownPrince,
    /// +T — Flying Stag (promoted Blind Tiger).
    FlyingStag,
    /// +G — promoted Gold General, moves as a Rook.
    PromotedGold,
    /// +S — promoted Silver General, moves as a Vertical Mover.
    PromotedSilver,
    /// +C — promoted Copper General, moves as a Side Mover.
    PromotedCopper,
    /// +F — promoted Ferocious Leopard, moves as a Bishop.
    PromotedLeopard,
    /// +I — promoted Go-Between, moves as a Drunk Elephant (not royal).
    PromotedGoBetween,
    /// +P — tokin (promoted Pawn), moves as a Gold General.
    Tokin,
}

/// The one table of Chu Shogi's kinds, in the order of [`ChuKind`] (checked when compiling):
/// each kind's SFEN symbol (CHU-2), its English name (SPEC.md's table), the kanji on its tile and
/// its name in game records. The 21 kinds of the start position come first ([`ChuKind::UNPROMOTED`]).
///
/// The kanji are lishogi's, as its rules library shogiops (Wanderer XII, `src/notation/util.ts`:
/// `roleToKanji`, `roleToFullKanji`; MIT) writes them for its Chu Shogi roles, each of this
/// crate's kinds matched to shogiops' role by its SFEN letter (`src/sfen.ts`). A tile carries one
/// kanji (lishogi's one-kanji piece sets); a promoted kind carries the kanji of the piece it
/// moves as, drawn in red, so that a red 飛 (a promoted Gold General) and a black 飛 (a Rook)
/// are told apart as on lishogi's boards. The long names (two or three kanji) are those of
/// lishogi's KIF records (`一歩目 7九獅子`).
pub const KINDS: [(ChuKind, &str, &str, &str, &str); 39] = [
    (K::King, "K", "King", "玉", "玉将"),
    (K::Lion, "N", "Lion", "獅", "獅子"),
    (K::FreeKing, "Q", "Free King", "奔", "奔王"),
    (K::DragonKing, "D", "Dragon King", "龍", "龍王"),
    (K::DragonHorse, "H", "Dragon Horse", "馬", "龍馬"),
    (K::Rook, "R", "Rook", "飛", "飛車"),
    (K::Bishop, "B", "Bishop", "角", "角行"),
    (K::VerticalMover, "V", "Vertical Mover", "竪", "竪行"),
    (K::SideMover, "M", "Side Mover", "横", "横行"),
    (K::ReverseChariot, "A", "Reverse Chariot", "反", "反車"),
    (K::Lance, "L", "Lance", "香", "香車"),
    (K::Kirin, "O", "Kirin", "麒", "麒麟"),
    (K::Phoenix, "X", "Phoenix", "鳳", "鳳凰"),
    (K::DrunkElephant, "E", "Drunk Elephant", "象", "醉象"),
    (K::BlindTiger, "T", "Blind Tiger", "虎", "盲虎"),
    (K::GoldGeneral, "G", "Gold General", "金", "金将"),
    (K::SilverGeneral, "S", "Silver General", "銀", "銀将"),
    (K::CopperGeneral, "C", "Copper General", "銅", "銅将"),
    (K::FerociousLeopard, "F", "Ferocious Leopard", "豹", "猛豹"),
    (K::GoBetween, "I", "Go-Between", "仲", "仲人"),
    (K::Pawn, "P", "Pawn", "歩", "歩兵"),
    (K::SoaringEagle, "+D", "Soaring Eagle", "鷲", "飛鷲"),
    (K::HornedFalcon, "+H", "Horned Falcon", "鷹", "角鷹"),
    (
        K::PromotedRook,
        "+R",
        "promoted Rook (moves as Dragon King)",
        "龍",
        "龍王",
    ),
    (
        K::PromotedBishop,
        "+B",
        "promoted Bishop (moves as Dragon Horse)",
        "馬",
        "龍馬",
    ),
    (K::FlyingOx, "+V", "Flying Ox", "牛", "飛牛"),
    (K::FreeBoar, "+M", "Free Boar", "猪", "奔猪"),
    (K::Whale, "+A", "Whale", "鯨", "鯨鯢"),
    (K::WhiteHorse, "+L", "White Horse", "駒", "白駒"),
    (
        K::PromotedKirin,
        "+O",
        "promoted Kirin (a lion)",
        "獅",
        "獅子",
    ),
    (
        K::PromotedPhoenix,
        "+X",
        "promoted Phoenix (moves as Free King)",
        "奔",
        "奔王",
    ),
    (K::CrownPrince, "+E", "Crown Prince", "太", "太子"),
    (K::FlyingStag, "+T", "Flying Stag", "鹿", "飛鹿"),
    (
        K::PromotedGold,
        "+G",
        "promoted Gold General (moves as Rook)",
        "飛",
        "金飛車",
    ),
    (
        K::PromotedSilver,
        "+S",
        "promoted Silver General (moves as Vertical Mover)",
        "竪",
        "竪行",
    ),
    (
        K::PromotedCopper,
        "+C",
        "promoted Copper General (moves as Side Mover)",
        "横",
        "横行",
    ),
    (
        K::PromotedLeopard,
        "+F",
        "promoted Ferocious Leopard (moves as Bishop)",
        "角",
        "小角",
    ),
    (
        K::PromotedGoBetween,
        "+I",
        "promoted Go-Between (moves as Drunk Elephant)",
        "象",
        "醉象",
    ),
    (
        K::Tokin,
        "+P",
        "tokin (promoted Pawn, moves as Gold General)",
        "金",
        "金将",
    ),
];

// KINDS lists the kinds in the order of the enum, so that a kind's row is `KINDS[kind as usize]`.
const _: () = {
    let mut i = 0;
    while i < KINDS.len() {
        assert!(KINDS[i].0 as usize == i);
        i += 1;
    }
};

/// The first `N` kinds of [`KINDS`].
const fn first_kinds<const N: usize>() -> [ChuKind; N] {
    let mut kinds = [K::King; N];
    let mut i = 0;
    while i < N {
        kinds[i] = KINDS[i].0;
        i += 1;
    }
    kinds
}

/// Every kind, in the table's order.
const ALL: [ChuKind; 39] = first_kinds();

impl ChuKind {
    /// The 21 kinds of the start position (CHU-1.2), in the order of SPEC.md's table.
    pub const UNPROMOTED: [ChuKind; 21] = first_kinds();

    /// CHU-4: the kind this one becomes when it promotes; `None` for King, Lion, Free King and
    /// every promoted kind (they never promote).
    pub const fn promotes_to(self) -> Option<ChuKind> {
        Some(match self {
            K::DragonKing => K::SoaringEagle,
            K::DragonHorse => K::HornedFalcon,
            K::Rook => K::PromotedRook,
            K::Bishop => K::PromotedBishop,
            K::VerticalMover => K::FlyingOx,
            K::SideMover => K::FreeBoar,
            K::ReverseChariot => K::Whale,
            K::Lance => K::WhiteHorse,
            K::Kirin => K::PromotedKirin,
            K::Phoenix => K::PromotedPhoenix,
            K::DrunkElephant => K::CrownPrince,
            K::BlindTiger => K::FlyingStag,
            K::GoldGeneral => K::PromotedGold,
            K::SilverGeneral => K::PromotedSilver,
            K::CopperGeneral => K::PromotedCopper,
            K::FerociousLeopard => K::PromotedLeopard,
            K::GoBetween => K::PromotedGoBetween,
            K::Pawn => K::Tokin,
            _ => return None,
        })
    }

    /// The kind a promoted kind was before it promoted; `None` for unpromoted kinds.
    pub fn promoted_from(self) -> Option<ChuKind> {
        ChuKind::UNPROMOTED
            .into_iter()
            .find(|k| k.promotes_to() == Some(self))
    }

    /// Whether this kind is a promoted one (written with `+`).
    pub fn is_promoted(self) -> bool {
        self.promoted_from().is_some()
    }

    /// CHU-6: the royal kinds, King and Crown Prince. Capturing a side's last royal wins.
    pub const fn is_royal(self) -> bool {
        matches!(self, K::King | K::CrownPrince)
    }

    /// CHU-5: the lions of the lion-trading rules: the Lion and the promoted Kirin.
    pub const fn is_lion(self) -> bool {
        matches!(self, K::Lion | K::PromotedKirin)
    }
}

impl crate::Kind for ChuKind {
    const ALL: &'static [ChuKind] = &ALL;
    const PAWN: Option<Self> = Some(K::Pawn);
    const KING: Option<Self> = Some(K::King);

    fn symbol(self) -> &'static str {
        KINDS[self as usize].1
    }

    fn betza(self) -> Option<&'static str> {
        BETZA.iter().find(|(k, _)| *k == self).map(|(_, b)| *b)
    }

    fn rule(self) -> Option<&'static str> {
        Some(MailboxRules::movement_rule(self))
    }

    /// The kanji of lishogi's Chu piece sets ([`KINDS`]).
    fn label(self) -> Option<&'static str> {
        Some(KINDS[self as usize].3)
    }

    /// CHU-3.4, CHU-3.6: lion power, everywhere or on its rays.
    fn two_steps(self) -> bool {
        matches!(
            self,
            K::Lion | K::PromotedKirin | K::HornedFalcon | K::SoaringEagle
        )
    }

    fn long_label(self) -> Option<&'static str> {
        Some(KINDS[self as usize].4)
    }

    fn name(self) -> &'static str {
        KINDS[self as usize].2
    }

    /// CHU-8: moves are written in USI (`7g7f`, `7g6f5e`, `8h7g+`). Without a position a
    /// promotion (`+`) cannot be read (what the piece becomes depends on the piece):
    /// [`crate::moves::ParseMoveError::PromotionNeedsPosition`]; [`crate::Game::read_move`]
    /// reads it with the position.
    const MOVE_NOTATION: MoveNotation = MoveNotation::Usi(SHAPE);
}

/// CHU-3.2, CHU-3.3 — each piece's movement as a Betza string (owner-relative; the table of
/// SPEC.md and of lishogi's rules). For the pieces with lion power this is the set of squares
/// one leg reaches (`KNAD` for the lions; the Eagle's `fF`+`fA` and the Falcon's `fW`+`fD` on their
/// lion rays); their two-step moves (CHU-3.4 … CHU-3.6) are not Betza.
pub const BETZA: &[(ChuKind, &str)] = &[
    (K::King, "K"),
    (K::Lion, "KNAD"),
    (K::FreeKing, "Q"),
    (K::DragonKing, "RF"),
    (K::DragonHorse, "BW"),
    (K::Rook, "R"),
    (K::Bishop, "B"),
    (K::VerticalMover, "vRsW"),
    (K::SideMover, "sRvW"),
    (K::ReverseChariot, "vR"),
    (K::Lance, "fR"),
    (K::Kirin, "FD"),
    (K::Phoenix, "WA"),
    (K::DrunkElephant, "FsfW"),
    (K::BlindTiger, "FsbW"),
    (K::GoldGeneral, "WfF"),
    (K::SilverGeneral, "FfW"),
    (K::CopperGeneral, "fFvW"),
    (K::FerociousLeopard, "FvW"),
    (K::GoBetween, "vW"),
    (K::Pawn, "fW"),
    (K::SoaringEagle, "RbBfFfA"),
    (K::HornedFalcon, "BsbRfWfD"),
    (K::PromotedRook, "RF"),
    (K::PromotedBishop, "BW"),
    (K::FlyingOx, "BvR"),
    (K::FreeBoar, "BsR"),
    (K::Whale, "vRbB"),
    (K::WhiteHorse, "vRfB"),
    (K::PromotedKirin, "KNAD"),
    (K::PromotedPhoenix, "Q"),
    (K::CrownPrince, "K"),
    (K::FlyingStag, "FvRsW"),
    (K::PromotedGold, "R"),
    (K::PromotedSilver, "vRsW"),
    (K::PromotedCopper, "sRvW"),
    (K::PromotedLeopard, "B"),
    (K::PromotedGoBetween, "FsfW"),
    (K::Tokin, "WfF"),
];
