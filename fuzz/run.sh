#!/usr/bin/env bash
# Runs one fuzz target for a given time:
#
#   fuzz/run.sh TARGET SECONDS      TARGET: read_collection, moves or solver
#
# Builds the targets in build-fuzz/ with clang++ (-DSOKOBAN_FUZZ=ON) when
# needed, makes the seed corpus once (fuzz/make_corpus.sh), and fuzzes with
# the growing corpus in build-fuzz/corpus/TARGET plus fuzz/regressions/TARGET.
# A crash, hang (over 10 s for one input) or out-of-memory input is saved in
# fuzz/regressions/TARGET/; keep it there (tests/fuzz_regression_test.cc
# replays every file of that folder) and fix the bug. The last line printed
# reports executions and seconds; exit status is non-zero on a finding.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${SOKOBAN_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
if [[ $# -ne 2 ]]; then
  echo "usage: fuzz/run.sh TARGET SECONDS" >&2
  exit 2
fi
target="$1" seconds="$2"
if [[ ! -f "$ROOT/fuzz/${target}_fuzzer.cc" ]]; then
  echo "fuzz/run.sh: no target '$target' (have: $(cd "$ROOT/fuzz" && ls *_fuzzer.cc | sed 's/_fuzzer.cc//' | tr '\n' ' '))" >&2
  exit 2
fi
if [[ ! -f "$BUILD/CMakeCache.txt" ]]; then
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSOKOBAN_FUZZ=ON >"$BUILD.configure.log" 2>&1 || { cat "$BUILD.configure.log" >&2; exit 1; }
fi
cmake --build "$BUILD" -j2 --target "${target}_fuzzer" >"$BUILD/build-$target.log" 2>&1 ||
  { tail -40 "$BUILD/build-$target.log" >&2; exit 1; }
[[ -d "$BUILD/corpus/$target" ]] || "$ROOT/fuzz/make_corpus.sh" "$BUILD/corpus"
mkdir -p "$ROOT/fuzz/regressions/$target"
log="$BUILD/fuzz-$target.log"
status=0
"$BUILD/fuzz/${target}_fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="$ROOT/fuzz/regressions/$target/" \
  "$BUILD/corpus/$target" "$ROOT/fuzz/regressions/$target" >"$log" 2>&1 || status=$?
runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
if [[ $status -ne 0 ]]; then
  grep -E 'ERROR|SUMMARY|check failed|Test unit written' "$log" | head -20 >&2
  echo "$target: FINDING after ${runs:-?} executions (log: $log)"
  exit 1
fi
echo "$target: ${runs:-?} executions in $seconds s, no finding"
