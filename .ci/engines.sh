#!/usr/bin/env bash
# Installs the outside engines tests/all/conform.rs runs against. Idempotent.
#   - Debian's fairy-stockfish (UCI; orthodox chess)      -> /usr/games/fairy-stockfish
#   - pyffish, Fairy-Stockfish's Python binding (Kuma)   -> python3 -c "import pyffish"
#   - shogiops, lishogi's rules library (Chu Shogi)       -> examples/chu/node_modules (npm ci)
#
# In CI (the variable CI set to anything but false/0, as CI services do, or
# FAIRYSPEC_REQUIRE_ENGINES=1, which .ci/run sets) an engine that is still missing afterwards fails
# this script, and the tests that need it fail too. Elsewhere it only warns, and those tests skip
# (loudly).
#
# Each engine is a pair of functions, have_<name> (usable now?) and install_<name>, and a name in
# ENGINES below; another engine is added the same way.
set -u

required() {
    local v
    for v in "${CI:-}" "${FAIRYSPEC_REQUIRE_ENGINES:-}"; do
        if [ -n "$v" ] && [ "$v" != false ] && [ "$v" != 0 ]; then return 0; fi
    done
    return 1
}

sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

# Debian's fairy-stockfish (UCI; orthodox chess) -> /usr/games/fairy-stockfish
have_fairy_stockfish() {
    [ -x /usr/games/fairy-stockfish ] || command -v fairy-stockfish >/dev/null 2>&1
}
install_fairy_stockfish() {
    command -v apt-get >/dev/null 2>&1 || { echo "engines.sh: no apt-get" >&2; return 1; }
    sudo_if_needed apt-get update -qq && sudo_if_needed apt-get install -y -qq fairy-stockfish
}

# pyffish, Fairy-Stockfish's Python binding (Kuma Chess) -> python3 -c "import pyffish"
have_pyffish() {
    python3 -c "import pyffish" >/dev/null 2>&1
}
install_pyffish() {
    command -v python3 >/dev/null 2>&1 || { echo "engines.sh: no python3" >&2; return 1; }
    python3 -m pip install --quiet pyffish \
        || python3 -m pip install --quiet --break-system-packages pyffish
}

# shogiops, lishogi's rules library (Chu Shogi), at the version examples/chu/package-lock.json
# pins -> examples/chu/node_modules/shogiops
chu_dir="$(cd "$(dirname "$0")/.." && pwd)/examples/chu"
have_shogiops() {
    command -v node >/dev/null 2>&1 && [ -f "$chu_dir/node_modules/shogiops/package.json" ]
}
install_shogiops() {
    command -v npm >/dev/null 2>&1 || { echo "engines.sh: no npm (node)" >&2; return 1; }
    (cd "$chu_dir" && { npm ci --no-audit --no-fund --silent || npm install --no-audit --no-fund --silent; })
}

ENGINES=(fairy_stockfish pyffish shogiops)

missing=()
for engine in "${ENGINES[@]}"; do
    if "have_$engine"; then
        echo "engines.sh: $engine already installed"
        continue
    fi
    echo "engines.sh: installing $engine"
    "install_$engine" || true
    if "have_$engine"; then
        echo "engines.sh: $engine installed"
    else
        missing+=("$engine")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if required; then
    echo "engines.sh: ERROR: could not install ${missing[*]}; CI needs every engine" >&2
    exit 1
fi
echo "engines.sh: WARNING: could not install ${missing[*]}; the tests that need them will be SKIPPED" >&2
exit 0
