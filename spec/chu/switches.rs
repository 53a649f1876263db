//! The switches of Chu Shogi as data ([`crate::switches`]): each switch of [`ChuSwitches`] with
//! its readings, their rule IDs and what each says (SPEC.md, the switch table of the Chu chapter).

use super::{
    BareKing, ChuSwitches, CounterStrike, KirinRecapture, LastRankPromotion, LionProtection,
    Repetition,
};
use crate::switches::{Reading, Switch, SwitchError, SwitchValue, Switches};

impl SwitchValue for BareKing {
    const SWITCH: Switch = Switch {
        name: "bare-king",
        rules: "CHU-6.4, CHU-7",
        question: "when does a side reduced to a bare royal lose?",
        readings: &[
            Reading {
                value: "lishogi",
                rules: "CHU-7.1",
                meaning: "at once, against more than one counting piece and an unattacked royal",
            },
            Reading {
                value: "jcsa",
                rules: "CHU-7.2",
                meaning: "only against a royal and one piece that the bare royal cannot take",
            },
            Reading {
                value: "munster1997",
                rules: "CHU-7.3, CHU-7.5",
                meaning: "at once, unless it can bare the opponent (a, b) or take its royal (c); \
                          note: Adams's own example 2, which he called a draw, is a loss for the \
                          bared side (CHU-7.6)",
            },
            Reading {
                value: "munster1997-emended",
                rules: "CHU-7.4, CHU-7.5",
                meaning: "as munster1997, but (a) and (b) must not lose the bare royal at once; \
                          note: Adams's example 2 is a loss for the bared side, as under \
                          munster1997 (CHU-7.6)",
            },
            Reading {
                value: "munster1997-all-pieces",
                rules: "CHU-7.3, CHU-7.5",
                meaning: "as munster1997, but a dead piece counts: bare is \"only one piece on \
                          the board\"; note: Adams's example 2 is a loss for the bared side, as \
                          under munster1997 (CHU-7.6)",
            },
            Reading {
                value: "munster1997-emended-all-pieces",
                rules: "CHU-7.4, CHU-7.5",
                meaning: "as munster1997-emended, but a dead piece counts, as in \
                          munster1997-all-pieces; note: Adams's example 2 is a loss for the bared \
                          side, as under munster1997 (CHU-7.6)",
            },
            Reading {
                value: "instantaneous",
                rules: "CHU-7.7",
                meaning: "at the moment the bare royal appears, whatever either side could do \
                          next (Adams's first interpretation)",
            },
        ],
    };
    const ALL: &'static [BareKing] = &[
        BareKing::Lishogi,
        BareKing::Jcsa,
        BareKing::Munster1997,
        BareKing::Munster1997Emended,
        BareKing::Munster1997AllPieces,
        BareKing::Munster1997EmendedAllPieces,
        BareKing::Instantaneous,
    ];

    fn text(self) -> &'static str {
        match self {
            BareKing::Lishogi => "lishogi",
            BareKing::Jcsa => "jcsa",
            BareKing::Munster1997 => "munster1997",
            BareKing::Munster1997Emended => "munster1997-emended",
            BareKing::Munster1997AllPieces => "munster1997-all-pieces",
            BareKing::Munster1997EmendedAllPieces => "munster1997-emended-all-pieces",
            BareKing::Instantaneous => "instantaneous",
        }
    }
}

impl SwitchValue for CounterStrike {
    const SWITCH: Switch = Switch {
        name: "counter-strike",
        rules: "CHU-5.3",
        question: "after a non-lion takes a lion, where may a non-lion take a lion next?",
        readings: &[
            Reading {
                value: "lishogi",
                rules: "CHU-5.3",
                meaning: "only on the square of that capture",
            },
            Reading {
                value: "jcsa",
                rules: "CHU-5.3",
                meaning: "anywhere, if the lion it takes is unprotected (JCSA, Okazaki)",
            },
        ],
    };
    const ALL: &'static [CounterStrike] = &[CounterStrike::Lishogi, CounterStrike::Jcsa];

    fn text(self) -> &'static str {
        match self {
            CounterStrike::Lishogi => "lishogi",
            CounterStrike::Jcsa => "jcsa",
        }
    }
}

impl SwitchValue for KirinRecapture {
    const SWITCH: Switch = Switch {
        name: "kirin-recapture",
        rules: "CHU-5.3",
        question: "may a non-lion take back at once the lion a Kirin became by taking a lion?",
        readings: &[
            Reading {
                value: "allowed",
                rules: "CHU-5.3",
                meaning: "yes, on the square of that capture (lishogi, L2 in minase)",
            },
            Reading {
                value: "counter-strike",
                rules: "CHU-5.3",
                meaning: "no more than any other lion: the counter-strike rule covers it (JCSA)",
            },
        ],
    };
    const ALL: &'static [KirinRecapture] =
        &[KirinRecapture::Allowed, KirinRecapture::CounterStrike];

