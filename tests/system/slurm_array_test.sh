#!/usr/bin/env bash
# A real Slurm run of scripts/cluster/solve-array.sbatch: starts munged,
# slurmctld and slurmd on this machine from a generated configuration in a
# temporary folder, submits the array over the bundled puzzles with every
# task made to stop half-way through a journal line, kills the tasks with
# scancel --signal=KILL (as a preemption would), submits the array again,
# merges the journals and compares the merge with one unsharded run. Stops
# the daemons it started by their process ids. Needs root (slurmd) and the
# packages slurm-wlm and munge.
set -euo pipefail
: "${SOKOBAN_BINARY:?}" "${SOKOBAN_SOURCE_DIR:?}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# Not being root is no missing tool: a skip wherever the suite runs.
[[ $EUID -eq 0 ]] || { echo "skipped: needs root to run slurmd" >&2; exit 77; }
need_tools "apt-get install slurm-wlm munge" munged slurmctld slurmd sbatch squeue scancel sinfo \
  python3

tmp="$(mktemp -d /tmp/sokoban-slurm-XXXXXX)"
chmod 755 "$tmp"
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; for f in "$tmp"/log/*.log; do echo "== $f" >&2; tail -n 20 "$f" >&2; done; exit 1; }

# 1. munge, with a key of our own.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/journals"
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/socket" \
  --log-file="$tmp/log/munged.log" --pid-file="$tmp/munge/munged.pid" \
  --seed-file="$tmp/munge/seed" >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [[ -S "$tmp/munge/socket" ]] && break; sleep 0.1; done
[[ -S "$tmp/munge/socket" ]] || fail "munged did not start"
chmod 755 "$tmp/munge"

# 2. A one-node cluster: this machine as it is (slurmd -C), ports of our own.
host="$(hostname -s)"
port=$((20000 + RANDOM % 20000))
cat >"$tmp/slurm.conf" <<CONF
ClusterName=sokobantest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 $(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //') State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
: >"$tmp/plugstack.conf"
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 150); do
  [[ "$(sinfo -h -o %t 2>/dev/null)" == idle ]] && break
  sleep 0.2
done
[[ "$(sinfo -h -o %t 2>/dev/null)" == idle ]] || fail "the node did not come up"

levels=("$SOKOBAN_SOURCE_DIR/puzzles/microban.xsb" --level 1-60)
options=(--max-expansions 20000 --time-limit 60)
shards=3
export SOKOBAN="$SOKOBAN_BINARY" SOKOBAN_JOURNAL_DIR="$tmp/journals"
wait_job() {
  for _ in $(seq 600); do
    [[ -z "$(squeue -h -j "$1" 2>/dev/null)" ]] && return 0
    sleep 0.2
  done
  fail "job $1 did not end"
}

# 3. The array, each task stopped in the middle of its third journal line,
#    then killed as a preemption kills.
job="$(SOKOBAN_TEST_JOURNAL_PAUSE_AT=3 sbatch --parsable --array=1-$shards --time=5 \
  --output="$tmp/log/task-%a.log" "$SOKOBAN_SOURCE_DIR/scripts/cluster/solve-array.sbatch" \
  "${levels[@]}" "${options[@]}")"
half=0
for _ in $(seq 300); do
  half=0
  for k in $(seq 1 $shards); do
    f="$tmp/journals/shard-$k-of-$shards.jsonl"
    [[ -s "$f" && "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" != '\n' ]] && half=$((half + 1))
  done
  # Two cores: two tasks run at once, the third waits for a free one.
  [[ $half -ge 2 ]] && break
  sleep 0.2
done
[[ $half -ge 2 ]] || fail "the tasks did not reach their third journal line"
# proctrack/pgid: the signal reaches the whole process group of each task.
scancel --signal=KILL --full "$job"
wait_job "$job"

# 4. Submitted again: every task resumes from its journal.
job="$(sbatch --parsable --array=1-$shards --time=5 --output="$tmp/log/task-%a.log" \
  "$SOKOBAN_SOURCE_DIR/scripts/cluster/solve-array.sbatch" "${levels[@]}" "${options[@]}")"
wait_job "$job"
grep -q "last line cut short" "$tmp/journals/"*.out "$tmp/log/"task-*.log 2>/dev/null ||
  grep -rq "last line cut short" "$tmp/log" || fail "no task dropped a half-written line"
for k in $(seq 1 $shards); do
  tail -n 1 "$tmp/journals/shard-$k-of-$shards.out" | grep -q '"not_started":0' ||
    fail "shard $k did not finish"
done

# 5. The merge equals one unsharded run.
parts=()
for k in $(seq 1 $shards); do parts+=("$tmp/journals/shard-$k-of-$shards.jsonl"); done
"$SOKOBAN_BINARY" merge "${levels[@]}" --json -o "$tmp/merged.sok" --from "${parts[@]}" \
  >"$tmp/merged.json" || fail "merge failed"
"$SOKOBAN_BINARY" solve "${levels[@]}" "${options[@]}" --json >"$tmp/whole.json" || true
python3 "$SOKOBAN_SOURCE_DIR/tests/system/compare_results.py" "$tmp/whole.json" \
  "$tmp/merged.json" || fail "the merge differs from the unsharded run"
[[ -s "$tmp/merged.sok" ]] || fail "no merged SOK"
echo "slurm: $shards tasks killed mid-write, resubmitted, merged: equal to one run"
