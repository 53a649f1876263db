//! The games of the crate, named once: [`GameId`] (one variant per game, its name and title) and
//! the dispatch from a name to a game's type ([`GameId::run`] with a [`GameCommand`]). The command
//! line, the web server, `verify` and the fuzz targets that cover every game go through here;
//! nothing else lists the games.
//!
//! A game lives in its own folder (`spec/<game>/`): its types, its generators and its glue — the
//! traits of the feature folders ([`Explain`], [`Draw`], [`CheckGame`], [`Records`]). Adding a
//! game is that folder and one line in the list at the end of this file.
//!
//! ```
//! use fairyspec::registry::GameId;
//!
//! let chu: GameId = "chu".parse().unwrap();
//! assert_eq!(chu.title(), "Chu Shogi");
//! assert_eq!(GameId::ALL.len(), 5);
//! assert!("shogi".parse::<GameId>().unwrap_err().to_string().contains("unknown game"));
//! ```

use crate::check::CheckGame;
use crate::coverage::Cover;
use crate::diagram::Draw;
use crate::explain::Explain;
use crate::game::PastedError;
use crate::replay::Records;
use crate::switches::{SwitchError, Switches};
use crate::{Game, Generator, Position};
use serde::Serialize;
use std::fmt;

/// What the command line and the server need of a game: all its glue. Every type with the
/// traits has it.
pub trait Registered:
    Game<Switches: Serialize> + Explain + Draw + CheckGame + Records + Cover
{
}

impl<G> Registered for G where
    G: Game<Switches: Serialize> + Explain + Draw + CheckGame + Records + Cover
{
}

/// Something to do with a game whose type is chosen at run time ([`GameId::run`]).
pub trait GameCommand {
    /// What it gives back.
    type Output;
    /// Does it for game `G`.
    fn run<G: Registered>(self) -> Self::Output;
}

/// A name that is no game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game {:?}; the games are: {}",
            self.0,
            GameId::names().join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// Why the inputs every question about a position shares (the position, the switches, the
/// generator) cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// A FEN that is not a position of the game, with the parser's or validator's reason.
    Fen { fen: String, message: String },
    /// A switch the game does not have, or a value it does not accept (in words).
    Switch(String),
    /// Moves that are no legal line from the position (the message names the move and the
    /// position it was tried in).
    Moves(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Fen { fen, message } => write!(f, "--fen {fen:?}: {message}"),
            InputError::Switch(msg) => write!(f, "{msg}"),
            InputError::Moves(msg) => write!(f, "--moves: {msg}"),
        }
    }
}

impl std::error::Error for InputError {}

/// The two generators every game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum GeneratorChoice {
    /// The mailbox generator, one function per rule
    Reference,
    /// The optimized generator
    Bitboard,
}

impl GeneratorChoice {
    /// Both, as the command line and the API write them.
    pub const ALL: [GeneratorChoice; 2] = [GeneratorChoice::Reference, GeneratorChoice::Bitboard];

    /// `reference` or `bitboard`, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GeneratorChoice::Reference => "reference",
            GeneratorChoice::Bitboard => "bitboard",
        }
    }

    /// The choice written `text`.
    pub fn parse(text: &str) -> Option<GeneratorChoice> {
        Self::ALL.into_iter().find(|c| c.name() == text)
    }
}

/// The position of `fen` (with or without its two move counters, or as the game's players paste
/// it: [`Game::read_position_text`]), or the start position.
///
/// # Errors
/// [`InputError::Fen`] with the parser's or the validator's reason, [`InputError::Moves`] for a
/// pasted move that is not legal.
pub fn position<G: Game>(fen: Option<&str>) -> Result<Position<G>, InputError> {
    match fen {
        None => Ok(Position::start()),
        Some(text) => {
            // As the game's players paste it (Chu Shogi: lishogi's SFEN, a USI `position` line,
            // KIF): the notes go to standard error, the moves are played.
            let pasted = Position::<G>::from_pasted(text).map_err(|e| match e {
                PastedError::Text(message) => InputError::Fen {
                    fen: text.to_string(),
                    message,
                },
                PastedError::Fen { error, .. } => InputError::Fen {
                    fen: text.to_string(),
                    message: error.to_string(),
                },
                PastedError::Move {
                    text, fen, error, ..
                } => InputError::Moves(format!("{text:?} in {fen}: {error}")),
            })?;
            for note in &pasted.notes {
                eprintln!("warning: {}: {note}", G::NAME);
            }
            Ok(pasted.position)
        }
    }
}