    fn text(self) -> &'static str {
        match self {
            KirinRecapture::Allowed => "allowed",
            KirinRecapture::CounterStrike => "counter-strike",
        }
    }
}

impl SwitchValue for LionProtection {
    const SWITCH: Switch = Switch {
        name: "lion-protection",
        rules: "CHU-5.2",
        question: "when is a lion's protection judged for a capture from two squares away?",
        readings: &[
            Reading {
                value: "lishogi",
                rules: "CHU-5.2",
                meaning: "before the move, the capturing lion lifted",
            },
            Reading {
                value: "hachu",
                rules: "CHU-5.2",
                meaning: "after the move (HaChu)",
            },
        ],
    };
    const ALL: &'static [LionProtection] = &[LionProtection::Lishogi, LionProtection::Hachu];

    fn text(self) -> &'static str {
        match self {
            LionProtection::Lishogi => "lishogi",
            LionProtection::Hachu => "hachu",
        }
    }
}

impl SwitchValue for LastRankPromotion {
    const SWITCH: Switch = Switch {
        name: "last-rank-promotion",
        rules: "CHU-4.3",
        question: "who may promote on reaching the last rank from inside the zone?",
        readings: &[
            Reading {
                value: "pawn-and-lance",
                rules: "CHU-4.3",
                meaning: "the Pawn and the Lance (lishogi)",
            },
            Reading {
                value: "pawn-only",
                rules: "CHU-4.3",
                meaning: "the Pawn only (JCSA)",
            },
        ],
    };
    const ALL: &'static [LastRankPromotion] =
        &[LastRankPromotion::PawnAndLance, LastRankPromotion::PawnOnly];

    fn text(self) -> &'static str {
        match self {
            LastRankPromotion::PawnAndLance => "pawn-and-lance",
            LastRankPromotion::PawnOnly => "pawn-only",
        }
    }
}

impl SwitchValue for Repetition {
    const SWITCH: Switch = Switch {
        name: "repetition",
        rules: "CHU-6.5",
        question: "what does repeating a position do?",
        readings: &[
            Reading {
                value: "lishogi",
                rules: "CHU-6.5",
                meaning:
                    "lishogi's code: a fourfold repetition after twelve reversible moves ends it",
            },
            Reading {
                value: "fourfold",
                rules: "CHU-6.5",
                meaning: "the fourth occurrence ends the game at once (perpetual attack loses)",
            },
            Reading {
                value: "western",
                rules: "CHU-6.5",
                meaning: "a move that recreates an earlier position is illegal",
            },
        ],
    };
    const ALL: &'static [Repetition] = &[
        Repetition::Lishogi,
        Repetition::Fourfold,
        Repetition::Western,
    ];

    fn text(self) -> &'static str {
        match self {
            Repetition::Lishogi => "lishogi",
            Repetition::Fourfold => "fourfold",
            Repetition::Western => "western",
        }
    }
}

impl ChuSwitches {
    /// The number of bare-king formulations before issue 31 added the last three
    /// (`munster1997-all-pieces`, `munster1997-emended-all-pieces`, `instantaneous`).
    const EARLIER_BARE_KING: usize = 4;

    /// The switch readings of a fuzz input (`chu_differential`, `explain_reasons`). Byte `first`
    /// below 192 numbers the 192 combinations of the four first bare-king formulations as
    /// before the last three came (each stored input keeps its readings, byte for byte):
    /// `kirin-recapture` the most significant digit, then bare-king, counter-strike,
    /// lion-protection, last-rank-promotion and repetition, the last varying fastest. From 192 a
    /// second byte follows (`second` is called only then), and `256 * (first - 192) + second`,
    /// modulo 144, numbers the combinations of the last three formulations in the same order.
    pub fn from_fuzz_bytes(first: u8, second: impl FnOnce() -> u8) -> ChuSwitches {
        let kirin = KirinRecapture::ALL.len();
        let per_kirin = Self::combinations() / kirin;
        let per_bare = per_kirin / BareKing::ALL.len();
        let earlier = kirin * Self::EARLIER_BARE_KING * per_bare;
        let (n, block, bare_first) = if usize::from(first) < earlier {
            (usize::from(first), Self::EARLIER_BARE_KING, 0)
        } else {
            let later = BareKing::ALL.len() - Self::EARLIER_BARE_KING;
            let n = 256 * (usize::from(first) - earlier) + usize::from(second());
            (
                n % (kirin * later * per_bare),
                later,
                Self::EARLIER_BARE_KING,
            )
        };
        let per_block = block * per_bare;
        Self::combination((n / per_block) * per_kirin + bare_first * per_bare + n % per_block)
    }
}

