#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a bounded time and fails on the first crash.
#
#   .ci/fuzz.sh                            # all targets, each as RUNS_FOR/SECONDS_FOR below say
#   FUZZ_SECONDS=300 .ci/fuzz.sh fen       # one target (or all), this long each, no input limit
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

# Per target in CI: how many inputs (libFuzzer -runs; 0 = no limit) and at most how many seconds.
# The four chess-like differential targets stop after 10,000 inputs. Measured rates (inputs per
# CPU-second, 30 s runs on a shared 2-core machine): kuma 114, chess 100, congo 143, hunterbeest 42;
# so on one free core they take about 90 + 100 + 70 + 240 s, and the time limits, about twice that,
# only stop a much slower machine (the script then warns that fewer inputs ran). (Those rates
# were measured before the harness stopped writing two FENs per child; it is now about twice as
# fast.) chu_differential is slower per input (a 12x12 board, 336 switch readings (192 when this was measured), Münster's bounded
# search, the history of a walk): main's 5 and 17 inputs a second against 14 and 30 after the
# change, in two pairs of 60 s runs on a machine loaded with several builds, where the issue
# measured 26 to 29 before the change on a quieter one; so it too stops after 10,000 inputs,
# some 130 to 200 s on a free core, and its 300 s limit only stops a slower machine. The parsers run thousands of inputs a second and
# get a fixed 45 s. Total at most 1,575 s (about 26 minutes), about 12 minutes expected.
# explain_reasons (the reason checker, issue 31) explains every move of every piece of a whole
# position per input (a Chu Shogi position, some six thousand moves, takes the longest): it runs
# for a fixed 120 s, bringing the total to at most 1,695 s.
# Every differential target prints at exit how often each switch reading and each rare path was
# reached (fairyspec::check::reach); this script shows it below the target's line.
# A new target adds its line to both tables; a target missing here gets the defaults.
declare -A RUNS_FOR=(
  [kuma_differential]=10000
  [chess_differential]=10000
  [congo_differential]=10000
  [hunterbeest_differential]=10000
  [chu_differential]=10000
)
declare -A SECONDS_FOR=(
  [kuma_differential]=240
  [chess_differential]=240
  [congo_differential]=180
  [hunterbeest_differential]=480
  [chu_differential]=300
  [fen]=45
  [moves]=45
  [betza]=45
  [explain_reasons]=120
)
DEFAULT_RUNS=0
DEFAULT_SECONDS=60
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
  # A failing or empty `cargo fuzz list` (a broken fuzz/Cargo.toml) must fail the run, not pass
  # it with nothing fuzzed.
  listed=$(cargo fuzz list)
  mapfile -t targets <<<"$listed"
  if [ -z "$listed" ] || [ "${#targets[@]}" -eq 0 ]; then
    echo "== cargo fuzz list names no target: nothing to fuzz" >&2
    exit 1
  fi
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
  if [ -n "${FUZZ_SECONDS:-}" ]; then
    seconds=$FUZZ_SECONDS runs=0
  else
    seconds=${SECONDS_FOR[$target]:-$DEFAULT_SECONDS} runs=${RUNS_FOR[$target]:-$DEFAULT_RUNS}
  fi
  if [ "$runs" -gt 0 ]; then limit="$runs inputs (at most ${seconds}s)"; else limit="${seconds}s"; runs=-1; fi
  echo "== fuzzing $target for $limit (seeds: $(find "$corpus" -type f | wc -l))"
  started=$(date +%s)
  if cargo fuzz run --sanitizer none "$target" "$corpus" -- \
      -runs="$runs" -max_total_time="$seconds" -timeout="$per_input_timeout" \
      -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
    took=$(($(date +%s) - started))
    done_runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    echo "   ok: $done_runs executions in ${took}s ($((${done_runs:-0} / (took > 0 ? took : 1))) a second), corpus now $(find "$corpus" -type f | wc -l) inputs"
    if [ "$runs" -gt 0 ] && [ "${done_runs:-0}" -lt "$runs" ]; then
      echo "   WARNING: $target ran only $done_runs of $runs inputs within ${seconds}s (a slow machine?)"
    fi
    # The differential targets print, at exit, how often each switch reading was drawn and each
    # rare path met (fairyspec::check::reach): show it, indented.
    sed -n '/^== reach of /,$p' "$log" | sed 's/^/   /'
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
echo "== fuzzing: no crashes in ${targets[*]}"
