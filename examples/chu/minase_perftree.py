#!/usr/bin/env python3
"""A perftree engine over minase, a Chu Shogi engine (crates.io `minase` 2.6.0, GPL-3.0, by
stepney141; `cargo install minase --version 2.6.0 --locked`). minase is run, never copied: this
script only reads what its programs print.

    minase_perftree.py RULES DEPTH "SFEN" "MOVES"

RULES is minase's rule set (`lishogi` or `engine-default`, or a list of its rule codes). The
script prints fairyspec's perftree format: one `<move> <count>` line per root move in USI, an
empty line, the total.

Where minase's perft is: `minase dev perft N --rules R --sfen S --divide`, on its command line
only, taking a position but no moves. Its lines are `move (f,r)->(f,r)[+]: n` and
`double (f,r)->(f,r)->(f,r): n`, squares counted from 0 from the SFEN's left column (USI file 12)
and bottom row (USI rank l). A pass is printed as a move from a square to itself and written here
the same way (`7h7h`): fairyspec recognises it as a pass.

MOVES (space-separated USI, possibly empty) are applied by minase itself: its USI mode plays
`position sfen S moves …` and prints the SFEN reached with `d`. minase's USI mode writes a pass
out and back through an empty adjacent square (`7h8i7h`), so a pass `7h7h` is sent that way,
through the first empty neighbour on the board reached. `fairyspec conform --reached-fen` sends
the reached position instead, and then no move is played here at all.

minase counts by result (fairyspec's CHU-9.5): run `fairyspec conform chu --count results`.
"""

import subprocess
import sys

RANKS = "abcdefghijkl"
TIMEOUT = 600


def usi_square(coords):
    """`(f,r)` -> USI: file 12 - f, rank letter RANKS[11 - r]."""
    f, r = (int(x) for x in coords.strip("()").split(","))
    return f"{12 - f}{RANKS[11 - r]}"


def usi_move(line):
    """A divide line of minase's perft -> (USI move text, count), or None for other lines."""
    head, sep, count = line.rpartition(":")
    if not sep or not count.strip().isdigit():
        return None
    head = head.strip()
    promote = head.endswith("+")
    head = head.rstrip("+")
    if head.startswith("move "):
        squares = head[len("move "):].split("->")
    elif head.startswith("double "):
        squares = head[len("double "):].split("->")
    else:
        return None
    text = "".join(usi_square(s) for s in squares) + ("+" if promote else "")
    return text, int(count)


def board(sfen):
    """The placement of an SFEN as a dict USI square -> piece text."""
    squares = {}
    for i, row in enumerate(sfen.split()[0].split("/")):
        file = 12
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                file -= int(row[j:k])
                j = k
                continue
            piece = c
            if c == "+":
                piece = row[j:j + 2]
                j += 1
            squares[f"{file}{RANKS[i]}"] = piece
            file -= 1
            j += 1
    return squares


def neighbours(square):
    file, rank = int(square[:-1]), RANKS.index(square[-1])
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            f, r = file + df, rank + dr
            if (df or dr) and 1 <= f <= 12 and 0 <= r < 12:
                yield f"{f}{RANKS[r]}"


def minase_usi(rules, commands):
    """Runs minase's USI mode on `commands`; returns its output lines."""
    script = "usi\n" + "".join(c + "\n" for c in commands) + "quit\n"
    out = subprocess.run(["minase", "--protocol", "usi", "--rules", rules], input=script,
                         capture_output=True, text=True, timeout=TIMEOUT)
    return out.stdout.splitlines()


def reached(rules, sfen, moves):
    """The SFEN minase reaches from `sfen` by `moves` (its `d`), passes written out and back."""
    played = []
    for move in moves:
        if len(move) >= 4 and move[:len(move) // 2] == move[len(move) // 2:] and "+" not in move:
            square = move[:len(move) // 2]
            here = current(rules, sfen, played)
            empty = [n for n in neighbours(square) if n not in board(here)]
            if not empty:
                sys.exit(f"minase_perftree: no empty square next to {square} for the pass {move}")
            move = square + empty[0] + square
        played.append(move)
    return current(rules, sfen, played)


def current(rules, sfen, played):
    command = f"position sfen {sfen}" + (" moves " + " ".join(played) if played else "")
    lines = minase_usi(rules, [command, "d"])
    for line in lines:
        if line.startswith("sfen "):
            return " ".join(line.split()[1:5])
    errors = [l for l in lines if "error" in l]
    sys.exit(f"minase_perftree: minase did not play {' '.join(played)!r}: {errors}")


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: minase_perftree.py RULES DEPTH SFEN [MOVES]")
    rules, depth, sfen = sys.argv[1], sys.argv[2], sys.argv[3]
    moves = sys.argv[4].split() if len(sys.argv) > 4 else []
    if moves:
        sfen = reached(rules, sfen, moves)
    out = subprocess.run(["minase", "dev", "perft", depth, "--rules", rules, "--sfen", sfen,
                          "--divide"], capture_output=True, text=True, timeout=TIMEOUT)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        sys.exit(out.returncode or 1)
    total = None
    lines = []
    for line in out.stdout.splitlines():
        if line.startswith("perft("):
            total = int(line.rpartition(":")[2])
            continue
        parsed = usi_move(line)
        if parsed:
            lines.append(parsed)
    if total is None:
        sys.exit(f"minase_perftree: no total in minase's output: {out.stdout[-300:]!r}")
    for text, count in lines:
        print(f"{text} {count}")
    print()
    print(total)


if __name__ == "__main__":
    main()