impl Switches for ChuSwitches {
    // `kirin-recapture` first, the most significant digit of a combination number
    // ([`Switches::combination`]). With the seven bare-king formulations there are 336
    // combinations, more than a byte holds: the fuzz targets number them as
    // [`ChuSwitches::from_fuzz_bytes`] does, so that the stored seeds of
    // `corpus/fuzz/chu_differential/` keep the readings they were found under.
    const SWITCHES: &'static [Switch] = &[
        KirinRecapture::SWITCH,
        BareKing::SWITCH,
        CounterStrike::SWITCH,
        LionProtection::SWITCH,
        LastRankPromotion::SWITCH,
        Repetition::SWITCH,
    ];

    fn get(&self, name: &str) -> Option<&'static str> {
        Some(match name {
            "bare-king" => self.bare_king.text(),
            "counter-strike" => self.counter_strike.text(),
            "kirin-recapture" => self.kirin_recapture.text(),
            "lion-protection" => self.lion_protection.text(),
            "last-rank-promotion" => self.last_rank_promotion.text(),
            "repetition" => self.repetition.text(),
            _ => return None,
        })
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError> {
        match name {
            "bare-king" => self.bare_king = BareKing::from_text(value)?,
            "counter-strike" => self.counter_strike = CounterStrike::from_text(value)?,
            "kirin-recapture" => self.kirin_recapture = KirinRecapture::from_text(value)?,
            "lion-protection" => self.lion_protection = LionProtection::from_text(value)?,
            "last-rank-promotion" => {
                self.last_rank_promotion = LastRankPromotion::from_text(value)?;
            }
            "repetition" => self.repetition = Repetition::from_text(value)?,
            _ => return Err(Self::unknown_switch(name)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The readings of `corpus/fuzz/README.md`'s table, digit by digit: kirin-recapture, then
    /// bare-king (the formulations listed from `bare_first`), counter-strike, lion-protection,
    /// last-rank-promotion, repetition (fastest).
    fn by_digits(n: usize, bare_block: usize, bare_first: usize) -> ChuSwitches {
        let per_bare = 2 * 2 * 2 * 3;
        ChuSwitches {
            kirin_recapture: KirinRecapture::ALL[n / (bare_block * per_bare)],
            bare_king: BareKing::ALL[bare_first + n % (bare_block * per_bare) / per_bare],
            counter_strike: CounterStrike::ALL[n % 24 / 12],
            lion_protection: LionProtection::ALL[n % 12 / 6],
            last_rank_promotion: LastRankPromotion::ALL[n % 6 / 3],
            repetition: Repetition::ALL[n % 3],
        }
    }

    /// Bytes 0-191 keep the 192-combination numbering the stored seeds of
    /// `corpus/fuzz/chu_differential/` were found under, reading one byte; from 192 a second
    /// byte numbers the 144 combinations of the three bare-king formulations issue 31 added;
    /// together they reach all 336.
    #[test]
    fn fuzz_bytes_keep_the_earlier_numbering_and_reach_every_combination() {
        let mut seen = std::collections::HashSet::new();
        for first in 0..192u8 {
            let s = ChuSwitches::from_fuzz_bytes(first, || panic!("a second byte below 192"));
            assert_eq!(s, by_digits(usize::from(first), 4, 0), "byte {first}");
            seen.insert(format!("{s:?}"));
        }
        assert_eq!(
            ChuSwitches::from_fuzz_bytes(24, || 0).bare_king,
            BareKing::Jcsa
        );
        for first in 192..=255u8 {
            for second in 0..=255u8 {
                let s = ChuSwitches::from_fuzz_bytes(first, || second);
                let n = (256 * usize::from(first - 192) + usize::from(second)) % 144;
                assert_eq!(s, by_digits(n, 3, 4), "bytes {first} {second}");
                seen.insert(format!("{s:?}"));
            }
        }
        assert_eq!(
            ChuSwitches::from_fuzz_bytes(192, || 48).bare_king,
            BareKing::Instantaneous
        );
        assert_eq!(seen.len(), ChuSwitches::combinations());
        assert_eq!(seen.len(), 336);
    }
}
