#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ into $OUT, each with its committed seeds
# (corpus/fuzz/<target>/) as <target>_seed_corpus.zip, the layout ClusterFuzzLite and OSS-Fuzz
# expect. In their image $SRC and $OUT are set and `cargo` adds the sanitizer's flags. Debug
# assertions stay on (overflow checks find bugs too), the same build as .ci/fuzz.sh.
#
# Locally (without docker; .ci/clusterfuzzlite.sh does this):
#   SRC=$(mktemp -d) OUT=$(mktemp -d) FAIRYSPEC_DIR=$PWD \
#     CARGO_FUZZ_FLAGS="--sanitizer none" RUSTC_BOOTSTRAP=1 .clusterfuzzlite/build.sh
repo=${FAIRYSPEC_DIR:-$SRC/fairyspec}
cd "$repo/fuzz"
# shellcheck disable=SC2086 # CARGO_FUZZ_FLAGS is a list of flags
cargo fuzz build -O --debug-assertions ${CARGO_FUZZ_FLAGS:-}
triple=$(rustc -vV | sed -n 's/^host: //p')
targets=$(cargo fuzz list)
if [ -z "$targets" ]; then
  echo "build.sh: cargo fuzz list names no target" >&2
  exit 1
fi
for target in $targets; do
  cp "$repo/fuzz/target/$triple/release/$target" "$OUT/"
  seeds="$repo/corpus/fuzz/$target"
  if [ -d "$seeds" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    find "$seeds" -maxdepth 1 -type f ! -name README.md -print0 |
      xargs -0 --no-run-if-empty zip -j -q "$OUT/${target}_seed_corpus.zip"
  fi
done
