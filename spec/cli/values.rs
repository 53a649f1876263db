//! The value parsers of the command line: they check numbers, game names and rule switches while
//! clap reads them, so that a bad value is an error naming its option and range.

use crate::perft::Counting;
use crate::registry::{self, GameCommand, GameId, Registered};
use clap::builder::{PossibleValue, TypedValueParser};

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;
/// The deepest perft the command line accepts (as in `.perft` files).
pub const MAX_DEPTH: u32 = 64;

/// One game, or every game (`diagram all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// Every game.
    All,
    /// This game.
    One(GameId),
}

/// Reads a game name or `all` (for `diagram all`, `corpus all --builtin`).
#[derive(Clone, Copy, Debug)]
pub struct GameOrAll;

impl TypedValueParser for GameOrAll {
    type Value = Games;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Games, clap::Error> {
        let text = value.to_string_lossy();
        if text == "all" {
            return Ok(Games::All);
        }
        text.parse().map(Games::One).map_err(|_| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                unknown_game_message(&text),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let all = PossibleValue::new("all").help("every game");
        Some(Box::new(
            GameId::ALL
                .iter()
                .map(|g| PossibleValue::new(g.name()).help(g.title()))
                .chain(std::iter::once(all)),
        ))
    }
}

/// Parses a whole number for option or argument `what`; `_` and `,` may group digits
/// (`5_000_000`).
///
/// # Errors
/// A message naming `what` and the range if it is not a number in `min..=max`.
pub fn number<T>(what: &str, text: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let digits: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    let bad = || format!("{what} must be a whole number from {min} to {max}, not {text:?}");
    let n = digits.parse::<T>().map_err(|_| bad())?;
    if n < min || n > max {
        return Err(bad());
    }
    Ok(n)
}

/// A whole number in `min..=max`, read by [`number`] for the option or argument clap is reading:
/// the message names the option as the user wrote it (`--hash-seed`, not `--seed`), or
/// `the <value name>` for an argument (`the depth`), so that two options sharing a range never
/// share a name in their errors.
#[derive(Clone, Copy, Debug)]
pub struct Bounded<T> {
    min: T,
    max: T,
}

impl<T> Bounded<T> {
    pub const fn new(min: T, max: T) -> Bounded<T> {
        Bounded { min, max }
    }
}

/// How a value's error names its option: `--long`, `-s`, or `the <value name>`.
pub fn option_name(arg: Option<&clap::Arg>) -> String {
    let Some(arg) = arg else {
        return "the value".to_string();
    };
    if let Some(long) = arg.get_long() {
        return format!("--{long}");
    }
    if let Some(short) = arg.get_short() {
        return format!("-{short}");
    }
    let name = arg
        .get_value_names()
        .and_then(|names| names.first())
        .map_or_else(|| arg.get_id().to_string(), ToString::to_string);
    format!("the {name}")
}

impl<T> TypedValueParser for Bounded<T>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let what = option_name(arg);
        number(&what, &value.to_string_lossy(), self.min, self.max)
            .map_err(|message| clap::Error::raw(clap::error::ErrorKind::ValueValidation, message))
    }
}

