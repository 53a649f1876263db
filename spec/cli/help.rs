//! The parts of the help pages that clap cannot derive: the synopsis of every command, the games
//! with their status, their rule switches, and the longer explanations of each command.
//!
//! The games and switches are generated from the games themselves ([`GameId`] and each game's
//! `Switches` type, [`crate::switches::Switches`]), so a new game appears here without an edit.

use crate::registry::{GameCommand, GameId, Registered};
use crate::switches::Switches;
use crate::verify::DEFAULT_MAX_REFERENCE_NODES;
use crate::Game;

/// The text after the command list of `fairyspec --help`: a synopsis of every command (from the
/// clap definition `cmd`), the games, the switches, move text and exit status.
pub fn overview(cmd: &clap::Command) -> String {
    format!(
        "\
Synopsis:
{synopsis}
Games:
{games}
Rule switches (--switch NAME=VALUE, one value per switch; the first value is the default; SPEC.md
explains them):
{switches}{notes}
Move text is the game's own (SPEC.md): from-square and to-square (`e2e4`), a promotion with the
new piece's letter in lower case (`a7a8m`), castling as the King's move (`e1g1`).

Exit status:
  0 success; 1 the command ran and found something wrong (a verify mismatch, a bad move in a
  record, a conform divergence); 2 it could not run (bad arguments, unknown or unimplemented
  game, bad FEN, a file that cannot be read) or, in conform, the engine failed.

`fairyspec <command> --help` explains each command.",
        synopsis = synopsis(cmd),
        games = games(),
        switches = switches(),
        notes = switch_notes(),
    )
}

/// The caveats of the switch readings that carry one (a reading's meaning that says `note:`,
/// [`crate::switches::Reading::meaning`]), one line each under a heading; empty if none does.
pub fn switch_notes() -> String {
    struct Notes;
    impl GameCommand for Notes {
        type Output = Vec<String>;
        fn run<G: Registered>(self) -> Self::Output {
            G::Switches::SWITCHES
                .iter()
                .flat_map(|s| {
                    s.readings.iter().filter_map(move |r| {
                        let (_, note) = r.meaning.split_once("note: ")?;
                        Some(format!("  {} {}={}: {note}\n", G::NAME, s.name, r.value))
                    })
                })
                .collect()
        }
    }
    let lines: Vec<String> = GameId::ALL.iter().flat_map(|g| g.run(Notes)).collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("Before picking:\n{}", lines.concat())
}

/// One line per command: its name, positionals and options, generated from the clap definition.
pub fn synopsis(cmd: &clap::Command) -> String {
    let mut text = String::new();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut items = vec![format!("fairyspec {}", sub.get_name())];
        for arg in sub.get_arguments() {
            if arg.get_id() == "help" || arg.get_id() == "version" {
                continue;
            }
            let value = arg
                .get_value_names()
                .and_then(|v| v.first())
                .map(|v| v.to_string());
            let word = match (arg.get_long(), value) {
                (Some(long), Some(v)) if arg.get_action().takes_values() => {
                    format!("--{long} {v}")
                }
                (Some(long), _) => format!("--{long}"),
                (None, Some(v)) => format!("<{v}>"),
                (None, None) => format!("<{}>", arg.get_id()),
            };
            let repeat = if matches!(arg.get_action(), clap::ArgAction::Append) {
                "..."
            } else {
                ""
            };
            if arg.is_required_set() {
                items.push(format!("{word}{repeat}"));
            } else {
                items.push(format!("[{word}]{repeat}"));
            }
        }
        text.push_str(&wrap(&items, 98, "  ", "      "));
    }
    text
}

