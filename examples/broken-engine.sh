#!/bin/sh
# A deliberately broken perftree engine, for testing conformance tooling: fairyspec's own perft
# with en passant removed (`fairyspec perft --inject-fault no-en-passant`).
#
#   fairyspec conform kuma --engine "examples/broken-engine.sh kuma"
#
# runs it as `broken-engine.sh <game> <depth> "<fen>" "<moves>"`. The fairyspec binary is
# $FAIRYSPEC if set, else `fairyspec` on the PATH.
set -eu
game=$1 depth=$2 fen=$3 moves=${4:-}
exec "${FAIRYSPEC:-fairyspec}" perft "$game" "$depth" --fen "$fen" --moves "$moves" \
    --inject-fault no-en-passant