/// The game's switches: its defaults, changed by each `name=value`. A switch may be given twice
/// with the same reading (`blind-bear=even-if-exposed` and `blind_bear=even-if-exposed` are
/// one), never with two: which one was meant is not the reader's to guess.
///
/// # Errors
/// [`InputError::Switch`] for a malformed pair, a name the game does not have (the message lists
/// the names it has), a value it does not accept (the message lists the values, and the
/// closest one where one is close), or a switch given twice with different readings.
pub fn switches<'a, G: Game>(
    pairs: impl IntoIterator<Item = &'a str>,
) -> Result<G::Switches, InputError> {
    let mut current = G::Switches::default();
    // Each switch given so far: its name, its reading, the pair that gave it.
    let mut given: Vec<(String, &'static str, &str)> = Vec::new();
    for pair in pairs {
        current.set_pair(pair).map_err(|e| {
            InputError::Switch(match e {
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
                    if let Some(close) = closest(&value, &values) {
                        msg.push_str(&format!("; did you mean {close:?}?"));
                    }
                    msg
                }
            })
        })?;
        let name = pair
            .split_once('=')
            .map_or("", |(n, _)| n)
            .trim()
            .replace('_', "-");
        let reading = current.get(&name).unwrap_or_default();
        match given.iter().find(|(n, _, _)| *n == name) {
            Some((_, first, earlier)) if *first != reading => {
                return Err(InputError::Switch(format!(
                    "--switch {name} is given twice with different readings ({earlier:?}, then \
                     {pair:?}); give it once"
                )))
            }
            Some(_) => {}
            None => given.push((name, reading, pair)),
        }
    }
    Ok(current)
}

/// The value of `values` a misspelt `word` most likely meant, if one is close enough (Jaro
/// similarity above 0.7, as clap's own suggestions).
pub fn closest<'a>(word: &str, values: &[&'a str]) -> Option<&'a str> {
    values
        .iter()
        .map(|v| (strsim::jaro(word, v), *v))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, v)| v)
}

/// The chosen generator; without a choice the bitboard generator (the fast one).
pub fn generator<G: Game>(
    choice: Option<GeneratorChoice>,
    switches: &G::Switches,
) -> Box<dyn Generator<G>> {
    match choice {
        Some(GeneratorChoice::Reference) => G::reference(switches),
        Some(GeneratorChoice::Bitboard) | None => G::bitboard(switches),
    }
}

/// Every generator the game has: the reference, then the bitboard generator.
pub fn all_generators<G: Game>(
    switches: &G::Switches,
) -> Vec<(GeneratorChoice, Box<dyn Generator<G>>)> {
    vec![
        (GeneratorChoice::Reference, G::reference(switches)),
        (GeneratorChoice::Bitboard, G::bitboard(switches)),
    ]
}

/// SPEC.md's diagrams of every game: `(game, file name, SVG)`, the files of
/// `docs/diagrams/<game>/` ([`crate::diagram::spec_set`]).
pub fn all_spec_sets() -> Vec<(&'static str, String, String)> {
    struct Sets;
    impl GameCommand for Sets {
        type Output = Vec<(&'static str, String, String)>;
        fn run<G: Registered>(self) -> Self::Output {
            crate::diagram::spec_set::<G>()
                .into_iter()
                .map(|(f, s)| (G::NAME, f, s))
                .collect()
        }
    }
    GameId::ALL.iter().flat_map(|g| g.run(Sets)).collect()
}

/// The list of games: `registry! { Variant: Type, … }` makes [`GameId`] with one variant per
/// game, in this order (the order of the help, the page and `verify`).
macro_rules! registry {
    ($($id:ident: $game:ty),* $(,)?) => {
        /// A game of the crate, chosen at run time (on the command line with clap's
        /// `ValueEnum`; its text is the game's [`Game::NAME`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $(
                #[doc = concat!("[`", stringify!($game), "`]")]
                $id,
            )*
        }

        impl GameId {
            /// Every game, in the registry's order.
            pub const ALL: &'static [GameId] = &[$(GameId::$id),*];

            /// Runs `cmd` with the game's type.
            pub fn run<C: GameCommand>(self, cmd: C) -> C::Output {
                match self {
                    $(GameId::$id => cmd.run::<$game>(),)*
                }
            }

            /// The game's name on the command line and in the API ([`Game::NAME`]: `kuma`).
            pub fn name(self) -> &'static str {
                match self {
                    $(GameId::$id => <$game as Game>::NAME,)*
                }
            }

            /// The game's name in words ([`Game::TITLE`]: `Kuma Chess`).
            pub fn title(self) -> &'static str {
                match self {
                    $(GameId::$id => <$game as Game>::TITLE,)*
                }
            }
        }
    };
}

