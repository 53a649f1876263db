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
  fairyspec conform <game> --engine \"<command>\" [--protocol perftree|uci] [--corpus PATH]
                  [--depth N] [--option NAME=VALUE]... [--map NAME] [--timeout S]
                  [--report FILE.json] [--switch NAME=VALUE]...
  fairyspec corpus <game> --positions N --depth D --seed S
<<<<<<< HEAD
  fairyspec serve [--bind ADDR] [--port N]
=======
  fairyspec explain <game> [--fen FEN] [--moves \"M1 M2 ...\"] [--switch NAME=VALUE]... [--json]
                  <move>
  fairyspec diagram <game> [--fen FEN] [--moves \"M1 M2 ...\"] [--piece X] [--square S]
                  [--highlight MOVE]... [-o FILE.svg]
  fairyspec diagram all -o DIR
>>>>>>> explain
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

  conform  Tests another implementation (an engine, GUI or server) against the spec. For every
           corpus position at the depths its .perft entry lists (or only --depth N), the
           engine's perft divide is compared with the spec's (bitboard generator, else the
           reference). On a difference it descends through the divide — the first root move
           whose counts differ, recursively — to the first position where the legal-move lists
           themselves differ, and prints its FEN, the moves from the corpus position, the counts
           along the way, the moves only the engine has and the moves only the spec has.
           --engine is a command line (split on spaces, quotes respected; no shell).
           --protocol perftree (default): the command is run once per query as
             <command> <depth> \"<fen>\" \"<moves>\"  and prints `<move> <count>` lines, an empty
             line, and the total (what `fairyspec perft` prints).
           --protocol uci: one long-lived engine: uci/uciok, `setoption name NAME value VALUE`
             per --option NAME=VALUE, isready/readyok, then `position fen ... moves ...` and
             `go perft N`, read as `e2e4: 20` lines and `Nodes searched: N`.
           --corpus: a .perft file or a folder of them (default corpus/<game>).
           --map NAME: the engine's move text to the spec's: identity (default), or
             fairy-stockfish (a piece promotion `f1f8+` is the spec's `f1f8d`).
           --timeout S: seconds per engine query (default 60); the engine is then killed.
           --report FILE.json: the whole result as JSON. --switch: the spec's rule reading.
           Each differing move comes with the spec's explanation (see explain).

  explain  Says whether <move> is legal in the position (--fen, then --moves) and why, citing
           SPEC.md's rule IDs, as the reference generator itself reports it: for a legal move
           the rules that make it and what it does (captures, promotion, drowning, check, the
           end of the game); for an illegal one the rule that forbids it and the concrete
           reason, or — where no rule moves the piece so — its legal moves from that square.
           Exit 0 for any answer, legal or not; 2 for a move, FEN or switch that cannot be
           read. --json prints the answer as JSON.
  diagram  Draws a board as SVG (to -o FILE, or stdout): the position (--fen, --moves) with
           --highlight moves as arrows; with --square S the squares the piece there reaches;
           with --piece X (its FEN letter, upper case White) that piece alone on S (default:
           the square of SPEC.md's diagram), its reach marked by kind (step or leap, range,
           slide, move only, capture only, two-step). `diagram all -o DIR` writes SPEC.md's
           diagrams of every piece of every game (DIR/<game>/<piece>.svg).
           Exit 1 on any divergence, 2 if the engine failed (missing, timed out, crashed,
           garbage output: the message says which).
  corpus   Writes a conformance corpus (.perft, on stdout) of N distinct positions reached by
           seeded random playouts (0-60 plies) from the start position, with the reference
           generator's counts at depths 1 to D. The same seed gives the same corpus.
  serve    A local web page over the reference generator: a board per game (click a piece for
           its legal moves, click a target to play), SPEC.md with an anchor per rule (/spec),
           and the JSON API the page uses (/api/games, /api/<game>/moves|play|perft|outcome).
           Listens on 127.0.0.1 (this machine only) unless --bind ADDR says otherwise, port
           8754 unless --port N; prints the URL. Everything is compiled in: it reads no file.

OPTIONS
  --fen FEN            The position (default: the start position). The two move counters may
                       be left out. Quote it: it contains spaces.
  --moves \"M1 M2 ...\"   (perft, moves) Plays these moves from the position first.
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
  --inject-fault no-en-passant
                       (perft) For testing conformance tooling only: drops en passant, so
                       the counts are wrong on purpose (see examples/broken-engine.sh).

Moves are written as from-square and to-square (`e2e4`), a promotion with the new piece's
letter in lower case (`a7a8m`), castling as the King's move (`e1g1`).

EXIT STATUS
  0 success; 1 the command ran and found something wrong (a verify mismatch, a bad move in a
  record, a conform divergence); 2 an engine failure in conform, or it could not run (bad arguments, unknown or unimplemented game, bad FEN, a file
  that cannot be read).
"
    )
}
