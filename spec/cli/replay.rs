//! `fairyspec replay <game> <file>`: replays a game record with the reference generator.

use super::args::ReplayArgs;
use super::error::CliError;
use crate::corpus::CorpusPath;
use crate::documents;
use crate::registry::{self, GameCommand, Registered};
use crate::verify::{read_text, result_of};
use std::io::Write;

/// `fairyspec replay <game> <file> [--switch name=value]... [--json]`.
pub fn replay_command(args: ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.game;
    game.run(Replay { args, out })
}

struct Replay<'o> {
    args: ReplayArgs,
    out: &'o mut dyn Write,
}

impl GameCommand for Replay<'_> {
    type Output = Result<(), CliError>;
    fn run<G: Registered>(self) -> Self::Output {
        replay_file::<G>(self)
    }
}

/// Prints the number of half-moves, the final FEN and the `result:` line (or the same as JSON).
fn replay_file<G: Registered>(cmd: Replay<'_>) -> Result<(), CliError> {
    let switches = registry::switches::<G>(cmd.args.switches.iter().map(String::as_str))?;
    // A built-in record too (`builtin:corpus/kuma/games/game1.txt`).
    let path = match cmd.args.file.to_str() {
        Some(text) => CorpusPath::from_text(text),
        None => CorpusPath::from(cmd.args.file.clone()),
    };
    let text = read_text(&path)?;
    let summary = G::replay(&*G::reference(&switches), &text)?;
    let (result, reason) = result_of(&summary);
    if cmd.args.json {
        let doc = documents::Replay {
            schema: documents::REPLAY_SCHEMA.to_string(),
            game: G::NAME.to_string(),
            file: cmd.args.file.display().to_string(),
            plies: summary.plies,
            final_fen: summary.final_fen.clone(),
            result: result.to_string(),
            reason,
        };
        return Ok(documents::write_line(cmd.out, &doc)?);
    }
    writeln!(cmd.out, "plies: {}", summary.plies)?;
    writeln!(cmd.out, "final: {}", summary.final_fen)?;
    writeln!(cmd.out, "result: {result} {reason}")?;
    Ok(())
}
