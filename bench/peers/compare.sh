#!/usr/bin/env bash
# Our solver against Festival and YASS on the same levels at the same limit.
#
# Usage:
#   bench/peers/compare.sh [-b SOKOBAN] [-t SECONDS] [-j N] [-l LEVELS] [-o DIR] [FILE...]
#
#   -b SOKOBAN  our executable (default: $SOKOBAN_BIN, else build/tools/sokoban of this repository)
#   -t SECONDS  time limit per level for every solver (default 20)
#   -j N        levels run at once by every solver (default 2)
#   -l LEVELS   levels of each FILE: N, A-B or a comma list (default all; for short checks)
#   -o DIR      keep the per-level JSON lines there (default: a temporary directory)
#   FILE...     collections (default: xsokoban90, sasquatch4, sasquatch5 and grigr2001
#               from $SOKOBAN_SHARED_DIR/levels, default ../shared/levels beside the repository)
#
# For each FILE it runs, one after the other,
#   sokoban solve FILE --time-limit S --threads N --json
#   bench/peers/run_peer.py festival FILE -t S -j N      (binary: $FESTIVAL_BIN)
#   bench/peers/run_peer.py yass FILE -t S -j N          (binary: $YASS_BIN)
# then prints a table
#   collection  levels  ours  Festival  YASS  any
# ("any": solved by at least one of the three; a peer that is not built shows
# "-"; a total row when there are several collections) and, per collection,
# the levels a peer solves that we do not. Progress (the peers' per-level
# lines) goes to standard error.
# A peer's level counts only when `sokoban verify` replays its solution.
# Exit code: 0, or 2 on bad usage or a run of ours that printed no summary.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sokoban="${SOKOBAN_BIN:-$repo/build/tools/sokoban}"
shared="${SOKOBAN_SHARED_DIR:-$repo/../shared}"
[[ -d "$shared" ]] && shared="$(cd "$shared" && pwd)"
limit=20
threads=2
levels=""
outdir=""

usage() { sed -n '4,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "b:t:j:l:o:h" opt; do
  case "$opt" in
    b) sokoban="$OPTARG" ;;
    t) limit="$OPTARG" ;;
    j) threads="$OPTARG" ;;
    l) levels="$OPTARG" ;;
    o) outdir="$OPTARG" ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  files=("$shared/levels/xsokoban90.xsb" "$shared/levels/sasquatch4.xsb"
         "$shared/levels/sasquatch5.xsb" "$shared/levels/grigr2001.xsb")
fi
[[ -x "$sokoban" ]] || { echo "compare: no $sokoban (build first, or -b / SOKOBAN_BIN)" >&2; exit 2; }
for f in "${files[@]}"; do
  [[ -r "$f" ]] || { echo "compare: cannot read $f" >&2; exit 2; }
done
if [[ -z "$outdir" ]]; then
  outdir=$(mktemp -d)
  trap 'rm -rf "$outdir"' EXIT
fi
mkdir -p "$outdir"
export SOKOBAN_BIN="$(cd "$(dirname "$sokoban")" && pwd)/$(basename "$sokoban")"

sel=()
[[ -n "$levels" ]] && sel=(--level "$levels")
peer_sel=()
[[ -n "$levels" ]] && peer_sel=(-l "$levels")

start=$(date +%s)
for f in "${files[@]}"; do
  name=$(basename "$f" .xsb)
  echo "== $name: ours" >&2
  "$sokoban" solve "$f" "${sel[@]}" --time-limit "$limit" --threads "$threads" --json \
    >"$outdir/ours-$name.jsonl" || true
  grep -q '"summary"' "$outdir/ours-$name.jsonl" ||
    { echo "compare: our solve of $f printed no summary" >&2; exit 2; }
  for peer in festival yass; do
    echo "== $name: $peer" >&2
    "$here/run_peer.py" "$peer" "$f" "${peer_sel[@]}" -t "$limit" -j "$threads" \
      -o "$outdir/$peer-$name.jsonl" >&2
  done
done
end=$(date +%s)

python3 - "$outdir" "$limit" "$((end - start))" "${files[@]}" <<'PY'
import json, os, sys
outdir, limit, wall, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def load(path, solved_word):
    """(set of solved indices, set of all indices, skipped) from a JSON-lines file."""
    solved, seen, skipped = set(), set(), False
    for line in open(path):
        record = json.loads(line)
        if "summary" in record:
            skipped = bool(record["summary"].get("skipped"))
            continue
        seen.add(record["index"])
        if record["status"] == solved_word:
            solved.add(record["index"])
    return solved, seen, skipped

rows, notes, total = [], [], [0, 0, 0, 0, 0]
for f in files:
    name = os.path.basename(f)[:-4] if f.endswith(".xsb") else os.path.basename(f)
    ours, levels, _ = load(f"{outdir}/ours-{name}.jsonl", "solved")
    peers = {p: load(f"{outdir}/{p}-{name}.jsonl", "solved") for p in ("festival", "yass")}
    anyone = set(ours)
    for solved, _, skipped in peers.values():
        anyone |= solved
    cells = [name, str(len(levels)), str(len(ours))]
    for p in ("festival", "yass"):
        solved, _, skipped = peers[p]
        cells.append("-" if skipped else str(len(solved)))
        if not skipped:
            extra = sorted(solved - ours)
            notes.append(f"{name}: {p} solves, we do not: " +
                         (", ".join(map(str, extra)) if extra else "none"))
    cells.append(str(len(anyone)))
    rows.append(cells)
    for i, c in enumerate(cells[1:]):
        total[i] = "-" if c == "-" or total[i] == "-" else total[i] + int(c)
if len(rows) > 1:
    rows.append(["total"] + [str(t) for t in total])

head = ["collection", "levels", "ours", "Festival", "YASS", "any"]
widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
print(f"limit {limit} s a level, wall {wall} s")
for r in [head] + rows:
    print("  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i])
                    for i, c in enumerate(r)))
for n in notes:
    print(n)
PY
