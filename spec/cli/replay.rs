//! `fairyspec replay <game> <file>`: replays a game record with the reference generator.

use super::args::ReplayArgs;
use super::error::CliError;
use super::games::{self, CliGame, GameCommand};
use super::json;
use crate::outcome::Reason;
use crate::replay::ReplaySummary;
use std::io::Write;
use std::path::Path;

/// `fairyspec replay <game> <file> [--switch name=value]... [--json]`.
pub fn replay_command(args: ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game.clone();
    games::with_game(&game, Replay { args, out })
}

struct Replay<'o> {
    args: ReplayArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Replay<'_> {
    type Output = ();
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        replay_file::<G>(self)
    }
}

/// Prints the number of half-moves, the final FEN and the `result:` line (or the same as JSON).
fn replay_file<G: CliGame>(cmd: Replay<'_>) -> Result<(), CliError> {
    let switches = games::switches::<G>(cmd.args.switches.iter().map(String::as_str))?;
    let text = read_text(&cmd.args.file)?;
    let summary = G::replay(&*G::reference(&switches), &text)?;
    let (result, reason) = result_of(&summary);
    if cmd.args.json {
        let doc = json::Replay {
            schema: json::REPLAY_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            file: cmd.args.file.display().to_string(),
            plies: summary.plies,
            final_fen: summary.final_fen.clone(),
            result: result.to_string(),
            reason,
        };
        return json::write(cmd.out, &doc);
    }
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
