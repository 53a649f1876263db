//! How shogi players name Chu Shogi's pieces: the kanji on the pieces and in game records (the
//! kinds' table, [`super::kinds::KINDS`], says where they come from).

use super::kinds::KINDS;
use super::ChuKind;

/// The kanji on the piece's tile (red on a promoted piece).
pub fn kanji(kind: ChuKind) -> &'static str {
    KINDS[kind as usize].3
}

/// The piece's name as lishogi's records write it (`獅子`).
pub fn kanji_name(kind: ChuKind) -> &'static str {
    KINDS[kind as usize].4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn every_kind_has_its_kanji() {
        for &k in ChuKind::ALL {
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
