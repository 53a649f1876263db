#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a bounded time and fails on the first crash.
#
#   FUZZ_SECONDS=30 .ci/fuzz.sh            # all targets, 30 s each (the default)
#   FUZZ_SECONDS=300 .ci/fuzz.sh fen       # one target, longer
#
# Each target starts from its committed seeds (corpus/fuzz/<target>/), copied into the scratch
# corpus fuzz/corpus/<target>/ (git-ignored) so that what the fuzzer adds never pollutes the
# committed corpus. A crash leaves its input in fuzz/artifacts/<target>/ and the script prints
# that path; to keep it as a regression test, copy it into corpus/fuzz/<target>/ (then
# `cargo test --test all fuzz_corpus::` replays it) and fix the bug.
#
# Runs on the stable toolchain: RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its nightly-only flags.
# The sanitizer is off (`--sanitizer none`): the code is safe Rust, and libFuzzer's coverage
# guidance works without it at about twice the speed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${FUZZ_SECONDS:-30}
per_input_timeout=${FUZZ_TIMEOUT:-30}
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

cd "$root/fuzz"
if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo fuzz list)
fi

echo "== building ${targets[*]}"
cargo fuzz build --sanitizer none

failed=()
for target in "${targets[@]}"; do
  corpus="$root/fuzz/corpus/$target"
  artifacts="$root/fuzz/artifacts/$target"
  log="$root/fuzz/artifacts/$target.log"
  mkdir -p "$corpus" "$artifacts"
  seeds="$root/corpus/fuzz/$target"
  if [ -d "$seeds" ]; then
    find "$seeds" -maxdepth 1 -type f ! -name README.md -exec cp -f {} "$corpus/" \;
  fi
  echo "== fuzzing $target for ${seconds}s (seeds: $(find "$corpus" -type f | wc -l))"
  if cargo fuzz run --sanitizer none "$target" "$corpus" -- \
      -max_total_time="$seconds" -timeout="$per_input_timeout" \
      -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "   ok: $runs executions, corpus now $(find "$corpus" -type f | wc -l) inputs"
  else
    echo "   CRASH in $target (log: $log)"
    grep -E '^(thread .* panicked|.*panicked at)' -A3 "$log" | head -20 || true
    grep -o 'Test unit written to .*' "$log" | sed 's/^Test unit written to /   crashing input: /' || true
    failed+=("$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "== fuzzing found crashes in: ${failed[*]}"
  exit 1
fi
echo "== fuzzing: no crashes in ${targets[*]} (${seconds}s each)"
