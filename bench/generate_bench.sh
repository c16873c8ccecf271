#!/usr/bin/env bash
# Generation throughput and the spread of what comes out, for one spec.
#
#   bench/generate_bench.sh [-b BUILD_DIR] [generate options...]
#   bench/generate_bench.sh --count 200 --size 10x10 --boxes 4 --style room
#   bench/generate_bench.sh --count 20 --difficulty hard
#
# Runs `sokoban generate --json` once with the given options (single thread
# unless --threads is given) and prints levels per second and per minute,
# the median, minimum and maximum of pushes, box changes, solver states and
# the proved push lower bound, the unused floor (count and share of the
# floor), the rejection counts by reason, and the pushes' quartiles. The last line is
# a one-line summary for tables. Exit status is generate's.
#
#   bench/generate_bench.sh --count 10 --size 20x16 --boxes 10 --min-pushes 100
set -euo pipefail

build="build"
if [[ "${1:-}" == "-b" ]]; then
  build="$2"
  shift 2
fi
sokoban="$build/tools/sokoban"
[[ -x "$sokoban" ]] || { echo "generate_bench: no $sokoban (build first)" >&2; exit 2; }

out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
"$sokoban" generate --json "$@" >"$out" || status=$?

python3 - "$out" "$*" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
levels = [r for r in rows if not r.get("summary")]
summary = next((r for r in rows if r.get("summary")), None)
if summary is None:
    sys.exit("generate_bench: no summary line from sokoban generate")
secs = summary["seconds"]
rate = len(levels) / secs if secs > 0 else float("inf")
print(f"spec: {sys.argv[2]}")
print(f"levels {len(levels)} of {summary['wanted']} in {secs:.2f} s: {rate:.2f} levels/s "
      f"({60 * rate:.1f} levels/min), {summary['attempts']} attempts")
print("rejected: " + ", ".join(f"{k} {summary[k]}" for k in
      ["no_layout", "no_goals", "no_position", "unsolved", "too_easy", "unused_floor",
       "duplicates"] if k in summary))
line = [f"{rate:.2f} levels/s"]
for key in ["pushes", "box_changes", "states", "push_lower_bound", "unused_floor"]:
    values = [r[key] for r in levels if key in r]
    if not values:
        continue
    med = statistics.median(values)
    print(f"{key:12s} median {med:8.1f}  min {min(values):8d}  max {max(values):8d}")
    line.append(f"{key} {med:g} [{min(values)}..{max(values)}]")
shares = [r["unused_floor_share"] for r in levels if "unused_floor_share" in r]
if shares:
    med = statistics.median(shares)
    print(f"unused floor share median {med:.3f}  min {min(shares):.3f}  max {max(shares):.3f}")
    line.append(f"unused share {med:.3f}")
pushes = sorted(r["pushes"] for r in levels)
if len(pushes) >= 2:
    q = statistics.quantiles(pushes, n=4)
    print(f"pushes quartiles {q[0]:g} / {q[1]:g} / {q[2]:g}; all: {pushes}")
print("SUMMARY | " + " | ".join(line))
PY
exit $status
