#!/usr/bin/env bash
# Installs the outside engines tests/all/conform.rs runs against. Idempotent; never fails: a missing
# engine only makes its tests skip (they print "SKIPPED: ..."), so say so clearly instead.
#   - Debian's fairy-stockfish (UCI; orthodox chess)      -> /usr/games/fairy-stockfish
#   - pyffish, Fairy-Stockfish's Python binding (Kuma)   -> python3 -c "import pyffish"
set -u

warn() { printf 'engines.sh: WARNING: %s; the tests that need it will be skipped\n' "$*" >&2; }

sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

if [ -x /usr/games/fairy-stockfish ] || command -v fairy-stockfish >/dev/null 2>&1; then
    echo "engines.sh: fairy-stockfish already installed"
elif command -v apt-get >/dev/null 2>&1; then
    { sudo_if_needed apt-get update -qq && sudo_if_needed apt-get install -y -qq fairy-stockfish; } \
        || warn "could not install fairy-stockfish with apt-get"
else
    warn "no apt-get to install fairy-stockfish"
fi

if python3 -c "import pyffish" >/dev/null 2>&1; then
    echo "engines.sh: pyffish already installed"
elif command -v python3 >/dev/null 2>&1; then
    python3 -m pip install --quiet pyffish \
        || python3 -m pip install --quiet --break-system-packages pyffish \
        || warn "could not install pyffish with pip"
else
    warn "no python3 for pyffish"
fi
exit 0
