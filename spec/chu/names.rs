//! How shogi players name Chu Shogi's pieces: the kanji on the pieces and in game records.
//!
//! The kanji are lishogi's, as its rules library shogiops (Wanderer XII, `src/notation/util.ts`:
//! `roleToKanji`, `roleToFullKanji`; MIT) writes them for its Chu Shogi roles, each of this
//! crate's kinds matched to shogiops' role by its SFEN letter (`src/sfen.ts`). A tile carries one
//! kanji (lishogi's one-kanji piece sets); a promoted kind carries the kanji of the piece it
//! moves as, drawn in red, so that a red 飛 (a promoted Gold General) and a black 飛 (a Rook)
//! are told apart as on lishogi's boards. The long names (two or three kanji) are those of
//! lishogi's KIF records (`一歩目 7九獅子`).

use super::ChuKind;
use ChuKind as K;

/// Each kind: the kanji of its tile, and its name in game records.
const KANJI: [(ChuKind, &str, &str); 39] = [
    (K::King, "玉", "玉将"),
    (K::Lion, "獅", "獅子"),
    (K::FreeKing, "奔", "奔王"),
    (K::DragonKing, "龍", "龍王"),
    (K::DragonHorse, "馬", "龍馬"),
    (K::Rook, "飛", "飛車"),
    (K::Bishop, "角", "角行"),
    (K::VerticalMover, "竪", "竪行"),
    (K::SideMover, "横", "横行"),
    (K::ReverseChariot, "反", "反車"),
    (K::Lance, "香", "香車"),
    (K::Kirin, "麒", "麒麟"),
    (K::Phoenix, "鳳", "鳳凰"),
    (K::DrunkElephant, "象", "醉象"),
    (K::BlindTiger, "虎", "盲虎"),
    (K::GoldGeneral, "金", "金将"),
    (K::SilverGeneral, "銀", "銀将"),
    (K::CopperGeneral, "銅", "銅将"),
    (K::FerociousLeopard, "豹", "猛豹"),
    (K::GoBetween, "仲", "仲人"),
    (K::Pawn, "歩", "歩兵"),
    (K::SoaringEagle, "鷲", "飛鷲"),
    (K::HornedFalcon, "鷹", "角鷹"),
    (K::PromotedRook, "龍", "龍王"),
    (K::PromotedBishop, "馬", "龍馬"),
    (K::FlyingOx, "牛", "飛牛"),
    (K::FreeBoar, "猪", "奔猪"),
    (K::Whale, "鯨", "鯨鯢"),
    (K::WhiteHorse, "駒", "白駒"),
    (K::PromotedKirin, "獅", "獅子"),
    (K::PromotedPhoenix, "奔", "奔王"),
    (K::CrownPrince, "太", "太子"),
    (K::FlyingStag, "鹿", "飛鹿"),
    (K::PromotedGold, "飛", "金飛車"),
    (K::PromotedSilver, "竪", "竪行"),
    (K::PromotedCopper, "横", "横行"),
    (K::PromotedLeopard, "角", "小角"),
    (K::PromotedGoBetween, "象", "醉象"),
    (K::Tokin, "金", "金将"),
];

fn entry(kind: ChuKind) -> (ChuKind, &'static str, &'static str) {
    KANJI
        .iter()
        .copied()
        .find(|(k, _, _)| *k == kind)
        .unwrap_or((kind, "?", "?"))
}

/// The kanji on the piece's tile (red on a promoted piece).
pub fn kanji(kind: ChuKind) -> &'static str {
    entry(kind).1
}

/// The piece's name as lishogi's records write it (`獅子`).
pub fn kanji_name(kind: ChuKind) -> &'static str {
    entry(kind).2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn every_kind_has_its_kanji_once() {
        for &k in ChuKind::ALL {
            assert_eq!(KANJI.iter().filter(|(x, _, _)| *x == k).count(), 1, "{k:?}");
            assert_eq!(kanji(k).chars().count(), 1, "{k:?}");
            assert!(kanji_name(k).chars().count() >= 2, "{k:?}");
        }
        // A tile and its colour tell every kind apart: no two unpromoted kinds, and no two
        // promoted kinds, share a kanji.
        for promoted in [false, true] {
            let mut seen = std::collections::BTreeSet::new();
            for &k in ChuKind::ALL.iter().filter(|k| k.is_promoted() == promoted) {
                assert!(seen.insert(kanji(k)), "{k:?}");
            }
        }
    }
}