impl GameId {
    /// Every game's [`GameId::name`].
    pub fn names() -> Vec<&'static str> {
        GameId::ALL.iter().map(|g| g.name()).collect()
    }
}

impl std::str::FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGame(name.to_string()))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "cli")]
impl clap::ValueEnum for GameId {
    fn value_variants<'a>() -> &'a [Self] {
        GameId::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.title()))
    }
}

registry! {
    Kuma: crate::kuma::Kuma,
    Chess: crate::chess::Chess,
    Congo: crate::congo::Congo,
    Hunterbeest: crate::hunterbeest::Hunterbeest,
    Chu: crate::chu::Chu,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for &g in GameId::ALL {
            assert_eq!(g.name().parse::<GameId>(), Ok(g));
        }
        assert_eq!(
            "shogi".parse::<GameId>().unwrap_err().to_string(),
            "unknown game \"shogi\"; the games are: kuma, chess, congo, hunterbeest, chu"
        );
        assert_eq!(GameId::Chess.title(), "orthodox chess");
    }

    #[test]
    fn switches_read_kebab_and_snake_names() {
        use crate::kuma::{BlindBearWin, Kuma, KumaSwitches};
        let s = switches::<Kuma>(["blind-bear=even-if-exposed"]).unwrap();
        assert_eq!(s.blind_bear, BlindBearWin::EvenIfExposed);
        // The same reading twice, in either spelling, is one.
        let s = switches::<Kuma>([
            "blind_bear=even-if-exposed",
            " blind-bear = even-if-exposed",
        ])
        .unwrap();
        assert_eq!(s.blind_bear, BlindBearWin::EvenIfExposed);
        let s = switches::<Kuma>(["blind-bear=needs-legal-move"]).unwrap();
        assert_eq!(s, KumaSwitches::default());
    }

    /// Issue 32: `--switch blind-bear=even-if-exposed --switch blind-bear=needs-legal-move` was
    /// read as the last one.
    #[test]
    fn a_switch_given_twice_with_two_readings_is_refused() {
        use crate::kuma::Kuma;
        let e = switches::<Kuma>(["blind-bear=even-if-exposed", "blind_bear=needs-legal-move"])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--switch blind-bear is given twice with different readings \
             (\"blind-bear=even-if-exposed\", then \"blind_bear=needs-legal-move\"); give it once"
        );
        // Also when the second is the default reading: it is still another one.
        assert!(
            switches::<Kuma>(["blind-bear=needs-legal-move", "blind-bear=even-if-exposed"])
                .is_err()
        );
    }

    #[test]
    fn bad_switches_name_the_choices() {
        use crate::kuma::Kuma;
        let e = switches::<Kuma>(["blind-bear=sometimes"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("even-if-exposed"), "{e}");
        assert!(e.contains("\"sometimes\""), "{e}");
        assert!(!e.contains("unknown variant"), "{e}");
        assert!(!e.contains("did you mean"), "{e}");
        let e = switches::<Kuma>(["blind-bear=even-if-exposd"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean \"even-if-exposed\"?"), "{e}");
        let e = switches::<Kuma>(["colour=red"]).unwrap_err().to_string();
        assert!(e.contains("blind-bear"), "{e}");
        assert!(switches::<Kuma>(["blind-bear"]).is_err());
    }
}