/// The depth of `perft` (0 to [`MAX_DEPTH`]).
pub(super) const DEPTH: Bounded<u32> = Bounded::new(0, MAX_DEPTH);
/// `--depth` of `conform` and `corpus` (1 to [`MAX_DEPTH`]).
pub(super) const DEPTH_FROM_1: Bounded<u32> = Bounded::new(1, MAX_DEPTH);
/// `--threads`, `--jobs` (1 to [`MAX_THREADS`]).
pub(super) const THREADS: Bounded<usize> = Bounded::new(1, MAX_THREADS);
/// `--hash` in MiB (0 to 1 TiB).
pub(super) const HASH_MIB: Bounded<usize> = Bounded::new(0, 1 << 20);
/// Node counts (`--max-nodes`, `--max-reference-nodes`) and seeds (`--seed`, `--hash-seed`).
pub(super) const ANY_U64: Bounded<u64> = Bounded::new(0, u64::MAX);
/// `--timeout` in seconds (1 s to a day).
pub(super) const TIMEOUT: Bounded<u64> = Bounded::new(1, 86_400);
/// `corpus --positions`.
pub(super) const POSITIONS: Bounded<usize> = Bounded::new(1, 100_000);
/// `conform --fuzz`.
pub(super) const FUZZ_POSITIONS: Bounded<usize> = Bounded::new(1, 1_000_000);
/// `conform --fuzz-depth` (1 to [`MAX_DEPTH`]).
pub(super) const FUZZ_DEPTH: Bounded<u32> = Bounded::new(1, MAX_DEPTH);
/// `conform --fuzz-time` in seconds (1 s to a year).
pub(super) const FUZZ_TIME: Bounded<u64> = Bounded::new(1, 31_536_000);
/// `--sample` (every K-th position).
pub(super) const SAMPLE: Bounded<usize> = Bounded::new(1, crate::conform::corpus::MAX_SAMPLE);
/// `coverage --budget` (positions traced).
pub(super) const BUDGET: Bounded<u64> = Bounded::new(1, 1_000_000_000);

/// `routes` or `results` ([`Counting`]).
pub(super) fn counting() -> impl TypedValueParser<Value = Counting> {
    clap::builder::PossibleValuesParser::new(Counting::ALL.map(Counting::name)).try_map(|name| {
        Counting::from_name(&name).ok_or_else(|| format!("unknown counting {name:?}"))
    })
}

pub(super) fn map_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        crate::conform::mapping::BUILTIN
            .iter()
            .map(|(name, _)| *name),
    )
}

/// Reads `--switch NAME=VALUE` as text: which game's switch it must be is known only once the
/// command runs ([`registry::switches`] checks it then, naming the choices). Its possible
/// values — every `NAME=VALUE` of every game, from [`crate::switches::Switches::SWITCHES`] — feed
/// the shell completions (the help pages list them per game instead).
#[derive(Clone, Copy, Debug)]
pub struct SwitchPair;

