#!/usr/bin/env python3
"""A perftree engine over python-chess (PyPI `chess`, Niklas Fiekas; tested with 1.11.2), for
`fairyspec conform chess`:

    pip install chess==1.11.2
    fairyspec conform chess --engine "python3 examples/chess/python_chess_perftree.py" --depth 2

Run as `python_chess_perftree.py DEPTH FEN MOVES`: it plays MOVES (UCI, space-separated) from
FEN with python-chess's own rules and prints one `<move> <count>` line per legal move (UCI,
castling as the King's move), an empty line, and the total. Perft is a plain recursion over
`board.legal_moves` (python-chess has none of its own): keep depths at 3 or below. A position
where the game is over by python-chess's `is_game_over()` without a claim (checkmate,
stalemate, insufficient material, the 75-move rule, fivefold repetition) still has its legal
moves counted, as the spec's perft does (CHESS-7.4: the automatic draws do not change the
legal moves).
"""

import sys

import chess


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: python_chess_perftree.py DEPTH FEN [MOVES]")
    depth = int(sys.argv[1])
    board = chess.Board(sys.argv[2])
    for text in (sys.argv[3] if len(sys.argv) > 3 else "").split():
        move = chess.Move.from_uci(text)
        if move not in board.legal_moves:
            sys.exit(f"python_chess_perftree: illegal move {text} in {board.fen()}")
        board.push(move)
    lines = []
    if depth > 0:
        for move in board.legal_moves:
            board.push(move)
            lines.append((move.uci(), perft(board, depth - 1)))
            board.pop()
    lines.sort()
    for text, count in lines:
        print(f"{text} {count}")
    print()
    print(sum(n for _, n in lines) if depth > 0 else 1)


if __name__ == "__main__":
    main()
