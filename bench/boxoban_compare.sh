#!/usr/bin/env bash
# Our hard 10x10 four-box levels against Boxoban's hard set, both measured
# by our own solver the same way.
#
#   bench/boxoban_compare.sh [-b BUILD_DIR] [COUNT] [SEED] [-- extra solve options]
#
# Generates COUNT (default 100) levels with --difficulty hard at 10x10 with 4
# boxes, takes the first COUNT levels of boxoban-hard-000.xsb, solves both
# files with `sokoban solve --json` and prints, per set: solved count,
# median pushes, median box changes and median solver states (all from the
# fast-mode solve, so both sets are measured alike) and the median floor
# share (floor squares, from `sokoban info --json`, over the 10x10 board:
# generated levels are written trimmed to their floor, Boxoban's are not).
# Extra solve options (e.g. --time-limit 30) go after --; the default is
# solve's own (10 s per level).
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

print(f"generation: {count} hard levels in {end - start:.1f} s "
      f"({count / (end - start):.2f} levels/s, includes process start)")
print(f"{'set':8s} {'solved':>8s} {'pushes':>7s} {'changes':>8s} {'states':>8s} {'floor':>6s} "
      f"{'solve s':>8s}")
for name in ["ours", "boxoban"]:
    info = {}
    for line in open(f"{d}/{name}.info"):
        j = json.loads(line)
        if j.get("floor") is not None:
            info[j["index"]] = j["floor"] / 100
    pushes, changes, states, floor = [], [], [], []
    seconds = float("nan")
    for line in open(f"{d}/{name}.solve"):
        j = json.loads(line)
        if "summary" in j:
            seconds = j["summary"]["seconds"]
        if j.get("status") != "solved":
            continue
        pushes.append(j["pushes"])
        changes.append(j["box_changes"])
        states.append(j["states"])
        if j["index"] in info:
            floor.append(info[j["index"]])
    med = lambda v: statistics.median(v) if v else float("nan")
    print(f"{name:8s} {len(pushes):4d}/{count:<3d} {med(pushes):7.1f} {med(changes):8.1f} "
          f"{med(states):8.1f} {med(floor):6.2f} {seconds:8.1f}")
PY
