#!/usr/bin/env bash
# scripts/cluster/solve-parallel.sh over the bundled puzzles: 4 shards, 2 at
# a time on this machine (background jobs of the script), killed (SIGKILL to
# the whole run) while two shards are half-way through a journal line, then
# run again, which resumes every shard and merges; the merge must equal one
# unsharded run. Then the same through GNU parallel's --sshlogin path (':'
# is this machine), from fresh journals.
set -euo pipefail
: "${SOKOBAN_BINARY:?}" "${SOKOBAN_SOURCE_DIR:?}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_tools "apt-get install parallel" parallel python3
tmp="$(mktemp -d /tmp/sokoban-parallel-XXXXXX)"
run_pid=""
# The run and every process under it (parallel puts each job in a process
# group of its own), stopped first so that none can start another.
stop_tree() {
  local pid child
  kill -STOP "$1" 2>/dev/null || return 0
  for child in $(ps -o pid= --ppid "$1"); do stop_tree "$child"; done
  tree+=("$1")
}
kill_run() {
  tree=()
  stop_tree "$run_pid"
  kill -9 "${tree[@]}" 2>/dev/null || true
  wait "$run_pid" 2>/dev/null || true
  run_pid=""
}
cleanup() {
  if [[ -n "$run_pid" ]]; then kill_run; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export SOKOBAN="$SOKOBAN_BINARY"
script="$SOKOBAN_SOURCE_DIR/scripts/cluster/solve-parallel.sh"
levels=("$SOKOBAN_SOURCE_DIR/puzzles/microban.xsb" --level 1-80)
options=(--max-expansions 20000 --time-limit 60)
"$SOKOBAN_BINARY" solve "${levels[@]}" "${options[@]}" --json >"$tmp/whole.json" || true

# 1. Killed in the middle of journal writes.
SOKOBAN_TEST_JOURNAL_PAUSE_AT=4 "$script" -n 4 -j 2 -d "$tmp/run" -o "$tmp/a.sok" --json \
  "${levels[@]}" -- "${options[@]}" >"$tmp/killed.out" 2>"$tmp/killed.err" &
run_pid=$!
half=0
for _ in $(seq 300); do
  half=0
  for f in "$tmp"/run/shard-*.jsonl; do
    [[ -s "$f" && "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" != '\n' ]] && half=$((half + 1))
  done
  [[ $half -ge 2 ]] && break
  sleep 0.1
done
[[ $half -ge 2 ]] || fail "the shards did not reach their fourth journal line"
kill_run  # as a power cut would
[[ ! -e "$tmp/a.sok" ]] || fail "a merge was written by the killed run"

# 2. Run again: resumes, merges, equals one run.
"$script" -n 4 -j 2 -d "$tmp/run" -o "$tmp/a.sok" --json "${levels[@]}" -- "${options[@]}" \
  >"$tmp/merged.json" 2>"$tmp/resumed.err" || fail "the resumed run failed: $(cat "$tmp/resumed.err")"
grep -q "last line cut short" "$tmp/resumed.err" || fail "no half-written line was dropped"
grep -q "levels done already" "$tmp/resumed.err" || fail "no shard resumed"
python3 "$SOKOBAN_SOURCE_DIR/tests/system/compare_results.py" "$tmp/whole.json" "$tmp/merged.json" ||
  fail "the resumed merge differs from one run"
[[ -s "$tmp/a.sok" ]] || fail "no merged SOK"

# 3. Through --sshlogin (':' runs on this machine by parallel's ssh path).
"$script" -n 3 -S 2/: -d "$tmp/ssh" -o "$tmp/b.sok" --json "${levels[@]}" -- "${options[@]}" \
  >"$tmp/ssh.json" 2>"$tmp/ssh.err" || fail "the --sshlogin run failed: $(cat "$tmp/ssh.err")"
python3 "$SOKOBAN_SOURCE_DIR/tests/system/compare_results.py" "$tmp/whole.json" "$tmp/ssh.json" ||
  fail "the --sshlogin merge differs from one run"
cmp -s <(grep -v '^Date: ' "$tmp/a.sok") <(grep -v '^Date: ' "$tmp/b.sok") ||
  fail "the two merged SOK files differ"
echo "GNU parallel: killed, resumed, merged and --sshlogin runs equal one run"
