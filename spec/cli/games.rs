//! From a game name to a game type, and the per-game inputs every command shares: the position
//! (`--fen`), the rule switches (`--switch`) and the generator (`--generator`).
//!
//! Every command is one generic function over the game; [`with_game`] holds the only match on
//! game names. Adding a game to the command line is one arm there and one `impl CliGame` line
//! (which may override how the game's records are read).

use super::error::CliError;
use crate::chess::Chess;
use crate::chu::Chu;
use crate::congo::{zillions, Congo};
use crate::hunterbeest::Hunterbeest;
use crate::kuma::Kuma;
use crate::replay::{ReplayError, ReplaySummary};
use crate::switches::{SwitchError, Switches};
use crate::{Game, Generator, Position};
use serde::Serialize;

/// A game the command line knows.
pub struct GameInfo {
    /// The name on the command line and of its corpus folder.
    pub name: &'static str,
    /// The name in words.
    pub title: &'static str,
}

/// Every game of the specification, implemented or not (see [`implemented`]).
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "kuma",
        title: "Kuma Chess",
    },
    GameInfo {
        name: "chess",
        title: "orthodox chess",
    },
    GameInfo {
        name: "congo",
        title: "Congo",
    },
    GameInfo {
        name: "hunterbeest",
        title: "Bachelor Hunterbeest",
    },
    GameInfo {
        name: "chu",
        title: "Chu Shogi",
    },
];

/// A game the command line can drive: its switches can be read from `--switch name=value`
/// ([`crate::switches::Switches::set_pair`]) and written in JSON (serde), and its game records
/// replayed.
pub trait CliGame: crate::diagram::Draw + Game<Switches: Serialize> {
    /// Replays a game record from the start position with `gen`. The default reads the record
    /// notation of [`crate::replay::replay`]; a game with a record format of its own recognises
    /// it here.
    ///
    /// # Errors
    /// The first wrong move of the record.
    fn replay(gen: &dyn Generator<Self>, text: &str) -> Result<ReplaySummary, ReplayError> {
        crate::replay::replay(gen, text)
    }
}

impl CliGame for Kuma {}

impl CliGame for Chess {}

impl CliGame for Hunterbeest {}

impl CliGame for Chu {
    /// A USI move list (CHU-8.3): moves separated by white space, `#` comments, an optional
    /// first line `sfen <SFEN>`; repetition judged over the replayed history (CHU-6.5).
    fn replay(gen: &dyn Generator<Chu>, text: &str) -> Result<ReplaySummary, ReplayError> {
        crate::chu::record::replay_usi(gen, text)
    }
}

impl CliGame for Congo {
    /// Zillions of Games save files (`.zsg`, recognised by their first line) or the common
    /// record notation.
    fn replay(gen: &dyn Generator<Congo>, text: &str) -> Result<ReplaySummary, ReplayError> {
        if zillions::is_zillions(text) {
            zillions::replay_zillions(gen, text)
        } else {
            crate::replay::replay(gen, text)
        }
    }
}

/// A command generic over the game: [`with_game`] picks the type.
pub trait GameCommand {
    type Output;
    fn run<G: CliGame>(self) -> Result<Self::Output, CliError>;
}

/// Runs `cmd` for the game called `name`.
///
/// # Errors
/// [`CliError::UnknownGame`], [`CliError::NotImplemented`], or the command's own error.
pub fn with_game<C: GameCommand>(name: &str, cmd: C) -> Result<C::Output, CliError> {
    match name {
        "kuma" => cmd.run::<Kuma>(),
        "congo" => cmd.run::<Congo>(),
        "chess" => cmd.run::<Chess>(),
        "hunterbeest" => cmd.run::<Hunterbeest>(),
        "chu" => cmd.run::<Chu>(),
        _ if GAMES.iter().any(|g| g.name == name) => {
            Err(CliError::NotImplemented(name.to_string()))
        }
        _ => Err(CliError::UnknownGame(name.to_string())),
    }
}

/// Checks that `name` is a game the command line can run.
///
/// # Errors
/// [`CliError::UnknownGame`] or [`CliError::NotImplemented`].
pub fn check_name(name: &str) -> Result<(), CliError> {
    struct Probe;
    impl GameCommand for Probe {
        type Output = ();
        fn run<G: CliGame>(self) -> Result<(), CliError> {
            Ok(())
        }
    }
    with_game(name, Probe)
}

/// Whether the game called `name` is implemented (for the help text and `verify`).
pub fn implemented(name: &str) -> bool {
    check_name(name).is_ok()
}

