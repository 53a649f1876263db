#!/bin/sh
# A deliberately broken perftree engine, for testing conformance tooling: fairyspec's own perft
# with en passant removed (`fairyspec perft --inject-fault no-en-passant`).
#
#   target/release/fairyspec conform kuma --engine "examples/broken-engine.sh kuma"
#
# runs it as `broken-engine.sh <game> <depth> "<fen>" "<moves>"`. The fairyspec binary it calls
# is $FAIRYSPEC if set, else the one built in this checkout (target/release, then target/debug),
# else `fairyspec` on the PATH (`cargo install --path .`).
set -eu
game=$1 depth=$2 fen=$3 moves=${4:-}
here=$(dirname "$0")
bin=${FAIRYSPEC:-}
if [ -z "$bin" ]; then
    for candidate in "$here/../target/release/fairyspec" "$here/../target/debug/fairyspec"; do
        if [ -x "$candidate" ]; then
            bin=$candidate
            break
        fi
    done
fi
if [ -z "$bin" ]; then
    if command -v fairyspec >/dev/null 2>&1; then
        bin=fairyspec
    else
        echo "broken-engine.sh: no fairyspec binary: build it in this checkout" \
            "(cargo build --release), install it (cargo install --path .)" \
            "or set FAIRYSPEC=/path/to/fairyspec" >&2
        exit 2
    fi
fi
exec "$bin" perft "$game" "$depth" --fen "$fen" --moves "$moves" --inject-fault no-en-passant
