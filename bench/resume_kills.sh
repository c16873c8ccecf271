#!/usr/bin/env bash
# Resuming after kills: a 200-level journaled run is killed (SIGKILL) at K
# random moments and resumed each time; the final result must equal one
# uninterrupted run, and no level may be solved twice beyond the one being
# solved at each kill.
#
# Usage:
#   bench/resume_kills.sh [-b SOKOBAN] [-k KILLS] [-s SEED] [FILE --level SEL -- SOLVE_OPTIONS]
#
# Defaults: Boxoban hard 000 levels 1-200, --max-expansions 200000 -t 60 (a
# deterministic budget, so that states compare), 5 kills, seed 1. Prints per
# kill the moment, the complete journal lines at that moment and what the
# resume took from the journal; then the checks:
#   - every level journaled exactly once in the final journal;
#   - each resume took every complete line the kill left (nothing lost);
#   - levels solved in all = 200 + at most one per kill (the one in flight);
#   - the merge of the journal equals the uninterrupted run, level by level
#     (status, solution, states), compare_results.py.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sokoban="$repo/build/tools/sokoban"
kills=5 seed=1
while getopts "b:k:s:" opt; do
  case "$opt" in
    b) sokoban="$OPTARG" ;;
    k) kills="$OPTARG" ;;
    s) seed="$OPTARG" ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
select=() options=()
while [[ $# -gt 0 ]]; do
  if [[ "$1" == "--" ]]; then shift; options=("$@"); break; fi
  select+=("$1"); shift
done
[[ ${#select[@]} -gt 0 ]] || select=("$repo/../shared/levels/boxoban-hard-000.xsb" --level 1-200)
[[ ${#options[@]} -gt 0 ]] || options=(--max-expansions 200000 -t 60)
tmp="$(mktemp -d /tmp/sokoban-resume-XXXXXX)"
pid=""
trap '[[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
RANDOM=$seed
journal="$tmp/run.jsonl"
records() { [[ -f "$journal" ]] && { grep -c '"status"' "$journal" || true; } || echo 0; }

# The uninterrupted run, and its length, to pick kill moments inside it.
t0=$(date +%s%N)
"$sokoban" solve "${select[@]}" "${options[@]}" --json >"$tmp/whole.json" || true
t1=$(date +%s%N)
total_ms=$(((t1 - t0) / 1000000))
levels=$(grep -c '"status"' "$tmp/whole.json")
echo "uninterrupted: $levels levels in $total_ms ms"

appended=0
for kill in $(seq 1 "$kills"); do
  before=$(records)
  # A moment in the part of the run still to do.
  left=$((total_ms * (levels - before) / levels))
  delay=$((left / 4 + RANDOM % (left / 2 + 1)))
  "$sokoban" solve "${select[@]}" "${options[@]}" --json --journal "$journal" \
    >"$tmp/run-$kill.json" 2>"$tmp/run-$kill.err" &
  pid=$!
  sleep "$(echo "$delay / 1000" | bc -l)"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
  after=$(records)
  complete=$(grep -c '' "$journal" 2>/dev/null || echo 0)  # complete lines, header included
  taken=$(grep -o '[0-9]* levels done already' "$tmp/run-$kill.err" | grep -o '^[0-9]*' || echo 0)
  appended=$((appended + after - before))
  echo "kill $kill at ${delay} ms: journal had $before levels, this run took $taken from it and added $((after - before))"
  [[ "$taken" -eq "$before" ]] || { echo "FAIL: the run did not take every journaled level"; exit 1; }
done
"$sokoban" solve "${select[@]}" "${options[@]}" --json --journal "$journal" \
  >"$tmp/final.json" 2>"$tmp/final.err" || true
before=$(records)
taken=$(grep -o '[0-9]* levels done already' "$tmp/final.err" | grep -o '^[0-9]*' || echo 0)
final_records=$(records)
echo "final run: took $taken from the journal, solved $((levels - taken))"
appended=$((appended + levels - taken))
dups=$(grep -o '"file":"[^"]*","height":[0-9]*,"index":[0-9]*' "$journal" | sort | uniq -d | wc -l)
echo "journal: $final_records records, $dups levels twice"
echo "levels solved in all runs: $appended (+ at most $kills in flight at the kills) for $levels levels"
"$sokoban" merge "${select[@]}" --json --from "$journal" >"$tmp/merged.json" || true
python3 "$repo/tests/system/compare_results.py" "$tmp/whole.json" "$tmp/merged.json"
[[ $dups -eq 0 && $final_records -eq $levels && $appended -eq $levels ]] ||
  { echo "FAIL"; exit 1; }
echo "PASS: $kills kills, resumed each time; the merge equals the uninterrupted run"