/// The position of `--fen` (with or without its two move counters), or the start position.
///
/// # Errors
/// [`CliError::Fen`] with the parser's or the validator's reason.
pub fn position<G: Game>(fen: Option<&str>) -> Result<Position<G>, CliError> {
    match fen {
        None => Ok(Position::start()),
        Some(text) => {
            // As the game's players paste it (Chu Shogi: lishogi's SFEN, a USI `position` line,
            // KIF): the notes go to standard error, the moves are played.
            let read = G::read_position_text(text).map_err(|message| CliError::Fen {
                fen: text.to_string(),
                message,
            })?;
            for note in &read.notes {
                eprintln!("warning: {}: {note}", G::NAME);
            }
            let mut pos = Position::from_fen(&read.fen).map_err(|e| CliError::Fen {
                fen: text.to_string(),
                message: e.to_string(),
            })?;
            let gen = G::reference(&G::Switches::default());
            for m in &read.moves {
                let mv = gen
                    .parse_move(&pos, m)
                    .map_err(|e| CliError::Moves(format!("{m:?} in {}: {e}", pos.fen())))?;
                pos = gen.play_unchecked(&pos, &mv);
            }
            Ok(pos)
        }
    }
}

/// The game's switches: its defaults, changed by each `name=value` in order.
///
/// # Errors
/// [`CliError::Switch`] for a malformed pair, a name the game does not have (the message lists the
/// names it has) or a value it does not accept (the message lists the values).
pub fn switches<'a, G: CliGame>(
    pairs: impl IntoIterator<Item = &'a str>,
) -> Result<G::Switches, CliError> {
    let mut current = G::Switches::default();
    for pair in pairs {
        current.set_pair(pair).map_err(|e| {
            CliError::Switch(match e {
                SwitchError::NotAPair { .. } => format!("--switch {pair:?}: expected name=value"),
                SwitchError::NoSwitches => format!("{} has no switches", G::NAME),
                SwitchError::UnknownSwitch { name, known } => format!(
                    "{} has no switch {name:?}; its switches: {}",
                    G::NAME,
                    known.join(", ")
                ),
                SwitchError::UnknownValue {
                    switch,
                    value,
                    values,
                } => {
                    let mut msg = format!(
                        "--switch {pair}: {switch} must be one of {}, not {value:?}",
                        values.join(", ")
                    );
                    if let Some(close) = super::args::did_you_mean(&value, values.iter().copied()) {
                        msg.push_str(&format!("; did you mean {close:?}?"));
                    }
                    msg
                }
            })
        })?;
    }
    Ok(current)
}

/// The two generators every game has (the bitboard one once it is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GeneratorChoice {
    /// The mailbox generator, one function per rule
    Reference,
    /// The optimized generator
    Bitboard,
}

impl GeneratorChoice {
    /// `reference` or `bitboard`, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GeneratorChoice::Reference => "reference",
            GeneratorChoice::Bitboard => "bitboard",
        }
    }
}

/// The chosen generator; without a choice the bitboard generator where the game has one, else the
/// reference.
///
/// # Errors
/// [`CliError::NoBitboard`] if the bitboard generator was asked for and does not exist yet.
pub fn generator<G: Game>(
    choice: Option<GeneratorChoice>,
    switches: &G::Switches,
) -> Result<Box<dyn Generator<G>>, CliError> {
    match choice {
        Some(GeneratorChoice::Reference) => Ok(G::reference(switches)),
        Some(GeneratorChoice::Bitboard) => {
            G::bitboard(switches).ok_or(CliError::NoBitboard(G::NAME))
        }
        None => Ok(G::bitboard(switches).unwrap_or_else(|| G::reference(switches))),
    }
}

/// Every generator the game has: the reference, then the bitboard generator if it exists.
pub fn all_generators<G: Game>(
    switches: &G::Switches,
) -> Vec<(GeneratorChoice, Box<dyn Generator<G>>)> {
    let mut gens = vec![(GeneratorChoice::Reference, G::reference(switches))];
    gens.extend(G::bitboard(switches).map(|g| (GeneratorChoice::Bitboard, g)));
    gens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kuma::{BlindBearWin, KumaSwitches};

    #[test]
    fn kuma_switches_read_kebab_and_snake_names() {
        let s = switches::<Kuma>(["blind-bear=even-if-exposed"]).unwrap();
        assert_eq!(s.blind_bear, BlindBearWin::EvenIfExposed);
        let s = switches::<Kuma>(["blind_bear=even-if-exposed", "blind-bear=needs-legal-move"])
            .unwrap();
        assert_eq!(s, KumaSwitches::default());
    }

    #[test]
    fn bad_switches_name_the_choices() {
        let e = switches::<Kuma>(["blind-bear=sometimes"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("even-if-exposed"), "{e}");
        assert!(e.contains("\"sometimes\""), "{e}");
        assert!(!e.contains("unknown variant"), "{e}");
        let e = switches::<Kuma>(["blind-bear=even-if-exposd"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean \"even-if-exposed\"?"), "{e}");
        let e = switches::<Kuma>(["colour=red"]).unwrap_err().to_string();
        assert!(e.contains("blind-bear"), "{e}");
        assert!(switches::<Kuma>(["blind-bear"]).is_err());
    }

    #[test]
    fn game_names() {
        assert!(implemented("kuma"));
        assert!(implemented("congo"));
        assert!(implemented("chess"));
        assert!(implemented("hunterbeest"));
        assert!(implemented("chu"));
        assert!(matches!(check_name("shogi"), Err(CliError::UnknownGame(_))));
    }
}
