//! `fairyspec replay <game> <file>`: replays a game record with the reference generator.

use super::args;
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use crate::outcome::Reason;
use crate::replay::ReplaySummary;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options `replay` accepts.
pub const REPLAY_OPTIONS: &[&str] = &["switch"];

/// `fairyspec replay <game> <file> [--switch name=value]`.
pub fn replay_command(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let parsed = args::parse(args, REPLAY_OPTIONS)?;
    let [game, file] = parsed.positionals(["game", "file"])?;
    let cmd = Replay {
        path: PathBuf::from(file),
        switches: parsed.all("switch"),
        out,
    };
    games::with_game(game, cmd)
}

struct Replay<'a, 'o> {
    path: PathBuf,
    switches: Vec<&'a str>,
    out: &'o mut dyn Write,
}

impl GameCommand for Replay<'_, '_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        replay_file::<G>(self)
    }
}

/// Prints the number of half-moves, the final FEN and the `result:` line.
fn replay_file<G: CliGame>(cmd: Replay<'_, '_>) -> Result<(), CliError> {
    let switches = games::switches::<G>(cmd.switches.iter().copied())?;
    let text = read_text(&cmd.path)?;
    let summary = G::replay(&*G::reference(&switches), &text)?;
    let (result, reason) = result_of(&summary);
    writeln!(cmd.out, "plies: {}", summary.plies)?;
    writeln!(cmd.out, "final: {}", summary.final_fen)?;
    writeln!(cmd.out, "result: {result} {reason}")?;
    Ok(())
}

/// Reads a whole text file.
///
/// # Errors
/// [`CliError::Io`] with the path (missing file, a folder, not UTF-8, …).
pub fn read_text(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|error| CliError::Io {
        path: path.to_path_buf(),
        error,
    })
}

/// The result and reason of a replayed game: the outcome if the game ended; otherwise `*` with the
/// draw the player to move could claim, or `*` and `unfinished`.
pub fn result_of(summary: &ReplaySummary) -> (&'static str, String) {
    match (&summary.outcome, &summary.claimable) {
        (Some(o), _) => (o.result(), o.reason.to_string()),
        (None, Some(claim)) => ("*", claim.reason.to_string()),
        (None, None) => ("*", "unfinished".to_string()),
    }
}

/// Whether the reason `expected` (as written in an `expected.txt`) names `actual` (`None` =
/// unfinished). Accepted spellings, compared without case and punctuation: the reason as
/// `fairyspec replay` prints it (`blind bear reached the last rank`), its short serde name
/// (`blind-bear`, `checkmate`, `threefold-claim`), and `unfinished` for a game still going on.
pub fn reason_matches(expected: &str, actual: Option<Reason>) -> bool {
    let norm = |s: &str| {
        s.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let expected = norm(expected);
    match actual {
        None => expected == "unfinished",
        Some(reason) => {
            let short = serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            expected == norm(&reason.to_string()) || expected == norm(&short)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_match_their_spellings() {
        assert!(reason_matches("checkmate", Some(Reason::Checkmate)));
        assert!(reason_matches("blind-bear", Some(Reason::BlindBear)));
        assert!(reason_matches(
            "Blind Bear reached the last rank",
            Some(Reason::BlindBear)
        ));
        assert!(reason_matches(
            "threefold-claim",
            Some(Reason::ThreefoldClaim)
        ));
        assert!(reason_matches("unfinished", None));
        assert!(!reason_matches("checkmate", Some(Reason::Stalemate)));
        assert!(!reason_matches("checkmate", None));
        assert!(!reason_matches("unfinished", Some(Reason::Checkmate)));
    }
}
