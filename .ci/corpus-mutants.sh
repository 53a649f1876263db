#!/usr/bin/env bash
# The default corpus against wrong implementations built from the reference generator: every
# mutant cargo-mutants makes of a reference rule file, run as an engine against the bitboard
# generator over corpus/<game>/ at the depths it lists (tests/all/corpus_mutants.rs,
# `<game>_reference_conforms_on_the_default_corpus`). A mutant is caught when that test fails,
# i.e. when `fairyspec conform` would tell it from the specification; docs/corpus-mutants.md has
# the figures and every survivor's fate.
#
# Usage:
#   .ci/corpus-mutants.sh [--shard K/N] [--budget NODES] [--re REGEX] [--out DIR] [FILE...]
#
# FILE: rule files (default: all of RULE_FILES below). --shard K/N: only the K-th of every N
# mutants of each file (cargo-mutants' --shard, round-robin; a sample). --budget NODES: only the
# corpus checks whose listed count is at most NODES (a cheap first pass: a mutant it misses must
# then be run without a budget, e.g. with --re and its name, before it counts as missed).
# --re REGEX: only the mutants whose name matches (cargo-mutants' --re). --out DIR: where
# cargo-mutants writes each file's results (default: target/corpus-mutants/, a folder per file
# holding mutants.out/ with outcomes.json and caught.txt, missed.txt, timeout.txt,
# unviable.txt).
#
# It mutates a scratch copy of the working tree (never the tree itself), in
# ${FAIRYSPEC_MUTANTS_DIR:-${XDG_CACHE_HOME:-~/.cache}/fairyspec/corpus-mutants}/src, built in
# CARGO_TARGET_DIR (default: the scratch folder's own target/, kept between runs so that only the
# mutated crate is rebuilt). Needs cargo-mutants 27.1.0 (`cargo install cargo-mutants --version
# 27.1.0 --locked`). The unmutated tests are not run first (--baseline skip): run
# `cargo test --test all -- --ignored corpus_mutants::` once to see them pass. Each mutant costs a
# build of the crate and of tests/all at the test profile (about a minute on two idle cores) and
# the reference over its game's corpus (seconds when caught, minutes when not; the timeout below
# is above the slowest game's whole corpus on a loaded machine).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# The reference generators' rule files and the games whose reference uses each.
declare -A GAMES=(
    [spec/kuma/rules.rs]="kuma"
    [spec/chess/rules.rs]="chess"
    [spec/hunterbeest/rules.rs]="hunterbeest"
    [spec/congo/rules.rs]="congo"
    [spec/congo/rules/monkey.rs]="congo"
    [spec/chu/rules.rs]="chu"
    [spec/chu/rules/lion.rs]="chu"
    [spec/chu/rules/end.rs]="chu"
    [spec/chu/rules/pieces.rs]="chu"
    [spec/mailbox/fide.rs]="kuma chess hunterbeest"
    [spec/mailbox/rules.rs]="kuma chess hunterbeest chu"
    [spec/mailbox.rs]="kuma chess hunterbeest congo chu"
)
RULE_FILES=(spec/kuma/rules.rs spec/chess/rules.rs spec/hunterbeest/rules.rs spec/mailbox/fide.rs
    spec/mailbox/rules.rs spec/mailbox.rs spec/congo/rules.rs spec/congo/rules/monkey.rs
    spec/chu/rules.rs spec/chu/rules/lion.rs spec/chu/rules/end.rs spec/chu/rules/pieces.rs)

shard=()
re=()
out="$root/target/corpus-mutants"
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        --shard) shard=(--shard "$2" --sharding round-robin); shift 2 ;;
        --budget) export FAIRYSPEC_MUTANT_BUDGET="$2"; shift 2 ;;
        --re) re=(--re "$2"); shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
        -*) echo "corpus-mutants.sh: unknown option $1" >&2; exit 2 ;;
        *) files+=("$1"); shift ;;
    esac
done
[ ${#files[@]} -gt 0 ] || files=("${RULE_FILES[@]}")
for f in "${files[@]}"; do
    [ -n "${GAMES[$f]:-}" ] || { echo "corpus-mutants.sh: $f is not a rule file this script knows (${RULE_FILES[*]})" >&2; exit 2; }
done
command -v cargo-mutants >/dev/null 2>&1 \
    || { echo "corpus-mutants.sh: cargo-mutants is not installed (cargo install cargo-mutants --version 27.1.0 --locked)" >&2; exit 2; }

scratch="${FAIRYSPEC_MUTANTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fairyspec/corpus-mutants}"
mkdir -p "$out"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$scratch/target}"
# The working tree as it is (committed or not), without build output or git's own folder; the
# files keep their times, so cargo rebuilds only what changed since the last run.
rm -rf "$scratch/src" && mkdir -p "$scratch/src"
tar -C "$root" --exclude=./target --exclude=./.git --exclude=./fuzz/target \
    --exclude=./examples/chu/node_modules -cf - . | tar -C "$scratch/src" -xf -

status=0
for f in "${files[@]}"; do
    filters=()
    for g in ${GAMES[$f]}; do filters+=("corpus_mutants::${g}_reference_conforms_on_the_default_corpus"); done
    name=$(echo "$f" | tr / _)
    echo "== $f (${GAMES[$f]})"
    start=$SECONDS
    nice -n 10 cargo mutants --in-place -d "$scratch/src" -f "$f" "${shard[@]}" "${re[@]}" \
        --baseline skip --timeout 1800 --build-timeout 1800 -o "$out/$name" \
        -C --test=all -- -- --ignored "${filters[@]}" || status=$?
    echo "$f: $((SECONDS - start)) s; caught $(wc -l < "$out/$name/mutants.out/caught.txt"), missed $(wc -l < "$out/$name/mutants.out/missed.txt"), timeout $(wc -l < "$out/$name/mutants.out/timeout.txt"), unviable $(wc -l < "$out/$name/mutants.out/unviable.txt")"
done
# cargo-mutants exits 2 when a mutant was missed, 3 on a timeout only.
exit $status