/// `items` joined by spaces and wrapped between items to `width` columns, the first line
/// indented by `first`, the others by `rest`, with a final newline.
fn wrap(items: &[String], width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for item in items {
        if !empty && line.len() + 1 + item.len() > width {
            out.push_str(&line);
            out.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(item);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// One line per game: its name and its title (every game of the registry is implemented).
pub fn games() -> String {
    GameId::ALL
        .iter()
        .map(|g| format!("  {:<12} {} (implemented)\n", g.name(), g.title()))
        .collect()
}

/// One line per game with its switches and their values, default first.
pub fn switches() -> String {
    struct Doc;
    impl GameCommand for Doc {
        type Output = Vec<(String, Vec<String>)>;
        fn run<G: Registered>(self) -> Self::Output {
            switch_values::<G>()
        }
    }
    GameId::ALL
        .iter()
        .map(|g| (g.name(), g.run(Doc)))
        .map(|(name, list)| {
            let list: Vec<String> = list
                .iter()
                .map(|(switch, values)| format!("{switch}={}", values.join("|")))
                .collect();
            let list = if list.is_empty() {
                "(none)".to_string()
            } else {
                list.join("  ")
            };
            format!("  {name:<12} {list}\n")
        })
        .collect()
}

/// The switches of `G` with their values, the default first ([`Switches::SWITCHES`]).
pub fn switch_values<G: Game>() -> Vec<(String, Vec<String>)> {
    G::Switches::SWITCHES
        .iter()
        .map(|s| (s.name.to_string(), s.values().map(str::to_string).collect()))
        .collect()
}

/// `fairyspec verify --help`, after the options.
pub fn verify_details() -> String {
    format!(
        "\
Every record of every corpus/<game>/*.perft file is counted at every depth it lists, and every
game record listed in corpus/<game>/games/expected.txt (lines `<file> <result> <reason...>`) is
replayed, with every generator that exists; the replay result must match. Prints a line per
game (Kuma first): its positions, perft counts and records, each generator's verdicts (`ok`,
`skipped`, `MISMATCH`) and the time; then the lines of what failed, the totals, and how to run
the deep tables of corpus/deep, which are not part of this run. --verbose prints a table per
game instead, a line per count and per record (position, depth, expected count, and per
generator `ok` or `MISMATCH <count>` with the time). The reference generator skips counts above
--max-reference-nodes (default {DEFAULT_MAX_REFERENCE_NODES}) and says so.

The corpus is the one built into the binary (builtin:corpus, the repository's corpus/ folder when
it was built), so verify runs from any folder. --corpus names another: a folder of game folders,
one game folder (corpus/kuma, builtin:corpus/kuma), or one .perft file (its game is --game or the
name of its folder). The deep tables are built in too: --corpus builtin:corpus/deep (hours of
CPU; --max-nodes N keeps the counts up to N). When stderr is a terminal a progress bar shows the
checks done for the current game.

Exit 0 when every check passed, 1 on a mismatch or an entry that could not be checked, 2 when
the corpus cannot be read at all."
    )
}

/// `fairyspec perft --help`, after the options.
pub fn perft_details() -> String {
    format!(
        "\
Prints one line `<move> <count>` per legal move, an empty line, and the total alone on the last
line (the perftree format). Depth 0 prints the empty line and 1. The moves are sorted by move
text, the numbers in it compared as numbers (Chu Shogi's in shogi order: 9i9h before 10c10d).

With --json: one JSON object instead, {{\"schema\": \"fairyspec.perft/1\", \"game\", \"fen\",
\"depth\", \"generator\", \"moves\": [{{\"move\", \"nodes\"}}...], \"total\"}}.

With --hash MB: the same counts through a transposition table of at most MB MiB shared by the
threads (positions reached again by another move order are counted once; 128-bit keys, so a
false hit is not a practical risk). --hash-seed S gives the table unrelated keys: a second run
with another seed and table size checks the table and its keys (a false hit or a wrong key would
change a count, and the other run would not share it), not the move generator, which both runs
use; --generator reference counts with the other generator, which shares no move-generation code
with the bitboard one. --count results counts one node per distinct result of a piece's move
rather than per move (SPEC.md CHU-9.5).

When stderr is a terminal a progress bar there shows the root moves done, the nodes counted,
nodes per second and the time left; nothing is shown in a pipe or CI.

{}",
        position_details()
    )
}

/// The options `perft` and `moves` share, after the options of their help pages.
pub fn position_details() -> String {
    format!(
        "\
--fen takes the game's FEN; the move counters may be left out. --moves plays moves first, in
the game's move text (`e2e4`, `a7a8m`).

Rule switches (--switch NAME=VALUE; the first value is the default):
{}{}",
        switches(),
        switch_notes()
    )
}

/// `fairyspec moves --help`, after the options.
pub fn moves_details() -> String {
    format!(
        "\
A position without legal moves prints nothing on stdout and says why on stderr.

With --json: one JSON object instead, {{\"schema\": \"fairyspec.moves/1\", \"game\", \"fen\",
\"generator\", \"moves\": [...], \"outcome\": null or {{\"result\", \"reason\"}}}}.

{}",
        position_details()
    )
}

/// `fairyspec replay --help`, after the options.
pub fn replay_details() -> String {
    "\
Replays a game record from the start position with the reference generator: numbered moves
(`1. e2-e4 e7-e5`), plain move text, and for Congo also a Zillions of Games save file. Prints
`plies: <half-moves played>`, `final: <FEN>`, and last `result: <1-0|0-1|1/2-1/2|*> <reason>`
(`*` for a game that has not ended, with `unfinished` or the draw the player to move may
claim). The first bad move is reported on stderr with its move number and why, exit status 1.

With --json: {\"schema\": \"fairyspec.replay/1\", \"game\", \"file\", \"plies\", \"final\",
\"result\", \"reason\"}."
        .to_string()
}

/// `fairyspec conform --help`, after the options.
pub fn conform_details() -> String {
    "\
For every corpus position at the depths its .perft entry lists (or only --depth N), the
engine's perft divide is compared with the spec's (bitboard generator, else the reference). On a
difference it descends through the divide to the first position where the legal-move lists
differ and prints its FEN, the path, the counts along the way, the moves only one side has and
the spec's explanation of each (grouped where they say the same).

The corpus is the game's one built into the binary (builtin:corpus/GAME), so conform runs from any
folder; --corpus names a .perft file or a folder of them on disk, or another built-in one
(builtin:corpus/deep/GAME, the deep tables). `fairyspec corpus GAME --builtin -o DIR` writes the
built-in corpus out.

--protocol perftree: the command is run once per query as
  <command> <depth> \"<fen>\" \"<moves>\"
and prints `<move> <count>` lines, an empty line, and the total (what `fairyspec perft` prints).
The script plays <moves> itself; with --reached-fen it is given the FEN of the position reached
instead, and no moves.
--protocol uci / usi: one long-lived engine: uci/uciok (usi/usiok), `setoption name NAME value
VALUE` per --option, isready/readyok, then `position fen|sfen ... moves ...` and `go perft N`
(--perft-command \"TEXT {depth}\" for another command).
--protocol xboard: an engine without perft (HaChu): its moves are read from its answers to
`lift SQUARE` (and probed with usermove/undo), position by position down the spec's tree;
--option sends `option NAME=VALUE`, --setboard board sends the board field alone.
--count results counts one node per result (CHU-9.5) and matches the engine's moves by result.
--map fairy-stockfish reads a piece promotion `f1f8+` as the spec's `f1f8d`; --map xboard
reads algebraic squares (a1 at the first player's lower left) in the game's own notation.
--sample K checks every K-th position of the corpus, from the first (a matrix row's `sample`);
--whole FILE keeps that corpus file whole beside the sample (a matrix row's `whole`).

An engine that fails on one position (times out, crashes, prints what is not perft output) has
that check reported as ENGINE ERROR, with its last output and a hint where one helps, and the
run goes on with the next position; a long-lived engine (uci, usi, xboard) is started again
first. The run stops early only when the engine cannot be run at all, cannot be started again,
or fails each of the first 3 checks without ever answering; the report says why. Each first
differing position comes with its link on the page of `fairyspec serve`
(http://127.0.0.1:8754/play/<game>#<FEN>, with the run's rule switches).

--timeout S limits each query of the engine and the spec's own count at each corpus position
(a check whose spec count is stopped is skipped, saying why). The engine runs in a process group
of its own, killed whole (with whatever it started) on a time-out, an error, and when conform
ends; one query may print at most 4 MiB, 100,000 lines, 64 KiB a line (more is garbage output).
A perftree engine's answer is what it printed by the time its own process ended.

--fuzz N: after the corpus (not instead of it), N positions more, each reached by a seeded random
playout of the spec's legal moves (under the run's --switch readings) from the start position or
a corpus position — every other one aimed at the rules of SPEC.md the run has not exercised yet
(it goes on from lines that reached new rules, preferring moves to positions that cite missing
ones) — checked at --fuzz-depth (default --depth, else 2) exactly as corpus positions are. The
summary names the rules the fuzz exercised beyond the corpus. Every divergence is shrunk to the
shortest prefix of its playout that shows the same difference (the same rule in the spec's
explanation), then to the smallest depth, and printed as a .perft block (id, epd, perft D N with
the spec's count) to paste into a corpus. --seed S
(default 1): the same seed gives the same positions in the same order and the same shrinking.
--fuzz-time S starts no fuzz position after S seconds (without --fuzz: fuzzes until then).

Exit 0 when every check agrees; 2 if the engine failed on any check (missing, timed out,
crashed, garbage output: the message says which, with its last output and the end of its
stderr), else 1 on any divergence. Every error and every divergence is in the report either way."
        .to_string()
}

/// `fairyspec corpus --help`, after the options.
pub fn corpus_details() -> String {
    format!(
        "\
Without --builtin: N distinct positions, each reached from the start position by 0 to {max}
random legal moves (a seeded SplitMix64, so the same seed gives the same corpus), with the
reference generator's counts at depths 1 to D, as a .perft file for `fairyspec conform --corpus`.
The counts are the specification's own: a corpus to test another implementation with, not
independent data.

With --builtin: the corpus the binary carries and `conform` and `verify` use by default, written
out as files (DIR/<game>/*.perft, DIR/<game>/games/, the READMEs naming each source), to keep
beside an engine; `all` writes every game's. Files of the same name are replaced. Prints the
files written.",
        max = crate::corpus::random::MAX_PLIES
    )
}

/// `fairyspec coverage --help`, after the options.
pub fn coverage_details() -> String {
    "\
A check exercises a rule of SPEC.md when the reference generator, at a node the check compares
(every node above the leaves of a perft), cites the rule for a move it generated, a move it
refused, or the outcome it decided (SPEC.md CORE-1.7). This command lists, for a corpus checked
as `conform` checks it (each position at the depths its .perft entry lists, or only --depth N),
the rules exercised — each with the first position that exercised it — and those not exercised,
out of the rules that govern moves or the outcome under the switches; then the rules of other
readings, and the rules left out with why (notation, validation, sources, perft conventions,
claimable draws). `conform` and `docs/conformance.md` report the same for their runs.

Each check's tree is traced once per distinct position, at most --budget positions; a deeper
tree is counted as deep as fits, and listed.

Exit 0; with --require-all, 1 when a rule that governs moves or the outcome is not exercised.

With --json: one JSON object, {\"schema\": \"fairyspec.coverage/1\", \"game\", \"corpus\",
\"depth\", \"sample\", \"switches\", \"positions\", \"checks\", \"budget\", \"in_force\",
\"exercised\": [{\"rule\", \"title\", \"first\": {\"id\", \"depth\"}}], \"missing\": [...],
\"left_out\": [{\"rule\", \"title\", \"why\"}], \"other_readings\": [...], \"shortened\": [...]}.

Example:
  fairyspec coverage chu --depth 2 --require-all"
        .to_string()
}

/// `fairyspec matrix --help`, after the options.
pub fn matrix_details() -> String {
    "\
Each row of the matrix file names an implementation (and the version it must report), its game,
the spec's reading it follows (--switch), the counting, the corpus and the depth; `fairyspec
matrix` runs `conform` for each and writes the table, with the first occurrence of every
difference and the verdict the matrix file gives it (a reading of the rules, or a defect of the
implementation pinned in tests/all/conform.rs). A difference the file does not settle, or a
missing implementation, fails the run (exit 1). --check writes nothing and fails when the page
differs from what the matrix gives now (CI). --jobs N rows run at once (default 2: each row keeps
about one core busy); each row's time is printed, never written into the page."
        .to_string()
}

/// `fairyspec explain --help`, after the options.
pub fn explain_details() -> String {
    "\
The answer comes from the reference generator itself: its rule functions report what they
generate and what they refuse, and explain reads that report. A legal move: the rules that make
it and what it does (captures, promotion, drowning, check, the end of the game). An illegal
move: the rule that forbids it and the concrete reason, or, where no rule moves the piece so,
its legal moves from that square.

Exit 0 for any answer, legal or not; 2 for a move, FEN or switch that cannot be read.

With --json: one JSON object, {\"schema\": \"fairyspec.explain/1\", \"game\", \"fen\", \"text\",
\"move\", \"legal\", \"reasons\": [{\"rule\", \"text\"}], \"effects\": [...], \"piece_moves\",
\"position\": [...]}.

Example:
  fairyspec explain kuma b1b2
  b1b2: illegal
    because: the Blind Bear never moves straight forward (KUMA-3.5)"
        .to_string()
}

/// `fairyspec diagram --help`, after the options.
pub fn diagram_details() -> String {
    "\
Draws the position (--fen, --moves) as SVG: the game's board, Congo's river and castles, the
pieces by letter, --highlight moves as arrows. With --square the squares the piece there
reaches; with --piece that piece alone on an otherwise empty board. Reached squares are marked
by kind: step or leap, blockable range, slide, move only, capture only, two-step. The squares
are the reference generator's own walk of the piece.

`fairyspec diagram all -o docs/diagrams` writes SPEC.md's diagram of every piece of every game
(docs/diagrams/<game>/<piece>.svg); tests/all/diagrams.rs checks they are current."
        .to_string()
}

/// `fairyspec completions --help`, after the options.
pub fn completions_details() -> String {
    "\
Examples:
  fairyspec completions bash > ~/.local/share/bash-completion/completions/fairyspec
  fairyspec completions zsh > ~/.zfunc/_fairyspec     # with fpath+=~/.zfunc in ~/.zshrc
  fairyspec completions fish > ~/.config/fish/completions/fairyspec.fish"
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kuma::Kuma;

    /// KUMA-7.4 has two readings; the default (needs-legal-move) comes first.
    #[test]
    fn switch_values_come_from_the_switches_type() {
        assert_eq!(
            switch_values::<Kuma>(),
            vec![(
                "blind-bear".to_string(),
                vec![
                    "needs-legal-move".to_string(),
                    "even-if-exposed".to_string()
                ]
            )]
        );
        assert!(switch_values::<crate::chess::Chess>().is_empty());
    }

    #[test]
    fn wrap_breaks_at_spaces() {
        let items = ["aa", "bb", "cc"].map(String::from);
        assert_eq!(wrap(&items, 7, "- ", "   "), "- aa bb\n   cc\n");
    }
}
