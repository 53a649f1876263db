#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh here, without docker (the ClusterFuzzLite container is not built
# in this CI): $SRC and $OUT are scratch folders, the sanitizer is off as in .ci/fuzz.sh (whose
# build this reuses, so it costs a copy). Then checks that $OUT holds every cargo-fuzz target as
# an executable that runs, and a seed corpus for each target that has seeds.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export RUSTC_BOOTSTRAP=1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src" "$scratch/out"
SRC="$scratch/src" OUT="$scratch/out" FAIRYSPEC_DIR="$root" \
  CARGO_FUZZ_FLAGS="--sanitizer none" bash "$root/.clusterfuzzlite/build.sh"
cd "$root/fuzz"
listed=$(cargo fuzz list)
if [ -z "$listed" ]; then
  echo "   cargo fuzz list names no target: nothing was built"
  exit 1
fi
status=0
for target in $listed; do
  bin="$scratch/out/$target"
  if [ ! -x "$bin" ]; then
    echo "   MISSING: $target was not built into \$OUT"; status=1; continue
  fi
  # One run over the seeds proves the binary is a working libFuzzer target.
  seeds=$(mktemp -d -p "$scratch")
  if [ -f "$scratch/out/${target}_seed_corpus.zip" ]; then
    (cd "$seeds" && unzip -q "$scratch/out/${target}_seed_corpus.zip")
  elif [ -d "$root/corpus/fuzz/$target" ]; then
    echo "   MISSING: no seed corpus zip for $target"; status=1
  fi
  if "$bin" -runs=0 "$seeds" >"$scratch/$target.log" 2>&1; then
    echo "   ok: $target ($(find "$seeds" -type f | wc -l) seeds)"
  else
    echo "   FAILED: $target"; tail -5 "$scratch/$target.log"; status=1
  fi
done
exit "$status"
