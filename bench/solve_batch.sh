#!/usr/bin/env bash
# Batch benchmark of `sokoban solve` over whole collections.
#
# Usage:
#   bench/solve_batch.sh [-b SOKOBAN] [-t SECONDS] [-m fast|optimal] [-j THREADS] FILE...
#
#   -b SOKOBAN   the executable (default: build/tools/sokoban next to this script's repo)
#   -t SECONDS   time limit per level (default 10)
#   -m MODE      fast (default) or optimal
#   -j THREADS   levels solved at once (default 1; more makes "seconds" a wall time
#                shared by several levels, so compare runs with the same -j)
#
# For each FILE it runs
#   sokoban solve FILE --json --time-limit S --mode M --threads N
# and prints one row:
#   collection  solved/total  total s  median s  states/s  peak MiB
# where total is the run's wall time, median the median of the per-level solve
# times (every level, unsolved ones at their time), states/s the states expanded
# over all levels divided by the sum of the per-level solve times, and peak the
# maximum resident set size of the process (from /usr/bin/time -v when it is
# installed, else the tool's own getrusage figure, "peak_rss_kib").
# Needs bash, awk and sort. Exit code: 0, or 2 on bad usage or a run that
# produced no summary (a crash or unreadable file).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sokoban="$repo/build/tools/sokoban"
limit=10
mode=fast
threads=1

usage() { sed -n '4,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "b:t:m:j:h" opt; do
  case "$opt" in
    b) sokoban="$OPTARG" ;;
    t) limit="$OPTARG" ;;
    m) mode="$OPTARG" ;;
    j) threads="$OPTARG" ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || usage
[[ -x "$sokoban" ]] || { echo "solve_batch.sh: no executable at $sokoban (build first or use -b)" >&2; exit 2; }

timer=()
if [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -v); fi

# A number out of one-line JSON objects: the value after "KEY": (the quote
# before KEY keeps "seconds" from matching "solve_seconds").
field() { sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p"; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

printf '%-28s %9s %9s %9s %10s %9s\n' collection solved total_s median_s states/s peak_MiB
status=0
for file in "$@"; do
  # Exit code 1 (some level unsolved) is a normal outcome here.
  "${timer[@]}" "$sokoban" solve "$file" --json --time-limit "$limit" --mode "$mode" \
    --threads "$threads" >"$tmp/out" 2>"$tmp/err" || true
  if ! grep -q '"summary"' "$tmp/out"; then
    echo "solve_batch.sh: $file: no summary; stderr follows" >&2
    cat "$tmp/err" >&2
    status=2
    continue
  fi
  grep -v '"summary"' "$tmp/out" | field seconds | sort -g >"$tmp/seconds"
  summary="$(grep '"summary"' "$tmp/out")"
  solved="$(field solved <<<"$summary")"
  levels="$(field levels <<<"$summary")"
  wall="$(field seconds <<<"$summary")"
  solve_s="$(field solve_seconds <<<"$summary")"
  states="$(field states <<<"$summary")"
  peak_kib="$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$tmp/err")"
  [[ -n "$peak_kib" ]] || peak_kib="$(field peak_rss_kib <<<"$summary")"
  median="$(awk '{ v[NR] = $1 } END { if (NR == 0) print 0;
                   else if (NR % 2) print v[(NR + 1) / 2];
                   else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }' "$tmp/seconds")"
  awk -v name="$(basename "$file")" -v solved="$solved" -v levels="$levels" -v wall="$wall" \
      -v median="$median" -v states="$states" -v solve_s="$solve_s" -v peak="$peak_kib" \
      'BEGIN { rate = solve_s > 0 ? states / solve_s : 0
               printf "%-28s %9s %9.2f %9.4f %10.0f %9.1f\n", name, solved "/" levels, wall, median, rate, peak / 1024 }'
done
exit "$status"
