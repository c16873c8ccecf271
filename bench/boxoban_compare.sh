#!/usr/bin/env bash
# Our hard 10x10 four-box levels against Boxoban's hard set, both measured
# by our own solver the same way.
#
#   bench/boxoban_compare.sh [-b BUILD_DIR] [COUNT] [SEED] [-- extra solve options]
#
# Generates COUNT (default 100) levels with --difficulty hard at 10x10 with 4
# boxes, takes the first COUNT levels of boxoban-hard-000.xsb, solves both
# files with `sokoban solve --json` and prints, per set: solved count,
# median pushes, median box changes (computed from each solution), median
# solver states and the median floor share (floor squares / board area,
# from `sokoban info --json`).
set -euo pipefail

build="build"
if [[ "${1:-}" == "-b" ]]; then
  build="$2"
  shift 2
fi
count="${1:-100}"
seed="${2:-1}"
shift $(( $# >= 2 ? 2 : $# ))
[[ "${1:-}" == "--" ]] && shift
sokoban="$build/tools/sokoban"
here="$(cd "$(dirname "$0")" && pwd)"
boxoban="${SOKOBAN_SHARED_DIR:-$here/../../shared}/levels/boxoban-hard-000.xsb"
[[ -x "$sokoban" ]] || { echo "boxoban_compare: no $sokoban (build first)" >&2; exit 2; }
[[ -r "$boxoban" ]] || { echo "boxoban_compare: cannot read $boxoban" >&2; exit 2; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start=$(date +%s.%N)
"$sokoban" generate --count "$count" --size 10x10 --boxes 4 --difficulty hard --seed "$seed" \
  -o "$dir/ours.sok"
end=$(date +%s.%N)

for set in ours boxoban; do
  file="$dir/ours.sok"
  [[ $set == boxoban ]] && file="$boxoban"
  "$sokoban" info "$file" --level "1-$count" --json >"$dir/$set.info" || true
  "$sokoban" solve "$file" --level "1-$count" --json "$@" >"$dir/$set.solve" || true
done

python3 - "$dir" "$count" "$start" "$end" <<'PY'
import json, statistics, sys
d, count, start, end = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])

def box_changes(moves):
    # Only one box moves at a time, so positions relative to the player's
    # start are enough: a push is the same box as the last one when it
    # starts where the last pushed box ended.
    step = {"l": (-1, 0), "u": (0, -1), "r": (1, 0), "d": (0, 1)}
    x = y = 0
    last = None
    changes = 0
    for m in moves:
        dx, dy = step[m.lower()]
        if m.isupper():
            src = (x + dx, y + dy)
            if src != last:
                changes += 1
            last = (x + 2 * dx, y + 2 * dy)
        x, y = x + dx, y + dy
    return changes

print(f"generation: {count} hard levels in {end - start:.1f} s "
      f"({count / (end - start):.2f} levels/s, includes process start)")
print(f"{'set':8s} {'solved':>7s} {'pushes':>7s} {'changes':>8s} {'states':>8s} {'floor':>6s}")
for name in ["ours", "boxoban"]:
    info = {}
    for line in open(f"{d}/{name}.info"):
        j = json.loads(line)
        if j.get("floor") is not None:
            info[j["index"]] = j["floor"] / (j["width"] * j["height"])
    pushes, changes, states, floor = [], [], [], []
    for line in open(f"{d}/{name}.solve"):
        j = json.loads(line)
        if j.get("status") != "solved":
            continue
        pushes.append(j["pushes"])
        changes.append(box_changes(j["solution"]))
        states.append(j["states"])
        if j["index"] in info:
            floor.append(info[j["index"]])
    med = lambda v: statistics.median(v) if v else float("nan")
    print(f"{name:8s} {len(pushes):7d} {med(pushes):7.1f} {med(changes):8.1f} "
          f"{med(states):8.1f} {med(floor):6.2f}")
PY
