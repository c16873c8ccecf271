#!/bin/bash
# Solves a level selection in N shards, on this machine or with GNU parallel
# on several (--sshlogin), each shard with its own journal, then merges the
# shards into one SOK file and prints the summary of one unsharded run.
# Running the same command again after a kill resumes every shard from its
# journal. On this machine alone (no -S) the shards run as J background jobs
# of this script: GNU parallel is needed for -S only (its start-up alone
# takes about a third of a second, more than a quick batch of shards).
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
#               machine, through GNU parallel); sokoban must be on each
#               machine's PATH, or set SOKOBAN to its path there
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
# Each shard: its journal is the part; its own output is kept beside it.
# A failed shard does not stop the others; merge reports its levels.
if [[ ${#logins[@]} -eq 0 ]]; then
  [[ -n "$jobs" ]] || jobs="$(nproc 2>/dev/null || echo 1)"
  # Interrupted: the shards stop cleanly too (background jobs of a script
  # ignore SIGINT, so they get SIGTERM), keeping what they journaled.
  trap 'kill -TERM $(jobs -p) 2>/dev/null; wait; exit 130' INT TERM
  running=0
  for k in $(seq 1 "$shards"); do
    if ((running >= jobs)); then
      wait -n || true
      running=$((running - 1))
    fi
    "$sokoban" solve "${select[@]}" "${solve[@]}" --shard "$k/$shards" \
      --journal "$dir/shard-$k-of-$shards.jsonl" --json >"$dir/shard-$k-of-$shards.out" &
    running=$((running + 1))
  done
  while ((running > 0)); do
    wait -n || true
    running=$((running - 1))
  done
  trap - INT TERM
else
  jobs_opt=()
  [[ -n "$jobs" ]] && jobs_opt=(--jobs "$jobs")
  # --halt never: a failed shard does not stop the others.
  parallel "${logins[@]}" "${jobs_opt[@]}" --halt never --line-buffer \
    "$(printf '%q ' "$sokoban") solve $(printf '%q ' "${select[@]}" "${solve[@]}") --shard {}/$shards --journal $(printf '%q' "$dir")/shard-{}-of-$shards.jsonl --json > $(printf '%q' "$dir")/shard-{}-of-$shards.out" \
    ::: $(seq 1 "$shards") || true
fi
parts=()
for k in $(seq 1 "$shards"); do parts+=("$dir/shard-$k-of-$shards.jsonl"); done
out_opt=()
[[ -n "$out" ]] && out_opt=(-o "$out")
exec "$sokoban" merge "${select[@]}" "${json[@]}" "${out_opt[@]}" --from "${parts[@]}"
