#!/usr/bin/env bash
# The work of the `fairyspec-conform` action (action.yml beside this file), usable in any CI:
# installs fairyspec from the repository this script belongs to (`cargo install --path`, into a
# scratch root; or uses FAIRYSPEC_BIN), runs `fairyspec conform` from the current folder with the
# settings below, and exits with its status (0 agree, 1 differ, 2 the engine failed). Settings,
# as environment variables:
#
#   FAIRYSPEC_GAME      kuma | chess | congo | hunterbeest | chu            (required)
#   FAIRYSPEC_ENGINE    the engine's command line, no shell                  (required)
#   FAIRYSPEC_PROTOCOL  perftree (default) | uci | usi | xboard
#   FAIRYSPEC_CORPUS    a .perft file or folder (default: the corpus built into fairyspec)
#   FAIRYSPEC_DEPTH     check every position at this depth (default: the corpus's depths)
#   FAIRYSPEC_SAMPLE    check every K-th position only (default 1: all)
#   FAIRYSPEC_COUNT     routes (default) | results
#   FAIRYSPEC_MAP       identity (default) | fairy-stockfish | xboard
#   FAIRYSPEC_OPTIONS   engine options, one NAME=VALUE per line
#   FAIRYSPEC_SWITCHES  the spec's readings, one NAME=VALUE per line
#   FAIRYSPEC_TIMEOUT   seconds per engine query (default 60)
#   FAIRYSPEC_REPORT    the JSON report (default fairyspec-conform.json)
#   FAIRYSPEC_BIN       a fairyspec binary to use instead of installing one
#   FAIRYSPEC_INSTALL_ROOT  where `cargo install` puts it (default $RUNNER_TEMP/fairyspec, or a
#                       temporary folder)
#
# With GITHUB_STEP_SUMMARY set (GitHub Actions), the job summary gets the report's head: its
# header, the summary line (and why the run stopped early, if it did), the first divergence and
# the first engine error, and fairyspec's last words on stderr; then the whole report, folded.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
game="${FAIRYSPEC_GAME:?FAIRYSPEC_GAME: the game (kuma, chess, congo, hunterbeest, chu)}"
engine="${FAIRYSPEC_ENGINE:?FAIRYSPEC_ENGINE: the engine command line}"

bin="${FAIRYSPEC_BIN:-}"
if [ -z "$bin" ]; then
    install_root="${FAIRYSPEC_INSTALL_ROOT:-}"
    if [ -z "$install_root" ]; then
        install_root="${RUNNER_TEMP:-$(mktemp -d)}/fairyspec"
    fi
    echo "fairyspec-conform: cargo install --path $root --root $install_root" >&2
    cargo install --locked --quiet --path "$root" --root "$install_root" --bin fairyspec
    bin="$install_root/bin/fairyspec"
fi

args=(conform "$game" --engine "$engine"
    --protocol "${FAIRYSPEC_PROTOCOL:-perftree}"
    --count "${FAIRYSPEC_COUNT:-routes}"
    --map "${FAIRYSPEC_MAP:-identity}"
    --sample "${FAIRYSPEC_SAMPLE:-1}"
    --timeout "${FAIRYSPEC_TIMEOUT:-60}"
    --report "${FAIRYSPEC_REPORT:-fairyspec-conform.json}")
if [ -n "${FAIRYSPEC_CORPUS:-}" ]; then
    args+=(--corpus "$FAIRYSPEC_CORPUS")
fi
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
err="$(mktemp)"
trap 'rm -f "$out" "$err"' EXIT
status=0
"$bin" "${args[@]}" > "$out" 2> "$err" || status=$?
cat "$out"
cat "$err" >&2

# The head of a report: lines that start a check are not indented, the details under them are.
# `first_block PATTERN` prints the first check line matching PATTERN and its details.
first_block() {
    awk -v pattern="$1" '
        found && /^[^ ]/ { exit }
        found { print; next }
        $0 ~ pattern { found = 1; print }
    ' "$out"
}

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    verdict="the engine agrees with the specification"
    case "$status" in
        0) ;;
        1) verdict="the engine and the specification differ" ;;
        *) verdict="the engine failed (or conform could not run)" ;;
    esac
    {
        echo "### fairyspec conform $game: $verdict"
        echo
        echo '```text'
        head -n 1 "$out"
        grep -E '^(stopped|summary): ' "$out" || true
        echo '```'
        divergence="$(first_block ' DIVERGED$')"
        if [ -n "$divergence" ]; then
            echo
            echo "#### The first divergence"
            echo
            echo '```text'
            echo "$divergence"
            echo '```'
        fi
        failure="$(first_block ' ENGINE ERROR$')"
        if [ -n "$failure" ]; then
            echo
            echo "#### The first engine error"
            echo
            echo '```text'
            echo "$failure"
            echo '```'
        fi
        if [ -s "$err" ]; then
            echo
            echo '```text'
            cat "$err"
            echo '```'
        fi
        lines="$(wc -l < "$out")"
        echo
        echo "<details><summary>The whole report ($lines lines$([ "$lines" -gt 2000 ] && echo ', the first 2000 here; all in the JSON report'))</summary>"
        echo
        echo '```text'
        head -n 2000 "$out"
        echo '```'
        echo
        echo '</details>'
    } >> "$GITHUB_STEP_SUMMARY"
fi
exit "$status"
