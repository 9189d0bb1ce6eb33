#!/usr/bin/env bash
# Integration check of the Slurm path of sharding (docs/sharding.md): starts a private single-node Slurm
# on 127.0.0.1, runs one sweep as a job array of N shards (`sbatch --array=0-(N-1)`, each task
# `marginlab sweep --shard $SLURM_ARRAY_TASK_ID/N`), waits, merges the shards and compares the merge
# byte for byte with the same sweep run in one process. Then it stops everything it started.
#
#   bash tools/sharding/slurm_check.sh [--shards N] [--url LINK] [--cgroup] [-- MARGINLAB_COMMAND...]
#
# Installs nothing: it needs Debian's slurm-wlm and munge (`tools/setup.sh --slurm` installs them) and
# root (slurmd starts jobs as their user). Everything lives in one temporary folder: a fresh munge key and
# socket, a generated slurm.conf (SLURM_CONF points at it, /etc/slurm and /etc/munge are not used), state,
# spool, logs; the daemons listen on free ports next to 16817. Process tracking is proctrack/linuxproc and
# task/none by default (no cgroup needed); --cgroup uses proctrack/cgroup + task/cgroup instead.
# MARGINLAB_COMMAND defaults to build/native/marginlab (e.g. `-- node build/web/marginlab.js`).
# Exit status: 0 the merge equals the single-process rows; 1 a failure (logs are printed); 2 missing
# prerequisites or bad arguments.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

shards=4
url='#v=1&data=ring&n=200&noise=uniform&steps=300&x.learner=perceptron,averaging&x.eta=0,0.2&x.seed=1..3'
cgroup=0
ml=()
while [ $# -gt 0 ]; do
  case $1 in
    --shards) shards=${2:-}; shift 2 ;;
    --url) url=${2:-}; shift 2 ;;
    --cgroup) cgroup=1; shift ;;
    --) shift; ml=("$@"); break ;;
    *) echo "usage: $0 [--shards N] [--url LINK] [--cgroup] [-- MARGINLAB_COMMAND...]" >&2; exit 2 ;;
  esac
