#!/bin/bash
# Paired, interleaved rounds of several ways to run one command (the NetBench scenario's runs):
# every round runs each arm once, the order rotating from round to round so that no arm always
# runs first or last; /usr/bin/time per run (wall, user, system, peak RSS), the load average beside it.
# Usage (under the lock): arms.sh OUT ROUNDS NAME1 'COMMAND1' NAME2 'COMMAND2' ...
#   each COMMAND is a shell command line; "{dir}" in it becomes the run's own output folder.
set -euo pipefail
O=$1; R=$2; shift 2
NAMES=(); CMDS=()
while [ $# -gt 0 ]; do NAMES+=("$1"); CMDS+=("$2"); shift 2; done
K=${#NAMES[@]}
mkdir -p "$O"
for r in $(seq 1 "$R"); do
  for j in $(seq 0 $((K - 1))); do
    a=$(( (j + r - 1) % K ))
    n=${NAMES[$a]}; d="$O/run-$n-$r"; mkdir -p "$d"
    c=${CMDS[$a]//\{dir\}/$d}
    /usr/bin/time -f "%e %U %S %M" -o "$O/time-$n-$r.txt" bash -c "$c" > "$O/out-$n-$r.txt" 2>&1
    echo "$n $r $(date -u +%T) loadavg $(cut -d' ' -f1 /proc/loadavg) time $(tail -1 "$O/time-$n-$r.txt")" | tee -a "$O/console.txt"
  done
done