impl TypedValueParser for SwitchPair {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        static PAIRS: std::sync::OnceLock<Vec<(String, &'static str)>> = std::sync::OnceLock::new();
        let pairs = PAIRS.get_or_init(|| {
            struct Pairs;
            impl GameCommand for Pairs {
                type Output = Vec<(String, &'static str)>;
                fn run<G: Registered>(self) -> Self::Output {
                    use crate::switches::Switches;
                    G::Switches::SWITCHES
                        .iter()
                        .flat_map(|s| {
                            s.readings
                                .iter()
                                .map(move |r| (format!("{}={}", s.name, r.value), r.meaning))
                        })
                        .collect()
                }
            }
            let mut all: Vec<(String, &'static str)> = Vec::new();
            for g in GameId::ALL {
                for pair in g.run(Pairs) {
                    if !all.iter().any(|(p, _)| *p == pair.0) {
                        all.push(pair);
                    }
                }
            }
            all
        });
        Some(Box::new(pairs.iter().map(|(pair, meaning)| {
            PossibleValue::new(pair.as_str()).help(*meaning)
        })))
    }
}

/// `unknown game "shogi"; the games are: …` with a suggestion when one is close.
pub fn unknown_game_message(name: &str) -> String {
    let mut msg = registry::UnknownGame(name.to_string()).to_string();
    if let Some(close) = registry::closest(name, &GameId::names()) {
        msg.push_str(&format!("; did you mean {close:?}?"));
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::Cli;
    use clap::CommandFactory;

    #[test]
    fn numbers_accept_grouping_and_name_their_range() {
        assert_eq!(
            number::<u64>("nodes", "5_000,000", 0, u64::MAX),
            Ok(5_000_000)
        );
        for bad in ["-1", "65", "x", ""] {
            let e = number::<u32>("the depth", bad, 0, 64).unwrap_err();
            assert!(e.contains("the depth") && e.contains("0 to 64"), "{e}");
        }
    }

    /// The completions offer every reading of every game's switches; any text is read (the
    /// game checks it when the command runs).
    #[test]
    fn switch_completions_list_every_reading() {
        let values: Vec<String> = SwitchPair
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        for pair in [
            "blind-bear=even-if-exposed",
            "monkey-reentry=survives",
            "lion-jump=chain-goes-on",
            "bare-king=instantaneous",
            "stalemate=win",
            "bare-king=munster1997-emended",
            "repetition=western",
        ] {
            assert!(values.iter().any(|v| v == pair), "{pair}: {values:?}");
        }
        // SPEC.md's switch tables: Kuma two readings, Congo two switches of two, Hunterbeest
        // two; Chu's kirin-recapture two, bare-king seven, counter-strike, lion-protection,
        // last-rank-promotion two, repetition three.
        assert_eq!(values.len(), 2 + (2 + 2) + 2 + 2 + 7 + 2 + 2 + 2 + 3);
        let cmd = Cli::command();
        let text = SwitchPair.parse_ref(&cmd, None, std::ffi::OsStr::new("x=y"));
        assert_eq!(text.unwrap(), "x=y");
    }

    /// Every numeric option's error names the option as the user gave it (`--hash-seed` was
    /// once reported as `--seed`, `--jobs` as `--threads`).
    #[test]
    fn every_number_error_names_its_own_option() {
        let cases: [(&str, &[&str]); 14] = [
            ("the depth", &["perft", "kuma", "x"]),
            ("--threads", &["perft", "kuma", "1", "--threads", "x"]),
            ("--hash", &["perft", "kuma", "1", "--hash", "x"]),
            ("--hash-seed", &["perft", "kuma", "1", "--hash-seed", "x"]),
            ("--threads", &["verify", "--threads", "0"]),
            ("--max-nodes", &["verify", "--max-nodes", "x"]),
            (
                "--max-reference-nodes",
                &["verify", "--max-reference-nodes", "1e3"],
            ),
            (
                "--depth",
                &["conform", "kuma", "--engine", "e", "--depth", "0"],
            ),
            (
                "--timeout",
                &["conform", "kuma", "--engine", "e", "--timeout", "0"],
            ),
            (
                "--positions",
                &[
                    "corpus",
                    "kuma",
                    "--positions",
                    "0",
                    "--depth",
                    "1",
                    "--seed",
                    "1",
                ],
            ),
            (
                "--depth",
                &[
                    "corpus",
                    "kuma",
                    "--positions",
                    "1",
                    "--depth",
                    "65",
                    "--seed",
                    "1",
                ],
            ),
            (
                "--seed",
                &[
                    "corpus",
                    "kuma",
                    "--positions",
                    "1",
                    "--depth",
                    "1",
                    "--seed",
                    "x",
                ],
            ),
            (
                "--timeout",
                &[
                    "corpus",
                    "kuma",
                    "--positions",
                    "1",
                    "--depth",
                    "1",
                    "--seed",
                    "1",
                    "--timeout",
                    "x",
                ],
            ),
            ("--jobs", &["matrix", "--jobs", "x"]),
        ];
        for (named, words) in cases {
            let args: Vec<String> = words.iter().map(ToString::to_string).collect();
            let e = crate::cli::run(&args, &mut Vec::new()).unwrap_err();
            let text = e.to_string();
            assert!(
                text.starts_with(&format!("{named} must be a whole number from ")),
                "{words:?}: {text}"
            );
        }
    }

    #[test]
    fn misspelt_game_names_get_a_suggestion() {
        assert!(unknown_game_message("kumma").contains("did you mean \"kuma\"?"));
        assert!(unknown_game_message("hunterbeast").contains("\"hunterbeest\""));
        assert!(!unknown_game_message("xiangqi").contains("did you mean"));
    }
}
