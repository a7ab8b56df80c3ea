#!/bin/bash
# Do CPU-bound JVMs in one CPU-limited cgroup (quota 1 core, as hetero-cluster gives a fast node) share it
# evenly, or does the first one started get ahead? Work.java boots Hadoop's configuration and file-system
# classes, then does about 1.5 core-s of sorting. Needs root and cgroup v1's cpu controller (as the embedded
# cluster); writes stagger.txt. Usage: run.sh <class path with hadoop-common and hadoop-mapreduce-client-core>
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CP="${1:?class path}"
G=/sys/fs/cgroup/cpu/pikachu-stagger-$$
OUT="$(mktemp -d)"
mkdir "$G"
trap 'rmdir "$G" 2>/dev/null || true; rm -rf "$OUT"' EXIT
echo 100000 > "$G/cpu.cfs_period_us"
echo 100000 > "$G/cpu.cfs_quota_us"
javac -cp "$CP" -d "$OUT" "$HERE/Work.java"
one() { bash -c "echo \$\$ > $G/cgroup.procs; exec java -Xmx256m -cp '$OUT:$CP' Work $1 2>/dev/null"; }
{
  echo "# one JVM alone"
  one alone
  echo "# four started together"
  for i in 1 2 3 4; do one together-$i & done; wait
  echo "# one first, two more 1.3 s later, three more 0.7 s after those (the fast node's second wave)"
  one FIRST & sleep 1.3; one next-1 & one next-2 & sleep 0.7; for i in 3 4 5; do one next-$i & done; wait
  echo "# the same with two busy processes outside the group"
  (timeout 25 sh -c 'while :; do :; done') & (timeout 25 sh -c 'while :; do :; done') &
  sleep 0.5; one FIRST & sleep 1.3; one next-1 & one next-2 & sleep 0.7; for i in 3 4 5; do one next-$i & done; wait
} | grep -v NativeCodeLoader > "$HERE/stagger.txt"
