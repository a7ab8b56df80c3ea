#!/bin/bash
# Paired, interleaved A/B of our NetBench-scenario run (netbench-ours, the comparison's command) for two jars:
# ROUNDS rounds, order alternating; /usr/bin/time per run; the run's own "CPU in the simulation" kept.
# Usage: ab-ours.sh SCENARIO_DIR OUT ROUNDS NAME_A JAR_A NAME_B JAR_B   (under the lock)
set -euo pipefail
S=$1; O=$2; R=$3; NA=$4; JA=$5; NB=$6; JB=$7
mkdir -p "$O"
one() {
  local arm=$1 jar=$2 r=$3
  mkdir -p "$O/run-$arm-$r"; cp "$S/netbench.properties" "$O/run-$arm-$r/"
  /usr/bin/time -f "%e %U %S %M" -o "$O/time-$arm-$r.txt" \
    java -jar "$jar" netbench-ours --out "$O/run-$arm-$r" --load 0.6 --duration 2s --seed 1 > "$O/ours-$arm-$r.txt" 2>&1
  echo "$arm $r $(date -u +%T) loadavg $(cut -d' ' -f1 /proc/loadavg) time $(cat "$O/time-$arm-$r.txt") sim $(grep -o '[0-9.]* s CPU in the simulation' "$O/ours-$arm-$r.txt" | cut -d' ' -f1)" | tee -a "$O/console.txt"
}
for r in $(seq 1 "$R"); do
  if [ $((r % 2)) -eq 1 ]; then one "$NA" "$JA" "$r"; one "$NB" "$JB" "$r"; else one "$NB" "$JB" "$r"; one "$NA" "$JA" "$r"; fi
done
