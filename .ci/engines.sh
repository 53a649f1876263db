#!/usr/bin/env bash
# Installs the outside implementations tests/all/conform.rs and the conformance matrix
# (corpus/matrix.txt, `fairyspec matrix`) run against. Idempotent. Versions are pinned where the
# registry lets us; the matrix checks each version it runs (`version-check`).
#   - Debian's fairy-stockfish (UCI; orthodox chess)       -> /usr/games/fairy-stockfish
#   - Debian's stockfish (UCI; orthodox chess)             -> /usr/games/stockfish
#   - Debian's hachu (XBoard; Chu Shogi)                   -> /usr/games/hachu
#   - Debian's sjaakii (Sjaak II; Kuma, Hunterbeest)       -> /usr/games/sjaakii
#   - pyffish 0.0.90, Fairy-Stockfish's Python binding     -> python3 -c "import pyffish"
#   - python-chess 1.11.2 (PyPI `chess`)                   -> python3 -c "import chess"
#   - shogiops, lishogi's rules library (Chu Shogi)        -> examples/chu/node_modules (npm ci)
#   - minase 2.6.0 (crates.io; Chu Shogi)                  -> minase on PATH (~/.cargo/bin)
#
# In CI (the variable CI set to true or 1, in any case, as CI services do, or
# FAIRYSPEC_REQUIRE_ENGINES=1, which .ci/run sets) an engine that is still missing afterwards fails
# this script, and the tests that need it fail too. Elsewhere it only warns, and those tests skip
# (loudly).
#
# Each engine is a pair of functions, have_<name> (usable now?) and install_<name>, and a name in
# ENGINES below; another engine is added the same way.
set -u

# A switch variable is on when it is `true` or `1`, in any case (CI=false is not CI), as
# tests/all/support/ci.rs reads it.
is_on() {
    case "$(printf '%s' "${1:-}" | tr '[:upper:]' '[:lower:]')" in
        true | 1) return 0 ;;
        *) return 1 ;;
    esac
}

required() {
    is_on "${CI:-}" || is_on "${FAIRYSPEC_REQUIRE_ENGINES:-}"
}

sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

# Debian's fairy-stockfish (UCI; orthodox chess) -> /usr/games/fairy-stockfish
have_fairy_stockfish() {
    [ -x /usr/games/fairy-stockfish ] || command -v fairy-stockfish >/dev/null 2>&1
}
install_fairy_stockfish() {
    apt_install fairy-stockfish
}

# Debian packages: one `apt-get update` per run.
apt_updated=
apt_install() {
    command -v apt-get >/dev/null 2>&1 || { echo "engines.sh: no apt-get" >&2; return 1; }
    if [ -z "$apt_updated" ]; then
        sudo_if_needed apt-get update -qq || return 1
        apt_updated=1
    fi
    sudo_if_needed apt-get install -y -qq "$@"
}

# Debian's stockfish (UCI; orthodox chess) -> /usr/games/stockfish
have_stockfish() {
    [ -x /usr/games/stockfish ] || command -v stockfish >/dev/null 2>&1
}
install_stockfish() {
    apt_install stockfish
}

# Debian's hachu (XBoard, no perft; Chu Shogi) -> /usr/games/hachu
have_hachu() {
    [ -x /usr/games/hachu ] || command -v hachu >/dev/null 2>&1
}
install_hachu() {
    apt_install hachu
}

# Debian's sjaakii (Sjaak II; Kuma Chess and Hunterbeest through its variants file)
have_sjaakii() {
    [ -x /usr/games/sjaakii ] || command -v sjaakii >/dev/null 2>&1
}
install_sjaakii() {
    apt_install sjaakii
}

# python-chess (PyPI `chess`), pinned -> python3 -c "import chess"
have_python_chess() {
    python3 -c "import chess, sys; sys.exit(chess.__version__ != '1.11.2')" >/dev/null 2>&1
}
install_python_chess() {
    command -v python3 >/dev/null 2>&1 || { echo "engines.sh: no python3" >&2; return 1; }
    python3 -m pip install --quiet chess==1.11.2 \
        || python3 -m pip install --quiet --break-system-packages chess==1.11.2
}

# minase 2.6.0 (crates.io; USI/CECP Chu engine, its perft on its command line) -> minase on PATH.
# `cargo install` builds it (about a minute and a half on two idle cores).
have_minase() {
    command -v minase >/dev/null 2>&1 && cargo install --list 2>/dev/null | grep -q '^minase v2\.6\.0:'
}
install_minase() {
    command -v cargo >/dev/null 2>&1 || { echo "engines.sh: no cargo" >&2; return 1; }
    cargo install minase --version 2.6.0 --locked --quiet
}

# pyffish, Fairy-Stockfish's Python binding (Kuma Chess) -> python3 -c "import pyffish"
have_pyffish() {
    python3 -c "import pyffish" >/dev/null 2>&1
}
install_pyffish() {
    command -v python3 >/dev/null 2>&1 || { echo "engines.sh: no python3" >&2; return 1; }
    python3 -m pip install --quiet pyffish==0.0.90 \
        || python3 -m pip install --quiet --break-system-packages pyffish==0.0.90
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

ENGINES=(fairy_stockfish stockfish hachu sjaakii pyffish python_chess shogiops minase)

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
