//! The `--help` text.

use super::games::{implemented, GAMES};
use super::verify::DEFAULT_MAX_REFERENCE_NODES;

/// The help text, with the games' status filled in.
pub fn help() -> String {
    let games = GAMES
        .iter()
        .map(|g| {
            let status = if implemented(g.name) {
                "implemented"
            } else {
                "not implemented yet"
            };
            format!("  {:<12} {} ({status})", g.name, g.title)
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "\
fairyspec — an executable rules specification of chess variants

USAGE
  fairyspec verify [--game GAME] [--max-reference-nodes N] [--corpus PATH] [--threads N]
  fairyspec perft <game> <depth> [--fen FEN] [--generator reference|bitboard] [--threads N]
                  [--switch NAME=VALUE]...
  fairyspec moves <game> [--fen FEN] [--generator reference|bitboard] [--switch NAME=VALUE]...
  fairyspec replay <game> <file> [--switch NAME=VALUE]...
  fairyspec help | --help | -h

GAMES
{games}

COMMANDS
  verify   Runs the corpus through every generator that exists: every record of every
           corpus/<game>/*.perft file at every depth it lists, and every game record listed in
           corpus/<game>/games/expected.txt (lines `<file> <result> <reason...>`), whose replay
           result must match. Prints a table per game (position, depth, expected count, and per
           generator `ok` or `MISMATCH <count>` with the time). The reference generator skips
           counts above --max-reference-nodes (default {DEFAULT_MAX_REFERENCE_NODES}) and says so.
           The corpus is ./corpus unless --corpus PATH is given; --game limits it to one game;
           --threads splits each count's root moves across N threads.
  perft    Counts the leaves of the legal-move tree <depth> plies deep, divided by root move:
           one line `<move> <count>` per legal move (sorted by move text), an empty line, and
           the total alone on the last line (the perftree format). Depth 0 prints the empty
           line and 1. The generator is the bitboard one where the game has it, else the
           reference; --threads N (default 1) splits the root moves across N threads. When
           stderr is a terminal, progress per root move goes there.
  moves    The legal moves, one per line, sorted by move text.
  replay   Replays a game record (the seed notation, e.g. `1. e2-e4 e7-e5`, or plain move
           text; for Congo also a Zillions save file) from the start position with the
           reference generator. Prints `plies: <half-moves played>`,
           `final: <FEN>`, and last `result: <1-0|0-1|1/2-1/2|*> <reason>` (`*` for a game that
           has not ended, with `unfinished` or the draw the player to move may claim). The
           first bad move is reported with its move number and why.

OPTIONS
  --fen FEN            The position (default: the start position). The two move counters may
                       be left out. Quote it: it contains spaces.
  --generator G        reference or bitboard.
  --switch NAME=VALUE  A rule reading SPEC.md names. Kuma Chess:
                         blind-bear=needs-legal-move  (default) a Blind Bear's winning move
                                                      must not leave its King attacked
                         blind-bear=even-if-exposed   it wins even if it does
                       Congo:
                         monkey-reentry=drowns        (default) a monkey whose chain leaves
                                                      the river and ends in it again drowns
                         monkey-reentry=survives      it survives
                       Bachelor Hunterbeest:
                         stalemate=draw               (default) stalemate is a draw
                         stalemate=win                the player who stalemates wins
  --threads N          Threads for perft (1 to 256).

Moves are written as from-square and to-square (`e2e4`), a promotion with the new piece's
letter in lower case (`a7a8m`), castling as the King's move (`e1g1`).

EXIT STATUS
  0 success; 1 the command ran and found something wrong (a verify mismatch, a bad move in a
  record); 2 it could not run (bad arguments, unknown or unimplemented game, bad FEN, a file
  that cannot be read).
"
    )
}
