#!/usr/bin/env bash
# Checks that two builds search alike: for each configuration below, runs
#   sokoban solve FILE --json --max-expansions N [OPTIONS]
# with both executables and compares, level by level, the status, the states
# expanded and stored, the peak bytes and the solution. Meant for changes
# that must not change the search (refactorings, speed-ups).
#
# Usage:
#   bench/same_search.sh [-q] [-c CACHE] [-o ONLY] BASE NEW
#
#   BASE, NEW  the two sokoban executables (e.g. main's and this tree's)
#   -q         quick: fewer levels and expansions per configuration
#   -c CACHE   a folder keeping BASE's outputs (by configuration and BASE's
#              checksum), so that reruns only run NEW
#   -o ONLY    run only the configurations whose name contains ONLY
#
# Prints one line per configuration (same / DIFFERENT, levels compared) and
# the first differing lines. Exit code: 0 when all are the same, 1 when some
# differ, 2 on bad usage.
set -euo pipefail

quick=0
cache=""
only=""
usage() { sed -n '7,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "qc:o:h" opt; do
  case "$opt" in
    q) quick=1 ;;
    c) cache="$OPTARG" ;;
    o) only="$OPTARG" ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || usage
base="$1"
new="$2"
levels="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/../shared/levels"
[[ -d "$levels" ]] || levels=/work/shared/levels
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ -n "$cache" ]] && mkdir -p "$cache"
base_sum="$(sha1sum "$base" | cut -c1-12)"

# name | file | levels | expansions | quick levels | quick expansions | options
configs=(
  "fast-microban|microban.xsb|all|100000|1-60|20000|"
  "fast-microban2|microban2.xsb|all|100000|1-40|30000|"
  "fast-boxoban|boxoban-hard-000.xsb|1-200|50000|1-40|25000|"
  "fast-xsokoban|xsokoban90.xsb|all|30000|1-20|21000|"
  "optimal-microban|microban.xsb|all|200000|1-60|50000|--mode optimal"
  "late-xsokoban|xsokoban90.xsb|11,13,14,24,29,31,41,44,45,87|400000|14,41|150000|"
  "none-microban|microban.xsb|all|50000|1-60|20000|--prune none"
  "optimal-none-microban|microban.xsb|1-80|50000|1-40|20000|--mode optimal --prune none"
)
# Each technique and each portfolio member left out in turn.
for flag in dead freeze bipartite corral corraldead learned deadpairs tunnel goalroom roompath \
  packorder weightfirst; do
  configs+=("no-$flag-microban|microban.xsb|all|50000|1-50|25000|--prune default,-$flag")
  configs+=("no-$flag-xsokoban|xsokoban90.xsb|1-40|25000|1-10|21000|--prune default,-$flag")
done
for flag in dead freeze bipartite corral corraldead pairs bidir optbound; do
  configs+=("optimal-no-$flag-microban|microban.xsb|1-100|50000|1-40|20000|--mode optimal --prune default,-$flag")
done
for member in pull plain unlearned boxpenalty ownopen deadsets roomsets pullpenalty; do
  configs+=("without-$member-xsokoban|xsokoban90.xsb|1-40|120000|1-10|50000|--members default,-$member")
done

# The fields compared, one line per level.
project() {
  jq -c 'select(.summary == null) | [.index, .status, .states, .stored, .peak_bytes, .solution]' "$1"
}

run() {  # run EXE FILE LEVELS EXPANSIONS OPTIONS... > OUT
  local exe="$1" file="$2" sel="$3" max="$4"
  shift 4
  local args=(solve "$levels/$file" --json --max-expansions "$max" -t 0 --threads 2)
  [[ "$sel" != all ]] && args+=(--level "$sel")
  "$exe" "${args[@]}" "$@" || true
}

status=0
for entry in "${configs[@]}"; do
  IFS='|' read -r name file sel max qsel qmax opts <<<"$entry"
  [[ -n "$only" && "$name" != *"$only"* ]] && continue
  if [[ $quick -eq 1 ]]; then
    sel="$qsel"
    max="$qmax"
  fi
  read -r -a extra <<<"$opts"
  key="$name-$sel-$max"
  base_out="$work/$key.base"
  if [[ -n "$cache" && -s "$cache/$base_sum-$key" ]]; then
    cp "$cache/$base_sum-$key" "$base_out"
  else
    run "$base" "$file" "$sel" "$max" "${extra[@]}" | project /dev/stdin >"$base_out"
    [[ -n "$cache" ]] && cp "$base_out" "$cache/$base_sum-$key"
  fi
  run "$new" "$file" "$sel" "$max" "${extra[@]}" | project /dev/stdin >"$work/$key.new"
  count="$(wc -l <"$base_out")"
  if cmp -s "$base_out" "$work/$key.new" && [[ "$count" -gt 0 ]]; then
    echo "same       $name ($count levels, $max expansions)"
  else
    echo "DIFFERENT  $name ($count levels, $max expansions)"
    diff "$base_out" "$work/$key.new" | head -6 || true
    status=1
  fi
done
exit $status
