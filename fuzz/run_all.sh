#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each, one after the other:
#
#   fuzz/run_all.sh SECONDS
#
# Exit status is non-zero when any target found something.
set -uo pipefail
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -ne 1 ]]; then
  echo "usage: fuzz/run_all.sh SECONDS" >&2
  exit 2
fi
failed=0
for source in "$DIR"/*_fuzzer.cc; do
  target="$(basename "$source" _fuzzer.cc)"
  "$DIR/run.sh" "$target" "$1" || failed=1
done
exit $failed
