#!/usr/bin/env bash
# Benchmark of `sokoban optimize` and moves-optimal mode over one collection.
#
# Usage:
#   bench/optimize_bench.sh [-b SOKOBAN] [-t SECONDS] [-f SECONDS] [-j THREADS]
#                           [-s STEPS] [-w WORKDIR] FILE
#
#   -b SOKOBAN   the executable (default: build/tools/sokoban of this repo)
#   -t SECONDS   time limit per level for optimize and optimal mode (default 10)
#   -f SECONDS   time limit per level of the fast-mode solve (default 10)
#   -j THREADS   levels at once (default 1; every level runs on one thread)
#   -s STEPS     comma list of pushes, moves, optimal, moveopt (default all)
#   -w WORKDIR   where the outputs go (default a new temporary folder)
#
# Runs, on FILE:
#   solve FILE -t F -o WORK/fast.sok                       fast-mode solutions
#   optimize WORK/fast.sok --metric pushes -t S --json     (step pushes)
#   optimize WORK/fast.sok --metric moves -t S --json      (step moves)
#   solve FILE --mode optimal -t S --json                  (step optimal: push optima)
#   solve FILE --mode optimal --metric moves -t S --json   (step moveopt)
# and prints per step the totals of moves and pushes before and after, the
# levels improved, the most seconds a level took, the median ratio of moves
# after to moves before; with the optimal step, the levels whose optimized
# pushes equal the proved push optimum; for moveopt the levels proved.
# Needs bash and python3.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sokoban="$repo/build/tools/sokoban"
limit=10
fast_limit=10
threads=1
steps="pushes,moves,optimal,moveopt"
work=""

usage() { sed -n '4,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "b:t:f:j:s:w:h" opt; do
  case "$opt" in
    b) sokoban="$OPTARG" ;;
    t) limit="$OPTARG" ;;
    f) fast_limit="$OPTARG" ;;
    j) threads="$OPTARG" ;;
    s) steps="$OPTARG" ;;
    w) work="$OPTARG" ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
file="$1"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"
has() { [[ ",$steps," == *",$1,"* ]]; }

if [[ ! -f "$work/fast.sok" ]]; then
  "$sokoban" solve "$file" -t "$fast_limit" -j "$threads" -o "$work/fast.sok" --json \
    >"$work/fast.jsonl" || true
fi
for metric in pushes moves; do
  if has "$metric"; then
    "$sokoban" optimize "$work/fast.sok" --metric "$metric" -t "$limit" -j "$threads" --json \
      >"$work/$metric.jsonl" || true
  fi
done
if has optimal; then
  "$sokoban" solve "$file" --mode optimal -t "$limit" -j "$threads" --json \
    >"$work/optimal.jsonl" || true
fi
if has moveopt; then
  "$sokoban" solve "$file" --mode optimal --metric moves -t "$limit" -j "$threads" --json \
    >"$work/moveopt.jsonl" || true
fi

python3 - "$work" <<'PY'
import json, os, statistics, sys
work = sys.argv[1]
def load(name):
    path = os.path.join(work, name)
    if not os.path.exists(path): return None
    return [json.loads(l) for l in open(path) if l.strip() and '"summary"' not in l]
optimal = load("optimal.jsonl")
push_opt = {}
if optimal:
    push_opt = {o["index"]: o["pushes"] for o in optimal if o["status"] == "solved"}
    print(f"optimal mode: {len(push_opt)} of {len(optimal)} levels proved push-optimal")
for metric in ("pushes", "moves"):
    rows = load(metric + ".jsonl")
    if rows is None: continue
    done = [r for r in rows if r["before"]]
    bm = sum(r["before"]["moves"] for r in done); bp = sum(r["before"]["pushes"] for r in done)
    am = sum(r["after"]["moves"] for r in done); ap = sum(r["after"]["pushes"] for r in done)
    ratios = [r["after"]["moves"] / r["before"]["moves"] for r in done]
    print(f"optimize --metric {metric}: {len(done)} levels, before {bm} moves {bp} pushes, "
          f"after {am} moves {ap} pushes, improved {sum(r['improved'] for r in done)}, "
          f"proved optimal {sum(r['optimal'] for r in done)}, "
          f"max {max(r['seconds'] for r in done):.2f} s a level, "
          f"median moves ratio {statistics.median(ratios):.3f}")
    if push_opt:
        equal = sum(1 for r in done if push_opt.get(r["index"]) == r["after"]["pushes"])
        print(f"  pushes equal to the proved push optimum on {equal} of {len(done)} levels")
moveopt = load("moveopt.jsonl")
if moveopt:
    proved = [o for o in moveopt if o["status"] == "solved" and o.get("move_optimal")]
    print(f"moves-optimal mode: {len(proved)} of {len(moveopt)} levels proved, "
          f"{sum(o['moves'] for o in proved)} moves in all")
print(f"outputs in {work}")
PY
