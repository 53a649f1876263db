#!/usr/bin/env python3
"""A perftree engine over Sjaak II (Evert Glebbeek's engine for chess variants, GPL-3.0; Debian
package `sjaakii`, tested with 1.4.1), for `fairyspec conform`:

    fairyspec conform kuma --engine "python3 examples/sjaakii_perftree.py examples/kuma/sjaakii.txt kuma"

Run as `sjaakii_perftree.py VARIANTS NAME DEPTH FEN MOVES`: Sjaak II reads the variant NAME from
its variant file VARIANTS (its own `variants.txt` format), sets up FEN, plays MOVES (from-square
to-square, a promotion letter after, space-separated) and counts perft with its own `perft DEPTH
1`. Sjaak is run, never copied; this script only reads what it prints.

Sjaak's divide (one block per depth 1..DEPTH, each a line per root move: `Rf7-f8D  3  3`, the
move in its notation, the count and a running total) lists its pseudo-legal moves: a move that
would leave the King attacked has 0 at depth 1. The depth-1 block therefore says which moves are
legal, and the last block gives their counts. Moves are printed in fairyspec's text: squares
without the piece letter, `-` or `x`, the promotion letter in lower case (`f7f8d`), castling as
the King's move (`O-O` is `e1g1`, `O-O-O` `e1c1`, for the side to move).
"""

import re
import shutil
import subprocess
import sys

LINE = re.compile(r"^\s*(?:(O-O-O|O-O)|[A-Z+]*([a-z]\d+)[-x]([a-z]\d+)(?:=?([A-Z]))?)\S*\s+(\d+)\s+(\d+)\s*$")
PROMPT = re.compile(r"\] \d+([wb])")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: sjaakii_perftree.py VARIANTS NAME DEPTH FEN [MOVES]")
    variants, name, depth, fen = sys.argv[1:5]
    moves = sys.argv[5].split() if len(sys.argv) > 5 else []
    depth = int(depth)
    script = [f"load {variants}", f"variant {name}", f"setboard {fen}", "force"] + moves
    script += [f"perft {max(depth, 1)} 1", "quit"]
    sjaak = shutil.which("sjaakii") or "/usr/games/sjaakii"
    out = subprocess.run([sjaak], input="\n".join(script) + "\n", capture_output=True,
                         text=True, timeout=600)
    text = ANSI.sub("", out.stdout)
    if "Error" in text or "Illegal" in text:
        errors = [l for l in text.splitlines() if "Error" in l or "Illegal" in l]
        sys.exit(f"sjaakii_perftree: Sjaak II says: {errors}")
    sides = PROMPT.findall(text)
    white = not sides or sides[-1] == "w"
    lines = []
    for raw in text.splitlines():
        raw = raw.split(">")[-1]
        m = LINE.match(raw)
        if not m:
            continue
        castle, frm, to, promo, count, _ = m.groups()
        if castle:
            rank = "1" if white else "8"
            move = f"e{rank}{'g' if castle == 'O-O' else 'c'}{rank}"
        else:
            move = frm + to + (promo.lower() if promo else "")
        lines.append((move, int(count)))
    if depth == 0:
        print()
        print(1)
        return
    # One block per depth: as many lines as root moves each.
    moves_seen = []
    for move, _ in lines:
        if move in moves_seen:
            break
        moves_seen.append(move)
    n = len(moves_seen)
    if n == 0 or len(lines) != n * depth:
        if not lines:
            print()
            print(0)
            return
        sys.exit(f"sjaakii_perftree: cannot read Sjaak's divide ({len(lines)} lines, {n} moves)")
    legal = {move for move, count in lines[:n] if count > 0}
    last = [(move, count) for move, count in lines[-n:] if move in legal]
    last.sort()
    for move, count in last:
        print(f"{move} {count}")
    print()
    print(sum(c for _, c in last))


if __name__ == "__main__":
    main()