done
[ ${#ml[@]} -gt 0 ] || ml=(build/native/marginlab)
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then echo "slurm_check: --shards needs a whole number >= 1" >&2; exit 2; fi
# The job runs in Slurm's working folder: make a relative program path absolute.
for i in "${!ml[@]}"; do [ -e "${ml[$i]}" ] && ml[$i]=$(realpath "${ml[$i]}"); done

missing=()
for tool in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "slurm_check: missing ${missing[*]}: install Debian's slurm-wlm and munge (tools/setup.sh --slurm)" >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then echo "slurm_check: run as root (slurmd starts the jobs as their user)" >&2; exit 2; fi
if ! "${ml[@]}" sweep --help >/dev/null 2>&1; then
  echo "slurm_check: '${ml[*]} sweep --help' failed: build marginlab first" >&2; exit 2
fi

t=$(mktemp -d /tmp/marginlab-slurm.XXXXXX)
mkdir -p "$t/munge" "$t/state" "$t/spool" "$t/log" "$t/rows"
chmod 755 "$t" "$t/munge"  # munged wants its socket's folders searchable by everyone
node=$(hostname -s)
export SLURM_CONF=$t/slurm.conf

# Stops the daemons by the PIDs they wrote (never by name: other Slurms or munges may run here).
teardown() {
  local f pid
  for f in "$t/slurmd.pid" "$t/slurmctld.pid" "$t/munge/munged.pid"; do
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  # --cgroup: slurmd leaves its (empty) per-node cgroup folders behind.
  if [ "$cgroup" = 1 ]; then
    find /sys/fs/cgroup -depth -type d -name "slurm_$node" 2>/dev/null | while read -r dir; do
      find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null
    done
  fi
  rm -rf "$t"
}
trap teardown EXIT
fail() {
  echo "slurm_check: FAIL: $*" >&2
  for f in "$t"/log/*.log "$t"/munge/munged.log "$t"/rows/*.log; do
    [ -s "$f" ] && { echo "--- $f (last 15 lines)" >&2; tail -n 15 "$f" >&2; }
  done
  exit 1
}

# Two free TCP ports from 16817 up (a port answers on /dev/tcp when something listens there).
free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}
ctld_port=$(free_port 16817)
slurmd_port=$(free_port $((ctld_port + 1)))

# --- munge: a fresh key and a private socket ---
mungekey --create --keyfile="$t/munge/munge.key" || fail "mungekey could not create a key"
munged --force --socket="$t/munge/munge.sock" --key-file="$t/munge/munge.key" --log-file="$t/munge/munged.log" \
  --pid-file="$t/munge/munged.pid" --seed-file="$t/munge/munged.seed" || fail "munged did not start"

# --- slurm.conf: one node (this machine as 127.0.0.1), one partition ---
mem_mib=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
if [ "$cgroup" = 1 ]; then
  proctrack=proctrack/cgroup task=task/cgroup
  echo "CgroupPlugin=autodetect" > "$t/cgroup.conf"
else
  proctrack=proctrack/linuxproc task=task/none
fi
cat > "$SLURM_CONF" <<EOF
ClusterName=marginlab-check
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$t/munge/munge.sock
SlurmUser=root
SlurmdUser=root
ProctrackType=$proctrack
TaskPlugin=$task
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem_mib State=UNKNOWN
PartitionName=check Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld || fail "slurmctld did not start"
slurmd || fail "slurmd did not start"
for i in $(seq 1 60); do
  [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ] && break
  [ "$i" = 60 ] && fail "the node did not become idle in 30 s (sinfo: $(sinfo -h 2>&1))"
  sleep 0.5
done
echo "slurm_check: single-node Slurm up ($node on 127.0.0.1:$ctld_port/$slurmd_port, $proctrack, $task)"

# --- the sweep in one process, then as a job array ---
"${ml[@]}" sweep --url "$url" --out "$t/single.jsonl" >/dev/null 2>"$t/log/single.log" || fail "the single-process sweep failed"
# The job script of docs/sharding.md: the link and N come from the environment (sbatch exports it; a
# link's commas would break --export=URL=...).
{
  echo '#!/bin/bash'
  echo '# one shard of the sweep: task $SLURM_ARRAY_TASK_ID of $SHARDS (docs/sharding.md)'
  printf 'exec'; printf ' %q' "${ml[@]}"
  printf ' sweep --url "$URL" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --out %q/"shard_$SLURM_ARRAY_TASK_ID.jsonl"\n' \
    "$t/rows"
} > "$t/sweep.sbatch"
chmod +x "$t/sweep.sbatch"
job=$(URL=$url SHARDS=$shards sbatch --parsable --array=0-$((shards - 1)) --chdir="$t" --output="$t/rows/task_%a.log" "$t/sweep.sbatch") ||
  fail "sbatch refused the job array"
echo "slurm_check: submitted job array $job (tasks 0-$((shards - 1)))"
for i in $(seq 1 600); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  [ "$i" = 600 ] && fail "the job array did not finish in 300 s"
  sleep 0.5
done
states=$(scontrol -o show job "$job" | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' | sed 's/ .*ExitCode=/ /' | sort | uniq -c)
echo "slurm_check: task states: $(echo "$states" | tr -s ' \n' ' ')"
bad=$(scontrol -o show job "$job" | grep -vc 'JobState=COMPLETED .*ExitCode=0:0')
[ "$bad" = 0 ] || fail "$bad array task(s) did not complete with exit code 0"
parts=()
for ((s = 0; s < shards; s++)); do parts+=("$t/rows/shard_$s.jsonl"); done
"${ml[@]}" merge "${parts[@]}" --out "$t/merged.jsonl" >/dev/null 2>"$t/log/merge.log" || fail "merge failed"
cmp "$t/single.jsonl" "$t/merged.jsonl" || fail "the merged shards differ from the single-process rows"
echo "slurm_check: ok: $shards Slurm array tasks merged = one process ($(wc -l < "$t/merged.jsonl") rows, sha256 $(sha256sum < "$t/merged.jsonl" | cut -c1-16))"
