#!/usr/bin/env python3
"""A perftree engine for Kuma Chess on top of Fairy-Stockfish's Python binding, pyffish.

Usage (the perftree convention, as `fairyspec conform --protocol perftree` calls it):

    pyffish_perftree.py <depth> "<fen>" ["<moves separated by spaces>"]

prints one `<move> <count>` line per legal move of the position reached by playing the moves
from the FEN, an empty line, and the total. Moves are Fairy-Stockfish's UCI move text (a piece
promotion is written with a `+`, e.g. `f1f8+`; use `fairyspec conform --map fairy-stockfish`).

The tree is counted by recursion over `pyffish.legal_moves`, so keep the depth small (3 is a few
seconds from the start position). A position where the game has ended at once (a Blind Bear on
its last rank, `flagPiece`) counts as having no moves, as in fairyspec's perft convention.
The variant is read from variants.ini beside this script; the variant name can be changed with
the environment variable KUMA_VARIANT (default `kuma`). Two leading options choose another file
and variant (the matrix uses them for Bachelor Hunterbeest):

    pyffish_perftree.py --variants examples/hunterbeest/variants.ini --variant hunterbeest <depth> ...
"""
import os
import sys

import pyffish

VARIANT = os.environ.get("KUMA_VARIANT", "kuma")


def children(fen, moves):
    """The legal moves after `moves`, none if the game has ended at once."""
    ended, _value = pyffish.is_immediate_game_end(VARIANT, fen, moves)
    if ended:
        return []
    return pyffish.legal_moves(VARIANT, fen, moves)


def perft(fen, moves, depth):
    if depth == 0:
        return 1
    legal = children(fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def main(argv):
    global VARIANT
    here = os.path.dirname(os.path.abspath(__file__))
    config = os.path.join(here, "variants.ini")
    argv = list(argv)
    while len(argv) > 2 and argv[1] in ("--variants", "--variant"):
        if argv[1] == "--variants":
            config = argv[2]
        else:
            VARIANT = argv[2]
        del argv[1:3]
    if len(argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    depth = int(argv[1])
    fen = argv[2]
    moves = argv[3].split() if len(argv) == 4 else []
    with open(config) as f:
        pyffish.load_variant_config(f.read())
    total = 0
    if depth > 0:
        for move in sorted(children(fen, moves)):
            n = perft(fen, moves + [move], depth - 1)
            total += n
            print(f"{move} {n}")
    else:
        total = 1
    print()
    print(total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
