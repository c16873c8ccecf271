#!/usr/bin/env bash
# Overhead of solving in shards: one process with --threads J against N
# shards with J at once, then `sokoban merge`.
#
# Usage:
#   bench/shard_overhead.sh [-b SOKOBAN] [-t SECONDS] [-x EXPANSIONS] [-n SHARDS] [-j JOBS] [-r RUNS]
#                           [FILE [--level SEL]]
#
# Defaults: Boxoban hard 000 (../shared/levels/boxoban-hard-000.xsb, 1,000
# levels), -t 5, -n 4, -j 2, -r 3. -x adds --max-expansions, so that levels
# stopped by the budget compare equal too (a time limit is not deterministic).
# Each round times, in this order:
#   whole     sokoban solve FILE -t S --threads J --json
#   journal   scripts/cluster/solve-parallel.sh -n N -j J (a journal per shard,
#             fsync'd at most once a second; the shards are background jobs
#             of the script) and its merge
#   json      the same shards with their --json output as the parts (no
#             journal), J at a time under xargs -P, and merge
# and checks that both merges equal the whole run level by level (status,
# solution, states; compare_results.py). Prints each round and the medians:
#   whole W s  journal P s (P/W x)  json Q s (Q/W x)
# Wall times: quote them with the machine's load.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sokoban="$repo/build/tools/sokoban"
limit=5 shards=4 jobs=2 runs=3 budget=()
while getopts "b:t:x:n:j:r:" opt; do
  case "$opt" in
    b) sokoban="$OPTARG" ;;
    t) limit="$OPTARG" ;;
    x) budget=(--max-expansions "$OPTARG") ;;
    n) shards="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    r) runs="$OPTARG" ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
select=("$@")
[[ ${#select[@]} -gt 0 ]] || select=("$repo/../shared/levels/boxoban-hard-000.xsb")
tmp="$(mktemp -d /tmp/sokoban-overhead-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
compare="$repo/tests/system/compare_results.py"
declare -a whole_t journal_t json_t
for round in $(seq 1 "$runs"); do
  rm -rf "$tmp"/*
  t0=$(now)
  "$sokoban" solve "${select[@]}" -t "$limit" "${budget[@]}" --threads "$jobs" --json >"$tmp/whole.json" || true
  t1=$(now)
  SOKOBAN="$sokoban" "$repo/scripts/cluster/solve-parallel.sh" -n "$shards" -j "$jobs" \
    -d "$tmp/journal" -o "$tmp/journal.sok" --json "${select[@]}" -- -t "$limit" "${budget[@]}" \
    >"$tmp/journal.json" 2>"$tmp/journal.err" || true
  t2=$(now)
  mkdir -p "$tmp/json"
  seq 1 "$shards" | xargs -P "$jobs" -I{} sh -c "$(printf '%q ' "$sokoban") solve $(printf '%q ' "${select[@]}" "${budget[@]}") -t $limit \
    --shard {}/$shards --json > $tmp/json/part-{}.json" || true
  "$sokoban" merge "${select[@]}" --json -o "$tmp/json.sok" \
    --from $(for k in $(seq 1 "$shards"); do echo "$tmp/json/part-$k.json"; done) \
    >"$tmp/json.json" || true
  t3=$(now)
  python3 "$compare" "$tmp/whole.json" "$tmp/journal.json" >/dev/null ||
    { echo "round $round: the journal merge differs from the whole run" >&2; exit 1; }
  python3 "$compare" "$tmp/whole.json" "$tmp/json.json" >/dev/null ||
    { echo "round $round: the json merge differs from the whole run" >&2; exit 1; }
  w=$(echo "$t1 - $t0" | bc -l) p=$(echo "$t2 - $t1" | bc -l) q=$(echo "$t3 - $t2" | bc -l)
  whole_t+=("$w") journal_t+=("$p") json_t+=("$q")
  printf 'round %d: whole %.2f s  journal %.2f s  json %.2f s\n' "$round" "$w" "$p" "$q"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
W=$(median "${whole_t[@]}") P=$(median "${journal_t[@]}") Q=$(median "${json_t[@]}")
levels=$(tail -n 1 "$tmp/whole.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["levels"])')
printf 'median of %d: %s levels, -t %s, %d shards, %d jobs: whole %.2f s  journal %.2f s (%.2fx)  json %.2f s (%.2fx)\n' \
  "$runs" "$levels" "$limit" "$shards" "$jobs" "$W" "$P" "$(echo "$P / $W" | bc -l)" "$Q" "$(echo "$Q / $W" | bc -l)"
