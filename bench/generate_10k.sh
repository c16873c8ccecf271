#!/usr/bin/env bash
# The generator's correctness at scale: 10,000 levels across all five
# styles (2,000 each, 10x10 with 4 boxes, medium), then every level's
# stored solution replayed by `sokoban verify`, every level solved afresh
# by `sokoban solve` (fast mode, solve's default 10 s limit per level), and
# the boards checked for boxes on goals at the start and for duplicates
# across the whole set (all 8 rotations and reflections, player
# normalized).
#
#   bench/generate_10k.sh [-b BUILD_DIR] [PER_STYLE]
#
# Prints per style the levels made and the generate and solve times, then
# the totals: stored solutions that fail, levels not solved afresh,
# duplicates, boxes on goals at the start, and the whole run's time. Exit 1
# if any count is not zero.
set -euo pipefail
build="build"
if [[ "${1:-}" == "-b" ]]; then
  build="$2"
  shift 2
fi
per="${1:-2000}"
sokoban="$build/tools/sokoban"
[[ -x "$sokoban" ]] || { echo "generate_10k: no $sokoban (build first)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
seed=1
run_start=$(date +%s.%N)
for style in room maze cave rooms templates; do
  start=$(date +%s.%N)
  "$sokoban" generate --count "$per" --style "$style" --seed "$seed" -o "$dir/$style.sok"
  end=$(date +%s.%N)
  "$sokoban" verify "$dir/$style.sok" --json >"$dir/$style.verify" || true
  solve_start=$(date +%s.%N)
  "$sokoban" solve "$dir/$style.sok" --json >"$dir/$style.solve" || true
  solve_end=$(date +%s.%N)
  echo "$style: $per levels generated in $(echo "$end - $start" | bc) s," \
    "solved afresh in $(echo "$solve_end - $solve_start" | bc) s"
  seed=$((seed + 1))
done
run_end=$(date +%s.%N)
python3 - "$dir" "$(echo "$run_end - $run_start" | bc)" <<'PY'
import json, sys, glob
d = sys.argv[1]
unsolved = not_solved = solved_fresh = on_goal = 0
boards = {}
for path in sorted(glob.glob(f"{d}/*.verify")):
    for line in open(path):
        j = json.loads(line)
        if not j.get("solved"):
            unsolved += 1
for path in sorted(glob.glob(f"{d}/*.solve")):
    for line in open(path):
        j = json.loads(line)
        if "summary" in j:
            continue
        if j.get("status") == "solved":
            solved_fresh += 1
        else:
            not_solved += 1
# Boxes on goals and duplicates straight from the packs: a board is the
# lines between a title line and Author:. Duplicates under symmetry are
# found by comparing all 8 images of the trimmed board with the player
# normalized to the smallest square of its area.
def images(rows):
    w = max(len(r) for r in rows)
    g = [list(r.ljust(w)) for r in rows]
    out = []
    for flip in (False, True):
        m = [row[::-1] for row in g] if flip else [row[:] for row in g]
        for _ in range(4):
            m = [list(r) for r in zip(*m[::-1])]
            out.append(m)
    return out
def normalize(m):
    h, w = len(m), len(m[0])
    p = next((y, x) for y in range(h) for x in range(w) if m[y][x] in "@+")
    seen, stack = {p}, [p]
    while stack:
        y, x = stack.pop()
        for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            n = (y + dy, x + dx)
            if 0 <= n[0] < h and 0 <= n[1] < w and n not in seen and m[n[0]][n[1]] in " .":
                seen.add(n)
                stack.append(n)
    y, x = min(seen)
    m = [r[:] for r in m]
    m[p[0]][p[1]] = "." if m[p[0]][p[1]] == "+" else " "
    m[y][x] = "+" if m[y][x] == "." else "@"
    return "\n".join("".join(r) for r in m)
total = 0
for path in sorted(glob.glob(f"{d}/*.sok")):
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("Level ") and i + 1 < len(lines) and lines[i + 1].startswith(("#", " ")):
            rows = []
            i += 1
            while not lines[i].startswith("Author:"):
                rows.append(lines[i])
                i += 1
            total += 1
            on_goal += sum(r.count("*") for r in rows)
            key = min(normalize(m) for m in images(rows))
            boards[key] = boards.get(key, 0) + 1
        i += 1
dups = sum(n - 1 for n in boards.values())
print(f"levels {total}: stored solution fails {unsolved}, solved afresh {solved_fresh}, "
      f"not solved afresh {not_solved}, duplicates {dups}, boxes on goals at start {on_goal}; "
      f"{float(sys.argv[2]):.1f} s in all")
sys.exit(1 if unsolved or not_solved or dups or on_goal or solved_fresh != total else 0)
PY
