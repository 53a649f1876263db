#!/usr/bin/env bash
# The work of the `fairyspec-conform` action (action.yml beside this file), usable in any CI:
# builds fairyspec from the repository this script belongs to (or uses FAIRYSPEC_BIN), runs
# `fairyspec conform` with the settings below, and exits with its status (0 agree, 1 differ,
# 2 the engine failed). Settings, as environment variables:
#
#   FAIRYSPEC_GAME      kuma | chess | congo | hunterbeest | chu            (required)
#   FAIRYSPEC_ENGINE    the engine's command line, no shell                  (required)
#   FAIRYSPEC_PROTOCOL  perftree (default) | uci | usi | xboard
#   FAIRYSPEC_CORPUS    a .perft file or folder (default: fairyspec's corpus of the game)
#   FAIRYSPEC_DEPTH     check every position at this depth (default: the corpus's depths)
#   FAIRYSPEC_COUNT     routes (default) | results
#   FAIRYSPEC_MAP       identity (default) | fairy-stockfish | xboard
#   FAIRYSPEC_OPTIONS   engine options, one NAME=VALUE per line
#   FAIRYSPEC_SWITCHES  the spec's readings, one NAME=VALUE per line
#   FAIRYSPEC_TIMEOUT   seconds per engine query (default 60)
#   FAIRYSPEC_REPORT    the JSON report (default fairyspec-conform.json)
#   FAIRYSPEC_BIN       a fairyspec binary to use instead of building one
#
# With GITHUB_STEP_SUMMARY set (GitHub Actions), the text report is added to the job summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
game="${FAIRYSPEC_GAME:?FAIRYSPEC_GAME: the game (kuma, chess, congo, hunterbeest, chu)}"
engine="${FAIRYSPEC_ENGINE:?FAIRYSPEC_ENGINE: the engine command line}"

bin="${FAIRYSPEC_BIN:-}"
if [ -z "$bin" ]; then
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin fairyspec
    bin="$root/target/release/fairyspec"
fi

args=(conform "$game" --engine "$engine"
    --protocol "${FAIRYSPEC_PROTOCOL:-perftree}"
    --corpus "${FAIRYSPEC_CORPUS:-$root/corpus/$game}"
    --count "${FAIRYSPEC_COUNT:-routes}"
    --map "${FAIRYSPEC_MAP:-identity}"
    --timeout "${FAIRYSPEC_TIMEOUT:-60}"
    --report "${FAIRYSPEC_REPORT:-fairyspec-conform.json}")
if [ -n "${FAIRYSPEC_DEPTH:-}" ]; then
    args+=(--depth "$FAIRYSPEC_DEPTH")
fi
while IFS= read -r line; do
    [ -n "$line" ] && args+=(--option "$line")
done <<< "${FAIRYSPEC_OPTIONS:-}"
while IFS= read -r line; do
    [ -n "$line" ] && args+=(--switch "$line")
done <<< "${FAIRYSPEC_SWITCHES:-}"

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
"$bin" "${args[@]}" > "$out" 2>&1 || status=$?
cat "$out"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    {
        echo "### fairyspec conform $game"
        echo
        echo '```text'
        tail -n 200 "$out"
        echo '```'
    } >> "$GITHUB_STEP_SUMMARY"
fi
exit "$status"
