#!/bin/bash
# Solves a level selection in N shards with GNU parallel, on this machine or
# on several (--sshlogin), each shard with its own journal, then merges the
# shards into one SOK file and prints the summary of one unsharded run.
# Running the same command again after a kill resumes every shard from its
# journal.
#
#   scripts/cluster/solve-parallel.sh -n 8 -j 2 -d run1 -o solved.sok \
#       levels.xsb --level 1-200 -- --time-limit 60
#   scripts/cluster/solve-parallel.sh -n 64 -S 16/node1 -S 16/node2 -d /shared/run1 \
#       -o /shared/solved.sok /shared/levels.xsb -- --time-limit 600
#
# Options (before the level files):
#   -n N        shards (default 4)
#   -j J        shards run at once on each machine (default: its core count)
#   -d DIR      journals and per-shard outputs (default ./journals); with -S
#               it must be the same path on every machine (a shared folder)
#   -o OUT.sok  the merged levels with their solutions
#   -S LOGIN    an ssh login for parallel --sshlogin (repeatable; ':' is this
#               machine); sokoban must be on each machine's PATH, or set
#               SOKOBAN to its path there
#   --json      the merged output as JSON lines
# Then the level files and --level/--format, then '--' and solve options.
# Exit code: that of 'sokoban merge' (0 all solved, 1 some level unsolved or
# a shard unfinished, 2 bad usage).
set -euo pipefail
shards=4 jobs="" dir=journals out="" json=()
logins=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) shards="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    -d) dir="$2"; shift 2 ;;
    -o) out="$2"; shift 2 ;;
    -S) logins+=(--sshlogin "$2"); shift 2 ;;
    --json) json=(--json); shift ;;
    *) break ;;
  esac
done
select=() solve=()
while [[ $# -gt 0 ]]; do
  if [[ "$1" == "--" ]]; then shift; solve=("$@"); break; fi
  select+=("$1"); shift
done
if [[ ${#select[@]} -eq 0 ]]; then
  echo "usage: solve-parallel.sh [-n N] [-j J] [-d DIR] [-o OUT.sok] [-S LOGIN]... FILE... [--level SEL] [-- SOLVE_OPTIONS...]" >&2
  exit 2
fi
sokoban="${SOKOBAN:-sokoban}"
mkdir -p "$dir"
jobs_opt=()
[[ -n "$jobs" ]] && jobs_opt=(--jobs "$jobs")
# Each shard: its journal is the part; its own output is kept beside it.
# --halt never: a failed shard does not stop the others; merge reports it.
parallel "${logins[@]}" "${jobs_opt[@]}" --halt never --line-buffer \
  "$(printf '%q ' "$sokoban") solve $(printf '%q ' "${select[@]}" "${solve[@]}") --shard {}/$shards --journal $(printf '%q' "$dir")/shard-{}-of-$shards.jsonl --json > $(printf '%q' "$dir")/shard-{}-of-$shards.out" \
  ::: $(seq 1 "$shards") || true
parts=()
for k in $(seq 1 "$shards"); do parts+=("$dir/shard-$k-of-$shards.jsonl"); done
out_opt=()
[[ -n "$out" ]] && out_opt=(-o "$out")
exec "$sokoban" merge "${select[@]}" "${json[@]}" "${out_opt[@]}" --from "${parts[@]}"
