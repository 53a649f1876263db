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

impl Switches for ChuSwitches {
    // `kirin-recapture` first, the most significant digit of a combination number
    // ([`Switches::combination`]). With the seven bare-king formulations there are 336
    // combinations, more than a byte holds: the fuzz targets read the number from two bytes
    // (`crate::check::targets::read_switches`), and the seeds of `corpus/fuzz/chu_differential/`
    // were rewritten to keep each its combination when the last three formulations came.
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
